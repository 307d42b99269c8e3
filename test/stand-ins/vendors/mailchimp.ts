// Mailchimp Marketing API 3.0, the parts the app calls:
//   PUT    /lists/{list_id}/members/{subscriber_hash}                           add or update list member
//   GET    /lists/{list_id}/members/{subscriber_hash}                           get member info
//   PATCH  /lists/{list_id}/members/{subscriber_hash}                           update list member (a new address re-keys it)
//   DELETE /lists/{list_id}/members/{subscriber_hash}                           archive list member (204)
//   POST   /lists/{list_id}/members/{subscriber_hash}/actions/delete-permanent  delete list member permanently (204)
//   POST   /lists/{list_id}/members/{subscriber_hash}/tags                      add or remove member tags (204)
// https://mailchimp.com/developer/marketing/api/list-members/ and .../list-member-tags/
// Errors are problem documents (https://mailchimp.com/developer/marketing/docs/errors/).
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { StandInRequest, StandInResponse, Vendor } from "../server";

/** The key this stand-in accepts, as wrangler.toml's [vars] and vendorVars() give it to the app. */
export const MAILCHIMP_STAND_IN_KEY = "local-stand-in-key-us1";

/**
 * Mailchimp refuses some real-looking addresses as fake ("Invalid Resource", 400). The stand-in
 * does it for one reserved domain only, so tests can ask for it on purpose.
 */
export const FAKE_EMAIL_DOMAIN = "example.invalid";

const MEMBER_STATUSES = ["subscribed", "unsubscribed", "cleaned", "pending", "transactional"] as const;

type Member = {
  id: string;
  email_address: string;
  unique_email_id: string;
  contact_id: string;
  full_name: string;
  web_id: number;
  email_type: "html";
  status: string;
  merge_fields: Record<string, unknown>;
  interests: Record<string, boolean>;
  stats: { avg_open_rate: number; avg_click_rate: number };
  ip_signup: string;
  timestamp_signup: string;
  ip_opt: string;
  timestamp_opt: string;
  member_rating: number;
  last_changed: string;
  language: string;
  vip: boolean;
  email_client: string;
  location: { latitude: number; longitude: number; gmtoff: number; dstoff: number; country_code: string; timezone: string };
  source: string;
  tags_count: number;
  tags: { id: number; name: string }[];
  list_id: string;
};

export function md5(text: string) {
  return createHash("md5").update(text).digest("hex");
}

function problem(status: number, title: string, detail: string, extra: Record<string, unknown> = {}): StandInResponse {
  return {
    status,
    headers: { "Content-Type": "application/problem+json; charset=utf-8" },
    body: { type: "https://mailchimp.com/developer/marketing/docs/errors/", title, status, detail, instance: randomUUID(), ...extra },
  };
}

function invalidResource(detail: string, errors?: { field: string; message: string }[]) {
  return problem(400, "Invalid Resource", detail, errors ? { errors } : {});
}

/** HTTP Basic with any user name and the API key as password. */
function checkAuth(request: StandInRequest): StandInResponse | null {
  const header = request.headers.authorization ?? "";
  if (!header) return problem(401, "API Key Missing", "Your request did not include an API key.");
  const [scheme, encoded = ""] = header.split(" ");
  const password = scheme?.toLowerCase() === "basic" ? Buffer.from(encoded, "base64").toString("utf8").split(":").slice(1).join(":") : "";
  if (password !== MAILCHIMP_STAND_IN_KEY) {
    return problem(401, "API Key Invalid", "Your API key may be invalid, or you've attempted to access the wrong datacenter.");
  }
  return null;
}

const memberKey = (listId: string, hash: string) => `member:${listId}:${hash}`;
/** What an archived member's status was, which Mailchimp remembers but does not show. */
const archivedFromKey = (listId: string, hash: string) => `archived-from:${listId}:${hash}`;
/** An address deleted permanently: Mailchimp refuses it through the API from then on. */
const forgottenKey = (listId: string, hash: string) => `forgotten:${listId}:${hash}`;
const notFound = () => problem(404, "Resource Not Found", "The requested resource could not be found.");

