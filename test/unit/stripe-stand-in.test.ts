// The Stripe stand-in against the real stripe SDK: the shapes and errors the SDK gets back, the
// hosted Checkout and portal pages driven by form posts, the webhooks it signs (checked with the
// SDK's own verification) and the test controls under /__stand-ins/stripe.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startStandIns, type StandInServer } from "../stand-ins/server";
import {
  parseStripeForm,
  STRIPE_STAND_IN_KEY,
  STRIPE_STAND_IN_PRICES,
  STRIPE_STAND_IN_WEBHOOK_SECRET,
  stripeVendor,
} from "../stand-ins/vendors/stripe";

type Delivery = { headers: IncomingHttpHeaders; body: string };
type ListedEvent = {
  id: string;
  type: string;
  created: number;
  customer: string | null;
  objectId: string;
  payload: string;
  deliveries: { at: string; url: string; status: number | null; error: string | null }[];
};

const SUCCESS_URL = "http://app.test/billing/done?session={CHECKOUT_SESSION_ID}";
const CANCEL_URL = "http://app.test/billing";
const YEAR_RANGE = [365 * 86400, 366 * 86400];

let standIns: StandInServer;
let stripe: Stripe;
let receiver: Server;
let receiverUrl: string;
const received: Delivery[] = [];
/** Statuses the receiver answers, in turn; 200 once they run out. */
const receiverStatuses: number[] = [];

