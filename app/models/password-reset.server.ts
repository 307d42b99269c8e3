import { passwordResetTokens } from "../../drizzle/schema";
import { usableLinkCondition } from "~/models/account-links.server";
import type { Db } from "~/utils/db.server";
import { linkTokenHash, newLinkToken } from "~/utils/link-token.server";

const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** A new single-use token for the link; only its hash is stored. */
export async function createPasswordResetToken(db: Db, userId: string, now = new Date()) {
  const { token, tokenHash } = await newLinkToken();
  await db.insert(passwordResetTokens).values({
    tokenHash,
    userId,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
    createdAt: now,
  });
  return token;
}

/** Whether the link still works, without using it (for showing the form). */
export async function findUsableResetToken(db: Db, token: string, now = new Date()) {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(usableLinkCondition(passwordResetTokens, await linkTokenHash(token), now))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * Uses the token: one conditional UPDATE, so two tabs submitting the same link cannot both
 * succeed. Answers the user id, or null when the link was used, voided, expired or never existed.
 */
export async function consumeResetToken(db: Db, token: string, now = new Date()) {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(usableLinkCondition(passwordResetTokens, await linkTokenHash(token), now))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}
