import { and, desc, eq, gt, gte, inArray, isNotNull, lt, max, ne, notInArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { JOB_STATES, jobs, staffCounts, type JobState } from "../../drizzle/schema";
import type { JobEnvelope } from "~/domain/job-envelope";
import { batchByName } from "~/utils/batch-by-name.server";
import { chunkedInserts, type Db } from "~/utils/db.server";
import { DAY_MS } from "~/domain/dates";

export async function insertJob(db: Db, envelope: JobEnvelope, userId: string | null) {
  await db.insert(jobs).values({ id: envelope.id, type: envelope.type, payload: envelope.payload ?? null, userId });
}

/** Rows for many new jobs, in one D1 batch. */
export async function insertJobs(db: Db, jobRows: { envelope: JobEnvelope; userId: string | null }[]) {
  const rows = jobRows.map(({ envelope, userId }) => ({ id: envelope.id, type: envelope.type, payload: envelope.payload ?? null, userId }));
  const [first, ...rest] = chunkedInserts(db, jobs, rows);
  if (first) await db.batch([first, ...rest]);
}

export async function getJobState(db: Db, id: string) {
  const [row] = await db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, id)).limit(1);
  return row?.state ?? null;
}

export async function getJob(db: Db, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row ?? null;
}

export type JobStateFields = { attempts?: number; error?: string | null; payload?: unknown; leaseExpiresAt?: Date | null };

/** The statement that moves a job to `state`, in the batch that ends its run. */
export function jobStateUpdate(db: Db, id: string, state: JobState, { attempts, error, payload, leaseExpiresAt }: JobStateFields = {}) {
  return (
    db
      .update(jobs)
      .set({
        state,
        updatedAt: new Date(),
        ...(attempts === undefined ? {} : { attempts }),
        ...(error === undefined ? {} : { lastError: error }),
        ...(payload === undefined ? {} : { payload }),
        ...(leaseExpiresAt === undefined ? {} : { leaseExpiresAt }),
      })
      // A job cancelled with its account while it ran stays cancelled, its payload erased.
      .where(and(eq(jobs.id, id), ne(jobs.state, "cancelled")))
  );
}

// One bound parameter per id, with room for the others, within D1's 100 per statement.
const ID_CHUNK_SIZE = 90;

function idChunks(ids: string[]) {
  return Array.from({ length: Math.ceil(ids.length / ID_CHUNK_SIZE) }, (_, index) =>
    ids.slice(index * ID_CHUNK_SIZE, (index + 1) * ID_CHUNK_SIZE),
  );
}

/**
 * Jobs the queue would not take, even asked again: they stay queued with the reason, and the sweep
 * sends them again (decision 0038).
 */
export async function recordSendFailure(db: Db, ids: string[], error: string) {
  for (const chunk of idChunks(ids)) {
    await db
      .update(jobs)
      .set({ lastError: error, updatedAt: new Date() })
      .where(and(inArray(jobs.id, chunk), eq(jobs.state, "queued")));
  }
}

/**
 * How long a run holds the job it claimed. A Queues consumer invocation stops within 15 minutes of
 * wall time, so once the lease is over the run that took the job is gone.
 */
const JOB_LEASE_MS = 15 * 60 * 1000;

/** Another run holds the job: it is running and its lease is not over. */
const heldByARun = (now: Date) => and(eq(jobs.state, "running"), isNotNull(jobs.leaseExpiresAt), gt(jobs.leaseExpiresAt, now));

/**
 * Claims a job for one run, creating its row if it was sent without one (a retry from elsewhere):
 * it becomes running, with a lease, and keeps when the message that carried it was sent. Answers
 * false, and the job must not run, when it has succeeded, was cancelled with its account, or another
 * run holds it: queues deliver at least once and the sweep sends jobs again, so two messages of one
 * job may arrive together.
 */
export async function claimJob(db: Db, envelope: JobEnvelope, attempt: JobAttempt): Promise<JobClaim | null> {
  const [claimed] = await claimJobStatement(db, envelope, attempt);
  return claimed ? claimOf(claimed, attempt) : null;
}

/** A job claimed for a run: whether this run is its first, so that no earlier run can have reached a vendor. */
export type JobClaim = { firstRun: boolean };

/**
 * What a claim's row says of the run: its first when the message is on its first attempt and the
 * job never failed, was refused by the queue, or was sent again (by the sweep, or by staff, who
 * leave its last error in place).
 */
