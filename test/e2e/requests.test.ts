// Journey: a new user's requests with JavaScript on and off. The presets on the dashboard, sending
// one, adding a person and a custom request whose letter names them, copying or printing the
// letter, seeing who acts next, cancelling and deleting with the history of each, then the requests that the
// free allowance no longer covers, which lead to the plans.
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, useBrowser, type Visit } from "./browser";
import { input, SENT_STANDING, showAllSenders, signUpThroughForms, visibleText } from "./accounts-helpers";

const appUrl = inject("appUrl");
const browser = useBrowser();

const card = (page: Page, requestId: string) => page.locator(`#request-${requestId}`);
const cardByName = (page: Page, senderName: string) =>
  page.locator("li.request-card", { has: page.locator("h3", { hasText: senderName }) });

/** Clicks an action of a request and waits until the page shows its outcome. */
async function act(visit: Visit, target: Locator, button: string, until: () => Promise<unknown>) {
  await target.getByRole("button", { name: button, exact: true }).click();
  await until();
  if (!visit.js) expect(new URL(visit.page.url()).pathname).toBe("/dashboard");
}

async function statusOf(target: Locator) {
  return (await target.locator(".status").innerText()).trim();
}

/** The request's history, opening it first unless it is open already. */
async function historyOf(target: Locator) {
  if ((await target.locator("ol.history").count()) === 0) await target.getByRole("link", { name: "Letter and history" }).click();
  await target.locator("ol.history").waitFor();
  return target.locator("ol.history li").allInnerTexts();
}

