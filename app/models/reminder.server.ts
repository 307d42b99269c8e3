import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { jobs, mailedLetters, requestReminders, requests, senderOutcomes, users } from "../../drizzle/schema";
import { DAY_MS } from "~/domain/dates";
import { DAYS_BETWEEN_REMINDERS, FIRST_REMINDER_AFTER_DAYS, SECOND_REMINDER_WINDOW_DAYS, type ReminderRound } from "~/domain/reminders";
import type { EmailSwitch } from "~/domain/email-switches";
import { MIN_CASES } from "~/domain/sender-outcome";
import { digestShowedSender, lastPieceOfRequest, mailboxSeenOnOf } from "~/models/mail-tally.server";
import { queuedJobColumns } from "~/models/job.server";
import type { Db } from "~/utils/db.server";
import { inSenderReview } from "~/models/sender-review.server";

// The job registry (app/jobs/definitions.server.ts) checks that this is the reminder job's type.
export const REMINDER_JOB_TYPE = "reminder.send";

/** A reminder's key: one request, one sending of it (its processedAt), one round. */
export type ReminderKey = { userId: string; requestId: string; processedAt: Date; round: ReminderRound };

/**
 * When the sender got the request, as reachedSenderAt says (app/domain/mail-timing.ts): the letter
 * Lob mailed for this sending once delivered, else the end of the day Lob expects it there (U.S.
 * Eastern), never before it was sent; anything else when it was sent.
 */
const reachedSenderAt = sql<number>`max(${requests.processedAt}, coalesce((
  select case when ${mailedLetters.trackingState} = 'delivered' and ${mailedLetters.trackingAt} is not null
    then ${mailedLetters.trackingAt}
    else cast(strftime('%s', ${mailedLetters.expectedDeliveryDate} || 'T23:59:59-05:00') as integer) * 1000 end
  from ${mailedLetters}
  where ${mailedLetters.userId} = ${requests.userId} and ${mailedLetters.requestId} = ${requests.id}
    and ${mailedLetters.createdAt} >= ${requests.processedAt}
  order by ${mailedLetters.createdAt} desc limit 1), ${requests.processedAt}))`;

/**
 * The days after the request reached the sender by which its mail should have stopped, as
 * mailClock says: the days its sender's mail was seen to take once enough requests showed it
 * (learnedStopDays), else FIRST_REMINDER_AFTER_DAYS; never fewer than the days to act.
 */
const stopAfterDays = sql<number>`max(${requests.requiredDays}, coalesce((select ${senderOutcomes.p90Days} from ${senderOutcomes}
  where ${senderOutcomes.templateId} = ${requests.templateId} and ${senderOutcomes.cases} >= ${MIN_CASES}), ${FIRST_REMINDER_AFTER_DAYS}))`;

/**
 * No second reminder is claimed for this first one's sending: one lookup by the key, placed before
 * the clock so that a request claimed on an earlier day is passed over without it (decision 0086).
 */
const secondNotClaimedYet = sql`not exists (select 1 from ${requestReminders} "claimed" where "claimed"."userId" = ${requestReminders.userId}
    and "claimed"."requestId" = ${requestReminders.requestId} and "claimed"."processedAt" = ${requestReminders.processedAt} and "claimed"."round" = 2)`;

/**
 * Claims every reminder that is due, in two set-based statements (one D1 round trip): the rule of
 * dueReminderRound, applied to all requests at once. The primary key makes a claim happen once,
 * however often or concurrently the cron runs. A claim is stamped with the cron's time, which the
 * second round's two-week gap is measured from.
 */
