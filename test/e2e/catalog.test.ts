// Journey: a new user types a sender the way people do ("lands end") and sends it. With
// JavaScript on, the sender box suggests as they type and a suggestion is picked with the
// keyboard; with it off, "Find sender" lists the matches, the exact one already chosen. Then a
// name the catalog lacks goes out as typed, and the admin links it to a sender from "What people
// asked for" (staff pages ship no JavaScript either way).
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, SCREENSHOT_DIR, useBrowser } from "./browser";
import { LOCAL_STAFF } from "../../drizzle/local-staff";
import { input, signInThroughForm, signUpThroughForms, visibleText } from "./accounts-helpers";

const appUrl = inject("appUrl");
const browser = useBrowser();
const admin = LOCAL_STAFF.find((staff) => staff.id === "local-admin")!;

describe.each(JS_MODES)("finding a sender in the catalog (JavaScript $label)", ({ js, label }) => {
  test("“lands end” finds Lands’ End, and the request is sent to it", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await signUpThroughForms(visit, appUrl, {
        email: `catalog.${Date.now()}.js-${label}@quietmailbox.test`,
        password: "catalog-secret-1",
      });
      await page.goto(`${appUrl}/requests/add`);
      const sender = input(page, "senderName");

      if (js) {
        await sender.pressSequentially("lands end", { delay: 30 });
        const option = page.getByRole("option", { name: /Lands’ End|Lands' End/ });
        await option.first().waitFor();
        expect(await sender.getAttribute("aria-expanded")).toBe("true");
        await screenshot(visit, "catalog-suggestions");
        await page.setViewportSize({ width: 360, height: 800 });
        await page.screenshot({ path: `${SCREENSHOT_DIR}/catalog-suggestions-360-js-on.png` });
        await page.setViewportSize({ width: 1280, height: 800 });
        await assertAccessible(visit);
        await sender.press("ArrowDown");
        await sender.press("Enter");
        expect(await sender.inputValue()).toBe("Lands' End");
        expect(await page.locator('input[type=hidden][name="templateId"]').inputValue()).toBe("lands-end");
      } else {
        await sender.fill("lands end");
        await Promise.all([page.waitForURL(/senderName=lands\+end/), page.getByRole("button", { name: "Find sender" }).click()]);
        expect(await page.getByRole("radio", { name: "Lands' End" }).isChecked()).toBe(true);
        expect(await visibleText(page)).toContain("Which sender do you mean?");
        await screenshot(visit, "catalog-matches");
        await page.setViewportSize({ width: 360, height: 800 });
        await page.screenshot({ path: `${SCREENSHOT_DIR}/catalog-matches-360-js-off.png`, fullPage: true });
        await page.setViewportSize({ width: 1280, height: 800 });
        await assertAccessible(visit);
      }

      await Promise.all([page.waitForURL(/\/dashboard\?.*request=/), page.getByRole("button", { name: "Send request" }).click()]);
      const text = await visibleText(page);
      expect(text).toContain("Your request to Lands' End is on its way");
      const card = page.locator("li.request-card", { has: page.locator("h3", { hasText: "Lands' End" }) });
      // The card names its kind; its group links each kind once.
      expect(await card.locator(".request-kind").innerText()).toBe("Catalogs and retailers");
      expect(await card.getByRole("link", { name: "Catalogs and retailers" }).count()).toBe(0);
      const group = page.locator('section[aria-labelledby="group-onItsWay"]');
      expect(await group.getByRole("link", { name: "Catalogs and retailers" }).getAttribute("href")).toBe("/learn#cat-catalogs");
      await screenshot(visit, "catalog-sent");

      // A sender the catalog lacks goes out as typed; staff link it, and the next search finds it.
      const unknown = `Quilted Fox Gifts ${label} ${Date.now()}`;
      await page.goto(`${appUrl}/requests/add`);
      await sender.fill(unknown);
      await Promise.all([page.waitForURL(/\/dashboard\?.*request=/), page.getByRole("button", { name: "Send request" }).click()]);
      expect(await visibleText(page)).toContain(`Your request to ${unknown} is on its way`);
      await browser.visit({ js }, async (staff) => {
        await signInThroughForm(staff, appUrl, admin);
        expect((await staff.page.goto(`${appUrl}/admin/senders/requested`))?.status()).toBe(200);
        const group = staff.page.locator("li.card", { has: staff.page.getByRole("heading", { name: unknown }) });
        expect(await group.innerText()).toContain("1 person, 1 request.");
        await screenshot(staff, "admin-senders-requested");
        await assertAccessible(staff);
        await group.getByLabel("Another sender's id").fill("burpee");
        await Promise.all([staff.page.waitForURL(/linked=burpee/), group.getByRole("button", { name: "Link", exact: true }).click()]);
        expect(await visibleText(staff.page)).toContain("Linked to burpee.");
        assertNoErrors(staff);
      });
      await page.goto(`${appUrl}/requests/add?senderName=${encodeURIComponent(unknown)}`);
      expect(await page.getByRole("radio", { name: /^Burpee/ }).isChecked(), "the typed name now finds the sender").toBe(true);
      assertNoErrors(visit);
    });
  });
});
