// Journey (d): signed-in-only pages send a visitor to the sign-in page.
import { describe, expect, inject, test } from "vitest";
import { assertNoErrors, JS_MODES, useBrowser } from "./browser";

const appUrl = inject("appUrl");

const SIGNED_IN_ONLY = ["/dashboard", "/requests/add", "/recipients", "/recipients/add", "/recipients/edit/x", "/subscription", "/admin"];

const browser = useBrowser();

describe.each(JS_MODES)("signed-in pages for a visitor (JavaScript $label)", ({ js }) => {
  test.each(SIGNED_IN_ONLY)("%s goes to /signin", async (path) => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      const response = await page.goto(appUrl + path);
      expect(new URL(page.url()).pathname).toBe("/signin");
      expect(response?.status()).toBe(200);
      assertNoErrors(visit);
    });
  });
});
