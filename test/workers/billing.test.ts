// Billing end to end inside workerd: the app's pages and endpoints, the real Stripe SDK, and the
// Stripe stand-in's Checkout, portal, test clock and signed webhook events.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analyticsEvents, jobs, recipients, stripeEvents as stripeEventRows, users } from "../../drizzle/schema";
import { HOUSEHOLD_RECIPIENT_LIMIT } from "~/domain/plans";
import { getDb } from "~/utils/db.server";
import { allowConsoleErrors } from "./console-errors";
import { ADDRESS, Browser, signedUpUser } from "./http";
import { received, standInsUrl } from "./stand-ins";
import {
  advanceSubscription,
  deliverEvent,
  deliverEvents,
  postWebhook,
  signedEvent,
  stripeEvents,
  submitCheckout,
  paidUser,
  usePortal,
  type StripeEventSummary,
} from "./stripe";
import { htmlOf, jobsSettled } from "./support";

const db = getDb(env.DB);
const PRICES = { basic: "price_local_basic", premium: "price_local_premium" };

const billingOf = async (userId: string) =>
  (
    await db
      .select({
        stripeCustomerId: users.stripeCustomerId,
        stripeSubscriptionId: users.stripeSubscriptionId,
        plan: users.plan,
        subscriptionStatus: users.subscriptionStatus,
        subscriptionCancelAt: users.subscriptionCancelAt,
      })
      .from(users)
      .where(eq(users.id, userId))
  )[0]!;

const planTagJobs = async (userId: string) =>
  (
    await db
      .select({ type: jobs.type, payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.userId, userId), eq(jobs.type, "newsletter.tag")))
  )
    .map((job) => (job.payload as { tag: string }).tag)
    .filter((tag) => tag !== "free-requests-used");

const conversions = (userId: string) =>
  db
    .select({ properties: analyticsEvents.properties })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.userId, userId), eq(analyticsEvents.name, "Subscribe")));

/** The page's HTML without the markers React puts between adjacent pieces of text. */

const hasUpgradeButton = (html: string) => /<a[^>]*href="\/subscription"[^>]*>Upgrade<\/a>/.test(html);

const ofType = (events: StripeEventSummary[], ...types: string[]) => events.filter((event) => types.includes(event.type));

