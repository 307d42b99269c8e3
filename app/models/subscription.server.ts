import { and, eq, isNull, or, sql } from "drizzle-orm";
import { analyticsEvents, stripeEvents, users } from "../../drizzle/schema";
import { isEntitling, PLAN_DETAILS, type PlanName, type SubscriptionSnapshot } from "~/domain/plans";
import type { Db } from "~/utils/db.server";
import { log } from "~/utils/log.server";

export async function getUserIdByStripeCustomer(db: Db, customerId: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customerId)).limit(1);
  return row?.id ?? null;
}

/** Who to tag in the newsletter tool when a subscription starts or changes plan. */
type Member = { email: string; newsletter: boolean };

export type SubscriptionChange = { userId: string; started: Member | null; planChanged: Member | null; plan: PlanName | null };

/**
 * Writes a subscription's state as just read from Stripe, in one batch. Stripe's events can arrive
 * twice, late or out of order, so every write is conditional on what the user holds now:
 * - a subscription that entitles the user becomes theirs; the statement that links it returns a
 *   row only the first time, and the conversion (the plan's value, product rules: Free requests and plans) is written in the
 *   same batch under the same condition, so it is recorded once;
 * - a subscription that ended (or stopped being paid) is removed only if it is the user's current
 *   one, so a late "deleted" for an old subscription cannot take away a newer one.
 */
export async function applySubscription(db: Db, userId: string, snapshot: SubscriptionSnapshot): Promise<SubscriptionChange> {
  const { subscriptionId, status, cancelAt, periodEnd } = snapshot;
  const holds = and(eq(users.id, userId), eq(users.stripeSubscriptionId, subscriptionId));
  const now = new Date();

  if (!isEntitling(status)) {
    await db
      .update(users)
      .set({
        stripeSubscriptionId: null,
        plan: null,
        subscriptionStatus: status,
        subscriptionCancelAt: null,
        subscriptionPeriodEnd: periodEnd,
        updatedAt: now,
      })
      .where(and(eq(users.id, userId), or(eq(users.stripeSubscriptionId, subscriptionId), isNull(users.stripeSubscriptionId))));
    return { userId, started: null, planChanged: null, plan: null };
  }

  // A price this environment does not know is a configuration mistake; the customer has paid, so
  // they get the plan every price includes while it is fixed.
  const plan = snapshot.plan ?? "basic";
  if (!snapshot.plan) log.error(`subscription ${subscriptionId} has a price that is not a plan; treated as basic`);
  const { conversionValue } = PLAN_DETAILS[plan];
  const lacksIt = sql`${users.id} = ${userId} and ${users.stripeSubscriptionId} is not ${subscriptionId}`;
  const member = { email: users.email, newsletter: users.newsletter };

  const [planChanged, , started] = await db.batch([
    db
      .update(users)
      .set({ plan, updatedAt: now })
      .where(and(holds, sql`${users.plan} is not ${plan}`))
      .returning(member),
    db.insert(analyticsEvents).select(
      db
        // drizzle wants every column of the table, in its order.
        .select({
          id: sql<number>`null`.as("id"),
          name: sql<string>`'Subscribe'`.as("name"),
          userId: users.id,
          properties: sql<string>`json_object('plan', ${plan}, 'value', ${conversionValue}, 'currency', 'USD')`.as("properties"),
          createdAt: sql<number>`${now.getTime()}`.as("createdAt"),
        })
        .from(users)
        .where(lacksIt),
    ),
    db.update(users).set({ stripeSubscriptionId: subscriptionId, updatedAt: now }).where(lacksIt).returning(member),
    db
      .update(users)
      .set({ plan, subscriptionStatus: status, subscriptionCancelAt: cancelAt, subscriptionPeriodEnd: periodEnd, updatedAt: now })
      .where(holds),
  ]);
  return { userId, started: started[0] ?? null, planChanged: planChanged[0] ?? null, plan };
}

/** Whether a webhook event was already handled (a redelivery needs nothing more). */
export async function isStripeEventHandled(db: Db, eventId: string) {
  const [row] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId)).limit(1);
  return Boolean(row);
}

/** Records a webhook event once it has been handled. */
export async function recordStripeEventHandled(db: Db, event: { id: string; type: string }) {
  await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
}
