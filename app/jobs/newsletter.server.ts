import { z } from "zod";
import { PermanentJobError } from "~/jobs/envelope";
import type { JobDefinition } from "~/jobs/definitions.server";
import { EmailError, sendEmail } from "~/integrations/email.server";
import { getMailchimp, MailchimpError } from "~/integrations/mailchimp.server";

// Spec section 7: the newsletter calls. Their failures never reach the user (section 8): they
// are retried by the queue, or kept as dead jobs for staff.

const SubscribePayload = z.object({ email: z.string().email(), fullName: z.string().trim().min(1) });
const TagPayload = z.object({ email: z.string().email(), tag: z.string().trim().min(1).max(100) });
const NotifyNewUserPayload = z.object({ fullName: z.string().trim().min(1) });

/** Adds the user to the audience (or updates their name there). */
export const newsletterSubscribeJob = {
  payload: SubscribePayload,
  async handle({ email, fullName }, { env }) {
    await newsletterCall(() => getMailchimp(env).upsertMember(email, fullName));
  },
} satisfies JobDefinition<typeof SubscribePayload>;

/**
 * Tags a member (plan tags, free-requests-used). A 404 is retried rather than dropped: the member
 * may still be on its way in, from a subscribe job in the same batch or one being retried.
 */
export const newsletterTagJob = {
  payload: TagPayload,
  async handle({ email, tag }, { env }) {
    await newsletterCall(() => getMailchimp(env).addTag(email, tag), { retry404: true });
  },
} satisfies JobDefinition<typeof TagPayload>;

/**
 * Tells staff that someone signed up. The spec's payload is the full name only, so there is no
 * member to hang a Mailchimp event on: it is an email to STAFF_EMAIL (docs/decisions/0010).
 */
export const newsletterNotifyNewUserJob = {
  payload: NotifyNewUserPayload,
  async handle({ fullName }, { env }) {
    try {
      await sendEmail(env, {
        to: env.STAFF_EMAIL,
        subject: `New user: ${fullName}`,
        text: `${fullName} just created a Quiet Mailbox account.\n\nThe staff area lists every account and its requests.`,
        tag: "new-user",
      });
    } catch (error) {
      if (error instanceof EmailError && !error.retryable) throw new PermanentJobError(error.message);
      throw error;
    }
  },
} satisfies JobDefinition<typeof NotifyNewUserPayload>;

/** Permanent refusals become PermanentJobError; the rest is rethrown for the queue to retry. */
async function newsletterCall(call: () => Promise<unknown>, { retry404 = false } = {}) {
  try {
    await call();
  } catch (error) {
    if (error instanceof MailchimpError && !error.retryable && !(retry404 && error.status === 404)) {
      throw new PermanentJobError(error.message);
    }
    throw error;
  }
}