beforeAll(async () => {
  standIns = await startStandIns({ port: 0, vendors: [stripeVendor] });
  stripe = new Stripe(STRIPE_STAND_IN_KEY, { host: "127.0.0.1", port: standIns.port, protocol: "http", maxNetworkRetries: 0 });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(receiverStatuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/stripe`;
});

afterAll(async () => {
  await standIns.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

beforeEach(async () => {
  expect((await fetch(`${standIns.url}/__stand-ins/requests`, { method: "DELETE" })).status).toBe(204);
  await setForwardUrl(receiverUrl);
  received.length = 0;
  receiverStatuses.length = 0;
});

async function control<T = unknown>(path: string, init: { method?: string; json?: unknown } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${standIns.url}/__stand-ins/stripe${path}`, {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    headers: init.json === undefined ? {} : { "Content-Type": "application/json" },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function setForwardUrl(url: string | null) {
  const answer = await control("/webhook-endpoint", { json: { url } });
  expect(answer).toEqual({ status: 200, body: { url } });
}

async function eventsFor(customer: string, type?: string): Promise<ListedEvent[]> {
  const query = new URLSearchParams({ customer, ...(type ? { type } : {}) });
  return (await control<ListedEvent[]>(`/events?${query}`)).body;
}

/** Deliveries go out after the call that made the event has answered: wait for them. */
const WEBHOOK_WAIT = { timeout: 15_000, interval: 25 };

/** The deliveries the receiver got for these events, in the order it got them. */
function deliveriesOf(eventIds: string[]): Delivery[] {
  return received.filter((delivery) => eventIds.includes((JSON.parse(delivery.body) as { id: string }).id));
}

async function newCheckout(customer: string, price: string = STRIPE_STAND_IN_PRICES.basic, options: Stripe.RequestOptions = {}) {
  return stripe.checkout.sessions.create(
    {
      mode: "subscription",
      customer,
      line_items: [{ price, quantity: 1 }],
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
      client_reference_id: "user_42",
      metadata: { userId: "user_42" },
      subscription_data: { metadata: { userId: "user_42" } },
    },
    options,
  );
}

function submit(url: string, fields: Record<string, string>) {
  return fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
}

/** A customer who went through Checkout and paid: their active subscription. */
async function subscribed(price: string = STRIPE_STAND_IN_PRICES.basic) {
  const customer = await stripe.customers.create({ email: `pat.${Math.random().toString(36).slice(2, 8)}@example.com`, name: "Pat Payer" });
  const session = await newCheckout(customer.id, price);
  expect((await submit(session.url!, { outcome: "pay" })).status).toBe(303);
  const { subscription } = await stripe.checkout.sessions.retrieve(session.id);
  return { customer, session, subscription: await stripe.subscriptions.retrieve(subscription as string) };
}

describe("prices", () => {
  it("has the two Quiet Mailbox plans as Stripe Price objects", async () => {
    const basic = await stripe.prices.retrieve(STRIPE_STAND_IN_PRICES.basic);
    expect(basic).toMatchObject({
      id: "price_local_basic",
      object: "price",
      active: true,
      billing_scheme: "per_unit",
      currency: "usd",
      unit_amount: 1600,
      recurring: { interval: "year", interval_count: 1, usage_type: "licensed", meter: null, trial_period_days: null },
      type: "recurring",
      product: "prod_local_basic",
      lookup_key: null,
      nickname: null,
      metadata: {},
      livemode: false,
      tax_behavior: "unspecified",
    });
    // The SDK turns the decimal string into its Decimal class.
    expect(String(basic.unit_amount_decimal)).toBe("1600");
    const premium = await stripe.prices.retrieve(STRIPE_STAND_IN_PRICES.premium, { expand: ["product"] });
    expect(premium.unit_amount).toBe(1999);
    expect(premium.product).toMatchObject({ id: "prod_local_premium", object: "product", name: "Quiet Mailbox Premium" });
  });

  it("sends unit_amount_decimal as a string on the wire, like Stripe", async () => {
    const response = await fetch(`${standIns.url}/v1/prices/${STRIPE_STAND_IN_PRICES.basic}`, {
      headers: { Authorization: `Bearer ${STRIPE_STAND_IN_KEY}` },
    });
    expect(response.headers.get("stripe-version")).toBe("2026-10-28.endive");
    expect(((await response.json()) as { unit_amount_decimal: unknown }).unit_amount_decimal).toBe("1600");
  });

  it("answers 404 resource_missing for an unknown price", async () => {
    await expect(stripe.prices.retrieve("price_nope")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 404,
      code: "resource_missing",
      message: "No such price: 'price_nope'",
    });
  });

  it("is seeded again after a reset, which forgets everything else but the forward URL", async () => {
    const { subscription } = await subscribed();
    expect((await fetch(`${standIns.url}/__stand-ins/requests`, { method: "DELETE" })).status).toBe(204);
    await expect(stripe.subscriptions.retrieve(subscription.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await stripe.prices.retrieve(STRIPE_STAND_IN_PRICES.basic)).unit_amount).toBe(1600);
    expect((await control("/webhook-endpoint")).body).toEqual({ url: receiverUrl });
    expect((await control<ListedEvent[]>("/events")).body).toEqual([]);
  });
});

describe("Checkout", () => {
  it("creates an open session with a hosted page, and paying there starts the subscription", async () => {
    const customer = await stripe.customers.create({ email: "pat@example.com", name: "Pat Payer" });
    const session = await newCheckout(customer.id);
    expect(session).toMatchObject({
      id: expect.stringMatching(/^cs_test_[A-Za-z0-9]{20,}$/),
      object: "checkout.session",
      mode: "subscription",
      status: "open",
      payment_status: "unpaid",
      customer: customer.id,
      client_reference_id: "user_42",
      metadata: { userId: "user_42" },
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
      subscription: null,
      invoice: null,
      amount_subtotal: 1600,
      amount_total: 1600,
      currency: "usd",
      livemode: false,
      ui_mode: "hosted_page",
    });
    expect(session.url).toBe(`${standIns.url}/checkout/c/pay/${session.id}`);
    expect(session.expires_at - session.created).toBe(24 * 60 * 60);

    const shown = await fetch(session.url!);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await shown.text();
    expect(html).toMatch(/<h1>Subscribe to Quiet Mailbox Basic<\/h1>/);
    expect(html).toContain("$16.00 per year");
    expect(html).toContain("pat@example.com");
    expect(html).toContain("Local Stripe stand-in");
    expect(html).toContain('<button type="submit" name="outcome" value="pay">Pay</button>');
    expect(html).toMatch(/<button type="submit" name="outcome" value="decline"[^>]*>Decline<\/button>/);
    expect(html).toContain(`<a href="${CANCEL_URL}">Back</a>`);
    expect(html).not.toContain("<script");

    const paid = await submit(session.url!, { outcome: "pay" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://app.test/billing/done?session=${session.id}`);

    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription"] });
    expect(completed).toMatchObject({ status: "complete", payment_status: "paid", customer: customer.id, url: null });
    expect(completed.customer_details).toMatchObject({ email: "pat@example.com", name: "Pat Payer" });
    const subscription = completed.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({
      id: expect.stringMatching(/^sub_/),
      object: "subscription",
      customer: customer.id,
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      collection_method: "charge_automatically",
      currency: "usd",
      metadata: { userId: "user_42" },
      latest_invoice: completed.invoice,
      livemode: false,
    });
    const [item] = subscription.items.data;
    expect(item).toMatchObject({
      id: expect.stringMatching(/^si_/),
      object: "subscription_item",
      quantity: 1,
      subscription: subscription.id,
    });
    expect(item!.price.id).toBe(STRIPE_STAND_IN_PRICES.basic);
    expect(item!.current_period_start).toBe(subscription.start_date);
    expect(item!.current_period_end - item!.current_period_start).toBeGreaterThanOrEqual(YEAR_RANGE[0]!);
    expect(item!.current_period_end - item!.current_period_start).toBeLessThanOrEqual(YEAR_RANGE[1]!);
    // In this API version the period lives on the items only.
    expect(subscription).not.toHaveProperty("current_period_end");

    const invoice = await stripe.invoices.retrieve(completed.invoice as string);
    expect(invoice).toMatchObject({
      id: expect.stringMatching(/^in_/),
      object: "invoice",
      customer: customer.id,
      status: "paid",
      billing_reason: "subscription_create",
      amount_due: 1600,
      amount_paid: 1600,
      amount_remaining: 0,
      currency: "usd",
      attempted: true,
      attempt_count: 1,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: { userId: "user_42" } },
      },
      livemode: false,
    });
    expect(invoice.hosted_invoice_url).toBe(`${standIns.url}/invoice/i/${invoice.id}`);
    expect(await (await fetch(invoice.hosted_invoice_url!)).text()).toContain("Paid");

    const again = await (await fetch(session.url!)).text();
    expect(again).toContain("This checkout is complete.");
    expect(again).toContain(`href="http://app.test/billing/done?session=${session.id}"`);
  });

  it("emits the events in Stripe's order, signed so the SDK verifies them, and forwards them", async () => {
    const { customer, session, subscription } = await subscribed();
    const events = await eventsFor(customer.id);
    expect(events.map((event) => event.type)).toEqual([
      "customer.created",
      "customer.subscription.created",
      "invoice.paid",
      "checkout.session.completed",
    ]);
    expect(events.map((event) => event.objectId)).toEqual([customer.id, subscription.id, subscription.latest_invoice, session.id]);

    const ids = events.map((event) => event.id);
    const deliveries = await vi.waitFor(() => {
      const list = deliveriesOf(ids);
      expect(list).toHaveLength(ids.length);
      return list;
    }, WEBHOOK_WAIT);
    expect(deliveries.map((delivery) => (JSON.parse(delivery.body) as { id: string }).id)).toEqual(ids);
    for (const [index, delivery] of deliveries.entries()) {
      expect(delivery.headers["user-agent"]).toBe("Stripe/1.0 (+https://stripe.com/docs/webhooks)");
      expect(delivery.headers["content-type"]).toMatch(/^application\/json/);
      const signature = delivery.headers["stripe-signature"] as string;
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const event = stripe.webhooks.constructEvent(delivery.body, signature, STRIPE_STAND_IN_WEBHOOK_SECRET);
      expect(event).toMatchObject({
        id: ids[index],
        object: "event",
        api_version: "2026-10-28.endive",
        livemode: false,
        pending_webhooks: 1,
      });
      expect(delivery.body).toBe(events[index]!.payload);
      expect(() => stripe.webhooks.constructEvent(delivery.body, signature, "whsec_not_the_right_secret")).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
    }

    const completed = JSON.parse(events[3]!.payload) as Stripe.CheckoutSessionCompletedEvent;
    expect(completed.data.object).toMatchObject({
      id: session.id,
      status: "complete",
      payment_status: "paid",
      subscription: subscription.id,
    });
    expect(completed.request).toEqual({ id: null, idempotency_key: null });
    const created = JSON.parse(events[1]!.payload) as Stripe.CustomerSubscriptionCreatedEvent;
    expect(created.data.object.items.data[0]!.price.id).toBe(STRIPE_STAND_IN_PRICES.basic);
    const invoicePaid = JSON.parse(events[2]!.payload) as Stripe.InvoicePaidEvent;
    expect(invoicePaid.data.object.parent?.subscription_details?.subscription).toBe(subscription.id);

    const listed = await vi.waitFor(async () => {
      const list = await eventsFor(customer.id);
      expect(list.map((event) => event.deliveries.length)).toEqual(list.map(() => 1));
      return list;
    }, WEBHOOK_WAIT);
    expect(listed.map((event) => event.deliveries[0]!.status)).toEqual([200, 200, 200, 200]);
    expect((await eventsFor(customer.id, "invoice.paid")).map((event) => event.id)).toEqual([ids[2]]);
  });

  it("on Decline, shows the page again with the card declined, and changes nothing", async () => {
    const customer = await stripe.customers.create({ email: "declined@example.com" });
    const session = await newCheckout(customer.id);
    const declined = await submit(session.url!, { outcome: "decline" });
    expect(declined.status).toBe(402);
    const html = await declined.text();
    expect(html).toContain("Your card was declined.");
    expect(html).toContain('value="pay">Pay</button>');
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: "open",
      payment_status: "unpaid",
      subscription: null,
    });
    expect((await eventsFor(customer.id)).map((event) => event.type)).toEqual(["customer.created"]);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
  });

  it("shows a 404 page for an unknown session", async () => {
    const response = await fetch(`${standIns.url}/checkout/c/pay/cs_test_unknown`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("does not exist or has expired");
  });

  it("replays the first answer for the same Idempotency-Key, and refuses other parameters with it", async () => {
    const customer = await stripe.customers.create({ email: "again@example.com" });
    const first = await newCheckout(customer.id, STRIPE_STAND_IN_PRICES.basic, { idempotencyKey: "checkout-once" });
    const replay = await newCheckout(customer.id, STRIPE_STAND_IN_PRICES.basic, { idempotencyKey: "checkout-once" });
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers["idempotent-replayed"]).toBe("true");
    await expect(newCheckout(customer.id, STRIPE_STAND_IN_PRICES.premium, { idempotencyKey: "checkout-once" })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
    const fresh = await newCheckout(customer.id, STRIPE_STAND_IN_PRICES.basic, { idempotencyKey: "checkout-other" });
    expect(fresh.id).not.toBe(first.id);
  });

  it("saves nothing under the key for parameters that fail validation, as Stripe does", async () => {
    const customer = await stripe.customers.create({ email: "corrected@example.com" });
    await expect(newCheckout(customer.id, "price_nope", { idempotencyKey: "checkout-corrected" })).rejects.toMatchObject({
      statusCode: 400,
    });
    const corrected = await newCheckout(customer.id, STRIPE_STAND_IN_PRICES.basic, { idempotencyKey: "checkout-corrected" });
    expect(corrected.id).toMatch(/^cs_test_/);
  });

  it("answers Stripe's errors for what it cannot accept", async () => {
    const customer = await stripe.customers.create({ email: "errors@example.com" });
    const base = { mode: "subscription" as const, customer: customer.id, success_url: SUCCESS_URL, cancel_url: CANCEL_URL };
    await expect(stripe.checkout.sessions.create({ ...base, line_items: [{ price: "price_nope", quantity: 1 }] })).rejects.toMatchObject({
      statusCode: 400,
      code: "resource_missing",
      param: "line_items[0][price]",
      message: "No such price: 'price_nope'",
    });
    await expect(
      stripe.checkout.sessions.create({
        ...base,
        mode: undefined as unknown as "subscription",
        line_items: [{ price: STRIPE_STAND_IN_PRICES.basic, quantity: 1 }],
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: "parameter_missing",
      param: "mode",
    });
    await expect(stripe.checkout.sessions.create({ ...base, line_items: [{ price: STRIPE_STAND_IN_PRICES.basic }] })).rejects.toMatchObject(
      {
        statusCode: 400,
        code: "parameter_missing",
        param: "line_items[0][quantity]",
      },
    );
    await expect(
      stripe.checkout.sessions.create({
        ...base,
        success_url: undefined,
        line_items: [{ price: STRIPE_STAND_IN_PRICES.basic, quantity: 1 }],
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: "success_url",
    });
    await expect(
      stripe.checkout.sessions.create({
        ...base,
        cancel_url: undefined,
        line_items: [{ price: STRIPE_STAND_IN_PRICES.basic, quantity: 1 }],
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: "cancel_url",
    });
    await expect(
      stripe.checkout.sessions.create({
        ...base,
        customer: "cus_nope",
        line_items: [{ price: STRIPE_STAND_IN_PRICES.basic, quantity: 1 }],
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: "resource_missing",
      param: "customer",
    });
    await expect(
      stripe.checkout.sessions.create({
        ...base,
        line_items: [{ price: STRIPE_STAND_IN_PRICES.basic, quantity: 1 }],
        ...({ not_a_param: "x" } as object),
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "not_a_param" });
    await expect(stripe.checkout.sessions.retrieve("cs_test_nope")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  it("answers 401 without a key, and names a wrong one with most of it hidden", async () => {
    const response = await fetch(`${standIns.url}/v1/checkout/sessions`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "mode=subscription",
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { type: string; message: string } }).error).toMatchObject({
      type: "invalid_request_error",
      message: expect.stringContaining("You did not provide an API key."),
    });
    const wrong = new Stripe("sk_test_wrong_key_1234", { host: "127.0.0.1", port: standIns.port, protocol: "http", maxNetworkRetries: 0 });
    await expect(wrong.prices.retrieve(STRIPE_STAND_IN_PRICES.basic)).rejects.toMatchObject({
      type: "StripeAuthenticationError",
      statusCode: 401,
      message: "Invalid API Key provided: sk_test_**********1234",
    });
  });
});

describe("subscriptions", () => {
  it("switches plans, cancels at period end and back through the API, with previous_attributes", async () => {
    const { customer, subscription } = await subscribed();
    const item = subscription.items.data[0]!;

    const switched = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: STRIPE_STAND_IN_PRICES.premium }],
      proration_behavior: "create_prorations",
      metadata: { plan: "premium" },
    });
    expect(switched.items.data[0]).toMatchObject({
      id: item.id,
      price: { id: STRIPE_STAND_IN_PRICES.premium, unit_amount: 1999 },
      current_period_end: item.current_period_end,
    });
    expect(switched.metadata).toEqual({ userId: "user_42", plan: "premium" });

    const cancelling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }, { idempotencyKey: "cancel-1" });
    expect(cancelling).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: item.current_period_end,
      status: "active",
      cancellation_details: { reason: "cancellation_requested" },
    });
    expect(cancelling.canceled_at).toEqual(expect.any(Number));
    const renewed = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(renewed).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });

    const updates = (await eventsFor(customer.id, "customer.subscription.updated")).map(
      (event) => JSON.parse(event.payload) as Stripe.CustomerSubscriptionUpdatedEvent,
    );
    expect(updates).toHaveLength(3);
    expect(updates[0]!.data.previous_attributes).toMatchObject({
      items: { data: [{ price: { id: STRIPE_STAND_IN_PRICES.basic } }] },
      metadata: { plan: null },
    });
    expect(updates[0]!.data.object.items.data[0]!.price.id).toBe(STRIPE_STAND_IN_PRICES.premium);
    expect(updates[1]!.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    expect(updates[1]!.request).toEqual({ id: expect.stringMatching(/^req_/), idempotency_key: "cancel-1" });
    expect(updates[2]!.data.previous_attributes).toMatchObject({ cancel_at_period_end: true, cancel_at: item.current_period_end });

    await expect(stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, price: "price_nope" }] })).rejects.toMatchObject({
      statusCode: 400,
      code: "resource_missing",
      param: "items[0][price]",
    });
  });

  it("cancels now on DELETE, with customer.subscription.deleted", async () => {
    const { customer, subscription } = await subscribed();
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({ status: "canceled", canceled_at: expect.any(Number), ended_at: expect.any(Number) });
    const [deleted] = await eventsFor(customer.id, "customer.subscription.deleted");
    expect(JSON.parse(deleted!.payload)).toMatchObject({ data: { object: { id: subscription.id, status: "canceled" } } });
    await expect(stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })).rejects.toMatchObject({ statusCode: 400 });
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: "canceled" })).data.map((listed) => listed.id)).toEqual([
      subscription.id,
    ]);
  });

  it("renews on advance: a paid subscription_cycle invoice and the period a year on", async () => {
    const { customer, subscription } = await subscribed();
    const item = subscription.items.data[0]!;
    const advanced = await control<Stripe.Subscription>(`/subscriptions/${subscription.id}/advance`, { json: { outcome: "paid" } });
    expect(advanced.status).toBe(200);
    expect(advanced.body).toMatchObject({ status: "active" });
    expect(advanced.body.items.data[0]!.current_period_start).toBe(item.current_period_end);
    expect(advanced.body.items.data[0]!.current_period_end - item.current_period_end).toBeGreaterThanOrEqual(YEAR_RANGE[0]!);
    expect(advanced.body.latest_invoice).not.toBe(subscription.latest_invoice);
    const invoice = await stripe.invoices.retrieve(advanced.body.latest_invoice as string);
    expect(invoice).toMatchObject({
      status: "paid",
      billing_reason: "subscription_cycle",
      amount_paid: 1600,
      period_end: item.current_period_end,
    });

    const types = (await eventsFor(customer.id)).map((event) => event.type).slice(4);
    expect(types).toEqual(["invoice.paid", "customer.subscription.updated"]);
  });

  it("on a failed renewal, leaves the invoice open and the subscription past_due", async () => {
    const { customer, subscription } = await subscribed();
    const advanced = await control<Stripe.Subscription>(`/subscriptions/${subscription.id}/advance`, { json: { outcome: "failed" } });
    expect(advanced.body.status).toBe("past_due");
    const invoice = await stripe.invoices.retrieve(advanced.body.latest_invoice as string);
    expect(invoice).toMatchObject({
      status: "open",
      billing_reason: "subscription_cycle",
      attempted: true,
      attempt_count: 1,
      amount_paid: 0,
      amount_remaining: 1600,
    });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);

    const events = (await eventsFor(customer.id)).slice(4);
    expect(events.map((event) => event.type)).toEqual(["invoice.payment_failed", "customer.subscription.updated"]);
    const updated = JSON.parse(events[1]!.payload) as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(updated.data.object.status).toBe("past_due");
    expect(updated.data.previous_attributes).toMatchObject({ status: "active", latest_invoice: subscription.latest_invoice });

    expect((await control(`/subscriptions/${subscription.id}/advance`, { json: { outcome: "maybe" } })).status).toBe(400);
    expect((await control("/subscriptions/sub_nope/advance", { json: { outcome: "paid" } })).status).toBe(404);
  });
});

