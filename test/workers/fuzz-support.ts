// The generated requests of the fuzz suite (fuzz.test.ts): what is sent, how it is encoded, and
// what every answer must satisfy. Nothing here knows the app's internals beyond its routes and the
// names of their fields (read from app/routes/*): the checks are what any caller would see, plus
// the database, which must not change when the answer is an error.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../app/worker";
import fc from "fast-check";
import { vi } from "vitest";
import { SEND_AS_TYPED } from "~/domain/add-request";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { getSessionStorage } from "~/utils/session.server";
import { ORIGIN } from "./http";

const HOST = "example.test";
export type Role = "visitor" | "user" | "staff";

// ---------------------------------------------------------------------------------------------
// Values: a field's value as a tree, so that each body type can encode it its own way.

type Value =
  | { t: "str"; s: string }
  | { t: "num"; n: number }
  | { t: "bool"; b: boolean }
  | { t: "null" }
  | { t: "arr"; items: Value[] }
  | { t: "obj"; entries: [string, Value][] }
  /** Bytes that are not UTF-8 (or are, by chance), sent as they are. */
  | { t: "bytes"; bytes: number[] }
  /** A file part in multipart bodies; elsewhere its text. */
  | { t: "file"; name: string; text: string }
  /** A long value, made at send time (so that shrinking and printing stay cheap). */
  | { t: "huge"; unit: string; length: number }
  /** One of the field's valid values (the i-th, modulo their number). */
  | { t: "choice"; i: number };

const CONTROL = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\b",
  "\t",
  "\n",
  "\r",
  "\u000b",
  "\u000c",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u00a0",
  "\u200b",
  "\u200e",
  "\u202e",
  "\u2028",
  "\u2029",
  "\ufeff",
  "\ufffd",
  "\ud800",
  "\udfff",
  "%",
  "+",
  "&",
  "=",
  ";",
  "\\",
  '"',
  "'",
];
const MARKUP = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "</textarea><svg onload=alert(1)>",
  "<!--",
  "]]>",
  "{{7*7}}",
  "${7*7}",
  "'; DROP TABLE users; --",
  "1 OR 1=1",
  "../../../../etc/passwd",
  "javascript:alert(1)",
  "//evil.example",
  "https://evil.example/",
  "/\\evil.example",
  "__proto__",
  "constructor",
  "toString",
  "&amp;&#0;&#x0;",
  "%00",
  "%FF%FE",
  "\u0000<b>",
  "Robert'); DELETE FROM requests;--",
];
// Strings that are almost what a field wants.
const PLAUSIBLE = [
  "",
  " ",
  "a",
  "0",
  "-1",
  "1.5",
  "1e309",
  "NaN",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
  "Ada Lovelace",
  "12 Main St",
  "IL",
  "62701",
  "user@example.com",
  "ADA@EXAMPLE.COM ",
  "a@b",
  "@",
  "secret-123",
  "basic",
  "premium",
  "yes",
  "no",
  "on",
  "off",
  "remove",
  "retry",
  "retryAll",
  "update",
  "offer",
  "activate",
  "deactivate",
  "send",
  "mailed",
  "filed",
  "confirm",
  "report",
  "cancel",
  "delete",
  "unsubscribe",
  "portal",
  "subscribe",
  "data",
  "One-Click",
  "0000-not-an-id",
];

const str = (s: string): Value => ({ t: "str", s });

const textArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PLAUSIBLE) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(...CONTROL), maxLength: 12 }) },
  { weight: 2, arbitrary: fc.constantFrom(...MARKUP) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
);

/** Every kind of value a field may get, valid choices included (so deeper paths are reached). */
function valueArb(choices: string[]): fc.Arbitrary<Value> {
  const scalar = fc.oneof(
    { weight: 4, arbitrary: textArb.map(str) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.integer(), fc.double({ noNaN: false }), fc.constantFrom(0, -0, 1, 2 ** 53, -1e308, 1000, 1001))
        .map((n): Value => ({ t: "num", n })),
    },
    { weight: 1, arbitrary: fc.boolean().map((b): Value => ({ t: "bool", b })) },
    { weight: 1, arbitrary: fc.constant<Value>({ t: "null" }) },
  );
  const weird = fc.oneof(
    { weight: 2, arbitrary: fc.array(scalar, { minLength: 0, maxLength: 4 }).map((items): Value => ({ t: "arr", items })) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.constantFrom("a", "__proto__", "constructor", "0", ""), scalar), { maxLength: 3 })
        .map((entries): Value => ({ t: "obj", entries })),
    },
    // Overlong forms, lone continuation bytes, surrogates in UTF-8, and bytes 0xFE/0xFF: never UTF-8.
    {
      weight: 2,
      arbitrary: fc
        .array(
          fc.oneof(fc.constantFrom(0xc0, 0xc1, 0x80, 0xbf, 0xed, 0xa0, 0xf8, 0xfe, 0xff, 0xe2, 0x82), fc.integer({ min: 0, max: 255 })),
          { minLength: 1, maxLength: 12 },
        )
        .map((bytes): Value => ({ t: "bytes", bytes })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ name: fc.constantFrom("a.txt", "../../x.exe", "", '"quoted".txt', "\u0000.png"), text: textArb })
        .map(({ name, text }): Value => ({ t: "file", name, text })),
    },
    // Long values: 10 kB up to 2.5 million characters (a body stays under about 3 MB).
    {
      weight: 1,
      arbitrary: fc
        .record({
          unit: fc.constantFrom("a", "é", "𝕏", "<", "\u0000", "%"),
          length: fc.constantFrom(300, 10_000, 100_000, 1_000_000, 2_500_000),
        })
        .map(({ unit, length }): Value => ({ t: "huge", unit, length })),
    },
  );
  const valid = choices.length ? fc.constantFrom(...choices).map(str) : fc.nat({ max: 9 }).map((i): Value => ({ t: "choice", i }));
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 4, arbitrary: scalar }, { weight: 3, arbitrary: weird });
}

// ---------------------------------------------------------------------------------------------
// Targets: every route of app/routes.ts, with the fields its action or loader reads.

export type Ids = {
  userId: string;
  email: string;
  recipientId: string;
  requestId: string;
  templateId: string;
  testimonialId: string;
  jobId: string;
  resetToken: string;
  unsubscribeToken: string;
  stripeCustomerId: string;
};

