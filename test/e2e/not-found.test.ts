// Journey (c): an address outside the route table answers 404 with a screen that leads home.
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, useBrowser, screenshot } from "./browser";

const appUrl = inject("appUrl");

const browser = useBrowser();

describe.each(JS_MODES)("unknown address (JavaScript $label)", ({ js }) => {
  test("/no-such-page answers 404 with a way home", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      const response = await page.goto(`${appUrl}/no-such-page`);
      await screenshot(visit, "not-found");
      expect(response?.status()).toBe(404);
      expect(await page.locator("h1").count(), "one h1").toBe(1);
      const homeLinks = page.locator('main a[href="/"]');
      expect(await homeLinks.count(), "a link home in the page body").toBeGreaterThan(0);
      expect(await homeLinks.first().isVisible()).toBe(true);
      // Chromium reports the document's own 404 on the console; that one is the point of the test.
      // Any other failed resource on this page still fails it.
      const documentUrl = `${appUrl}/no-such-page`.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      assertNoErrors(visit, { allow: [new RegExp(`status of 404 \\(Not Found\\) \\(${documentUrl}\\)$`)] });
      await assertAccessible(visit);
    });
  });
});