describe("customer portal", () => {
  it("creates a portal session for a known customer only", async () => {
    const { customer } = await subscribed();
    const session = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://app.test/account" });
    expect(session).toMatchObject({
      id: expect.stringMatching(/^bps_/),
      object: "billing_portal.session",
      customer: customer.id,
      return_url: "http://app.test/account",
      configuration: "bpc_local",
      livemode: false,
      locale: null,
      on_behalf_of: null,
      flow: null,
    });
    expect(session.url).toBe(`${standIns.url}/billing/p/session/${session.id}`);
    await expect(stripe.billingPortal.sessions.create({ customer: "cus_nope" })).rejects.toMatchObject({
      statusCode: 400,
      code: "resource_missing",
      param: "customer",
    });
    await expect(stripe.billingPortal.sessions.create({} as Stripe.BillingPortal.SessionCreateParams)).rejects.toMatchObject({
      statusCode: 400,
      code: "parameter_missing",
      param: "customer",
    });
  });

  it("switches plan, cancels and un-cancels from the page, then the subscription ends at period end", async () => {
    const { customer, subscription } = await subscribed();
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://app.test/account" });

    let html = await (await fetch(portal.url)).text();
    expect(html).toContain("<h1>Quiet Mailbox billing</h1>");
    expect(html).toContain("Quiet Mailbox Basic");
    expect(html).toContain("$16.00 per year · Active");
    expect(html).toContain("Renews on");
    expect(html).toContain(">Switch to Premium</button>");
    expect(html).toContain(">Cancel subscription</button>");
    expect(html).toContain('<a href="http://app.test/account">Return to Quiet Mailbox</a>');

    const switched = await submit(portal.url, { action: "switch", subscription: subscription.id, price: STRIPE_STAND_IN_PRICES.premium });
    expect(switched.status).toBe(303);
    expect(switched.headers.get("location")).toBe(portal.url);
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0]!.price.id).toBe(STRIPE_STAND_IN_PRICES.premium);
    html = await (await fetch(portal.url)).text();
    expect(html).toContain("$19.99 per year");
    expect(html).toContain(">Switch to Basic</button>");

    expect((await submit(portal.url, { action: "cancel", subscription: subscription.id })).status).toBe(303);
    const cancelling = await stripe.subscriptions.retrieve(subscription.id);
    expect(cancelling).toMatchObject({ cancel_at_period_end: true, cancel_at: subscription.items.data[0]!.current_period_end });
    html = await (await fetch(portal.url)).text();
    expect(html).toContain(">Don't cancel</button>");
    expect(html).toContain("Ends on");
    expect(html).not.toContain("Cancel subscription");

    expect((await submit(portal.url, { action: "renew", subscription: subscription.id })).status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);
    expect((await submit(portal.url, { action: "cancel", subscription: subscription.id })).status).toBe(303);

    const updates = (await eventsFor(customer.id, "customer.subscription.updated")).map(
      (event) => JSON.parse(event.payload) as Stripe.CustomerSubscriptionUpdatedEvent,
    );
    expect(updates.map((event) => event.data.previous_attributes)).toMatchObject([
      { items: { data: [{ price: { id: STRIPE_STAND_IN_PRICES.basic } }] } },
      { cancel_at_period_end: false, cancel_at: null },
      { cancel_at_period_end: true },
      { cancel_at_period_end: false },
    ]);
    expect(updates[0]!.request?.id).toMatch(/^req_/);

    const ended = await control<Stripe.Subscription>(`/subscriptions/${subscription.id}/advance`, { json: { outcome: "paid" } });
    expect(ended.body).toMatchObject({ status: "canceled", ended_at: subscription.items.data[0]!.current_period_end });
    expect(ended.body.canceled_at).toEqual(expect.any(Number));
    const deleted = await eventsFor(customer.id, "customer.subscription.deleted");
    expect(deleted.map((event) => event.objectId)).toEqual([subscription.id]);
    expect(await (await fetch(portal.url)).text()).toContain("You have no active subscription.");
  });

  it("refuses a subscription of another customer, and shows 404 for an unknown session", async () => {
    const mine = await subscribed();
    const theirs = await subscribed();
    const portal = await stripe.billingPortal.sessions.create({ customer: mine.customer.id });
    const refused = await submit(portal.url, { action: "cancel", subscription: theirs.subscription.id });
    expect(refused.status).toBe(400);
    expect((await stripe.subscriptions.retrieve(theirs.subscription.id)).cancel_at_period_end).toBe(false);
    expect((await fetch(`${standIns.url}/billing/p/session/bps_nope`)).status).toBe(404);
  });
});

