import { and, eq, gt, lt } from "drizzle-orm";
import { pendingSignups } from "../../drizzle/schema";
import { PENDING_SIGNUP_LIFETIME_HOURS } from "~/domain/signup";
import { normalizeEmail } from "~/models/user.server";
import type { Db } from "~/utils/db.server";
import { linkTokenHash, newLinkToken } from "~/utils/link-token.server";

const LIFETIME_MS = PENDING_SIGNUP_LIFETIME_HOURS * 60 * 60 * 1000;

export type PendingSignup = Omit<typeof pendingSignups.$inferSelect, "tokenHash" | "expiresAt" | "createdAt">;

/** Keeps a signup for its email's link; answers the token for the link (only its hash is kept). */
export async function createPendingSignup(db: Db, signup: PendingSignup, now = new Date()) {
  const { token, tokenHash } = await newLinkToken();
  await db.insert(pendingSignups).values({
    ...signup,
    email: normalizeEmail(signup.email),
    tokenHash,
    expiresAt: new Date(now.getTime() + LIFETIME_MS),
    createdAt: now,
  });
  return token;
}

const usable = async (token: string, now: Date) =>
  and(eq(pendingSignups.tokenHash, await linkTokenHash(token)), gt(pendingSignups.expiresAt, now));

/** The email a link would open an account for, without using it (for the page that asks to confirm). */
export async function findPendingSignupEmail(db: Db, token: string, now = new Date()) {
  const [row] = await db
    .select({ email: pendingSignups.email })
    .from(pendingSignups)
    .where(await usable(token, now))
    .limit(1);
  return row?.email ?? null;
}

/** Uses the link: one DELETE … RETURNING, so two tabs cannot both open the account. Answers the signup it kept. */
export async function takePendingSignup(db: Db, token: string, now = new Date()): Promise<PendingSignup | null> {
  const [row] = await db
    .delete(pendingSignups)
    .where(await usable(token, now))
    .returning();
  if (!row) return null;
  const { tokenHash: _tokenHash, expiresAt: _expiresAt, createdAt: _createdAt, ...signup } = row;
  return signup;
}

/** Signups whose link expired before `before` (the daily cron). */
export async function deleteExpiredPendingSignups(db: Db, before: Date) {
  await db.delete(pendingSignups).where(lt(pendingSignups.expiresAt, before));
}
