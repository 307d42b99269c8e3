// What each catalog sender really does (sender_outcomes, decision 0060), recomputed once a week by
// the daily cron (decision 0088) from every request's known outcome and the pieces seen in the mailboxes.
import { and, asc, eq, gte, inArray, isNotNull, lte, ne, or, sql } from "drizzle-orm";
import { requests, requestTemplates, senderOutcomes, users } from "../../drizzle/schema";
import { mailClock } from "~/domain/mail-timing";
import { DAY_MS, dayNumber, utcDay } from "~/domain/dates";
import {
  daysToLastPiece,
  figuresFromDays,
  HOUSEHOLD_ADDRESS_CHECKS,
  householdKey,
  learnedStopDays,
  MIN_CASES,
  oldEnoughIfMadeBy,
  outcomeOf,
  senderOutcomeText,
  VERIFY_QUIET_DAYS,
  type SenderOutcome,
} from "~/domain/sender-outcome";
import { digestShowedSender, lastRealPieceOfRequest, mailboxSeenOnOf } from "~/models/mail-tally.server";
import { chunkedInserts, type Db } from "~/utils/db.server";

/** Days between two walks (decision 0088): figures told in weeks, over requests weeks old, move little in a day. */
export const SENDER_OUTCOMES_EVERY_DAYS = 7;

/**
 * Recomputes the senders' figures when the last were computed SENDER_OUTCOMES_EVERY_DAYS or more
 * UTC days before `now`, or none were: the daily cron's task.
 */
export async function recomputeSenderOutcomesWhenDue(db: Db, now: Date) {
  const [last] = await db.select({ at: sql<number | null>`max(${senderOutcomes.computedAt})` }).from(senderOutcomes);
  const lastAt = last?.at ?? null;
  if (lastAt !== null && dayNumber(utcDay(now)) - dayNumber(utcDay(new Date(lastAt))) < SENDER_OUTCOMES_EVERY_DAYS) return;
  await recomputeSenderOutcomes(db, now);
}

/** Requests read per statement: the walk holds one page and a list of days per sender, no more. */
const PAGE_SIZE = 1000;

// The request's columns named with their table: drizzle leaves them bare in a one-table select,
// where inside a subquery over mail_tallies they would name none of its columns.
const requestUserId = sql.raw(`"requests"."userId"`);

/**
 * Rewrites sender_outcomes from the requests of every catalog sender: the cases are the requests
 * whose outcome is known (outcomeOf), stopped those verified stopped, and the days those from the
 * request reaching the sender to the last piece seen of it, over the stopped ones where a piece
 * was seen. The request reached the sender when it was sent (processedAt): a letter's few days in
 * the post are within the week the figures are told in. A request's mail-stops-by date takes the
 * days learned the day before, as every clock does. Reads a page of requests at a time; writes in
 * one batch, so the table is never half written.
 */
export async function recomputeSenderOutcomes(db: Db, now: Date) {
  const learned = new Map((await db.select().from(senderOutcomes)).map((row) => [row.templateId, learnedStopDays(row)]));
  const tallies = new Map<string, { cases: number; stopped: number; days: number[]; households: Set<string> }>();
  let after: { userId: string; id: string } | null = null;
  for (;;) {
    const page: Awaited<ReturnType<typeof senderOutcomesPage>> = await senderOutcomesPage(db, now, after);
    for (const row of page) {
      const templateId = row.templateId!;
      const mailStopsBy = row.processedAt
        ? mailClock(row.processedAt, row.requiredDays, learned.get(templateId) ?? null).mailStopsBy
        : null;
      const outcome = outcomeOf({ ...row, mailStopsBy, mailboxSeenOn: row.mailboxSeenOn || null });
      if (!outcome) continue;
      // One case per household (decision 0064): the first in key order. The page holds only accounts
      // old enough, at an address that tells a household.
      const household = householdKey(row.account);
      if (!household) continue;
      const tally = tallies.get(templateId) ?? { cases: 0, stopped: 0, days: [], households: new Set<string>() };
      tallies.set(templateId, tally);
      if (tally.households.has(household)) continue;
      tally.households.add(household);
      tally.cases += 1;
      if (outcome !== "stopped") continue;
      tally.stopped += 1;
      if (row.processedAt && row.lastPieceOn) tally.days.push(daysToLastPiece(row.processedAt, row.lastPieceOn));
    }
    if (page.length < PAGE_SIZE) break;
    const last = page.at(-1)!;
    after = { userId: last.userId, id: last.id };
  }

  const rows = [...tallies].map(([templateId, { cases, stopped, days }]) => ({
    templateId,
    cases,
    stopped,
    ...figuresFromDays(days.sort((a, b) => a - b)),
    computedAt: now,
  }));
  await db.batch([db.delete(senderOutcomes), ...chunkedInserts(db, senderOutcomes, rows)]);
  return rows.length;
}

/**
 * Whether a request may be verified stopped by its mailbox now (isVerifiedStopped): in the queue,
 * sent, neither marked still coming nor followed up, and its days to act and the quiet weeks after
 * them over by today. Its mail-stops-by date is at least its days to act after it was sent
 * (mailClock), so where this is false no piece and no digest can verify it, and the walk reads
 * none. For a select over requests.
 */
const mayBeVerified = (now: Date) => sql<boolean>`(${requests.status} = 'inQueue' and ${requests.processedAt} is not null
  and ${requests.followUpStep} = 0 and ${requests.stillComingAt} is null
  and ${requests.processedAt} + (${requests.requiredDays} + ${VERIFY_QUIET_DAYS}) * ${DAY_MS} <= ${now.getTime() + DAY_MS})`;

