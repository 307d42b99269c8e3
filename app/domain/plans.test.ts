import { describe, expect, it } from "vitest";
import { HOUSEHOLD_RECIPIENT_LIMIT, isEntitling, PLAN_DETAILS, planOfPrice, recipientLimitOf, subscriptionStateOf } from "~/domain/plans";

const facts = (overrides: Partial<Parameters<typeof subscriptionStateOf>[0]> = {}) => ({
  stripeSubscriptionId: "sub_1",
  subscriptionStatus: "active" as const,
  subscriptionCancelAt: null,
  ...overrides,
});

describe("plans", () => {
  it("carry the product rules' newsletter tags and conversion values", () => {
    expect(PLAN_DETAILS.basic).toMatchObject({ newsletterTag: "basic-plan", conversionValue: 16 });
    expect(PLAN_DETAILS.premium).toMatchObject({ newsletterTag: "premium-user", conversionValue: 19.99 });
  });

  it("find the plan of a Stripe price from the environment's price ids, and nothing for an unknown one", () => {
    const prices = { basic: "price_b", premium: "price_p" };
    expect(planOfPrice(prices, "price_p")).toBe("premium");
    expect(planOfPrice(prices, "price_b")).toBe("basic");
    expect(planOfPrice(prices, "price_other")).toBeNull();
    expect(planOfPrice({ basic: undefined, premium: undefined }, undefined)).toBeNull();
  });

  it("limit recipients to a household except on Premium", () => {
    expect(recipientLimitOf(null)).toBe(HOUSEHOLD_RECIPIENT_LIMIT);
    expect(recipientLimitOf("basic")).toBe(HOUSEHOLD_RECIPIENT_LIMIT);
    expect(recipientLimitOf("premium")).toBeNull();
  });
});

describe("subscription state", () => {
  it("is active, past due or cancelling while the user holds a subscription", () => {
    expect(subscriptionStateOf(facts())).toBe("active");
    expect(subscriptionStateOf(facts({ subscriptionStatus: "past_due" }))).toBe("pastDue");
    expect(subscriptionStateOf(facts({ subscriptionCancelAt: new Date() }))).toBe("cancelling");
  });

  it("is cancelled after an ended subscription, and none for someone who never subscribed", () => {
    expect(subscriptionStateOf(facts({ stripeSubscriptionId: null, subscriptionStatus: "canceled" }))).toBe("cancelled");
    expect(subscriptionStateOf(facts({ stripeSubscriptionId: null, subscriptionStatus: null }))).toBe("none");
    expect(subscriptionStateOf(facts({ stripeSubscriptionId: null, subscriptionStatus: "unpaid" }))).toBe("pastDue");
  });

  it("entitles the user while Stripe is collecting, not once it has stopped", () => {
    expect(["active", "trialing", "past_due"].every((status) => isEntitling(status as never))).toBe(true);
    expect(["unpaid", "paused", "incomplete", "incomplete_expired", "canceled"].some((status) => isEntitling(status as never))).toBe(false);
  });
});
