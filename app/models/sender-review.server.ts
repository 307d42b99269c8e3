// Sender reviews (decision 0091): the follow-up ladder hands a catalog sender's requests to staff as
// one review of that sender, which staff answer once for every request waiting in it.
import { and, asc, desc, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import { jobs, requestLogs, requests, requestTemplates, senderReviews, type SenderReviewAnswer } from "../../drizzle/schema";
import { DAY_MS } from "~/domain/dates";
import { FINDING_HOLDS_DAYS, FOLLOW_UP_HISTORY, FOLLOW_UP_NOTICE_JOB_TYPE } from "~/domain/follow-up";
import { queuedJobColumns } from "~/models/job.server";
import { auditEntryWhere, type StaffActor } from "~/models/audit.server";
import { batchByName } from "~/utils/batch-by-name.server";
import type { Db } from "~/utils/db.server";
import { sqlRandomUuid } from "~/utils/sql-uuid.server";

/** Staff's finding that a sender ignores requests, while it still answers escalations to it. */
export type HeldFinding = { reviewId: string; finding: string };

/** The id of the sender's open review, as SQL, or null when none is open. */
export const openReviewIdOf = (templateId: string) =>
  sql`(select ${senderReviews.id} from ${senderReviews} where ${senderReviews.templateId} = ${templateId} and ${senderReviews.answeredAt} is null)`;

/**
 * Whether the request is one its sender's review speaks for, as SQL: the review still open, or
 * answered with the finding that the sender ignores requests. The person's "still coming" sends
 * nothing for it.
 */
export const inSenderReview = sql<boolean>`exists (select 1 from ${senderReviews} where ${senderReviews.id} = ${requests.senderReviewId}
  and (${senderReviews.answeredAt} is null or ${senderReviews.answer} = 'ignoresRequests'))`.mapWith(Boolean);

/**
 * Opens the sender's review under `reviewId`, only where the escalation just written pointed the
 * request at that id (no review was open): the partial unique index keeps one open per sender.
 */
export function openReviewFor(db: Db, key: { userId: string; requestId: string }, templateId: string, reviewId: string, now: Date) {
  return db
    .insert(senderReviews)
    .select(
      db
        .select({
          id: sql<string>`${reviewId}`.as("id"),
          templateId: sql<string>`${templateId}`.as("templateId"),
          openedAt: sql<number>`${now.getTime()}`.as("openedAt"),
          answeredAt: sql<null>`null`.as("answeredAt"),
          answer: sql<null>`null`.as("answer"),
          answeredBy: sql<null>`null`.as("answeredBy"),
          answerId: sql<null>`null`.as("answerId"),
          finding: sql<null>`null`.as("finding"),
        })
        .from(requests)
        .where(and(eq(requests.userId, key.userId), eq(requests.id, key.requestId), eq(requests.senderReviewId, reviewId))),
    )
    .onConflictDoNothing();
}

/** Staff's latest finding that the sender ignores requests, made within FINDING_HOLDS_DAYS of `now`; null when none. */
export async function heldFindingOf(db: Db, templateId: string, now: Date): Promise<HeldFinding | null> {
  const [row] = await db
    .select({ reviewId: senderReviews.id, finding: senderReviews.finding })
    .from(senderReviews)
    .where(
      and(
        eq(senderReviews.templateId, templateId),
        eq(senderReviews.answer, "ignoresRequests"),
        gt(senderReviews.answeredAt, new Date(now.getTime() - FINDING_HOLDS_DAYS * DAY_MS)),
      ),
    )
    .orderBy(desc(senderReviews.answeredAt))
    .limit(1);
  return row?.finding ? { reviewId: row.reviewId, finding: row.finding } : null;
}

// A request the review still speaks for: escalated, and neither cancelled nor deleted since.
const waitingInReview = (reviewId: SQL | string) =>
  and(
    eq(requests.senderReviewId, reviewId),
    eq(requests.followUpStep, 3),
    sql`${requests.status} in ('inQueue', 'confirmedByUser')`,
    sql`${requests.processedAt} is not null`,
  );

const waitingCount = sql<number>`(select count(*) from ${requests} where ${waitingInReview(sql`${senderReviews.id}`)})`.mapWith(Number);

/** Every open review, oldest first, with its sender's name and how many requests wait in it: the work queue's list. */
export function listOpenSenderReviews(db: Db) {
  return db
    .select({
      id: senderReviews.id,
      templateId: senderReviews.templateId,
      senderName: requestTemplates.title,
      openedAt: senderReviews.openedAt,
      waiting: waitingCount,
    })
    .from(senderReviews)
    .innerJoin(requestTemplates, eq(requestTemplates.id, senderReviews.templateId))
    .where(isNull(senderReviews.answeredAt))
    .orderBy(asc(senderReviews.openedAt));
}

/** The sender's open review with its waiting count, and its latest answered ones: the sender page's section. */
export async function senderReviewsOf(db: Db, templateId: string) {
  const rows = await db
    .select({
      id: senderReviews.id,
      openedAt: senderReviews.openedAt,
      answeredAt: senderReviews.answeredAt,
      answer: senderReviews.answer,
      finding: senderReviews.finding,
      waiting: waitingCount,
    })
    .from(senderReviews)
    .where(eq(senderReviews.templateId, templateId))
    .orderBy(desc(senderReviews.openedAt))
    .limit(6);
  return { open: rows.find((row) => row.answeredAt === null) ?? null, answered: rows.filter((row) => row.answeredAt !== null) };
}

/** The job that emails each person of a review the line its answer wrote for them, at `now`. */
function noticeJobsOfLines(db: Db, reviewId: string, thisAnswer: SQL, now: Date) {
  return db
    .insert(jobs)
    .select(
      db
        .select(
          queuedJobColumns({
            id: sqlRandomUuid,
            type: FOLLOW_UP_NOTICE_JOB_TYPE,
            payload: sql`json_object('userId', ${requestLogs.userId}, 'requestId', ${requestLogs.requestId}, 'lineId', ${requestLogs.id})`,
            userId: requestLogs.userId,
          }),
        )
        .from(requestLogs)
        .innerJoin(requests, and(eq(requests.userId, requestLogs.userId), eq(requests.id, requestLogs.requestId)))
        .where(
          and(waitingInReview(reviewId), eq(requestLogs.status, FOLLOW_UP_HISTORY.reviewed), eq(requestLogs.createdAt, now), thisAnswer),
        ),
    )
    .returning({ id: jobs.id, type: jobs.type, payload: jobs.payload, createdAt: jobs.createdAt });
}

/** The words of the history line each request of a review staff answered "sent again" gets. */
const SENT_AGAIN_DETAIL =
  "Our staff found that the way we reached the sender was wrong and fixed it: your request goes out again the new way";

export type ReviewAnswer = { answer: SenderReviewAnswer; finding: string | null };

/**
 * Answers the sender's open review `reviewId`, once however often it is pressed at once: the review
 * is claimed in the batch's first statement, and what follows writes only for the call that claimed
 * it. "ignoresRequests": each request waiting in it gets the finding as its history line and the
 * email that tells the person. "sentAgain": each goes back in the queue as not sent, for the caller
 * to send the way staff just fixed. Answers how many requests it answered, and the notice jobs to
 * put on the queue; null when the review was no longer open.
 */
export async function answerSenderReview(
  db: Db,
  actor: StaffActor,
  target: { templateId: string; reviewId: string },
  { answer, finding }: ReviewAnswer,
  now: Date,
) {
  const answerId = crypto.randomUUID();
  const thisAnswer = sql`exists (select 1 from ${senderReviews} where ${senderReviews.id} = ${target.reviewId}
    and ${senderReviews.answerId} = ${answerId})`;
  const detail = answer === "ignoresRequests" ? finding : SENT_AGAIN_DETAIL;
  const lines = db.insert(requestLogs).select(
    db
      .select({
        id: sql<string>`${sqlRandomUuid}`.as("id"),
        userId: requests.userId,
        requestId: requests.id,
        creator: sql<string>`'staff'`.as("creator"),
        status: sql<string>`${FOLLOW_UP_HISTORY.reviewed}`.as("status"),
        detail: sql<string | null>`${detail}`.as("detail"),
        createdAt: sql<number>`${now.getTime()}`.as("createdAt"),
      })
      .from(requests)
      .where(and(waitingInReview(target.reviewId), thisAnswer)),
  );
  const written = await batchByName(db, {
    claim: db
      .update(senderReviews)
      .set({ answeredAt: now, answer, answeredBy: actor.id, answerId, finding: answer === "ignoresRequests" ? finding : null })
      .where(and(eq(senderReviews.id, target.reviewId), eq(senderReviews.templateId, target.templateId), isNull(senderReviews.answeredAt)))
      .returning({ id: senderReviews.id }),
    lines,
    // Only a finding is news to tell: a request sent again shows its sending on the card.
    notices: answer === "ignoresRequests" ? noticeJobsOfLines(db, target.reviewId, thisAnswer, now) : undefined,
    // "Sent again": out of the review and back in the queue as not sent, after its line was written.
    sendsAgain:
      answer === "sentAgain"
        ? db
            .update(requests)
            .set({ processedAt: null, updatedAt: now })
            .where(and(waitingInReview(target.reviewId), thisAnswer))
            .returning({ id: requests.id })
        : undefined,
    audit: auditEntryWhere(
      db,
      actor,
      { action: "template.reviewed", targetType: "template", targetId: target.templateId, details: { review: target.reviewId, answer } },
      thisAnswer,
    ),
  });
  if (written.claim.length === 0) return null;
  return { answered: written.notices?.length ?? written.sendsAgain?.length ?? 0, notices: written.notices ?? [] };
}
