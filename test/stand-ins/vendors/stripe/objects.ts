// The Stripe objects the stand-in keeps, in the wire shapes of API version 2026-10-28.endive
// (stripe-node 23.1.0's resources/*.d.ts): every field Stripe always sends is here, with the value
// a plain test-mode account without tax, discounts or Connect would have.
import { randomBytes } from "node:crypto";
import { nowSeconds, stripeId } from "./wire";

export type Metadata = Record<string, string>;

export type StripeList<T> = { object: "list"; data: T[]; has_more: boolean; total_count?: number; url: string };

export type StripeProduct = {
  id: string;
  object: "product";
  active: boolean;
  created: number;
  default_price: string | null;
  description: string | null;
  images: string[];
  livemode: false;
  marketing_features: { name: string }[];
  metadata: Metadata;
  name: string;
  package_dimensions: null;
  shippable: null;
  statement_descriptor: null;
  tax_code: null;
  tax_details: null;
  type: "service";
  unit_label: null;
  updated: number;
  url: null;
};

type Interval = "day" | "week" | "month" | "year";

export type StripePrice = {
  id: string;
  object: "price";
  active: boolean;
  billing_scheme: "per_unit";
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: { interval: Interval; interval_count: number; meter: null; trial_period_days: null; usage_type: "licensed" };
  tax_behavior: "unspecified";
  tiers_mode: null;
  transform_quantity: null;
  type: "recurring";
  unit_amount: number;
  /** A decimal string on the wire; stripe-node turns it into its Decimal class. */
  unit_amount_decimal: string;
};

/** The legacy twin of a recurring price that subscription items still carry. */
export type StripePlan = {
  id: string;
  object: "plan";
  active: boolean;
  amount: number;
  amount_decimal: string;
  billing_scheme: "per_unit";
  created: number;
  currency: string;
  interval: Interval;
  interval_count: number;
  livemode: false;
  metadata: Metadata;
  meter: null;
  nickname: string | null;
  product: string;
  tiers_mode: null;
  transform_usage: null;
  trial_period_days: null;
  usage_type: "licensed";
};

export type StripeCustomer = {
  id: string;
  object: "customer";
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: { custom_fields: null; default_payment_method: null; footer: null; rendering_options: null };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: "none";
  test_clock: null;
};

/** What Stripe answers for a deleted customer, on DELETE and on every retrieve after it. */
export type StripeDeletedCustomer = { id: string; object: "customer"; deleted: true };

export function deletedCustomer(id: string): StripeDeletedCustomer {
  return { id, object: "customer", deleted: true };
}

export type StripeSubscriptionItem = {
  id: string;
  object: "subscription_item";
  billing_thresholds: null;
  created: number;
  current_period_end: number;
  current_period_start: number;
  current_trial: null;
  discounts: string[];
  metadata: Metadata;
  plan: StripePlan;
  price: StripePrice;
  quantity: number;
  subscription: string;
  tax_rates: never[];
};

type SubscriptionStatus = "active" | "past_due" | "canceled" | "incomplete" | "incomplete_expired" | "trialing" | "unpaid" | "paused";

export type StripeSubscription = {
  id: string;
  object: "subscription";
  application: null;
  application_fee_percent: null;
  automatic_tax: { disabled_reason: null; enabled: false; liability: null };
  billing_cycle_anchor: number;
  billing_cycle_anchor_config: null;
  billing_mode: { flexible: { proration_discounts: "included" }; type: "flexible"; updated_at: number };
  billing_schedules: never[];
  billing_thresholds: null;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: {
    comment: string | null;
    feedback: string | null;
    feedback_option: null;
    reason: "cancellation_requested" | "payment_disputed" | "payment_failed" | null;
  };
  collection_method: "charge_automatically";
  created: number;
  currency: string;
  customer: string;
  customer_account: null;
  days_until_due: null;
  default_payment_method: null;
  default_source: null;
  default_tax_rates: never[];
  description: string | null;
  discounts: string[];
  ended_at: number | null;
  invoice_settings: { account_tax_ids: null; custom_fields: null; description: null; footer: null; issuer: { type: "self" } };
  items: StripeList<StripeSubscriptionItem>;
  latest_invoice: string | null;
  livemode: false;
  managed_payments: null;
  metadata: Metadata;
  next_pending_invoice_item_invoice: null;
  on_behalf_of: null;
  pause_collection: null;
  payment_settings: { payment_method_options: null; payment_method_types: null; save_default_payment_method: "off" };
  pending_invoice_item_interval: null;
  pending_setup_intent: null;
  pending_update: null;
  schedule: null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: null;
  transfer_data: null;
  trial_end: null;
  trial_settings: { end_behavior: { billing_cycle_anchor: null; missing_payment_method: "create_invoice" } };
  trial_start: null;
};