export function claimOf(row: { lastError: string | null; resends: number }, { attempts }: Pick<JobAttempt, "attempts">): JobClaim {
  return { firstRun: attempts <= 1 && row.lastError === null && row.resends === 0 };
}

type JobAttempt = { attempts: number; messageSentAt: Date; now: Date };

/** claimJob's statement, for a batch that claims several jobs in one round trip: it returns the job's row when claimed (claimOf reads it). */
export function claimJobStatement(db: Db, envelope: JobEnvelope, { attempts, messageSentAt, now }: JobAttempt) {
  const leaseExpiresAt = new Date(now.getTime() + JOB_LEASE_MS);
  return db
    .insert(jobs)
    .values({
      id: envelope.id,
      type: envelope.type,
      payload: envelope.payload ?? null,
      state: "running",
      attempts,
      leaseExpiresAt,
      messageSentAt,
    })
    .onConflictDoUpdate({
      target: jobs.id,
      set: { state: "running", attempts, leaseExpiresAt, messageSentAt, updatedAt: now },
      setWhere: and(notInArray(jobs.state, ["cancelled", "succeeded"]), sql`not ${heldByARun(now)}`),
    })
    .returning({ id: jobs.id, lastError: jobs.lastError, resends: jobs.resends });
}

/**
 * Records a job that can never run (it arrived malformed, its type is unknown, or it ran out of
 * retries), keeping what arrived so staff can see it. Upserts because the row may or may not exist.
 */
export async function recordDeadJob(db: Db, job: { id: string; type: string; payload: unknown }, error: string) {
  await db
    .insert(jobs)
    .values({ id: job.id, type: job.type, payload: job.payload ?? null, state: "dead", lastError: error })
    .onConflictDoUpdate({
      target: jobs.id,
      set: { state: "dead", lastError: error, leaseExpiresAt: null, updatedAt: new Date() },
      // Nor does a job that succeeded, or that another run holds, become dead by a late message.
      setWhere: and(notInArray(jobs.state, ["cancelled", "succeeded"]), sql`not ${heldByARun(new Date())}`),
    });
}

/** Forgets finished jobs older than the cut-off; failed and dead ones stay for staff. */
export async function deleteSucceededJobsBefore(db: Db, cutoff: Date) {
  // Not meta.changes: D1 counts the writes of the counters' triggers (migration 0010) in it too.
  const deleted = await db
    .delete(jobs)
    .where(and(inArray(jobs.state, ["succeeded"]), lt(jobs.updatedAt, cutoff)))
    .returning({ id: jobs.id });
  return deleted.length;
}

/**
 * What the sweep finds stuck (decision 0038): queued since before `sentBefore`, retrying with its
 * retry due before it, or running with a lease that ended before `now` (a row from before leases
 * counts from its last change).
 */
export type StuckWindow = { now: Date; sentBefore: Date };

function stuck({ now, sentBefore }: StuckWindow) {
  return or(
    and(eq(jobs.state, "queued"), lt(jobs.updatedAt, sentBefore)),
    and(eq(jobs.state, "retrying"), lt(sql`coalesce(${jobs.leaseExpiresAt}, ${jobs.updatedAt})`, sentBefore.getTime())),
    and(eq(jobs.state, "running"), lt(sql`coalesce(${jobs.leaseExpiresAt}, ${jobs.updatedAt} + ${JOB_LEASE_MS})`, now.getTime())),
  );
}

/**
 * How far the queue has read: the latest send time among the messages the consumer took since
 * `since`, or null when it took none. Queues hand out messages about in the order they were sent.
 */
export async function queueReadingPosition(db: Db, since: Date, lane: JobLane): Promise<Date | null> {
  const [row] = await db
    .select({ sentAt: max(jobs.messageSentAt) })
    .from(jobs)
    .where(and(gte(jobs.updatedAt, since), isNotNull(jobs.messageSentAt), inLane(lane)));
  return row?.sentAt ?? null;
}

/**
 * The jobs of one queue, by their types: the reading queue's (`inside`), or the job queue's, every
 * other type. Each queue is read at its own pace, so the sweep judges each against its own.
 */
export type JobLane = { types: readonly string[]; inside: boolean };

const inLane = ({ types, inside }: JobLane) => (inside ? inArray(jobs.type, [...types]) : notInArray(jobs.type, [...types]));

/** Stuck jobs of one queue, the longest unchanged first; the sweep takes at most `limit` a run. */
export function listStuckJobs(db: Db, window: StuckWindow, limit: number, lane: JobLane) {
  return db
    .select({ id: jobs.id, type: jobs.type, payload: jobs.payload, createdAt: jobs.createdAt, resends: jobs.resends })
    .from(jobs)
    .where(and(stuck(window), inLane(lane)))
    .orderBy(jobs.updatedAt)
    .limit(limit);
}