describe.each(JS_MODES)("requests (JavaScript $label)", ({ js, label }) => {
  test("a new user sends, adds, reads, cancels and deletes requests, and the fourth leads to the plans", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      if (js) await visit.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: appUrl });
      await signUpThroughForms(visit, appUrl, {
        email: `requests.${Date.now()}.js-${label}@quietmailbox.test`,
        password: "first-secret-1",
      });

      // The presets, none sent yet: the recommended ones first, the rest folded under "See all N senders".
      const start = await visibleText(page);
      expect(start).toContain("3 of 3 free requests left.");
      expect(start).toContain("Welcome, Ada. Start here.");
      expect(start).not.toContain("DMAchoice");
      await showAllSenders(page);
      const all = await visibleText(page);
      for (const sender of ["Acxiom", "Epsilon", "DMAchoice"]) expect(all).toContain(sender);
      expect(await card(page, "dmachoice").innerText()).toContain("Only you can file this one");
      await card(page, "dmachoice").getByText("How to file it yourself").click();
      expect(await card(page, "dmachoice").innerText()).toContain("asks for what we never give or pay for you");
      expect(await card(page, "dmachoice").innerText()).not.toMatch(/Social Security number:|date of birth:/i);
      await screenshot(visit, "dashboard-new");
      await assertAccessible(visit);

      // Send one preset.
      await act(visit, card(page, "acxiom"), "Unsubscribe", () => expect.poll(() => statusOf(card(page, "acxiom"))).toMatch(SENT_STANDING));
      await expect.poll(() => visibleText(page)).toContain("2 of 3 free requests left.");

      // A person for the letters, then a custom request naming them.
      await page.goto(`${appUrl}/recipients/add`);
      await input(page, "fullName").fill("Ada King");
      await Promise.all([page.waitForURL(`${appUrl}/recipients`), page.getByRole("button", { name: "Add person" }).click()]);
      await page.goto(`${appUrl}/requests/add`);
      expect(await page.getByRole("button", { name: "Find sender" }).count()).toBe(1);
      await assertAccessible(visit);
      await input(page, "senderName").fill("Garden Goods Catalog");
      await input(page, "customerNumber").fill("GG-40417");
      await screenshot(visit, "requests-add");
      await Promise.all([page.waitForURL(/\/dashboard\?.*request=/), page.getByRole("button", { name: "Send request" }).click()]);
      const letter = page.locator("pre.letter");
      await letter.waitFor();
      const text = await letter.innerText();
      for (const expected of ["Garden Goods Catalog", "Ada Lovelace", "Ada King", "GG-40417", "Do Not Mail list", "12 N MAIN ST"])
        expect(text).toContain(expected);
      expect(await visibleText(page)).toContain("1 of 3 free requests left.");
      await screenshot(visit, "requests-letter");
      await assertAccessible(visit);

      if (js) {
        await page.getByRole("button", { name: "Copy to clipboard" }).click();
        await expect.poll(() => page.locator(".letter-tools").getByRole("status").innerText()).toBe("Copied.");
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
      } else {
        expect(await page.getByRole("button", { name: "Copy to clipboard" }).count(), "no dead button without JavaScript").toBe(0);
      }
      // Print is a button that prints this page with JavaScript, a link to the letter's own page without.
      const printView = js
        ? page.goto(`${page.url().replace(/#.*$/, "")}&view=print`)
        : page.getByRole("link", { name: "Print", exact: true }).click();
      await Promise.all([page.waitForURL(/view=print/), printView]);
      expect(await page.locator("pre.letter").innerText()).toBe(text);
      await page.emulateMedia({ media: "print" });
      expect(await page.locator(".site-header").isVisible(), "the header is not printed").toBe(false);
      await page.emulateMedia({ media: "screen" });
      // The print view's own URL starts the same way, so wait for one without its view=print.
      await Promise.all([
        page.waitForURL(/\/dashboard\?request=[^&]+#/),
        page.getByRole("link", { name: "Back to your requests" }).click(),
      ]);
      const custom = cardByName(page, "Garden Goods Catalog");

      // The custom one says who acts next and does not ask yet whether the mail stopped; send and cancel a second preset, delete the first.
      // The second waits for our staff (a web form only), so it is cancelled before anything went out, whatever the queue's timing.
      // A name typed waits first for the return address printed on the piece (decision 0067).
      expect(await statusOf(custom)).toBe("Waiting for the sender's return address from you");
      expect(await custom.getByRole("button", { name: /stopped/ }).count()).toBe(0);
      await showAllSenders(page);
      await act(visit, card(page, "catalogchoice"), "Unsubscribe", () =>
        expect.poll(() => statusOf(card(page, "catalogchoice"))).toMatch(SENT_STANDING),
      );
      await act(visit, card(page, "catalogchoice"), "Cancel", () =>
        expect.poll(() => statusOf(card(page, "catalogchoice"))).toBe("Cancelled"),
      );
      await card(page, "acxiom").getByRole("link", { name: "Delete Acxiom" }).click();
      await act(visit, card(page, "acxiom"), "Delete", () => expect.poll(() => card(page, "acxiom").count()).toBe(0));
      await screenshot(visit, "dashboard-after-actions");

      const created = await historyOf(cardByName(page, "Garden Goods Catalog"));
      expect(created.map((line) => line.replace(/^\d{1,2}:\d\d [AP]M \d\d\/\d\d\/\d{4}\s+/, ""))).toEqual(["You created this request"]);
      expect(created[0]).toMatch(/^\d{1,2}:\d\d [AP]M \d\d\/\d\d\/\d{4} /);
      const cancelled = await historyOf(card(page, "catalogchoice"));
      expect(cancelled.map((line) => line.replace(/^\S+ [AP]M \S+\s+/, ""))).toEqual([
        "You cancelled the request",
        "You asked for your name to be removed",
      ]);
      expect(await visibleText(page)).toContain("0 of 3 free requests left.");

      // No free request left: the button that would spend one says so before it is pressed, and leads to the plans.
      await showAllSenders(page);
      const usedUp = card(page, "experian-marketing");
      expect(await usedUp.getByRole("button", { name: "Unsubscribe" }).count()).toBe(0);
      expect(await usedUp.getByRole("link", { name: "Upgrade to send" }).getAttribute("href")).toBe("/subscription");
      expect(await usedUp.locator(".status").count(), "still not sent").toBe(0);
      expect(await visibleText(page)).toContain("You have used your 3 free requests.");
      await screenshot(visit, "dashboard-used-up");
      await assertAccessible(visit);

      await page.goto(`${appUrl}/requests/add`);
      await input(page, "senderName").fill("One Catalog Too Many");
      await page.getByRole("button", { name: "Send request" }).click();
      await expect.poll(() => visibleText(page)).toContain("You have used your free requests.");
      expect(await input(page, "senderName").inputValue(), "what was typed is kept").toBe("One Catalog Too Many");
      expect(await page.getByLabel("Ada King").isChecked(), "the ticked person is kept").toBe(true);
      expect(await page.locator('main a[href="/subscription"]').count()).toBeGreaterThan(0);
      await screenshot(visit, "requests-add-refused");
      assertNoErrors(visit, { allow: [/status of 403/] });
    });
  });
});
