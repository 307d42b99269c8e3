// What the progress pages read (decision 0060): one person's requests and the pieces seen in their
// mail, and for staff the whole service's weeks of mail still coming, follow-ups and escalations.
import { and, count, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { requestLogs, requests, senderOutcomes } from "../../drizzle/schema";
import { matchedPerDay, piecesPerDaySince } from "~/domain/mail-tally";
import { digestShowedSender, tallyOfRow, tallyRowOf } from "~/models/mail-tally.server";
import type { Db } from "~/utils/db.server";

/**
 * One user's sent requests with their sender's figures, the pieces matched to each by day, the
 * pieces seen per day since `since` (YYYY-MM-DD, progressReadsFrom), and the last day their mailbox
 * was seen: one batch, the pieces from the user's tally (decision 0084).
 */
export async function progressOfUser(db: Db, userId: string, since: string) {
  const [requestRows, [tallyRow]] = await db.batch([
    db
      .select({
        id: requests.id,
        senderName: requests.senderName,
        status: requests.status,
        processedAt: requests.processedAt,
        stillComingAt: requests.stillComingAt,
        followUpStep: requests.followUpStep,
        requiredDays: requests.requiredDays,
        outcomeCases: senderOutcomes.cases,
        outcomeP90Days: senderOutcomes.p90Days,
        digestShowedSender,
      })
      .from(requests)
      .leftJoin(senderOutcomes, eq(senderOutcomes.templateId, requests.templateId))
      .where(and(eq(requests.userId, userId), inArray(requests.status, ["inQueue", "confirmedByUser"]))),
    tallyRowOf(db, userId),
  ]);
  const tally = tallyOfRow(tallyRow);
  return {
    requests: requestRows,
    matched: matchedPerDay(tally),
    days: piecesPerDaySince(tally, since),
    mailboxSeenOn: tallyRow?.seenOn || null,
  };
}

/** The history lines the staff chart counts, per week. */
export const SERVICE_LINES = {
  stillComing: ["stillComing"],
  followUps: ["secondRequest", "legalRequest"],
  escalated: ["escalated"],
} as const;

/**
 * Every request's history lines of the kinds the staff progress page counts, per day since `since`
 * (epoch milliseconds), in UTC: one statement over the lines written since then.
 */
export function serviceLinesPerDay(db: Db, since: Date) {
  const statuses = Object.values(SERVICE_LINES).flat();
  return db
    .select({
      status: requestLogs.status,
      day: sql<string>`date(${requestLogs.createdAt} / 1000, 'unixepoch')`,
      count: count(),
    })
    .from(requestLogs)
    .where(and(gte(requestLogs.createdAt, since), inArray(requestLogs.status, statuses), ne(requestLogs.creator, "user")))
    .groupBy(requestLogs.status, sql`date(${requestLogs.createdAt} / 1000, 'unixepoch')`);
}
