import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, or } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { EmailPreferences } from "~/domain/account";
import {
  deletedAccounts,
  earlierAddresses,
  emailChanges,
  requestLogs,
  requests,
  staffAudit,
  users,
  type AddressCheck,
  type RequestStatus,
} from "../../drizzle/schema";
import type { PostalAddress } from "~/domain/opt-out-letter";
import { isSameAddress } from "~/domain/address";
import { addressColumns, checkedAddressColumns } from "~/models/address-columns.server";
import { ownRequestStatus } from "~/models/own-requests.server";
import { cancelJobsOfUser } from "~/models/job.server";
import { isEmailTakenViolation, normalizeEmail } from "~/models/user.server";
import type { Db } from "~/utils/db.server";
import { newLinkToken, linkTokenHash } from "~/utils/link-token.server";
import { usableLinkCondition, voidAccountLinks, voidLinksOf } from "~/models/account-links.server";

/** What the account page shows; never the password hash. */
export async function getAccountSettings(db: Db, userId: string, now = new Date()) {
  const [[account], [open], earlier, [pendingEmail]] = await db.batch([
    db
      .select({
        email: users.email,
        fullName: users.fullName,
        ...checkedAddressColumns(users),
        newsletter: users.newsletter,
        reminderEmails: users.reminderEmails,
        followUpEmails: users.followUpEmails,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ total: count() })
      .from(requests)
      .where(and(eq(requests.userId, userId), eq(ownRequestStatus, "inQueue"))),
    listEarlierAddresses(db, [userId]),
    db
      .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
      .from(emailChanges)
      .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
      .orderBy(desc(emailChanges.createdAt))
      .limit(1),
  ]);
  if (!account) return null;
  return { ...account, openRequests: open?.total ?? 0, earlierAddresses: earlier, pendingEmail: pendingEmail ?? null };
}

/** The addresses several accounts had before their moves, oldest move first; a query that can join a `db.batch`. */
export function listEarlierAddresses(db: Db, userIds: string[]) {
  return db
    .select({ userId: earlierAddresses.userId, ...addressColumns(earlierAddresses), movedAt: earlierAddresses.movedAt })
    .from(earlierAddresses)
    .where(inArray(earlierAddresses.userId, userIds))
    .orderBy(asc(earlierAddresses.movedAt));
}

export type NameAndAddress = PostalAddress & { fullName: string; addressCheck: AddressCheck | null };

/** The request history entry of a request sent again after a move (decision 0023). */
const MOVED_LOG_STATUS = "moved";

/** Open requests: in queue, whether or not staff have sent them yet. */
const openRequest = eq(ownRequestStatus, "inQueue");
/** Requests no letter has gone out for: never sent, or in queue and not sent yet. */
const unsentRequest = or(
  isNull(ownRequestStatus),
  and(eq(ownRequestStatus, "inQueue" satisfies RequestStatus), isNull(requests.processedAt)),
);

/**
 * Saves the account's name and address, in one D1 batch. A correction changes the requests no
 * letter has gone out for; a letter already sent stays as it was. A move also keeps the old address
 * as an earlier one (every letter names it from now on) and sends every open request again for the
 * new address: back in the staff queue, with an entry in its history, and no free request spent
 * (queuedAt is kept, so the allowance is never charged twice). Answers the open requests sent again.
 */
