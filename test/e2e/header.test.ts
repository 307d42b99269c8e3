// The signed-in header on narrow phones, JavaScript on and off: nothing wider than the screen,
// the Settings menu whole and usable at 320 px. Screenshots of the screen (not the whole page) at
// 320, 360 and 1280 px.
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, JS_MODES, SCREENSHOT_DIR, useBrowser } from "./browser";
import { reachStep2, submitStep2, waitForDashboard } from "./accounts-helpers";

const appUrl = inject("appUrl");
const browser = useBrowser();

describe.each(JS_MODES)("the signed-in header (JavaScript $label)", ({ js, label }) => {
  test("fits 320, 360 and 1280 px wide screens, with Settings whole and working", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await reachStep2(visit, appUrl);
      const account = { email: `narrow.${Date.now()}.js-${label}@quietmailbox.test`, password: "narrow-secret-1" };
      await Promise.all([page.waitForURL(`${appUrl}/dashboard`, { timeout: 15_000 }), submitStep2(page, account)]);
      await waitForDashboard(page);

      for (const width of [320, 360, 1280]) {
        await page.setViewportSize({ width, height: 700 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${width} px: the page is wider than the screen`).toBeLessThanOrEqual(0);
        const settings = await page.locator("summary", { hasText: "Settings" }).boundingBox();
        expect(settings, "Settings is shown").not.toBeNull();
        expect(settings!.x + settings!.width, `${width} px: Settings ends inside the screen`).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/header-${width}-js-${label}.png` });
      }
      await page.setViewportSize({ width: 320, height: 700 });
      await page.locator("summary", { hasText: "Settings" }).click();
      const menu = await page.locator(".menu-items").boundingBox();
      expect(menu!.x, "the open menu starts inside the screen").toBeGreaterThanOrEqual(0);
      expect(menu!.x + menu!.width, "the open menu ends inside the screen").toBeLessThanOrEqual(320);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/header-320-menu-js-${label}.png` });
      await assertAccessible(visit);
    });
  });
});
