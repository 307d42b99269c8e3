// Which requests wait for the person to give their sender's return address, and so are not yet
// staff's (decision 0067). SQL text with no bound value, so that raw queries the staff overview
// batches can use it as well as drizzle's.
import { and, eq, isNull, sql } from "drizzle-orm";
import { requests } from "../../drizzle/schema";
import { DAY_MS } from "~/domain/dates";
import { addressKeptAsTypedSql } from "~/models/address-kept-as-typed.server";
import { RETURN_ADDRESS_WAIT_DAYS } from "~/domain/sender-address";
import type { Db } from "~/utils/db.server";

/**
 * Whether the sender of a request (`table` names the requests row, "requests" or an alias) has no
 * channel its requests go by without a person: a name the person typed, or a catalog sender with
 * no email address and no postal address still working (decision 0054), that the person does not
 * file themselves. Those are the requests whose card asks for the return address on the piece.
 * `failing` counts one more kind as not working: the one a request just came back from, before its
 * problem is recorded. Plain text with no bound value, so that the staff overview can batch it in a
 * raw query.
 */
function senderWithoutChannelSql(table: string, failing: "email" | "mail" | null = null) {
  return `(${table}."templateId" is null or exists (select 1 from "request_templates" ra_t
    where ra_t."id" = ${table}."templateId" and coalesce(ra_t."consumerFiles", 0) = 0 and not exists (
      select 1 from json_each(ra_t."channels") ra_c where json_extract(ra_c."value", '$.kind') in ('email', 'mail')
        ${failing ? `and json_extract(ra_c."value", '$.kind') <> '${failing}'` : ""}
        and json_extract(ra_c."value", '$.kind') not in (
          select ra_p."kind" from "sender_channel_problems" ra_p where ra_p."templateId" = ra_t."id"))))`;
}

/**
 * Whether a request's card asks for the return address: its sender has no channel left, its own
 * address (or a recipient's) was not kept as typed, and it is a first request that either never went
 * out (no step of the follow-up ladder, no sending in its history, no email or letter that came
 * back) or came back from the address we had, none given yet (`returnAddressAskedAt`, decision
 * 0070). A request sent before by other means is staff's, who know where it went; one whose letter
 * to an address the person gave came back is staff's too. A request whose own address was kept as
 * typed is staff's: no letter goes from an address no one checked without them (decision 0028), so
 * asking would only make it wait.
 */
export function asksForReturnAddressSql(table: string) {
  const neverWentOut = `(${table}."letterProblem" is null and ${table}."emailProblem" is null
    and not exists (select 1 from "request_logs" ra_l where ra_l."userId" = ${table}."userId" and ra_l."requestId" = ${table}."id"
      and ra_l."status" in ('mailed', 'emailed', 'filed')))`;
  const cameBack = `(${table}."returnAddressAskedAt" is not null and ${table}."senderAddress" is null)`;
  return `(${table}."followUpStep" = 0 and (${neverWentOut} or ${cameBack})
    and not ${addressKeptAsTypedSql(table)}
    and ${senderWithoutChannelSql(table)})`;
}

/**
 * Whether a request waits for the person's return address and not for our staff: its card asks,
 * nothing was given yet, and it was asked less than RETURN_ADDRESS_WAIT_DAYS ago (from when it went
 * into the queue, or came back). Past that it is staff's as before.
 */
export function waitingForReturnAddressSql(table: string, now: Date) {
  const cutoff = now.getTime() - RETURN_ADDRESS_WAIT_DAYS * DAY_MS;
  return `(${table}."senderAddress" is null and coalesce(${table}."returnAddressAskedAt", ${table}."queuedAt") > ${Math.floor(cutoff)}
    and ${asksForReturnAddressSql(table)})`;
}

/** The same for drizzle's queries of requests. */
export const waitingForReturnAddress = (now: Date) => sql.raw(waitingForReturnAddressSql('"requests"', now));

/**
 * Whether a request that just came back from the address we had (its letter returned, its email
 * bounced: `failed` is the kind of channel it showed not to work, null when the address itself was
 * not refused) asks the person for the return address on the piece
 * (decision 0070): a first request in queue, to the address we had rather than one the person gave,
 * its own address not kept as typed, whose sender has no other email or postal address working.
 * Otherwise it goes to staff, as before.
 */
export async function asksAfterComingBack(
  db: Db,
  { userId, requestId }: { userId: string; requestId: string },
  failed: "email" | "mail" | null,
) {
  const [row] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(requests.userId, userId),
        eq(requests.id, requestId),
        eq(requests.status, "inQueue"),
        eq(requests.followUpStep, 0),
        isNull(requests.senderAddress),
        sql.raw(`not ${addressKeptAsTypedSql('"requests"')}`),
        sql.raw(senderWithoutChannelSql('"requests"', failed)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
