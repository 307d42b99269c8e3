import type { BatchItem } from "drizzle-orm/batch";
import type { z } from "zod";
import type { AppEnv } from "~/utils/env.server";
import { eraseMailchimpMemberJob, eraseStripeCustomerJob, newsletterChangeEmailJob, newsletterSyncJob } from "~/jobs/account.server";
import { billingCreateCustomerJob } from "~/jobs/stripe-customer.server";
import { emailSendJob } from "~/jobs/email.server";
import { newsletterNotifyNewUserJob, newsletterSubscribeJob, newsletterTagJob } from "~/jobs/newsletter.server";
import { followUpNoticeJob } from "~/jobs/follow-up-notice.server";
import { erasePhotosJob, photoReadJob } from "~/jobs/mail-photo.server";
import { mailboxReadJob, mailboxReadPieceJob } from "~/jobs/mailbox-digest.server";
import { optOutEmailJob } from "~/jobs/opt-out.server";
import { optOutLetterJob } from "~/jobs/opt-out-letter.server";
import { pingJob } from "~/jobs/ping.server";
import { reminderSendJob } from "~/jobs/reminders.server";
import { FOLLOW_UP_NOTICE_JOB_TYPE } from "~/domain/follow-up";
import { REMINDER_JOB_TYPE } from "~/models/reminder.server";
import type { JobType } from "~/queue/producer.server";

/**
 * A write that records what a run did (an email's provider id), left to the one batch that ends the
 * run, whatever the end: it saves the run a round trip of its own.
 */
export type EndingWrite = BatchItem<"sqlite">;

export type JobContext = {
  env: AppEnv;
  jobId: string;
  attempt: number;
  /**
   * Whether this is the job's first run: its message's first attempt, and the job never failed,
   * was refused by the queue or sent again. No earlier run of it can then have reached a vendor.
   */
  firstRun: boolean;
  /** Runs `write` in the batch that records the run's end (succeeded, retrying or dead). */
  writeAtEnd: (write: EndingWrite) => void;
};

export type JobDefinition<Schema extends z.ZodType> = {
  payload: Schema;
  handle: (payload: z.infer<Schema>, context: JobContext) => Promise<void>;
  /** What the job's row keeps of the payload once it has succeeded; all of it when absent. */
  keepAfterSuccess?: (payload: z.infer<Schema>) => unknown;
  /**
   * Runs several jobs of this type from one queue batch at once, sharing their round trips and
   * vendor calls (decision 0088). Answers, in the jobs' order, null for each that succeeded and
   * what each that failed threw; the consumer ends each as `handle` would have ended it.
   */
  handleTogether?: (jobs: { payload: z.infer<Schema>; context: JobContext }[]) => Promise<(unknown | null)[]>;
};

/**
 * The handler of every job type the consumer knows. A new job type is named in the producer's
 * JOB_TYPES and handled here: the type check fails until both say the same.
 */
const JOBS = {
  ping: pingJob,
  "newsletter.subscribe": newsletterSubscribeJob,
  "newsletter.tag": newsletterTagJob,
  "newsletter.notifyNewUser": newsletterNotifyNewUserJob,
  "billing.createCustomer": billingCreateCustomerJob,
  "email.send": emailSendJob,
  "optOut.email": optOutEmailJob,
  "optOut.letter": optOutLetterJob,
  [REMINDER_JOB_TYPE]: reminderSendJob,
  [FOLLOW_UP_NOTICE_JOB_TYPE]: followUpNoticeJob,
  "newsletter.sync": newsletterSyncJob,
  "newsletter.changeEmail": newsletterChangeEmailJob,
  "account.eraseMailchimp": eraseMailchimpMemberJob,
  "account.eraseStripe": eraseStripeCustomerJob,
  "photo.read": photoReadJob,
  "account.erasePhotos": erasePhotosJob,
  "mailbox.read": mailboxReadJob,
  "mailbox.readPiece": mailboxReadPieceJob,
} satisfies Record<JobType, unknown>;

export type JobPayload<Type extends JobType> = z.input<(typeof JOBS)[Type]["payload"]>;

export function getJobDefinition(type: string): JobDefinition<z.ZodType> | undefined {
  return Object.hasOwn(JOBS, type) ? (JOBS[type as JobType] as JobDefinition<z.ZodType>) : undefined;
}
