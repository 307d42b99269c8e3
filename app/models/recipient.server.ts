import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { recipients, type AddressCheck } from "../../drizzle/schema";
import { checkedAddressColumns } from "~/models/address-columns.server";
import type { Db } from "~/utils/db.server";

export type Recipient = {
  id: string;
  fullName: string;
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  zipCode: string;
  addressCheck: AddressCheck | null;
};

/** What the recipient form writes. An empty second line is stored as null, as for users. */
export type RecipientValues = Omit<Recipient, "id" | "street2"> & { street2?: string | null };

const recipientColumns = {
  id: recipients.id,
  fullName: recipients.fullName,
  ...checkedAddressColumns(recipients),
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

/** The recipients of several users at once, each user's in the order they were added (staff letter batches). */
export function listRecipientsOfUsers(db: Db, userIds: string[]) {
  return db
    .select({ ...recipientColumns, userId: recipients.userId })
    .from(recipients)
    .where(inArray(recipients.userId, userIds))
    .orderBy(asc(recipients.createdAt), sql`rowid`);
}

/** A recipient of this user's, or null: another user's id is indistinguishable from a made-up one. */
export async function getUserRecipient(db: Db, userId: string, recipientId: string): Promise<Recipient | null> {
  const [row] = await db.select(recipientColumns).from(recipients).where(ownedBy(userId, recipientId)).limit(1);
  return row ?? null;
}

/**
 * Adds a recipient, unless the user already has `limit` of them (null: no limit). The count and
 * the insert are one statement, so two tabs adding at once cannot pass the limit together.
 */
export async function addRecipient(
  db: Db,
  userId: string,
  values: RecipientValues,
  { limit }: { limit: number | null },
): Promise<{ id: string } | null> {
  const now = new Date();
  const row = { ...stored(values), id: crypto.randomUUID(), userId, createdAt: now, updatedAt: now };
  if (limit === null) {
    await db.insert(recipients).values(row);
    return { id: row.id };
  }
  const result = await db.run(sql`
    insert into ${recipients} (id, userId, fullName, street1, street2, city, state, zipCode, addressCheck, createdAt, updatedAt)
    select ${row.id}, ${userId}, ${row.fullName}, ${row.street1}, ${row.street2}, ${row.city}, ${row.state}, ${row.zipCode}, ${row.addressCheck}, ${now.getTime()}, ${now.getTime()}
    where (select count(*) from ${recipients} where userId = ${userId}) < ${limit}`);
  return (result.meta.changes ?? 0) > 0 ? { id: row.id } : null;
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
