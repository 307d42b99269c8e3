// The evidence of a user's requests' sendings (request-evidence.ts): the letters Lob mailed, the
// opt-out emails sent, and the history lines that say a request went out or that its sender replied.
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { jobs, mailedLetters, requestLogs, sentEmails } from "../../drizzle/schema";
import type { Db } from "~/utils/db.server";

export const mailedLetterColumns = {
  id: mailedLetters.id,
  requestId: mailedLetters.requestId,
  expectedDeliveryDate: mailedLetters.expectedDeliveryDate,
  trackingState: mailedLetters.trackingState,
  trackingAt: mailedLetters.trackingAt,
  createdAt: mailedLetters.createdAt,
};

export function mailedLettersOfUser(db: Db, userId: string) {
  return db.select(mailedLetterColumns).from(mailedLetters).where(eq(mailedLetters.userId, userId));
}

/** The opt-out emails this user's requests were sent by: the job says to whom, the email record Postmark's id and when. */
export function sentOptOutEmailsOfUser(db: Db, userId: string) {
  return db
    .select({
      requestId: sql<string>`json_extract(${jobs.payload}, '$.requestId')`,
      to: sql<string | null>`json_extract(${jobs.payload}, '$.to')`,
      messageId: sentEmails.messageId,
      at: sql<Date>`coalesce(${sentEmails.updatedAt}, ${jobs.updatedAt})`.mapWith((value: number) => new Date(value)),
    })
    .from(jobs)
    .leftJoin(sentEmails, eq(sentEmails.jobId, jobs.id))
    .where(and(eq(jobs.userId, userId), eq(jobs.type, "optOut.email"), eq(jobs.state, "succeeded")));
}

/** Every history line of this user's requests that says a request went out, or that its sender replied. */
export function sentLinesOfUser(db: Db, userId: string) {
  return db
    .select({
      requestId: requestLogs.requestId,
      creator: requestLogs.creator,
      status: requestLogs.status,
      createdAt: requestLogs.createdAt,
    })
    .from(requestLogs)
    .where(
      and(
        eq(requestLogs.userId, userId),
        or(inArray(requestLogs.status, ["emailed", "mailed", "filed"]), eq(requestLogs.creator, "sender")),
      ),
    );
}