describe("starting a subscription", () => {
  it("a form post answers 303 to Stripe Checkout, JSON answers its URL, and Stripe gets the plan, the user and an idempotency key", async () => {
    const { browser, userId } = await signedUpUser("billing-start");
    const form = await browser.post("/api/subscriptions/create", { plan: "basic" });
    expect(form.status).toBe(303);
    expect(form.headers.get("Location")).toMatch(new RegExp(`^${standInsUrl()}/checkout/c/pay/cs_test_\\w+$`));

    const json = await browser.postJson("/api/subscriptions/create", { plan: "premium" });
    expect(json.status).toBe(200);
    expect(((await json.json()) as { url: string }).url).toMatch(/\/checkout\/c\/pay\/cs_test_\w+$/);

    const sent = await received("stripe", (request) => request.path === "/v1/checkout/sessions" && request.rawBody.includes(userId));
    expect(sent).toHaveLength(2);
    const bodies = sent.map((request) => new URLSearchParams(request.rawBody));
    expect(bodies.map((body) => body.get("line_items[0][price]"))).toEqual([PRICES.basic, PRICES.premium]);
    for (const [index, body] of bodies.entries()) {
      expect(body.get("mode")).toBe("subscription");
      expect(body.get("client_reference_id")).toBe(userId);
      expect(body.get("customer")).toMatch(/^cus_/);
      expect(body.get("success_url")).toBe("https://example.test/subscription?session_id={CHECKOUT_SESSION_ID}");
      expect(body.get("cancel_url")).toBe("https://example.test/subscription?checkout=cancelled");
      expect(sent[index]!.headers["idempotency-key"]).toBeTruthy();
    }
    // One customer for the user, whoever asked first (the signup job or Checkout).
    expect(new Set(bodies.map((body) => body.get("customer"))).size).toBe(1);
  });

  it("opens one Checkout session when Subscribe is pressed twice", async () => {
    const { browser } = await signedUpUser("billing-double-click");
    const [first, second] = await Promise.all([0, 1].map(() => browser.post("/subscription", { intent: "subscribe", plan: "basic" })));
    expect([first!.status, second!.status]).toEqual([303, 303]);
    expect(first!.headers.get("Location")).toMatch(/\/checkout\/c\/pay\/cs_test_\w+$/);
    expect(second!.headers.get("Location")).toBe(first!.headers.get("Location"));
  });

  it("refuses a post from another site, whoever is signed in", async () => {
    const { browser, userId } = await signedUpUser("billing-cross-site");
    const forged = await browser.post(
      "/subscription",
      { intent: "subscribe", plan: "basic" },
      { Origin: "https://evil.test", "Sec-Fetch-Site": "cross-site" },
    );
    expect(forged.status).toBe(403);
    expect(await received("stripe", (request) => request.path === "/v1/checkout/sessions" && request.rawBody.includes(userId))).toEqual([]);
    expect((await new Browser().get("/api/webhooks/stripe")).status).toBe(404);
  });

  it("refuses a visitor, a plan that does not exist, and a second subscription", async () => {
    expect((await new Browser().postJson("/api/subscriptions/create", { plan: "basic" })).status).toBe(401);
    const { browser } = await signedUpUser("billing-refusals");
    expect((await browser.postJson("/api/subscriptions/create", { plan: "gold" })).status).toBe(400);
    const page = await browser.post("/subscription", { intent: "subscribe", plan: "gold" });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Choose the basic or the premium plan.");

    const subscriber = await paidUser("billing-second");
    await subscriber.browser.get(new URL(subscriber.successUrl).pathname + new URL(subscriber.successUrl).search);
    const again = await subscriber.browser.postJson("/api/subscriptions/create", { plan: "premium" });
    expect(again.status).toBe(409);
    const onPage = await subscriber.browser.post("/subscription", { intent: "subscribe", plan: "premium" });
    expect(onPage.status).toBe(409);
    expect(await onPage.text()).toContain("You already have a subscription.");
  });

  it("says so on the page, with nothing charged, when Stripe does not answer", async () => {
    allowConsoleErrors(/checkout failed: Stripe answered 500/);
    const { browser, userId } = await signedUpUser("billing-stripe-down");
    await fetch(`${standInsUrl()}/__stand-ins/faults`, {
      method: "POST",
      body: JSON.stringify({ vendor: "stripe", path: "/v1/checkout/sessions", status: 500, times: 1 }),
    });
    const response = await browser.post("/subscription", { intent: "subscribe", plan: "basic" });
    expect(response.status).toBe(502);
    expect(await response.text()).toContain("The payment provider did not answer. Nothing was charged");
    expect((await billingOf(userId)).stripeSubscriptionId).toBeNull();
  });
});

describe("the subscription page", () => {
  it("shows both plans with Stripe's prices and a way to subscribe to each, and lets the payment pages be form targets", async () => {
    const { browser } = await signedUpUser("billing-page");
    const response = await browser.get("/subscription");
    expect(response.status).toBe(200);
    const html = await htmlOf(response);
    expect(html).toContain("Your plan: Free");
    expect(html).toContain("$16.00 a year");
    expect(html).toContain("$19.99 a year");
    expect(html).toContain("Subscribe to Basic");
    expect(html).toContain("Subscribe to Premium");
    expect(html).not.toContain("Manage billing</button>");
    expect(hasUpgradeButton(html)).toBe(true);
    expect(response.headers.get("Content-Security-Policy")).toContain(`form-action 'self' ${standInsUrl()}`);
  });

  it("sends a visitor to sign in", async () => {
    const response = await new Browser().get("/subscription");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin?redirectTo=%2Fsubscription");
  });

  it("says when Checkout was cancelled", async () => {
    const { browser } = await signedUpUser("billing-cancelled-checkout");
    expect(await (await browser.get("/subscription?checkout=cancelled")).text()).toContain("Checkout was cancelled. Nothing was charged.");
  });

  it("shows the page for a return link whose Checkout session Stripe does not know, and logs no error", async () => {
    // console-errors.ts fails this test if the made-up id is logged as our error.
    const { browser } = await signedUpUser("billing-made-up-session");
    const page = await browser.get("/subscription?session_id=cs_made_up");
    expect(page.status).toBe(200);
    expect(hasUpgradeButton(await htmlOf(page))).toBe(true);
  });

  it("never asks Stripe about a return link whose id is not shaped like a Checkout session's", async () => {
    const { browser } = await signedUpUser("billing-odd-session");
    const odd = `cs_test_${"é/../?x=<b>".repeat(3)}`;
    const page = await browser.get(`/subscription?${new URLSearchParams({ session_id: odd })}`);
    expect(page.status).toBe(200);
    const asked = await received(
      "stripe",
      (request) => request.path.startsWith("/v1/checkout/sessions/cs_test_é") || request.path.includes("%C3%A9"),
    );
    expect(asked).toEqual([]);
  });
});

