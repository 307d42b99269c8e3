import { env } from "cloudflare:test";
import { parseEnv } from "~/utils/env.server";
import { getSessionStorage } from "~/utils/session.server";

/** A Cookie header value for a session signed in as `userId`, made the way the app makes them. */
export async function sessionCookieFor(userId: string) {
  const storage = getSessionStorage(parseEnv(env));
  const session = await storage.getSession();
  session.set("userId", userId);
  return (await storage.commitSession(session)).split(";")[0]!;
}
