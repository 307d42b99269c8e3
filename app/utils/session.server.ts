import { createWorkersKVSessionStorage, redirect } from "@remix-run/cloudflare";
import type { AppEnv } from "~/utils/env.server";

const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

export function getSessionStorage(env: AppEnv) {
  return createWorkersKVSessionStorage({
    kv: env.SESSIONS,
    cookie: {
      name: "__session",
      httpOnly: true,
      path: "/",
      sameSite: "lax",
      secure: env.APP_ENV === "production",
      secrets: [env.SESSION_SECRET],
      maxAge: SESSION_MAX_AGE_SECONDS,
    },
  });
}

export async function getSession(request: Request, env: AppEnv) {
  return getSessionStorage(env).getSession(request.headers.get("Cookie"));
}

/** The signed-in user's id, or null. Reads KV only when the request carries a session cookie. */
export async function getUserId(request: Request, env: AppEnv): Promise<string | null> {
  if (!request.headers.get("Cookie")?.includes("__session=")) return null;
  const session = await getSession(request, env);
  const userId = session.get("userId");
  return typeof userId === "string" ? userId : null;
}

/** Guard for signed-in pages: visitors go to /signin and come back afterwards. */
export async function requireUserId(request: Request, env: AppEnv): Promise<string> {
  const userId = await getUserId(request, env);
  if (userId) return userId;
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: url.pathname + url.search });
  throw redirect(`/signin?${params}`);
}