export type Target = {
  name: string;
  /** The path, given the ids of the fuzz user and a path parameter chosen by the generator. */
  path: (ids: Ids, param: string) => string;
  /** A field and the valid values it takes (so that the valid path is hit too). */
  fields: (ids: Ids) => Record<string, string[]>;
  /** Query parameters the loader or action reads. */
  query?: (ids: Ids) => Record<string, string[]>;
  /** Which id fills a path parameter, if any. */
  param?: keyof Ids;
  /** Bodies that are JSON in text/plain (product rules: Calls to the server), rather than forms. */
  json?: boolean;
};

const ADDRESS_FIELDS = {
  fullName: ["Ada Lovelace", "Grace Hopper"],
  street1: ["12 Main St", "12 north main street"],
  street2: ["", "Apt 4B"],
  city: ["Springfield"],
  state: ["IL", "illinois"],
  zipCode: ["62701", "62701-1234"],
};
const SENDER_FIELDS = {
  title: ["Fuzz Sender"],
  category: ["Catalogs"],
  covers: ["", "catalogs"],
  channels: ["email: optout@example.com", "web: https://example.com/optout", ""],
  acceptsAgent: ["yes", "no", "unknown"],
  needs: ["", "Full name\nAddress"],
  lasts: ["", "5 years"],
  takes: ["", "30 days"],
  confidence: ["high", "medium", "low"],
  sourceYear: ["2024", ""],
  requiredDays: ["30", "365"],
  notes: [""],
};
const TESTIMONIAL_FIELDS = {
  quote: ["Fuzzing the testimonial form"],
  displayName: ["Fuzz F."],
  city: ["Austin, TX"],
  consentDate: ["2026-01-02", ""],
  consentMethod: ["email-reply", ""],
};
const noFields = () => ({});

