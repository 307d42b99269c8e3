// Which requests wait for the person to give their sender's return address, and so are not yet
// staff's (decision 0067). SQL text with no bound value, so that raw queries the staff overview
// batches can use it as well as drizzle's.
import { sql } from "drizzle-orm";
import { DAY_MS } from "~/domain/dates";
import { addressKeptAsTypedSql } from "~/models/address-kept-as-typed.server";
import { RETURN_ADDRESS_WAIT_DAYS } from "~/domain/sender-address";

/**
 * Whether the sender of a request (`table` names the requests row, "requests" or an alias) has no
 * channel its requests go by without a person: a name the person typed, or a catalog sender with
 * no email address and no postal address still working (decision 0054), that the person does not
 * file themselves. Those are the requests whose card asks for the return address on the piece.
 * Plain text with no bound value, so that the staff overview can batch it in a raw query.
 */
function senderWithoutChannelSql(table: string) {
  return `(${table}."templateId" is null or exists (select 1 from "request_templates" ra_t
    where ra_t."id" = ${table}."templateId" and coalesce(ra_t."consumerFiles", 0) = 0 and not exists (
      select 1 from json_each(ra_t."channels") ra_c where json_extract(ra_c."value", '$.kind') in ('email', 'mail')
        and json_extract(ra_c."value", '$.kind') not in (
          select ra_p."kind" from "sender_channel_problems" ra_p where ra_p."templateId" = ra_t."id"))))`;
}

/**
 * Whether a request's card asks for the return address: its sender has no channel, and it is a
 * first request that never went out (no step of the follow-up ladder, no sending in its history, no
 * email or letter that came back): a request sent before is staff's, who know where it went. A
 * request whose own address (or a recipient's) was kept as typed is staff's too: no letter goes from
 * an address no one checked without them (decision 0028), so asking would only make it wait.
 */
export function asksForReturnAddressSql(table: string) {
  return `(${table}."followUpStep" = 0 and ${table}."letterProblem" is null and ${table}."emailProblem" is null
    and not ${addressKeptAsTypedSql(table)}
    and not exists (select 1 from "request_logs" ra_l where ra_l."userId" = ${table}."userId" and ra_l."requestId" = ${table}."id"
      and ra_l."status" in ('mailed', 'emailed', 'filed'))
    and ${senderWithoutChannelSql(table)})`;
}

/**
 * Whether a request waits for the person's return address and not for our staff: its card asks,
 * nothing was given yet, and it went into the queue less than RETURN_ADDRESS_WAIT_DAYS ago. Past
 * that it is staff's as before.
 */
export function waitingForReturnAddressSql(table: string, now: Date) {
  const cutoff = now.getTime() - RETURN_ADDRESS_WAIT_DAYS * DAY_MS;
  return `(${table}."senderAddress" is null and ${table}."queuedAt" > ${Math.floor(cutoff)} and ${asksForReturnAddressSql(table)})`;
}

/** The same for drizzle's queries of requests. */
export const waitingForReturnAddress = (now: Date) => sql.raw(waitingForReturnAddressSql('"requests"', now));
