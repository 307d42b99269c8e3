import { inArray, sql } from "drizzle-orm";
import { authThrottle } from "../../drizzle/schema";
import type { Db } from "~/utils/db.server";
import { hexDigest } from "~/utils/digest";

export type ThrottlePolicy = {
  /** Failures counted within this window. */
  windowMs: number;
  /** From this many failures on, each attempt waits a little longer. */
  slowAfter: number;
  /** At this many failures the key is refused until the block ends. */
  blockAfter: number;
  blockMs: number;
};

const MINUTE = 60_000;

export const SIGN_IN_PER_EMAIL: ThrottlePolicy = { windowMs: 15 * MINUTE, slowAfter: 3, blockAfter: 5, blockMs: 15 * MINUTE };
export const SIGN_IN_PER_CLIENT: ThrottlePolicy = { windowMs: 15 * MINUTE, slowAfter: 10, blockAfter: 30, blockMs: 15 * MINUTE };
export const RESET_PER_EMAIL: ThrottlePolicy = { windowMs: 60 * MINUTE, slowAfter: 3, blockAfter: 3, blockMs: 60 * MINUTE };

export type ThrottleState = { blockedUntil: Date | null; failures: number };

/** The strictest state among the keys (a hashed email and a client address, say). */
export async function readThrottle(db: Db, keys: string[], now = new Date()): Promise<ThrottleState> {
  const rows = await db.select().from(authThrottle).where(inArray(authThrottle.key, keys));
  let state: ThrottleState = { blockedUntil: null, failures: 0 };
  for (const row of rows) {
    if (row.blockedUntil && row.blockedUntil > now && (!state.blockedUntil || row.blockedUntil > state.blockedUntil)) {
      state = { ...state, blockedUntil: row.blockedUntil };
    }
    state.failures = Math.max(state.failures, row.failures);
  }
  return state;
}

/**
 * Counts one attempt (a failed sign-in, a reset link asked for, an address checked) in a single
 * UPSERT: a new window starts when the old one has passed, and the key is blocked once it
 * reaches the policy's limit. Safe with concurrent attempts.
 */
export async function countAttempt(db: Db, key: string, policy: ThrottlePolicy, now = new Date()) {
  const nowMs = now.getTime();
  const windowStart = nowMs - policy.windowMs;
  const blockUntil = nowMs + policy.blockMs;
  await db
    .insert(authThrottle)
    .values({ key, failures: 1, windowStartedAt: now, blockedUntil: policy.blockAfter <= 1 ? new Date(blockUntil) : null })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then 1 else ${authThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then ${nowMs} else ${authThrottle.windowStartedAt} end`,
        blockedUntil: sql`case when (case when ${authThrottle.windowStartedAt} < ${windowStart} then 1 else ${authThrottle.failures} + 1 end) >= ${policy.blockAfter} then ${blockUntil} else ${authThrottle.blockedUntil} end`,
      },
    });
}

export async function clearAttempts(db: Db, key: string) {
  await db.delete(authThrottle).where(inArray(authThrottle.key, [key]));
}

/** How long to hold an answer once a key has failed often: 1 s more per failure past the limit, 5 s at most. */
export function slowdownMs(failures: number, policy: ThrottlePolicy) {
  return failures < policy.slowAfter ? 0 : Math.min(5_000, (failures - policy.slowAfter + 1) * 1_000);
}

export async function throttleKey(kind: "email" | "email-reset" | "client", value: string) {
  return `${kind}:${await hexDigest("SHA-256", value.trim().toLowerCase())}`;
}

/** The client's address as Cloudflare reports it; local development has none. */
export function clientAddress(request: Request) {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}