export const TARGETS: Target[] = [
  { name: "/", path: () => "/", fields: noFields, query: () => ({ _data: ["routes/home", "root"] }) },
  {
    name: "/dashboard",
    path: () => "/dashboard",
    fields: (ids) => ({
      intent: ["unsubscribe", "report", "confirm", "cancel", "delete", "undo", "sendSuggested"],
      requestId: [ids.requestId],
      selection: ["all", "chosen"],
      requestIds: [ids.requestId, ids.templateId],
    }),
    query: (ids) => ({
      request: [ids.requestId],
      view: ["print"],
      subscribed: ["basic"],
      confirmDelete: [ids.requestId],
      notice: ["unsubscribe", "delete", "undo", "sendSuggested"],
      about: [ids.requestId],
      sent: ["1"],
      refused: ["0", "2"],
      _data: ["routes/dashboard"],
    }),
  },
  {
    name: "/requests/add",
    path: () => "/requests/add",
    fields: (ids) => ({
      senderName: ["Fuzz Catalogs Inc", "lands end"],
      templateId: ["", ids.templateId, "lands-end", SEND_AS_TYPED],
      recipientIds: [ids.recipientId],
      customerNumber: ["", "A-123"],
    }),
    query: () => ({ senderName: ["lands end", "chase", "%_'\""], customerNumber: ["A-1"], recipientIds: ["x"] }),
  },
  { name: "/requests/senders", path: () => "/requests/senders", fields: noFields, query: () => ({ q: ["chase", "l", "%_'\"", ""] }) },
  { name: "/recipients", path: () => "/recipients", fields: (ids) => ({ intent: ["remove"], id: [ids.recipientId] }) },
  { name: "/recipients/add", path: () => "/recipients/add", fields: () => ADDRESS_FIELDS },
  { name: "/recipients/edit/:id", path: (_, id) => `/recipients/edit/${id}`, param: "recipientId", fields: () => ADDRESS_FIELDS },
  { name: "/learn", path: () => "/learn", fields: noFields },
  { name: "/progress", path: () => "/progress", fields: noFields },
  // The account forms get wrong passwords only, and no "sign out everywhere": the run keeps its user signed in.
  { name: "/account", path: () => "/account", fields: () => ({ intent: ["preferences"], newsletter: ["on", ""], reminderEmails: ["on"] }) },
  { name: "/account/address", path: () => "/account/address", fields: () => ({ ...ADDRESS_FIELDS, moved: ["on", ""] }) },
  { name: "/account/address/confirm", path: () => "/account/address/confirm", fields: noFields },
  {
    name: "/account/email",
    path: () => "/account/email",
    fields: () => ({ email: ["fuzz-other@quietmailbox.test"], currentPassword: ["wrong-password"] }),
  },
  {
    name: "/account/email/confirm",
    path: () => "/account/email/confirm",
    fields: () => ({ token: ["not-a-token"] }),
    query: () => ({ token: ["not-a-token"] }),
  },
  {
    name: "/account/password",
    path: () => "/account/password",
    fields: () => ({ currentPassword: ["wrong-password"], password: ["another-secret-123"] }),
  },
  { name: "/account/delete", path: () => "/account/delete", fields: () => ({ currentPassword: ["wrong-password"] }) },
  { name: "/start/step1", path: () => "/start/step1", fields: () => ADDRESS_FIELDS },
  { name: "/start/step2", path: () => "/start/step2", fields: () => ({ email: ["fuzz-new@quietmailbox.test"], password: ["secret-123"] }) },
  {
    name: "/subscription",
    path: () => "/subscription",
    fields: () => ({ intent: ["subscribe", "portal"], plan: ["basic", "premium"] }),
    query: () => ({ session_id: ["cs_fuzz"], checkout: ["cancelled"] }),
  },
  {
    name: "/signin",
    path: () => "/signin",
    fields: (ids) => ({ email: [ids.email], password: ["secret-123", "wrong-password"], redirectTo: ["/dashboard", "//evil.example"] }),
    query: () => ({ redirectTo: ["/recipients", "https://evil.example"], reset: ["1"] }),
  },
  { name: "/password/forgot", path: () => "/password/forgot", fields: (ids) => ({ email: [ids.email] }), query: () => ({ sent: ["1"] }) },
  {
    name: "/password/reset",
    path: () => "/password/reset",
    fields: (ids) => ({ token: [ids.resetToken], password: ["another-secret-123"] }),
    query: (ids) => ({ token: [ids.resetToken] }),
  },
  { name: "/terms", path: () => "/terms", fields: noFields },
  { name: "/privacy", path: () => "/privacy", fields: noFields },
  { name: "/sitemap", path: () => "/sitemap", fields: noFields },
  {
    name: "/reminders/unsubscribe",
    path: () => "/reminders/unsubscribe",
    fields: () => ({ intent: ["off", "on"], "List-Unsubscribe": ["One-Click"] }),
    query: (ids) => ({ token: [ids.unsubscribeToken], done: ["off"] }),
  },
  {
    name: "/reminders/:requestId",
    path: (_, id) => `/reminders/${id}`,
    param: "requestId",
    fields: () => ({ intent: ["confirm", "report"] }),
    query: () => ({ answered: ["confirm"] }),
  },
  { name: "/account/export", path: () => "/account/export", fields: noFields },
  { name: "/account/export.json", path: () => "/account/export.json", fields: noFields },
  { name: "/requests/:requestId/letter.txt", path: (_, id) => `/requests/${id}/letter.txt`, param: "requestId", fields: noFields },
  { name: "/admin", path: () => "/admin", fields: noFields },
  {
    name: "/admin/queue",
    path: () => "/admin/queue",
    fields: (ids) => ({
      intent: ["send", "mailed", "filed"],
      group: ["email:" + ids.templateId],
      request: [`${ids.userId}:${ids.requestId}`],
    }),
    query: () => ({ done: ["1"] }),
  },
  {
    name: "/admin/queue/print",
    path: () => "/admin/queue/print",
    fields: noFields,
    query: (ids) => ({ group: ["mail:" + ids.templateId] }),
  },
  { name: "/admin/users", path: () => "/admin/users", fields: noFields, query: (ids) => ({ q: [ids.email, "a"] }) },
  {
    name: "/admin/users/:id",
    path: (_, id) => `/admin/users/${id}`,
    param: "userId",
    fields: () => ({ ...ADDRESS_FIELDS, numOfFreeRequest: ["3", "0"], plan: ["", "basic"], reason: ["Fuzzing the staff form"] }),
    query: () => ({ saved: ["1"] }),
  },
  { name: "/admin/senders", path: () => "/admin/senders", fields: noFields },
  {
    name: "/admin/senders/new",
    path: () => "/admin/senders/new",
    fields: () => ({ id: ["fuzz-sender"], ...SENDER_FIELDS, fromGroup: ["", "fuzz", "no-such-group"] }),
    query: () => ({ fromGroup: ["fuzz", "no-such-group"] }),
  },
  {
    name: "/admin/senders/requested",
    path: () => "/admin/senders/requested",
    fields: (ids) => ({ key: ["fuzz", "no-such-group", ""], templateId: [ids.templateId, "no-such-sender", ""] }),
    query: () => ({ linked: ["acxiom"] }),
  },
  {
    name: "/admin/senders/:id",
    path: (_, id) => `/admin/senders/${id}`,
    param: "templateId",
    fields: () => ({ intent: ["update", "activate", "deactivate", "offer", "name"], name: ["Fuzz Brand", "&&"], ...SENDER_FIELDS }),
    query: () => ({ offered: ["1"], saved: ["1"] }),
  },
  { name: "/admin/testimonials", path: () => "/admin/testimonials", fields: noFields, query: () => ({ deleted: ["1"] }) },
  { name: "/admin/testimonials/new", path: () => "/admin/testimonials/new", fields: () => TESTIMONIAL_FIELDS },
  {
    name: "/admin/testimonials/:id",
    path: (_, id) => `/admin/testimonials/${id}`,
    param: "testimonialId",
    fields: () => ({ intent: ["update", "publish", "unpublish", "delete"], ...TESTIMONIAL_FIELDS }),
    query: () => ({ saved: ["published", "changed"] }),
  },
  {
    name: "/admin/jobs",
    path: () => "/admin/jobs",
    fields: (ids) => ({ intent: ["retry", "retryAll"], jobId: [ids.jobId] }),
    query: () => ({ state: ["dead", "queued"], type: ["email.send"], retried: ["1"] }),
  },
  {
    name: "/admin/audit",
    path: () => "/admin/audit",
    fields: noFields,
    query: (ids) => ({ actorId: [ids.userId], targetType: ["user"], before: ["10", "-1"] }),
  },
  { name: "/admin/progress", path: () => "/admin/progress", fields: noFields },
  {
    name: "/api/address/verify",
    path: () => "/api/address/verify",
    json: true,
    fields: () => ({
      "address.street1": ["12 Main St"],
      "address.street2": [""],
      "address.city": ["Springfield"],
      "address.state": ["IL"],
      "address.zipCode": ["62701"],
    }),
  },
  {
    name: "/api/mailchimp/subscribers/add",
    path: () => "/api/mailchimp/subscribers/add",
    json: true,
    fields: (ids) => ({ fullName: ["Ada Lovelace"], email: [ids.email] }),
  },
  {
    name: "/api/mailchimp/tags/add",
    path: () => "/api/mailchimp/tags/add",
    json: true,
    fields: (ids) => ({ email: [ids.email], tagName: ["free-requests-used", "basic-plan", "premium-user"] }),
  },
  {
    name: "/api/mailchimp/notifications/new_user",
    path: () => "/api/mailchimp/notifications/new_user",
    json: true,
    fields: () => ({ fullName: ["Ada Lovelace"] }),
  },
  {
    name: "/api/customers/create",
    path: () => "/api/customers/create",
    json: true,
    fields: (ids) => ({ name: ["Ada Lovelace"], email: [ids.email] }),
  },
  {
    name: "/api/subscriptions/create",
    path: () => "/api/subscriptions/create",
    json: true,
    fields: () => ({ plan: ["basic", "premium"] }),
  },
  { name: "/api/signout", path: () => "/api/signout", fields: noFields },
  {
    name: "/api/consent",
    path: () => "/api/consent",
    fields: () => ({ consent: ["yes", "no"], redirectTo: ["/learn", "//evil.example"] }),
  },
  { name: "/robots.txt", path: () => "/robots.txt", fields: noFields },
  { name: "/sitemap.xml", path: () => "/sitemap.xml", fields: noFields },
];

