import { z } from "zod";
import type { JobDefinition } from "~/jobs/definitions.server";
import { sendEmail } from "~/integrations/email.server";

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
  async handle(message, { env }) {
    await sendEmail(env, message);
  },
} satisfies JobDefinition<typeof SendEmailPayload>;
