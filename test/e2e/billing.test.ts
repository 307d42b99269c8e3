// Journey: a new user upgrades, with JavaScript on and off on the app's pages. Upgrade in the
// header, the plans, the Stripe stand-in's Checkout, back on the dashboard subscribed with more
// requests than the free three, a plan switch and a cancellation in the customer portal, and the
// Upgrade button back once the subscription has ended.
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, useBrowser } from "./browser";
import { SENT_STANDING, signUpThroughForms, unsubscribeFromDashboard, visibleText, waitForDashboard } from "./accounts-helpers";

const appUrl = inject("appUrl");
const standInsUrl = inject("standInsUrl");
const browser = useBrowser();

const upgradeButton = (page: Page) => page.locator("header").getByRole("link", { name: "Upgrade", exact: true });
const statusOf = (page: Page, requestId: string) => page.locator(`#request-${requestId} .status`);

/** The subscription page, reloaded until it says `text`: the portal's changes reach the app by webhook. */
async function subscriptionPageSays(page: Page, text: string) {
  await expect
    .poll(
      async () => {
        await page.goto(`${appUrl}/subscription`);
        return visibleText(page);
      },
      { timeout: 15_000, interval: 500 },
    )
    .toContain(text);
}

/** Opens the customer portal from the subscription page. */
async function openPortal(page: Page) {
  await Promise.all([page.waitForURL(`${standInsUrl}/billing/p/session/**`), page.getByRole("button", { name: "Manage billing" }).click()]);
}

describe.each(JS_MODES)("billing (JavaScript $label)", ({ js, label }) => {
  test("a new user subscribes to Basic, sends more than three requests, switches to Premium, cancels, and sees Upgrade again", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await signUpThroughForms(visit, appUrl, { email: `billing.${Date.now()}.js-${label}@quietmailbox.test`, password: "first-secret-1" });
      expect(await upgradeButton(page).count()).toBe(1);

      // The plans, from the header's Upgrade button.
      await Promise.all([page.waitForURL(`${appUrl}/subscription`), upgradeButton(page).click()]);
      await page.locator("main h1", { hasText: "Subscription" }).waitFor();
      const plans = await visibleText(page);
      for (const expected of ["Your plan: Free", "3 of 3 free requests left.", "Basic", "$16.00 a year", "Premium", "$19.99 a year"])
        expect(plans).toContain(expected);
      await screenshot(visit, "subscription-free");
      await assertAccessible(visit);

      // Checkout on the stand-in, then back on the dashboard.
      await Promise.all([
        page.waitForURL(`${standInsUrl}/checkout/c/pay/**`),
        page.getByRole("button", { name: "Subscribe to Basic" }).click(),
      ]);
      expect(await visibleText(page)).toContain("Quiet Mailbox Basic");
      await screenshot(visit, "stripe-checkout");
      await Promise.all([
        page.waitForURL(`${appUrl}/dashboard?subscribed=basic`, { timeout: 15_000 }),
        page.getByRole("button", { name: "Pay" }).click(),
      ]);
      await waitForDashboard(page);
      expect(await upgradeButton(page).count(), "no Upgrade for a subscriber").toBe(0);
      const welcome = await visibleText(page);
      expect(welcome).toContain("Welcome to Basic.");
      expect(welcome).toContain("Your plan includes unlimited requests.");
      await screenshot(visit, "dashboard-subscribed");
      await assertAccessible(visit);

      // Four requests: one more than the free allowance.
      for (const requestId of ["acxiom", "epsilon", "experian-marketing", "transunion-marketing"]) {
        await unsubscribeFromDashboard(page, requestId);
      }
      await page.goto(`${appUrl}/dashboard`);
      expect(await page.getByRole("alert").count(), "nothing refused").toBe(0);
      for (const requestId of ["acxiom", "transunion-marketing"])
        expect(await statusOf(page, requestId).innerText()).toMatch(SENT_STANDING);

      // Switch to Premium in the portal.
      await page.goto(`${appUrl}/subscription`);
      expect(await visibleText(page)).toContain("Your plan: Basic");
      await openPortal(page);
      await screenshot(visit, "stripe-portal");
      await Promise.all([
        page.waitForURL(`${standInsUrl}/billing/p/session/**`),
        page.getByRole("button", { name: "Switch to Premium" }).click(),
      ]);
      await Promise.all([page.waitForURL(`${appUrl}/subscription`), page.getByRole("link", { name: /Return/ }).click()]);
      await subscriptionPageSays(page, "Your plan: Premium");

      // Cancel: the plan stays until the period ends.
      await openPortal(page);
      const subscriptionId = await page.locator('input[name="subscription"]').first().getAttribute("value");
      expect(subscriptionId).toMatch(/^sub_/);
      await Promise.all([
        page.waitForURL(`${standInsUrl}/billing/p/session/**`),
        page.getByRole("button", { name: "Cancel subscription" }).click(),
      ]);
      await Promise.all([page.waitForURL(`${appUrl}/subscription`), page.getByRole("link", { name: /Return/ }).click()]);
      await subscriptionPageSays(page, "Cancelling at the end of the period");
      expect(await upgradeButton(page).count(), "still a subscriber until the end").toBe(0);
      await screenshot(visit, "subscription-cancelling");
      await assertAccessible(visit);

      // The period ends (the stand-in's test clock): the subscription is deleted and Upgrade returns.
      const advanced = await fetch(`${standInsUrl}/__stand-ins/stripe/subscriptions/${subscriptionId}/advance`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ outcome: "paid" }),
      });
      expect(advanced.status).toBe(200);
      await subscriptionPageSays(page, "Your subscription ended on");
      expect(await upgradeButton(page).count(), "Upgrade is back").toBe(1);
      await screenshot(visit, "subscription-ended");
      await assertAccessible(visit);
      assertNoErrors(visit);
    });
  });
});
