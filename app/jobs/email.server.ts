import { z } from "zod";
import { PermanentJobError } from "~/jobs/envelope";
import type { JobDefinition } from "~/jobs/definitions.server";
import { EmailError, sendEmail } from "~/integrations/email.server";

const SendEmailPayload = z.object({
  to: z.string().email(),
  subject: z.string().min(1).max(2000),
  text: z.string().min(1),
  html: z.string().min(1).optional(),
  replyTo: z.string().email().optional(),
  tag: z.string().min(1).max(1000).optional(),
  listUnsubscribe: z.string().url().optional(),
});

/** Sends one transactional email; a 422 (bad or inactive address) or 401 is not retried. */
export const emailSendJob = {
  payload: SendEmailPayload,
  async handle(message, { env }) {
    try {
      await sendEmail(env, message);
    } catch (error) {
      if (error instanceof EmailError && !error.retryable) throw new PermanentJobError(error.message);
      throw error;
    }
  },
} satisfies JobDefinition<typeof SendEmailPayload>;