/** Paths outside the route table, and near misses of it. */
const UNKNOWN_PATHS = [
  "/nope",
  "/api",
  "/api/",
  "/api/nope",
  "/api/webhooks",
  "/api/webhooks/nope",
  "/admin/nope",
  "/admin/users/",
  "/dashboard/extra",
  "/recipients/edit",
  "/reminders/",
  "/account/export/",
  "/account/export.JSON",
  "/start",
  "/%FF%FE",
  "/%00",
  "/..%2F..%2Fetc%2Fpasswd",
  "/build/server/index.js",
  "/.env",
  "/wrangler.toml",
  "/assets/nope.js",
  "/favicon.ico",
  "/index.html",
  "/SIGNIN",
  "/signin/",
  "//evil.example",
];

// ---------------------------------------------------------------------------------------------
// Requests

const METHODS = ["POST", "GET", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"] as const;
type Method = (typeof METHODS)[number];

const BODY_KINDS = [
  "urlencoded",
  "multipart",
  "json",
  "textplain",
  "none",
  "noContentType",
  "garbage",
  "huge",
  "badMultipart",
  "oddContentType",
] as const;
type BodyKind = (typeof BODY_KINDS)[number];

type CookieTweak = "none" | "malformed" | "garbage" | "unknownSession" | "duplicate" | "consent" | "huge" | "badEncoding";
type OriginMode = "sameOrigin" | "crossSite" | "noHeaders" | "nullOrigin" | "sameSite" | "otherOriginOnly";

/** One generated request. Paths and bodies are built from it at send time, from the fuzz user's ids. */
export type FuzzRequest = {
  target: number; // index into TARGETS, or -1 - index into UNKNOWN_PATHS
  role: Role;
  method: Method;
  body: BodyKind;
  /** Fields changed from the valid form: a field index (modulo the target's fields) and its new value; null deletes it. */
  edits: [number, Value | null][];
  /** Fields the route does not know. */
  extra: [string, Value][];
  /** Start from the valid form (true) or from nothing. */
  startValid: boolean;
  param: "id" | "random" | "empty" | "long" | "markup" | "badPercent" | "otherUser";
  query: [string, string][];
  cookie: CookieTweak;
  origin: OriginMode;
  forwardedHost: string | null;
  clientIp: string | null;
  accept: string | null;
  bot: boolean;
  /** Only for the Stripe webhook. */
  stripe: StripeCase | null;
};

type StripeCase = {
  signature: "valid" | "none" | "garbage" | "wrongSecret" | "oldTimestamp";
  type: string;
  object: Record<string, string | number | boolean | null>;
  rawPayload: string | null;
};

const STRIPE_TYPES = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
  "customer.created",
  "fuzz.unknown",
];

function stripeArb(): fc.Arbitrary<StripeCase> {
  const id = (prefix: string) =>
    fc.oneof(
      fc.constant(`${prefix}_fuzz_unknown`),
      fc.string({ maxLength: 10 }).map((s) => `${prefix}_${s}`),
      textArb,
    );
  return fc.record({
    signature: fc.constantFrom("valid", "none", "garbage", "wrongSecret", "oldTimestamp"),
    type: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...STRIPE_TYPES) }, { weight: 1, arbitrary: textArb }),
    object: fc.record(
      {
        id: id("sub"),
        object: fc.constantFrom("subscription", "checkout.session", "invoice", "customer"),
        customer: fc.oneof(id("cus"), fc.constant("$customer")),
        subscription: id("sub"),
        status: fc.oneof(fc.constantFrom("active", "canceled", "past_due", "incomplete"), textArb),
        client_reference_id: fc.oneof(fc.constant("$user"), textArb),
        mode: fc.constantFrom("subscription", "payment"),
        current_period_end: fc.oneof(fc.integer(), fc.constant(null)),
        cancel_at_period_end: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
    rawPayload: fc.option(fc.oneof(textArb, fc.constantFrom("{}", "[]", "null", '{"id":1}', '{"type":"invoice.paid"}')), { freq: 4 }),
  });
}

const queryArb = fc.array(
  fc.oneof(
    {
      weight: 2,
      arbitrary: fc.tuple(
        fc.constant("_data"),
        fc.oneof(
          fc.constantFrom(
            "root",
            "routes/home",
            "routes/dashboard",
            "routes/signin",
            "routes/admin",
            "routes/not-found",
            "routes/nope",
            "",
          ),
          textArb,
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constantFrom(
          "index",
          "redirectTo",
          "token",
          "request",
          "view",
          "group",
          "q",
          "before",
          "state",
          "type",
          "session_id",
          "done",
          "confirmDelete",
          "notice",
          "about",
        ),
        textArb,
      ),
    },
    { weight: 1, arbitrary: fc.tuple(textArb, textArb) },
  ),
  { maxLength: 3 },
);

/** Requests as `role` would send them; `targets` narrows the routes (all, when omitted). */
export function requestArb(role: Role, { webhookOnly = false }: { webhookOnly?: boolean } = {}): fc.Arbitrary<FuzzRequest> {
  const stripeIndex = -1 - UNKNOWN_PATHS.length - 1;
  const target = webhookOnly
    ? fc.constant(stripeIndex)
    : fc.oneof(
        { weight: 8, arbitrary: fc.nat({ max: TARGETS.length - 1 }) },
        { weight: 1, arbitrary: fc.nat({ max: UNKNOWN_PATHS.length - 1 }).map((index) => -1 - index) },
      );
  return fc.record({
    target,
    role: fc.constant(role),
    method: fc.oneof(
      { weight: 6, arbitrary: fc.constant<Method>("POST") },
      { weight: 3, arbitrary: fc.constant<Method>("GET") },
      { weight: 3, arbitrary: fc.constantFrom<Method>(...METHODS) },
    ),
    body: fc.oneof(
      { weight: 4, arbitrary: fc.constant<BodyKind>("urlencoded") },
      { weight: 4, arbitrary: fc.constantFrom<BodyKind>(...BODY_KINDS) },
    ),
    edits: fc.array(fc.tuple(fc.nat({ max: 20 }), fc.option(valueArb([]), { freq: 5 })), { maxLength: 4 }),
    extra: fc.array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom("intent", "_action", "__proto__", "constructor", "redirectTo", "_data", "id", "userId", "email", ""),
          textArb,
        ),
        valueArb([]),
      ),
      { maxLength: 2 },
    ),
    startValid: fc.boolean(),
    param: fc.oneof(
      { weight: 4, arbitrary: fc.constant("id" as const) },
      { weight: 3, arbitrary: fc.constantFrom("random", "empty", "long", "markup", "badPercent", "otherUser") },
    ),
    query: fc.oneof(
      { weight: 3, arbitrary: fc.constant<[string, string][]>([]) },
      { weight: 1, arbitrary: queryArb.map((pairs): [string, string][] => pairs.map(([name, value]) => [name, value])) },
    ),
    cookie: fc.oneof(
      { weight: 8, arbitrary: fc.constant<CookieTweak>("none") },
      {
        weight: 2,
        arbitrary: fc.constantFrom<CookieTweak>("malformed", "garbage", "unknownSession", "duplicate", "consent", "huge", "badEncoding"),
      },
    ),
    origin: fc.oneof(
      { weight: 10, arbitrary: fc.constant<OriginMode>("sameOrigin") },
      { weight: 2, arbitrary: fc.constantFrom<OriginMode>("crossSite", "noHeaders", "nullOrigin", "sameSite", "otherOriginOnly") },
    ),
    forwardedHost: fc.option(fc.oneof(fc.constantFrom("evil.example", HOST, "example.test:8443", "a, b", ""), textArb), { freq: 8 }),
    clientIp: fc.option(fc.oneof(fc.ipV4(), fc.ipV6(), textArb), { freq: 3 }),
    accept: fc.option(fc.constantFrom("application/json", "text/html", "*/*", "text/x-component", "\u0000"), { freq: 4 }),
    bot: fc.boolean(),
    stripe: webhookOnly ? stripeArb() : fc.constant(null),
  });
}

