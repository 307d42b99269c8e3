import { z } from "zod";
import type { JobContext, JobDefinition } from "~/jobs/definitions.server";
import { EmailError, findSentEmail, sendEmail, type EmailMessage } from "~/integrations/email.server";
import { claimEmailSend, emailSentUpdate, releaseEmailClaim, type EmailClaim } from "~/models/sent-email.server";
import { getDb } from "~/utils/db.server";

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
