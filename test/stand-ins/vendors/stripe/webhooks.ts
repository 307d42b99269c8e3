// Events and their delivery, as Stripe does it: an Event object per change, POSTed as JSON to the
// endpoint with a Stripe-Signature header `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`
// keyed with the endpoint's whole signing secret. https://docs.stripe.com/webhooks#verify-manually
import { createHmac } from "node:crypto";
import type { StripeEvent } from "./objects";
import type { EventRecord, StripeStore } from "./store";
import { nowSeconds, STRIPE_API_VERSION, stripeId } from "./wire";

/** The signing secret of the stand-in's one webhook endpoint; give it to the app as its webhook secret. */
export const STRIPE_STAND_IN_WEBHOOK_SECRET = "whsec_local_stand_in_webhook_secret";

const USER_AGENT = "Stripe/1.0 (+https://stripe.com/docs/webhooks)";
/** Waits before the second, third... attempt when a delivery fails. */
const RETRY_DELAYS_MS = [500, 1000, 2000, 4000];
const ATTEMPT_TIMEOUT_MS = 10_000;

/** The Stripe-Signature header value for a payload, signed at `timestamp` (unix seconds). */
export function signPayload(payload: string, secret = STRIPE_STAND_IN_WEBHOOK_SECRET, timestamp = nowSeconds()): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** Which request caused an event: the API call's id and key, or nulls for Stripe's own doing. */
export type EventOrigin = { id: string | null; idempotency_key: string | null };

export const AUTOMATIC: EventOrigin = { id: null, idempotency_key: null };

/**
 * Records an event with a snapshot of `object` as it is now, and sends it to the forward URL
 * (if one is set) without waiting for the answer.
 */
export function emitEvent(
  store: StripeStore,
  type: string,
  object: { id: string },
  origin: EventOrigin,
  previousAttributes?: Record<string, unknown>,
): EventRecord {
  const snapshot = structuredClone(object) as Record<string, unknown> & { id: string };
  const event: StripeEvent = {
    id: stripeId("evt", 24),
    object: "event",
    api_version: STRIPE_API_VERSION,
    created: nowSeconds(),
    data: previousAttributes ? { object: snapshot, previous_attributes: previousAttributes } : { object: snapshot },
    livemode: false,
    pending_webhooks: 1,
    request: origin,
    type,
  };
  const customer = snapshot.object === "customer" ? snapshot.id : typeof snapshot.customer === "string" ? snapshot.customer : null;
  const record: EventRecord = { event, payload: JSON.stringify(event, null, 2), customer, objectId: snapshot.id, deliveries: [] };
  store.events.push(record);
  if (store.webhook.url) {
    const webhook = store.webhook;
    webhook.queue = webhook.queue.then(async () => {
      if (store.retired) return;
      const status = await deliver(store, record);
      if (!isSuccess(status)) retryLater(store, record, 0);
    });
  }
  return record;
}

/**
 * What changed between two snapshots of an object, given as the earlier values: the shape of an
 * event's data.previous_attributes. Nested hashes list only their changed keys (a key that was not
 * there before is null); lists and other values are given whole.
 */
export function previousAttributes(before: object, after: object): Record<string, unknown> {
  const earlier = before as Record<string, unknown>;
  const later = after as Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(earlier), ...Object.keys(later)])) {
    const was = earlier[key];
    const is = later[key];
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    changes[key] = isHash(was) && isHash(is) ? previousAttributes(was, is) : (was ?? null);
  }
  return changes;
}

function isHash(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Status 2xx counts as delivered; anything else, or no answer, as failed. */
function isSuccess(status: number | null | undefined): boolean {
  return typeof status === "number" && status >= 200 && status < 300;
}

/**
 * One delivery attempt to the current forward URL, freshly signed, recorded on the event.
 * Answers the receiver's status, or null when there is no URL or no answer.
 */
export async function deliver(store: StripeStore, record: EventRecord): Promise<number | null> {
  const url = store.webhook.url;
  if (!url) return null;
  const started = Date.now();
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        Accept: "*/*; q=0.5, application/xml",
        "Cache-Control": "no-cache",
        "User-Agent": USER_AGENT,
        "Stripe-Signature": signPayload(record.payload),
      },
      body: record.payload,
      // Stripe does not follow redirects: a 3xx is a failed delivery.
      redirect: "manual",
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    record.deliveries.push({
      at: new Date(started).toISOString(),
      url,
      status: response.status,
      error: null,
      durationMs: Date.now() - started,
    });
    if (isSuccess(response.status)) record.event.pending_webhooks = 0;
    return response.status;
  } catch (error) {
    const message =
      error instanceof Error ? (error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message) : String(error);
    record.deliveries.push({ at: new Date(started).toISOString(), url, status: null, error: message, durationMs: Date.now() - started });
    return null;
  }
}

function retryLater(store: StripeStore, record: EventRecord, attempt: number): void {
  const delay = RETRY_DELAYS_MS[attempt];
  if (delay === undefined) return;
  const timer = setTimeout(() => {
    // Stop once the store was reset, the URL cleared, or a manual redelivery got through meanwhile.
    if (store.retired || !store.webhook.url || record.deliveries.some((attempt) => isSuccess(attempt.status))) return;
    void deliver(store, record).then((status) => {
      if (!isSuccess(status)) retryLater(store, record, attempt + 1);
    });
  }, delay);
  // Retries never keep a test run or `npm start` from exiting.
  timer.unref();
}
