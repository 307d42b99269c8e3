import type { JobState } from "../../drizzle/schema";
import { JobEnvelopeSchema, PermanentJobError, retryDelaySeconds } from "~/domain/job-envelope";
import { getJobDefinition, type EndingWrite } from "~/jobs/definitions.server";
import { claimJob, getJob, getJobState, jobStateUpdate, recordDeadJob, type JobStateFields } from "~/models/job.server";
import type { AppEnv } from "~/utils/env.server";
import { getDb, type Db } from "~/utils/db.server";
import { errorMessage, isPermanentVendorError, vendorRetryAfterSeconds } from "~/utils/errors";
import { log } from "~/utils/log.server";

/**
 * Mailchimp allows 10 simultaneous connections and a job makes one vendor call at a time, so no
 * more than 10 jobs of a batch run at once, whatever max_batch_size says. With max_concurrency = 1
 * there is one batch at a time, which makes it 10 in all.
 */
export const JOBS_AT_ONCE = 10;

/**
 * Readings of one batch run at once up to the text reader's instances (wrangler.toml: three
 * containers, each reading one image at a time); with max_concurrency = 1, that many in all.
 */
export const READING_AT_ONCE = 3;

/** Queues may hold back a retry for at most 12 hours. */
const MAX_RETRY_DELAY_SECONDS = 12 * 60 * 60;

/**
 * Runs a batch of jobs. Each message is acked or retried on its own, so one failing job never
 * holds back or repeats the others.
 */
export async function consumeJobs(batch: MessageBatch, env: AppEnv, { atOnce = JOBS_AT_ONCE }: { atOnce?: number } = {}) {
  const db = getDb(env.DB);
  const waiting = [...batch.messages];
  const lane = async () => {
    for (let message = waiting.shift(); message; message = waiting.shift()) await runMessage(message, env, db);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, waiting.length) }, lane));
}

async function runMessage(message: Message, env: AppEnv, db: Db) {
  const parsed = JobEnvelopeSchema.safeParse(message.body);
  if (!parsed.success) {
    // Logged by the queue's message id only: the body may hold anything, an address included.
    log.error(`queue message ${message.id} is not a job envelope; kept as a dead job`);
    await recordDeadJob(db, { id: message.id, type: "malformed", payload: message.body }, "the message is not a job envelope");
    message.ack();
    return;
  }
  const envelope = parsed.data;
  const definition = getJobDefinition(envelope.type);
  if (!definition) {
    await recordDeadJob(db, envelope, `unknown job type "${envelope.type}"`);
    message.ack();
    return;
  }
  const payload = definition.payload.safeParse(envelope.payload);
  if (!payload.success) {
    // A job that already ended keeps its end, whatever arrives again under its id.
    if (!jobHasEnded(await getJobState(db, envelope.id)))
      await recordDeadJob(db, envelope, `invalid payload: ${payload.error.issues.map((issue) => issue.message).join("; ")}`);
    message.ack();
    return;
  }

  // Queues deliver at least once (decision 0023): the claim, one statement, passes over a job that
  // already succeeded, one cancelled with its account, and one held by a run of another message of
  // the same job. Such a message has nothing to do.
  if (!(await claimJob(db, envelope, { attempts: message.attempts, messageSentAt: message.timestamp, now: new Date() }))) {
    message.ack();
    return;
  }
  const atEnd: EndingWrite[] = [];
  const end = (state: JobState, fields: JobStateFields) => db.batch([jobStateUpdate(db, envelope.id, state, fields), ...atEnd]);
  try {
    await definition.handle(payload.data, {
      env,
      jobId: envelope.id,
      attempt: message.attempts,
      writeAtEnd: (write) => atEnd.push(write),
    });
    await end("succeeded", { error: null, payload: definition.keepAfterSuccess?.(payload.data), leaseExpiresAt: null });
    message.ack();
  } catch (error) {
    if (error instanceof PermanentJobError || isPermanentVendorError(error)) {
      await end("dead", { error: errorMessage(error), leaseExpiresAt: null });
      message.ack();
      return;
    }
    // A warning, not an error: the queue tries again, and a job that runs out of tries is kept dead for staff.
    log.warn(`job ${envelope.type} ${envelope.id} failed on attempt ${message.attempts}:`, errorMessage(error));
    const backoff = retryDelaySeconds(message.attempts, env.JOB_RETRY_BASE_SECONDS);
    const delaySeconds = Math.min(MAX_RETRY_DELAY_SECONDS, Math.max(backoff, vendorRetryAfterSeconds(error) ?? 0));
    // The lease of a retrying job is the queue's: it ends when the retry is due (decision 0038).
    await end("retrying", { error: errorMessage(error), leaseExpiresAt: new Date(Date.now() + delaySeconds * 1000) });
    message.retry({ delaySeconds });
  }
}

function jobHasEnded(state: JobState | null) {
  return state === "succeeded" || state === "cancelled";
}

/** Jobs that ran out of retries arrive here; they are kept, marked dead, for staff to retry. */
export async function consumeDeadLetters(batch: MessageBatch, env: AppEnv) {
  const db = getDb(env.DB);
  for (const message of batch.messages) {
    const parsed = JobEnvelopeSchema.safeParse(message.body);
    const job = parsed.success ? parsed.data : { id: message.id, type: "malformed", payload: message.body };
    const lastError = parsed.success ? (await getJob(db, job.id))?.lastError : null;
    await recordDeadJob(db, job, `ran out of retries${lastError ? `; last error: ${lastError}` : ""}`);
    message.ack();
  }
}