export async function claimDueReminders(db: Db, now: Date) {
  const nowMs = now.getTime();
  const firstRound = db
    .insert(requestReminders)
    .select(
      db
        .select({
          userId: requests.userId,
          requestId: requests.id,
          processedAt: sql<Date>`${requests.processedAt}`.as("processedAt"),
          round: sql<number>`1`.as("round"),
          jobId: sql<string | null>`null`.as("jobId"),
          createdAt: sql<Date>`${nowMs}`.as("createdAt"),
        })
        .from(requests)
        .innerJoin(users, eq(users.id, requests.userId))
        .where(
          and(
            eq(requests.status, "inQueue"),
            isNotNull(requests.processedAt),
            // The follow-up ladder took it up: the evidence told, nothing is asked.
            eq(requests.followUpStep, 0),
            // No first reminder claimed for this sending: the claim's trigger marks it, so that
            // the walk reads only the sendings still to claim, by their own index (decision 0090).
            sql`${requests.firstReminderFor} is not ${requests.processedAt}`,
            // Mail printed before should have stopped coming: the day the card asks too.
            sql`${reachedSenderAt} + ${stopAfterDays} * ${DAY_MS} <= ${nowMs}`,
            eq(users.reminderEmails, true),
          ),
        ),
    )
    .onConflictDoNothing();

  const secondRound = db
    .insert(requestReminders)
    .select(
      db
        .select({
          userId: requestReminders.userId,
          requestId: requestReminders.requestId,
          processedAt: requestReminders.processedAt,
          round: sql<number>`2`.as("round"),
          jobId: sql<string | null>`null`.as("jobId"),
          createdAt: sql<Date>`${nowMs}`.as("createdAt"),
        })
        .from(requestReminders)
        // Still the same sending, still waiting on an answer.
        .innerJoin(
          requests,
          and(
            eq(requests.userId, requestReminders.userId),
            eq(requests.id, requestReminders.requestId),
            eq(requests.processedAt, requestReminders.processedAt),
          ),
        )
        .innerJoin(users, eq(users.id, requestReminders.userId))
        .where(
          and(
            // One week of first reminders, read by their own partial index (decision 0088): its
            // condition written out, as SQLite matches it, and the status kept off the requests'.
            sql`${requestReminders.round} = 1`,
            lte(requestReminders.createdAt, new Date(nowMs - DAYS_BETWEEN_REMINDERS * DAY_MS)),
            gt(requestReminders.createdAt, new Date(nowMs - (DAYS_BETWEEN_REMINDERS + SECOND_REMINDER_WINDOW_DAYS) * DAY_MS)),
            secondNotClaimedYet,
            sql`${reachedSenderAt} + ${stopAfterDays} * ${DAY_MS} <= ${nowMs}`,
            eq(requests.followUpStep, 0),
            sql`+${requests.status} = 'inQueue'`,
            eq(users.reminderEmails, true),
          ),
        ),
    )
    .onConflictDoNothing();

  await db.batch([firstRound, secondRound]);
}

/** Claimed reminders whose email job does not exist yet, oldest first: a bounded page. */
export function listRemindersWithoutJob(db: Db, limit: number): Promise<ReminderKey[]> {
  return db
    .select({
      userId: requestReminders.userId,
      requestId: requestReminders.requestId,
      processedAt: requestReminders.processedAt,
      round: sql<ReminderRound>`${requestReminders.round}`,
    })
    .from(requestReminders)
    .where(isNull(requestReminders.jobId))
    .orderBy(asc(requestReminders.createdAt))
    .limit(limit);
}

/**
 * Gives each reminder a job, in one D1 batch (a transaction): an UPDATE per reminder sets its new
 * job id only if it still has none, then one INSERT writes a job row for the reminders that carry
 * this call's ids, which are exactly those whose UPDATE applied. Two cron runs on the same
 * reminder can therefore never both create its job. Answers the jobs this call created.
 * `reminders.length` must leave room for one bound parameter per reminder in the INSERT.
 */