/**
 * Marks stuck jobs queued again, one more resend each, before they are sent: a job the consumer
 * took in the meantime no longer matches and is left as it is. Answers the ids marked.
 */
export async function markJobsSentAgain(db: Db, ids: string[], window: StuckWindow, maxResends: number) {
  const marked: string[] = [];
  for (const chunk of idChunks(ids)) {
    const rows = await db
      .update(jobs)
      .set({ state: "queued", resends: sql`${jobs.resends} + 1`, leaseExpiresAt: null, updatedAt: window.now })
      .where(and(inArray(jobs.id, chunk), lt(jobs.resends, maxResends), stuck(window)))
      .returning({ id: jobs.id });
    marked.push(...rows.map((row) => row.id));
  }
  return marked;
}

/** Stuck jobs the sweep gives up on: dead, with the reason and the last error they had. */
export async function markStuckJobsDead(db: Db, ids: string[], window: StuckWindow, reason: string) {
  let marked = 0;
  for (const chunk of idChunks(ids)) {
    const rows = await db
      .update(jobs)
      .set({
        state: "dead",
        lastError: sql`${reason} || coalesce('; last error: ' || ${jobs.lastError}, '')`,
        leaseExpiresAt: null,
        updatedAt: window.now,
      })
      .where(and(inArray(jobs.id, chunk), stuck(window)))
      .returning({ id: jobs.id });
    marked += rows.length;
  }
  return marked;
}

/**
 * Jobs the queue has not run for a day while they were queued, running or retrying: its longest
 * wait between tries is 12 hours and a run stops within 15 minutes, so such a job was lost on the
 * way (a message dropped, a consumer stopped mid-run). Marked dead with the reason, it is where
 * staff see and retry it. Should its message still arrive, the job runs as any other.
 */
export async function markStrandedJobsDead(db: Db, now: Date) {
  const since = new Date(now.getTime() - STRANDED_AFTER_MS);
  const marked = await db
    .update(jobs)
    .set({
      state: "dead",
      lastError: sql`'the queue has not run it for a day; it may have been lost' || coalesce('; last error: ' || ${jobs.lastError}, '')`,
      updatedAt: now,
    })
    .where(and(inArray(jobs.state, UNFINISHED_STATES), lt(jobs.updatedAt, since)))
    .returning({ id: jobs.id });
  return marked.length;
}

const STRANDED_AFTER_MS = DAY_MS;

/** A job in one of these states has not run to its end yet. */
const UNFINISHED_STATES = ["queued", "running", "retrying"] as const satisfies readonly JobState[];

export async function hasJobForUser(db: Db, userId: string, type: string) {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.type, type)))
    .limit(1);
  return Boolean(row);
}

// Kept by triggers on jobs (decision 0032): a few rows to read, however many jobs there are.
function stateCountRows(db: Db) {
  return db
    .select({ key: staffCounts.key, total: staffCounts.value })
    .from(staffCounts)
    .where(and(gte(staffCounts.key, JOB_STATE_PREFIX), lt(staffCounts.key, "jobs.state;")));
}

/** How many jobs are in each state, every state present (zero when none). */
function countsByState(rows: { key: string; total: number }[]): Record<JobState, number> {
  const counts = Object.fromEntries(JOB_STATES.map((state) => [state, 0])) as Record<JobState, number>;
  for (const row of rows) {
    const state = row.key.slice(JOB_STATE_PREFIX.length) as JobState;
    if (state in counts) counts[state] = row.total;
  }
  return counts;
}

const JOB_STATE_PREFIX = "jobs.state:";

/** What staff see of a job: never its payload, which may hold an email or a name. */
const jobSummaryColumns = {
  id: jobs.id,
  type: jobs.type,
  userId: jobs.userId,
  state: jobs.state,
  attempts: jobs.attempts,
  lastError: jobs.lastError,
  createdAt: jobs.createdAt,
  updatedAt: jobs.updatedAt,
};

export const DEAD_JOBS_SHOWN = 100;
export const RECENT_JOBS_SHOWN = 50;

function listDeadJobs(db: Db, limit = DEAD_JOBS_SHOWN) {
  return db.select(jobSummaryColumns).from(jobs).where(eq(jobs.state, "dead")).orderBy(desc(jobs.updatedAt)).limit(limit);
}

export type RecentJobsFilter = { state?: JobState; type?: string };