export async function saveNameAndAddress(
  db: Db,
  userId: string,
  next: NameAndAddress,
  { moved }: { moved: boolean },
  now = new Date(),
): Promise<{ resent: { userId: string; requestId: string }[] } | null> {
  const ownRequests = eq(requests.userId, userId);
  const [[current], openRows] = await db.batch([
    db.select(addressColumns(users)).from(users).where(eq(users.id, userId)),
    db.select({ id: requests.id }).from(requests).where(and(ownRequests, openRequest)),
  ]);
  if (!current) return null;
  const values = { ...next, street2: next.street2 || null };
  // A move changes every request still to be sent or sent again; a correction, those not sent yet.
  const changing = moved ? or(openRequest, isNull(ownRequestStatus)) : unsentRequest;
  const opened = moved ? openRows : [];

  const statements: BatchItem<"sqlite">[] = [];
  if (moved && !isSameAddress(current, values)) {
    statements.push(db.insert(earlierAddresses).values({ userId, ...current, movedAt: now }));
  }
  statements.push(
    db
      .update(users)
      .set({ ...values, updatedAt: now })
      .where(eq(users.id, userId)),
    db
      .update(requests)
      .set({ ...values, ...(moved ? { processedAt: null } : {}), updatedAt: now })
      .where(and(ownRequests, changing)),
  );
  if (opened.length > 0) {
    statements.push(
      db.insert(requestLogs).values(
        opened.map(({ id }) => ({
          userId,
          requestId: id,
          creator: "user" as const,
          status: MOVED_LOG_STATUS,
          detail: `To go out again, for the new address: ${values.street1}, ${values.city}, ${values.state} ${values.zipCode}`,
          createdAt: now,
        })),
      ),
    );
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { resent: opened.map(({ id }) => ({ userId, requestId: id })) };
}

/** The newsletter and the email switches; answers the newsletter choice as it was before. */
export async function saveEmailPreferences(db: Db, userId: string, choices: EmailPreferences) {
  const [before] = await db.select({ newsletter: users.newsletter }).from(users).where(eq(users.id, userId));
  if (!before) return null;
  await db
    .update(users)
    .set({ ...choices, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return { newsletterBefore: before.newsletter };
}

/** Ends every session of the user signed in before now, this one included, and voids every link still outstanding. */
export async function endAllSessions(db: Db, userId: string, now = new Date()) {
  await db.batch([
    db.update(users).set({ sessionsValidAfter: now, updatedAt: now }).where(eq(users.id, userId)),
    ...voidAccountLinks(db, userId, now),
  ]);
}

/** Cancels an email change waiting for its link: the link stops working. Answers whether there was one. */
export async function cancelEmailChange(db: Db, userId: string, now = new Date()) {
  const voided = await voidLinksOf(db, emailChanges, userId, now).returning({ tokenHash: emailChanges.tokenHash });
  return voided.length > 0;
}

const EMAIL_CHANGE_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const EMAIL_CHANGE_LIFETIME_HOURS = EMAIL_CHANGE_LIFETIME_MS / 3_600_000;

/** A link for the new address; only its hash is kept. Links asked for earlier stop working. */
export async function startEmailChange(db: Db, userId: string, newEmail: string, now = new Date()) {
  const { token, tokenHash } = await newLinkToken();
  await db.batch([
    voidLinksOf(db, emailChanges, userId, now),
    db.insert(emailChanges).values({
      tokenHash,
      userId,
      newEmail: normalizeEmail(newEmail),
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_LIFETIME_MS),
      createdAt: now,
    }),
  ]);
  return token;
}

const usableLink = async (token: string, now: Date) => usableLinkCondition(emailChanges, await linkTokenHash(token), now);

/** The change a link would make, without making it (for the page that asks to confirm). */
export async function findEmailChange(db: Db, token: string, now = new Date()) {
  const [row] = await db
    .select({ userId: emailChanges.userId, newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(await usableLink(token, now))
    .limit(1);
  return row ?? null;
}

export type EmailChangeOutcome =
  { kind: "changed"; userId: string; oldEmail: string; newEmail: string } | { kind: "spent" } | { kind: "taken" };

/**
 * Uses the link: the token is spent by one conditional UPDATE (two tabs cannot both use it), then
 * the email changes and every other link of the account is voided, in one batch: a reset link sent
 * to the old address no longer works. An address someone else took in the meantime changes nothing.
 */
export async function completeEmailChange(db: Db, token: string, now = new Date()): Promise<EmailChangeOutcome> {
  const [change] = await db
    .update(emailChanges)
    .set({ usedAt: now })
    .where(await usableLink(token, now))
    .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
  if (!change) return { kind: "spent" };
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, change.userId));
  if (!user) return { kind: "spent" };
  try {
    await db.batch([
      db.update(users).set({ email: change.newEmail, updatedAt: now }).where(eq(users.id, change.userId)),
      ...voidAccountLinks(db, change.userId, now),
    ]);
  } catch (error) {
    if (isEmailTakenViolation(error)) return { kind: "taken" };
    throw error;
  }
  return { kind: "changed", userId: change.userId, oldEmail: user.email, newEmail: change.newEmail };
}

/** What must outlive the account for a moment: the vendors' ids, to erase it there too. */
export type DeletedAccount = {
  email: string;
  fullName: string;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
};

const ERASED_AUDIT_DETAILS = { erased: "account deleted" } as const;

/**
 * Deletes the account in one D1 batch (decision 0023): the user row goes, and with it, by
 * foreign-key cascade, requests, their history, recipients, earlier addresses, reminders and
 * links. Jobs keep their rows without payloads (unfinished ones are cancelled); staff audit entries
 * about the account keep who did what and when, not the reason or details, which may quote a name
 * or an address. What stays names no one: only the account's random id.
 */
export async function deleteAccount(db: Db, userId: string, now = new Date()): Promise<DeletedAccount | null> {
  const [account] = await db
    .select({
      email: users.email,
      fullName: users.fullName,
      stripeCustomerId: users.stripeCustomerId,
      stripeSubscriptionId: users.stripeSubscriptionId,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return null;
  const [, , , deleted] = await db.batch([
    ...cancelJobsOfUser(db, userId, now),
    db
      .update(staffAudit)
      .set({ reason: null, details: ERASED_AUDIT_DETAILS })
      .where(
        and(
          eq(staffAudit.targetType, "user"),
          eq(staffAudit.targetId, userId),
          or(isNotNull(staffAudit.reason), isNotNull(staffAudit.details)),
        ),
      ),
    db.delete(users).where(eq(users.id, userId)).returning({ id: users.id }),
    db.insert(deletedAccounts).values({ userId, deletedAt: now }).onConflictDoNothing(),
  ]);
  return deleted.length > 0 ? account : null;
}
