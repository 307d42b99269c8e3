import { and, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { authThrottle } from "../../drizzle/schema";
import { MINUTE_MS } from "~/domain/dates";
import type { Db } from "~/utils/db.server";
import { hexDigest } from "~/utils/digest";

/**
 * How often one key (a client, an account, the whole site) may do something. Decision 0019 gives
 * the reasons for each number.
 */
export type RateLimit = {
  /** Attempts counted within this window; a new window starts when it has passed. */
  windowMs: number;
  /**
   * The attempt that reaches this count blocks the key. takeAttempt counts before it decides, so
   * there the attempt that reaches it is itself refused: N allowed is `blockAt: N + 1`.
   */
  blockAt: number;
  /** How long the key stays blocked. */
  blockMs: number;
};

export type Counter = { key: string; limit: RateLimit };

/** Counts without ever blocking: for keys that only tell how much is going on (an account under attack). */
const NEVER = Number.MAX_SAFE_INTEGER;

export const LIMITS = {
  /** Sign-ins for one account from one client (an address, or a device that signed in to it before): 5 checked, then held. */
  signInPerAccountAndClient: { windowMs: 15 * MINUTE_MS, blockAt: 6, blockMs: 15 * MINUTE_MS },
  /** Sign-ins from one address, whatever the account, by clients that never signed in to it: 30 checked, then held. */
  signInPerClient: { windowMs: 15 * MINUTE_MS, blockAt: 31, blockMs: 15 * MINUTE_MS },
  /** Failed sign-ins to one account from all new clients: past ACCOUNT_UNDER_ATTACK, a client that failed once waits. */
  signInPerAccount: { windowMs: 15 * MINUTE_MS, blockAt: NEVER, blockMs: 0 },
  /** Reset links asked for one email (known or not: the answer must not tell). */
  resetPerEmail: { windowMs: 60 * MINUTE_MS, blockAt: 4, blockMs: 60 * MINUTE_MS },
  resetPerClient: { windowMs: 60 * MINUTE_MS, blockAt: 11, blockMs: 60 * MINUTE_MS },
  /** Address checks (step 1 of signup and /api/address/verify): each may be a paid call. */
  verifyPerClient: { windowMs: 60 * MINUTE_MS, blockAt: 31, blockMs: 60 * MINUTE_MS },
  verifyInTotal: { windowMs: 60 * MINUTE_MS, blockAt: 2_001, blockMs: 60 * MINUTE_MS },
  /** Step 2 of signup per client: every account created, link sent or "Email has already been used." */
  signupPerClient: { windowMs: 60 * MINUTE_MS, blockAt: 11, blockMs: 60 * MINUTE_MS },
  /** Accounts created in an hour, site-wide; past it a signup finishes by a link sent to its email, never refused. */
  signupInTotal: { windowMs: 60 * MINUTE_MS, blockAt: 501, blockMs: 60 * MINUTE_MS },
  /** Signup links sent to one email: each is an email to an address someone typed. */
  signupLinkPerEmail: { windowMs: 60 * MINUTE_MS, blockAt: 4, blockMs: 60 * MINUTE_MS },
  /** Email changes one account asks for: each link goes to an address the account holder typed, and each answer tells whether an address is taken. */
  emailChangePerAccount: { windowMs: 60 * MINUTE_MS, blockAt: 4, blockMs: 60 * MINUTE_MS },
} satisfies Record<string, RateLimit>;

/** Failed sign-ins to one account within the window from which it counts as under attack. */
export const ACCOUNT_UNDER_ATTACK = 10;

export type KeyState = { count: number; blockedUntil: Date | null; windowEndsAt: Date };

/** How long until every one of these keys is free again: 0 when none is blocked. */
function blockedForMs(states: Iterable<KeyState | undefined>, now = new Date()) {
  let longest = 0;
  for (const state of states) {
    if (state?.blockedUntil && state.blockedUntil > now) longest = Math.max(longest, state.blockedUntil.getTime() - now.getTime());
  }
  return longest;
}

/**
 * Counts one attempt in a single UPSERT, safe with concurrent attempts: a new window starts when
 * the old one has passed, and the attempt that reaches `blockAt` blocks the key. Answers the
 * key's state after this attempt.
 */
export async function countAttempt(db: Db, key: string, limit: RateLimit, now = new Date()): Promise<KeyState> {
  const nowMs = now.getTime();
  const windowStart = nowMs - limit.windowMs;
  const blockUntil = nowMs + limit.blockMs;
  const freshWindow = sql`${authThrottle.windowStartedAt} < ${windowStart}`;
  const countAfter = sql`case when ${freshWindow} then 1 else ${authThrottle.failures} + 1 end`;
  const [row] = await db
    .insert(authThrottle)
    .values({ key, failures: 1, windowStartedAt: now, blockedUntil: limit.blockAt <= 1 ? new Date(blockUntil) : null })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: countAfter,
        windowStartedAt: sql`case when ${freshWindow} then ${nowMs} else ${authThrottle.windowStartedAt} end`,
        blockedUntil: sql`case when ${countAfter} = ${limit.blockAt} then ${blockUntil} else ${authThrottle.blockedUntil} end`,
      },
    })
    .returning({ count: authThrottle.failures, blockedUntil: authThrottle.blockedUntil, windowStartedAt: authThrottle.windowStartedAt });
  return { count: row!.count, blockedUntil: row!.blockedUntil, windowEndsAt: new Date(row!.windowStartedAt.getTime() + limit.windowMs) };
}

