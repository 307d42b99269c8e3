// The sender's return address the person gives from a piece of its mail (decision 0067): which
// requests need it, saving it with its letter reserved in one batch, and the address a letter goes
// to when the catalog knows none.
import { and, eq, isNull, not, sql } from "drizzle-orm";
import { jobs, requests, type AddressCheck, type SenderAddressOrigin } from "../../drizzle/schema";
import { asksForReturnAddressSql } from "~/models/return-address-wait.server";
import { addressKeptAsTyped, type QueueKey } from "~/models/work-queue.server";
import type { Db } from "~/utils/db.server";

const asksForReturnAddress = sql.raw(asksForReturnAddressSql('"requests"'));

// An email or a letter job of the request still on its way, each through its own partial index
// (jobs_pending_email_idx, jobs_pending_letter_idx). Written out in full: in a single-table query
// drizzle leaves column names unqualified, and inside the subquery "id" would be the job's own.
const jobOnItsWay = (type: "optOut.email" | "optOut.letter") =>
  sql.raw(`exists (select 1 from "jobs" where "jobs"."type" = '${type}' and "jobs"."state" in ('queued', 'running', 'retrying')
    and json_extract("jobs"."payload", '$.requestId') = +"requests"."id" and "jobs"."userId" = "requests"."userId")`);
const emailOnItsWay = jobOnItsWay("optOut.email");
const letterOnItsWay = jobOnItsWay("optOut.letter");

/** What the page and the service read of one of the person's requests, or null when it is not theirs. */
export async function senderAddressFactsOfRequest(db: Db, { userId, requestId }: QueueKey) {
  const [row] = await db
    .select({
      id: requests.id,
      senderName: requests.senderName,
      templateId: requests.templateId,
      status: requests.status,
      processedAt: requests.processedAt,
      queuedAt: requests.queuedAt,
      followUpStep: requests.followUpStep,
      state: requests.state,
      senderAddress: requests.senderAddress,
      senderAddressAt: requests.senderAddressAt,
      asksReturnAddress: sql<number>`${asksForReturnAddress}`.mapWith(Boolean),
      returnAddressAskedAt: requests.returnAddressAskedAt,
      onItsWay: sql<number>`(${emailOnItsWay} or ${letterOnItsWay})`.mapWith(Boolean),
      readAddress: readReturnAddressOf(),
    })
    .from(requests)
    .where(and(eq(requests.userId, userId), eq(requests.id, requestId)))
    .limit(1);
  return row ?? null;
}

/**
 * The return address a photo or a digest read on a piece of the sender's mail (decision 0054's
 * proposals, still undecided), the most seen first; null for a typed sender or none read.
 */
function readReturnAddressOf() {
  return sql<string | null>`${sql.raw(`(select p."address" from "postal_channel_proposals" p
    where p."templateId" = "requests"."templateId" and p."state" = 'proposed'
    order by p."timesSeen" desc, p."createdAt" asc limit 1)`)}`;
}

/** The columns the dashboard reads with each request (decision 0067). */
export const returnAddressColumns = {
  senderAddress: requests.senderAddress,
  asksReturnAddress: sql<number>`${asksForReturnAddress}`.mapWith(Boolean),
  returnAddressAskedAt: requests.returnAddressAskedAt,
  senderAddressFrom: requests.senderAddressFrom,
  readReturnAddress: readReturnAddressOf(),
};

export type GivenSenderAddress = { line: string; check: AddressCheck; from: SenderAddressOrigin };

/**
 * Saves the return address on a request whose sender has no channel, still in queue, unsent, with
 * nothing on its way, and (when letters go through Lob) reserves its letter job in the same batch:
 * D1 runs a batch as one transaction, so of two gives at once the second finds the first's job and
 * changes nothing, and a give after the letter went finds the request sent. The job is reserved only
 * for a request whose own address was not kept as typed (decision 0028): that one is staff's.
 * Answers whether the address was saved, and the job's row to put on the queue.
 */
export async function saveSenderAddress(
  db: Db,
  key: QueueKey,
  given: GivenSenderAddress,
  { reserveLetter }: { reserveLetter: boolean },
  now = new Date(),
) {
  const thisRequest = and(eq(requests.userId, key.userId), eq(requests.id, key.requestId));
  const stillAsked = and(
    thisRequest,
    eq(requests.status, "inQueue"),
    isNull(requests.processedAt),
    isNull(requests.followUpHold),
    asksForReturnAddress,
    not(emailOnItsWay),
    not(letterOnItsWay),
  );
  const save = db
    .update(requests)
    .set({
      senderAddress: given.line,
      senderAddressCheck: given.check,
      senderAddressFrom: given.from,
      senderAddressAt: now,
      updatedAt: now,
    })
    .where(stillAsked)
    .returning({ id: requests.id });
  if (!reserveLetter) {
    const saved = await save;
    return { saved: saved.length === 1, job: null };
  }
  const jobId = crypto.randomUUID();
  const reserve = db
    .insert(jobs)
    .select(
      db
        // Every column of jobs, in its order, as drizzle's insert from a select wants them.
        .select({
          id: sql<string>`${jobId}`.as("id"),
          type: sql<string>`'optOut.letter'`.as("type"),
          payload: sql<string>`json_object('userId', "requests"."userId", 'requestId', "requests"."id")`.as("payload"),
          userId: requests.userId,
          state: sql<"queued">`'queued'`.as("state"),
          attempts: sql<number>`0`.as("attempts"),
          lastError: sql<null>`null`.as("lastError"),
          createdAt: sql<number>`${now.getTime()}`.as("createdAt"),
          updatedAt: sql<number>`${now.getTime()}`.as("updatedAt"),
          leaseExpiresAt: sql<null>`null`.as("leaseExpiresAt"),
          messageSentAt: sql<null>`null`.as("messageSentAt"),
          resends: sql<number>`0`.as("resends"),
        })
        .from(requests)
        .where(
          and(
            thisRequest,
            eq(requests.senderAddressAt, now),
            eq(requests.status, "inQueue"),
            isNull(requests.processedAt),
            not(letterOnItsWay),
            not(addressKeptAsTyped),
          ),
        ),
    )
    .returning({ id: jobs.id });
  const [saved, reserved] = await db.batch([save, reserve]);
  return {
    saved: saved.length === 1,
    job: reserved.length === 1 ? { id: jobId, payload: { userId: key.userId, requestId: key.requestId } } : null,
  };
}

/** What givenSenderAddressQuery read: the address, trimmed, or null. */
export const givenSenderAddressOf = ([row]: { senderAddress: string | null }[]) => row?.senderAddress?.trim() || null;

/**
 * The return address the person gave for a request still waiting in queue, unsent, whose own
 * address was not kept as typed: where its letter goes when the catalog knows no postal address.
 * For a caller's batch; givenSenderAddressOf reads its rows.
 */
export function givenSenderAddressQuery(db: Db, { userId, requestId }: QueueKey) {
  return db
    .select({ senderAddress: requests.senderAddress })
    .from(requests)
    .where(
      and(
        eq(requests.userId, userId),
        eq(requests.id, requestId),
        eq(requests.status, "inQueue"),
        isNull(requests.processedAt),
        not(addressKeptAsTyped),
      ),
    )
    .limit(1);
}
