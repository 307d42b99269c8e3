// What happens to Checkout Sessions, subscriptions and invoices, whoever asks: the API routes, the
// hosted pages and the control routes all change objects through these functions, so the same
// change always emits the same events (https://docs.stripe.com/billing/subscriptions/webhooks).
import {
  newCustomer,
  newInvoice,
  newSubscription,
  periodEnd,
  planOf,
  type StripeCheckoutLineItem,
  type StripeCheckoutSession,
  type StripeCustomer,
  type StripeInvoice,
  type StripeList,
  type StripePrice,
  type StripeSubscription,
  type StripeSubscriptionItem,
} from "./objects";
import type { CheckoutLine, CheckoutRecord, StripeStore } from "./store";
import { AUTOMATIC, emitEvent, previousAttributes, type EventOrigin } from "./webhooks";
import { nowSeconds, stripeId } from "./wire";

const DAY = 24 * 60 * 60;
/** How long after a failed renewal Stripe's automatic retries would try again. */
const RETRY_AFTER_FAILURE = 3 * DAY;

export function productName(store: StripeStore, price: StripePrice): string {
  return store.products.get(price.product)?.name ?? price.product;
}

export function firstItem(subscription: StripeSubscription): StripeSubscriptionItem {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`subscription ${subscription.id} has no items`);
  return item;
}

export type CheckoutInput = {
  lines: { price: StripePrice; quantity: number }[];
  successUrl: string;
  cancelUrl: string;
  customer: StripeCustomer | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  subscriptionData: CheckoutRecord["subscriptionData"];
  expiresAt: number | null;
  locale: string | null;
  allowPromotionCodes: boolean | null;
  billingAddressCollection: string | null;
};

export function createCheckoutSession(store: StripeStore, input: CheckoutInput, base: string): CheckoutRecord {
  const id = stripeId("cs_test", 58);
  const created = nowSeconds();
  const subtotal = input.lines.reduce((sum, line) => sum + line.price.unit_amount * line.quantity, 0);
  const currency = input.lines[0]?.price.currency ?? "usd";
  const session: StripeCheckoutSession = {
    id,
    object: "checkout.session",
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: input.allowPromotionCodes,
    allowed_payment_method_types: null,
    amount_subtotal: subtotal,
    amount_total: subtotal,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: input.billingAddressCollection,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: input.customer?.id ?? null,
    customer_account: null,
    // In subscription mode Checkout always makes a customer when it was not given one.
    customer_creation: input.customer ? null : "always",
    customer_details: null,
    customer_email: input.customerEmail,
    discounts: [],
    expires_at: input.expiresAt ?? created + DAY,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: input.locale,
    managed_payments: null,
    metadata: input.metadata,
    mode: "subscription",
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "always",
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: "automatic" } },
    payment_method_types: ["card"],
    payment_status: "unpaid",
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: { allow_redisplay_filters: ["always"], payment_method_remove: "disabled", payment_method_save: null },
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted_page",
    url: `${base}/checkout/c/pay/${id}`,
    wallet_options: null,
  };
  const lines: CheckoutLine[] = input.lines.map((line) => ({ id: stripeId("li"), price: line.price.id, quantity: line.quantity }));
  const record: CheckoutRecord = { session, lines, subscriptionData: input.subscriptionData };
  store.checkoutSessions.set(id, record);
  return record;
}

/** The session's line items as its expandable `line_items` list shows them. */
export function checkoutLineItems(store: StripeStore, record: CheckoutRecord): StripeList<StripeCheckoutLineItem> {
  const data = record.lines.flatMap((line): StripeCheckoutLineItem[] => {
    const price = store.prices.get(line.price);
    if (!price) return [];
    const amount = price.unit_amount * line.quantity;
    return [
      {
        id: line.id,
        object: "item",
        adjustable_quantity: null,
        amount_discount: 0,
        amount_subtotal: amount,
        amount_tax: 0,
        amount_total: amount,
        currency: price.currency,
        description: productName(store, price),
        metadata: {},
        price,
        quantity: line.quantity,
      },
    ];
  });
  return { object: "list", data, has_more: false, url: `/v1/checkout/sessions/${record.session.id}/line_items` };
}

/** An open session past its expires_at becomes expired when next looked at, as Stripe's sweep would. */
export function expireIfDue(store: StripeStore, record: CheckoutRecord): void {
  const { session } = record;
  if (session.status !== "open" || nowSeconds() < session.expires_at) return;
  session.status = "expired";
  session.url = null;
  emitEvent(store, "checkout.session.expired", session, AUTOMATIC);
}

