// Lob's Print & Mail letters (https://docs.lob.com/#tag/Letters, and lob/lob-openapi:
// resources/letters), mounted with the rest of Lob at /lob/v1, and the webhooks Lob sends about
// them (resources/events): an event object POSTed as JSON with `Lob-Signature-Timestamp` (epoch
// milliseconds) and `Lob-Signature`, the hex HMAC-SHA256 of "<timestamp>.<body>" keyed by the
// webhook's secret.
//
//   POST /letters          creates a letter; the same Idempotency-Key (header or idempotency_key
//                          query) answers the letter it made before, as Lob does for 24 hours by
//                          the stand-in's clock: after that the key is forgotten and makes a new letter
//   GET  /letters          Lob's list, newest first, filtered by metadata (`metadata[requestId]=...`,
//                          deepObject style, every pair must match) and `limit` (10 by default, at most 100)
//   GET  /letters/:id      the letter, with the tracking events sent so far
//
// Control routes, at /__stand-ins/lob/...:
//   POST /webhook-endpoint           {url, stepMs?, tracking?}: from now on, each new letter's tracking
//                                    events (mailed, in transit, in local area, processed for delivery,
//                                    delivered) are sent there, stepMs apart (npm start); {url: null} stops it.
//                                    Lob sends tracking events only for live letters, and not on every
//                                    edition: tracking "none" sends none, "noMailed" all but letter.mailed
//   POST /letters/:id/events         {type, url?}: sends that event for the letter now, to `url` or the
//                                    endpoint, and answers the app's status (tests and journeys); the
//                                    letter.failed, letter.rejected and letter.deleted events change the
//                                    letter as Lob does (status "failed" with a failure_reason, or deleted)
//   PUT  /clock                      {advanceMs} or {offsetMs}: moves the stand-in's clock (idempotency
//                                    keys' 24 hours, the letters' dates); {offsetMs: 0} puts it back. With
//                                    {advanceMs, requestId}, only the letters whose metadata.requestId is that
//                                    one grow older (their keys and dates), so tests side by side keep their time
//   GET  /letters                    every letter made, with the Idempotency-Key that made it (the bench)
//   PUT  /faults                     {answerLostEvery}: one new letter in N is made but its answer is lost,
//                                    a 502 as a gateway gives when Lob's answer never comes back; null stops it.
//                                    {answerLostFor: requestId}: the next letter made with that metadata.requestId
//                                    loses its answer (tests side by side keep theirs)
// (Lob answering 5xx without making the letter is the stand-in server's own fault: POST /__stand-ins/faults.)
import { createHmac, randomBytes } from "node:crypto";
import type { StandInRequest, StandInResponse, VendorRoute } from "../server";

/** The secret the stand-in signs its webhooks with; give it to the app as LOB_WEBHOOK_SECRET. */
export const LOB_STAND_IN_WEBHOOK_SECRET = "lob_local_stand_in_webhook_secret";
/** The key `npm start` and the browser tests give the app, so that letters go through this stand-in. */
export const LOB_STAND_IN_API_KEY = "test_local_stand_in_lob_key";

const TRACKING_SEQUENCE = [
  "letter.mailed",
  "letter.in_transit",
  "letter.in_local_area",
  "letter.processed_for_delivery",
  "letter.delivered",
] as const;

const TRACKING_NAMES: Record<string, string> = {
  "letter.mailed": "Mailed",
  "letter.in_transit": "In Transit",
  "letter.in_local_area": "In Local Area",
  "letter.processed_for_delivery": "Processed for Delivery",
  "letter.re-routed": "Re-Routed",
  "letter.delivered": "Delivered",
  "letter.returned_to_sender": "Returned to Sender",
};

/** Lob keeps an idempotency key this long ("Idempotent Requests" in Lob's API reference). */
const IDEMPOTENCY_KEY_MS = 24 * 60 * 60 * 1000;

type Letter = Record<string, unknown> & { id: string; tracking_events: Record<string, unknown>[]; metadata: Record<string, unknown> };
type Tracking = "all" | "noMailed" | "none";
type LettersState = {
  letters: Map<string, Letter>;
  byIdempotencyKey: Map<string, { letterId: string; at: number }>;
  webhook: { url: string | null; stepMs: number; tracking: Tracking };
  answerLost: { every: number | null; made: number };
  answerLostFor: Set<string>;
};