type StripeInvoiceLineItem = {
  id: string;
  object: "line_item";
  amount: number;
  currency: string;
  description: string;
  discount_amounts: never[];
  discountable: boolean;
  discounts: string[];
  invoice: string;
  livemode: false;
  metadata: Metadata;
  parent: {
    type: "subscription_item_details";
    invoice_item_details: null;
    subscription_item_details: {
      invoice_item: null;
      proration: boolean;
      proration_details: { credited_items: null };
      subscription: string;
      subscription_item: string;
    };
  };
  period: { start: number; end: number };
  pretax_credit_amounts: never[];
  pricing: { type: "price_details"; price_details: { price: string; product: string }; unit_amount_decimal: string };
  quantity: number;
  quantity_decimal: string;
  subscription: string;
  subtotal: number;
  taxes: never[];
};

type InvoiceStatus = "draft" | "open" | "paid" | "uncollectible" | "void";
export type BillingReason = "subscription_create" | "subscription_cycle" | "subscription_update";

export type StripeInvoice = {
  id: string;
  object: "invoice";
  account_country: string;
  account_name: string;
  account_tax_ids: null;
  amount_due: number;
  amount_overpaid: number;
  amount_paid: number;
  amount_remaining: number;
  amount_shipping: number;
  application: null;
  attempt_count: number;
  attempted: boolean;
  auto_advance: boolean;
  automatic_tax: { disabled_reason: null; enabled: false; liability: null; provider: null; status: null };
  automatically_finalizes_at: null;
  billing_reason: BillingReason;
  collection_method: "charge_automatically";
  created: number;
  currency: string;
  custom_fields: null;
  customer: string;
  customer_account: null;
  customer_address: null;
  customer_email: string | null;
  customer_name: string | null;
  customer_phone: null;
  customer_shipping: null;
  customer_tax_exempt: "none";
  customer_tax_ids: never[];
  default_payment_method: null;
  default_source: null;
  default_tax_rates: never[];
  description: null;
  discounts: string[];
  due_date: null;
  effective_at: number;
  ending_balance: number;
  footer: null;
  from_invoice: null;
  hosted_invoice_url: string;
  invoice_pdf: null;
  issuer: { type: "self" };
  last_finalization_error: null;
  latest_revision: null;
  lines: StripeList<StripeInvoiceLineItem>;
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string;
  on_behalf_of: null;
  parent: {
    type: "subscription_details";
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  payment_settings: { default_mandate: null; payment_method_options: null; payment_method_types: null };
  period_end: number;
  period_start: number;
  post_payment_credit_notes_amount: number;
  pre_payment_credit_notes_amount: number;
  receipt_number: null;
  rendering: null;
  shipping_cost: null;
  shipping_details: null;
  starting_balance: number;
  statement_descriptor: null;
  status: InvoiceStatus;
  status_transitions: { finalized_at: number | null; marked_uncollectible_at: null; paid_at: number | null; voided_at: null };
  subtotal: number;
  subtotal_excluding_tax: number;
  test_clock: null;
  total: number;
  total_discount_amounts: never[];
  total_excluding_tax: number;
  total_pretax_credit_amounts: never[];
  total_taxes: never[];
  webhooks_delivered_at: number | null;
};

export type StripeCheckoutSession = {
  id: string;
  object: "checkout.session";
  adaptive_pricing: { enabled: boolean } | null;
  after_expiration: null;
  allow_promotion_codes: boolean | null;
  allowed_payment_method_types: null;
  amount_subtotal: number;
  amount_total: number;
  automatic_tax: { enabled: false; liability: null; provider: null; status: null };
  billing_address_collection: string | null;
  cancel_url: string;
  client_reference_id: string | null;
  client_secret: null;
  collected_information: null;
  consent: null;
  consent_collection: null;
  created: number;
  currency: string;
  currency_conversion: null;
  custom_fields: never[];
  custom_text: { after_submit: null; shipping_address: null; submit: null; terms_of_service_acceptance: null };
  customer: string | null;
  customer_account: null;
  customer_creation: "always" | "if_required" | null;
  customer_details: {
    address: null;
    business_name: null;
    email: string | null;
    individual_name: null;
    name: string | null;
    phone: null;
    tax_exempt: "none";
    tax_ids: never[];
  } | null;
  customer_email: string | null;
  discounts: never[];
  expires_at: number;
  integration_identifier: null;
  invoice: string | null;
  invoice_creation: null;
  livemode: false;
  locale: string | null;
  managed_payments: null;
  metadata: Metadata;
  mode: "subscription";
  origin_context: null;
  payment_intent: null;
  payment_link: null;
  payment_method_collection: "always" | "if_required";
  payment_method_configuration_details: null;
  payment_method_options: { card: { request_three_d_secure: "automatic" } };
  payment_method_types: string[];
  payment_status: "paid" | "unpaid" | "no_payment_required";
  permissions: null;
  phone_number_collection: { enabled: boolean };
  recovered_from: null;
  saved_payment_method_options: { allow_redisplay_filters: string[]; payment_method_remove: "disabled"; payment_method_save: null };
  setup_intent: null;
  shipping_address_collection: null;
  shipping_cost: null;
  shipping_options: never[];
  status: "open" | "complete" | "expired";
  submit_type: string | null;
  subscription: string | null;
  success_url: string;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: "hosted_page";
  url: string | null;
  wallet_options: null;
};

/** A Checkout line item (`object: "item"`), as the session's expandable `line_items` lists them. */
export type StripeCheckoutLineItem = {
  id: string;
  object: "item";
  adjustable_quantity: null;
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  metadata: Metadata;
  price: StripePrice;
  quantity: number;
};

export type StripePortalSession = {
  id: string;
  object: "billing_portal.session";
  configuration: string;
  created: number;
  customer: string;
  customer_account: null;
  flow: null;
  livemode: false;
  locale: string | null;
  on_behalf_of: string | null;
  return_url: string | null;
  url: string;
};

export type StripeEvent = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

/** The catalog every fresh stand-in starts with: the two Quiet Mailbox plans. */
export const STRIPE_STAND_IN_PRICES = { basic: "price_local_basic", premium: "price_local_premium" } as const;
const STRIPE_STAND_IN_PRODUCTS = { basic: "prod_local_basic", premium: "prod_local_premium" } as const;

const CATALOG = [
  { product: STRIPE_STAND_IN_PRODUCTS.basic, price: STRIPE_STAND_IN_PRICES.basic, name: "Quiet Mailbox Basic", unitAmount: 1600 },
  { product: STRIPE_STAND_IN_PRODUCTS.premium, price: STRIPE_STAND_IN_PRICES.premium, name: "Quiet Mailbox Premium", unitAmount: 1999 },
] as const;

export function catalog(created = nowSeconds()): { products: StripeProduct[]; prices: StripePrice[] } {
  return {
    products: CATALOG.map(({ product, price, name }) => ({
      id: product,
      object: "product",
      active: true,
      created,
      default_price: price,
      description: null,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: {},
      name,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      tax_details: null,
      type: "service",
      unit_label: null,
      updated: created,
      url: null,
    })),
    prices: CATALOG.map(({ product, price, unitAmount }) => ({
      id: price,
      object: "price",
      active: true,
      billing_scheme: "per_unit",
      created,
      currency: "usd",
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product,
      recurring: { interval: "year", interval_count: 1, meter: null, trial_period_days: null, usage_type: "licensed" },
      tax_behavior: "unspecified",
      tiers_mode: null,
      transform_quantity: null,
      type: "recurring",
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    })),
  };
}

export function newCustomer(fields: {
  email: string | null;
  name: string | null;
  description?: string | null;
  phone?: string | null;
  metadata?: Metadata;
}): StripeCustomer {
  return {
    id: stripeId("cus"),
    object: "customer",
    address: null,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: fields.description ?? null,
    email: fields.email,
    invoice_prefix: randomBytes(4).toString("hex").toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: fields.metadata ?? {},
    name: fields.name,
    phone: fields.phone ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
}

export function planOf(price: StripePrice): StripePlan {
  return {
    id: price.id,
    object: "plan",
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: price.recurring.interval,
    interval_count: price.recurring.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: "licensed",
  };
}

/** The end of a billing period that starts at `start`, by the calendar, as Stripe counts it. */
export function periodEnd(start: number, { interval, interval_count: count }: StripePrice["recurring"]): number {
  const date = new Date(start * 1000);
  if (interval === "year") date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === "month") date.setUTCMonth(date.getUTCMonth() + count);
  else date.setUTCDate(date.getUTCDate() + count * (interval === "week" ? 7 : 1));
  return Math.floor(date.getTime() / 1000);
}

export function newSubscription(fields: {
  customer: string;
  price: StripePrice;
  quantity: number;
  metadata: Metadata;
  description: string | null;
  start: number;
}): StripeSubscription {
  const { customer, price, quantity, metadata, description, start } = fields;
  const id = stripeId("sub");
  return {
    id,
    object: "subscription",
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: { proration_discounts: "included" }, type: "flexible", updated_at: start },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: "charge_automatically",
    created: start,
    currency: price.currency,
    customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: "self" } },
    items: {
      object: "list",
      data: [
        {
          id: stripeId("si"),
          object: "subscription_item",
          billing_thresholds: null,
          created: start,
          current_period_end: periodEnd(start, price.recurring),
          current_period_start: start,
          current_trial: null,
          discounts: [],
          metadata: {},
          plan: planOf(price),
          price,
          quantity,
          subscription: id,
          tax_rates: [],
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: "off" },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status: "active",
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: "create_invoice" } },
    trial_start: null,
  };
}

