// Postmark's email API, mounted at /email (so the app's EMAIL_API_URL is <stand-ins>/email):
//   POST /email   send a single email
// https://postmarkapp.com/developer/user-guide/send-email-with-api and
// https://postmarkapp.com/developer/api/overview (401 for a bad token; 422 with {ErrorCode, Message}).
// Tests read what was sent from the recorded requests (/__stand-ins/requests?vendor=email).
import { randomUUID } from "node:crypto";
import type { StandInRequest, StandInResponse, Vendor } from "../server";

/** The server token this stand-in accepts, as wrangler.toml's [vars] and vendorVars() give it to the app. */
export const EMAIL_STAND_IN_TOKEN = "local-stand-in-server-token";

/**
 * Addresses at this domain are "inactive" (they hard-bounced before): Postmark refuses to send
 * to them with ErrorCode 406. The same domain looks fake to the Mailchimp stand-in.
 */
export const INACTIVE_EMAIL_DOMAIN = "example.invalid";

const MESSAGE_STREAMS = new Set(["outbound", "broadcast"]);
const MAILBOX = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

function postmarkError(status: number, ErrorCode: number, Message: string): StandInResponse {
  return { status, body: { ErrorCode, Message } };
}

/** "Name <a@b.c>" or "a@b.c"; several recipients are separated by commas. */
function addresses(value: unknown): string[] | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const list = value.split(",").map((part) => {
    const match = part.trim().match(/<([^>]+)>$/);
    return (match ? match[1]! : part).trim();
  });
  return list.every((address) => MAILBOX.test(address)) ? list : null;
}

function sendEmail(request: StandInRequest): StandInResponse {
  const token = request.headers["x-postmark-server-token"];
  if (token !== EMAIL_STAND_IN_TOKEN) {
    return postmarkError(401, 10, "The Server Token you provided in the X-Postmark-Server-Token request header was invalid. Please verify that you are using a valid token.");
  }
  if (!(request.headers["content-type"] ?? "").includes("application/json") || !request.body || typeof request.body !== "object") {
    return postmarkError(422, 402, "Received invalid JSON input.");
  }
  const body = request.body as Record<string, unknown>;
  const from = addresses(body.From);
  if (!from) return postmarkError(422, 300, `Invalid 'From' address: '${String(body.From ?? "")}'.`);
  const to = addresses(body.To);
  if (!to) return postmarkError(422, 300, `Invalid 'To' address: '${String(body.To ?? "")}'.`);
  if (to.length > 50) return postmarkError(422, 300, "Maximum of 50 recipients allowed per email message.");
  if (typeof body.Subject !== "string" || body.Subject.trim() === "") {
    return postmarkError(422, 300, "Provide a 'Subject' for the message.");
  }
  if (!body.TextBody && !body.HtmlBody) return postmarkError(422, 300, "Provide either email TextBody or HtmlBody or both.");
  if (body.ReplyTo !== undefined && !addresses(body.ReplyTo)) {
    return postmarkError(422, 300, `Invalid 'ReplyTo' address: '${String(body.ReplyTo)}'.`);
  }
  const headers = body.Headers ?? [];
  if (!Array.isArray(headers) || !headers.every((header) => header && typeof header.Name === "string" && typeof header.Value === "string")) {
    return postmarkError(422, 300, "Headers must be a list of {Name, Value} pairs.");
  }
  const stream = body.MessageStream ?? "outbound";
  if (typeof stream !== "string" || !MESSAGE_STREAMS.has(stream)) {
    return postmarkError(422, 1235, `The message stream for the provided 'ID' was not found.`);
  }
  const inactive = to.filter((address) => address.toLowerCase().endsWith(`@${INACTIVE_EMAIL_DOMAIN}`));
  if (inactive.length > 0) {
    return postmarkError(
      422,
      406,
      `You tried to send to recipient(s) that have been marked as inactive. Found inactive addresses: ${inactive.join(", ")}. Inactive recipients are ones that have generated a hard bounce, a spam complaint, or a manual suppression.`,
    );
  }
  return {
    status: 200,
    body: { To: body.To, SubmittedAt: new Date().toISOString(), MessageID: randomUUID(), ErrorCode: 0, Message: "OK" },
  };
}

export const emailVendor: Vendor = {
  name: "email",
  prefix: "/email",
  routes: [{ method: "POST", path: "/email", handle: sendEmail }],
};