/** The person said it stopped, and nothing of the ladder says otherwise: stopped, and its days count. */
const confirmedStopped = sql<boolean>`(${requests.status} = 'confirmedByUser' and ${requests.followUpStep} = 0 and ${requests.stillComingAt} is null)`;

/**
 * One page of catalog senders' requests that tell an outcome now (outcomeOf), in key order after
 * `after`: not stopped (marked still coming or followed up), stopped by the person's word, or one
 * the mailbox may verify; only from households the figures count (householdKey, oldEnoughIfMadeBy).
 * A request that can tell nothing yet (sent lately, or never) is not read, and the pieces are read
 * only where they can change the outcome or its days.
 */
export function senderOutcomesPage(db: Db, now: Date, after: { userId: string; id: string } | null) {
  const mayVerify = mayBeVerified(now);
  return db
    .select({
      userId: requests.userId,
      id: requests.id,
      templateId: requests.templateId,
      status: requests.status,
      processedAt: requests.processedAt,
      requiredDays: requests.requiredDays,
      stillComingAt: requests.stillComingAt,
      followUpStep: requests.followUpStep,
      lastPieceOn: sql<string | null>`case when ${mayVerify} or ${confirmedStopped} then ${lastRealPieceOfRequest} end`,
      mailboxSeenOn: sql<string>`case when ${mayVerify} then ${mailboxSeenOnOf(requestUserId)} else '' end`,
      digestShowedSender: sql<boolean>`case when ${mayVerify} then ${digestShowedSender} else 0 end`.mapWith(Boolean),
      account: {
        street1: users.street1,
        street2: users.street2,
        zipCode: users.zipCode,
        addressCheck: users.addressCheck,
      },
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId))
    .where(
      and(
        after ? sql`(${requests.userId}, ${requests.id}) > (${after.userId}, ${after.id})` : undefined,
        isNotNull(requests.templateId),
        // The unary plus keeps SQLite off the status index: through it, every page would read and
        // sort all the requests that tell an outcome to return its thousand, and the walk would
        // grow with their square.
        sql`+${requests.status} in ('inQueue', 'confirmedByUser', 'cancelled')`,
        or(ne(requests.followUpStep, 0), isNotNull(requests.stillComingAt), confirmedStopped, mayVerify),
        inArray(users.addressCheck, [...HOUSEHOLD_ADDRESS_CHECKS]),
        lte(users.createdAt, oldEnoughIfMadeBy(now)),
      ),
    )
    .orderBy(asc(requests.userId), asc(requests.id))
    .limit(PAGE_SIZE);
}

/** A sender's figures, or null when none were computed. */
export async function senderOutcomeOf(db: Db, templateId: string): Promise<SenderOutcome | null> {
  const [row] = await db.select(outcomeColumns).from(senderOutcomes).where(eq(senderOutcomes.templateId, templateId));
  return row ?? null;
}

const outcomeColumns = {
  templateId: senderOutcomes.templateId,
  cases: senderOutcomes.cases,
  stopped: senderOutcomes.stopped,
  medianDays: senderOutcomes.medianDays,
  p90Days: senderOutcomes.p90Days,
};

/** The figures of these senders, by template id; senders without figures are absent. */
async function senderOutcomesOf(db: Db, templateIds: string[]): Promise<Map<string, SenderOutcome>> {
  const ids = [...new Set(templateIds)];
  const found = new Map<string, SenderOutcome>();
  // One bound parameter per id, within D1's 100.
  for (let start = 0; start < ids.length; start += 90) {
    const rows = await db
      .select(outcomeColumns)
      .from(senderOutcomes)
      .where(inArray(senderOutcomes.templateId, ids.slice(start, start + 90)));
    for (const row of rows) found.set(row.templateId, row);
  }
  return found;
}

/** Search matches with what each sender really does, in words (senderOutcomeText), or null below the minimum of cases. */
export async function withSenderOutcomes<Match extends { id: string }>(db: Db, matches: Match[]) {
  const outcomes =
    matches.length > 0
      ? await senderOutcomesOf(
          db,
          matches.map((match) => match.id),
        )
      : new Map<string, SenderOutcome>();
  return matches.map((match) => ({ ...match, outcome: senderOutcomeText(outcomes.get(match.id)) }));
}

/** The figures of every sender with enough cases to be shown (MIN_CASES), by template id. */
export async function senderOutcomesShown(db: Db): Promise<Map<string, SenderOutcome>> {
  const rows = await db.select(outcomeColumns).from(senderOutcomes).where(gte(senderOutcomes.cases, MIN_CASES));
  return new Map(rows.map((row) => [row.templateId, row]));
}

/**
 * The senders that stop their mail least, for staff: from MIN_CASES cases, the lowest share
 * stopped first, then the longest 90th percentile of days.
 */
export function slowestSenders(db: Db, limit: number) {
  return db
    .select({ id: senderOutcomes.templateId, ...outcomeColumns, title: requestTemplates.title })
    .from(senderOutcomes)
    .innerJoin(requestTemplates, eq(requestTemplates.id, senderOutcomes.templateId))
    .where(gte(senderOutcomes.cases, MIN_CASES))
    .orderBy(sql`cast(${senderOutcomes.stopped} as real) / ${senderOutcomes.cases}`, sql`${senderOutcomes.p90Days} desc nulls last`)
    .limit(limit);
}
