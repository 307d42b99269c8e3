// Mailchimp Marketing API 3.0, the parts the app calls:
//   PUT  /lists/{list_id}/members/{subscriber_hash}        add or update list member
//   GET  /lists/{list_id}/members/{subscriber_hash}        get member info
//   POST /lists/{list_id}/members/{subscriber_hash}/tags   add or remove member tags (204)
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
const notFound = () => problem(404, "Resource Not Found", "The requested resource could not be found.");

function upsertMember(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const { listId = "", hash = "" } = request.params;
  const body = (request.body ?? {}) as Record<string, unknown>;
  const email = body.email_address;
  if (typeof email !== "string" || email.trim() === "") {
    return invalidResource("The resource submitted could not be validated. For field-specific details, see the 'errors' array.", [
      { field: "email_address", message: "This value should not be blank." },
    ]);
  }
  if (md5(email.trim().toLowerCase()) !== hash) {
    return invalidResource("The subscriber hash in the URL does not match the email address in the request body.");
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) || email.trim().toLowerCase().endsWith(`@${FAKE_EMAIL_DOMAIN}`)) {
    return invalidResource(`${email} looks fake or invalid, please enter a real email address.`);
  }
  for (const field of ["status", "status_if_new"] as const) {
    const value = body[field];
    if (value !== undefined && !MEMBER_STATUSES.includes(value as (typeof MEMBER_STATUSES)[number])) {
      return invalidResource("The resource submitted could not be validated. For field-specific details, see the 'errors' array.", [
        { field, message: `Value is not one of enum values: ${MEMBER_STATUSES.join(", ")}` },
      ]);
    }
  }
  const mergeFields = (body.merge_fields ?? {}) as Record<string, unknown>;
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, "+00:00");
  const key = memberKey(listId, hash);
  const existing = state.get(key) as Member | undefined;

  if (existing) {
    // Mailchimp will not resubscribe someone who unsubscribed or bounced through the API.
    if (body.status === "subscribed" && (existing.status === "unsubscribed" || existing.status === "cleaned")) {
      return problem(
        400,
        "Member In Compliance State",
        `${email} is already a list member in compliance state due to unsubscribe, bounce, or compliance review.`,
      );
    }
    const updated: Member = {
      ...existing,
      email_address: email.trim(),
      status: typeof body.status === "string" ? body.status : existing.status,
      merge_fields: { ...existing.merge_fields, ...mergeFields },
      last_changed: now,
    };
    updated.full_name = fullName(updated.merge_fields);
    state.set(key, updated);
    return { status: 200, body: updated };
  }

  const status = (body.status ?? body.status_if_new) as string | undefined;
  if (!status) {
    return invalidResource("The resource submitted could not be validated. For field-specific details, see the 'errors' array.", [
      { field: "status_if_new", message: "Required fields were not provided: status_if_new" },
    ]);
  }
  const merged = { FNAME: "", LNAME: "", ...mergeFields };
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
    timestamp_opt: status === "subscribed" ? now : "",
    member_rating: 2,
    last_changed: now,
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
    return invalidResource("The resource submitted could not be validated. For field-specific details, see the 'errors' array.", [
      { field: "tags", message: "Each tag needs a name and a status of active or inactive." },
    ]);
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

function withAuth(handle: (request: StandInRequest, state: Map<string, unknown>) => StandInResponse) {
  return (request: StandInRequest, state: Map<string, unknown>) => checkAuth(request) ?? handle(request, state);
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
    { method: "POST", path: "/lists/:listId/members/:hash/tags", handle: withAuth(updateTags) },
  ],
};
