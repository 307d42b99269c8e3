// Postmark's email API, mounted at /email (so the app's EMAIL_API_URL is <stand-ins>/email):
//   POST /email               send a single email
//   POST /email/batch         send up to 500 emails, one result each
//   GET  /messages/outbound   search sent messages (count, offset, recipient, tag, metadata_<key>)
// https://postmarkapp.com/developer/user-guide/send-email-with-api,
// https://postmarkapp.com/developer/api/messages-api and
// https://postmarkapp.com/developer/api/overview (401 for a bad token; 422 with {ErrorCode, Message}).
// Postmark sends only from a confirmed Sender Signature or an address on a verified domain
// (https://postmarkapp.com/support/article/troubleshooting-422-unprocessable-entity-errors): any
// other From is refused with 422 and ErrorCode 400 ("Sender Signature not found", /developer/api/
// overview#error-codes). The stand-in's verified domains are EMAIL_STAND_IN_VERIFIED_DOMAINS, or
// POSTMARK_VERIFIED_DOMAINS (comma-separated) in its environment, or what a test sets with
// POST /__stand-ins/email/verified-domains {domains}.
// Tests read what was sent from the recorded requests (/__stand-ins/requests?vendor=email); people
// running `npm start` read it at /__stand-ins/email/outbox.
//
// Postmark's webhooks (https://postmarkapp.com/developer/webhooks/delivery-webhook, bounce-webhook,
// spam-complaint-webhook): a JSON record POSTed with the Basic credentials of the webhook's URL.
// Control routes, at /__stand-ins/email/...:
//   POST /webhook-endpoint           {url, delayMs?}: from now on, every message sent is followed,
//                                    delayMs later, by a Delivery record for each recipient, or a
//                                    HardBounce for Postmark's HARD_BOUNCE_ADDRESS, a SoftBounce (Postmark
//                                    has stopped trying) for SOFT_BOUNCE_ADDRESS (npm start);
//                                    {url: null} stops it
//   POST /verified-domains           {domains: string[] | null}: the domains it sends from (null: the defaults)
//   POST /messages/:id/events        {type: "Delivery" | "HardBounce" | "SoftBounce" | "Transient" | "SpamComplaint", url?}:
//                                    sends that record for the message now, to `url` or the endpoint,
//                                    and answers the app's status (journeys)
import { randomUUID } from "node:crypto";
import type { StandInRequest, StandInResponse, Vendor } from "../server";

/** The server token this stand-in accepts, as wrangler.toml's [vars] and vendorVars() give it to the app. */
export const EMAIL_STAND_IN_TOKEN = "local-stand-in-server-token";

/**
 * The domains the stand-in sends from, as a Postmark account with these domains verified would:
 * the app's EMAIL_FROM and PERSON_SENDING_DOMAIN of wrangler.toml.
 */
const EMAIL_STAND_IN_VERIFIED_DOMAINS = ["quietmailbox.local", "requests.quietmailbox.local"];

const VERIFIED = "verified-domains";

function verifiedDomains(state: Map<string, unknown>): string[] {
  const set = state.get(VERIFIED) as string[] | undefined;
  if (set) return set;
  const configured = process.env.POSTMARK_VERIFIED_DOMAINS?.split(",")
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
  return configured?.length ? configured : EMAIL_STAND_IN_VERIFIED_DOMAINS;
}

/** The Basic credentials the stand-in's webhooks carry: the app's POSTMARK_WEBHOOK_USER and POSTMARK_WEBHOOK_PASSWORD. */
export const EMAIL_STAND_IN_WEBHOOK_USER = "postmark-local";
export const EMAIL_STAND_IN_WEBHOOK_PASSWORD = "local-stand-in-webhook-password";

/**
 * Postmark's black-hole address for a fake hard bounce (developer/user-guide/sandbox-mode/
 * generate-fake-bounces): case-insensitive, underscores allowed ("Hard_Bounce@…"). A message to it
 * is followed by a HardBounce record instead of a Delivery.
 */
export const HARD_BOUNCE_ADDRESS = "hardbounce@bounce-testing.postmarkapp.com";

/** The stand-in's own address for a soft bounce, beside Postmark's: the mailbox is full, and Postmark gave up after its retries. */
export const SOFT_BOUNCE_ADDRESS = "softbounce@bounce-testing.postmarkapp.com";

