import { and, eq } from "drizzle-orm";
import { recipients } from "../../drizzle/schema";
import type { Db } from "~/utils/db.server";

/** A recipient of this user's, or null: another user's id is indistinguishable from a made-up one. */
export async function getUserRecipient(db: Db, userId: string, recipientId: string) {
  const [row] = await db
    .select({ id: recipients.id, fullName: recipients.fullName })
    .from(recipients)
    .where(and(eq(recipients.id, recipientId), eq(recipients.userId, userId)))
    .limit(1);
  return row ?? null;
}
