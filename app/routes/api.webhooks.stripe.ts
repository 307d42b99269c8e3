import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { describeStripeError, isRetryableStripeError, verifyStripeEvent } from "~/integrations/stripe.server";
import { claimStripeEvent, releaseStripeEvent } from "~/models/billing.server";
import { jsonResponse, notFound } from "~/utils/api.server";
import { handleStripeEvent } from "~/utils/billing.server";
import { getDb } from "~/utils/db.server";

export const loader = notFound;

/**
 * Stripe's events. The signature over the raw body is the guard (there is no session or Origin on
 * a server-to-server call). Each event id is handled once: a redelivery answers 200 and does
 * nothing. A failure answers 500 and releases the claim, so that Stripe's retry tries again.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") notFound();
  const { env } = context;
  const payload = await request.text();
  let event;
  try {
    event = await verifyStripeEvent(env, payload, request.headers.get("Stripe-Signature"));
  } catch {
    return jsonResponse({ error: "The signature does not match." }, 400);
  }

  const db = getDb(env.DB);
  if (!(await claimStripeEvent(db, event))) return jsonResponse({ received: true, duplicate: true });
  try {
    await handleStripeEvent(env, db, event);
  } catch (error) {
    await releaseStripeEvent(db, event.id);
    console.error(`stripe event ${event.type} ${event.id} failed:`, describeStripeError(error));
    return jsonResponse({ error: "Not handled; please retry." }, isRetryableStripeError(error) ? 503 : 500);
  }
  return jsonResponse({ received: true });
}
