// The paid plans (product rules: Free requests and plans): what each is called and allows, the newsletter tag
// and the conversion value. What a plan costs is Stripe's price, named by id in the environment.
import type { PlanName, SubscriptionStatus } from "../../drizzle/schema";
import { FREE_REQUEST_ALLOWANCE } from "~/domain/requests";

export type { PlanName };

export type Plan = {
  id: PlanName;
  name: string;
  newsletterTag: string;
  /** Product rules: Numbers: the conversion value recorded when someone subscribes, in USD. */
  conversionValue: number;
  includes: string[];
  /** Other people the user may add to their requests; null is no limit. */
  recipientLimit: number | null;
  /** Staff work this plan's requests first. */
  priorityProcessing: boolean;
};

/** Free accounts and Basic cover a household: the user and up to this many other people. */
export const HOUSEHOLD_RECIPIENT_LIMIT = 5;

export const PLAN_DETAILS: Record<PlanName, Plan> = {
  basic: {
    id: "basic",
    name: "Basic",
    newsletterTag: "basic-plan",
    conversionValue: 16,
    includes: [
      "Unlimited opt-out requests",
      `For you and up to ${HOUSEHOLD_RECIPIENT_LIMIT} other people`,
      "Letters, reminders and a history for every request",
    ],
    recipientLimit: HOUSEHOLD_RECIPIENT_LIMIT,
    priorityProcessing: false,
  },
  premium: {
    id: "premium",
    name: "Premium",
    newsletterTag: "premium-user",
    conversionValue: 19.99,
    includes: ["Everything in Basic", "As many people as you like on your letters", "Your requests are sent first"],
    recipientLimit: null,
    priorityProcessing: true,
  },
};

/** What every account gets before any plan (product rules: Free requests and plans). */
export const FREE_PLAN = {
  name: "Free",
  includes: [
    `${FREE_REQUEST_ALLOWANCE} opt-out requests`,
    `For you and up to ${HOUSEHOLD_RECIPIENT_LIMIT} other people`,
    "Letters, reminders and a history for every request",
  ],
} as const;

export const PLAN_IDS = ["basic", "premium"] as const satisfies readonly PlanName[];

/** The recipient limit of a user on `plan` (null when they have no subscription). */
export function recipientLimitOf(plan: PlanName | null): number | null {
  return plan ? PLAN_DETAILS[plan].recipientLimit : HOUSEHOLD_RECIPIENT_LIMIT;
}

/** What a plan costs, as Stripe's price says: the amount in the currency's units, and "year" or "month". */
export type PlanPrice = { amount: number; currency: string; interval: string | null };

/** "$16.00 a year"; with no price read from Stripe, no amount at all rather than a guessed one. */
export function planPriceText(price: PlanPrice | null) {
  if (!price) return "Price shown at checkout";
  const money = new Intl.NumberFormat("en-US", { style: "currency", currency: price.currency }).format(price.amount);
  return price.interval ? `${money} a ${price.interval}` : money;
}

/** Stripe price ids per plan, from the environment (they differ between test and live mode). */
export type PlanPrices = Record<PlanName, string | undefined>;

export function planOfPrice(prices: PlanPrices, priceId: string | null | undefined): PlanName | null {
  if (!priceId) return null;
  return PLAN_IDS.find((plan) => prices[plan] === priceId) ?? null;
}

/** What the subscription page says about the user's subscription. */
export type SubscriptionState = "none" | "active" | "pastDue" | "cancelling" | "cancelled";

export const SUBSCRIPTION_STATE_LABELS: Record<SubscriptionState, string> = {
  none: "No subscription",
  active: "Active",
  pastDue: "Payment past due",
  cancelling: "Cancelling at the end of the period",
  cancelled: "Cancelled",
};

export type SubscriptionFacts = {
  stripeSubscriptionId: string | null;
  subscriptionStatus: SubscriptionStatus | null;
  subscriptionCancelAt: Date | null;
};

export function subscriptionStateOf(user: SubscriptionFacts): SubscriptionState {
  const status = user.subscriptionStatus;
  if (user.stripeSubscriptionId) {
    if (user.subscriptionCancelAt) return "cancelling";
    return status === "past_due" ? "pastDue" : "active";
  }
  if (status === "canceled" || status === "incomplete_expired") return "cancelled";
  return status === "unpaid" || status === "paused" ? "pastDue" : "none";
}

/**
 * Whether a Stripe subscription status gives the user the plan. A failed renewal (past_due) keeps
 * it while Stripe retries the card; unpaid, paused and incomplete subscriptions are not being paid for.
 */
export function isEntitling(status: SubscriptionStatus): boolean {
  return status === "active" || status === "trialing" || status === "past_due";
}

/** What the app keeps of a subscription, whichever way it was read from the payment provider. */
export type SubscriptionSnapshot = {
  subscriptionId: string;
  customerId: string;
  plan: PlanName | null;
  status: SubscriptionStatus;
  cancelAt: Date | null;
  /** The end of the paid period, or when the subscription ended. */
  periodEnd: Date | null;
};
