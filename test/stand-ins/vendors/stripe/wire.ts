// How Stripe's API talks, independent of any one resource: ids, headers, the error envelope,
// secret-key auth, form-encoded parameters and idempotent replays.
// https://docs.stripe.com/api/errors, https://docs.stripe.com/api/idempotent_requests,
// https://docs.stripe.com/api/expanding_objects
import { randomBytes } from "node:crypto";
import type { StandInRequest, StandInResponse } from "../../server";

/** The secret key this stand-in accepts, as wrangler.toml's [vars] and vendorVars() give it to the app. */
export const STRIPE_STAND_IN_KEY = "sk_test_local_stand_in";

/** The version stripe-node 23.1.0 pins; every answer and event is in its shapes. */
export const STRIPE_API_VERSION = "2026-10-28.endive";

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function stripeId(prefix: string, length = 14): string {
  return `${prefix}_${[...randomBytes(length)].map((byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("")}`;
}

/** Unix seconds, as every Stripe timestamp. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** The stand-in's own address as the caller reached it, for the `url` fields of hosted pages. */
export function baseUrl(request: StandInRequest): string {
  return `http://${request.headers.host ?? "127.0.0.1"}`;
}

/** One API call: its request id (answered in Request-Id, and named by the events it causes) and key. */
export type ApiCall = { requestId: string; idempotencyKey: string | null };

export function apiCall(request: StandInRequest): ApiCall {
  return { requestId: stripeId("req"), idempotencyKey: request.headers["idempotency-key"] ?? null };
}

function stripeHeaders(requestId = stripeId("req")): Record<string, string> {
  return { "Request-Id": requestId, "Stripe-Version": STRIPE_API_VERSION };
}

export function ok(call: ApiCall, body: unknown): StandInResponse {
  return { status: 200, headers: stripeHeaders(call.requestId), body };
}

export type StripeErrorFields = { type: string; message: string; code?: string; param?: string; doc_url?: string };

export function stripeError(status: number, fields: StripeErrorFields, call?: ApiCall): StandInResponse {
  return { status, headers: stripeHeaders(call?.requestId), body: { error: fields } };
}

export function resourceMissing(kind: string, id: string, param: string, call?: ApiCall): StandInResponse {
  return stripeError(
    404,
    {
      type: "invalid_request_error",
      code: "resource_missing",
      param,
      message: `No such ${kind}: '${id}'`,
      doc_url: "https://stripe.com/docs/error-codes/resource-missing",
    },
    call,
  );
}

/** A missing object named by a parameter of a create or update call: Stripe says 400 there, not 404. */
export function referenceMissing(kind: string, id: string, param: string, call?: ApiCall): StandInResponse {
  return { ...resourceMissing(kind, id, param, call), status: 400 };
}

export function parameterMissing(param: string, call?: ApiCall, message = `Missing required param: ${param}.`): StandInResponse {
  return stripeError(
    400,
    {
      type: "invalid_request_error",
      code: "parameter_missing",
      param,
      message,
      doc_url: "https://stripe.com/docs/error-codes/parameter-missing",
    },
    call,
  );
}

export function parameterInvalid(param: string, message: string, call?: ApiCall): StandInResponse {
  return stripeError(400, { type: "invalid_request_error", param, message }, call);
}

/** Stripe refuses parameters an endpoint does not know, naming the first one. */
export function rejectUnknown(params: Record<string, unknown>, known: ReadonlySet<string>, call?: ApiCall): StandInResponse | null {
  const unknown = Object.keys(params).find((name) => !known.has(name));
  if (unknown === undefined) return null;
  return stripeError(
    400,
    {
      type: "invalid_request_error",
      code: "parameter_unknown",
      param: unknown,
      message: `Received unknown parameter: ${unknown}`,
      doc_url: "https://stripe.com/docs/error-codes/parameter-unknown",
    },
    call,
  );
}

