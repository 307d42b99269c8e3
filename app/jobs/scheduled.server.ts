import { deleteSucceededJobsBefore } from "~/models/job.server";
import { deleteSentEmailsBefore } from "~/models/sent-email.server";
import type { AppEnv } from "~/utils/env.server";
import { getDb } from "~/utils/db.server";

const KEEP_SUCCEEDED_JOBS_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The daily cron. */
export async function runScheduledTasks(controller: Pick<ScheduledController, "scheduledTime">, env: AppEnv) {
  const db = getDb(env.DB);
  const cutoff = new Date(controller.scheduledTime - KEEP_SUCCEEDED_JOBS_DAYS * DAY_MS);
  await deleteSucceededJobsBefore(db, cutoff);
  // A job older than this is never delivered again, so its send record has done its work.
  await deleteSentEmailsBefore(db, cutoff);
}
