import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { describeStripeError, isRetryableStripeError, verifyStripeEvent } from "~/integrations/stripe.server";
import { isStripeEventHandled, recordStripeEventHandled } from "~/models/subscription.server";
import { jsonResponse } from "~/utils/api.server";
import { notFound } from "~/utils/http-errors";
import { handleStripeEvent } from "~/services/billing.server";
import { getDb } from "~/utils/db.server";
import { log } from "~/utils/log.server";

export const loader = notFound;

/**
 * Stripe's events. The signature over the raw body is the guard (there is no session or Origin on
 * a server-to-server call). An event is recorded once handled, and a redelivery of it then
 * answers 200 and does nothing. Handling is safe to repeat (it converges on Stripe's current
 * state), so two deliveries at once, or a Worker stopped before recording, cost only a second
 * read. A failure that may pass answers 503, so that Stripe's retry tries again; one that cannot
 * (Stripe does not know the subscription) is acknowledged with 200 and logged, as Stripe asks.
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

  // Signed by the endpoint's secret yet not shaped like an event: nothing to act on or record.
  const shaped = event as Partial<typeof event> | null;
  if (typeof shaped?.id !== "string" || typeof shaped.type !== "string") return jsonResponse({ error: "Not a Stripe event." }, 400);

  const db = getDb(env.DB);
  if (await isStripeEventHandled(db, event.id)) return jsonResponse({ received: true, duplicate: true });
  try {
    await handleStripeEvent(env, db, event);
  } catch (error) {
    if (isRetryableStripeError(error)) {
      log.error(`stripe event ${event.type} ${event.id} failed:`, describeStripeError(error));
      return jsonResponse({ error: "Not handled; please retry." }, 503);
    }
    // Stripe's answer will not change (a subscription it does not know, say one of another
    // account): a retry could only fail again, so the event is acknowledged and logged.
    log.warn(`stripe event ${event.type} ${event.id} cannot be acted on:`, describeStripeError(error));
    await recordStripeEventHandled(db, event);
    return jsonResponse({ received: true, actedOn: false });
  }
  await recordStripeEventHandled(db, event);
  return jsonResponse({ received: true });
}
