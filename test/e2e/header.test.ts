// The signed-in header on narrow phones, JavaScript on and off: nothing wider than the screen,
// the Settings menu whole and usable at 320 px. Screenshots of the screen (not the whole page) at
// 320, 360 and 1280 px.
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, JS_MODES, screenshot, SCREENSHOT_DIR, useBrowser, type Visit } from "./browser";
import { reachStep2, signedInAccount, submitStep2, waitForDashboard } from "./accounts-helpers";

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

// Text at 200% on a phone (WCAG 1.4.4): the root font size doubled, as a browser's text size
// setting does, on a screen 360 px wide. Every header link stays on the screen, whole, and the
// page never scrolls sideways, for a visitor and for a signed-in person with the menu open.
const DOUBLE_TEXT = "document.documentElement.style.fontSize = '200%'";

async function headerAtDoubleText(visit: Visit, name: string) {
  const { page } = visit;
  await page.setViewportSize({ width: 360, height: 640 });
  await page.evaluate(DOUBLE_TEXT);
  const links = page.locator("header").getByRole("link").or(page.locator("header summary"));
  const count = await links.count();
  expect(count, "the header has links").toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const link = links.nth(index);
    const box = await link.boundingBox();
    const label = (await link.innerText()) || (await link.getAttribute("aria-label"));
    expect(box, `${label} is shown`).not.toBeNull();
    expect(box!.x, `${label} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${label} ends inside the screen`).toBeLessThanOrEqual(360);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "the page is wider than the screen").toBeLessThanOrEqual(0);
  await screenshot(visit, `header-360-200pct-${name}`);
  await assertAccessible(visit);
}

describe.each(JS_MODES)("the header with text at 200%, 360 px wide (JavaScript $label)", ({ js }) => {
  test("shows a visitor the logo and Sign in, and nothing scrolls sideways", async () => {
    await browser.visit({ js }, async (visit) => {
      await visit.page.goto(`${appUrl}/`);
      await headerAtDoubleText(visit, "visitor");
    });
  });

  test("shows a signed-in person Upgrade and Settings, and the open menu's links, all on the screen", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await signedInAccount(visit, appUrl, "large-text");
      await page.goto(`${appUrl}/dashboard`);
      await waitForDashboard(page);
      await headerAtDoubleText(visit, "signed-in");
      await page.locator("summary", { hasText: "Settings" }).click();
      const items = page.locator(".menu-items").getByRole("link").or(page.locator(".menu-items button"));
      for (let index = 0; index < (await items.count()); index++) {
        const box = await items.nth(index).boundingBox();
        const label = await items.nth(index).innerText();
        expect(box, `${label} is shown`).not.toBeNull();
        expect(box!.x, `${label} starts inside the screen`).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `${label} ends inside the screen`).toBeLessThanOrEqual(360);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "the open menu widens the page").toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/header-360-200pct-menu-js-${js ? "on" : "off"}.png` });
      await assertAccessible(visit);
    });
  });
});
