// Journey (d): signed-in-only pages send a visitor to the sign-in page.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { assertNoErrors, JS_MODES, launchBrowser, openPage } from "./browser";

const appUrl = inject("appUrl");

const SIGNED_IN_ONLY = ["/dashboard", "/requests/add", "/recipients", "/recipients/add", "/recipients/edit/x", "/subscription", "/admin"];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(JS_MODES)("signed-in pages for a visitor (JavaScript $label)", ({ js }) => {
  test.each(SIGNED_IN_ONLY)("%s goes to /signin", async (path) => {
    const visit = await openPage(browser, { js });
    const { page } = visit;
    try {
      const response = await page.goto(appUrl + path);
      expect(new URL(page.url()).pathname).toBe("/signin");
      expect(response?.status()).toBe(200);
      assertNoErrors(visit);
    } finally {
      await visit.close();
    }
  });
});