/** The fields the request sends, by name; a value list means the field is repeated. */
function fieldsOf(
  request: FuzzRequest,
  target: Target | null,
  ids: Ids,
  pick: (choices: string[]) => string | undefined,
): [string, Value][] {
  const known = target ? target.fields(ids) : {};
  const names = Object.keys(known);
  const fields = new Map<string, Value>();
  if (request.startValid)
    for (const name of names) {
      const choice = pick(known[name]!);
      if (choice !== undefined) fields.set(name, str(choice));
    }
  for (const [index, value] of request.edits) {
    const name = names.length ? names[index % names.length]! : `field${index}`;
    if (value === null) fields.delete(name);
    else if (value.t === "choice") {
      const choices = known[name] ?? [];
      fields.set(name, str(choices.length ? choices[value.i % choices.length]! : ""));
    } else fields.set(name, value);
  }
  return [...fields, ...request.extra];
}

// ---------------------------------------------------------------------------------------------
// Encoding

const encoder = new TextEncoder();
type Budget = { left: number };
const MAX_BODY = 3_000_000;

function hugeText(value: { unit: string; length: number }, budget: Budget) {
  const units = Math.max(0, Math.min(value.length, Math.floor(budget.left / Math.max(1, encoder.encode(value.unit).length * 3))));
  budget.left -= units * encoder.encode(value.unit).length * 3;
  return value.unit.repeat(units);
}

/** The text of a scalar value in a form (a form knows only strings). */
function formText(value: Value, budget: Budget): string | Uint8Array {
  switch (value.t) {
    case "str":
      return value.s;
    case "num":
      return String(value.n);
    case "bool":
      return String(value.b);
    case "null":
      return "";
    case "obj":
      return JSON.stringify(Object.fromEntries(value.entries.map(([k, v]) => [k, jsonOf(v, budget)])));
    case "bytes":
      return new Uint8Array(value.bytes);
    case "file":
      return value.text;
    case "huge":
      return hugeText(value, budget);
    case "arr":
    case "choice":
      return "";
  }
}

/** A form's entries: arrays become the field repeated. */
function formEntries(fields: [string, Value][]): [string, Value][] {
  return fields.flatMap(([name, value]) =>
    value.t === "arr" ? value.items.map((item): [string, Value] => [name, item]) : [[name, value]],
  );
}

function percentBytes(bytes: Uint8Array) {
  return [...bytes].map((byte) => `%${byte.toString(16).padStart(2, "0").toUpperCase()}`).join("");
}

function urlencoded(fields: [string, Value][], budget: Budget) {
  return formEntries(fields)
    .map(([name, value]) => {
      const text = formText(value, budget);
      const encoded = typeof text === "string" ? encodeURIComponentLoose(text) : percentBytes(text);
      return `${encodeURIComponentLoose(name)}=${encoded}`;
    })
    .join("&");
}

/** encodeURIComponent, but lone surrogates go out as their (invalid) UTF-8-ish bytes instead of throwing. */
function encodeURIComponentLoose(text: string) {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((char) => {
        try {
          return encodeURIComponent(char);
        } catch {
          return "%ED%A0%80";
        }
      })
      .join("");
  }
}

