// Journey (b): what the home page promises, and its way into signup, with JavaScript on and off.
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { assertNoErrors, JS_MODES, useBrowser, screenshot } from "./browser";

const appUrl = inject("appUrl");

// Product rules: What the product promises, Numbers: the impact figures, shown exactly as given.
const IMPACT_FIGURES = ["17 trees per ton", "1,058 oz", "1 hour", "86%", "20,166+"];

const browser = useBrowser();

/** The page's visible text with runs of white space made single spaces. */
async function visibleText(page: Page) {
  return (await page.locator("body").innerText()).replace(/\s+/g, " ");
}

describe.each(JS_MODES)("home page (JavaScript $label)", ({ js }) => {
  test("tells the visitor what the service does and what it achieves", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      expect((await page.goto(`${appUrl}/`))?.status()).toBe(200);
      const text = await visibleText(page);
      expect.soft(text).toContain("Stop junk mail. Start fresh.");
      expect.soft(text).toContain("Less paper. More peace.");
      for (const figure of IMPACT_FIGURES) expect.soft(text, `impact figure "${figure}"`).toContain(figure);
      assertNoErrors(visit);
    });
  });

  test("shows at most six testimonials, as quotations in one section", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.goto(`${appUrl}/`);
      // The innermost section holding the quotes: figure > blockquote, one figure per customer.
      // With none published (a fresh database) the section is left out.
      const sections = page.locator("section:has(figure > blockquote)");
      expect(await sections.count(), "at most one section of testimonials").toBeLessThanOrEqual(1);
      const shown = await page.locator("figure > blockquote").count();
      expect(shown).toBeLessThanOrEqual(6);
      expect(await sections.locator("figure > blockquote").count(), "every testimonial in that one section").toBe(shown);
      assertNoErrors(visit);
    });
  });

  test("opens each FAQ answer by clicking its question", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.goto(`${appUrl}/`);
      const faqs = page.locator("details");
      const count = await faqs.count();
      expect(count, "FAQs as <details>").toBeGreaterThan(0);
      for (let index = 0; index < count; index++) {
        const faq = faqs.nth(index);
        expect(await faq.getAttribute("open"), `FAQ ${index + 1} starts closed`).toBeNull();
        await faq.locator("summary").first().click();
        expect(await faq.getAttribute("open"), `FAQ ${index + 1} opens`).not.toBeNull();
        expect(await faq.innerText(), `FAQ ${index + 1} answer`).not.toBe(await faq.locator("summary").first().innerText());
      }
      await screenshot(visit, "home-faqs-open");
      assertNoErrors(visit);
    });
  });

  test('"Get started" leads to signup step 1', async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.goto(`${appUrl}/`);
      const getStarted = page.getByRole("link", { name: "Get started", exact: true }).first();
      await Promise.all([page.waitForURL(`${appUrl}/start/step1`), getStarted.click()]);
      expect(new URL(page.url()).pathname).toBe("/start/step1");
      await expect.poll(() => page.locator("h1").innerText()).toBe("Basic Information");
      assertNoErrors(visit);
    });
  });
});
