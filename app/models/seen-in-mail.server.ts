// The pieces seen in a user's mail (mail_arrivals) as the dashboard reads them: only pieces read,
// only this user's, always through an index that starts with the user (a piece's state is read
// with a unary +, so that the planner never walks every user's pieces in mail_arrivals_state_idx).
import { and, desc, eq, sql } from "drizzle-orm";
import { mailArrivals, requests, requestTemplates } from "../../drizzle/schema";
import type { Db } from "~/utils/db.server";

const isRead = sql`+${mailArrivals.state} = 'read'`;
/**
 * The name read off a piece, only when the piece is known to be real (decision 0063): whoever knows
 * the inbound address could otherwise put any words on the dashboard. An unauthenticated piece
 * still counts under its catalog sender, whose name is the catalog's.
 */
const trustedName = sql<string | null>`case when ${mailArrivals.authenticated} then ${mailArrivals.senderName} end`;

/**
 * This user's pieces read, one row per sender (catalog sender or name read), per request they were
 * matched to, resident mail apart: how many, the last day, and how many of a request's came on or
 * after the day it was first queued. Through mail_arrivals_user_idx; the request is found by its
 * primary key, the catalog sender by its own.
 */
export function seenInMailOf(db: Db, userId: string) {
  return db
    .select({
      templateId: mailArrivals.templateId,
      catalogName: requestTemplates.title,
      consumerFiles: sql<boolean>`coalesce(${requestTemplates.consumerFiles}, 0)`.mapWith(Boolean),
      senderName: sql<string | null>`min(${trustedName})`,
      requestId: mailArrivals.requestId,
      residentMail: mailArrivals.residentMail,
      pieces: sql<number>`count(*)`.mapWith(Number),
      lastOn: sql<string>`max(${mailArrivals.arrivedOn})`,
      sinceRequest:
        sql<number>`coalesce(sum(${mailArrivals.arrivedOn} >= strftime('%Y-%m-%d', ${requests.queuedAt} / 1000, 'unixepoch')), 0)`.mapWith(
          Number,
        ),
    })
    .from(mailArrivals)
    .leftJoin(requestTemplates, eq(requestTemplates.id, mailArrivals.templateId))
    .leftJoin(requests, and(eq(requests.userId, mailArrivals.userId), eq(requests.id, mailArrivals.requestId)))
    .where(and(eq(mailArrivals.userId, userId), isRead))
    .groupBy(mailArrivals.residentMail, mailArrivals.templateId, mailArrivals.requestId, sql`lower(trim(${trustedName}))`);
}

/** The pieces of this user's mail matched to one of their requests, the latest first, for its history. */
export function piecesOfRequest(db: Db, userId: string, requestId: string) {
  return db
    .select({ arrivedOn: mailArrivals.arrivedOn, source: mailArrivals.source })
    .from(mailArrivals)
    .where(and(eq(mailArrivals.userId, userId), eq(mailArrivals.requestId, requestId), isRead))
    .orderBy(desc(mailArrivals.arrivedOn));
}
