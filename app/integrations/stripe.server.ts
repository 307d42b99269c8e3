// Stripe through its official SDK, which runs in workerd with the fetch HTTP client.
// API: https://docs.stripe.com/api/customers/create and https://docs.stripe.com/api/idempotent_requests
import Stripe from "stripe";
import { getUserBillingOwner, setStripeCustomerIdOnce } from "~/models/user.server";
import type { Db } from "~/utils/db.server";
import { requireSetting, type AppEnv } from "~/utils/env.server";

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

export type CustomerOwner = { id: string; email: string; fullName: string; stripeCustomerId: string | null };

/**
 * The user's Stripe customer, created at most once. The idempotency key makes a retried attempt
 * (say, the id was created but the write below never happened) get the same customer back from
 * Stripe, and the conditional write keeps the first id if two attempts race.
 */
export async function createCustomerForUser(env: AppEnv, db: Db, user: CustomerOwner): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await getStripe(env).customers.create(
    { name: user.fullName, email: user.email, metadata: { userId: user.id } },
    { idempotencyKey: `customer-${user.id}` },
  );
  if (await setStripeCustomerIdOnce(db, user.id, customer.id)) return customer.id;
  return (await getUserBillingOwner(db, user.id))?.stripeCustomerId ?? customer.id;
}
