import { and, eq, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { requests, requestTemplates, users, type AddressCheck } from "../../drizzle/schema";
import { voidAccountLinks } from "~/models/account-links.server";
import { checkedAddressColumns } from "~/models/address-columns.server";
import { chunkedInserts, type Db } from "~/utils/db.server";

type SignupAddress = {
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  zipCode: string;
  /** How far it was checked (decision 0028); the requests made from it carry the same. */
  addressCheck?: AddressCheck | null;
};

export type NewUser = SignupAddress & {
  email: string;
  fullName: string;
  passwordHash: string;
  newsletter: boolean;
};

/** Whether a write failed because another account has the email (users.email is unique). */
export function isEmailTakenViolation(error: unknown) {
  return String(error).includes("UNIQUE constraint failed: users.email");
}

export class EmailTakenError extends Error {
  constructor() {
    super("Email has already been used.");
    this.name = "EmailTakenError";
  }
}

/** Product rules: Users and their data: emails are stored lowercased and trimmed. */
export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

/**
 * Creates the user and, in the same D1 batch, a preset request for every active template, under
 * the template's id (product rules: Users and their data). Either all of it is written or none.
 */
export async function createUserWithPresets(db: Db, input: NewUser & { id?: string }): Promise<{ id: string }> {
  const id = input.id ?? crypto.randomUUID();
  const now = new Date();
  const templates = await db
    .select({ id: requestTemplates.id, title: requestTemplates.title, requiredDays: requestTemplates.requiredDays })
    .from(requestTemplates)
    .where(eq(requestTemplates.isActive, true));

  const { street1, street2, city, state, zipCode, addressCheck } = input;
  const address = { street1, street2, city, state, zipCode, addressCheck };
  const presets = templates.map((template) => ({
    userId: id,
    id: template.id,
    templateId: template.id,
    senderName: template.title,
    title: template.title,
    fullName: input.fullName,
    type: "preset" as const,
    requiredDays: template.requiredDays,
    ...address,
    createdAt: now,
    updatedAt: now,
  }));

  const statements: BatchItem<"sqlite">[] = [
    db.insert(users).values({
      id,
      email: normalizeEmail(input.email),
      passwordHash: input.passwordHash,
      fullName: input.fullName,
      ...address,
      newsletter: input.newsletter,
      numOfFreeRequest: 3,
      createdAt: now,
      updatedAt: now,
    }),
    ...chunkedInserts(db, requests, presets),
  ];
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (isEmailTakenViolation(error)) throw new EmailTakenError();
    throw error;
  }
  return { id };
}

/** For sign-in only: the one query that reads a password hash. */
export async function getUserCredentials(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

/**
 * What every signed-in page may need about the user, never the password hash: read once per
 * request, so that the header and the page always describe the same moment (a subscription that
 * ends between two reads would otherwise show "ended" under a header without Upgrade).
 */
export async function getSessionUser(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      state: users.state,
      plan: users.plan,
      numOfFreeRequest: users.numOfFreeRequest,
      stripeCustomerId: users.stripeCustomerId,
      stripeSubscriptionId: users.stripeSubscriptionId,
      subscriptionStatus: users.subscriptionStatus,
      subscriptionCancelAt: users.subscriptionCancelAt,
      subscriptionPeriodEnd: users.subscriptionPeriodEnd,
      sessionsValidAfter: users.sessionsValidAfter,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export type SessionUser = NonNullable<Awaited<ReturnType<typeof getSessionUser>>>;

export async function getUserIdByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * A new password ends every session signed in before it (sessionsValidAfter) and voids every link
 * still outstanding, reset and email change alike, in one batch: a link asked for earlier can no
 * longer change the account.
 */
export async function setUserPassword(db: Db, userId: string, passwordHash: string, now = new Date()) {
  await db.batch([
    db.update(users).set({ passwordHash, sessionsValidAfter: now, updatedAt: now }).where(eq(users.id, userId)),
    ...voidAccountLinks(db, userId, now),
  ]);
}

export class ForbiddenUpdateError extends Error {
  constructor(message = "Only the admin may update another user's document.") {
    super(message);
    this.name = "ForbiddenUpdateError";
  }
}

/** Stores the payment customer id once; a second writer keeps the first id. */
export async function setStripeCustomerIdOnce(db: Db, userId: string, customerId: string) {
  const result = await db
    .update(users)
    .set({ stripeCustomerId: customerId, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
  return (result.meta.changes ?? 0) > 0;
}

/** The facts that decide which newsletter tags apply. */
export async function getUserTagFacts(db: Db, userId: string) {
  const [row] = await db
    .select({ numOfFreeRequest: users.numOfFreeRequest, plan: users.plan, newsletter: users.newsletter })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** What the payment integration needs to create the user's customer. */
export async function getUserBillingOwner(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      stripeCustomerId: users.stripeCustomerId,
      stripeSubscriptionId: users.stripeSubscriptionId,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The account's name, address, allowance and plan, as a query that can join a `db.batch`. */
export function accountOf(db: Db, userId: string) {
  return db
    .select({
      fullName: users.fullName,
      ...checkedAddressColumns(users),
      numOfFreeRequest: users.numOfFreeRequest,
      plan: users.plan,
    })
    .from(users)
    .where(eq(users.id, userId));
}

/** What the newsletter needs of an account when its job runs: the address, the name, the choice. */
export async function getNewsletterMember(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, fullName: users.fullName, newsletter: users.newsletter })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
