// Journey (a): the public pages every visitor and crawler sees, with JavaScript on and off.
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, useBrowser, screenshot } from "./browser";

const appUrl = inject("appUrl");
// Outside production the footer's Blog link leads to the stand-ins' local blog page.
const blogUrl = `${inject("standInsUrl")}/path/`;

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
        ["Blog", blogUrl],
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

// Other pages link to these sections of /learn (/learn#statuses and so on): the ids are addresses.
describe("/learn sections", () => {
  const SECTIONS = [
    { id: "mailing-label", heading: "How to read a mailing label", says: /line above your name/ },
    { id: "statuses", heading: "What a request's status means", says: /waiting for the mail to stop/ },
    {
      id: "after-the-wait",
      heading: "If mail keeps coming after the wait",
      says: /about 8 weeks after processing, because mailers pre-print 1 to 3 extra mailings/,
    },
    { id: "saturation-mail", heading: "Saturation mail", says: /not on saturation mail sent across zip codes/ },
  ];

  test.each(SECTIONS)("#$id", async ({ id, heading, says }) => {
    await browser.visit({ js: false }, async (visit) => {
      const { page } = visit;
      await page.goto(`${appUrl}/learn#${id}`);
      const section = page.locator(`[id="${id}"]`);
      expect(await section.count(), `elements with id ${id}`).toBe(1);
      expect.soft(await section.getByRole("heading", { level: 2 }).first().innerText()).toBe(heading);
      expect.soft(await section.innerText()).toMatch(says);
      expect.soft(await section.isVisible()).toBe(true);
      // The table of contents at the top links to it.
      expect.soft(await page.locator(`nav a[href="#${id}"]`).count(), `contents link to #${id}`).toBe(1);
      assertNoErrors(visit);
    });
  });

  test("statuses and actions are all explained, and nothing promises to stop saturation mail", async () => {
    await browser.visit({ js: false }, async (visit) => {
      const { page } = visit;
      await page.goto(`${appUrl}/learn`);
      const statuses = await page.locator("#statuses").innerText();
      for (const word of [
        "Not sent yet",
        "In queue",
        "Mail stopped",
        "Cancelled",
        "Deleted",
        "Unsubscribe",
        "Yes, it stopped",
        "No, still coming",
        "Cancel",
        "Delete",
      ]) {
        expect.soft(statuses, word).toContain(`${word}:`);
      }
      const saturation = await page.locator("#saturation-mail").innerText();
      expect.soft(saturation).toMatch(/Current Resident/);
      expect.soft(saturation).toMatch(/do not stop it/);
      // Every link within the page lands on something.
      const targets = await page
        .locator('a[href^="#"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")!.slice(1)).filter((id) => !document.getElementById(id)));
      expect.soft(targets, "in-page links without a target").toEqual([]);
      assertNoErrors(visit);
    });
  });
});