function nextInvoiceNumber(store: StripeStore, customer: StripeCustomer): string {
  const count = [...store.invoices.values()].filter((invoice) => invoice.customer === customer.id).length + 1;
  return `${customer.invoice_prefix}-${String(count).padStart(4, "0")}`;
}

function markPaid(invoice: StripeInvoice): void {
  const paidAt = nowSeconds();
  invoice.status = "paid";
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.attempted = true;
  invoice.attempt_count += 1;
  invoice.auto_advance = false;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = paidAt;
}

function markFailed(invoice: StripeInvoice): void {
  invoice.attempted = true;
  invoice.attempt_count += 1;
  invoice.next_payment_attempt = nowSeconds() + RETRY_AFTER_FAILURE;
}

/**
 * The customer paid on the hosted page: the subscription starts now with its first invoice paid,
 * and the session completes. Events, in Stripe's order: customer.created (when Checkout had to
 * make the customer), customer.subscription.created, invoice.paid, checkout.session.completed.
 */
export function completeCheckout(
  store: StripeStore,
  record: CheckoutRecord,
  base: string,
): { subscription: StripeSubscription; invoice: StripeInvoice } {
  const { session } = record;
  if (session.status !== "open") throw new Error(`checkout session ${session.id} is ${session.status}`);
  if (session.customer && store.deletedCustomers.has(session.customer)) {
    throw new Error(`checkout session ${session.id} names deleted customer ${session.customer}`);
  }
  let customer = session.customer ? store.customers.get(session.customer) : undefined;
  if (!customer) {
    customer = newCustomer({ email: session.customer_email, name: null });
    store.customers.set(customer.id, customer);
    emitEvent(store, "customer.created", customer, AUTOMATIC);
  }
  const line = record.lines[0];
  const price = line && store.prices.get(line.price);
  if (!line || !price) throw new Error(`checkout session ${session.id} has no price to subscribe to`);

  const start = nowSeconds();
  const subscription = newSubscription({
    customer: customer.id,
    price,
    quantity: line.quantity,
    metadata: { ...record.subscriptionData.metadata },
    description: record.subscriptionData.description,
    start,
  });
  const item = firstItem(subscription);
  const invoice = newInvoice({
    customer,
    subscription,
    productName: productName(store, price),
    reason: "subscription_create",
    number: nextInvoiceNumber(store, customer),
    // A subscription's first invoice covers the instant it started; its line, the first period.
    period: { start, end: start },
    linePeriod: { start: item.current_period_start, end: item.current_period_end },
    baseUrl: base,
  });
  markPaid(invoice);
  subscription.latest_invoice = invoice.id;
  store.subscriptions.set(subscription.id, subscription);
  store.invoices.set(invoice.id, invoice);

  session.status = "complete";
  session.payment_status = "paid";
  session.customer = customer.id;
  session.customer_details = {
    address: null,
    business_name: null,
    email: customer.email,
    individual_name: null,
    name: customer.name,
    phone: null,
    tax_exempt: "none",
    tax_ids: [],
  };
  session.subscription = subscription.id;
  session.invoice = invoice.id;
  session.url = null;

  emitEvent(store, "customer.subscription.created", subscription, AUTOMATIC);
  emitEvent(store, "invoice.paid", invoice, AUTOMATIC);
  emitEvent(store, "checkout.session.completed", session, AUTOMATIC);
  return { subscription, invoice };
}

export type SubscriptionChange = {
  cancelAtPeriodEnd?: boolean;
  /** A new price for the subscription's item (its id stays, and so does the billing period). */
  price?: StripePrice;
  quantity?: number;
  /** Merged into the metadata; "" for a key unsets it, "" for the whole hash unsets all. */
  metadata?: Record<string, string> | "";
  description?: string | null;
  cancellationComment?: string | null;
  cancellationFeedback?: string | null;
};