/**
 * Counts one attempt against each limit in turn, before the attempt does anything, and stops at
 * the first that is blocked, so that a client refused on its own limit never uses up the site's
 * total. Attempts that arrive at once are each counted before any of them is let through, so no
 * burst gets past a limit. Answers how long the caller must wait (0 when the attempt may go
 * ahead) and the state of each key counted.
 */
export async function countAttempts(db: Db, counters: Counter[], now = new Date()) {
  const states = new Map<string, KeyState>();
  for (const { key, limit } of counters) {
    const state = await countAttempt(db, key, limit, now);
    states.set(key, state);
    const waitMs = blockedForMs([state], now);
    if (waitMs > 0) return { waitMs, states };
  }
  return { waitMs: 0, states };
}

/** countAttempts for a caller that needs only how long to wait. */
export async function takeAttempt(db: Db, counters: Counter[], now = new Date()) {
  return (await countAttempts(db, counters, now)).waitMs;
}

export async function clearCounts(db: Db, keys: string[]) {
  if (keys.length) await db.delete(authThrottle).where(inArray(authThrottle.key, keys));
}

/** Takes back one attempt counted on each key: one that turned out not to be what the limit counts. */
export async function uncountAttempt(db: Db, keys: string[]) {
  if (!keys.length) return;
  await db
    .update(authThrottle)
    .set({ failures: sql`max(${authThrottle.failures} - 1, 0)` })
    .where(inArray(authThrottle.key, keys));
}

/** Counters whose window and block both ended before `before`: every limit's window is an hour at most. */
export async function deleteSpentCounts(db: Db, before: Date) {
  await db
    .delete(authThrottle)
    .where(and(lt(authThrottle.windowStartedAt, before), or(isNull(authThrottle.blockedUntil), lt(authThrottle.blockedUntil, before))));
}

/** How long to hold an answer once a key has failed often: 1 s more per failure from the third, 5 s at most. */
export function slowdownMs(failures: number) {
  return failures < 3 ? 0 : Math.min(5_000, (failures - 2) * 1_000);
}

/** A counter's key: its kind and a hash of what it counts (never an email or an address in the clear). */
export async function rateKey(kind: string, ...parts: string[]) {
  return `${kind}:${await hexDigest("SHA-256", parts.map((part) => part.trim().toLowerCase()).join("\n"))}`;
}

/**
 * A per-client counter, or none for a request that is nobody's in particular (`client` null: see
 * clientAddress).
 */
async function perClient(kind: string, client: string | null, limit: RateLimit, ...parts: string[]): Promise<Counter[]> {
  return client === null ? [] : [{ key: await rateKey(kind, client, ...parts), limit }];
}

// Each counter below that counts per client takes the client as clientAddress (utils/client-network) reads it off the request.

/** An address check, from step 1 of signup or /api/address/verify: one budget for both. */
export async function addressCheckCounters(client: string | null): Promise<Counter[]> {
  return [...(await perClient("verify-client", client, LIMITS.verifyPerClient)), { key: "verify-total", limit: LIMITS.verifyInTotal }];
}

/** Step 2 of signup, per client: an account created, a link sent, or an email found taken. */
export function signupClientCounters(client: string | null): Promise<Counter[]> {
  return perClient("signup-client", client, LIMITS.signupPerClient);
}

/** Accounts created site-wide: counted only for a signup that creates one (decision 0019). */
export const SIGNUP_TOTAL: Counter = { key: "signup-total", limit: LIMITS.signupInTotal };

/** A signup link sent to an email (3 an hour): the form cannot be used to flood someone's inbox. */
export async function signupLinkCounters(email: string): Promise<Counter[]> {
  return [{ key: await rateKey("signup-link", email), limit: LIMITS.signupLinkPerEmail }];
}

/** An email change asked for by an account (3 an hour, taken addresses included): the account can neither email strangers nor probe for accounts. */
export async function emailChangeCounters(userId: string): Promise<Counter[]> {
  return [{ key: await rateKey("email-change", userId), limit: LIMITS.emailChangePerAccount }];
}

/** A reset link asked for: per client, and per email typed (known or not: the answer must not tell). */
export async function resetCounters(client: string | null, email: string): Promise<Counter[]> {
  return [
    ...(await perClient("reset-client", client, LIMITS.resetPerClient)),
    { key: await rateKey("reset-email", email), limit: LIMITS.resetPerEmail },
  ];
}

/**
 * The counters one sign-in attempt answers to (decision 0019). A browser that signed in to this
 * account before answers only to its own count for it. Any other client answers to its count for
 * this account and its address's count over all accounts; the account's count over all new
 * clients tells when it is under attack.
 */
export async function signInCounters(client: string | null, email: string, knownDevice: { deviceId: string; userId: string } | null) {
  if (knownDevice) {
    const own = { key: await rateKey("signin-device", knownDevice.deviceId, knownDevice.userId), limit: LIMITS.signInPerAccountAndClient };
    return { own, others: [] as Counter[], account: null };
  }
  const own = { key: await rateKey("signin-pair", email, client ?? "local"), limit: LIMITS.signInPerAccountAndClient };
  const account = { key: await rateKey("signin-account", email), limit: LIMITS.signInPerAccount };
  return { own, others: [...(await perClient("signin-client", client, LIMITS.signInPerClient)), account], account };
}