/** Bearer auth with the secret key; Stripe names a wrong key with all but its last four characters hidden. */
export function checkAuth(request: StandInRequest): StandInResponse | null {
  const header = request.headers.authorization ?? "";
  const key = header.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : "";
  if (!key) {
    return stripeError(401, {
      type: "invalid_request_error",
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    });
  }
  if (key !== STRIPE_STAND_IN_KEY) {
    const visible = key.slice(-4);
    const prefix = key.match(/^(sk|rk|pk)_(test|live)_/)?.[0] ?? "";
    return stripeError(401, {
      type: "invalid_request_error",
      message: `Invalid API Key provided: ${prefix}${"*".repeat(Math.max(0, key.length - prefix.length - 4))}${visible}`,
    });
  }
  return null;
}

/**
 * Stripe's form encoding, read the way Stripe reads it: `metadata[userId]=1` is
 * `{ metadata: { userId: "1" } }`, `expand[]=a&expand[]=b` is `{ expand: ["a", "b"] }`, and an
 * indexed list such as `line_items[0][price]=p` stays a hash keyed "0", "1"... (see listParam).
 */
export function parseStripeForm(encoded: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(encoded)) {
    const bracket = name.indexOf("[");
    const head = bracket === -1 ? name : name.slice(0, bracket);
    const keys = [head, ...[...name.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? "")];
    let target: Record<string, unknown> | unknown[] = result;
    for (const [index, key] of keys.entries()) {
      if (index === keys.length - 1) {
        if (Array.isArray(target)) target.push(value);
        else target[key] = value;
        break;
      }
      // `[]` in the next position makes a list; anything else a hash.
      const fresh: Record<string, unknown> | unknown[] = keys[index + 1] === "" ? [] : {};
      if (Array.isArray(target)) {
        target.push(fresh);
        target = fresh;
        continue;
      }
      const existing = target[key];
      const next = typeof existing === "object" && existing !== null ? (existing as Record<string, unknown> | unknown[]) : fresh;
      target[key] = next;
      target = next;
    }
  }
  return result;
}

/** The parameters of a GET or DELETE, which the SDK sends in the query string. */
export function queryParams(request: StandInRequest): Record<string, unknown> {
  return parseStripeForm(new URLSearchParams(request.query).toString());
}

/** A list parameter, whether sent as `name[]=` or as `name[0]=`, `name[1]=` (what the SDK sends). */
export function listParam(value: unknown): unknown[] {
  if (value === undefined || value === null || value === "") return [];
  if (Array.isArray(value)) return value;
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .filter(([key]) => /^\d+$/.test(key))
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, item]) => item);
  }
  return [value];
}

export function stringParam(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** Metadata as sent: a hash of strings; the empty string (for the whole hash or one key) unsets. */
export function metadataParam(value: unknown): Record<string, string> | "" | undefined {
  if (value === "") return "";
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

export type IdempotentAnswer = { method: string; path: string; rawBody: string; response: StandInResponse };

/** The same Idempotency-Key answers the first response again, or refuses different parameters. */
export function idempotent(request: StandInRequest, saved: Map<string, IdempotentAnswer>, run: () => StandInResponse): StandInResponse {
  const key = request.headers["idempotency-key"];
  if (!key) return run();
  const stored = saved.get(key);
  if (stored) {
    if (stored.method !== request.method || stored.path !== request.path || stored.rawBody !== request.rawBody) {
      return stripeError(400, {
        type: "idempotency_error",
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    return {
      ...stored.response,
      headers: {
        ...stored.response.headers,
        "Idempotent-Replayed": "true",
        "Original-Request": stored.response.headers?.["Request-Id"] ?? "",
      },
    };
  }
  const response = run();
  // Stripe saves the first answer once the endpoint has begun, errors included (a 500 too), but
  // not a request refused before it began: parameters that fail validation (400).
  const refusedBeforeRunning =
    response.status === 400 && (response.body as { error?: { type?: string } } | undefined)?.error?.type === "invalid_request_error";
  if (!refusedBeforeRunning) saved.set(key, { method: request.method, path: request.path, rawBody: request.rawBody, response });
  return response;
}
