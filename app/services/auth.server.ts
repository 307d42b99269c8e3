import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { jsonResponse } from "~/utils/api.server";
import { getSessionUser, type SessionUser } from "~/models/user.server";
import { dbFor } from "~/utils/db.server";
import { invariantResponse } from "~/utils/http-errors";
import { rememberDevice } from "~/utils/known-devices.server";
import { safeRedirect } from "~/utils/redirect";
import { isStaff, roleOf, type Role } from "~/domain/roles";
import { commitSession, destroySession, getSession, getSessionStorage, hasSessionCookie } from "~/utils/session.server";

export type CurrentUser = SessionUser & { role: Role };

// Loaders of one request share the answer: one KV and one D1 read per request at most.
const currentUsers = new WeakMap<AppLoadContext, Promise<CurrentUser | null>>();

/**
 * The signed-in user, or null. KV holds the session, but D1 is the authority: a user that no
 * longer exists, or a session that began before the user's sessionsValidAfter (password reset,
 * sign out everywhere), counts as signed out, whatever an eventually consistent KV still says.
 */
export function getCurrentUser(request: Request, context: AppLoadContext): Promise<CurrentUser | null> {
  let pending = currentUsers.get(context);
  if (!pending) {
    pending = loadCurrentUser(request, context);
    currentUsers.set(context, pending);
  }
  return pending;
}

async function loadCurrentUser(request: Request, context: AppLoadContext): Promise<CurrentUser | null> {
  if (!hasSessionCookie(request)) return null;
  const { env } = context;
  const session = await getSession(request, context);
  const userId = session.get("userId");
  if (!userId) return null;
  const user = await getSessionUser(await dbFor(env, userId), userId);
  if (!user) return null;
  const signedInAt = session.get("signedInAt") ?? 0;
  if (user.sessionsValidAfter && signedInAt < user.sessionsValidAfter.getTime()) return null;
  return { ...user, role: roleOf(user.id, { adminIds: env.ADMIN_USER_IDS, moderatorIds: env.MODERATOR_USER_IDS }) };
}

/** Guard for signed-in pages: visitors go to /signin and come back afterwards. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  const user = await getCurrentUser(request, context);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/signin?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

/** Staff pages do not exist for anyone else: a signed-in non-staff user gets 404. */
export async function requireStaff(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  const user = await requireUser(request, context);
  invariantResponse(isStaff(user.role));
  return user;
}

export async function requireAdmin(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  const user = await requireStaff(request, context);
  invariantResponse(user.role === "admin", "Only the admin may do this.", { status: 403 });
  return user;
}

/** A signed-in user has no business on signup or sign-in pages. */
export async function redirectSignedInUser(request: Request, context: AppLoadContext) {
  if (await getCurrentUser(request, context)) throw redirect("/dashboard");
}

/**
 * Starts a session for the user under a fresh session id (the old one, and whatever a visitor's
 * session held, is destroyed), remembers this browser as one the user signs in on, then redirects.
 */
export async function signIn(request: Request, context: AppLoadContext, userId: string, redirectTo: string | null) {
  const { env } = context;
  // Only the KV entry goes; the new cookie below replaces the old one in the browser.
  if (hasSessionCookie(request)) await destroySession(await getSession(request, context), env);
  const session = await getSessionStorage(env).getSession();
  session.set("userId", userId);
  session.set("signedInAt", Date.now());
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSession(session, env));
  // This browser now counts as the owner's for sign-in limits (decision 0019).
  headers.append("Set-Cookie", await rememberDevice(request, env, userId));
  return redirect(safeRedirect(redirectTo), { status: 303, headers });
}

export async function signOut(request: Request, context: AppLoadContext) {
  const session = await getSession(request, context);
  return redirect("/", { status: 303, headers: { "Set-Cookie": await destroySession(session, context.env) } });
}

/** API endpoints act only for the signed-in user: a visitor gets 401, never a redirect page. */
export async function requireApiUser(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  const user = await getCurrentUser(request, context);
  if (!user) throw jsonResponse({ error: "Sign in first." }, 401);
  return user;
}
