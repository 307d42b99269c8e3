import { z } from "zod";
import type { JobContext, JobDefinition } from "~/jobs/definitions.server";
import type { BatchItem } from "drizzle-orm/batch";
import { EmailError, findSentEmail, sendEmail, sendEmails, type EmailMessage, type SentEmail } from "~/integrations/email.server";
import { claimEmailSend, emailClaimInsert, emailSentUpdate, releaseEmailClaim, type EmailClaim } from "~/models/sent-email.server";
import { getDb, type Db } from "~/utils/db.server";

/**
 * Sends a job's email at most once however often the queue delivers the job, and answers Postmark's
 * MessageID (null only for a message sent before the id was kept). The job id is recorded before
 * the send and travels with the message as Postmark metadata; an attempt that finds the record
 * still "sending" (the last one stopped before Postmark's answer came back) asks Postmark whether
 * the message went, instead of sending a second copy. Postmark's answer is recorded with the
 * run's end, in its batch. A job that claimed the send itself, in a batch of its own, passes its claim.
 */
export async function sendEmailOnce(
  { env, jobId, writeAtEnd }: JobContext,
  message: EmailMessage,
  { claimed }: { claimed?: EmailClaim } = {},
): Promise<string | null> {
  const db = getDb(env.DB);
  const claim = claimed ?? (await claimEmailSend(db, jobId));
  if (claim.state === "sent") return claim.messageId;
  if (claim.state === "sending") {
    const earlier = await findSentEmail(env, ["job", jobId]);
    if (earlier) {
      writeAtEnd(emailSentUpdate(db, jobId, earlier.messageId));
      return earlier.messageId;
    }
  }
  try {
    const sent = await sendEmail(env, { ...message, metadata: { ...message.metadata, job: jobId } });
    writeAtEnd(emailSentUpdate(db, jobId, sent.messageId));
    return sent.messageId;
  } catch (error) {
    // Postmark answered, so it did not take the message; with no answer at all it may have.
    if (error instanceof EmailError && error.status !== 0) await releaseEmailClaim(db, jobId);
    throw error;
  }
}

/** A job whose email sendEmailsTogether sends: its payload and its run's context. */
type EmailJob<Payload> = { payload: Payload; context: JobContext };

/**
 * Sends the emails of several jobs of one queue batch together (decision 0088): one round trip runs
 * each job's `read` and records that it is about to send, as sendEmailOnce does; one call to
 * Postmark's batch endpoint sends every message `compose` makes of what was read (null: nothing to
 * send, and the record goes). Each job keeps its own end: Postmark's answer or refusal for its
 * message. A job whose send an earlier attempt recorded runs `alone`, which can ask Postmark
 * whether that attempt sent. Answers, in the jobs' order, null or what each job failed with.
 */
export async function sendEmailsTogether<Payload, Read>(
  db: Db,
  jobs: EmailJob<Payload>[],
  {
    read,
    compose,
    alone,
  }: {
    read: (job: EmailJob<Payload>) => BatchItem<"sqlite"> & PromiseLike<Read>;
    compose: (job: EmailJob<Payload>, read: Read) => Promise<EmailMessage | null>;
    alone: (job: EmailJob<Payload>) => Promise<void>;
  },
): Promise<(unknown | null)[]> {
  const [first, ...rest] = jobs.flatMap((job) => [read(job), emailClaimInsert(db, job.context.jobId)]);
  const reads = (await db.batch([first!, ...rest])) as unknown[];
  const failures: (unknown | null)[] = jobs.map(() => null);
  const sending: { index: number; message: EmailMessage }[] = [];
  for (const [index, job] of jobs.entries()) {
    if ((reads[2 * index + 1] as unknown[]).length === 0) {
      failures[index] = await alone(job).then(
        () => null,
        (error: unknown) => error,
      );
      continue;
    }
    const message = await compose(job, reads[2 * index] as Read);
    if (message) sending.push({ index, message: { ...message, metadata: { ...message.metadata, job: job.context.jobId } } });
    else job.context.writeAtEnd(releaseEmailClaim(db, job.context.jobId));
  }
  if (sending.length === 0) return failures;
  let sent: Awaited<ReturnType<typeof sendEmails>> | null = null;
  let thrown: unknown = null;
  try {
    sent = await sendEmails(
      jobs[0]!.context.env,
      sending.map(({ message }) => message),
    );
  } catch (error) {
    thrown = error;
  }
  for (const [position, { index }] of sending.entries()) {
    const result = sent ? sent[position]! : thrown;
    const { context } = jobs[index]!;
    if (sent && !(result instanceof EmailError)) {
      context.writeAtEnd(emailSentUpdate(db, context.jobId, (result as SentEmail).messageId));
      continue;
    }
    // Postmark answered, so it did not take the message; with no answer at all it may have.
    if (result instanceof EmailError && result.status !== 0) context.writeAtEnd(releaseEmailClaim(db, context.jobId));
    failures[index] = result;
  }
  return failures;
}

const SendEmailPayload = z.object({
  to: z.string().email(),
  subject: z.string().min(1).max(2000),
  text: z.string().min(1),
  html: z.string().min(1).optional(),
  replyTo: z.string().email().optional(),
  tag: z.string().min(1).max(1000).optional(),
  listUnsubscribe: z.string().url().optional(),
});

/** Sends one transactional email; a 422 (bad or inactive address) or 401 is not retried (EmailError.retryable). */
export const emailSendJob = {
  payload: SendEmailPayload,
  async handle(message, context) {
    await sendEmailOnce(context, message);
  },
  // Once sent, the row keeps what the data export lists (subject and kind), not the address or the text.
  keepAfterSuccess: ({ subject, tag }) => ({ subject, tag: tag ?? null }),
} satisfies JobDefinition<typeof SendEmailPayload>;
