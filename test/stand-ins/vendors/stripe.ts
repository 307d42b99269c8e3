// Stripe API v1, the parts the app calls so far:
//   POST /v1/customers       create a customer (form-encoded, as the SDK sends it)
//   GET  /v1/customers/:id   retrieve a customer
// https://docs.stripe.com/api/customers, https://docs.stripe.com/api/errors and
// https://docs.stripe.com/api/idempotent_requests (same key and parameters: the first answer again).
import { randomBytes } from "node:crypto";
import type { StandInRequest, StandInResponse, Vendor } from "../server";

/** The secret key this stand-in accepts, as wrangler.toml's [vars] and vendorVars() give it to the app. */
export const STRIPE_STAND_IN_KEY = "sk_test_local_stand_in";

type StripeCustomer = {
  id: string;
  object: "customer";
  address: null;
  balance: number;
  created: number;
  currency: null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: { custom_fields: null; default_payment_method: null; footer: null; rendering_options: null };
  livemode: false;
  metadata: Record<string, string>;
  name: string | null;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: "none";
  test_clock: null;
};

type IdempotentAnswer = { method: string; path: string; rawBody: string; response: StandInResponse };

function stripeId(prefix: string) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return `${prefix}_${[...randomBytes(14)].map((byte) => alphabet[byte % alphabet.length]).join("")}`;
}

function headers(extra: Record<string, string> = {}) {
  return { "Request-Id": stripeId("req"), "Stripe-Version": "2026-10-28.endive", ...extra };
}

function error(status: number, fields: { type: string; message: string; code?: string; param?: string; doc_url?: string }): StandInResponse {
  return { status, headers: headers(), body: { error: fields } };
}

/** Bearer auth with the secret key; Stripe names a wrong key with all but its last four characters hidden. */
function checkAuth(request: StandInRequest): StandInResponse | null {
  const header = request.headers.authorization ?? "";
  const key = header.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : "";
  if (!key) {
    return error(401, {
      type: "invalid_request_error",
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    });
  }
  if (key !== STRIPE_STAND_IN_KEY) {
    const visible = key.slice(-4);
    const prefix = key.match(/^(sk|rk|pk)_(test|live)_/)?.[0] ?? "";
    return error(401, { type: "invalid_request_error", message: `Invalid API Key provided: ${prefix}${"*".repeat(Math.max(0, key.length - prefix.length - 4))}${visible}` });
  }
  return null;
}

/** Stripe's form encoding: `metadata[userId]=1` is `{ metadata: { userId: "1" } }`. */
export function parseStripeForm(rawBody: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(rawBody)) {
    const [head = name, ...path] = name.split(/\[|\]\[|\]$/).filter((part, index) => index === 0 || part !== "");
    let target = result;
    const keys = [head, ...path];
    for (const [index, key] of keys.entries()) {
      if (index === keys.length - 1) target[key] = value;
      else target = (target[key] ??= {}) as Record<string, unknown>;
    }
  }
  return result;
}

/** The same Idempotency-Key answers the first response again, or refuses different parameters. */
function idempotent(request: StandInRequest, state: Map<string, unknown>, run: () => StandInResponse): StandInResponse {
  const key = request.headers["idempotency-key"];
  if (!key) return run();
  const stored = state.get(`idempotency:${key}`) as IdempotentAnswer | undefined;
  if (stored) {
    if (stored.method !== request.method || stored.path !== request.path || stored.rawBody !== request.rawBody) {
      return error(400, {
        type: "idempotency_error",
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    return { ...stored.response, headers: { ...stored.response.headers, "Idempotent-Replayed": "true", "Original-Request": stored.response.headers?.["Request-Id"] ?? "" } };
  }
  const response = run();
  // Stripe saves the first answer whether it succeeded or failed, except when it never ran (5xx).
  if (response.status < 500) state.set(`idempotency:${key}`, { method: request.method, path: request.path, rawBody: request.rawBody, response });
  return response;
}

function createCustomer(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const params = parseStripeForm(request.rawBody);
  const email = params.email;
  if (email !== undefined && (typeof email !== "string" || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) {
    return error(400, {
      type: "invalid_request_error",
      code: "email_invalid",
      param: "email",
      message: `Invalid email address: ${String(email)}`,
      doc_url: "https://stripe.com/docs/error-codes/email-invalid",
    });
  }
  const metadata = (params.metadata ?? {}) as Record<string, string>;
  const id = stripeId("cus");
  const customer: StripeCustomer = {
    id,
    object: "customer",
    address: null,
    balance: 0,
    created: Math.floor(Date.now() / 1000),
    currency: null,
    default_source: null,
    delinquent: false,
    description: typeof params.description === "string" ? params.description : null,
    email: typeof email === "string" ? email : null,
    invoice_prefix: randomBytes(4).toString("hex").toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata,
    name: typeof params.name === "string" ? params.name : null,
    phone: typeof params.phone === "string" ? params.phone : null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
  state.set(`customer:${id}`, customer);
  return { status: 200, headers: headers(), body: customer };
}

function retrieveCustomer(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const id = request.params.id ?? "";
  const customer = state.get(`customer:${id}`);
  if (!customer) {
    return error(404, {
      type: "invalid_request_error",
      code: "resource_missing",
      param: "id",
      message: `No such customer: '${id}'`,
      doc_url: "https://stripe.com/docs/error-codes/resource-missing",
    });
  }
  return { status: 200, headers: headers(), body: customer };
}

export const stripeVendor: Vendor = {
  name: "stripe",
  prefix: "",
  routes: [
    {
      method: "POST",
      path: "/v1/customers",
      handle: (request, state) => checkAuth(request) ?? idempotent(request, state, () => createCustomer(request, state)),
    },
    { method: "GET", path: "/v1/customers/:id", handle: (request, state) => checkAuth(request) ?? retrieveCustomer(request, state) },
  ],
};