export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}

/** Stripe's own wording for a line, e.g. "1 × Quiet Mailbox Basic (at $16.00 / year)". */
function lineDescription(productName: string, price: StripePrice, quantity: number): string {
  const every =
    price.recurring.interval_count === 1
      ? price.recurring.interval
      : `every ${price.recurring.interval_count} ${price.recurring.interval}s`;
  return `${quantity} × ${productName} (at ${formatAmount(price.unit_amount, price.currency)} / ${every})`;
}

export function newInvoice(fields: {
  customer: StripeCustomer;
  subscription: StripeSubscription;
  productName: string;
  reason: BillingReason;
  number: string;
  /** The period the invoice covers (for a renewal, the one that just ended). */
  period: { start: number; end: number };
  /** The period its line bills for (for a renewal, the one that starts). */
  linePeriod: { start: number; end: number };
  baseUrl: string;
}): StripeInvoice {
  const { customer, subscription, productName, reason, number, period, linePeriod } = fields;
  const item = subscription.items.data[0]!;
  const amount = item.price.unit_amount * item.quantity;
  const id = stripeId("in");
  const created = nowSeconds();
  return {
    id,
    object: "invoice",
    account_country: "US",
    account_name: "Quiet Mailbox",
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amount,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: reason,
    collection_method: "charge_automatically",
    created,
    currency: subscription.currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: customer.email,
    customer_name: customer.name,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: "none",
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: created,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `${fields.baseUrl}/invoice/i/${id}`,
    invoice_pdf: null,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: "list",
      data: [
        {
          id: stripeId("il"),
          object: "line_item",
          amount,
          currency: subscription.currency,
          description: lineDescription(productName, item.price, item.quantity),
          discount_amounts: [],
          discountable: true,
          discounts: [],
          invoice: id,
          livemode: false,
          metadata: { ...subscription.metadata },
          parent: {
            type: "subscription_item_details",
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: false,
              proration_details: { credited_items: null },
              subscription: subscription.id,
              subscription_item: item.id,
            },
          },
          period: linePeriod,
          pretax_credit_amounts: [],
          pricing: {
            type: "price_details",
            price_details: { price: item.price.id, product: item.price.product },
            unit_amount_decimal: item.price.unit_amount_decimal,
          },
          quantity: item.quantity,
          quantity_decimal: String(item.quantity),
          subscription: subscription.id,
          subtotal: amount,
          taxes: [],
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number,
    on_behalf_of: null,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: period.end,
    period_start: period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: "open",
    status_transitions: { finalized_at: created, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}
