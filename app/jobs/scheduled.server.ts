import { sendJobEnvelopes } from "~/queue/producer.server";
import { JOB_SWEEP_CRON } from "~/domain/job-envelope";
import { sweepStuckJobs } from "~/jobs/sweep.server";
import { deleteSucceededJobsBefore, envelopeOf, markStrandedJobsDead } from "~/models/job.server";
import { claimDueReminders, createReminderJobs, listRemindersWithoutJob } from "~/models/reminder.server";
import { deleteSpentCounts } from "~/models/rate-limit.server";
import { deleteExpiredPendingSignups } from "~/models/pending-signup.server";
import { deleteSentEmailsBefore } from "~/models/sent-email.server";
import { recomputeSenderOutcomesWhenDue } from "~/models/sender-outcome.server";
import { sweepPhotos } from "~/services/mail-photos.server";
import { deleteOldMailboxRows } from "~/models/mailbox.server";
import { deleteOldSenderReplyDays } from "~/models/sender-reply.server";
import { MAILBOX_LIMITS } from "~/domain/mailbox";
import { sweepMailbox } from "~/services/mailbox-digest.server";
import { advanceFollowUps, remindHeldFollowUps } from "~/services/follow-up.server";
import { learnPostalChannelsDaily } from "~/services/learned-channels.server";
import type { AppEnv } from "~/utils/env.server";
import { getDb } from "~/utils/db.server";
import { DAY_MS, utcDay } from "~/domain/dates";
import { log } from "~/utils/log.server";

const KEEP_SUCCEEDED_JOBS_DAYS = 30;

/** Milliseconds each daily task took, by its name: where the cron's time goes (the follow-up bench prints them). */
export type DailyTaskTimes = Record<string, number>;

/**
 * The crons of wrangler.toml: the job sweep every five minutes, everything else once a day (any
 * other expression, such as the empty one of a local `/__scheduled` without `?cron=`). Answers the
 * daily tasks' times, none for the sweep.
 */
export async function runScheduledTasks(
  controller: Pick<ScheduledController, "scheduledTime"> & { cron?: string },
  env: AppEnv,
): Promise<DailyTaskTimes> {
  if (controller.cron !== JOB_SWEEP_CRON) return runDailyTasks(controller, env);
  await sweepStuckJobs(env, new Date(controller.scheduledTime));
  return {};
}

/**
 * The daily tasks, each run on its own: one that throws is logged by its name and the others still
 * run, in this order (the stranded jobs are marked before old rows go, the reminders are queued
 * after the senders' figures they read are fresh). A failure then fails the run, so the cron shows
 * it too. Only the task's name and the error's kind are logged: a failed query's message carries
 * its parameters, an address among them.
 */
async function runDailyTasks(controller: Pick<ScheduledController, "scheduledTime">, env: AppEnv): Promise<DailyTaskTimes> {
  const db = getDb(env.DB);
  const now = new Date(controller.scheduledTime);
  const cutoff = new Date(controller.scheduledTime - KEEP_SUCCEEDED_JOBS_DAYS * DAY_MS);
  const tasks: [name: string, run: () => Promise<unknown>][] = [
    ["forget succeeded jobs", () => deleteSucceededJobsBefore(db, cutoff)],
    [
      "mark stranded jobs dead",
      async () => {
        // By the clock the jobs' rows were written with: a cron started late, or a test's cron at a
        // later date, must not find jobs lost that the queue is still working on.
        const stranded = await markStrandedJobsDead(db, new Date());
        // A warning, not an error: each job is kept, dead with its reason, for staff to retry.
        if (stranded > 0) log.warn(`${stranded} jobs had not run for a day; marked dead for staff to retry`);
      },
    ],
    // A job older than this is never delivered again, so its send record has done its work.
    ["forget sent emails", () => deleteSentEmailsBefore(db, cutoff)],
    ["forget spent counts", () => deleteSpentCounts(db, new Date(controller.scheduledTime - DAY_MS))],
    ["delete expired signups", () => deleteExpiredPendingSignups(db, now)],
    ["recompute sender outcomes", () => recomputeSenderOutcomesWhenDue(db, now)],
    ["queue due reminders", () => queueDueReminders(env, now)],
    ["sweep photos", () => sweepPhotos(env, now)],
    ["delete old mailbox rows", () => deleteOldMailboxRows(db, now)],
    [
      "delete old reply days",
      () => deleteOldSenderReplyDays(db, utcDay(new Date(controller.scheduledTime - MAILBOX_LIMITS.dayCountKeepDays * DAY_MS))),
    ],
    ["sweep mailbox pieces", () => sweepMailbox(env, now)],
    // Return addresses two households gave become senders' postal channels (decision 0068), if the call after the give failed.
    ["learn postal channels", () => learnPostalChannelsDaily(env, now)],
    [
      "advance follow-ups",
      async () => {
        const followUps = await advanceFollowUps(env, now);
        if (Object.values(followUps).some((count) => count > 0)) log.info("follow-ups taken:", JSON.stringify(followUps));
      },
    ],
    ["remind held follow-ups", () => remindHeldFollowUps(env, now)],
  ];
  const failed: string[] = [];
  const took: DailyTaskTimes = {};
  for (const [name, run] of tasks) {
    const started = Date.now();
    try {
      await run();
    } catch (error) {
      failed.push(name);
      log.error(`daily task "${name}" failed (${error instanceof Error ? error.name : typeof error}); the other tasks still run`);
    }
    took[name] = Date.now() - started;
  }
  if (failed.length > 0) throw new Error(`daily tasks failed: ${failed.join(", ")}`);
  return took;
}

// Claimed reminders are given their jobs a page at a time, a few pages per run (decision 0017).
const REMINDER_PAGE_SIZE = 500;
const REMINDER_PAGES_PER_RUN = 4;
// One bound parameter per reminder in the INSERT that writes their jobs, within D1's 100.
const REMINDER_JOBS_PER_BATCH = 90;

/**
 * "Has the mail stopped?" reminders: claims every reminder that is due, then gives the claimed
 * ones without a job their `reminder.send` job and queues it. A claim left without a job (a run
 * that stopped between the two steps, or a backlog beyond this run's pages) is picked up by the
 * next run; running twice, even at once, queues each reminder once.
 */
async function queueDueReminders(env: AppEnv, now: Date) {
  const db = getDb(env.DB);
  await claimDueReminders(db, now);
  for (let page = 0; page < REMINDER_PAGES_PER_RUN; page++) {
    const waiting = await listRemindersWithoutJob(db, REMINDER_PAGE_SIZE);
    for (let start = 0; start < waiting.length; start += REMINDER_JOBS_PER_BATCH) {
      const created = await createReminderJobs(db, waiting.slice(start, start + REMINDER_JOBS_PER_BATCH));
      await sendJobEnvelopes(env, created.map(envelopeOf));
    }
    if (waiting.length < REMINDER_PAGE_SIZE) break;
  }
}