function concat(parts: (string | Uint8Array)[]): Uint8Array<ArrayBuffer> {
  const chunks = parts.map((part) => (typeof part === "string" ? encoder.encode(part) : part));
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

const BOUNDARY = "----fuzzBoundary7MA4YWxkTrZu0gW";

function multipart(fields: [string, Value][], budget: Budget): Uint8Array<ArrayBuffer> {
  const parts: (string | Uint8Array)[] = [];
  for (const [name, value] of formEntries(fields)) {
    const quotedName = name.replace(/"/g, "%22").replace(/\r|\n/g, " ");
    if (value.t === "file") {
      parts.push(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${quotedName}"; filename="${value.name.replace(/"/g, "%22")}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        value.text,
        "\r\n",
      );
    } else {
      parts.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${quotedName}"\r\n\r\n`, formText(value, budget), "\r\n");
    }
  }
  parts.push(`--${BOUNDARY}--\r\n`);
  return concat(parts);
}

function jsonOf(value: Value, budget: Budget): unknown {
  switch (value.t) {
    case "str":
      return value.s;
    case "num":
      return value.n;
    case "bool":
      return value.b;
    case "null":
      return null;
    case "arr":
      return value.items.map((item) => jsonOf(item, budget));
    case "obj":
      return Object.fromEntries(value.entries.map(([k, v]) => [k, jsonOf(v, budget)]));
    case "bytes":
      return { $bytes: value.bytes };
    case "file":
      return value.text;
    case "huge":
      return hugeText(value, budget);
    case "choice":
      return null;
  }
}

/** JSON text; dotted names nest ("address.city"), raw bytes go inside strings unencoded. */
function jsonBody(fields: [string, Value][], budget: Budget): Uint8Array<ArrayBuffer> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of fields) {
    const path = name.includes(".") ? name.split(".") : [name];
    let node = root;
    for (const key of path.slice(0, -1)) {
      if (typeof node[key] !== "object" || node[key] === null)
        Object.defineProperty(node, key, { value: {}, enumerable: true, writable: true, configurable: true });
      node = node[key] as Record<string, unknown>;
    }
    Object.defineProperty(node, path[path.length - 1]!, {
      value: jsonOf(value, budget),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  // Raw bytes: placeholders replaced after stringifying.
  const text = JSON.stringify(root);
  const pieces: (string | Uint8Array)[] = [];
  let rest = text;
  const marker = /\{"\$bytes":\[([\d,]*)\]\}/;
  for (let match = marker.exec(rest); match; match = marker.exec(rest)) {
    pieces.push(rest.slice(0, match.index), '"', new Uint8Array(match[1] ? match[1].split(",").map(Number) : []), '"');
    rest = rest.slice(match.index + match[0].length);
  }
  pieces.push(rest);
  return concat(pieces);
}

// ---------------------------------------------------------------------------------------------
// Sending

/** A Cookie pair for a session signed in as `userId` now (signedInAt set, so resets do not void it). */
async function sessionCookie(userId: string) {
  const storage = getSessionStorage(parseEnv(env));
  const session = await storage.getSession();
  session.set("userId", userId);
  session.set("signedInAt", Date.now());
  return (await storage.commitSession(session)).split(";")[0]!;
}

async function cookieHeader(request: FuzzRequest, ids: Ids): Promise<string | null> {
  const own =
    request.role === "user" ? await sessionCookie(ids.userId) : request.role === "staff" ? await sessionCookie("local-admin") : null;
  const parts = own ? [own] : [];
  switch (request.cookie) {
    case "none":
      break;
    case "malformed":
      parts.unshift("__session=a.b.c");
      break;
    case "garbage":
      parts.unshift("__session=%%%garbage%%%;;=;");
      break;
    case "unknownSession": {
      // Signed with the right secret, but no such session in KV.
      const storage = getSessionStorage(parseEnv(env));
      const fake = await storage.getSession();
      fake.set("userId", "no-such-user");
      const cookie = (await storage.commitSession(fake)).split(";")[0]!;
      await storage.destroySession(await storage.getSession(cookie));
      parts.unshift(cookie);
      break;
    }
    case "duplicate":
      parts.push("__session=eyJ9.forged", own ?? "__session=");
      break;
    case "consent":
      parts.push("tracking_consent=yes");
      break;
    case "huge":
      parts.push(`junk=${"x".repeat(6000)}`);
      break;
    case "badEncoding":
      parts.unshift("__session=%E0%A4%A");
      break;
  }
  return parts.length ? parts.join("; ") : null;
}

const webhookSecret = () => parseEnv(env).STRIPE_WEBHOOK_SECRET ?? "";
const SIGNATURE_SECRET_WRONG = "whsec_not_the_right_secret";

async function stripeSignature(secret: string, payload: string, timestamp: number) {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${payload}`)));
  return `t=${timestamp},v1=${[...mac].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

function paramValue(request: FuzzRequest, target: Target, ids: Ids) {
  const own = target.param ? ids[target.param] : "";
  switch (request.param) {
    case "id":
      return encodeURIComponent(own);
    case "random":
      return crypto.randomUUID();
    case "empty":
      return "";
    case "long":
      return "x".repeat(5000);
    case "markup":
      return encodeURIComponent('<script>"x"</script>');
    case "badPercent":
      return "%E0%A4%A%FF";
    case "otherUser":
      return encodeURIComponent(target.param === "userId" ? "local-admin" : "somebody-elses-id");
  }
}

export type Built = { url: string; init: RequestInit & { headers: Record<string, string> }; label: string };

/** The request as it goes over the wire. `pick` chooses among valid values (the first, for replays). */
export async function build(request: FuzzRequest, ids: Ids, pick: (choices: string[]) => string | undefined = (c) => c[0]): Promise<Built> {
  const isStripe = request.stripe !== null;
  const target = request.target >= 0 ? TARGETS[request.target % TARGETS.length]! : null;
  let path: string;
  if (isStripe) path = "/api/webhooks/stripe";
  else if (target) path = target.path(ids, paramValue(request, target, ids));
  else path = UNKNOWN_PATHS[(-1 - request.target) % UNKNOWN_PATHS.length]!;

  const fields = isStripe ? [] : fieldsOf(request, target, ids, pick);
  const budget: Budget = { left: MAX_BODY };
  const query = new URLSearchParams();
  const knownQuery = target?.query?.(ids) ?? {};
  for (const [name, choices] of Object.entries(knownQuery)) {
    if (request.startValid) {
      const choice = pick(choices);
      if (choice !== undefined) query.set(name, choice);
    }
  }
  for (const [name, value] of request.query) query.append(name, value);
  const canHaveBody = request.method !== "GET" && request.method !== "HEAD";
  // A form that a GET would send goes into the query string.
  if (!canHaveBody)
    for (const [name, value] of formEntries(fields)) {
      const text = formText(value, { left: 20_000 });
      query.append(name, typeof text === "string" ? text : new TextDecoder().decode(text));
    }
  let queryString = query.toString();
  if (queryString.length > 30_000) queryString = queryString.slice(0, 30_000);

  const headers: Record<string, string> = { Host: HOST };
  const cookie = isStripe && request.role === "visitor" ? null : await cookieHeader(request, ids);
  if (cookie) headers.Cookie = cookie;
  switch (isStripe ? "noHeaders" : request.origin) {
    case "sameOrigin":
      headers.Origin = ORIGIN;
      headers["Sec-Fetch-Site"] = "same-origin";
      break;
    case "crossSite":
      headers.Origin = "https://evil.example";
      headers["Sec-Fetch-Site"] = "cross-site";
      break;
    case "nullOrigin":
      headers.Origin = "null";
      break;
    case "sameSite":
      headers.Origin = "https://www.example.test";
      headers["Sec-Fetch-Site"] = "same-site";
      break;
    case "otherOriginOnly":
      headers.Origin = "https://evil.example";
      break;
    case "noHeaders":
      break;
  }
  if (request.forwardedHost !== null) headers["X-Forwarded-Host"] = headerSafe(request.forwardedHost);
  if (request.clientIp !== null) headers["CF-Connecting-IP"] = headerSafe(request.clientIp);
  if (request.accept !== null) headers.Accept = headerSafe(request.accept);
  if (request.bot) headers["User-Agent"] = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

  let body: Uint8Array<ArrayBuffer> | string | undefined;
  if (isStripe && canHaveBody) {
    const stripe = request.stripe!;
    const object = Object.fromEntries(
      Object.entries(stripe.object).map(([key, value]) => [
        key,
        value === "$customer" ? ids.stripeCustomerId : value === "$user" ? ids.userId : value,
      ]),
    );
    const payload =
      stripe.rawPayload ??
      JSON.stringify({
        id: `evt_fuzz_${crypto.randomUUID()}`,
        object: "event",
        type: stripe.type,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object },
      });
    const now = Math.floor(Date.now() / 1000);
    if (stripe.signature === "valid") headers["Stripe-Signature"] = await stripeSignature(webhookSecret(), payload, now);
    else if (stripe.signature === "wrongSecret") headers["Stripe-Signature"] = await stripeSignature(SIGNATURE_SECRET_WRONG, payload, now);
    else if (stripe.signature === "oldTimestamp") headers["Stripe-Signature"] = await stripeSignature(webhookSecret(), payload, now - 3600);
    else if (stripe.signature === "garbage") headers["Stripe-Signature"] = "t=abc,v1=zz,v0=";
    headers["Content-Type"] = "application/json; charset=utf-8";
    body = payload;
  } else if (canHaveBody) {
    const asJson = target?.json ?? false;
    switch (request.body) {
      case "urlencoded":
        headers["Content-Type"] = "application/x-www-form-urlencoded";
        body = urlencoded(fields, budget);
        break;
      case "multipart":
        headers["Content-Type"] = `multipart/form-data; boundary=${BOUNDARY}`;
        body = multipart(fields, budget);
        break;
      case "json":
        headers["Content-Type"] = "application/json";
        body = jsonBody(fields, budget);
        break;
      case "textplain":
        headers["Content-Type"] = "text/plain;charset=UTF-8";
        body = asJson ? jsonBody(fields, budget) : urlencoded(fields, budget).replace(/&/g, "\r\n");
        break;
      case "none":
        break;
      case "noContentType":
        body = asJson ? jsonBody(fields, budget) : urlencoded(fields, budget);
        break;
      case "garbage":
        headers["Content-Type"] = asJson ? "text/plain;charset=UTF-8" : "application/x-www-form-urlencoded";
        body = new Uint8Array([
          0xff, 0xfe, 0x00, 0xc3, 0x28, 0x3d, 0x26, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x28, 0x8c, 0xbc, 0x25, 0x7a, 0x7a, 0x3d, 0x25,
        ]);
        break;
      case "huge":
        headers["Content-Type"] = asJson ? "text/plain;charset=UTF-8" : "application/x-www-form-urlencoded";
        body = asJson ? `{"a":"${"a".repeat(2_900_000)}"}` : `${urlencoded(fields, budget)}&pad=${"a".repeat(2_900_000)}`;
        break;
      case "badMultipart":
        headers["Content-Type"] = "multipart/form-data";
        body = `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n`;
        break;
      case "oddContentType":
        headers["Content-Type"] = "application/x-www-form-urlencoded; charset=utf-16le";
        body = concat([new Uint8Array([0xff, 0xfe]), urlencoded(fields, budget)]);
        break;
    }
  }
  const url = `${ORIGIN}${path}${queryString ? `?${queryString}` : ""}`;
  const label = `${request.method} ${path}${queryString ? `?${queryString.slice(0, 120)}` : ""}`;
  return { url, init: { method: request.method, redirect: "manual", headers, body }, label };
}

/**
 * Header values: fetch inside workerd sends non-ASCII as UTF-8 with a warning a browser would not
 * give, so bytes outside printable ASCII go out percent-escaped, as a proxy would pass them on.
 */
function headerSafe(value: string) {
  // eslint-disable-next-line no-control-regex -- a header cannot carry NUL
  const bytes = encoder.encode(value.replace(/[\r\n\u0000]/g, " "));
  return [...bytes.slice(0, 2000)]
    .map((byte) => (byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, "0")}`))
    .join("")
    .trim();
}

// ---------------------------------------------------------------------------------------------
// The database, before and after

// auth_throttle counts refused sign-ins, reset links asked for and address checks: it changes on
// refusals by design. Site-visit analytics are written a moment after the page is served
// (trackVisit), so they may land during a later request. Migration bookkeeping is D1's.
const EXCLUDED_TABLES = new Set(["auth_throttle", "d1_migrations", "sqlite_sequence", "_cf_KV", "_cf_METADATA"]);
const VISIT_EVENTS = ["Visited Homepage", "Visited Step 1", "Visited Step 2", "visited dashboard"];

let snapshotStatements: { table: string; sql: string }[] | null = null;

async function statements() {
  if (snapshotStatements) return snapshotStatements;
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
  ).all<{ name: string }>();
  const list: { table: string; sql: string }[] = [];
  for (const { name } of tables.results) {
    if (EXCLUDED_TABLES.has(name)) continue;
    const columns = await env.DB.prepare(`SELECT name FROM pragma_table_info(?)`).bind(name).all<{ name: string }>();
    const row = columns.results.map((column) => `quote("${column.name}")`).join(" || ',' || ");
    const where = name === "analytics_events" ? ` WHERE name NOT IN (${VISIT_EVENTS.map((event) => `'${event}'`).join(", ")})` : "";
    list.push({
      table: name,
      sql: `SELECT count(*) AS n, coalesce(group_concat(${row}, char(10)), '') AS rows FROM (SELECT * FROM "${name}"${where} ORDER BY rowid)`,
    });
  }
  snapshotStatements = list;
  return list;
}

type Snapshot = Map<string, string>;

/** Every row of every table (but the excluded ones), one string per table: one D1 batch. */
async function snapshot(): Promise<Snapshot> {
  const list = await statements();
  const results = await env.DB.batch<{ n: number; rows: string }>(list.map(({ sql }) => env.DB.prepare(sql)));
  return new Map(list.map(({ table }, index) => [table, `${results[index]!.results[0]!.n}:${results[index]!.results[0]!.rows}`]));
}

function changedTables(before: Snapshot, after: Snapshot) {
  return [...after.keys()].filter((table) => before.get(table) !== after.get(table));
}

/**
 * Waits until background jobs have settled, so that their writes do not land inside a later
 * request; answers false when some are still running after `timeout`, and the run goes on.
 */
export function settleJobs(timeout = 15_000) {
  return vi
    .waitFor(
      async () => {
        const row = await env.DB.prepare("SELECT count(*) AS n FROM jobs WHERE state IN ('queued', 'running', 'retrying')").first<{
          n: number;
        }>();
        if (row?.n) throw new Error(`${row.n} jobs still running`);
      },
      { timeout, interval: 100 },
    )
    .then(
      () => true,
      () => false,
    );
}

// ---------------------------------------------------------------------------------------------
// The checks

const STACK_PATTERNS = [
  /\n\s*at [^\n]*:\d+:\d+/, // a V8 stack frame
  /\bat [\w$.<>[\] ]*\((?:file:\/\/|\/|[A-Za-z]:\\|node:|cloudflare:|workers?\/)[^)]*:\d+:\d+\)/,
  /(?:file:\/\/|\/work\/main\/|node_modules\/)[\w./@-]+\.(?:js|mjs|cjs|ts|tsx)\b/, // a source or build file on disk
  /\b(?:D1_ERROR|SQLITE_[A-Z]+|TypeError: |ReferenceError: |RangeError: |SyntaxError: |Unexpected Server Error)/,
  /did not provide an `(?:action|loader)`/, // Remix's own error text
];

export type Outcome = { status: number; body: string; logged: string[]; changed: string[]; threw: string | null; ms: number };

export type Failure = { kind: "5xx" | "leak" | "db" | "threw" | "logged"; detail: string };

/** What a caller must never see. Console errors are reported separately (see fuzz.test.ts). */
export function failuresOf(outcome: Outcome): Failure[] {
  const failures: Failure[] = [];
  if (outcome.threw) failures.push({ kind: "threw", detail: outcome.threw });
  if (outcome.status >= 500) failures.push({ kind: "5xx", detail: `status ${outcome.status}` });
  const leak = STACK_PATTERNS.find((pattern) => pattern.test(outcome.body));
  if (leak) failures.push({ kind: "leak", detail: `body matches ${leak}: …${excerpt(outcome.body, leak)}…` });
  if (outcome.status >= 400 && outcome.changed.length)
    failures.push({ kind: "db", detail: `status ${outcome.status} but changed ${outcome.changed.join(", ")}` });
  return failures;
}

function excerpt(body: string, pattern: RegExp) {
  const match = pattern.exec(body);
  if (!match) return "";
  return body.slice(Math.max(0, match.index - 60), match.index + 100).replace(/\s+/g, " ");
}

/**
 * Refused sign-ins slow later attempts down by seconds and then block them: forgetting them before
 * each request keeps the run fast and every request reaching the action.
 */
async function resetThrottle() {
  if (hasThrottleTable === null) {
    hasThrottleTable =
      (
        await env.DB.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'auth_throttle'").first<{
          n: number;
        }>()
      )?.n === 1;
  }
  if (hasThrottleTable) await env.DB.prepare("DELETE FROM auth_throttle").run();
}
let hasThrottleTable: boolean | null = null;

/** Sends one request and measures everything the checks need. */
export async function send(built: Built, logged: string[]): Promise<Outcome> {
  const started = Date.now();
  const firstLog = logged.length;
  await resetThrottle();
  const before = await snapshot();
  let status = 0;
  let body = "";
  let threw: string | null = null;
  try {
    // The Worker is called directly rather than through SELF: vitest-pool-workers 0.14 wraps its
    // entrypoint's prototype in one more Proxy on every SELF.fetch (cloudflare/workers-sdk#15092),
    // so a few thousand requests in one isolate slow down and then overflow the stack. Waiting
    // for the execution context also lets waitUntil work land before the snapshot below.
    const ctx = createExecutionContext();
    const request = new Request(built.url, built.init) as Request<unknown, IncomingRequestCfProperties>;
    const response = await worker.fetch(request, env, ctx);
    status = response.status;
    body = await response.text();
    await waitOnExecutionContext(ctx);
  } catch (error) {
    threw = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
  const after = await snapshot();
  return { status, body, logged: logged.slice(firstLog), changed: changedTables(before, after), threw, ms: Date.now() - started };
}

/** A short, readable form of a generated request, for reports. */
export function describe(request: FuzzRequest, built: Built) {
  const headers = Object.entries(built.init.headers)
    .filter(([name]) => name !== "Host")
    .map(([name, value]) => `${name}: ${value.length > 80 ? `${value.slice(0, 80)}…(${value.length})` : value}`);
  const body = built.init.body;
  const bodyText = body === undefined ? "(no body)" : typeof body === "string" ? body : new TextDecoder().decode(body as Uint8Array);
  return [
    `${built.label}  [role ${request.role}, body ${request.stripe ? "stripe" : request.body}]`,
    ...headers.map((header) => `  ${header}`),
    `  body: ${bodyText.length > 240 ? `${JSON.stringify(bodyText.slice(0, 240))}…(${bodyText.length} chars)` : JSON.stringify(bodyText)}`,
  ].join("\n");
}

export function targetName(request: FuzzRequest) {
  if (request.stripe) return "/api/webhooks/stripe";
  if (request.target >= 0) return TARGETS[request.target % TARGETS.length]!.name;
  return `unknown ${UNKNOWN_PATHS[(-1 - request.target) % UNKNOWN_PATHS.length]}`;
}

export { getDb };
