// Staff sending dead jobs back to the queue (the Jobs page), and the sweep's test of a job worth
// sending again. It lives with the producer, not the job model, because it talks to the queue and
// must know every job type (by name: the handlers are the consumer's).
import { isJobType, isReadingJob, queueFor, type JobQueues } from "~/queue/producer.server";
import { JobEnvelopeSchema } from "~/domain/job-envelope";
import { auditEntries, auditEntry, type StaffActor } from "~/models/audit.server";
import { envelopeOf, getJob, listAllDeadJobs, requeueDeadJobs } from "~/models/job.server";
import type { Db } from "~/utils/db.server";
import { errorMessage } from "~/utils/errors";

/**
 * Whether sending the job again can help: the consumer must be able to read the envelope and know
 * its type. A malformed message (kept under the queue's message id) or an unknown type would only
 * come back dead.
 */
export function isRetryableJob(job: { id: string; type: string }) {
  if (job.type === "malformed" || !isJobType(job.type)) return false;
  return JobEnvelopeSchema.shape.id.safeParse(job.id).success;
}

export type RetryOutcome = { ok: true } | { ok: false; reason: "notFound" | "notDead" | "notRetryable" | "queueRefused"; message: string };

/** Retrying refuses non-staff itself, whatever guard the page has. */
function assertStaff(actor: StaffActor) {
  if (actor.role !== "admin" && actor.role !== "moderator") throw new Error("only staff may retry jobs");
}

/**
 * Sends one dead job to the queue again, then marks it queued and audits it in one batch. The
 * send comes first so that a refused send leaves the job dead, as it was.
 */
export async function retryDeadJob(db: Db, queues: JobQueues, actor: StaffActor, jobId: string): Promise<RetryOutcome> {
  assertStaff(actor);
  const job = await getJob(db, jobId);
  if (!job) return { ok: false, reason: "notFound", message: "There is no job with this id." };
  if (job.state !== "dead") return { ok: false, reason: "notDead", message: `Only dead jobs can be retried; this one is ${job.state}.` };
  if (!isRetryableJob(job)) return { ok: false, reason: "notRetryable", message: notRetryableMessage(job.type) };
  try {
    await queueFor(queues, job.type).send(envelopeOf(job), { contentType: "json" });
  } catch (error) {
    return { ok: false, reason: "queueRefused", message: `The queue did not take the job, so it is still dead: ${errorMessage(error)}` };
  }
  await db.batch([
    requeueDeadJobs(db, [job.id]),
    auditEntry(db, actor, {
      action: "job.retried",
      targetType: "job",
      targetId: job.id,
      details: { before: { state: "dead", attempts: job.attempts }, after: { state: "queued", attempts: 0 } },
    }),
  ]);
  return { ok: true };
}

export function notRetryableMessage(type: string) {
  if (type === "malformed") return "This message never was a job (its body could not be read), so it cannot be run again.";
  if (!isJobType(type)) return `No handler knows the job type "${type}", so sending it again would fail the same way.`;
  return "This job's id is not one the queue's consumer accepts, so it cannot be sent again.";
}

// Queue.sendBatch takes at most 100 messages; with one id bound per job, 50 keeps the UPDATE
// well within D1's 100 bound parameters.
const RETRY_CHUNK_SIZE = 50;

export type RetryAllOutcome = { retried: number; refused: number; error: string | null };

/**
 * Sends every retryable dead job to the queue again, a chunk at a time. A chunk the queue refuses
 * stays dead; the others are marked queued and audited, each in the batch of its chunk.
 */
export async function retryAllDeadJobs(db: Db, queues: JobQueues, actor: StaffActor): Promise<RetryAllOutcome> {
  assertStaff(actor);
  const dead = await listAllDeadJobs(db);
  const retryable = dead.filter(isRetryableJob);
  // Chunks of one queue each: reading jobs go to their own.
  const ordered = [...retryable.filter((job) => !isReadingJob(job.type)), ...retryable.filter((job) => isReadingJob(job.type))];
  const outcome: RetryAllOutcome = { retried: 0, refused: 0, error: null };
  for (let start = 0; start < ordered.length;) {
    const reading = isReadingJob(ordered[start]!.type);
    let end = start;
    while (end < ordered.length && end - start < RETRY_CHUNK_SIZE && isReadingJob(ordered[end]!.type) === reading) end++;
    const chunk = ordered.slice(start, end);
    start = end;
    try {
      await queueFor(queues, chunk[0]!.type).sendBatch(chunk.map((job) => ({ body: envelopeOf(job), contentType: "json" as const })));
    } catch (error) {
      outcome.refused += chunk.length;
      outcome.error = errorMessage(error);
      continue;
    }
    await db.batch([
      requeueDeadJobs(
        db,
        chunk.map((job) => job.id),
      ),
      ...auditEntries(
        db,
        actor,
        chunk.map((job) => ({
          action: "job.retried",
          targetType: "job" as const,
          targetId: job.id,
          details: { before: { state: "dead", attempts: job.attempts }, after: { state: "queued", attempts: 0 }, retriedAll: true },
        })),
      ),
    ]);
    outcome.retried += chunk.length;
  }
  return outcome;
}
