// Stripe API v1, the endpoints the app calls, with Stripe's validation and error shapes. A POST
// replays its first answer for the same Idempotency-Key; a DELETE, as Stripe documents, ignores the key.
//   POST   /v1/customers                            https://docs.stripe.com/api/customers/create
//   GET    /v1/customers/:id                        (a deleted customer answers {id, object, deleted: true})
//   DELETE /v1/customers/:id                        https://docs.stripe.com/api/customers/delete
//   GET    /v1/prices/:id                           https://docs.stripe.com/api/prices/retrieve
//   POST   /v1/checkout/sessions                    https://docs.stripe.com/api/checkout/sessions/create
//   GET    /v1/checkout/sessions/:id
//   GET    /v1/checkout/sessions/:id/line_items
//   GET    /v1/subscriptions                        https://docs.stripe.com/api/subscriptions/list
//   GET    /v1/subscriptions/:id
//   POST   /v1/subscriptions/:id                    https://docs.stripe.com/api/subscriptions/update
//   DELETE /v1/subscriptions/:id                    https://docs.stripe.com/api/subscriptions/cancel
//   GET    /v1/invoices/:id                         https://docs.stripe.com/api/invoices/retrieve
//   POST   /v1/billing_portal/sessions              https://docs.stripe.com/api/customer_portal/sessions/create
//   GET    /v1/events/:id                           https://docs.stripe.com/api/events/retrieve
import type { StandInRequest, StandInResponse, VendorRoute } from "../../server";
import {
  cancelNow,
  changeSubscription,
  deleteCustomer as deleteCustomerNow,
  checkoutLineItems,
  createCheckoutSession,
  expireIfDue,
  firstItem,
  type CheckoutInput,
  type SubscriptionChange,
} from "./billing";
import { answerExpanded } from "./expand";
import { deletedCustomer, newCustomer, type StripePortalSession, type StripePrice } from "./objects";
import { storeOf, type StripeStore } from "./store";
import { emitEvent } from "./webhooks";
import {
  apiCall,
  baseUrl,
  checkAuth,
  idempotent,
  listParam,
  metadataParam,
  nowSeconds,
  ok,
  parameterInvalid,
  parameterMissing,
  parseStripeForm,
  queryParams,
  referenceMissing,
  rejectUnknown,
  resourceMissing,
  stringParam,
  stripeError,
  stripeId,
  type ApiCall,
} from "./wire";

/** The one portal configuration the stand-in has: Stripe's defaults (cancel at period end, switch plans). */
const STRIPE_STAND_IN_PORTAL_CONFIGURATION = "bpc_local";

// Top-level parameters each endpoint knows, from stripe-node 23.1.0's *Params types. Anything else
// gets Stripe's parameter_unknown; known ones the stand-in does not model are accepted and ignored.
const CHECKOUT_SESSION_CREATE_PARAMS = new Set(
  (
    "adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types automatic_tax billing_address_collection " +
    "branding_settings cancel_url client_reference_id consent_collection currency custom_fields custom_text customer customer_account " +
    "customer_creation customer_email customer_update discounts excluded_payment_method_types expand expires_at integration_identifier " +
    "invoice_creation line_items locale managed_payments metadata mode name_collection optional_items origin_context payment_intent_data " +
    "payment_method_collection payment_method_configuration payment_method_data payment_method_options permissions phone_number_collection " +
    "redirect_on_completion return_url saved_payment_method_options setup_intent_data shipping_address_collection shipping_options " +
    "submit_type subscription_data success_url tax_id_collection ui_mode wallet_options"
  ).split(" "),
);
const SUBSCRIPTION_UPDATE_PARAMS = new Set(
  (
    "add_invoice_items application_fee_percent automatic_tax billing_cycle_anchor billing_schedules billing_thresholds cancel_at " +
    "cancel_at_period_end cancellation_details collection_method days_until_due default_payment_method default_source default_tax_rates " +
    "description discounts expand invoice_settings items metadata off_session on_behalf_of pause_collection payment_behavior " +
    "payment_settings pending_invoice_item_interval proration_behavior proration_date transfer_data trial_end trial_from_plan trial_settings"
  ).split(" "),
);
const SUBSCRIPTION_CANCEL_PARAMS = new Set(["cancellation_details", "expand", "invoice_now", "prorate"]);
const CUSTOMER_DELETE_PARAMS = new Set<string>();
const SUBSCRIPTION_LIST_PARAMS = new Set(
  (
    "automatic_tax collection_method created current_period_end current_period_start customer customer_account expand plan price status " +
    "test_clock limit starting_after ending_before"
  ).split(" "),
);
const PORTAL_SESSION_CREATE_PARAMS = new Set([
  "after_expiration",
  "configuration",
  "customer",
  "customer_account",
  "expand",
  "flow_data",
  "locale",
  "on_behalf_of",
  "return_url",
]);
const RETRIEVE_PARAMS = new Set(["expand"]);