function fakeBounceOf(recipient: string): "HardBounce" | "SoftBounce" | null {
  const [local = "", domain = ""] = recipient.toLowerCase().split("@");
  const address = `${local.replaceAll("_", "")}@${domain}`;
  return address === HARD_BOUNCE_ADDRESS ? "HardBounce" : address === SOFT_BOUNCE_ADDRESS ? "SoftBounce" : null;
}

/**
 * Addresses at this domain are "inactive" (they hard-bounced before): Postmark refuses to send
 * to them with ErrorCode 406. The same domain looks fake to the Mailchimp stand-in.
 */
const INACTIVE_EMAIL_DOMAIN = "example.invalid";

const MESSAGE_STREAMS = new Set(["outbound", "broadcast"]);
const MAILBOX = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

function postmarkError(status: number, ErrorCode: number, Message: string): StandInResponse {
  return { status, body: { ErrorCode, Message } };
}

/** "Name <a@b.c>", "\"Doe, Jane\" <a@b.c>" or "a@b.c"; several recipients are separated by commas outside quotes. */
function addresses(value: unknown): string[] | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const list = value.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((part) => {
    const match = part.trim().match(/<([^>]+)>$/);
    return (match ? match[1]! : part).trim();
  });
  return list.every((address) => MAILBOX.test(address)) ? list : null;
}

type SentMessage = {
  MessageID: string;
  To: string;
  Recipients: string[];
  From: string;
  ReplyTo: string | null;
  Subject: string;
  TextBody: string;
  Tag: string;
  Metadata: Record<string, string>;
  Headers: { Name: string; Value: string }[];
  ReceivedAt: string;
  Status: "Sent";
};

const SENT = "sent";

function sentMessages(state: Map<string, unknown>): SentMessage[] {
  if (!state.has(SENT)) state.set(SENT, []);
  return state.get(SENT) as SentMessage[];
}

const WEBHOOK = "webhook";
type WebhookSettings = { url: string | null; delayMs: number };

function webhookOf(state: Map<string, unknown>): WebhookSettings {
  if (!state.has(WEBHOOK)) state.set(WEBHOOK, { url: null, delayMs: 1_000 });
  return state.get(WEBHOOK) as WebhookSettings;
}

/** Forgets the messages and any verified domains a test set, but keeps where webhooks go, as a reset of the request log should. */
function resetEmail(state: Map<string, unknown>) {
  const webhook = state.get(WEBHOOK);
  state.clear();
  if (webhook) state.set(WEBHOOK, webhook);
}

function setVerifiedDomains(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const { domains = null } = jsonBody(request);
  if (domains === null) {
    state.delete(VERIFIED);
    return { status: 200, body: { domains: verifiedDomains(state) } };
  }
  if (!Array.isArray(domains) || !domains.every((domain) => typeof domain === "string")) {
    return { status: 400, body: { error: "domains must be a list of domain names, or null" } };
  }
  state.set(
    VERIFIED,
    (domains as string[]).map((domain) => domain.toLowerCase()),
  );
  return { status: 200, body: { domains: verifiedDomains(state) } };
}

type RecordType = "Delivery" | "HardBounce" | "SoftBounce" | "Transient" | "SpamComplaint";
const RECORD_TYPES = new Set<RecordType>(["Delivery", "HardBounce", "SoftBounce", "Transient", "SpamComplaint"]);
let bounceIds = 4_200_000;

