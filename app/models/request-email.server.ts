// Emails of requests to their senders, and what Postmark's webhooks say of them (decision 0053).
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { postmarkEvents, requestEmails, requests } from "../../drizzle/schema";
import {
  emailChannelProblem,
  emailEventDetail,
  type EmailCameBackNext,
  emailProblemForStaff,
  failsTheAddress,
  outcomeOfEvent,
  putsTheRequestBack,
  outcomesBelow,
  type EmailEvent,
} from "~/domain/email-tracking";
import { flagChannelOfRequest } from "~/models/sender-channels.server";
import { historyLineWhere } from "~/models/request-history.server";
import type { QueueKey } from "~/models/work-queue.server";
import type { Db } from "~/utils/db.server";

/**
 * Records that Postmark took a request's email: its MessageID, the address and the catalog sender
 * it went to, and when. The same message recorded again (a job delivered twice) writes nothing more.
 */
export async function recordRequestEmail(
  db: Db,
  key: QueueKey,
  email: { messageId: string; toAddress: string; templateId: string | null },
  now = new Date(),
) {
  await db
    .insert(requestEmails)
    .values({ ...email, userId: key.userId, requestId: key.requestId, createdAt: now })
    .onConflictDoNothing();
}

/** An email of a request by Postmark's MessageID, with the request's sender, or null for any other email (account emails, reminders). */
export async function requestEmailByMessageId(db: Db, messageId: string) {
  const [row] = await db
    .select({
      messageId: requestEmails.messageId,
      userId: requestEmails.userId,
      requestId: requestEmails.requestId,
      templateId: requestEmails.templateId,
      toAddress: requestEmails.toAddress,
      createdAt: requestEmails.createdAt,
      senderName: requests.senderName,
    })
    .from(requestEmails)
    .innerJoin(requests, and(eq(requests.userId, requestEmails.userId), eq(requests.id, requestEmails.requestId)))
    .where(eq(requestEmails.messageId, messageId))
    .limit(1);
  return row ?? null;
}

export type RequestEmail = NonNullable<Awaited<ReturnType<typeof requestEmailByMessageId>>>;

/**
 * One of Postmark's events, in one batch whose every write depends on the event being new: recorded
 * by its key first (a replay finds it and changes nothing), the email's outcome moved only to one
 * that outranks it (a delivery arriving after a bounce leaves the bounce), a line in the request's
 * history at the time the event happened, and for a hard bounce or a spam complaint the sender's
 * address flagged in the catalog and the request put back with the reason, unless a later email of
 * the request has gone since. An email Postmark stopped trying to deliver (a soft bounce) puts the
 * request back the same way, with no flag on the address. `next` says where a request put back goes:
 * by post instead (the caller queues it), to the person, asked for the return address on a piece of
 * the sender's mail from now (decision 0070), or to staff. A notice changes nothing else. Answers
 * whether the event was new.
 */
export async function applyEmailEvent(
  db: Db,
  email: RequestEmail,
  event: EmailEvent,
  now = new Date(),
  next: EmailCameBackNext = "staff",
): Promise<boolean> {
  // Each write below runs only if this batch recorded the event: a delivery of the same event at
  // the same time finds the row with another mark.
  const mark = now.getTime();
  const recordedNow = sql`exists (select 1 from ${postmarkEvents} where ${postmarkEvents.id} = ${event.key} and ${postmarkEvents.createdAt} = ${mark})`;
  const thisRequest = and(eq(requests.userId, email.userId), eq(requests.id, email.requestId));
  const statements: BatchItem<"sqlite">[] = [
    db
      .insert(postmarkEvents)
      .values({ id: event.key, recordType: event.kind, messageId: event.messageId, createdAt: new Date(mark) })
      .onConflictDoNothing(),
  ];
  const outcome = outcomeOfEvent(event.kind);
  if (outcome) {
    statements.push(
      db
        .update(requestEmails)
        .set({ outcome, outcomeAt: event.occurredAt })
        .where(and(eq(requestEmails.messageId, email.messageId), inArray(requestEmails.outcome, outcomesBelow(outcome)), recordedNow)),
    );
  }
  const detail = emailEventDetail(event.kind, email.senderName, next);
  if (detail) {
    statements.push(
      historyLineWhere(db, and(thisRequest, recordedNow), {
        creator: "system",
        status: `email.${event.kind}`,
        detail,
        at: event.occurredAt,
      }),
    );
  }
  if (putsTheRequestBack(event.kind)) {
    // Written out in full: inside an UPDATE drizzle leaves column names unqualified.
    const noLaterEmail = sql`not exists (select 1 from "request_emails" as "later" where "later"."userId" = ${email.userId}
      and "later"."requestId" = ${email.requestId} and "later"."createdAt" > ${email.createdAt.getTime()})`;
    statements.push(
      db
        .update(requests)
        .set({
          processedAt: null,
          emailProblem: emailProblemForStaff(event, email.toAddress),
          ...(next === "ask" ? { returnAddressAskedAt: now } : {}),
          updatedAt: now,
        })
        .where(and(thisRequest, eq(requests.status, "inQueue"), isNotNull(requests.processedAt), noLaterEmail, recordedNow)),
    );
    if (failsTheAddress(event.kind)) {
      statements.push(flagChannelOfRequest(db, email, "email", emailChannelProblem(event, email.toAddress), recordedNow));
    }
  }
  const [recorded] = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return (recorded as D1Result).meta.changes > 0;
}
