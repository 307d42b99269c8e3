import { drain, readAtMost } from "~/utils/bytes";
import { isCrossSiteRequest } from "~/utils/csrf.server";
import { renderPlainPage } from "~/utils/error-page.server";

/** Every page and endpoint answers these; nothing on this site uses another method (nor CORS). */
const ALLOWED_METHODS = ["GET", "HEAD", "POST"];

/**
 * The largest body the site reads. Forms send a few kilobytes at most (the longest field is a
 * 4,000-character note); Stripe's webhook events stay well under it.
 */
const MAX_BODY_BYTES = 256 * 1024;

/**
 * Pages that take files: photos of mail, straight from a phone's camera when the browser does
 * not shrink them (decision 0030: three images of at most 8 MB each, and the form around them).
 */
const UPLOAD_BODY_BYTES: Record<string, number> = { "/requests/photo": 25 * 1024 * 1024 };

/**
 * A body over the limit is still read to its end, up to this much, before the refusal is sent:
 * a browser that is cut off while it uploads shows a connection error instead of the page that
 * says what to do. Cloudflare itself takes no larger request body (100 MB on most plans).
 */
const DRAIN_BYTES = 100 * 1024 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Endpoints that read JSON or a signed payload rather than a form (the calls of product rules: Calls to the server; they send
 * JSON as text/plain); each parses its own body and answers a JSON error. Every other path takes
 * forms only. /api/subscriptions/create takes both.
 */
const JSON_ENDPOINTS = [
  "/api/address/verify",
  "/api/mailchimp/subscribers/add",
  "/api/mailchimp/tags/add",
  "/api/mailchimp/notifications/new_user",
  "/api/customers/create",
  "/api/subscriptions/create",
  "/api/webhooks/stripe",
  "/api/webhooks/lob",
  "/api/webhooks/postmark",
];

type Refusal = { status: number; title: string; message: string; retry?: { href: string; text: string } };

/**
 * Checks a request before the app sees it, so that no input, however malformed, reaches a loader
 * or an action in a shape that could make it fail: the answer is a clear 4xx page instead, and
 * nothing changes. Answers the request the app should handle (its body read into memory, within
 * the limit), or the refusal to send back.
 */
export async function guardRequest(request: Request): Promise<Request | Response> {
  const url = new URL(request.url);
  const refuse = (refusal: Refusal, headers: Record<string, string> = {}) => refusalResponse(url, refusal, headers);

  if (!ALLOWED_METHODS.includes(request.method)) {
    return refuse(
      { status: 405, title: "This page can't take that request", message: "This site only reads pages and takes form posts." },
      { Allow: ALLOWED_METHODS.join(", ") },
    );
  }
  if (isCrossSiteRequest(request)) {
    return refuse({ status: 403, title: "Request refused", message: "Cross-site requests are not accepted." });
  }
  if (!isDecodablePath(url.pathname)) {
    return refuse({
      status: 400,
      title: "That address is not valid",
      message: "Part of the address is damaged. Check it, or start again from the home page.",
    });
  }

  const headers = new Headers(request.headers);
  // Remix checks an action's Origin against X-Forwarded-Host, else Host, and fails the whole
  // request when they differ or are missing. The check above already compared Origin with this
  // very URL, and nothing in front of this Worker sets X-Forwarded-Host: it could only be forged.
  headers.delete("X-Forwarded-Host");
  headers.set("Host", url.host);
  // The app fetches data as /page.data; a legacy ?_data= request would be misread as one.
  url.searchParams.delete("_data");

  if (request.method !== "POST") return new Request(url, { method: request.method, headers });

  const uploadLimit = UPLOAD_BODY_BYTES[url.pathname.replace(/\/+$/, "")];
  const body = await readLimited(request, uploadLimit ?? MAX_BODY_BYTES);
  if (body === null) {
    return refuse({
      status: 413,
      title: "That was more than we can take",
      message: uploadLimit
        ? "Those photos are larger than we can take: send up to 3 photos of at most 8 MB each. Go back and choose fewer or smaller ones."
        : "What you sent is far longer than any of our forms allows. Go back, shorten it and try again.",
      ...(uploadLimit ? { retry: { href: url.pathname, text: "Choose other photos" } } : {}),
    });
  }
  const guarded = new Request(url, { method: "POST", headers, body });
  const contentType = (headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  const isForm = FORM_TYPES.includes(contentType);
  if (!isForm && JSON_ENDPOINTS.includes(url.pathname.toLowerCase().replace(/\/+$/, ""))) return guarded;
  if (!isForm) {
    return refuse({
      status: 415,
      title: "We couldn't read that form",
      message: "The form arrived in a shape we don't read. Go back, reload the page and send it again.",
    });
  }
  try {
    await guarded.clone().formData();
  } catch {
    return refuse({
      status: 400,
      title: "We couldn't read that form",
      message: "The form arrived damaged or incomplete. Go back, reload the page and send it again.",
    });
  }
  return guarded;
}

/** Remix would log a warning for a path with broken percent-encoding (`/%FF`) and then answer 400. */
function isDecodablePath(pathname: string) {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** The body in memory, or null when it is longer than `limit` (whatever Content-Length claims). */
async function readLimited(request: Request, limit: number): Promise<ArrayBuffer | null> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > limit) {
    if (request.body) await drain(request.body, DRAIN_BYTES);
    return null;
  }
  if (!request.body) return new ArrayBuffer(0);
  return (await readAtMost(request.body, limit, { drainUpTo: DRAIN_BYTES }))?.buffer ?? null;
}

/** Endpoints answer JSON, as they do for every other error; pages answer a short page. */
function refusalResponse(url: URL, { status, title, message, retry }: Refusal, headers: Record<string, string>) {
  if (url.pathname.startsWith("/api/")) {
    return Response.json(
      { error: message },
      { status, headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", ...headers } },
    );
  }
  return renderPlainPage({ status, title, message, retry, headers });
}
