import { deleteSucceededJobsBefore } from "~/models/job.server";
import type { AppEnv } from "~/utils/env.server";
import { getDb } from "~/utils/db.server";

const KEEP_SUCCEEDED_JOBS_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The daily cron. Later capabilities add their tasks (reminders) here. */
export async function runScheduledTasks(controller: Pick<ScheduledController, "scheduledTime">, env: AppEnv) {
  const db = getDb(env.DB);
  const cutoff = new Date(controller.scheduledTime - KEEP_SUCCEEDED_JOBS_DAYS * DAY_MS);
  await deleteSucceededJobsBefore(db, cutoff);
}
