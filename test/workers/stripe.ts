// Driving the Stripe stand-in from inside workerd: its hosted Checkout and portal pages (as the
// user's browser would), its test clock, and its webhook events. The stand-in cannot reach the
// app inside the test runtime, so a test takes each event freshly signed and posts it to the app
// itself: in order, out of order, or twice.
import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { users } from "../../drizzle/schema";
import { ORIGIN, signedUpUser } from "./http";
import { standInsUrl } from "./stand-ins";
import { getDb } from "~/utils/db.server";

export type StripeEventSummary = { id: string; type: string; objectId: string; customer: string | null };

async function control<Answer>(path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${standInsUrl()}/__stand-ins/stripe${path}`, {
    ...init,
    headers: { "Content-Type": "application/json", ...init.headers },
  });
  if (!response.ok) throw new Error(`the Stripe stand-in answered ${response.status} for ${path}: ${await response.text()}`);
  return (await response.json()) as Answer;
}

/** Presses "Pay" or "Decline" on the stand-in's hosted Checkout page. */
export function submitCheckout(checkoutUrl: string, outcome: "pay" | "decline") {
  return fetch(checkoutUrl, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ outcome }),
  });
}

/** Presses a button in the stand-in's customer portal. */
export async function usePortal(
  portalUrl: string,
  fields: { action: "switch" | "cancel" | "renew"; subscription: string; price?: string },
) {
  const response = await fetch(portalUrl, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  if (response.status !== 303) throw new Error(`the portal answered ${response.status}: ${await response.text()}`);
}

/** Moves a subscription to the end of its period, like a Stripe test clock. */
export function advanceSubscription(subscriptionId: string, outcome: "paid" | "failed" = "paid") {
  return control<{ status: string }>(`/subscriptions/${subscriptionId}/advance`, { method: "POST", body: JSON.stringify({ outcome }) });
}

/**
 * The events the stand-in emitted about a customer, oldest first: those of one `type`, or all
 * about their billing (customer.created, which the app does not act on, left out).
 */
export async function stripeEvents(customerId: string, { type }: { type?: string } = {}) {
  const query = new URLSearchParams({ customer: customerId, ...(type ? { type } : {}) });
  const events = await control<StripeEventSummary[]>(`/events?${query}`);
  return type ? events : events.filter((event) => event.type !== "customer.created");
}

export function signedEvent(eventId: string) {
  return control<{ payload: string; signature: string }>(`/events/${eventId}/signed`, { method: "POST" });
}

/** Posts a payload to the app's webhook endpoint as Stripe does: no cookie, no Origin. */
export function postWebhook(payload: string, signature: string | null) {
  return SELF.fetch(`${ORIGIN}/api/webhooks/stripe`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      ...(signature === null ? {} : { "Stripe-Signature": signature }),
    },
    body: payload,
  });
}

/** Delivers one event, signed by the stand-in; answers the app's status and body. */
export async function deliverEvent(eventId: string) {
  const { payload, signature } = await signedEvent(eventId);
  const response = await postWebhook(payload, signature);
  return { status: response.status, body: (await response.json()) as { received?: boolean; duplicate?: boolean; error?: string } };
}

/** Delivers events in the order given, expecting each to be accepted. */
export async function deliverEvents(events: StripeEventSummary[]) {
  const answers = [];
  for (const event of events) {
    const answer = await deliverEvent(event.id);
    if (answer.status !== 200) throw new Error(`${event.type} ${event.id} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    answers.push(answer);
  }
  return answers;
}

/** A new user who has been through Checkout for `plan` and paid, but has not come back yet. */
export async function paidUser(label: string, plan: "basic" | "premium" = "basic") {
  const user = await signedUpUser(label);
  const started = await user.browser.post("/subscription", { intent: "subscribe", plan });
  expect(started.status).toBe(303);
  const checkoutUrl = started.headers.get("Location")!;
  const paid = await submitCheckout(checkoutUrl, "pay");
  expect(paid.status).toBe(303);
  const [billing] = await getDb(env.DB).select({ stripeCustomerId: users.stripeCustomerId }).from(users).where(eq(users.id, user.userId));
  const events = await stripeEvents(billing!.stripeCustomerId!);
  const subscriptionId = events.find((event) => event.type === "customer.subscription.created")!.objectId;
  return { ...user, checkoutUrl, successUrl: paid.headers.get("Location")!, customerId: billing!.stripeCustomerId!, subscriptionId };
}

/** A new yearly price in the stand-in, as someone would add one in Stripe's dashboard. */
export function createStandInPrice(unitAmount: number) {
  return control<{ id: string; unit_amount: number }>("/prices", { method: "POST", body: JSON.stringify({ unit_amount: unitAmount }) });
}
