import type { AddressCheck } from "../../drizzle/schema";
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
  /** How far the address was checked (decision 0028); absent in a draft made before it was recorded. */
  check?: AddressCheck;
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
  /** A name and address checked on the account page, waiting for the user to confirm it. */
  addressChange: SignupDraft & { moved: boolean };
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
/** The requests whose session cookie did not read back; the Worker's answer to each clears it. */
const unreadableCookies = new WeakSet<AppLoadContext>();

/** Reads KV only when the request carries a session cookie, and only once per request. */
export function getSession(request: Request, context: AppLoadContext): Promise<AppSession> {
  let session = sessions.get(context);
  if (!session) {
    session = readSession(request, context);
    sessions.set(context, session);
  }
  return session;
}

/**
 * A session cookie that does not read back counts as no session: one with a bad signature or
 * another secret (the parser answers no id), or a damaged one (`a.b.c`: the parser throws on a
 * signature that is not base64). Either is noted for the request, and the Worker's answer clears it.
 */
async function readSession(request: Request, context: AppLoadContext): Promise<AppSession> {
  const storage = getSessionStorage(context.env);
  if (!hasSessionCookie(request)) return storage.getSession(null);
  try {
    const session = await storage.getSession(request.headers.get("Cookie"));
    if (session.id) return session;
  } catch (error) {
    // Only the cookie's own damage; a KV failure must not sign anyone out.
    if (!(error instanceof DOMException && error.name === "InvalidCharacterError")) throw error;
  }
  unreadableCookies.add(context);
  return storage.getSession(null);
}

/** The request's session cookie did not read back, so its answer clears it. */
export function sessionCookieUnreadable(context: AppLoadContext): boolean {
  return unreadableCookies.has(context);
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