/** Postmark's webhook record of this kind for one recipient of a message, shaped as Postmark documents it. */
function webhookRecord(message: SentMessage, recipient: string, type: RecordType) {
  const common = { MessageID: message.MessageID, ServerID: 23, MessageStream: "outbound", Tag: message.Tag, Metadata: message.Metadata };
  const now = new Date().toISOString();
  if (type === "Delivery") {
    return { RecordType: "Delivery", ...common, Recipient: recipient, DeliveredAt: now, Details: "smtp;250 2.0.0 OK" };
  }
  const bounce = {
    HardBounce: {
      TypeCode: 1,
      Name: "Hard bounce",
      Description: "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
      Details: "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
      Inactive: true,
    },
    // Postmark has "ceased attempting to send that message" (support article 1159).
    SoftBounce: {
      TypeCode: 4096,
      Name: "Soft bounce/Undeliverable",
      Description: "Unable to temporarily deliver this email.",
      Details: "smtp;452 4.2.2 The email account that you tried to reach is over quota.",
      Inactive: false,
    },
    Transient: {
      TypeCode: 2,
      Name: "Message delayed",
      Description: "The server could not temporarily deliver your message (ex: Message is delayed due to network troubles).",
      Details: "smtp;421 4.7.0 Try again later.",
      Inactive: false,
    },
    SpamComplaint: {
      TypeCode: 100001,
      Name: "Spam complaint",
      Description: "The subscriber explicitly marked this message as spam.",
      Details: "",
      Inactive: true,
    },
  }[type];
  bounceIds += 1;
  return {
    RecordType: type === "SpamComplaint" ? "SpamComplaint" : "Bounce",
    ID: bounceIds,
    Type: type,
    ...common,
    ...bounce,
    Email: recipient,
    From: message.From,
    BouncedAt: now,
    DumpAvailable: false,
    CanActivate: true,
    Subject: message.Subject,
  };
}

