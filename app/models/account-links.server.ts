// The single-use links an account's emails carry (a password reset, an email change). A security
// event (a new password, a reset, signing out everywhere, a new email) voids every one of them in
// the batch that makes the change, and a link made before the account's sessionsValidAfter never
// works, whatever a batch missed.
import { and, eq, gt, isNull, notExists, sql } from "drizzle-orm";
import { emailChanges, passwordResetTokens, users } from "../../drizzle/schema";
import type { Db } from "~/utils/db.server";

type LinkTable = typeof passwordResetTokens | typeof emailChanges;

/** The statements that void every outstanding link of the user, for the batch of a security event. */
export function voidAccountLinks(db: Db, userId: string, now: Date) {
  return [voidLinksOf(db, passwordResetTokens, userId, now), voidLinksOf(db, emailChanges, userId, now)] as const;
}

/** Voids the outstanding links of one kind: a pending email change cancelled, say. */
export function voidLinksOf(db: Db, table: LinkTable, userId: string, now: Date) {
  return db
    .update(table)
    .set({ usedAt: now })
    .where(and(eq(table.userId, userId), isNull(table.usedAt)));
}

/** A link still usable now: not used or voided, not expired, and made after the account's last security event. */
export function usableLinkCondition(table: LinkTable, tokenHash: string, now: Date) {
  return and(
    eq(table.tokenHash, tokenHash),
    isNull(table.usedAt),
    gt(table.expiresAt, now),
    notExists(sql`(select 1 from ${users} where ${users.id} = ${table.userId} and ${users.sessionsValidAfter} > ${table.createdAt})`),
  );
}
