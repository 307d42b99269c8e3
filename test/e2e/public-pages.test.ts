// Journey (a): the public pages every visitor and crawler sees, with JavaScript on and off.
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, useBrowser, screenshot } from "./browser";

const appUrl = inject("appUrl");

const PUBLIC_PAGES = [
  { path: "/", name: "home" },
  { path: "/learn", name: "learn" },
  { path: "/terms", name: "terms" },
  { path: "/privacy", name: "privacy" },
  { path: "/sitemap", name: "sitemap" },
];

const browser = useBrowser();

describe.each(JS_MODES)("public pages (JavaScript $label)", ({ js }) => {
  test.each(PUBLIC_PAGES)("$path", async ({ path, name }) => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      const response = await page.goto(appUrl + path);
      await screenshot(visit, name);
      expect(response?.status(), "status").toBe(200);

      expect.soft(await page.locator("h1").count(), "number of h1").toBe(1);

      const header = page.locator("header").first();
      const logo = header.getByRole("link", { name: /quiet mailbox/i }).first();
      expect.soft(await logo.getAttribute("href"), "header logo link").toBe("/");
      const signIn = header.getByRole("link", { name: "Sign in", exact: true });
      expect.soft(await signIn.count(), '"Sign in" link in the header').toBe(1);
      if ((await signIn.count()) === 1) {
        expect.soft(await signIn.isVisible(), '"Sign in" visible').toBe(true);
        expect.soft(await signIn.getAttribute("href"), '"Sign in" target').toBe("/signin");
      }

      const footer = page.locator("footer").last();
      expect.soft(await footer.innerText(), "footer text").toContain("© 2025");
      const footerLinks: Array<[string, string | null]> = [
        ["Blog", null],
        ["Sitemap", "/sitemap"],
        ["Terms", "/terms"],
        ["Privacy", "/privacy"],
      ];
      for (const [label, href] of footerLinks) {
        const link = footer.getByRole("link", { name: label, exact: true });
        expect.soft(await link.count(), `footer link "${label}"`).toBe(1);
        if (href && (await link.count()) === 1) expect.soft(await link.getAttribute("href"), `footer link "${label}" target`).toBe(href);
      }

      const canonical = page.locator('link[rel="canonical"]');
      expect.soft(await canonical.count(), "canonical links").toBe(1);
      expect.soft(await canonical.first().getAttribute("href"), "canonical URL").toBe(appUrl + path);

      // Spec: public pages ship no JavaScript at all, whichever way the browser is set.
      expect.soft(await page.locator("script[src]").count(), "<script src> elements").toBe(0);
      expect.soft(await page.locator('link[rel="modulepreload"]').count(), "modulepreload links").toBe(0);
      expect.soft(visit.scriptRequests, "JavaScript files requested").toEqual([]);

      await assertAccessible(visit);
      assertNoErrors(visit);
    });
  });
});
