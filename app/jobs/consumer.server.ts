import type { JobState } from "../../drizzle/schema";
import type { z } from "zod";
import { JobEnvelopeSchema, PermanentJobError, retryDelaySeconds, type JobEnvelope } from "~/domain/job-envelope";
import { getJobDefinition, type EndingWrite, type JobContext, type JobDefinition } from "~/jobs/definitions.server";
import {
  claimJob,
  claimJobStatement,
  claimOf,
  getJob,
  getJobState,
  jobStateUpdate,
  recordDeadJob,
  type JobClaim,
  type JobStateFields,
} from "~/models/job.server";
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
 * holds back or repeats the others. Jobs of a type that runs together (handleTogether) run as one
 * group when the batch holds two or more of them; every other job runs alone.
 */
export async function consumeJobs(batch: MessageBatch, env: AppEnv, { atOnce = JOBS_AT_ONCE }: { atOnce?: number } = {}) {
  const db = getDb(env.DB);
  const alone: ReadyJob[] = [];
  const together = new Map<string, ReadyJob[]>();
  for (const message of batch.messages) {
    const job = await readyJobOf(message, db);
    if (!job) continue;
    if (job.definition.handleTogether) together.set(job.envelope.type, [...(together.get(job.envelope.type) ?? []), job]);
    else alone.push(job);
  }
  for (const group of together.values()) {
    if (group.length === 1) alone.push(group[0]!);
    else await runTogether(group, env, db);
  }
  const lane = async () => {
    for (let job = alone.shift(); job; job = alone.shift()) await runAlone(job, env, db);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, alone.length) }, lane));
}

type ReadyJob = {
  message: Message;
  envelope: JobEnvelope;
  definition: JobDefinition<z.ZodType>;
  payload: unknown;
};

/**
 * The message's job, ready to be claimed: null when the message can never run (not an envelope,
 * an unknown type, an invalid payload), which is then kept as a dead job and acked.
 */
async function readyJobOf(message: Message, db: Db): Promise<ReadyJob | null> {
  const parsed = JobEnvelopeSchema.safeParse(message.body);
  if (!parsed.success) {
    // Logged by the queue's message id only: the body may hold anything, an address included.
    log.error(`queue message ${message.id} is not a job envelope; kept as a dead job`);
    await recordDeadJob(db, { id: message.id, type: "malformed", payload: message.body }, "the message is not a job envelope");
    message.ack();
    return null;
  }
  const envelope = parsed.data;
  const definition = getJobDefinition(envelope.type);
  if (!definition) {
    await recordDeadJob(db, envelope, `unknown job type "${envelope.type}"`);
    message.ack();
    return null;
  }
  const payload = definition.payload.safeParse(envelope.payload);
  if (!payload.success) {
    // A job that already ended keeps its end, whatever arrives again under its id.
    if (!jobHasEnded(await getJobState(db, envelope.id)))
      await recordDeadJob(db, envelope, `invalid payload: ${payload.error.issues.map((issue) => issue.message).join("; ")}`);
    message.ack();
    return null;
  }
  return { message, envelope, definition, payload: payload.data };
}

const attemptOf = (message: Message) => ({ attempts: message.attempts, messageSentAt: message.timestamp, now: new Date() });

/** A run's context, with the writes it leaves to the batch that ends it. */
function runContext(job: ReadyJob, env: AppEnv, claim: JobClaim) {
  const atEnd: EndingWrite[] = [];
  const context: JobContext = {
    env,
    jobId: job.envelope.id,
    attempt: job.message.attempts,
    firstRun: claim.firstRun,
    writeAtEnd: (write) => atEnd.push(write),
  };
  return { context, atEnd };
}

async function runAlone(job: ReadyJob, env: AppEnv, db: Db) {
  // Queues deliver at least once (decision 0023): the claim, one statement, passes over a job that
  // already succeeded, one cancelled with its account, and one held by a run of another message of
  // the same job. Such a message has nothing to do.
  const claim = await claimJob(db, job.envelope, attemptOf(job.message));
  if (!claim) {
    job.message.ack();
    return;
  }
  const { context, atEnd } = runContext(job, env, claim);
  let failure: unknown = null;
  try {
    await job.definition.handle(job.payload, context);
  } catch (error) {
    failure = error;
  }
  const end = endOf(job, failure, env);
  await db.batch([jobStateUpdate(db, job.envelope.id, end.state, end.fields), ...atEnd]);
  end.settle();
}

/**
 * Jobs of one type run as a group (decision 0088): claimed in one batch, handled together, ended in
 * one batch. Each is claimed, ended, acked or retried as it would be alone.
 */
async function runTogether(group: ReadyJob[], env: AppEnv, db: Db) {
  const [first, ...rest] = group.map((job) => claimJobStatement(db, job.envelope, attemptOf(job.message)));
  const claims = await db.batch([first!, ...rest]);
  const claimed = group.flatMap((job, index) => {
    const [row] = claims[index]!;
    if (row) return [{ job, claim: claimOf(row, job.message) }];
    job.message.ack();
    return [];
  });
  if (claimed.length === 0) return;
  const runs = claimed.map(({ job, claim }) => ({ job, ...runContext(job, env, claim) }));
  let failures: (unknown | null)[];
  try {
    failures = await claimed[0]!.job.definition.handleTogether!(runs.map(({ job, context }) => ({ payload: job.payload, context })));
  } catch (error) {
    failures = runs.map(() => error);
  }
  const ends = runs.map(({ job }, index) => endOf(job, failures[index] ?? null, env));
  const writes = runs.flatMap(({ job, atEnd }, index) => [
    jobStateUpdate(db, job.envelope.id, ends[index]!.state, ends[index]!.fields),
    ...atEnd,
  ]);
  const [firstWrite, ...otherWrites] = writes;
  await db.batch([firstWrite!, ...otherWrites]);
  for (const end of ends) end.settle();
}

/**
 * How a run ends, from what it threw (null: nothing): succeeded; dead when the error is permanent;
 * otherwise retrying after a backoff. `settle` acks or retries the message once the end is written.
 */
function endOf(job: ReadyJob, failure: unknown, env: AppEnv): { state: JobState; fields: JobStateFields; settle: () => void } {
  const { message, envelope, definition, payload } = job;
  if (failure === null)
    return {
      state: "succeeded",
      fields: { error: null, payload: definition.keepAfterSuccess?.(payload), leaseExpiresAt: null },
      settle: () => message.ack(),
    };
  if (failure instanceof PermanentJobError || isPermanentVendorError(failure))
    return { state: "dead", fields: { error: errorMessage(failure), leaseExpiresAt: null }, settle: () => message.ack() };
  // A warning, not an error: the queue tries again, and a job that runs out of tries is kept dead for staff.
  log.warn(`job ${envelope.type} ${envelope.id} failed on attempt ${message.attempts}:`, errorMessage(failure));
  const backoff = retryDelaySeconds(message.attempts, env.JOB_RETRY_BASE_SECONDS);
  const delaySeconds = Math.min(MAX_RETRY_DELAY_SECONDS, Math.max(backoff, vendorRetryAfterSeconds(failure) ?? 0));
  return {
    state: "retrying",
    // The lease of a retrying job is the queue's: it ends when the retry is due (decision 0038).
    fields: { error: errorMessage(failure), leaseExpiresAt: new Date(Date.now() + delaySeconds * 1000) },
    settle: () => message.retry({ delaySeconds }),
  };
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
