import { z } from "zod";
import { PermanentJobError } from "~/domain/job-envelope";
import type { JobDefinition } from "~/jobs/definitions.server";
import { describeStripeError, isRetryableStripeError } from "~/integrations/stripe.server";
import { ensureStripeCustomer } from "~/services/billing.server";
import { getUserBillingOwner } from "~/models/user.server";
import { getDb } from "~/utils/db.server";

const CreateCustomerPayload = z.object({ userId: z.string().min(1) });

/** Gives the user a Stripe customer (product rules: Calls to the server, /api/customers/create), at most one. */
export const billingCreateCustomerJob = {
  payload: CreateCustomerPayload,
  async handle({ userId }, { env }) {
    const db = getDb(env.DB);
    const user = await getUserBillingOwner(db, userId);
    if (!user) throw new PermanentJobError(`user ${userId} does not exist`);
    try {
      await ensureStripeCustomer(env, db, user);
    } catch (error) {
      // Stripe's messages can quote the email address: the job keeps the status and type only.
      if (!isRetryableStripeError(error)) throw new PermanentJobError(describeStripeError(error));
      throw new Error(describeStripeError(error));
    }
  },
} satisfies JobDefinition<typeof CreateCustomerPayload>;
