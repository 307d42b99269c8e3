// Each account's private inbound address, the forwarding confirmations it received, and what it
// took per day (decision 0055). Every query that starts from an account filters by its id.
import { and, desc, eq, gt, gte, inArray, isNull, lte, lt, or, sql } from "drizzle-orm";
import { mailboxAddresses, mailboxConfirmations, mailboxDays, mailPhotos, requests, users } from "../../drizzle/schema";
import { DAY_MS, utcDay } from "~/domain/dates";
import { MAILBOX_LIMITS } from "~/domain/mailbox";
import { newReplyToken } from "~/domain/reply-address";
import { batchByName, type NamedResults } from "~/utils/batch-by-name.server";
import type { Db } from "~/utils/db.server";

const addressColumns = { token: mailboxAddresses.token, enabled: mailboxAddresses.enabled, firstMailAt: mailboxAddresses.firstMailAt };
const confirmationColumns = {
  id: mailboxConfirmations.id,
  subject: mailboxConfirmations.subject,
  text: mailboxConfirmations.text,
  receivedAt: mailboxConfirmations.receivedAt,
};

/** Requests that left the suggested presets: sent, answered or cancelled (a deleted one has no card). */
const SENT_STATUSES = ["inQueue", "confirmedByUser", "cancelled"] as const;

/**
 * The statements that read the user's mailbox, for one batch of the caller's (batchByName): an
 * INSERT that makes the user's inbound address when they have none (first, so the reads after it
 * find it), the address, the forwarding confirmations received in the last
 * MAILBOX_LIMITS.confirmationDays, newest first, and whether any request of theirs went out (the
 * dashboard asks for the setup from then, decision 0073). The INSERT does nothing for an account
 * that has an address by then, so two pages opened at once make one, nor for an account gone.
 */
export function mailboxQueriesOf(db: Db, userId: string, now: Date) {
  const shownSince = new Date(now.getTime() - MAILBOX_LIMITS.confirmationDays * DAY_MS);
  return {
    // Every column, in the table's order (insert…select names them all); enabled and the times as their defaults would be.
    mailboxAddressMade: db
      .insert(mailboxAddresses)
      .select(
        db
          .select({
            userId: users.id,
            token: sql<string>`${newReplyToken()}`.as("token"),
            enabled: sql<boolean>`1`.as("enabled"),
            firstMailAt: sql<null>`null`.as("firstMailAt"),
            stepsEmailedAt: sql<null>`null`.as("stepsEmailedAt"),
            createdAt: sql<number>`${now.getTime()}`.as("createdAt"),
            updatedAt: sql<number>`${now.getTime()}`.as("updatedAt"),
          })
          .from(users)
          .where(eq(users.id, userId)),
      )
      .onConflictDoNothing(),
    mailboxAddress: db.select(addressColumns).from(mailboxAddresses).where(eq(mailboxAddresses.userId, userId)),
    mailboxConfirmations: db
      .select(confirmationColumns)
      .from(mailboxConfirmations)
      .where(and(eq(mailboxConfirmations.userId, userId), gte(mailboxConfirmations.receivedAt, shownSince)))
      .orderBy(desc(mailboxConfirmations.receivedAt))
      .limit(5),
    mailboxRequestSent: db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.userId, userId), inArray(requests.status, [...SENT_STATUSES])))
      .limit(1),
  };
}

type MailboxResults = NamedResults<ReturnType<typeof mailboxQueriesOf>>;

/**
 * The user's mailbox from what mailboxQueriesOf read. The address is null only when the random
 * token was taken (2^-128) or the account is gone: the next page view tries again.
 */
export function mailboxFrom(results: Pick<MailboxResults, "mailboxAddress" | "mailboxConfirmations" | "mailboxRequestSent">) {
  return {
    address: results.mailboxAddress[0] ?? null,
    confirmations: results.mailboxConfirmations,
    requestsSent: results.mailboxRequestSent.length > 0,
  };
}

export type MailboxOfUser = ReturnType<typeof mailboxFrom>;

/** The user's inbound address (made on first need), its recent confirmations and whether a request went out, in one batch. */
export async function mailboxOfUser(db: Db, userId: string, now: Date): Promise<MailboxOfUser> {
  return mailboxFrom(await batchByName(db, mailboxQueriesOf(db, userId, now)));
}

/**
 * A new token for the user's address: the old address stops working at once, and the new one has
 * taken no mail yet, so the dashboard asks for the forwarding again.
 */
export async function regenerateMailboxToken(db: Db, userId: string, now = new Date()) {
  const token = newReplyToken();
  await db
    .insert(mailboxAddresses)
    .values({ userId, token })
    .onConflictDoUpdate({ target: mailboxAddresses.userId, set: { token, firstMailAt: null, updatedAt: now } });
}

/** The address kept a digest or an emailed photo: the first one ends its setup (decision 0073). */
export async function noteMailboxMail(db: Db, userId: string, now = new Date()) {
  await db
    .update(mailboxAddresses)
    .set({ firstMailAt: now })
    .where(and(eq(mailboxAddresses.userId, userId), isNull(mailboxAddresses.firstMailAt)));
}

/**
 * Reserves the email of the address and the steps for a turned-on address not emailed since
 * `since`, in one conditional UPDATE, so posts that arrive at once cannot all pass the same
 * check (decision 0073). The address's token when reserved; null when not.
 */
export async function reserveStepsEmail(db: Db, userId: string, { now, since }: { now: Date; since: Date }) {
  const [row] = await db
    .update(mailboxAddresses)
    .set({ stepsEmailedAt: now })
    .where(
      and(
        eq(mailboxAddresses.userId, userId),
        eq(mailboxAddresses.enabled, true),
        or(isNull(mailboxAddresses.stepsEmailedAt), lte(mailboxAddresses.stepsEmailedAt, since)),
      ),
    )
    .returning({ token: mailboxAddresses.token });
  return row?.token ?? null;
}

