import type { JobEnvelope } from "~/jobs/envelope";
import type { JobPayload, JobType } from "~/jobs/definitions.server";
import { insertJob, setJobState } from "~/models/job.server";
import type { AppEnv } from "~/utils/env.server";
import { getDb } from "~/utils/db.server";
import { errorMessage } from "~/utils/errors";

/**
 * Puts a job on the queue. The job is written to D1 first, so if the queue cannot take it the
 * row stays, marked dead with the reason, where staff can retry it: a job is never lost.
 */
export async function enqueueJob<Type extends JobType>(
  env: AppEnv,
  type: Type,
  payload: JobPayload<Type>,
  { userId = null }: { userId?: string | null } = {},
): Promise<JobEnvelope> {
  const envelope: JobEnvelope = { id: crypto.randomUUID(), type, payload, enqueuedAt: new Date().toISOString() };
  const db = getDb(env.DB);
  await insertJob(db, envelope, userId);
  try {
    await env.JOBS.send(envelope, { contentType: "json" });
  } catch (error) {
    await setJobState(db, envelope.id, "dead", { error: `could not be queued: ${errorMessage(error)}` });
  }
  return envelope;
}
