import { and, count, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { jobs, requests, requestTemplates, users } from "../../drizzle/schema";
import type { Db } from "~/utils/db.server";
import { DAY_MS } from "~/domain/dates";

/** The figures of the staff overview, read in one batch. */
export async function getStaffOverview(db: Db, now = new Date()) {
  const [byStatus, queueByTemplate, waitingLong, processed, confirmations, userCount, subscribers, usedUp, jobStates] = await db.batch([
    db.select({ status: requests.status, count: count() }).from(requests).groupBy(requests.status),
    db
      .select({
        channels: requestTemplates.channels,
        acceptsAgent: requestTemplates.acceptsAgent,
        consumerFiles: requestTemplates.consumerFiles,
        count: count(),
      })
      .from(requests)
      .leftJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
      .where(eq(requests.status, "inQueue"))
      .groupBy(requests.templateId),
    db
      .select({ count: count() })
      .from(requests)
      .where(
        and(eq(requests.status, "inQueue"), isNull(requests.processedAt), lt(requests.queuedAt, new Date(now.getTime() - 2 * DAY_MS))),
      ),
    db.select({ count: count() }).from(requests).where(isNotNull(requests.processedAt)),
    // Confirmed requests: when they reached the sender, and when the user said the mail stopped.
    db
      .select({
        processedAt: requests.processedAt,
        // Written out in full: drizzle leaves columns in a select's fields unqualified, and inside
        // the subquery "id" would then be the log's own id.
        confirmedAt: sql<
          number | null
        >`(select max("request_logs"."createdAt") from "request_logs" where "request_logs"."userId" = "requests"."userId" and "request_logs"."requestId" = "requests"."id" and "request_logs"."status" = 'confirm')`,
      })
      .from(requests)
      .where(and(isNotNull(requests.processedAt), eq(requests.status, "confirmedByUser"))),
    db.select({ count: count() }).from(users),
    db.select({ plan: users.plan, count: count() }).from(users).where(isNotNull(users.stripeSubscriptionId)).groupBy(users.plan),
    db
      .select({ count: count() })
      .from(users)
      .where(and(eq(users.numOfFreeRequest, 0), isNull(users.stripeSubscriptionId))),
    db.select({ state: jobs.state, count: count() }).from(jobs).groupBy(jobs.state),
  ]);
  return {
    byStatus,
    queueByTemplate,
    waitingLong: waitingLong[0]?.count ?? 0,
    processed: processed[0]?.count ?? 0,
    confirmations,
    users: userCount[0]?.count ?? 0,
    subscribers,
    usedUp: usedUp[0]?.count ?? 0,
    jobStates,
  };
}
