import { createWorkersKVSessionStorage, type AppLoadContext, type Session } from "@remix-run/cloudflare";
import { signedCookie } from "~/utils/cookies.server";
import type { AppEnv } from "~/utils/env.server";

const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_COOKIE_NAME = "__session";

/** The signup draft of step 1, kept server-side so that the flow works without JavaScript. */
export type SignupDraft = {
  entered: { fullName: string; street1: string; street2: string; city: string; state: string; zipCode: string };
  /** The address after verification (product rules: Calls to the server); equal to what was entered when it failed. */
  address: { street1: string; street2: string; city: string; state: string; zipCode: string };
  changes: Array<{ field: string; from: string; to: string }>;
};

export type SessionData = {
  userId: string;
  /** Epoch ms; a session older than the user's sessionsValidAfter is void. */
  signedInAt: number;
  /**
   * The signup state (product rules: Routes) is derived rather than stored: a draft means step 2 is next,
   * a signed-in user means signup is done.
   */
  signup: SignupDraft;
};

export type AppSession = Session<SessionData>;

function sessionCookie(env: AppEnv) {
  return signedCookie(env, SESSION_COOKIE_NAME, SESSION_MAX_AGE_SECONDS);
}

export function getSessionStorage(env: AppEnv) {
  return createWorkersKVSessionStorage<SessionData>({ kv: env.SESSIONS, cookie: sessionCookie(env) });
}

export function hasSessionCookie(request: Request) {
  return request.headers.get("Cookie")?.includes(`${SESSION_COOKIE_NAME}=`) ?? false;
}

/** A Set-Cookie value that makes the browser forget the session cookie. */
export function clearedSessionCookie(env: AppEnv) {
  return sessionCookie(env).serialize("", { maxAge: undefined, expires: new Date(0) });
}

// The loaders and the action of one request share one session: one KV read per request at most.
const sessions = new WeakMap<AppLoadContext, Promise<AppSession>>();

/** Reads KV only when the request carries a session cookie, and only once per request. */
export function getSession(request: Request, context: AppLoadContext): Promise<AppSession> {
  let session = sessions.get(context);
  if (!session) {
    session = getSessionStorage(context.env).getSession(hasSessionCookie(request) ? request.headers.get("Cookie") : null);
    sessions.set(context, session);
  }
  return session;
}

/**
 * Whether the request carries a session cookie that cannot be read: tampered, truncated (`a.b.c`
 * makes the cookie parser throw) or signed with another secret. The Worker drops it before the
 * app sees it, so that it counts as no session, and clears it in the answer.
 */
export async function hasUnreadableSessionCookie(request: Request, env: AppEnv) {
  if (!hasSessionCookie(request)) return false;
  try {
    // null: there is a value, but its signature does not match (tampered, or an old secret).
    return (await sessionCookie(env).parse(request.headers.get("Cookie"))) === null;
  } catch {
    return true;
  }
}

/** The Cookie header without the session cookie. */
export function withoutSessionCookie(cookieHeader: string) {
  return cookieHeader
    .split(";")
    .filter((pair) => pair.split("=")[0]!.trim() !== SESSION_COOKIE_NAME)
    .join(";");
}

/** Call only after changing the session: an unchanged session is never written back. */
export async function commitSession(session: AppSession, env: AppEnv) {
  return getSessionStorage(env).commitSession(session);
}

/** Ends the session in KV; a session that was never stored (a second tab signing out) has nothing to end. */
export async function destroySession(session: AppSession, env: AppEnv) {
  if (!session.id) return clearedSessionCookie(env);
  return getSessionStorage(env).destroySession(session);
}