// One clock for the whole stand-in process: tests in other processes move it with PUT /clock.
let clockOffsetMs = 0;
const nowMs = () => Date.now() + clockOffsetMs;

function lettersOf(state: Map<string, unknown>): LettersState {
  let letters = state.get("letters") as LettersState | undefined;
  if (!letters) {
    letters = {
      letters: new Map(),
      byIdempotencyKey: new Map(),
      webhook: { url: null, stepMs: 2_000, tracking: "all" },
      answerLost: { every: null, made: 0 },
      answerLostFor: new Set(),
    };
    state.set("letters", letters);
  }
  return letters;
}

/** Forgets the letters but keeps where webhooks go, as a reset of the request log should. */
export function resetLetters(state: Map<string, unknown>) {
  const webhook = (state.get("letters") as LettersState | undefined)?.webhook;
  state.clear();
  clockOffsetMs = 0;
  if (webhook) lettersOf(state).webhook = webhook;
}

const lobError = (status: number, code: string, message: string): StandInResponse => ({
  status,
  body: { error: { message, status_code: status, code } },
});

const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const isoNow = () => new Date(nowMs()).toISOString();

/** Four working days after today: Lob's usual estimate for First Class letters. */
function expectedDeliveryDate(from = new Date(nowMs())) {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  for (let added = 0; added < 4;) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) added += 1;
  }
  return date.toISOString().slice(0, 10);
}

function addressProblem(address: unknown, field: "to" | "from"): string | null {
  if (!address || typeof address !== "object") return `${field} is required`;
  const fields = address as Record<string, unknown>;
  if (!fields.name && !fields.company) return `${field}.name or ${field}.company is required`;
  for (const key of ["address_line1", "address_city", "address_state", "address_zip"]) {
    if (typeof fields[key] !== "string" || !fields[key]) return `${field}.${key} is required`;
  }
  for (const key of ["name", "company"]) {
    if (typeof fields[key] === "string" && (fields[key] as string).length > 40) return `${field}.${key} must be at most 40 characters`;
  }
  return null;
}

function createLetter(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const header = request.headers.authorization ?? "";
  const user = header.toLowerCase().startsWith("basic ") ? Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0] : "";
  if (!header) return lobError(401, "unauthorized", "Missing authentication");
  if (!user) return lobError(401, "invalid_api_key", "Your API key is not valid. Please sign up on lob.com to get a valid api key.");

  const store = lettersOf(state);
  const headerKey = request.headers["idempotency-key"];
  const queryKey = request.query.idempotency_key;
  if (headerKey && queryKey)
    return lobError(422, "invalid", "Only one of the Idempotency-Key header and the idempotency_key query may be given");
  const idempotencyKey = headerKey ?? queryKey;
  if (idempotencyKey && idempotencyKey.length > 256) return lobError(422, "invalid", "idempotency key must be at most 256 characters");
  const remembered = idempotencyKey ? store.byIdempotencyKey.get(idempotencyKey) : undefined;
  const earlier = remembered && nowMs() - remembered.at < IDEMPOTENCY_KEY_MS ? store.letters.get(remembered.letterId) : undefined;
  if (earlier) return { status: 200, body: earlier };

  const body = (request.body && typeof request.body === "object" ? request.body : {}) as Record<string, unknown>;
  const problem =
    addressProblem(body.to, "to") ??
    addressProblem(body.from, "from") ??
    (typeof body.file !== "string" || !body.file ? "file is required" : null) ??
    (typeof body.color !== "boolean" ? "color is required" : null) ??
    (!["marketing", "operational"].includes(body.use_type as string) ? "use_type must be one of [marketing, operational]" : null);
  if (problem) return lobError(422, "invalid", problem);
  const file = body.file as string;
  if (!file.startsWith("http") && !file.startsWith("tmpl_") && (!file.includes("<") || file.length >= 10_000)) {
    return lobError(422, "invalid", "file must be an HTML string of under 10,000 characters, a template id or a URL");
  }

  const now = isoNow();
  const letter: Letter = {
    id: `ltr_${hex(8)}`,
    description: body.description ?? null,
    metadata: (body.metadata ?? {}) as Record<string, unknown>,
    to: { id: `adr_${hex(8)}`, object: "address", ...(body.to as object) },
    from: { id: `adr_${hex(8)}`, object: "address", ...(body.from as object) },
    color: body.color,
    double_sided: body.double_sided ?? true,
    address_placement: body.address_placement ?? "top_first_page",
    use_type: body.use_type,
    mail_type: body.mail_type ?? "usps_first_class",
    return_envelope: false,
    perforated_page: null,
    extra_service: null,
    custom_envelope: null,
    carrier: "USPS",
    tracking_events: [],
    thumbnails: [],
    url: `https://lob-assets.com/letters/ltr_stand_in.pdf`,
    merge_variables: null,
    send_date: now,
    expected_delivery_date: expectedDeliveryDate(),
    date_created: now,
    date_modified: now,
    status: "processed",
    object: "letter",
  };
  store.letters.set(letter.id, letter);
  if (idempotencyKey) store.byIdempotencyKey.set(idempotencyKey, { letterId: letter.id, at: nowMs() });
  if (store.webhook.url) scheduleTracking(store, letter, store.webhook.url);
  store.answerLost.made += 1;
  const requestId = String(letter.metadata.requestId ?? "");
  const lostForRequest = store.answerLostFor.delete(requestId);
  if (lostForRequest || (store.answerLost.every !== null && store.answerLost.made % store.answerLost.every === 0)) {
    return lobError(502, "bad_gateway", "The letter was made, but its answer was lost on the way back.");
  }
  return { status: 200, body: letter };
}

