import { z } from "zod";
import { PermanentJobError } from "~/domain/job-envelope";
import type { JobDefinition } from "~/jobs/definitions.server";
import { describeStripeError, isRetryableStripeError } from "~/integrations/stripe.server";
import { ensureStripeCustomer } from "~/services/billing.server";
import { getUserBillingOwner } from "~/models/user.server";
import { dbFor } from "~/utils/db.server";

/**
 * A Stripe failure as a job's: retried when another attempt may succeed, dead otherwise. Stripe's
 * messages can quote the email address, so the job keeps the status and type only.
 */
export function stripeJobError(error: unknown): Error {
  return isRetryableStripeError(error) ? new Error(describeStripeError(error)) : new PermanentJobError(describeStripeError(error));
}

const CreateCustomerPayload = z.object({ userId: z.string().min(1) });

/** Gives the user a Stripe customer (`/api/customers/create` of product rules: Calls to the server), at most one. */
export const billingCreateCustomerJob = {
  payload: CreateCustomerPayload,
  async handle({ userId }, { env }) {
    const db = await dbFor(env, userId);
    const user = await getUserBillingOwner(db, userId);
    if (!user) throw new PermanentJobError(`user ${userId} does not exist`);
    try {
      await ensureStripeCustomer(env, db, user);
    } catch (error) {
      throw stripeJobError(error);
    }
  },
} satisfies JobDefinition<typeof CreateCustomerPayload>;