export async function createReminderJobs(db: Db, reminders: ReminderKey[]) {
  if (reminders.length === 0) return [];
  const ids = reminders.map(() => crypto.randomUUID());
  const assignments = reminders.map((reminder, index) =>
    db
      .update(requestReminders)
      .set({ jobId: ids[index]! })
      .where(
        and(
          eq(requestReminders.userId, reminder.userId),
          eq(requestReminders.requestId, reminder.requestId),
          eq(requestReminders.processedAt, reminder.processedAt),
          eq(requestReminders.round, reminder.round),
          isNull(requestReminders.jobId),
        ),
      ),
  );
  const jobRows = db
    .insert(jobs)
    .select(
      db
        .select(
          queuedJobColumns({
            id: requestReminders.jobId,
            type: REMINDER_JOB_TYPE,
            payload: sql`json_object('userId', ${requestReminders.userId}, 'requestId', ${requestReminders.requestId}, 'round', ${requestReminders.round}, 'processedAt', ${requestReminders.processedAt})`,
            userId: requestReminders.userId,
          }),
        )
        .from(requestReminders)
        .where(inArray(requestReminders.jobId, ids)),
    )
    .returning({ id: jobs.id, type: jobs.type, payload: jobs.payload, createdAt: jobs.createdAt });
  const [first, ...rest] = assignments;
  const results = await db.batch([first!, ...rest, jobRows]);
  return results.at(-1) as Awaited<typeof jobRows>;
}

/**
 * One of the user's own requests with what a reminder needs of the user: for the email when its
 * job runs, and for the reminder page. Null when either is gone, or the request is someone else's.
 */
export async function getUserReminderRequest(db: Db, userId: string, requestId: string) {
  return reminderRequestOf(await userReminderRequestQuery(db, userId, requestId));
}

/** getUserReminderRequest's statement, for a batch of the caller's (its rows read by reminderRequestOf). */
export function userReminderRequestQuery(db: Db, userId: string, requestId: string) {
  return db
    .select({
      id: requests.id,
      senderName: requests.senderName,
      status: requests.status,
      processedAt: requests.processedAt,
      stillComingAt: requests.stillComingAt,
      followUpStep: requests.followUpStep,
      followUpHold: requests.followUpHold,
      inSenderReview,
      requiredDays: requests.requiredDays,
      email: users.email,
      state: users.state,
      reminderEmails: users.reminderEmails,
      // What tells whether the mail stopped without asking (isVerifiedStopped).
      mailStopsByMs: sql<number | null>`case when ${requests.processedAt} is null then null
        else ${reachedSenderAt} + ${stopAfterDays} * ${DAY_MS} end`,
      lastPieceOn: lastPieceOfRequest,
      mailboxSeenOn: mailboxSeenOnOf(sql`${userId}`),
      digestShowedSender,
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId))
    .where(and(eq(requests.userId, userId), eq(requests.id, requestId)))
    .limit(1);
}

/** The request and its person as the reminder job reads them (userReminderRequestQuery), or null when gone. */
export function reminderRequestOf([row]: Awaited<ReturnType<typeof userReminderRequestQuery>>) {
  if (!row) return null;
  const { mailStopsByMs, mailboxSeenOn, ...request } = row;
  return { ...request, mailStopsBy: mailStopsByMs === null ? null : new Date(mailStopsByMs), mailboxSeenOn: mailboxSeenOn || null };
}

/** The users column each email switch is kept in. */
const SWITCH_FIELDS = { reminders: "reminderEmails", followUps: "followUpEmails" } as const satisfies Record<
  EmailSwitch,
  keyof typeof users.$inferSelect
>;

/** Whether the user gets this kind of email; null when there is no such user. */
export async function getEmailSwitch(db: Db, userId: string, which: EmailSwitch) {
  const [row] = await db.select({ on: users[SWITCH_FIELDS[which]] }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? row.on : null;
}

/** Turns this kind of email on or off for the user; false when there is no such user. */
export async function setEmailSwitch(db: Db, userId: string, which: EmailSwitch, on: boolean) {
  const changed = await db
    .update(users)
    .set({ [SWITCH_FIELDS[which]]: on, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return changed.length > 0;
}
