// Journey: "Has the mail stopped?" with JavaScript on and off. A new user sends a request, which
// goes to the sender by email at once; the user opens the reminder link signed out, signs in, lands
// back on it, answers "Mail has stopped" and sees the request stopped on the dashboard; then turns
// reminder emails off and back on from the link on the page. The reminder pages ship no JavaScript.
// (The email itself, due weeks later, is checked in test/workers/reminders.test.ts.)
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, useBrowser, type Visit } from "./browser";
import { signUpThroughForms, submitSignIn, unsubscribeFromDashboard, visibleText, waitForDashboard } from "./accounts-helpers";

const appUrl = inject("appUrl");
const browser = useBrowser();

/** The page as it is now: a screenshot, axe, and no script loaded by it. */
async function lookAt(visit: Visit, name: string) {
  await screenshot(visit, name);
  await assertAccessible(visit);
  expect(await visit.page.locator("script[src]").count(), `${name}: no JavaScript`).toBe(0);
}

async function clickAndWait(page: Page, url: RegExp | string, button: string) {
  await Promise.all([page.waitForURL(url), page.getByRole("button", { name: button, exact: true }).click()]);
}

describe.each(JS_MODES)("reminders (JavaScript $label)", ({ js, label }) => {
  test("a user opens the reminder link, signs in, answers Mail has stopped, and turns reminder emails off and on", async () => {
    const account = { email: `reminders.${Date.now()}.js-${label}@quietmailbox.test`, password: "first-secret-1" };
    await browser.visit({ js }, async (user) => {
      await signUpThroughForms(user, appUrl, account);
      await unsubscribeFromDashboard(user.page, "acxiom");
      assertNoErrors(user);
    });

    // The reminder's link, opened in a browser that is not signed in.
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      const reminderUrl = `${appUrl}/reminders/acxiom`;
      await page.goto(reminderUrl);
      await page.waitForURL(`${appUrl}/signin?redirectTo=%2Freminders%2Facxiom`);
      await Promise.all([page.waitForURL(reminderUrl), submitSignIn(visit, account)]);

      await page.locator("main h1", { hasText: "Has mail from Acxiom stopped?" }).waitFor();
      // Acxiom takes requests by email, so the queue sends it without staff (decision 0018).
      await expect
        .poll(async () => (await page.reload(), visibleText(page)), { timeout: 20_000, interval: 500 })
        .toMatch(/We sent your opt-out request to Acxiom on \d\d\/\d\d\/\d{4}, today\./);
      await lookAt(visit, "reminder");

      await clickAndWait(page, `${reminderUrl}?answered=confirm`, "Mail has stopped");
      expect(await page.getByRole("status").innerText()).toContain("Thank you. We marked your request to Acxiom “Mail stopped”.");
      expect(await page.getByRole("button", { name: "Mail has stopped" }).count(), "answered: no second click").toBe(0);
      await lookAt(visit, "reminder-answered");

      await Promise.all([
        page.waitForURL(/\/dashboard\?request=acxiom/),
        page.getByRole("link", { name: "See this request on your dashboard" }).click(),
      ]);
      await waitForDashboard(page);
      await expect.poll(() => page.locator("#request-acxiom .status").innerText()).toBe("Mail stopped");

      // Reminder emails, off and back on, from the link on the reminder page.
      await page.goto(reminderUrl);
      await Promise.all([
        page.waitForURL(/\/reminders\/unsubscribe\?token=/),
        page.getByRole("link", { name: "Stop reminder emails" }).click(),
      ]);
      expect(await visibleText(page)).toContain("Reminder emails are on.");
      await lookAt(visit, "reminders-unsubscribe");
      await clickAndWait(page, /&done=off$/, "Stop reminder emails");
      expect(await page.getByRole("status").innerText()).toContain("We will not send you “Has the mail stopped?” reminders any more.");
      await lookAt(visit, "reminders-unsubscribed");
      await clickAndWait(page, /&done=on$/, "Turn reminders back on");
      expect(await page.getByRole("status").innerText()).toContain("Reminders are back on.");
      assertNoErrors(visit);
    });
  });
});
