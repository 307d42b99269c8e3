// The account's pages on a phone 360 px wide, at 100% and at 200% text, JavaScript on and off:
// a long email address wraps instead of widening the page, and every table of "Your data" that
// may scroll sideways is reached with the Tab key. Nothing here depends on how wide the
// machine's fonts draw a word: widths are compared with the screen's, never with a number of
// pixels, and the regions are reached whether or not they scroll.
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, useBrowser } from "./browser";
import { signedInAccount } from "./accounts-helpers";

const appUrl = inject("appUrl");
const browser = useBrowser();

/** With signedInAccount's ".xxxxxxxx@quietmailbox.test", an address of 60 characters and no space. */
const LONG_LABEL = "averylongaddresswithnospaceatall1";

const TEXT_SIZES = [
  { percent: 100, css: "" },
  { percent: 200, css: "200%" },
] as const;

async function atTextSize(page: Page, css: string) {
  await page.evaluate(`document.documentElement.style.fontSize = ${JSON.stringify(css)}`);
}

/** How far the page reaches past the right edge of the screen, in CSS pixels (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.each(JS_MODES)("the account on a phone (JavaScript $label)", ({ js }) => {
  test("a 60-character email address wraps on /account/email and /account, at 100% and 200% text", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      const account = await signedInAccount(visit, appUrl, LONG_LABEL);
      expect(account.email).toHaveLength(60);
      await page.setViewportSize({ width: 360, height: 640 });
      for (const path of ["/account/email", "/account"]) {
        await page.goto(`${appUrl}${path}`);
        for (const { percent, css } of TEXT_SIZES) {
          await atTextSize(page, css);
          const shown = page.locator("main strong", { hasText: account.email }).first();
          const box = await shown.boundingBox();
          expect(box, `${path}: the address is shown`).not.toBeNull();
          expect(box!.x + box!.width, `${path} at ${percent}%: the address ends inside the screen`).toBeLessThanOrEqual(360);
          expect(await overflow(page), `${path} at ${percent}%: the page is wider than the screen`).toBeLessThanOrEqual(0);
          await screenshot(visit, `narrow${path.replaceAll("/", "-")}-long-email-${percent}pct`);
          await assertAccessible(visit);
        }
      }
      assertNoErrors(visit);
    });
  });

  test("every table of /account/export is a named region the Tab key reaches, at 100% and 200% text", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await signedInAccount(visit, appUrl, "narrow-export");
      await page.setViewportSize({ width: 360, height: 640 });
      await page.goto(`${appUrl}/account/export`);
      const regions = page.locator("main [role=region]");
      const names = await regions.evaluateAll((elements) => elements.map((element) => element.getAttribute("aria-label")));
      expect(names.length, "the export shows tables").toBeGreaterThanOrEqual(2);
      for (const { percent, css } of TEXT_SIZES) {
        await atTextSize(page, css);
        expect(await overflow(page), `${percent}%: the page is wider than the screen`).toBeLessThanOrEqual(0);
        // Tab through the whole page once, noting each region that takes the focus.
        await page.locator("body").focus();
        const reached = new Set<string>();
        for (let press = 0; press < 200; press++) {
          await page.keyboard.press("Tab");
          const focused = await page.evaluate(() => {
            const element = document.activeElement;
            return element?.getAttribute("role") === "region"
              ? element.getAttribute("aria-label")
              : element === document.body
                ? "<body>"
                : null;
          });
          if (focused === "<body>") break;
          if (focused) reached.add(focused);
        }
        expect([...reached].sort(), `${percent}%: the regions the Tab key reached`).toEqual([...names].sort());
        await screenshot(visit, `narrow-account-export-${percent}pct`);
        await assertAccessible(visit);
      }
      assertNoErrors(visit);
    });
  });
});