describe("paying", () => {
  it("brings the user back to the dashboard subscribed, without Upgrade, with unlimited requests, and tags and converts once however often the events come", async () => {
    const user = await paidUser("billing-pay");
    const before = await user.browser.get("/dashboard");
    expect(hasUpgradeButton(await before.text())).toBe(true);

    const back = new URL(user.successUrl);
    expect(back.pathname + back.search).toMatch(/^\/subscription\?session_id=cs_test_\w+$/);
    const returned = await user.browser.get(back.pathname + back.search);
    expect(returned.status).toBe(302);
    expect(returned.headers.get("Location")).toBe("/dashboard?subscribed=basic");

    const dashboard = await htmlOf(await user.browser.get("/dashboard?subscribed=basic"));
    expect(hasUpgradeButton(dashboard)).toBe(false);
    expect(dashboard).toContain("Welcome to Basic.");
    expect(dashboard).toContain("Your plan includes unlimited requests.");
    expect(await billingOf(user.userId)).toMatchObject({
      stripeSubscriptionId: user.subscriptionId,
      plan: "basic",
      subscriptionStatus: "active",
    });

    // Stripe's events, each delivered twice, then all of them again.
    const events = await stripeEvents(user.customerId);
    expect(events.map((event) => event.type)).toEqual(["customer.subscription.created", "invoice.paid", "checkout.session.completed"]);
    for (const event of events) {
      expect(await deliverEvent(event.id)).toEqual({ status: 200, body: { received: true } });
      expect(await deliverEvent(event.id)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    }
    await deliverEvents(events);

    expect(await planTagJobs(user.userId)).toEqual(["basic-plan"]);
    expect(await conversions(user.userId)).toEqual([{ properties: { plan: "basic", value: 16, currency: "USD" } }]);
    const stored = await db.select({ id: stripeEventRows.id }).from(stripeEventRows);
    for (const event of events) expect(stored.map((row) => row.id)).toContain(event.id);

    // Unlimited: the three free requests do not run out.
    const subscription = await htmlOf(await user.browser.get("/subscription"));
    expect(subscription).toContain("Your plan: Basic");
    expect(subscription).toContain("Renews on");
    expect(subscription).toContain("Manage billing");
  });

  it("subscribes the user from the webhook alone when they never come back from Checkout", async () => {
    const user = await paidUser("billing-webhook-only", "premium");
    expect((await billingOf(user.userId)).stripeSubscriptionId).toBeNull();
    await deliverEvents(await stripeEvents(user.customerId));
    expect(await billingOf(user.userId)).toMatchObject({ stripeSubscriptionId: user.subscriptionId, plan: "premium" });
    expect(await planTagJobs(user.userId)).toEqual(["premium-user"]);
    expect(await conversions(user.userId)).toEqual([{ properties: { plan: "premium", value: 19.99, currency: "USD" } }]);
    expect(hasUpgradeButton(await (await user.browser.get("/dashboard")).text())).toBe(false);
  });

  it("a declined card leaves the user unsubscribed, with no events and the Upgrade button", async () => {
    const { browser, userId } = await signedUpUser("billing-decline");
    const started = await browser.post("/subscription", { intent: "subscribe", plan: "basic" });
    const declined = await submitCheckout(started.headers.get("Location")!, "decline");
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    const { stripeCustomerId, stripeSubscriptionId } = await billingOf(userId);
    expect(stripeSubscriptionId).toBeNull();
    expect(await stripeEvents(stripeCustomerId!)).toEqual([]);
    expect(hasUpgradeButton(await (await browser.get("/dashboard")).text())).toBe(true);
    expect(await conversions(userId)).toEqual([]);
  });
});

describe("the webhook", () => {
  it("refuses a missing, wrong or tampered signature and changes nothing", async () => {
    const user = await paidUser("billing-signature");
    const [created] = ofType(await stripeEvents(user.customerId), "customer.subscription.created");
    const { payload, signature } = await signedEvent(created!.id);

    expect((await postWebhook(payload, null)).status).toBe(400);
    const tampered = payload.replace(`"${user.customerId}"`, `"cus_someone_else"`);
    expect(tampered).not.toBe(payload);
    expect((await postWebhook(tampered, signature)).status).toBe(400);
    expect(
      (
        await postWebhook(
          payload,
          signature.replace(/v1=([0-9a-f])/, (_, first) => `v1=${first === "0" ? "1" : "0"}`),
        )
      ).status,
    ).toBe(400);
    expect((await postWebhook(payload, `t=${Math.floor(Date.now() / 1000) - 3600},v1=${"0".repeat(64)}`)).status).toBe(400);

    expect((await billingOf(user.userId)).stripeSubscriptionId).toBeNull();
    expect(await db.select().from(stripeEventRows).where(eq(stripeEventRows.id, created!.id))).toEqual([]);
    expect(await conversions(user.userId)).toEqual([]);

    // The same event, signed as Stripe signs it, is accepted.
    expect((await postWebhook(payload, signature)).status).toBe(200);
    expect((await billingOf(user.userId)).stripeSubscriptionId).toBe(user.subscriptionId);
  });

  it("events out of order end in Stripe's current state: a plan switched before the first events arrive", async () => {
    const user = await paidUser("billing-out-of-order");
    const portal = await user.browser.post("/subscription", { intent: "portal" });
    // Not a subscriber here yet (no event has arrived), but a Stripe customer with a subscription.
    expect(portal.status).toBe(303);
    await usePortal(portal.headers.get("Location")!, { action: "switch", subscription: user.subscriptionId, price: PRICES.premium });

    await deliverEvents([...(await stripeEvents(user.customerId))].reverse());
    expect(await billingOf(user.userId)).toMatchObject({
      stripeSubscriptionId: user.subscriptionId,
      plan: "premium",
      subscriptionStatus: "active",
    });
    expect(await planTagJobs(user.userId)).toEqual(["premium-user"]);
    expect(await conversions(user.userId)).toHaveLength(1);
  });

  it("a deletion delivered before the creation leaves the user unsubscribed", async () => {
    const user = await paidUser("billing-deleted-first");
    const portal = await user.browser.post("/subscription", { intent: "portal" });
    await usePortal(portal.headers.get("Location")!, { action: "cancel", subscription: user.subscriptionId });
    expect((await advanceSubscription(user.subscriptionId)).status).toBe("canceled");

    const events = await stripeEvents(user.customerId);
    expect(ofType(events, "customer.subscription.deleted")).toHaveLength(1);
    await deliverEvents([...events].reverse());
    expect(await billingOf(user.userId)).toMatchObject({ stripeSubscriptionId: null, plan: null, subscriptionStatus: "canceled" });
    expect(hasUpgradeButton(await (await user.browser.get("/dashboard")).text())).toBe(true);
  });

  it("answers 200 to an event about a customer of no user here, and to events it does not act on", async () => {
    const user = await paidUser("billing-unknown");
    const [created] = ofType(await stripeEvents(user.customerId), "customer.subscription.created");
    const [customerCreated] = await stripeEvents(user.customerId, { type: "customer.created" });
    expect(await deliverEvent(customerCreated!.id)).toEqual({ status: 200, body: { received: true } });
    // The signup's own customer job would give the account its customer back: let it run first.
    await jobsSettled("billing.createCustomer", { userIds: [user.userId], atLeast: 1 });
    await db.update(users).set({ stripeCustomerId: null }).where(eq(users.id, user.userId));
    expect((await deliverEvent(created!.id)).status).toBe(200);
    expect((await billingOf(user.userId)).stripeSubscriptionId).toBeNull();
  });
});

describe("after subscribing", () => {
  it("a failed renewal keeps the plan with the payment past due; cancelling keeps it to the period's end; deletion brings Upgrade back", async () => {
    const user = await paidUser("billing-lifecycle");
    await deliverEvents(await stripeEvents(user.customerId));
    const seen = (await stripeEvents(user.customerId)).length;

    await advanceSubscription(user.subscriptionId, "failed");
    const failed = (await stripeEvents(user.customerId)).slice(seen);
    expect(failed.map((event) => event.type).sort()).toEqual(["customer.subscription.updated", "invoice.payment_failed"]);
    await deliverEvents(failed);
    expect(await billingOf(user.userId)).toMatchObject({ stripeSubscriptionId: user.subscriptionId, subscriptionStatus: "past_due" });
    expect(await htmlOf(await user.browser.get("/subscription"))).toContain("Payment past due");
    expect(hasUpgradeButton(await (await user.browser.get("/dashboard")).text())).toBe(false);

    const portal = await user.browser.post("/subscription", { intent: "portal" });
    expect(portal.headers.get("Location")).toMatch(new RegExp(`^${standInsUrl()}/billing/p/session/bps_\\w+$`));
    const portalRequest = (await received("stripe", (request) => request.path === "/v1/billing_portal/sessions")).at(-1)!;
    expect(new URLSearchParams(portalRequest.rawBody).get("return_url")).toBe("https://example.test/subscription");
    expect(portalRequest.headers["idempotency-key"]).toBeTruthy();

    const beforeCancel = (await stripeEvents(user.customerId)).length;
    await usePortal(portal.headers.get("Location")!, { action: "cancel", subscription: user.subscriptionId });
    await deliverEvents((await stripeEvents(user.customerId)).slice(beforeCancel));
    const cancelling = await billingOf(user.userId);
    expect(cancelling.stripeSubscriptionId).toBe(user.subscriptionId);
    expect(cancelling.subscriptionCancelAt).toBeInstanceOf(Date);
    const page = await htmlOf(await user.browser.get("/subscription"));
    expect(page).toContain("Cancelling at the end of the period");
    expect(page).toContain("you keep it until then");

    const beforeEnd = (await stripeEvents(user.customerId)).length;
    await advanceSubscription(user.subscriptionId);
    const ended = (await stripeEvents(user.customerId)).slice(beforeEnd);
    expect(ended.map((event) => event.type)).toEqual(["customer.subscription.deleted"]);
    await deliverEvents(ended);
    expect(await billingOf(user.userId)).toMatchObject({ stripeSubscriptionId: null, plan: null, subscriptionStatus: "canceled" });
    expect(hasUpgradeButton(await (await user.browser.get("/dashboard")).text())).toBe(true);
    expect(await htmlOf(await user.browser.get("/subscription"))).toContain("Your subscription ended on");
    // Still one plan tag and one conversion for the whole story.
    expect(await planTagJobs(user.userId)).toEqual(["basic-plan"]);
    expect(await conversions(user.userId)).toHaveLength(1);
  });
});

describe("the household recipient limit", () => {
  it(`lets a free account add ${HOUSEHOLD_RECIPIENT_LIMIT} people, then points to Premium; Premium has no limit`, async () => {
    const { browser, userId } = await signedUpUser("billing-recipients");
    const add = (name: string) => browser.post("/recipients/add", { ...ADDRESS, fullName: name });
    for (let index = 1; index <= HOUSEHOLD_RECIPIENT_LIMIT; index += 1) {
      expect((await add(`Person ${index} Example`)).headers.get("Location")).toBe("/recipients");
    }
    const refused = await add("One Toomany");
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe("/recipients/add");
    const count = async () => (await db.select({ id: recipients.id }).from(recipients).where(eq(recipients.userId, userId))).length;
    expect(await count()).toBe(HOUSEHOLD_RECIPIENT_LIMIT);
    const page = await htmlOf(await browser.get("/recipients/add"));
    expect(page).toContain(`A free account covers you and ${HOUSEHOLD_RECIPIENT_LIMIT} other people`);
    expect(page).not.toContain("Add person</button>");

    await db.update(users).set({ stripeSubscriptionId: "sub_premium_for_test", plan: "premium" }).where(eq(users.id, userId));
    expect((await add("One Toomany")).headers.get("Location")).toBe("/recipients");
    expect(await count()).toBe(HOUSEHOLD_RECIPIENT_LIMIT + 1);
  });
});