describe("webhook controls", () => {
  it("signs an event on demand for posting it elsewhere, and (re)delivers it to the forward URL", async () => {
    await setForwardUrl(null);
    const { customer } = await subscribed();
    const [event] = await eventsFor(customer.id, "checkout.session.completed");
    expect(event!.deliveries).toEqual([]);

    const signed = await control<{ payload: string; signature: string }>(`/events/${event!.id}/signed`, { method: "POST" });
    expect(signed.status).toBe(200);
    expect(signed.body.payload).toBe(event!.payload);
    expect(stripe.webhooks.constructEvent(signed.body.payload, signed.body.signature, STRIPE_STAND_IN_WEBHOOK_SECRET).id).toBe(event!.id);
    expect(() => stripe.webhooks.constructEvent(signed.body.payload, signed.body.signature, "whsec_wrong")).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect((await control(`/events/evt_nope/signed`, { method: "POST" })).status).toBe(404);

    expect((await control(`/events/${event!.id}/deliver`, { method: "POST" })).status).toBe(409);
    await setForwardUrl(receiverUrl);
    receiverStatuses.push(500);
    expect(await control(`/events/${event!.id}/deliver`, { method: "POST" })).toEqual({ status: 200, body: { status: 500 } });
    expect(await control(`/events/${event!.id}/deliver`, { method: "POST" })).toEqual({ status: 200, body: { status: 200 } });
    const deliveries = deliveriesOf([event!.id]);
    expect(deliveries).toHaveLength(2);
    expect(
      stripe.webhooks.constructEvent(
        deliveries[1]!.body,
        deliveries[1]!.headers["stripe-signature"] as string,
        STRIPE_STAND_IN_WEBHOOK_SECRET,
      ).type,
    ).toBe("checkout.session.completed");
    const [listed] = await eventsFor(customer.id, "checkout.session.completed");
    expect(listed!.deliveries.map((attempt) => attempt.status)).toEqual([500, 200]);
  });

  it("retries a failed delivery with backoff until the receiver takes it", async () => {
    receiverStatuses.push(503, 500);
    const customer = await stripe.customers.create({ email: "retry@example.com" });
    const [created] = await eventsFor(customer.id);
    const listed = await vi.waitFor(async () => {
      const events = await eventsFor(customer.id);
      expect(events[0]!.deliveries).toHaveLength(3);
      return events;
    }, WEBHOOK_WAIT);
    expect(listed[0]!.id).toBe(created!.id);
    expect(listed[0]!.deliveries.map((attempt) => attempt.status)).toEqual([503, 500, 200]);
    const [first, , third] = listed[0]!.deliveries;
    expect(Date.parse(third!.at) - Date.parse(first!.at)).toBeGreaterThanOrEqual(1400);
  });

  it("records a network failure as an attempt with its error", async () => {
    await setForwardUrl("http://127.0.0.1:9/unreachable");
    const customer = await stripe.customers.create({ email: "unreachable@example.com" });
    const [event] = await vi.waitFor(async () => {
      const events = await eventsFor(customer.id);
      expect(events[0]!.deliveries.length).toBeGreaterThanOrEqual(1);
      return events;
    }, WEBHOOK_WAIT);
    expect(event!.deliveries[0]).toMatchObject({ status: null, url: "http://127.0.0.1:9/unreachable", error: expect.any(String) });
    expect((await control(`/events/${event!.id}/deliver`, { method: "POST" })).status).toBe(502);
  });

  it("keeps control calls out of the request log and away from faults", async () => {
    await fetch(`${standIns.url}/__stand-ins/faults`, {
      method: "POST",
      body: JSON.stringify({ vendor: "stripe", status: 500, times: 5 }),
    });
    expect((await control("/webhook-endpoint")).status).toBe(200);
    expect((await control<ListedEvent[]>("/events")).status).toBe(200);
    expect(standIns.recorded("stripe")).toEqual([]);
    await expect(stripe.prices.retrieve(STRIPE_STAND_IN_PRICES.basic)).rejects.toMatchObject({ statusCode: 500 });
    expect(standIns.recorded("stripe").map((request) => request.path)).toEqual([`/v1/prices/${STRIPE_STAND_IN_PRICES.basic}`]);
  });
});

describe("parseStripeForm", () => {
  it("reads nested hashes, indexed lists and [] lists the way Stripe does", () => {
    expect(
      parseStripeForm("metadata[userId]=1&line_items[0][price]=p&line_items[0][quantity]=2&expand[]=a&expand[]=b&mode=subscription"),
    ).toEqual({
      metadata: { userId: "1" },
      line_items: { "0": { price: "p", quantity: "2" } },
      expand: ["a", "b"],
      mode: "subscription",
    });
  });
});