/** Posts a record with the webhook's Basic credentials, as Postmark does, and answers the receiver's status (null: no answer). */
async function sendWebhook(url: string, record: unknown): Promise<number | null> {
  const credentials = Buffer.from(`${EMAIL_STAND_IN_WEBHOOK_USER}:${EMAIL_STAND_IN_WEBHOOK_PASSWORD}`).toString("base64");
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": "Postmark", Authorization: `Basic ${credentials}` },
      body: JSON.stringify(record),
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

function scheduleWebhooks(state: Map<string, unknown>, message: SentMessage) {
  const { url, delayMs } = webhookOf(state);
  if (!url) return;
  setTimeout(() => {
    if (webhookOf(state).url !== url) return;
    for (const recipient of message.Recipients) {
      void sendWebhook(url, webhookRecord(message, recipient, fakeBounceOf(recipient) ?? "Delivery"));
    }
  }, delayMs).unref();
}

function checkToken(request: StandInRequest): StandInResponse | null {
  if (request.headers["x-postmark-server-token"] === EMAIL_STAND_IN_TOKEN) return null;
  return postmarkError(
    401,
    10,
    "The Server Token you provided in the X-Postmark-Server-Token request header was invalid. Please verify that you are using a valid token.",
  );
}

/** Postmark's metadata: at most 10 string values, keys of at most 20 characters. */
function metadataOf(value: unknown): Record<string, string> | null {
  if (value === undefined) return {};
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const entries = Object.entries(value);
  if (entries.length > 10 || entries.some(([key, item]) => key.length > 20 || typeof item !== "string" || item.length > 80)) return null;
  return Object.fromEntries(entries) as Record<string, string>;
}

function sendEmail(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const refused = checkToken(request);
  if (refused) return refused;
  if (!(request.headers["content-type"] ?? "").includes("application/json") || !request.body || typeof request.body !== "object") {
    return postmarkError(422, 402, "Received invalid JSON input.");
  }
  const accepted = acceptMessage(request.body as Record<string, unknown>, state);
  if ("ErrorCode" in accepted) return postmarkError(422, accepted.ErrorCode, accepted.Message);
  return { status: 200, body: sentAnswer(accepted) };
}

/** Postmark's answer for one message it took. */
const sentAnswer = (message: SentMessage) => ({
  To: message.To,
  SubmittedAt: message.ReceivedAt,
  MessageID: message.MessageID,
  ErrorCode: 0,
  Message: "OK",
});

/** Postmark's batch endpoint takes at most this many messages per call. */
const BATCH_LIMIT = 500;

/**
 * The batch endpoint: up to BATCH_LIMIT messages, each checked and sent as a single one would be. Postmark
 * answers 200 with one result per message, in their order, each with its own ErrorCode
 * (developer/user-guide/send-email-with-api/batch-emails).
 */
function sendEmailBatch(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const refused = checkToken(request);
  if (refused) return refused;
  if (!(request.headers["content-type"] ?? "").includes("application/json") || !Array.isArray(request.body)) {
    return postmarkError(422, 402, "Received invalid JSON input.");
  }
  const messages = request.body as unknown[];
  if (messages.length > BATCH_LIMIT) return postmarkError(422, 300, `Maximum of ${BATCH_LIMIT} messages allowed per batch.`);
  const results = messages.map((body) => {
    if (!body || typeof body !== "object" || Array.isArray(body)) return { ErrorCode: 402, Message: "Received invalid JSON input." };
    const accepted = acceptMessage(body as Record<string, unknown>, state);
    return "ErrorCode" in accepted ? accepted : sentAnswer(accepted);
  });
  return { status: 200, body: results };
}

/** Postmark's error for one message of a send, answered with status 422 by the single endpoint. */
type Refusal = { ErrorCode: number; Message: string };
const refusal = (ErrorCode: number, Message: string): Refusal => ({ ErrorCode, Message });

/** One message checked as Postmark checks it, and sent: the message, or Postmark's error for it. */
function acceptMessage(body: Record<string, unknown>, state: Map<string, unknown>): SentMessage | Refusal {
  const from = addresses(body.From);
  if (!from) return refusal(300, `Invalid 'From' address: '${String(body.From ?? "")}'.`);
  const fromDomain = from[0]!.split("@").pop()!.toLowerCase();
  if (!verifiedDomains(state).includes(fromDomain)) {
    return refusal(
      400,
      `The 'From' address you supplied (${String(body.From)}) is not a Sender Signature on your account. Please add and confirm this address in order to be able to use it in the 'From' field of your messages.`,
    );
  }
  const to = addresses(body.To);
  if (!to) return refusal(300, `Invalid 'To' address: '${String(body.To ?? "")}'.`);
  if (to.length > 50) return refusal(300, "Maximum of 50 recipients allowed per email message.");
  if (typeof body.Subject !== "string" || body.Subject.trim() === "") {
    return refusal(300, "Provide a 'Subject' for the message.");
  }
  if (!body.TextBody && !body.HtmlBody) return refusal(300, "Provide either email TextBody or HtmlBody or both.");
  if (body.ReplyTo !== undefined && !addresses(body.ReplyTo)) {
    return refusal(300, `Invalid 'ReplyTo' address: '${String(body.ReplyTo)}'.`);
  }
  const headers = body.Headers ?? [];
  if (
    !Array.isArray(headers) ||
    !headers.every((header) => header && typeof header.Name === "string" && typeof header.Value === "string")
  ) {
    return refusal(300, "Headers must be a list of {Name, Value} pairs.");
  }
  const stream = body.MessageStream ?? "outbound";
  if (typeof stream !== "string" || !MESSAGE_STREAMS.has(stream)) {
    return refusal(1235, `The message stream for the provided 'ID' was not found.`);
  }
  const metadata = metadataOf(body.Metadata);
  if (!metadata) return refusal(300, "Metadata must be at most 10 fields of text.");
  const inactive = to.filter((address) => address.toLowerCase().endsWith(`@${INACTIVE_EMAIL_DOMAIN}`));
  if (inactive.length > 0) {
    return refusal(
      406,
      `You tried to send to recipient(s) that have been marked as inactive. Found inactive addresses: ${inactive.join(", ")}. Inactive recipients are ones that have generated a hard bounce, a spam complaint, or a manual suppression.`,
    );
  }
  const message: SentMessage = {
    MessageID: randomUUID(),
    To: String(body.To),
    Recipients: to,
    From: String(body.From),
    ReplyTo: typeof body.ReplyTo === "string" ? body.ReplyTo : null,
    Subject: body.Subject,
    TextBody: typeof body.TextBody === "string" ? body.TextBody : "",
    Tag: typeof body.Tag === "string" ? body.Tag : "",
    Metadata: metadata,
    Headers: headers as SentMessage["Headers"],
    ReceivedAt: new Date().toISOString(),
    Status: "Sent",
  };
  sentMessages(state).push(message);
  scheduleWebhooks(state, message);
  return message;
}

/** The Messages API's outbound search, newest first; one metadata_<key> filter at a time, as Postmark allows. */
function searchOutbound(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const refused = checkToken(request);
  if (refused) return refused;
  const count = Number(request.query.count);
  const offset = Number(request.query.offset);
  if (!Number.isInteger(count) || !Number.isInteger(offset) || count < 1 || count > 500 || offset < 0 || count + offset > 10_000) {
    return postmarkError(422, 300, "The 'count' and 'offset' parameters are required: count from 1 to 500, count + offset at most 10,000.");
  }
  const metadataFilters = Object.entries(request.query).filter(([name]) => name.startsWith("metadata_"));
  if (metadataFilters.length > 1) return postmarkError(422, 300, "Only one metadata field can be searched at a time.");
  const { recipient, tag } = request.query;
  const matches = [...sentMessages(state)]
    .reverse()
    .filter((message) => !recipient || message.Recipients.some((address) => address.toLowerCase() === recipient.toLowerCase()))
    .filter((message) => !tag || message.Tag === tag)
    .filter((message) => metadataFilters.every(([name, value]) => message.Metadata[name.slice("metadata_".length)] === value));
  const Messages = matches
    .slice(offset, offset + count)
    .map(({ TextBody: _text, Headers: _headers, ReplyTo: _replyTo, ...summary }) => summary);
  return { status: 200, body: { TotalCount: matches.length, Messages } };
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!);

/** For people running `npm start`: every message the app sent, newest first, as the recipient would read it. */
function outboxPage(_request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const messages = [...sentMessages(state)].reverse();
  const items = messages.map((message) => {
    const headers = message.Headers.map((header) => `${header.Name}: ${header.Value}`);
    const meta = [
      `To: ${message.To}`,
      `From: ${message.From}`,
      message.ReplyTo ? `Reply-To: ${message.ReplyTo}` : null,
      `Sent: ${message.ReceivedAt}`,
      message.Tag ? `Tag: ${message.Tag}` : null,
      ...headers,
    ];
    return `<article><h2>${escapeHtml(message.Subject)}</h2><p class="meta">${meta
      .filter(Boolean)
      .map((line) => escapeHtml(line!))
      .join("<br>")}</p><pre>${escapeHtml(message.TextBody)}</pre></article>`;
  });
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Outbox (email stand-in)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border-top:1px solid #ccc;padding:1rem 0}.meta{color:#444;font-size:.9rem}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><h1>Outbox</h1><p>${messages.length} ${messages.length === 1 ? "message" : "messages"} the app sent through the email stand-in since it started, newest first.</p>${items.join("")}</body></html>`;
  return { status: 200, body: html, headers: { "Content-Type": "text/html; charset=utf-8" } };
}

function jsonBody(request: StandInRequest): Record<string, unknown> {
  return request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>) : {};
}

