import type { AccountEmail } from "~/domain/account-emails";
import type { JobEnvelope } from "~/domain/job-envelope";
import type { JobPayload, JobType } from "~/jobs/definitions.server";
import { insertJob, insertJobs, markJobsDead } from "~/models/job.server";
import type { AppEnv } from "~/utils/env.server";
import { getDb, type Db } from "~/utils/db.server";
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
    await markRefused(db, [envelope], error);
  }
  return envelope;
}

/** One of the emails a person expects from their account (domain/account-emails), through the email job. */
export function enqueueAccountEmail(env: AppEnv, to: string, { subject, text, tag }: AccountEmail, userId: string) {
  return enqueueJob(env, "email.send", { to, subject, text, tag }, { userId });
}

/** Jobs the queue would not take stay in D1, dead with the reason, for staff to retry. */
function markRefused(db: Db, envelopes: JobEnvelope[], error: unknown) {
  return markJobsDead(
    db,
    envelopes.map((envelope) => envelope.id),
    `could not be queued: ${errorMessage(error)}`,
  );
}

// Queue.sendBatch takes at most 100 messages.
const SEND_BATCH_SIZE = 100;

/**
 * Many jobs of one type at once (staff sending a sender's whole group): their rows in one D1
 * batch, then one queue call per hundred. A chunk the queue refuses is marked dead with the reason,
 * where staff can retry it, like a refused single job.
 */
export async function enqueueJobs<Type extends JobType>(
  env: AppEnv,
  type: Type,
  jobs: { payload: JobPayload<Type>; userId?: string | null }[],
) {
  if (jobs.length === 0) return [];
  const enqueuedAt = new Date().toISOString();
  const envelopes = jobs.map(({ payload, userId = null }) => ({
    envelope: { id: crypto.randomUUID(), type, payload, enqueuedAt } as JobEnvelope,
    userId,
  }));
  await insertJobs(getDb(env.DB), envelopes);
  await sendJobEnvelopes(
    env,
    envelopes.map(({ envelope }) => envelope),
  );
  return envelopes.map(({ envelope }) => envelope);
}

/**
 * Puts jobs whose rows are already in D1 on the queue, a hundred per call. A chunk the queue
 * refuses is marked dead with the reason, where staff can retry it.
 */
export async function sendJobEnvelopes(env: AppEnv, envelopes: JobEnvelope[]) {
  for (let start = 0; start < envelopes.length; start += SEND_BATCH_SIZE) {
    const chunk = envelopes.slice(start, start + SEND_BATCH_SIZE);
    try {
      await env.JOBS.sendBatch(chunk.map((envelope) => ({ body: envelope, contentType: "json" as const })));
    } catch (error) {
      await markRefused(getDb(env.DB), chunk, error);
    }
  }
}