/** Applies a change and emits customer.subscription.updated with what it was before, if anything changed. */
export function changeSubscription(
  store: StripeStore,
  subscription: StripeSubscription,
  change: SubscriptionChange,
  origin: EventOrigin,
): void {
  const before = structuredClone(subscription);
  const item = firstItem(subscription);
  if (change.cancelAtPeriodEnd === true && !subscription.cancel_at_period_end) {
    subscription.cancel_at_period_end = true;
    subscription.cancel_at = item.current_period_end;
    // Stripe stamps canceled_at with when cancellation was asked for, not when it takes effect.
    subscription.canceled_at = nowSeconds();
    subscription.cancellation_details.reason = "cancellation_requested";
  } else if (change.cancelAtPeriodEnd === false && subscription.cancel_at_period_end) {
    subscription.cancel_at_period_end = false;
    subscription.cancel_at = null;
    subscription.canceled_at = null;
    subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: null };
  }
  if (change.cancellationComment !== undefined) subscription.cancellation_details.comment = change.cancellationComment;
  if (change.cancellationFeedback !== undefined) subscription.cancellation_details.feedback = change.cancellationFeedback;
  if (change.price && change.price.id !== item.price.id) {
    item.price = change.price;
    item.plan = planOf(change.price);
    subscription.currency = change.price.currency;
  }
  if (change.quantity !== undefined) item.quantity = change.quantity;
  if (change.metadata === "") subscription.metadata = {};
  else if (change.metadata) {
    for (const [key, value] of Object.entries(change.metadata)) {
      if (value === "") delete subscription.metadata[key];
      else subscription.metadata[key] = value;
    }
  }
  if (change.description !== undefined) subscription.description = change.description;

  const previous = previousAttributes(before, subscription);
  if (Object.keys(previous).length > 0) emitEvent(store, "customer.subscription.updated", subscription, origin, previous);
}

/** Ends the subscription now (DELETE /v1/subscriptions/:id) and emits customer.subscription.deleted. */
export function cancelNow(store: StripeStore, subscription: StripeSubscription, origin: EventOrigin, comment?: string | null): void {
  const now = nowSeconds();
  subscription.status = "canceled";
  subscription.canceled_at = now;
  subscription.ended_at = now;
  subscription.cancel_at = null;
  subscription.cancel_at_period_end = false;
  subscription.cancellation_details.reason = "cancellation_requested";
  if (comment !== undefined) subscription.cancellation_details.comment = comment;
  emitEvent(store, "customer.subscription.deleted", subscription, origin);
}

/**
 * Moves the subscription to the end of its current period, as a test clock would. A subscription
 * set to cancel then ends; any other renews with a new invoice, which is paid or fails. The period
 * moves forward either way, as Stripe's does when it creates the renewal invoice.
 */
export function advanceSubscription(store: StripeStore, subscription: StripeSubscription, outcome: "paid" | "failed", base: string): void {
  const item = firstItem(subscription);
  const end = item.current_period_end;
  if (subscription.cancel_at_period_end) {
    subscription.status = "canceled";
    subscription.ended_at = end;
    subscription.canceled_at ??= end;
    emitEvent(store, "customer.subscription.deleted", subscription, AUTOMATIC);
    return;
  }
  const customer = store.customers.get(subscription.customer);
  if (!customer) throw new Error(`subscription ${subscription.id} names a customer the stand-in does not know`);
  const before = structuredClone(subscription);
  const nextEnd = periodEnd(end, item.price.recurring);
  const invoice = newInvoice({
    customer,
    subscription,
    productName: productName(store, item.price),
    reason: "subscription_cycle",
    number: nextInvoiceNumber(store, customer),
    period: { start: item.current_period_start, end },
    linePeriod: { start: end, end: nextEnd },
    baseUrl: base,
  });
  store.invoices.set(invoice.id, invoice);
  item.current_period_start = end;
  item.current_period_end = nextEnd;
  subscription.latest_invoice = invoice.id;

  if (outcome === "paid") {
    markPaid(invoice);
    subscription.status = "active";
    emitEvent(store, "invoice.paid", invoice, AUTOMATIC);
  } else {
    markFailed(invoice);
    subscription.status = "past_due";
    emitEvent(store, "invoice.payment_failed", invoice, AUTOMATIC);
  }
  emitEvent(store, "customer.subscription.updated", subscription, AUTOMATIC, previousAttributes(before, subscription));
}

/**
 * Deletes the customer (DELETE /v1/customers/:id): their subscriptions that have not ended are
 * cancelled now, each with customer.subscription.deleted, then customer.deleted names the customer
 * as it was. From then on the customer is retrievable only as deleted, and nothing can name it.
 */
export function deleteCustomer(store: StripeStore, customer: StripeCustomer, origin: EventOrigin): void {
  for (const subscription of liveSubscriptions(store, customer.id)) cancelNow(store, subscription, origin);
  store.customers.delete(customer.id);
  store.deletedCustomers.add(customer.id);
  emitEvent(store, "customer.deleted", customer, origin);
}

/** Subscriptions that have not ended, newest first, as the portal lists them. */
export function liveSubscriptions(store: StripeStore, customer: string): StripeSubscription[] {
  return [...store.subscriptions.values()]
    .filter(
      (subscription) =>
        subscription.customer === customer && subscription.status !== "canceled" && subscription.status !== "incomplete_expired",
    )
    .sort((a, b) => b.created - a.created);
}
