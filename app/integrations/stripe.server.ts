// Stripe through its official SDK, which runs in workerd with the fetch HTTP client.
// API: https://docs.stripe.com/api/customers/create, https://docs.stripe.com/api/customers/delete,
// https://docs.stripe.com/api/subscriptions/cancel and https://docs.stripe.com/api/idempotent_requests
import Stripe from "stripe";
import type { SubscriptionStatus } from "../../drizzle/schema";
import { PLAN_IDS, planOfPrice, type PlanName, type PlanPrice, type PlanPrices, type SubscriptionSnapshot } from "~/domain/plans";
import { requireSetting, type AppEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";

const TIMEOUT_MS = 10_000;

/**
 * A client per call, from the validated env. STRIPE_API_URL only changes where the SDK connects
 * (the stand-ins locally); the API version is the one this SDK release is pinned to.
 */
export function getStripe(env: AppEnv): Stripe {
  const url = new URL(env.STRIPE_API_URL);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return new Stripe(requireSetting(env, "STRIPE_SECRET_KEY"), {
    httpClient: Stripe.createFetchHttpClient(),
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
    // The queue retries with backoff (docs/decisions/0003); the SDK must not retry on its own as well.
    maxNetworkRetries: 0,
    timeout: TIMEOUT_MS,
  });
}

/**
 * Whether another attempt may succeed: no answer, rate limits, lock conflicts (409, e.g. the same
 * idempotency key still in flight) and Stripe's own failures. A 400, 401, 402 or 404 will not change.
 */
export function isRetryableStripeError(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return true;
  if (error instanceof Stripe.errors.StripeConnectionError) return true;
  const status = error.statusCode ?? 0;
  return status === 0 || status === 409 || status === 429 || status >= 500;
}

/** Names a Stripe failure without its message, which may quote the customer's email. */
export function describeStripeError(error: unknown): string {
  if (!(error instanceof Stripe.errors.StripeError)) return error instanceof Error ? error.message : String(error);
  const code = error.code ? ` (${error.code})` : "";
  return `Stripe answered ${error.statusCode ?? "nothing"}: ${error.rawType ?? error.type}${code}`;
}

/** Stripe does not know the object (never did, or it was deleted): for a deletion, already done. */
function isResourceMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.code === "resource_missing";
}

export type CustomerOwner = { id: string; email: string; fullName: string };

/**
 * Creates the user's Stripe customer. The idempotency key makes a retried attempt (the customer was
 * created but its id never stored) get the same customer back from Stripe.
 */
export async function createCustomer(env: AppEnv, user: CustomerOwner): Promise<string> {
  const customer = await getStripe(env).customers.create(
    { name: user.fullName, email: user.email, metadata: { userId: user.id } },
    { idempotencyKey: `customer-${user.id}` },
  );
  return customer.id;
}

const PRICE_SETTINGS = { basic: "STRIPE_PRICE_BASIC", premium: "STRIPE_PRICE_PREMIUM" } as const satisfies Record<PlanName, keyof AppEnv>;

/** The plans' price ids in this environment. */
export function planPrices(env: AppEnv): PlanPrices {
  return { basic: env[PRICE_SETTINGS.basic] || undefined, premium: env[PRICE_SETTINGS.premium] || undefined };
}

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * What the app keeps of a subscription. Since API version 2025-03-31 the period lives on each
 * item; a subscription set to cancel has cancel_at (and, from the portal, cancel_at_period_end).
 */
export function readSubscription(subscription: Stripe.Subscription, prices: PlanPrices): SubscriptionSnapshot {
  const item = subscription.items.data[0];
  const status = subscription.status as SubscriptionStatus;
  const cancelAt = subscription.cancel_at ?? (subscription.cancel_at_period_end ? item?.current_period_end : null);
  return {
    subscriptionId: subscription.id,
    customerId: typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
    plan: planOfPrice(prices, item?.price.id),
    status,
    cancelAt: subscription.ended_at ? null : fromUnix(cancelAt),
    periodEnd: fromUnix(subscription.ended_at ?? item?.current_period_end),
  };
}

/** Where the app sends people back to after Checkout. */
export type CheckoutReturn = { successUrl: string; cancelUrl: string };

/**
 * A Checkout Session for `plan`. The idempotency key covers one user, plan and ten-minute window,
 * so a double click or a second tab opens the same checkout rather than a second one.
 */
export async function createCheckoutSession(env: AppEnv, input: { userId: string; customerId: string; plan: PlanName } & CheckoutReturn) {
  const price = requireSetting(env, PRICE_SETTINGS[input.plan]);
  const window = Math.floor(Date.now() / (10 * 60_000));
  const session = await getStripe(env).checkout.sessions.create(
    {
      mode: "subscription",
      customer: input.customerId,
      client_reference_id: input.userId,
      line_items: [{ price, quantity: 1 }],
      subscription_data: { metadata: { userId: input.userId } },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    },
    { idempotencyKey: `checkout-${input.userId}-${input.plan}-${window}` },
  );
  if (!session.url) throw new Error("Stripe answered a Checkout Session without a URL");
  return session.url;
}

export async function retrieveCheckoutSession(env: AppEnv, sessionId: string) {
  return getStripe(env).checkout.sessions.retrieve(sessionId);
}

export async function retrieveSubscription(env: AppEnv, subscriptionId: string) {
  return getStripe(env).subscriptions.retrieve(subscriptionId);
}

/** Statuses a subscription never leaves, and that Stripe will not cancel. */
const ENDED_STATUSES: ReadonlySet<Stripe.Subscription.Status> = new Set(["canceled", "incomplete_expired"]);

