import type { AppEnv } from "~/utils/env.server";
import { clearedSessionCookie, hasSessionCookie, SESSION_COOKIE_NAME } from "~/utils/session.server";

const HSTS = "max-age=63072000; includeSubDomains";

/**
 * Headers that depend on who asked, set once for every answer of the app:
 * - an answer to someone with a session, or one that sets a cookie, is never stored by a shared
 *   cache or kept for the back button of a shared computer (unless the route declared itself
 *   public, as robots.txt does: the same for everyone);
 * - a session cookie that could not be read is cleared, so the browser stops sending it;
 * - no answer is sniffed into another type;
 * - production answers tell browsers to use HTTPS only.
 */
export async function withSessionHeaders(
  request: Request,
  response: Response,
  { env, clearSessionCookie }: { env: AppEnv; clearSessionCookie: boolean },
): Promise<Response> {
  const headers = new Headers(response.headers);
  const setsCookie = headers.getSetCookie().length > 0;
  if ((hasSessionCookie(request) || setsCookie) && !/\bpublic\b/.test(headers.get("Cache-Control") ?? "")) {
    headers.set("Cache-Control", "private, no-store");
  }
  if (clearSessionCookie && !headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE_NAME}=`))) {
    headers.append("Set-Cookie", await clearedSessionCookie(env));
  }
  // Every answer, not only pages: a JSON export or a letter must never be read as HTML.
  headers.set("X-Content-Type-Options", "nosniff");
  if (env.APP_ENV === "production") headers.set("Strict-Transport-Security", HSTS);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
