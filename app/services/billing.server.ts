import type Stripe from "stripe";
import { PLAN_DETAILS, type PlanName } from "~/domain/plans";
import {
  createCheckoutSession,
  createCustomer,
  createPortalSession,
  describeStripeError,
  planPrices,
  readSubscription,
  retrieveCheckoutSession,
  retrieveSubscription,
  subscriptionIdOfEvent,
} from "~/integrations/stripe.server";
import { enqueueJob } from "~/queue/producer.server";
import { applySubscription, getUserIdByStripeCustomer, type SubscriptionChange } from "~/models/subscription.server";
import { getUserBillingOwner, setStripeCustomerIdOnce } from "~/models/user.server";
import type { Db } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";
import { errorMessage } from "~/utils/errors";
import { log } from "~/utils/log.server";

/** Why Checkout or the portal cannot open, in words for the page that asked, with a status. */
export class BillingError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "BillingError";
  }
}

/**
 * The user's Stripe customer, created at most once. Stripe's idempotency key covers a customer
 * created whose id was never stored; the conditional write keeps the first id if two attempts race.
 */
export async function ensureStripeCustomer(
  env: AppEnv,
  db: Db,
  owner: { id: string; email: string; fullName: string; stripeCustomerId: string | null },
) {
  if (owner.stripeCustomerId) return owner.stripeCustomerId;
  const customerId = await createCustomer(env, owner);
  if (await setStripeCustomerIdOnce(db, owner.id, customerId)) return customerId;
  return (await getUserBillingOwner(db, owner.id))?.stripeCustomerId ?? customerId;
}

const PROVIDER_DOWN = "The payment provider did not answer. Nothing was charged; please try again in a moment.";

/** Runs a call to Stripe on behalf of a page: a failure becomes a BillingError the page can show. */
async function askStripe<Result>(what: string, call: () => Promise<Result>): Promise<Result> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof BillingError) throw error;
    log.error(`${what} failed:`, describeStripeError(error));
    throw new BillingError(PROVIDER_DOWN, 502);
  }
}

/**
 * Opens Stripe Checkout for the signed-in user: their Stripe customer (created once), then a
 * session for the plan. A subscriber changes plans in the customer portal instead.
 */
export async function startCheckout(env: AppEnv, db: Db, input: { userId: string; plan: PlanName; origin: string }) {
  const owner = await getUserBillingOwner(db, input.userId);
  if (!owner) throw new BillingError("Sign in first.", 401);
  if (owner.stripeSubscriptionId) {
    throw new BillingError("You already have a subscription. Use Manage billing to switch plans or cancel.", 409);
  }
  return askStripe("checkout", async () => {
    const customerId = await ensureStripeCustomer(env, db, owner);
    return createCheckoutSession(env, {
      userId: owner.id,
      customerId,
      plan: input.plan,
      successUrl: `${input.origin}/subscription?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${input.origin}/subscription?checkout=cancelled`,
    });
  });
}

/** The Stripe customer portal, for someone who has been a customer; it returns to /subscription. */
export async function openBillingPortal(env: AppEnv, input: { customerId: string | null; origin: string }) {
  const { customerId } = input;
  if (!customerId) throw new BillingError("There is no billing account yet: choose a plan first.", 400);
  return askStripe("billing portal", () => createPortalSession(env, { customerId, returnUrl: `${input.origin}/subscription` }));
}

/**
 * Reads a subscription from Stripe and writes its current state to its user, whatever event
 * prompted it. A subscription whose customer is no user of this environment changes nothing.
 */
async function syncSubscription(env: AppEnv, db: Db, subscriptionId: string): Promise<SubscriptionChange | null> {
  const snapshot = readSubscription(await retrieveSubscription(env, subscriptionId), planPrices(env));
  const userId = await getUserIdByStripeCustomer(db, snapshot.customerId);
  if (!userId) {
    log.warn(`subscription ${subscriptionId} belongs to no user here`);
    return null;
  }
  const change = await applySubscription(db, userId, snapshot);
  if (change.plan) {
    const member = change.started ?? change.planChanged;
    // The newsletter only knows people who asked for it.
    if (member?.newsletter) {
      await enqueueJob(env, "newsletter.tag", { email: member.email, tag: PLAN_DETAILS[change.plan].newsletterTag }, { userId }).catch(
        (error) => log.error("plan tag not queued:", errorMessage(error)),
      );
    }
  }
  return change;
}

/** Handles a verified Stripe event: every event about a subscription syncs that subscription. */
export async function handleStripeEvent(env: AppEnv, db: Db, event: Stripe.Event) {
  const subscriptionId = subscriptionIdOfEvent(event);
  if (subscriptionId) await syncSubscription(env, db, subscriptionId);
}

/**
 * The page Checkout returns to does not wait for the webhook: it reads the session and syncs its
 * subscription itself, so the user comes back already subscribed. Someone else's session, or one
 * not paid for, changes nothing.
 */
export async function syncReturnFromCheckout(env: AppEnv, db: Db, userId: string, sessionId: string) {
  const session = await retrieveCheckoutSession(env, sessionId);
  if (session.client_reference_id !== userId || session.status !== "complete" || !session.subscription) return null;
  const subscriptionId = typeof session.subscription === "string" ? session.subscription : session.subscription.id;
  return syncSubscription(env, db, subscriptionId);
}