/** Lob's list of letters (resources/letters/letters.yml, `letter_collection`), newest first, filtered by metadata. */
function listLetters(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const wanted = Object.entries(request.query).flatMap(([key, value]) => {
    const match = key.match(/^metadata\[([^\]]+)\]$/);
    return match ? [[match[1]!, value] as const] : [];
  });
  const limit = request.query.limit === undefined ? 10 : Number(request.query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return lobError(422, "invalid", "limit must be between 1 and 100");
  const matching = [...lettersOf(state).letters.values()]
    .filter((letter) => wanted.every(([key, value]) => String(letter.metadata[key] ?? "") === value))
    .reverse();
  const data = matching.slice(0, limit);
  return {
    status: 200,
    body: { data, object: "list", next_url: null, previous_url: null, count: data.length, total_count: matching.length },
  };
}

function getLetter(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const letter = lettersOf(state).letters.get(request.params.id ?? "");
  return letter ? { status: 200, body: letter } : lobError(404, "not_found", "letter not found");
}

/** The event object Lob posts for a letter, with the letter as it is after this event. */
function eventFor(letter: Letter, type: string) {
  const name = TRACKING_NAMES[type];
  if (name) {
    letter.tracking_events.push({
      id: `evnt_${hex(8)}`,
      type: "normal",
      name,
      details: null,
      location: name === "Mailed" ? null : "72033",
      time: isoNow(),
      date_created: isoNow(),
      date_modified: isoNow(),
      object: "tracking_event",
    });
  }
  // The events that say no letter goes out change the letter as Lob does.
  if (type === "letter.failed") {
    letter.status = "failed";
    letter.failure_reason = {
      failure_reason: "The letter could not be rendered.",
      remediation: "Check the HTML of the letter and send it again.",
      errors: null,
    };
  } else if (type === "letter.deleted") {
    letter.deleted = true;
  }
  return {
    id: `evt_${hex(12)}`,
    body: structuredClone(letter),
    reference_id: letter.id,
    event_type: { id: type, enabled_for_test: true, resource: "letters", object: "event_type" },
    date_created: isoNow(),
    object: "event",
  };
}

/** Posts an event, signed as Lob signs it, and answers the receiver's status (null: no answer). */
async function sendLobEvent(url: string, event: unknown, secret = LOB_STAND_IN_WEBHOOK_SECRET): Promise<number | null> {
  const body = JSON.stringify(event);
  const timestamp = String(Date.now());
  const signature = createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Lob-Webhooks",
        "Lob-Signature": signature,
        "Lob-Signature-Timestamp": timestamp,
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

function scheduleTracking(store: LettersState, letter: Letter, url: string) {
  const sequence =
    store.webhook.tracking === "none"
      ? []
      : TRACKING_SEQUENCE.filter((type) => store.webhook.tracking === "all" || type !== "letter.mailed");
  sequence.forEach((type, index) => {
    setTimeout(
      () => {
        if (store.webhook.url !== url || !store.letters.has(letter.id)) return;
        void sendLobEvent(url, eventFor(letter, type));
      },
      store.webhook.stepMs * (index + 1),
    ).unref();
  });
}

function jsonBody(request: StandInRequest): Record<string, unknown> {
  return request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>) : {};
}

