import { and, count, desc, eq, gte, isNull, lt, ne, not, sql } from "drizzle-orm";
import { JOB_STATES, PLANS, REQUEST_STATUSES, requests, requestTemplates, staffCounts, staffSentWeeks } from "../../drizzle/schema";
import type { JobState, PlanName, RequestStatus } from "../../drizzle/schema";
import { batchByName } from "~/utils/batch-by-name.server";
import type { Db } from "~/utils/db.server";
import { DAY_MS } from "~/domain/dates";
import { waitingForReturnAddress, waitingForReturnAddressSql } from "~/models/return-address-wait.server";

/** The median time to confirmation is taken over this many of the latest confirmations. */
const CONFIRMATIONS_SAMPLED = 1_000;
/** Requests waiting long are counted up to this many; the page says "or more" past it. */
const WAITING_LONG_COUNTED = 10_000;

const IN_QUEUE_PREFIX = "requests.inQueue:";

/**
 * The figures of the staff overview, read in one batch from each home's database (decision 0082),
 * in parallel, and added up. Totals come from `staff_counts` and the weeks sent with no staff
 * touch from `staff_sent_weeks`, which triggers keep up to date (decision 0032), so they cost the
 * same with a thousand users or a million; the two figures that depend on the time of day read a
 * bounded window of an index. "Waiting on a channel" still walks every request waiting in the queue
 * (decision 0032 says what that costs). The median days to confirmation is taken over every
 * home's latest confirmations at once, so each home sends them, not its own median.
 */
export async function getStaffOverview(homes: readonly Db[], now = new Date()) {
  const reads = await Promise.all(homes.map((db) => readOverviewOfHome(db, now)));

  const total = new Map<string, number>();
  for (const row of reads.flatMap((read) => read.totals)) total.set(row.key, (total.get(row.key) ?? 0) + row.value);
  const counted = (key: string) => total.get(key) ?? 0;
  const present = <Value extends string>(values: readonly Value[], prefix: string) =>
    values.filter((value) => counted(`${prefix}${value}`) !== 0).map((value) => ({ value, count: counted(`${prefix}${value}`) }));
  const waiting = Math.min(
    WAITING_LONG_COUNTED,
    reads.reduce((sum, read) => sum + (read.waitingLong[0]?.count ?? 0), 0),
  );
  const confirmationsMs = reads.flatMap((read) => valuesOf(read.confirmation[0]?.values));
  const onChannel = reads.flatMap((read) => read.onChannel.filter((home) => home.count > 0));
  const oldestQueuedAt = Math.min(...onChannel.map((home) => home.oldestQueuedAt ?? Infinity));
  // The longest of the homes' own 90th-percentile waits: 90% of all the requests have waited no
  // longer. Exact with one home, a bound with more; the exact figure would need every home's
  // values, and "waiting on a channel" can be hundreds of thousands (decision 0032).
  const ninetiethQueuedAt = Math.min(...onChannel.map((home) => home.ninetiethQueuedAt ?? Infinity));
  return {
    byStatus: [
      ...(counted("requests.status:") !== 0 ? [{ status: null, count: counted("requests.status:") }] : []),
      ...present<RequestStatus>(REQUEST_STATUSES, "requests.status:").map(({ value, count }) => ({ status: value, count })),
    ] as Array<{ status: RequestStatus | null; count: number }>,
    queueByTemplate: summedByKey(reads.flatMap((read) => read.queueByTemplate)),
    waitingLong: waiting,
    waitingLongCapped: waiting >= WAITING_LONG_COUNTED,
    processed: counted("requests.processed"),
    confirmed: counted("requests.confirmed"),
    medianConfirmationMs: median(confirmationsMs),
    users: counted("users"),
    subscribers: [
      ...present<PlanName>(PLANS, "users.subscribers:").map(({ value, count }) => ({ plan: value as PlanName | null, count })),
      ...(counted("users.subscribers:") !== 0 ? [{ plan: null, count: counted("users.subscribers:") }] : []),
    ],
    usedUp: counted("users.usedUp"),
    jobStates: present<JobState>(JOB_STATES, "jobs.state:").map(({ value, count }) => ({ state: value, count })),
    waitingOnChannel: {
      count: onChannel.reduce((sum, home) => sum + home.count, 0),
      oldestAgeMs: Number.isFinite(oldestQueuedAt) ? now.getTime() - oldestQueuedAt : null,
      ninetiethPercentileAgeMs: Number.isFinite(ninetiethQueuedAt) ? now.getTime() - ninetiethQueuedAt : null,
    },
    letterCosts: summedByKey(reads.flatMap((read) => read.letterCosts.map((row) => ({ ...row, key: row.month }))))
      .sort((a, b) => b.month.localeCompare(a.month))
      .map(({ month, letters, costCents }) => ({ month, letters, costCents })),
    sentAlone: summedByKey(reads.flatMap((read) => read.sentAlone.map((row) => ({ ...row, key: row.week }))))
      .sort((a, b) => b.week.localeCompare(a.week))
      .map(({ week, sent, alone }) => ({ week, sent, alone })),
  };
}