/** The jobs that changed last, of any state unless the filter says otherwise. */
export function listRecentJobs(db: Db, filter: RecentJobsFilter = {}, limit = RECENT_JOBS_SHOWN) {
  const conditions: SQL[] = [];
  if (filter.state) conditions.push(eq(jobs.state, filter.state));
  if (filter.type) conditions.push(eq(jobs.type, filter.type));
  return db
    .select(jobSummaryColumns)
    .from(jobs)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(jobs.updatedAt))
    .limit(limit);
}

/**
 * Every job type that has a row, for the filter. One index lookup per type (the next type after
 * the last one found) instead of reading every job to find a handful of distinct values.
 */
function jobTypes(db: Db) {
  return db.all<{ type: string }>(sql`with recursive found(type) as (
      select min("type") from "jobs"
      union all
      select (select min("type") from "jobs" where "type" > found.type) from found where found.type is not null
    )
    select type from found where type is not null`);
}

/**
 * Everything the jobs page shows, in one D1 round trip: the count per state, the dead jobs, the
 * jobs that changed last (as filtered) and the job types for the filter.
 */
export async function getJobsOverview(db: Db, filter: RecentJobsFilter = {}) {
  const read = await batchByName(db, {
    counts: stateCountRows(db),
    dead: listDeadJobs(db),
    recent: listRecentJobs(db, filter),
    types: jobTypes(db),
  });
  return { counts: countsByState(read.counts), dead: read.dead, recent: read.recent, types: read.types.map((row) => row.type) };
}

/** The envelope a job was sent in, rebuilt from its row: same id, so the consumer runs it once. */
export function envelopeOf(job: { id: string; type: string; payload: unknown; createdAt: Date }): JobEnvelope {
  return { id: job.id, type: job.type, payload: job.payload, enqueuedAt: job.createdAt.toISOString() };
}

/**
 * The queued state a resent job goes back to. Only a row still dead changes: if the consumer has
 * already picked the job up, what it wrote is the truth. The last error stays until the job runs.
 */
export function requeueDeadJobs(db: Db, ids: string[]) {
  return db
    .update(jobs)
    .set({ state: "queued", attempts: 0, resends: 0, leaseExpiresAt: null, updatedAt: new Date() })
    .where(and(inArray(jobs.id, ids), eq(jobs.state, "dead")));
}

/** Every dead job, oldest failure first. */
export function listAllDeadJobs(db: Db) {
  return db
    .select({ id: jobs.id, type: jobs.type, payload: jobs.payload, attempts: jobs.attempts, createdAt: jobs.createdAt })
    .from(jobs)
    .where(eq(jobs.state, "dead"))
    .orderBy(jobs.updatedAt);
}

/**
 * An account's jobs once it is deleted (decision 0023): none keeps its payload (an email, a name),
 * and any that has not finished is cancelled, so a message still on the queue never runs.
 */
export function cancelJobsOfUser(db: Db, userId: string, now: Date) {
  return [
    db
      .update(jobs)
      .set({ state: "cancelled", lastError: "the account was deleted", updatedAt: now })
      .where(and(eq(jobs.userId, userId), inArray(jobs.state, [...UNFINISHED_STATES, "dead"]))),
    db.update(jobs).set({ payload: null }).where(eq(jobs.userId, userId)),
  ] as const;
}

/**
 * A new queued job's columns for an INSERT … SELECT that writes jobs from other rows in the same
 * statement: the id, type, payload and user come from the caller, the rest are a new job's.
 */
export function queuedJobColumns(job: { id: SQLWrapper | string; type: string; payload: SQLWrapper; userId: SQLWrapper }) {
  const now = sql<Date>`cast(unixepoch('subsec') * 1000 as integer)`;
  return {
    id: sql<string>`${job.id}`.as("id"),
    type: sql<string>`${job.type}`.as("type"),
    payload: sql<unknown>`${job.payload}`.as("payload"),
    userId: sql<string | null>`${job.userId}`.as("userId"),
    state: sql<"queued">`'queued'`.as("state"),
    attempts: sql<number>`0`.as("attempts"),
    lastError: sql<string | null>`null`.as("lastError"),
    createdAt: now.as("createdAt"),
    updatedAt: sql<Date>`${now}`.as("updatedAt"),
    leaseExpiresAt: sql<Date | null>`null`.as("leaseExpiresAt"),
    messageSentAt: sql<Date | null>`null`.as("messageSentAt"),
    resends: sql<number>`0`.as("resends"),
  };
}