function setWebhookEndpoint(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const { url = null, stepMs, tracking } = jsonBody(request);
  if (url !== null && typeof url !== "string") return { status: 400, body: { error: "url must be a string or null" } };
  if (tracking !== undefined && !["all", "noMailed", "none"].includes(tracking as string)) {
    return { status: 400, body: { error: 'tracking must be "all", "noMailed" or "none"' } };
  }
  const store = lettersOf(state);
  store.webhook = {
    url,
    stepMs: typeof stepMs === "number" && stepMs >= 0 ? stepMs : store.webhook.stepMs,
    tracking: (tracking as Tracking | undefined) ?? store.webhook.tracking,
  };
  return { status: 200, body: store.webhook };
}

async function sendEvent(request: StandInRequest, state: Map<string, unknown>): Promise<StandInResponse> {
  const store = lettersOf(state);
  const letter = store.letters.get(request.params.id ?? "");
  if (!letter) return { status: 404, body: { error: `no letter ${request.params.id}` } };
  const { type, url } = jsonBody(request);
  if (typeof type !== "string" || !type.startsWith("letter.")) return { status: 400, body: { error: "type must be a letter event type" } };
  const target = typeof url === "string" ? url : store.webhook.url;
  if (!target) return { status: 409, body: { error: "no webhook URL: give url, or POST /__stand-ins/lob/webhook-endpoint first" } };
  const event = eventFor(letter, type);
  return { status: 200, body: { status: await sendLobEvent(target, event), event } };
}

function lettersMade(_request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const store = lettersOf(state);
  const keyOf = new Map([...store.byIdempotencyKey].map(([key, { letterId }]) => [letterId, key]));
  const letters = [...store.letters.values()].map((letter) => ({
    id: letter.id,
    idempotencyKey: keyOf.get(letter.id) ?? null,
    metadata: letter.metadata,
    from: letter.from,
    to: letter.to,
    dateCreated: letter.date_created,
  }));
  return { status: 200, body: letters };
}

function setFaults(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const { answerLostEvery = null, answerLostFor } = jsonBody(request);
  if (typeof answerLostFor === "string") {
    lettersOf(state).answerLostFor.add(answerLostFor);
    return { status: 200, body: { answerLostFor } };
  }
  if (answerLostEvery !== null && (!Number.isInteger(answerLostEvery) || (answerLostEvery as number) < 1)) {
    return { status: 400, body: { error: "answerLostEvery must be a whole number from 1, or null" } };
  }
  const store = lettersOf(state);
  store.answerLost = { every: answerLostEvery as number | null, made: 0 };
  return { status: 200, body: { answerLostEvery } };
}

function setClock(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const { advanceMs, offsetMs, requestId } = jsonBody(request);
  if (typeof requestId === "string" && typeof advanceMs === "number" && Number.isFinite(advanceMs)) {
    const store = lettersOf(state);
    const aged = new Set<string>();
    for (const letter of store.letters.values()) {
      if (letter.metadata.requestId !== requestId) continue;
      aged.add(letter.id);
      for (const field of ["date_created", "date_modified", "send_date"]) {
        letter[field] = new Date(Date.parse(String(letter[field])) - advanceMs).toISOString();
      }
    }
    for (const remembered of store.byIdempotencyKey.values()) if (aged.has(remembered.letterId)) remembered.at -= advanceMs;
    return { status: 200, body: { aged: aged.size } };
  }
  if (typeof advanceMs === "number" && Number.isFinite(advanceMs)) clockOffsetMs += advanceMs;
  else if (typeof offsetMs === "number" && Number.isFinite(offsetMs)) clockOffsetMs = offsetMs;
  else return { status: 400, body: { error: "give advanceMs or offsetMs, in milliseconds" } };
  return { status: 200, body: { offsetMs: clockOffsetMs, now: isoNow() } };
}

export const letterRoutes: VendorRoute[] = [
  { method: "POST", path: "/letters", handle: createLetter },
  { method: "GET", path: "/letters", handle: listLetters },
  { method: "GET", path: "/letters/:id", handle: getLetter },
];

export const letterControlRoutes: VendorRoute[] = [
  { method: "POST", path: "/webhook-endpoint", handle: setWebhookEndpoint },
  { method: "POST", path: "/letters/:id/events", handle: sendEvent },
  { method: "GET", path: "/letters", handle: lettersMade },
  { method: "PUT", path: "/faults", handle: setFaults },
  { method: "PUT", path: "/clock", handle: setClock },
];