/** One home's part of the overview: one batch. */
function readOverviewOfHome(db: Db, now: Date) {
  return batchByName(db, {
    totals: db
      .select({ key: staffCounts.key, value: staffCounts.value })
      .from(staffCounts)
      .where(sql`${staffCounts.value} <> 0`),
    queueByTemplate: db
      .select({
        key: staffCounts.key,
        channels: requestTemplates.channels,
        acceptsAgent: requestTemplates.acceptsAgent,
        consumerFiles: requestTemplates.consumerFiles,
        count: staffCounts.value,
      })
      .from(staffCounts)
      .leftJoin(requestTemplates, sql`${requestTemplates.id} = substr(${staffCounts.key}, ${IN_QUEUE_PREFIX.length + 1})`)
      .where(
        and(gte(staffCounts.key, IN_QUEUE_PREFIX), lt(staffCounts.key, `${IN_QUEUE_PREFIX.slice(0, -1)};`), sql`${staffCounts.value} <> 0`),
      ),
    waitingLong: db.select({ count: count() }).from(
      db
        .select({ one: sql`1`.as("one") })
        .from(requests)
        .where(
          and(
            eq(requests.status, "inQueue"),
            isNull(requests.processedAt),
            lt(requests.queuedAt, new Date(now.getTime() - 2 * DAY_MS)),
            not(waitingForReturnAddress(now)),
          ),
        )
        .limit(WAITING_LONG_COUNTED)
        .as("waiting"),
    ),
    confirmation: latestConfirmationsMs(db),
    onChannel: waitingOnChannel(db, now),
    letterCosts: letterCostByMonth(db, now),
    sentAlone: sentAloneByWeek(db, now),
  });
}

/** Rows of several homes with the same key made one, their numbers added up. */
function summedByKey<Row extends { key: string }>(rows: Row[]): Row[] {
  const byKey = new Map<string, Row>();
  for (const row of rows) {
    const known = byKey.get(row.key);
    if (!known) {
      byKey.set(row.key, { ...row });
      continue;
    }
    for (const [name, value] of Object.entries(row))
      if (typeof value === "number") Object.assign(known, { [name]: (known[name as keyof Row] as number) + value });
  }
  return [...byKey.values()];
}

/** A JSON array of numbers, as json_group_array gives it; none for null. */
function valuesOf(json: string | null | undefined): number[] {
  return json ? (JSON.parse(json) as number[]) : [];
}

/** The median, of an even count the mean of the middle two; null for none. */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor((sorted.length - 1) / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle]! + sorted[middle + 1]!) / 2;
}

/**
 * The times from a request reaching its sender to the user saying the mail stopped, over this
 * home's latest confirmations, as one JSON array: one row, however many homes add theirs. Both walks
 * are on partial covering indexes (migration 0012): the latest confirmed requests, then each one's
 * confirmation in the log. The limit is written into the text: drizzle cannot batch a raw query
 * that binds parameters.
 */
