import { and, asc, eq, sql } from "drizzle-orm";
import { recipients } from "../../drizzle/schema";
import type { Db } from "~/utils/db.server";

export type Recipient = {
  id: string;
  fullName: string;
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  zipCode: string;
};

/** What the recipient form writes. An empty second line is stored as null, as for users. */
export type RecipientValues = Omit<Recipient, "id" | "street2"> & { street2?: string | null };

const recipientColumns = {
  id: recipients.id,
  fullName: recipients.fullName,
  street1: recipients.street1,
  street2: recipients.street2,
  city: recipients.city,
  state: recipients.state,
  zipCode: recipients.zipCode,
};

const ownedBy = (userId: string, recipientId: string) => and(eq(recipients.id, recipientId), eq(recipients.userId, userId));

const stored = ({ street2, ...values }: RecipientValues) => ({ ...values, street2: street2 || null });

/** The user's recipients in the order they were added; a query, so it can join a `db.batch`. */
export function listUserRecipients(db: Db, userId: string) {
  return (
    db
      .select(recipientColumns)
      .from(recipients)
      .where(eq(recipients.userId, userId))
      // Two added within one millisecond keep the order they were added in.
      .orderBy(asc(recipients.createdAt), sql`rowid`)
  );
}

/** A recipient of this user's, or null: another user's id is indistinguishable from a made-up one. */
export async function getUserRecipient(db: Db, userId: string, recipientId: string): Promise<Recipient | null> {
  const [row] = await db.select(recipientColumns).from(recipients).where(ownedBy(userId, recipientId)).limit(1);
  return row ?? null;
}

export async function addRecipient(db: Db, userId: string, values: RecipientValues): Promise<{ id: string }> {
  const now = new Date();
  const [row] = await db
    .insert(recipients)
    .values({ ...stored(values), userId, createdAt: now, updatedAt: now })
    .returning({ id: recipients.id });
  return row!;
}

/** Whether a recipient of this user's changed. */
export async function updateRecipient(db: Db, userId: string, recipientId: string, values: RecipientValues): Promise<boolean> {
  const result = await db
    .update(recipients)
    .set({ ...stored(values), updatedAt: new Date() })
    .where(ownedBy(userId, recipientId));
  return (result.meta.changes ?? 0) > 0;
}

/** Whether a recipient of this user's was removed. */
export async function removeRecipient(db: Db, userId: string, recipientId: string): Promise<boolean> {
  const result = await db.delete(recipients).where(ownedBy(userId, recipientId));
  return (result.meta.changes ?? 0) > 0;
}
