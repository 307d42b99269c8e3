import { and, eq, inArray, lt } from "drizzle-orm";
import { jobs, type JobState } from "../../drizzle/schema";
import type { JobEnvelope } from "~/jobs/envelope";
import type { Db } from "~/utils/db.server";

export async function insertJob(db: Db, envelope: JobEnvelope, userId: string | null) {
  await db.insert(jobs).values({ id: envelope.id, type: envelope.type, payload: envelope.payload ?? null, userId });
}

export async function getJobState(db: Db, id: string) {
  const [row] = await db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, id)).limit(1);
  return row?.state ?? null;
}

export async function getJob(db: Db, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row ?? null;
}

export async function setJobState(
  db: Db,
  id: string,
  state: JobState,
  { attempts, error }: { attempts?: number; error?: string | null } = {},
) {
  await db
    .update(jobs)
    .set({ state, updatedAt: new Date(), ...(attempts === undefined ? {} : { attempts }), ...(error === undefined ? {} : { lastError: error }) })
    .where(eq(jobs.id, id));
}

/** Marks a job as running, creating its row if it was sent without one (a retry from elsewhere). */
export async function markJobRunning(db: Db, envelope: JobEnvelope, attempts: number) {
  await db
    .insert(jobs)
    .values({ id: envelope.id, type: envelope.type, payload: envelope.payload ?? null, state: "running", attempts })
    .onConflictDoUpdate({ target: jobs.id, set: { state: "running", attempts, updatedAt: new Date() } });
}

/**
 * Records a job that can never run (it arrived malformed, or its type is unknown), keeping what
 * arrived so staff can see it. Upserts because the row may or may not exist.
 */
export async function recordDeadJob(db: Db, job: { id: string; type: string; payload: unknown }, error: string) {
  await db
    .insert(jobs)
    .values({ id: job.id, type: job.type, payload: job.payload ?? null, state: "dead", lastError: error })
    .onConflictDoUpdate({ target: jobs.id, set: { state: "dead", lastError: error, updatedAt: new Date() } });
}

/** Forgets finished jobs older than the cut-off; failed and dead ones stay for staff. */
export async function deleteSucceededJobsBefore(db: Db, cutoff: Date) {
  const result = await db.delete(jobs).where(and(inArray(jobs.state, ["succeeded"]), lt(jobs.updatedAt, cutoff)));
  return result.meta.changes ?? 0;
}

export async function hasJobForUser(db: Db, userId: string, type: string) {
  const [row] = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.userId, userId), eq(jobs.type, type))).limit(1);
  return Boolean(row);
}
