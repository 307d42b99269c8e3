// Test controls for the Stripe stand-in, under /__stand-ins/stripe (JSON in, JSON out):
//   GET  /webhook-endpoint                 {url}: where events are forwarded (null: nowhere)
//   POST /webhook-endpoint                 {url: string | null}: forward every new event there
//   GET  /events?customer=&type=           events oldest first: {id, type, created, customer, objectId, payload, deliveries}
//   POST /events/:id/signed                {payload, signature}: the event signed now, to post it yourself
//   POST /events/:id/deliver               {status}: (re)deliver to the forward URL now; 409 without one
//   POST /subscriptions/:id/advance        {outcome: "paid" | "failed"}: jump to the end of the period
//   POST /prices                           {unit_amount}: a new yearly price of the Basic product, as in the dashboard
import type { StandInRequest, StandInResponse, VendorRoute } from "../../server";
import { advanceSubscription } from "./billing";
import { storeOf, type EventRecord, type StripeStore } from "./store";
import { deliver, signPayload } from "./webhooks";
import { baseUrl, nowSeconds, stripeId } from "./wire";

function json(status: number, body: unknown): StandInResponse {
  return { status, body };
}

function jsonBody(request: StandInRequest): Record<string, unknown> | null {
  const { body } = request;
  if (body === null) return {};
  return typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

function findEvent(store: StripeStore, id: string): EventRecord | undefined {
  return store.events.find((record) => record.event.id === id);
}

function describeEvent(record: EventRecord) {
  const { event, customer, objectId, payload, deliveries } = record;
  return { id: event.id, type: event.type, created: event.created, customer, objectId, payload, deliveries };
}

function setWebhookEndpoint(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const body = jsonBody(request);
  const url = body?.url;
  if (url !== null && (typeof url !== "string" || !/^https?:\/\/./.test(url))) {
    return json(400, { error: "send {url} with an http(s) URL, or {url: null} to stop forwarding" });
  }
  storeOf(state).webhook.url = url;
  return json(200, { url });
}

function listEvents(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const { customer, type } = request.query;
  const events = storeOf(state).events.filter(
    (record) => (!customer || record.customer === customer) && (!type || record.event.type === type),
  );
  return json(200, events.map(describeEvent));
}

function signEvent(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const record = findEvent(storeOf(state), request.params.id ?? "");
  if (!record) return json(404, { error: `no event ${request.params.id}` });
  return json(200, { payload: record.payload, signature: signPayload(record.payload) });
}

async function deliverEvent(request: StandInRequest, state: Map<string, unknown>): Promise<StandInResponse> {
  const store = storeOf(state);
  const record = findEvent(store, request.params.id ?? "");
  if (!record) return json(404, { error: `no event ${request.params.id}` });
  if (!store.webhook.url) return json(409, { error: "no forward URL: POST /__stand-ins/stripe/webhook-endpoint first" });
  const status = await deliver(store, record);
  if (status === null) return json(502, { status, error: record.deliveries.at(-1)?.error ?? "no answer" });
  return json(200, { status });
}

function advance(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const store = storeOf(state);
  const subscription = store.subscriptions.get(request.params.id ?? "");
  if (!subscription) return json(404, { error: `no subscription ${request.params.id}` });
  const outcome = jsonBody(request)?.outcome ?? "paid";
  if (outcome !== "paid" && outcome !== "failed") return json(400, { error: 'outcome must be "paid" or "failed"' });
  if (subscription.status === "canceled") return json(400, { error: `subscription ${subscription.id} has already ended` });
  advanceSubscription(store, subscription, outcome, baseUrl(request));
  return json(200, subscription);
}

function createPrice(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const store = storeOf(state);
  const amount = jsonBody(request)?.unit_amount;
  if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 0) return json(400, { error: "send {unit_amount} in cents" });
  const template = [...store.prices.values()][0];
  if (!template) return json(409, { error: "the catalog has no price to copy" });
  const price = { ...template, id: stripeId("price"), unit_amount: amount, unit_amount_decimal: String(amount), created: nowSeconds() };
  store.prices.set(price.id, price);
  return json(201, price);
}

export const controlRoutes: VendorRoute[] = [
  { method: "GET", path: "/webhook-endpoint", handle: (_request, state) => json(200, { url: storeOf(state).webhook.url }) },
  { method: "POST", path: "/webhook-endpoint", handle: setWebhookEndpoint },
  { method: "GET", path: "/events", handle: listEvents },
  { method: "POST", path: "/events/:id/signed", handle: signEvent },
  { method: "POST", path: "/events/:id/deliver", handle: deliverEvent },
  { method: "POST", path: "/subscriptions/:id/advance", handle: advance },
  { method: "POST", path: "/prices", handle: createPrice },
];
