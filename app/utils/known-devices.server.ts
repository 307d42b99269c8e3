import { z } from "zod";
import { signedCookie } from "~/utils/cookies.server";
import type { AppEnv } from "~/utils/env.server";

const COOKIE_NAME = "__devices";
const MAX_AGE_SECONDS = 60 * 60 * 24 * 365;
/** A browser shared by a household: the last few accounts signed in on it. */
const MAX_ACCOUNTS = 5;

const KnownDevice = z.object({ id: z.string().uuid(), users: z.array(z.string().max(100)).max(MAX_ACCOUNTS) });
export type KnownDevice = z.infer<typeof KnownDevice>;

/**
 * A signed cookie naming the accounts that signed in on this browser. Failed sign-ins from a
 * browser that has signed in to the account before are counted for that browser alone, so that
 * no one else's failures can lock the owner out (decision 0019). It holds random ids, nothing
 * personal.
 */
function devicesCookie(env: AppEnv) {
  return signedCookie(env, COOKIE_NAME, MAX_AGE_SECONDS);
}

/** This browser's device, or null when it has none (or one that does not read back). */
export async function readKnownDevice(request: Request, env: AppEnv): Promise<KnownDevice | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${COOKIE_NAME}=`)) return null;
  try {
    const parsed = KnownDevice.safeParse(await devicesCookie(env).parse(header));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The Set-Cookie that adds the user to this browser's known accounts (most recent first). */
export async function rememberDevice(request: Request, env: AppEnv, userId: string): Promise<string> {
  const device = (await readKnownDevice(request, env)) ?? { id: crypto.randomUUID(), users: [] };
  const users = [userId, ...device.users.filter((id) => id !== userId)].slice(0, MAX_ACCOUNTS);
  return devicesCookie(env).serialize({ id: device.id, users });
}
