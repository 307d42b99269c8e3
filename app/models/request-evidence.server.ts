// The evidence of a user's requests' sendings (request-evidence.ts): the letters Lob mailed, the
// opt-out emails sent, and the history lines that say a request went out or that its sender replied.
import { and, eq, inArray, or } from "drizzle-orm";
import { mailedLetters, requestEmails, requestLogs } from "../../drizzle/schema";
import type { Db } from "~/utils/db.server";

export const mailedLetterColumns = {
  id: mailedLetters.id,
  requestId: mailedLetters.requestId,
  expectedDeliveryDate: mailedLetters.expectedDeliveryDate,
  trackingState: mailedLetters.trackingState,
  trackingAt: mailedLetters.trackingAt,
  toAddress: mailedLetters.toAddress,
  createdAt: mailedLetters.createdAt,
};

export function mailedLettersOfUser(db: Db, userId: string) {
  return db.select(mailedLetterColumns).from(mailedLetters).where(eq(mailedLetters.userId, userId));
}

/** The opt-out emails this user's requests were sent by: to whom, Postmark's id, when, and what Postmark reported of it since (decision 0053). */
export const requestEmailColumns = {
  requestId: requestEmails.requestId,
  to: requestEmails.toAddress,
  messageId: requestEmails.messageId,
  at: requestEmails.createdAt,
  outcome: requestEmails.outcome,
  outcomeAt: requestEmails.outcomeAt,
};

export function sentOptOutEmailsOfUser(db: Db, userId: string) {
  return db.select(requestEmailColumns).from(requestEmails).where(eq(requestEmails.userId, userId));
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