/** The stand-in's own "not modelled" refusal, for parameters that would change what Stripe does. */
function notModelled(param: string, what: string, call: ApiCall): StandInResponse {
  return parameterInvalid(param, `The local Stripe stand-in does not model ${what}.`, call);
}

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function invalidUrl(param: string, call: ApiCall): StandInResponse {
  return stripeError(
    400,
    {
      type: "invalid_request_error",
      code: "url_invalid",
      param,
      message: "Not a valid URL",
      doc_url: "https://stripe.com/docs/error-codes/url-invalid",
    },
    call,
  );
}

function booleanParam(value: unknown): boolean | undefined {
  return value === "true" ? true : value === "false" ? false : undefined;
}

function createCustomer(request: StandInRequest, store: StripeStore): StandInResponse {
  const call = apiCall(request);
  const params = parseStripeForm(request.rawBody);
  const email = params.email;
  if (email !== undefined && (typeof email !== "string" || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) {
    return stripeError(
      400,
      {
        type: "invalid_request_error",
        code: "email_invalid",
        param: "email",
        message: `Invalid email address: ${String(email)}`,
        doc_url: "https://stripe.com/docs/error-codes/email-invalid",
      },
      call,
    );
  }
  const metadata = metadataParam(params.metadata);
  const customer = newCustomer({
    email: typeof email === "string" ? email : null,
    name: stringParam(params.name) ?? null,
    description: stringParam(params.description) ?? null,
    phone: stringParam(params.phone) ?? null,
    metadata: metadata || {},
  });
  store.customers.set(customer.id, customer);
  emitEvent(store, "customer.created", customer, { id: call.requestId, idempotency_key: call.idempotencyKey });
  return answerExpanded(store, call, customer, params.expand);
}

/**
 * Deletes the customer for good, cancelling their live subscriptions now. A second DELETE answers
 * resource_missing; a retrieve answers the deleted stub; nothing can name the customer again.
 */
function deleteCustomer(request: StandInRequest, store: StripeStore): StandInResponse {
  const call = apiCall(request);
  const params = { ...queryParams(request), ...parseStripeForm(request.rawBody) };
  const id = request.params.id ?? "";
  const customer = store.customers.get(id);
  if (!customer) return resourceMissing("customer", id, "id", call);
  const unknown = rejectUnknown(params, CUSTOMER_DELETE_PARAMS, call);
  if (unknown) return unknown;
  deleteCustomerNow(store, customer, { id: call.requestId, idempotency_key: null });
  return ok(call, deletedCustomer(id));
}

function createCheckout(request: StandInRequest, store: StripeStore): StandInResponse {
  const call = apiCall(request);
  const params = parseStripeForm(request.rawBody);
  const unknown = rejectUnknown(params, CHECKOUT_SESSION_CREATE_PARAMS, call);
  if (unknown) return unknown;

  const mode = params.mode;
  if (mode === undefined || mode === "") return parameterMissing("mode", call);
  if (mode !== "payment" && mode !== "setup" && mode !== "subscription") {
    return parameterInvalid("mode", "Invalid mode: must be one of payment, setup, or subscription", call);
  }
  const uiMode = params.ui_mode ?? "hosted_page";
  if (uiMode !== "hosted_page") return notModelled("ui_mode", "Checkout other than the hosted page (ui_mode=hosted_page)", call);
  if (mode === "setup") return notModelled("mode", "setup mode", call);

  const items = listParam(params.line_items);
  if (items.length === 0) return parameterMissing("line_items", call);
  if (items.length > 1) return notModelled("line_items", "more than one line item", call);
  const lines: CheckoutInput["lines"] = [];
  for (const [index, item] of items.entries()) {
    const line = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
    if (line.price_data !== undefined) return notModelled(`line_items[${index}][price_data]`, "inline price_data", call);
    const priceId = stringParam(line.price);
    if (!priceId) return parameterMissing(`line_items[${index}][price]`, call);
    const price = store.prices.get(priceId);
    if (!price) return referenceMissing("price", priceId, `line_items[${index}][price]`, call);
    if (line.quantity === undefined) {
      return parameterMissing(`line_items[${index}][quantity]`, call, `Quantity is required. Add \`quantity\` to \`line_items[${index}]\``);
    }
    const quantity = Number(line.quantity);
    if (!Number.isInteger(quantity) || quantity < 1)
      return parameterInvalid(`line_items[${index}][quantity]`, `Invalid integer: ${String(line.quantity)}`, call);
    if (mode === "payment" && price.type === "recurring") {
      return parameterInvalid(
        "line_items",
        "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.",
        call,
      );
    }
    lines.push({ price, quantity });
  }

  const successUrl = stringParam(params.success_url);
  if (!successUrl) return parameterMissing("success_url", call);
  if (!isUrl(successUrl)) return invalidUrl("success_url", call);
  const cancelUrl = stringParam(params.cancel_url);
  if (!cancelUrl) return parameterMissing("cancel_url", call);
  if (!isUrl(cancelUrl)) return invalidUrl("cancel_url", call);

  const customerId = stringParam(params.customer);
  const customerEmail = stringParam(params.customer_email) ?? null;
  if (customerId && customerEmail) {
    return parameterInvalid("customer_email", "You may only specify one of these parameters: customer, customer_email.", call);
  }
  const customer = customerId ? store.customers.get(customerId) : undefined;
  if (customerId && !customer) return referenceMissing("customer", customerId, "customer", call);

  const clientReferenceId = stringParam(params.client_reference_id) ?? null;
  if (clientReferenceId !== null && clientReferenceId.length > 200) {
    return parameterInvalid("client_reference_id", "Invalid string: must be at most 200 characters", call);
  }

  const subscriptionData = (
    typeof params.subscription_data === "object" && params.subscription_data !== null ? params.subscription_data : {}
  ) as Record<string, unknown>;
  for (const trial of ["trial_period_days", "trial_end"]) {
    if (subscriptionData[trial] !== undefined) return notModelled(`subscription_data[${trial}]`, "trials", call);
  }

  let expiresAt: number | null = null;
  if (params.expires_at !== undefined) {
    expiresAt = Number(params.expires_at);
    const now = nowSeconds();
    if (!Number.isInteger(expiresAt) || expiresAt < now + 30 * 60 || expiresAt > now + 24 * 60 * 60) {
      return parameterInvalid(
        "expires_at",
        "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
        call,
      );
    }
  }

  const record = createCheckoutSession(
    store,
    {
      lines,
      successUrl,
      cancelUrl,
      customer: customer ?? null,
      customerEmail,
      clientReferenceId,
      metadata: metadataParam(params.metadata) || {},
      subscriptionData: {
        metadata: metadataParam(subscriptionData.metadata) || {},
        description: stringParam(subscriptionData.description) ?? null,
      },
      expiresAt,
      locale: stringParam(params.locale) ?? null,
      allowPromotionCodes: booleanParam(params.allow_promotion_codes) ?? null,
      billingAddressCollection: stringParam(params.billing_address_collection) ?? null,
    },
    baseUrl(request),
  );
  return answerExpanded(store, call, record.session, params.expand);
}

function listCheckoutLineItems(request: StandInRequest, store: StripeStore): StandInResponse {
  const call = apiCall(request);
  const id = request.params.id ?? "";
  const record = store.checkoutSessions.get(id);
  if (!record) return resourceMissing("checkout.session", id, "session", call);
  return ok(call, checkoutLineItems(store, record));
}

function listSubscriptions(request: StandInRequest, store: StripeStore): StandInResponse {
  const call = apiCall(request);
  const params = queryParams(request);
  const unknown = rejectUnknown(params, SUBSCRIPTION_LIST_PARAMS, call);
  if (unknown) return unknown;
  const status = stringParam(params.status);
  const customer = stringParam(params.customer);
  const price = stringParam(params.price);
  const limit = params.limit === undefined ? 10 : Number(params.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return parameterInvalid("limit", "Invalid integer: must be between 1 and 100", call);
  // Newest first; without a status, Stripe lists the subscriptions that have not been canceled.
  let matching = [...store.subscriptions.values()]
    .filter((subscription) => !customer || subscription.customer === customer)
    .filter((subscription) => !price || subscription.items.data.some((item) => item.price.id === price))
    .filter((subscription) => {
      if (status === "all") return true;
      if (status === "ended") return subscription.status === "canceled" || subscription.status === "incomplete_expired";
      if (status) return subscription.status === status;
      return subscription.status !== "canceled";
    })
    .sort((a, b) => b.created - a.created);
  const startingAfter = stringParam(params.starting_after);
  if (startingAfter) matching = matching.slice(matching.findIndex((subscription) => subscription.id === startingAfter) + 1);
  const page = matching.slice(0, limit);
  // Expansions on a list name its elements through `data`, e.g. `data.latest_invoice`.
  return answerExpanded(
    store,
    call,
    { object: "list", data: page, has_more: matching.length > page.length, url: "/v1/subscriptions" },
    params.expand,
  );
}

function updateSubscription(request: StandInRequest, store: StripeStore): StandInResponse {
  const call = apiCall(request);
  const params = parseStripeForm(request.rawBody);
  const id = request.params.id ?? "";
  const subscription = store.subscriptions.get(id);
  if (!subscription) return resourceMissing("subscription", id, "id", call);
  const unknown = rejectUnknown(params, SUBSCRIPTION_UPDATE_PARAMS, call);
  if (unknown) return unknown;
  if (
    subscription.status === "canceled" &&
    Object.keys(params).some((name) => !["metadata", "cancellation_details", "expand"].includes(name))
  ) {
    return stripeError(
      400,
      { type: "invalid_request_error", message: "A canceled subscription can only update its cancellation_details and metadata." },
      call,
    );
  }

  const change: SubscriptionChange = {};
  if (params.cancel_at_period_end !== undefined) {
    change.cancelAtPeriodEnd = booleanParam(params.cancel_at_period_end);
    if (change.cancelAtPeriodEnd === undefined)
      return parameterInvalid("cancel_at_period_end", `Invalid boolean: ${String(params.cancel_at_period_end)}`, call);
  }
  const proration = params.proration_behavior;
  if (proration !== undefined && proration !== "create_prorations" && proration !== "none" && proration !== "always_invoice") {
    return parameterInvalid(
      "proration_behavior",
      "Invalid proration_behavior: must be one of always_invoice, create_prorations, or none",
      call,
    );
  }
  if (params.cancel_at !== undefined) return notModelled("cancel_at", "cancel_at (use cancel_at_period_end)", call);

  const items = listParam(params.items);
  if (items.length > 1) return notModelled("items", "subscriptions with more than one item", call);
  const [item] = items;
  if (item !== undefined) {
    const fields = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
    const itemId = stringParam(fields.id);
    if (!itemId) return notModelled("items[0][id]", "adding items: pass items[0][id] to change the existing item", call);
    if (itemId !== firstItem(subscription).id) return referenceMissing("subscription_item", itemId, "items[0][id]", call);
    if (fields.deleted !== undefined) return notModelled("items[0][deleted]", "removing items", call);
    const priceId = stringParam(fields.price);
    if (priceId !== undefined) {
      const price: StripePrice | undefined = store.prices.get(priceId);
      if (!price) return referenceMissing("price", priceId, "items[0][price]", call);
      change.price = price;
    }
    if (fields.quantity !== undefined) {
      const quantity = Number(fields.quantity);
      if (!Number.isInteger(quantity) || quantity < 1)
        return parameterInvalid("items[0][quantity]", `Invalid integer: ${String(fields.quantity)}`, call);
      change.quantity = quantity;
    }
  }
  if (params.metadata !== undefined) change.metadata = metadataParam(params.metadata) ?? {};
  if (params.description !== undefined) change.description = stringParam(params.description) || null;
  const details = params.cancellation_details;
  if (typeof details === "object" && details !== null) {
    const { comment, feedback } = details as Record<string, unknown>;
    if (comment !== undefined) change.cancellationComment = stringParam(comment) || null;
    if (feedback !== undefined) change.cancellationFeedback = stringParam(feedback) || null;
  }

  changeSubscription(store, subscription, change, { id: call.requestId, idempotency_key: call.idempotencyKey });
  return answerExpanded(store, call, subscription, params.expand);
}

function cancelSubscription(request: StandInRequest, store: StripeStore): StandInResponse {
  const call = apiCall(request);
  // The SDK sends a DELETE's parameters in the query string; a form body is read too.
  const params = { ...queryParams(request), ...parseStripeForm(request.rawBody) };
  const id = request.params.id ?? "";
  const subscription = store.subscriptions.get(id);
  if (!subscription) return resourceMissing("subscription", id, "id", call);
  const unknown = rejectUnknown(params, SUBSCRIPTION_CANCEL_PARAMS, call);
  if (unknown) return unknown;
  if (subscription.status === "canceled") {
    return stripeError(400, { type: "invalid_request_error", message: `This subscription has already been canceled: '${id}'` }, call);
  }
  const details = (
    typeof params.cancellation_details === "object" && params.cancellation_details !== null ? params.cancellation_details : {}
  ) as Record<string, unknown>;
  cancelNow(store, subscription, { id: call.requestId, idempotency_key: null }, stringParam(details.comment));
  return answerExpanded(store, call, subscription, params.expand);
}

function createPortalSession(request: StandInRequest, store: StripeStore): StandInResponse {
  const call = apiCall(request);
  const params = parseStripeForm(request.rawBody);
  const unknown = rejectUnknown(params, PORTAL_SESSION_CREATE_PARAMS, call);
  if (unknown) return unknown;
  const customerId = stringParam(params.customer);
  if (!customerId) return parameterMissing("customer", call);
  if (!store.customers.has(customerId)) return referenceMissing("customer", customerId, "customer", call);
  const returnUrl = stringParam(params.return_url) ?? null;
  if (returnUrl !== null && !isUrl(returnUrl)) return invalidUrl("return_url", call);
  const configuration = stringParam(params.configuration) ?? STRIPE_STAND_IN_PORTAL_CONFIGURATION;
  if (configuration !== STRIPE_STAND_IN_PORTAL_CONFIGURATION)
    return referenceMissing("configuration", configuration, "configuration", call);
  if (params.flow_data !== undefined) return notModelled("flow_data", "portal flows (flow_data)", call);

  const id = stripeId("bps", 24);
  const session: StripePortalSession = {
    id,
    object: "billing_portal.session",
    configuration,
    created: nowSeconds(),
    customer: customerId,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: stringParam(params.locale) ?? null,
    on_behalf_of: stringParam(params.on_behalf_of) ?? null,
    return_url: returnUrl,
    url: `${baseUrl(request)}/billing/p/session/${id}`,
  };
  store.portalSessions.set(id, session);
  return answerExpanded(store, call, session, params.expand);
}

function retrieveEvent(request: StandInRequest, store: StripeStore): StandInResponse {
  const call = apiCall(request);
  const id = request.params.id ?? "";
  const record = store.events.find((candidate) => candidate.event.id === id);
  if (!record) return resourceMissing("event", id, "id", call);
  return ok(call, record.event);
}

type Handler = (request: StandInRequest, store: StripeStore) => StandInResponse;

/** GET /v1/<objects>/:id: the object, expanded as asked, or Stripe's resource_missing naming `param`. */
function retrieve(kind: string, find: (store: StripeStore, id: string) => object | undefined, param = "id"): Handler {
  return (request, store) => {
    const call = apiCall(request);
    const params = queryParams(request);
    const id = request.params.id ?? "";
    const found = find(store, id);
    if (!found) return resourceMissing(kind, id, param, call);
    return rejectUnknown(params, RETRIEVE_PARAMS, call) ?? answerExpanded(store, call, found, params.expand);
  };
}

/** A Checkout Session past its expiry reads as expired, as Stripe shows it. */
function findCheckoutSession(store: StripeStore, id: string) {
  const record = store.checkoutSessions.get(id);
  if (record) expireIfDue(store, record);
  return record?.session;
}

/** Secret-key auth first; a POST also goes through idempotent replay. */
function api(method: VendorRoute["method"], path: string, handle: Handler): VendorRoute {
  return {
    method,
    path,
    handle: (request, state) => {
      const refused = checkAuth(request);
      if (refused) return refused;
      const store = storeOf(state);
      return method === "POST" ? idempotent(request, store.idempotency, () => handle(request, store)) : handle(request, store);
    },
  };
}

export const apiRoutes: VendorRoute[] = [
  api("POST", "/v1/customers", createCustomer),
  api(
    "GET",
    "/v1/customers/:id",
    retrieve("customer", (store, id) => store.customers.get(id) ?? (store.deletedCustomers.has(id) ? deletedCustomer(id) : undefined)),
  ),
  api("DELETE", "/v1/customers/:id", deleteCustomer),
  api(
    "GET",
    "/v1/prices/:id",
    retrieve("price", (store, id) => store.prices.get(id)),
  ),
  api("POST", "/v1/checkout/sessions", createCheckout),
  api("GET", "/v1/checkout/sessions/:id", retrieve("checkout.session", findCheckoutSession, "session")),
  api("GET", "/v1/checkout/sessions/:id/line_items", listCheckoutLineItems),
  api("GET", "/v1/subscriptions", listSubscriptions),
  api(
    "GET",
    "/v1/subscriptions/:id",
    retrieve("subscription", (store, id) => store.subscriptions.get(id)),
  ),
  api("POST", "/v1/subscriptions/:id", updateSubscription),
  api("DELETE", "/v1/subscriptions/:id", cancelSubscription),
  api(
    "GET",
    "/v1/invoices/:id",
    retrieve("invoice", (store, id) => store.invoices.get(id), "invoice"),
  ),
  api("POST", "/v1/billing_portal/sessions", createPortalSession),
  api("GET", "/v1/events/:id", retrieveEvent),
];