/** Why a reservation failed: no address yet, turned off, or emailed at that moment. */
export async function stepsEmailStateOf(db: Db, userId: string) {
  const [row] = await db
    .select({ enabled: mailboxAddresses.enabled, stepsEmailedAt: mailboxAddresses.stepsEmailedAt })
    .from(mailboxAddresses)
    .where(eq(mailboxAddresses.userId, userId));
  return row ?? null;
}

export async function setMailboxEnabled(db: Db, userId: string, enabled: boolean, now = new Date()) {
  await db
    .insert(mailboxAddresses)
    .values({ userId, token: newReplyToken(), enabled })
    .onConflictDoUpdate({ target: mailboxAddresses.userId, set: { enabled, updatedAt: now } });
}

/** The account an inbound address belongs to, and whether it is on; null for a token nobody has. */
export async function findMailboxByToken(db: Db, token: string) {
  const [row] = await db
    .select({ userId: mailboxAddresses.userId, enabled: mailboxAddresses.enabled })
    .from(mailboxAddresses)
    .where(eq(mailboxAddresses.token, token));
  return row ?? null;
}

/**
 * Counts one message against the address's day before it is read, only while the day has taken
 * fewer than `limit` and received (taken or dropped) fewer than `readLimit`: the count and the
 * check are one UPSERT, so messages delivered at once cannot all pass the same count. False when
 * the day is full.
 */
export async function reserveMailboxMessage(
  db: Db,
  { userId, day, limit, readLimit }: { userId: string; day: string; limit: number; readLimit: number },
) {
  const taken = await db
    .insert(mailboxDays)
    .values({ userId, day, taken: 1 })
    .onConflictDoUpdate({
      target: [mailboxDays.userId, mailboxDays.day],
      set: { taken: sql`${mailboxDays.taken} + 1` },
      setWhere: sql`${mailboxDays.taken} < ${limit} and ${mailboxDays.taken} + ${mailboxDays.dropped} < ${readLimit}`,
    })
    .returning({ taken: mailboxDays.taken });
  return taken.length > 0;
}

/**
 * A reserved message that was not kept: counted as dropped instead, or, the same message kept
 * before (delivered again) or a failure Email Routing will deliver again, not counted at all.
 */
export async function settleMailboxMessage(db: Db, { userId, day }: { userId: string; day: string }, outcome: "dropped" | "released") {
  await db
    .update(mailboxDays)
    .set({
      taken: sql`${mailboxDays.taken} - 1`,
      dropped: outcome === "dropped" ? sql`${mailboxDays.dropped} + 1` : sql`${mailboxDays.dropped}`,
    })
    .where(and(eq(mailboxDays.userId, userId), eq(mailboxDays.day, day), gt(mailboxDays.taken, 0)));
}

/** Counts one message the address received and did not keep. */
export async function countDroppedMessage(db: Db, { userId, day }: { userId: string; day: string }) {
  await db
    .insert(mailboxDays)
    .values({ userId, day, dropped: 1 })
    .onConflictDoUpdate({ target: [mailboxDays.userId, mailboxDays.day], set: { dropped: sql`${mailboxDays.dropped} + 1` } });
}

/** Whether a message with this id was already kept (a second delivery of the same email). */
export async function wasConfirmationKept(db: Db, userId: string, id: string) {
  const [row] = await db
    .select({ id: mailboxConfirmations.id })
    .from(mailboxConfirmations)
    .where(and(eq(mailboxConfirmations.userId, userId), eq(mailboxConfirmations.id, id)));
  return row !== undefined;
}

/** Keeps a forwarding confirmation for its owner; the same message delivered again is kept once. */
export async function keepConfirmation(db: Db, confirmation: typeof mailboxConfirmations.$inferInsert & { id: string }) {
  await db.insert(mailboxConfirmations).values(confirmation).onConflictDoNothing({ target: mailboxConfirmations.id });
}

/** The user dismisses one of their confirmations; false when they have none by that id. */
export async function dismissConfirmation(db: Db, userId: string, id: string) {
  const deleted = await db
    .delete(mailboxConfirmations)
    .where(and(eq(mailboxConfirmations.userId, userId), eq(mailboxConfirmations.id, id)))
    .returning({ id: mailboxConfirmations.id });
  return deleted.length > 0;
}

/** Whether the user already has the photo an email would make (a second delivery of the same email). */
export async function wasEmailedPhotoKept(db: Db, userId: string, photoId: string) {
  const [row] = await db
    .select({ id: mailPhotos.id })
    .from(mailPhotos)
    .where(and(eq(mailPhotos.userId, userId), eq(mailPhotos.id, photoId)));
  return row !== undefined;
}

/** The daily cron at `now`: confirmations older than their shown days, and day counts past their keeping (MAILBOX_LIMITS). */
export async function deleteOldMailboxRows(db: Db, now: Date) {
  const confirmationsBefore = new Date(now.getTime() - MAILBOX_LIMITS.confirmationDays * DAY_MS);
  const daysBefore = utcDay(new Date(now.getTime() - MAILBOX_LIMITS.dayCountKeepDays * DAY_MS));
  await db.batch([
    db.delete(mailboxConfirmations).where(lt(mailboxConfirmations.receivedAt, confirmationsBefore)),
    db.delete(mailboxDays).where(lt(mailboxDays.day, daysBefore)),
  ]);
}

/** What the inbound checks need of an address's owner (decision 0063): their email and when the account began. */
export async function mailboxOwnerOf(db: Db, userId: string) {
  const [row] = await db.select({ email: users.email, createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  return row ?? null;
}