function setWebhookEndpoint(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const { url = null, delayMs } = jsonBody(request);
  if (url !== null && typeof url !== "string") return { status: 400, body: { error: "url must be a string or null" } };
  const webhook = webhookOf(state);
  webhook.url = url;
  if (typeof delayMs === "number" && delayMs >= 0) webhook.delayMs = delayMs;
  return { status: 200, body: webhook };
}

async function sendEvent(request: StandInRequest, state: Map<string, unknown>): Promise<StandInResponse> {
  const message = sentMessages(state).find((candidate) => candidate.MessageID === request.params.id);
  if (!message) return { status: 404, body: { error: `no message ${request.params.id}` } };
  const { type, url } = jsonBody(request);
  if (!RECORD_TYPES.has(type as RecordType)) return { status: 400, body: { error: `type must be one of ${[...RECORD_TYPES].join(", ")}` } };
  const target = typeof url === "string" ? url : webhookOf(state).url;
  if (!target) return { status: 409, body: { error: "no webhook URL: give url, or POST /__stand-ins/email/webhook-endpoint first" } };
  const record = webhookRecord(message, message.Recipients[0]!, type as RecordType);
  return { status: 200, body: { status: await sendWebhook(target, record), record } };
}

export const emailVendor: Vendor = {
  name: "email",
  prefix: "/email",
  routes: [
    { method: "POST", path: "/email", handle: sendEmail },
    { method: "POST", path: "/email/batch", handle: sendEmailBatch },
    { method: "GET", path: "/messages/outbound", handle: searchOutbound },
  ],
  controlRoutes: [
    { method: "GET", path: "/outbox", handle: outboxPage },
    { method: "POST", path: "/webhook-endpoint", handle: setWebhookEndpoint },
    { method: "POST", path: "/verified-domains", handle: setVerifiedDomains },
    { method: "POST", path: "/messages/:id/events", handle: sendEvent },
  ],
  resetState: resetEmail,
};
