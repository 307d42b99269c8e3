import { z } from "zod";
import { PermanentJobError } from "~/domain/job-envelope";
import type { JobDefinition } from "~/jobs/definitions.server";
import { getMailchimp, MailchimpError } from "~/integrations/mailchimp.server";
import { cancelSubscriptionNow, deleteCustomer } from "~/integrations/stripe.server";
import { stripeJobError } from "~/jobs/stripe-customer.server";
import { getNewsletterMember } from "~/models/user.server";
import { dbFor } from "~/utils/db.server";

// The vendor side of the account page and of deleting an account (decision 0023). Every job here
// reads what it needs when it runs, or carries only vendor ids, and can run twice to the same end.

/** A refusal Mailchimp will give again, named without the address it may quote. */
function permanentMailchimp(error: unknown): never {
  if (error instanceof MailchimpError && error.forgotten) {
    throw new PermanentJobError(
      "Mailchimp will not add back an address that was permanently deleted; the person can subscribe again through Mailchimp's own form",
    );
  }
  throw error;
}

const UserPayload = z.object({ userId: z.string().min(1) });

/**
 * Makes the newsletter match the account as it is when the job runs: subscribed with the current
 * name, or archived (Mailchimp keeps an archived member's history but sends them nothing). Jobs
 * queued by several quick switches all end in the last choice.
 */
export const newsletterSyncJob = {
  payload: UserPayload,
  async handle({ userId }, { env }) {
    const member = await getNewsletterMember(await dbFor(env, userId), userId);
    if (!member) return;
    const mailchimp = getMailchimp(env);
    try {
      if (member.newsletter) await mailchimp.subscribeMember(member.email, member.fullName);
      else await mailchimp.archiveMember(member.email);
    } catch (error) {
      permanentMailchimp(error);
    }
  },
} satisfies JobDefinition<typeof UserPayload>;

const ChangeEmailPayload = z.object({ userId: z.string().min(1), oldEmail: z.string().email() });

/** Moves the Mailchimp member to the account's new address, so the newsletter follows the change. */
export const newsletterChangeEmailJob = {
  payload: ChangeEmailPayload,
  async handle({ userId, oldEmail }, { env }) {
    const member = await getNewsletterMember(await dbFor(env, userId), userId);
    if (!member || member.email === oldEmail) return;
    const mailchimp = getMailchimp(env);
    try {
      const outcome = await mailchimp.changeMemberEmail(oldEmail, member.email);
      if (outcome === "not-a-member" && member.newsletter) await mailchimp.subscribeMember(member.email, member.fullName);
    } catch (error) {
      permanentMailchimp(error);
    }
  },
} satisfies JobDefinition<typeof ChangeEmailPayload>;

const EraseMailchimpPayload = z.object({ subscriberHash: z.string().regex(/^[0-9a-f]{32}$/) });

/** Permanently deletes a deleted account's Mailchimp member; the payload holds the hash, never the address. */
export const eraseMailchimpMemberJob = {
  payload: EraseMailchimpPayload,
  async handle({ subscriberHash }, { env }) {
    await getMailchimp(env).deleteMemberPermanently(subscriberHash);
  },
} satisfies JobDefinition<typeof EraseMailchimpPayload>;

const EraseStripePayload = z.object({ customerId: z.string().min(1), subscriptionId: z.string().min(1).nullable() });

/**
 * Ends a deleted account's subscription at once (no further charge) and deletes its Stripe
 * customer. Each step is skipped when already done, and carries an idempotency key of this job,
 * so a second delivery changes nothing.
 */
export const eraseStripeCustomerJob = {
  payload: EraseStripePayload,
  async handle({ customerId, subscriptionId }, { env, jobId }) {
    try {
      if (subscriptionId) await cancelSubscriptionNow(env, subscriptionId, { idempotencyKey: `${jobId}:cancel` });
      await deleteCustomer(env, customerId, { idempotencyKey: `${jobId}:delete` });
    } catch (error) {
      throw stripeJobError(error);
    }
  },
} satisfies JobDefinition<typeof EraseStripePayload>;
