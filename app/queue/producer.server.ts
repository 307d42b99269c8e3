// The queue's producer: how services, jobs and routes put work on the queue. It sits below them all
// and knows every job type by name only; the handlers are app/jobs/'s, whose registry
// (jobs/definitions.server.ts) lends it the payloads' types, which vanish at build time.
import type { AccountEmail } from "~/domain/account-emails";
import type { JobEnvelope } from "~/domain/job-envelope";
import type { JobPayload } from "~/jobs/definitions.server";
import { insertJob, insertJobs, recordSendFailure } from "~/models/job.server";
import type { AppEnv } from "~/utils/env.server";
import { getDb, type Db } from "~/utils/db.server";
import { errorMessage } from "~/utils/errors";

/** Every job type the consumer knows: the job registry (jobs/definitions.server.ts) has a handler for each, and for no other. */
const JOB_TYPES = [
  "ping",
  "newsletter.subscribe",
  "newsletter.tag",
  "newsletter.notifyNewUser",
  "billing.createCustomer",
  "email.send",
  "optOut.email",
  "optOut.letter",
  "reminder.send",
  "followUp.notice",
  "newsletter.sync",
  "newsletter.changeEmail",
  "account.eraseMailchimp",
  "account.eraseStripe",
  "photo.read",
  "account.erasePhotos",
  "mailbox.read",
  "mailbox.readPiece",
] as const;

export type JobType = (typeof JOB_TYPES)[number];

/** Whether a job of this type has a handler. */
export const isJobType = (type: string): type is JobType => (JOB_TYPES as readonly string[]).includes(type);

/**
 * Puts a job on the queue. The job is written to D1 first; if the queue will not take it, even asked
 * again, the row stays queued with the reason and the sweep sends it later (decision 0038): a job is
 * never lost.
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
    await withSendRetries(() => queueFor(env, type).send(envelope, { contentType: "json" }));
  } catch (error) {
    await markRefused(db, [envelope], error);
  }
  return envelope;
}

/**
 * Jobs that read an image through the text reader (seconds each, one image at a time) have their
 * own queue and consumer (decision 0065): an account email or a letter never waits behind them.
 */
export const READING_JOB_TYPES: readonly JobType[] = ["photo.read", "mailbox.read", "mailbox.readPiece"];

export type JobQueues = Pick<AppEnv, "JOBS" | "READING">;

/** The queue a job of this type goes on. */
export function queueFor(queues: JobQueues, type: string): Queue {
  return isReadingJob(type) ? queues.READING : queues.JOBS;
}

/** Whether a job of this type is read from the reading queue. */
export const isReadingJob = (type: string) => (READING_JOB_TYPES as readonly string[]).includes(type);

/** One of the emails a person expects from their account (domain/account-emails), through the email job. */
export function enqueueAccountEmail(env: AppEnv, to: string, { subject, text, tag }: AccountEmail, userId: string) {
  return enqueueJob(env, "email.send", { to, subject, text, tag }, { userId });
}

/** Jobs the queue would not take stay queued in D1, with the reason, for the sweep to send again. */
function markRefused(db: Db, envelopes: JobEnvelope[], error: unknown) {
  return recordSendFailure(
    db,
    envelopes.map((envelope) => envelope.id),
    `could not be queued: ${errorMessage(error)}`,
  );
}

/**
 * A refused send is tried twice more, after 100 and 300 ms: a queue that is briefly overloaded takes
 * the job a moment later, and a request waits at most 0.4 s longer for it.
 */
const SEND_RETRY_DELAYS_MS = [100, 300];

async function withSendRetries<Result>(send: () => Promise<Result>): Promise<Result> {
  for (const delayMs of SEND_RETRY_DELAYS_MS) {
    try {
      return await send();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
  return send();
}

// Queue.sendBatch takes at most 100 messages.
const SEND_BATCH_SIZE = 100;

/**
 * Many jobs of one type at once (staff sending a sender's whole group): their rows in one D1
 * batch, then one queue call per hundred. A chunk the queue refuses stays queued with the reason,
 * like a refused single job.
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
 * Puts jobs whose rows are already in D1 on their queues, a hundred per call. A chunk the queue
 * refuses, even asked again, stays queued with the reason for the sweep.
 */
export async function sendJobEnvelopes(env: AppEnv, envelopes: JobEnvelope[]) {
  for (const queued of [
    envelopes.filter((envelope) => !isReadingJob(envelope.type)),
    envelopes.filter((envelope) => isReadingJob(envelope.type)),
  ]) {
    for (let start = 0; start < queued.length; start += SEND_BATCH_SIZE) {
      const chunk = queued.slice(start, start + SEND_BATCH_SIZE);
      const queue = queueFor(env, chunk[0]!.type);
      try {
        await withSendRetries(() => queue.sendBatch(chunk.map((envelope) => ({ body: envelope, contentType: "json" as const }))));
      } catch (error) {
        await markRefused(getDb(env.DB), chunk, error);
      }
    }
  }
}
