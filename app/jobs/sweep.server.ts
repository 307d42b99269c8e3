import { MAX_RESENDS } from "~/domain/job-envelope";
import { READING_JOB_TYPES, sendJobEnvelopes } from "~/queue/producer.server";
import { isRetryableJob, notRetryableMessage } from "~/queue/retry.server";
import { envelopeOf, listStuckJobs, markJobsSentAgain, markStuckJobsDead, queueReadingPosition, type JobLane } from "~/models/job.server";
import type { AppEnv } from "~/utils/env.server";
import { getDb } from "~/utils/db.server";
import { log } from "~/utils/log.server";

/** Jobs looked at per run, the longest stuck first; a bigger pile is worked off over a few runs. */
const SWEEP_LIMIT = 1_000;

/**
 * Sends again the jobs the queue holds too long (decision 0038): queued or due for a retry since
 * JOB_SWEEP_AFTER_SECONDS before the queue's reading position (the latest send among the messages
 * the consumer took within that time; now when it took none), or running past their lease. A job
 * that only waits behind a backlog is left alone, and the consumer's claim makes a second message
 * of the same job harmless. After MAX_RESENDS a job is dead with the reason instead.
 */
export async function sweepStuckJobs(env: AppEnv, now: Date) {
  // Each queue against its own reading position: a backlog of readings is not the job queue's.
  for (const inside of [false, true]) await sweepQueue(env, now, { types: READING_JOB_TYPES, inside });
}

async function sweepQueue(env: AppEnv, now: Date, lane: JobLane) {
  const db = getDb(env.DB);
  const afterMs = env.JOB_SWEEP_AFTER_SECONDS * 1000;
  const readUpTo = await queueReadingPosition(db, new Date(now.getTime() - afterMs), lane);
  const window = { now, sentBefore: new Date(Math.min(readUpTo?.getTime() ?? now.getTime(), now.getTime()) - afterMs) };

  const found = await listStuckJobs(db, window, SWEEP_LIMIT, lane);
  const broken = found.filter((job) => !isRetryableJob(job));
  const spent = found.filter((job) => isRetryableJob(job) && job.resends >= MAX_RESENDS);
  const again = found.filter((job) => isRetryableJob(job) && job.resends < MAX_RESENDS);

  let dead = await markStuckJobsDead(
    db,
    spent.map((job) => job.id),
    window,
    `the queue did not run it after ${MAX_RESENDS + 1} sends`,
  );
  for (const job of broken) dead += await markStuckJobsDead(db, [job.id], window, notRetryableMessage(job.type));
  const marked = new Set(
    await markJobsSentAgain(
      db,
      again.map((job) => job.id),
      window,
      MAX_RESENDS,
    ),
  );
  await sendJobEnvelopes(env, again.filter((job) => marked.has(job.id)).map(envelopeOf));
  // Counts only: a job's payload may hold an address.
  if (found.length > 0)
    log.warn(
      `job sweep (${lane.inside ? "reading" : "jobs"} queue): ${marked.size} stuck jobs sent again, ${dead} given up (dead, with the reason)`,
    );
}
