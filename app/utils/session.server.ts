import { createWorkersKVSessionStorage, type Session } from "@remix-run/cloudflare";
import type { AppEnv } from "~/utils/env.server";

const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;
const COOKIE_NAME = "__session";

/** The signup draft of step 1, kept server-side so that the flow works without JavaScript. */
export type SignupDraft = {
  entered: { fullName: string; street1: string; street2: string; city: string; state: string; zipCode: string };
  /** The address after verification (spec section 7); equal to what was entered when it failed. */
  address: { street1: string; street2: string; city: string; state: string; zipCode: string };
  changes: Array<{ field: string; from: string; to: string }>;
  verified: boolean;
};

export type SessionData = {
  userId: string;
  /** Epoch ms; a session older than the user's sessionsValidAfter is void. */
  signedInAt: number;
  signup: SignupDraft;
  /** Spec section 4: step2 after step 1, done after account creation. */
  signupState: "step2" | "done";
};

export type AppSession = Session<SessionData>;

export function getSessionStorage(env: AppEnv) {
  return createWorkersKVSessionStorage<SessionData>({
    kv: env.SESSIONS,
    cookie: {
      name: COOKIE_NAME,
      httpOnly: true,
      path: "/",
      sameSite: "lax",
      secure: env.APP_ENV === "production",
      secrets: [env.SESSION_SECRET],
      maxAge: SESSION_MAX_AGE_SECONDS,
    },
  });
}

export function hasSessionCookie(request: Request) {
  return request.headers.get("Cookie")?.includes(`${COOKIE_NAME}=`) ?? false;
}

/** Reads KV only when the request carries a session cookie. */
export async function getSession(request: Request, env: AppEnv): Promise<AppSession> {
  const storage = getSessionStorage(env);
  return storage.getSession(hasSessionCookie(request) ? request.headers.get("Cookie") : null);
}

/** Call only after changing the session: an unchanged session is never written back. */
export async function commitSession(session: AppSession, env: AppEnv) {
  return getSessionStorage(env).commitSession(session);
}

export async function destroySession(session: AppSession, env: AppEnv) {
  return getSessionStorage(env).destroySession(session);
}
