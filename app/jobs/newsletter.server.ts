import { z } from "zod";
import type { JobDefinition } from "~/jobs/definitions.server";
import { sendEmailOnce } from "~/jobs/email.server";
import { getMailchimp, MailchimpError } from "~/integrations/mailchimp.server";

// Product rules: Calls to the server: the newsletter calls. Their failures never reach the user (product rules: Errors): they
// are retried by the queue, or kept as dead jobs for staff when the vendor's error says another
// attempt cannot help (MailchimpError.retryable, EmailError.retryable).

const SubscribePayload = z.object({ email: z.string().email(), fullName: z.string().trim().min(1) });
const TagPayload = z.object({ email: z.string().email(), tag: z.string().trim().min(1).max(100) });
const NotifyNewUserPayload = z.object({ fullName: z.string().trim().min(1) });

/** Adds the user to the audience (or updates their name there). */
export const newsletterSubscribeJob = {
  payload: SubscribePayload,
  async handle({ email, fullName }, { env }) {
    await getMailchimp(env).upsertMember(email, fullName);
  },
} satisfies JobDefinition<typeof SubscribePayload>;

/**
 * Tags a member (plan tags, free-requests-used). A 404 is retried rather than dropped: the member
 * may still be on its way in, from a subscribe job in the same batch or one being retried.
 */
export const newsletterTagJob = {
  payload: TagPayload,
  async handle({ email, tag }, { env }) {
    try {
      await getMailchimp(env).addTag(email, tag);
    } catch (error) {
      if (error instanceof MailchimpError && error.status === 404) throw new Error(error.message);
      throw error;
    }
  },
} satisfies JobDefinition<typeof TagPayload>;

/**
 * Tells staff that someone signed up. The product rules' payload is the full name only, so there is no
 * member to hang a Mailchimp event on: it is an email to STAFF_EMAIL (docs/decisions/0010).
 */
export const newsletterNotifyNewUserJob = {
  payload: NotifyNewUserPayload,
  async handle({ fullName }, context) {
    await sendEmailOnce(context, {
      to: context.env.STAFF_EMAIL,
      subject: `New user: ${fullName}`,
      text: `${fullName} just created a Quiet Mailbox account.\n\nThe staff area lists every account and its requests.`,
      tag: "new-user",
    });
  },
} satisfies JobDefinition<typeof NotifyNewUserPayload>;
