// Journey: on a phone-sized screen, a refused form opens on its error summary, whatever the
// address block above the form: the summary is on the first screen, focused, names each problem
// with the message shown at its field, and its links lead to the fields. Signup steps 1 and 2, the
// email change and the account deletion, with JavaScript on and off.
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { ACCOUNT_MESSAGES } from "~/domain/account";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, useBrowser, type Visit } from "./browser";
import { expectedStatus, fieldErrors, input, reachStep2, signedInAccount, waitForEnhancement } from "./accounts-helpers";

const appUrl = inject("appUrl");
const browser = useBrowser();

const PHONE = { width: 360, height: 740 };

const summaryOf = (page: Page) => page.locator("main form [data-error-summary]");

/** Sends the main form with its submit button and waits for the refused page's summary. */
async function sendRefused(visit: Visit, button: string) {
  const { page } = visit;
  await waitForEnhancement(visit);
  await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: button, exact: true }).click()]);
  await summaryOf(page).waitFor({ timeout: 15_000 });
}

/** The summary's links, as text and the id of the control each leads to. */
async function summaryLinks(page: Page) {
  return summaryOf(page)
    .getByRole("link")
    .evaluateAll((links) =>
      links.map((link) => ({ text: link.textContent?.trim(), target: decodeURIComponent((link as HTMLAnchorElement).hash.slice(1)) })),
    );
}

/** What the summary says, and that it lists exactly the messages at the fields, each linked to its control. */
async function expectSummaryOfFields(page: Page, heading: string, names: string[]) {
  expect(await summaryOf(page).getByRole("heading").innerText()).toBe(heading);
  const controlIds = await Promise.all(names.map((name) => input(page, name).getAttribute("id")));
  const links = await summaryLinks(page);
  expect(links).toEqual((await fieldErrors(page)).map((text, index) => ({ text, target: controlIds[index] })));
}

const summaryHasFocus = (page: Page) => page.evaluate(() => document.activeElement?.hasAttribute("data-error-summary") ?? false);

/** Whether the element is entirely inside the window as it is scrolled now. */
async function isOnScreen(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
  });
}

describe.each(JS_MODES)("a refused form opens on its error summary (JavaScript $label)", ({ js }) => {
  test("refused step 2 at 360 px: the summary is on the first screen and focused, and its links lead to the fields", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.setViewportSize(PHONE);
      await reachStep2(visit, appUrl);
      await input(page, "email").fill("not-an-email");
      await sendRefused(visit, "Create account");

      expect(new URL(page.url()).pathname).toBe("/start/step2");
      await expectSummaryOfFields(page, "There are 2 problems", ["email", "password"]);
      expect(await isOnScreen(page, "main form [data-error-summary]"), "the summary is on the first screen").toBe(true);
      expect(await page.evaluate(() => window.scrollY), "the page scrolled past the address to the summary").toBeGreaterThan(0);
      await expect.poll(() => summaryHasFocus(page), { timeout: 5_000 }).toBe(true);
      await screenshot(visit, "error-summary-step2-360");
      await assertAccessible(visit);

      await summaryOf(page).getByRole("link", { name: "Please enter the password." }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("password");
      expect(await isOnScreen(page, 'main form [name="password"]'), "the password field is on screen").toBe(true);
      if (js) expect(await isOnScreen(page, 'main form label[for$="-password"]'), "with its label").toBe(true);
      assertNoErrors(visit, { allow: [expectedStatus(appUrl, 400, "/start/step2")] });
    });
  });

  test("refused step 1: the summary lists every missing part of the name and address", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.setViewportSize(PHONE);
      expect((await page.goto(`${appUrl}/start/step1`))?.status()).toBe(200);
      await sendRefused(visit, "Continue");
      await expectSummaryOfFields(page, "There are 5 problems", ["fullName", "street1", "city", "state", "zipCode"]);
      await expect.poll(() => summaryHasFocus(page), { timeout: 5_000 }).toBe(true);
      expect(await isOnScreen(page, "main form [data-error-summary]")).toBe(true);
      assertNoErrors(visit, { allow: [expectedStatus(appUrl, 400, "/start/step1")] });
    });
  });

  test("the email change and the account deletion, refused, show the summary", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.setViewportSize(PHONE);
      await signedInAccount(visit, appUrl, `error-summary-js-${js ? "on" : "off"}`);

      expect((await page.goto(`${appUrl}/account/email`))?.status()).toBe(200);
      expect(await summaryOf(page).count(), "no summary before a refusal").toBe(0);
      await input(page, "email").fill("not-an-email");
      await sendRefused(visit, "Send the link");
      await expectSummaryOfFields(page, "There are 2 problems", ["email", "currentPassword"]);
      expect(await summaryLinks(page)).toContainEqual(expect.objectContaining({ text: ACCOUNT_MESSAGES.currentPasswordRequired }));
      await expect.poll(() => summaryHasFocus(page), { timeout: 5_000 }).toBe(true);
      expect(await isOnScreen(page, "main form [data-error-summary]")).toBe(true);

      expect((await page.goto(`${appUrl}/account/delete`))?.status()).toBe(200);
      await input(page, "currentPassword").fill("not-the-password");
      await sendRefused(visit, "Delete my account");
      await expectSummaryOfFields(page, "There is a problem", ["currentPassword"]);
      expect(await summaryLinks(page)).toEqual([expect.objectContaining({ text: ACCOUNT_MESSAGES.wrongPassword })]);
      await expect.poll(() => summaryHasFocus(page), { timeout: 5_000 }).toBe(true);
      await screenshot(visit, "error-summary-account-delete-360");
      expect(await isOnScreen(page, "main form [data-error-summary]")).toBe(true);
      assertNoErrors(visit, {
        allow: [expectedStatus(appUrl, 400, "/account/email"), expectedStatus(appUrl, 401, "/account/delete")],
      });
    });
  });
});