function latestConfirmationsMs(db: Db) {
  return db.all<{ values: string }>(sql`with sample as materialized (
      select (
        select max(l."createdAt") from "request_logs" l
        where l."userId" = r."userId" and l."requestId" = r."id" and l."status" = 'confirm'
      ) - r."processedAt" as ms
      from "requests" r
      where r."status" = 'confirmedByUser' and r."processedAt" is not null
      order by r."updatedAt" desc
      limit ${sql.raw(String(CONFIRMATIONS_SAMPLED))}
    )
    select json_group_array(ms) as "values" from sample where ms is not null`);
}

/**
 * The requests that wait because no one knows yet where to send them (the promise "Our staff look
 * up where to send it: usually within 2 working days", decision 0054): to a sender the catalog did
 * not know, or to a catalog sender none of whose channels works (and that the person does not file
 * themselves), less those still in their days of waiting for the person's return address (decision
 * 0067). How many, the oldest's time in queue, and the age 90% of them are within (nearest
 * rank: the ceil(0.9 n)-th youngest).
 */
function waitingOnChannel(db: Db, now: Date) {
  return db.all<{ count: number; oldestQueuedAt: number | null; ninetiethQueuedAt: number | null }>(sql`with waiting as materialized (
      select r."queuedAt" as "queuedAt" from "requests" r
      left join "request_templates" t on t."id" = r."templateId"
      where r."status" = 'inQueue' and r."processedAt" is null and r."queuedAt" is not null
        and (t."id" is null or (t."consumerFiles" = 0 and not exists (
          select 1 from json_each(t."channels") c where json_extract(c."value", '$.kind') not in (
            select p."kind" from "sender_channel_problems" p where p."templateId" = t."id"))))
        and not ${sql.raw(waitingForReturnAddressSql("r", now))}
    )
    select count(*) as "count", min("queuedAt") as "oldestQueuedAt",
      (select "queuedAt" from waiting order by "queuedAt" desc
        limit 1 offset max(0, ((select count(*) from waiting) * 9 + 9) / 10 - 1)) as "ninetiethQueuedAt"
    from waiting`);
}

/** Months of letters' cost shown: this one and the eleven before. */
const LETTER_COST_MONTHS = 12;

/** What the letters Lob mailed cost, by calendar month (UTC), over the last twelve months, the latest first. */
function letterCostByMonth(db: Db, now: Date) {
  const since = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (LETTER_COST_MONTHS - 1), 1);
  // The bound is written into the text: drizzle cannot batch a raw query that binds parameters.
  return db.all<{ month: string; letters: number; costCents: number }>(sql`select
      strftime('%Y-%m', "createdAt" / 1000, 'unixepoch') as "month", count(*) as "letters", sum("costCents") as "costCents"
    from "mailed_letters" where "createdAt" >= ${sql.raw(String(since))}
    group by "month" order by "month" desc`);
}

/** The weeks the share of requests sent with no staff touch is shown for. */
export const SENT_ALONE_WEEKS = 8;

/**
 * Of the requests sent each week (Monday to Sunday, UTC), how many went with no staff touch
 * (decision 0066): their sending line was written by the system (an automatic email or Lob letter),
 * and no member of staff released them by adding or fixing their sender's channel (the audit's
 * "requests.sentOnNewChannel" lists those). A line written by staff (Send, a print batch, a form
 * filed) is a touch. The weeks' totals are kept by triggers as lines and releases are written
 * (migration 0034, decision 0032): eight rows read by key, whatever the number of users.
 */
function sentAloneByWeek(db: Db, now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  const since = new Date(monday - (SENT_ALONE_WEEKS - 1) * 7 * DAY_MS).toISOString().slice(0, 10);
  return db
    .select({ week: staffSentWeeks.week, sent: staffSentWeeks.sent, alone: staffSentWeeks.alone })
    .from(staffSentWeeks)
    .where(and(gte(staffSentWeeks.week, since), ne(staffSentWeeks.sent, 0)))
    .orderBy(desc(staffSentWeeks.week));
}