const VALIDATION_DETAIL = "The resource submitted could not be validated. For field-specific details, see the 'errors' array.";

function now() {
  return new Date().toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

function looksFake(email: string) {
  return !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.toLowerCase().endsWith(`@${FAKE_EMAIL_DOMAIN}`);
}

function forgottenEmail(email: string) {
  return problem(
    400,
    "Forgotten Email Not Subscribed",
    `${email} was permanently deleted and cannot be re-imported. The contact must re-subscribe to get back on the list.`,
  );
}

function complianceState(email: string) {
  return problem(
    400,
    "Member In Compliance State",
    `${email} is in a compliance state due to unsubscribe, bounce, or compliance review and cannot be subscribed.`,
  );
}

/** A status field that is not one of the statuses the API accepts, or null when it is fine (or absent). */
function invalidStatus(body: Record<string, unknown>, fields: readonly ("status" | "status_if_new")[]): StandInResponse | null {
  for (const field of fields) {
    const value = body[field];
    if (value !== undefined && !MEMBER_STATUSES.includes(value as (typeof MEMBER_STATUSES)[number])) {
      return invalidResource(VALIDATION_DETAIL, [{ field, message: `Value is not one of enum values: ${MEMBER_STATUSES.join(", ")}` }]);
    }
  }
  return null;
}

/**
 * A requested status change for an existing member, as Mailchimp allows it: someone who unsubscribed
 * or bounced (also before being archived) cannot be made "subscribed" through the API, but can be
 * made "pending", which sends them Mailchimp's opt-in confirmation. Any status given unarchives.
 */
function changeStatus(state: Map<string, unknown>, member: Member, hash: string, status: unknown): StandInResponse | null {
  if (typeof status !== "string") return null;
  const archivedFrom = state.get(archivedFromKey(member.list_id, hash)) as string | undefined;
  const was = member.status === "archived" ? archivedFrom : member.status;
  if (status === "subscribed" && (was === "unsubscribed" || was === "cleaned")) return complianceState(member.email_address);
  if (status === "subscribed" && member.status !== "subscribed") member.timestamp_opt = now();
  member.status = status;
  state.delete(archivedFromKey(member.list_id, hash));
  return null;
}

function upsertMember(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const { listId = "", hash = "" } = request.params;
  const body = (request.body ?? {}) as Record<string, unknown>;
  const email = body.email_address;
  if (typeof email !== "string" || email.trim() === "") {
    return invalidResource(VALIDATION_DETAIL, [{ field: "email_address", message: "This value should not be blank." }]);
  }
  if (md5(email.trim().toLowerCase()) !== hash) {
    return invalidResource("The subscriber hash in the URL does not match the email address in the request body.");
  }
  if (looksFake(email.trim())) {
    return invalidResource(`${email} looks fake or invalid, please enter a real email address.`);
  }
  const invalid = invalidStatus(body, ["status", "status_if_new"]);
  if (invalid) return invalid;
  if (state.has(forgottenKey(listId, hash))) return forgottenEmail(email.trim());
  const mergeFields = (body.merge_fields ?? {}) as Record<string, unknown>;
  const key = memberKey(listId, hash);
  const existing = state.get(key) as Member | undefined;

  if (existing) {
    // Updated on a copy, so a refused status change leaves the member as it was.
    const updated: Member = structuredClone(existing);
    const refused = changeStatus(state, updated, hash, body.status);
    if (refused) return refused;
    updated.email_address = email.trim();
    updated.merge_fields = { ...existing.merge_fields, ...mergeFields };
    updated.full_name = fullName(updated.merge_fields);
    updated.last_changed = now();
    state.set(key, updated);
    return { status: 200, body: updated };
  }

  const status = (body.status ?? body.status_if_new) as string | undefined;
  if (!status) {
    return invalidResource(VALIDATION_DETAIL, [{ field: "status_if_new", message: "Required fields were not provided: status_if_new" }]);
  }
  const merged = { FNAME: "", LNAME: "", ...mergeFields };
  const timestamp = now();
  const member: Member = {
    id: hash,
    email_address: email.trim(),
    unique_email_id: randomBytes(5).toString("hex"),
    contact_id: randomBytes(16).toString("hex"),
    full_name: fullName(merged),
    web_id: Math.floor(Math.random() * 1e9),
    email_type: "html",
    status,
    merge_fields: merged,
    interests: {},
    stats: { avg_open_rate: 0, avg_click_rate: 0 },
    ip_signup: "",
    timestamp_signup: "",
    ip_opt: "",
    timestamp_opt: status === "subscribed" ? timestamp : "",
    member_rating: 2,
    last_changed: timestamp,
    language: "",
    vip: false,
    email_client: "",
    location: { latitude: 0, longitude: 0, gmtoff: 0, dstoff: 0, country_code: "", timezone: "" },
    source: "API - Generic",
    tags_count: 0,
    tags: [],
    list_id: listId,
  };
  state.set(key, member);
  return { status: 200, body: member };
}

function fullName(mergeFields: Record<string, unknown>) {
  return [mergeFields.FNAME, mergeFields.LNAME].filter((part) => typeof part === "string" && part).join(" ");
}

function updateTags(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const { listId = "", hash = "" } = request.params;
  const member = state.get(memberKey(listId, hash)) as Member | undefined;
  if (!member) return notFound();
  const tags = (request.body as { tags?: unknown } | null)?.tags;
  const valid =
    Array.isArray(tags) &&
    tags.every(
      (tag) => tag && typeof tag === "object" && typeof tag.name === "string" && tag.name && ["active", "inactive"].includes(tag.status),
    );
  if (!valid) {
    return invalidResource(VALIDATION_DETAIL, [{ field: "tags", message: "Each tag needs a name and a status of active or inactive." }]);
  }
  const tagIds = (state.get("tagIds") as Map<string, number> | undefined) ?? new Map<string, number>();
  state.set("tagIds", tagIds);
  for (const { name, status } of tags as { name: string; status: string }[]) {
    if (!tagIds.has(name)) tagIds.set(name, tagIds.size + 1);
    member.tags = member.tags.filter((tag) => tag.name !== name);
    if (status === "active") member.tags.push({ id: tagIds.get(name)!, name });
  }
  member.tags_count = member.tags.length;
  return { status: 204 };
}

/**
 * DELETE archives: the member stays, with status "archived", and GET still answers it. Mailchimp
 * refuses (405) to archive a member who is archived already, pending or cleaned (bounced).
 */
function archiveMember(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const { listId = "", hash = "" } = request.params;
  const member = state.get(memberKey(listId, hash)) as Member | undefined;
  if (!member) return notFound();
  if (member.status === "archived" || member.status === "pending" || member.status === "cleaned") {
    return problem(
      405,
      "Method Not Allowed",
      "This list member cannot be removed. Can not archive a contact that is bounced, pending or archived",
    );
  }
  state.set(archivedFromKey(listId, hash), member.status);
  member.status = "archived";
  member.last_changed = now();
  return { status: 204 };
}

/** The member and everything about them are gone, and the address can never come back through the API. */
function deleteMemberPermanently(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const { listId = "", hash = "" } = request.params;
  if (!state.has(memberKey(listId, hash))) return notFound();
  state.delete(memberKey(listId, hash));
  state.delete(archivedFromKey(listId, hash));
  state.set(forgottenKey(listId, hash), true);
  return { status: 204 };
}

/**
 * PATCH changes only what it is sent. A new address moves the member to that address's hash (the
 * old hash answers 404 from then on); an address that is already another member's is refused.
 */
function updateMember(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const { listId = "", hash = "" } = request.params;
  const existing = state.get(memberKey(listId, hash)) as Member | undefined;
  if (!existing) return notFound();
  const body = (request.body ?? {}) as Record<string, unknown>;
  const invalid = invalidStatus(body, ["status"]);
  if (invalid) return invalid;

  let newHash = hash;
  const email = body.email_address;
  if (email !== undefined) {
    if (typeof email !== "string" || email.trim() === "") {
      return invalidResource(VALIDATION_DETAIL, [{ field: "email_address", message: "This value should not be blank." }]);
    }
    if (looksFake(email.trim())) return invalidResource(`${email} looks fake or invalid, please enter a real email address.`);
    newHash = md5(email.trim().toLowerCase());
    if (newHash !== hash) {
      if (state.has(memberKey(listId, newHash))) {
        return problem(400, "Member Exists", `${email.trim()} is already a list member. Use PUT to insert or update list members.`);
      }
      if (state.has(forgottenKey(listId, newHash))) return forgottenEmail(email.trim());
    }
  }

  const updated: Member = structuredClone(existing);
  const refused = changeStatus(state, updated, hash, body.status);
  if (refused) return refused;
  if (typeof email === "string") updated.email_address = email.trim();
  if (body.merge_fields && typeof body.merge_fields === "object") {
    updated.merge_fields = { ...existing.merge_fields, ...(body.merge_fields as Record<string, unknown>) };
    updated.full_name = fullName(updated.merge_fields);
  }
  updated.last_changed = now();
  if (newHash !== hash) {
    updated.id = newHash;
    state.delete(memberKey(listId, hash));
    const archivedFrom = state.get(archivedFromKey(listId, hash));
    state.delete(archivedFromKey(listId, hash));
    if (archivedFrom !== undefined) state.set(archivedFromKey(listId, newHash), archivedFrom);
  }
  state.set(memberKey(listId, newHash), updated);
  return { status: 200, body: updated };
}

/**
 * Mailchimp under load, for one audience, off until a test or the bench sets it: calls take
 * `latencyMs`, one call in `failEvery` answers Mailchimp's 500, and a call that finds more than
 * `maxOpen` calls open (its own included) answers 429, as Mailchimp does past its 10 simultaneous
 * connections. Every call to the audience is counted, and what each member received, so a
 * caller can tell a member subscribed or tagged twice.
 */
export type MailchimpLoadSettings = { failEvery: number | null; maxOpen: number | null; latencyMs: number };

export type MailchimpLoadRecord = MailchimpLoadSettings & {
  open: number;
  peakOpen: number;
  calls: number;
  /** How many calls got each status, e.g. {"200": 9000, "429": 12, "500": 3000}. */
  answered: Record<string, number>;
  /** Per subscriber hash: successful PUTs, and each tag's successful adds. */
  members: Record<string, { upserts: number; tags: Record<string, number> }>;
};

const loadKey = (listId: string) => `load:${listId}`;

function newLoadRecord(settings: Partial<MailchimpLoadSettings>): MailchimpLoadRecord {
  return {
    failEvery: settings.failEvery ?? null,
    maxOpen: settings.maxOpen ?? null,
    latencyMs: settings.latencyMs ?? 0,
    open: 0,
    peakOpen: 0,
    calls: 0,
    answered: {},
    members: {},
  };
}

// Mailchimp's error glossary: https://mailchimp.com/developer/marketing/docs/errors/
const tooManyRequests = () => problem(429, "Too Many Requests", "You have exceeded the limit of 10 simultaneous connections.");
const internalServerError = () =>
  problem(500, "Internal Server Error", "An unexpected internal error has occurred. Please contact Support for more information.");

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Handler = (request: StandInRequest, state: Map<string, unknown>) => StandInResponse;

function underLoad(handle: Handler) {
  return async (request: StandInRequest, state: Map<string, unknown>): Promise<StandInResponse> => {
    const load = state.get(loadKey(request.params.listId ?? "")) as MailchimpLoadRecord | undefined;
    if (!load) return handle(request, state);
    load.calls += 1;
    load.open += 1;
    load.peakOpen = Math.max(load.peakOpen, load.open);
    let answer: StandInResponse;
    try {
      if (load.maxOpen !== null && load.open > load.maxOpen) {
        answer = tooManyRequests();
      } else {
        if (load.latencyMs > 0) await sleep(load.latencyMs);
        answer = load.failEvery !== null && load.calls % load.failEvery === 0 ? internalServerError() : handle(request, state);
      }
    } finally {
      load.open -= 1;
    }
    load.answered[answer.status] = (load.answered[answer.status] ?? 0) + 1;
    if (answer.status < 300) recordEffect(load, request);
    return answer;
  };
}

function recordEffect(load: MailchimpLoadRecord, request: StandInRequest) {
  const hash = request.params.hash ?? "";
  const member = (load.members[hash] ??= { upserts: 0, tags: {} });
  if (request.method === "PUT") member.upserts += 1;
  if (request.method === "POST" && request.path.endsWith("/tags")) {
    for (const tag of ((request.body as { tags?: { name: string; status: string }[] }).tags ?? []).filter((t) => t.status === "active")) {
      member.tags[tag.name] = (member.tags[tag.name] ?? 0) + 1;
    }
  }
}

function withAuth(handle: Handler) {
  return underLoad((request: StandInRequest, state: Map<string, unknown>) => checkAuth(request) ?? handle(request, state));
}

function isLoadSettings(body: unknown): body is Partial<MailchimpLoadSettings> {
  if (!body || typeof body !== "object") return false;
  const { failEvery, maxOpen, latencyMs } = body as Record<string, unknown>;
  const wholeOrNull = (value: unknown, min: number) => value == null || (Number.isInteger(value) && (value as number) >= min);
  return wholeOrNull(failEvery, 1) && wholeOrNull(maxOpen, 1) && wholeOrNull(latencyMs, 0);
}

export const mailchimpVendor: Vendor = {
  name: "mailchimp",
  prefix: "/mailchimp/3.0",
  routes: [
    { method: "PUT", path: "/lists/:listId/members/:hash", handle: withAuth(upsertMember) },
    {
      method: "GET",
      path: "/lists/:listId/members/:hash",
      handle: withAuth((request, state) => {
        const member = state.get(memberKey(request.params.listId ?? "", request.params.hash ?? ""));
        return member ? { status: 200, body: member } : notFound();
      }),
    },
    { method: "PATCH", path: "/lists/:listId/members/:hash", handle: withAuth(updateMember) },
    { method: "DELETE", path: "/lists/:listId/members/:hash", handle: withAuth(archiveMember) },
    { method: "POST", path: "/lists/:listId/members/:hash/actions/delete-permanent", handle: withAuth(deleteMemberPermanently) },
    { method: "POST", path: "/lists/:listId/members/:hash/tags", handle: withAuth(updateTags) },
  ],
  controlRoutes: [
    // PUT {failEvery?, maxOpen?, latencyMs?} starts counting the audience's calls afresh; DELETE stops.
    {
      method: "PUT",
      path: "/lists/:listId/load",
      handle: (request, state) => {
        if (!isLoadSettings(request.body)) {
          return { status: 400, body: { error: "failEvery and maxOpen are whole numbers from 1, latencyMs from 0, or null" } };
        }
        state.set(loadKey(request.params.listId ?? ""), newLoadRecord(request.body));
        return { status: 204 };
      },
    },
    {
      method: "GET",
      path: "/lists/:listId/load",
      handle: (request, state) => {
        const load = state.get(loadKey(request.params.listId ?? ""));
        return load ? { status: 200, body: load } : { status: 404, body: { error: "no load set for this audience" } };
      },
    },
    {
      method: "DELETE",
      path: "/lists/:listId/load",
      handle: (request, state) => {
        state.delete(loadKey(request.params.listId ?? ""));
        return { status: 204 };
      },
    },
  ],
};