/**
 * Idempotency keys for the deletions below. Stripe ignores a key on a DELETE (the method is
 * idempotent by definition), so repeating one is made safe by the "already done" answers instead;
 * the key still names the attempt in Stripe's request log.
 */
export type DeletionOptions = { idempotencyKey: string };

/**
 * Ends a subscription now, without waiting for the period end, proration or a final invoice
 * (DELETE /v1/subscriptions/:id). Answers whether this call ended it: false when it had already
 * ended, or Stripe does not know it (resource_missing), both of which count as done. Stripe
 * announces the end with customer.subscription.deleted. Other failures throw the SDK's StripeError.
 */
export async function cancelSubscriptionNow(env: AppEnv, subscriptionId: string, { idempotencyKey }: DeletionOptions): Promise<boolean> {
  const stripe = getStripe(env);
  const hasEnded = async () => {
    try {
      return ENDED_STATUSES.has((await stripe.subscriptions.retrieve(subscriptionId)).status);
    } catch (error) {
      if (isResourceMissing(error)) return true;
      throw error;
    }
  };
  if (await hasEnded()) return false;
  try {
    await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey });
    return true;
  } catch (error) {
    if (isResourceMissing(error)) return false;
    // Refused because it ended between the read and the cancel (another attempt, or Stripe itself).
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 400 && (await hasEnded())) return false;
    throw error;
  }
}

/**
 * Deletes the customer for good (DELETE /v1/customers/:id): Stripe also cancels their
 * subscriptions at once and forgets their payment methods. Answers whether this call deleted it:
 * false when Stripe answers resource_missing (deleted already, or never there), which counts as
 * done. Other failures throw the SDK's StripeError.
 */
export async function deleteCustomer(env: AppEnv, customerId: string, { idempotencyKey }: DeletionOptions): Promise<boolean> {
  try {
    const deleted = await getStripe(env).customers.del(customerId, {}, { idempotencyKey });
    return deleted.deleted;
  } catch (error) {
    if (isResourceMissing(error)) return false;
    throw error;
  }
}

/** A customer-portal session: switching plans, cancelling, cards and invoices are Stripe's pages. */
export async function createPortalSession(env: AppEnv, input: { customerId: string; returnUrl: string }) {
  const session = await getStripe(env).billingPortal.sessions.create(
    { customer: input.customerId, return_url: input.returnUrl },
    { idempotencyKey: `portal-${crypto.randomUUID()}` },
  );
  return session.url;
}

/** A price's amount never changes in Stripe (a new amount is a new price), so a read one stays true. */
const PRICE_CACHE_MS = 60 * 60_000;
/** After a failed read the price is not asked for again for a minute: the pages show no amount meanwhile. */
const PRICE_RETRY_MS = 60_000;
/** The home page waits for prices; a slow Stripe must not make it slow. */
const PRICE_TIMEOUT_MS = 2_000;
const priceCache = new Map<string, { price: PlanPrice | null; until: number }>();

/**
 * What each plan costs, read from Stripe so that a page always says what Checkout will charge
 * (the home page and /subscription alike). Kept in the isolate for an hour; a plan whose price
 * cannot be read is null, and the page then shows no amount rather than a guessed one.
 */
export async function getPlanPriceList(env: AppEnv): Promise<Record<PlanName, PlanPrice | null>> {
  const prices = planPrices(env);
  const entries = await Promise.all(
    PLAN_IDS.map(async (plan) => {
      const id = prices[plan];
      if (!id) return [plan, null] as const;
      const cached = priceCache.get(id);
      if (cached && cached.until > Date.now()) return [plan, cached.price] as const;
      try {
        const price = await getStripe(env).prices.retrieve(id, {}, { timeout: PRICE_TIMEOUT_MS });
        const value: PlanPrice | null =
          price.unit_amount === null
            ? null
            : { amount: price.unit_amount / 100, currency: price.currency, interval: price.recurring?.interval ?? null };
        priceCache.set(id, { price: value, until: Date.now() + (value ? PRICE_CACHE_MS : PRICE_RETRY_MS) });
        return [plan, value] as const;
      } catch (error) {
        log.error("plan price not read:", describeStripeError(error));
        priceCache.set(id, { price: null, until: Date.now() + PRICE_RETRY_MS });
        return [plan, null] as const;
      }
    }),
  );
  return Object.fromEntries(entries) as Record<PlanName, PlanPrice | null>;
}

/** Checks the Stripe-Signature header against the endpoint secret; throws when it does not match. */
export async function verifyStripeEvent(env: AppEnv, payload: string, signature: string | null): Promise<Stripe.Event> {
  if (!signature) throw new Stripe.errors.StripeSignatureVerificationError(signature ?? "", payload, { message: "No signature" });
  return getStripe(env).webhooks.constructEventAsync(
    payload,
    signature,
    requireSetting(env, "STRIPE_WEBHOOK_SECRET"),
    undefined,
    Stripe.createSubtleCryptoProvider(),
  );
}

/** The subscription an event is about, if any. The app reads its current state from Stripe. */
export function subscriptionIdOfEvent(event: Stripe.Event): string | null {
  const idOf = (value: string | { id: string } | null | undefined) => (value ? (typeof value === "string" ? value : value.id) : null);
  switch (event.type) {
    case "checkout.session.completed":
      return event.data.object.mode === "subscription" ? idOf(event.data.object.subscription) : null;
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return event.data.object.id;
    case "invoice.paid":
    case "invoice.payment_failed":
      return idOf(event.data.object.parent?.subscription_details?.subscription);
    default:
      return null;
  }
}
