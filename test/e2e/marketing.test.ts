// Journeys: what a visitor learns before signing up. The plans and what they cost (Stripe's
// prices, here the stand-in's), and testimonials: the admin publishes one with its consent and it
// appears on the home page; one without consent cannot be published and never appears. Each with
// JavaScript on and off, axe on every page, screenshots at 320, 360 and 1280 px.
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { LOCAL_STAFF } from "../../drizzle/local-staff";
import { STRIPE_STAND_IN_KEY, STRIPE_STAND_IN_PRICES } from "../stand-ins/vendors/stripe";
import { TESTIMONIAL_MESSAGES } from "../../app/domain/testimonials";
import { expectedStatus, signInThroughForm, visibleText } from "./accounts-helpers";
import { assertAccessible, assertNoErrors, JS_MODES, SCREENSHOT_DIR, screenshot, useBrowser } from "./browser";

const appUrl = inject("appUrl");
const standInsUrl = inject("standInsUrl");
const admin = LOCAL_STAFF.find((staff) => staff.id === "local-admin")!;
const browser = useBrowser();
const WIDTHS = [320, 360, 1280];

/** The price the Stripe stand-in holds for a plan, as the pages word it ("$16.00 a year"). */
async function standInPriceText(plan: keyof typeof STRIPE_STAND_IN_PRICES) {
  const response = await fetch(`${standInsUrl}/v1/prices/${STRIPE_STAND_IN_PRICES[plan]}`, {
    headers: { Authorization: `Bearer ${STRIPE_STAND_IN_KEY}` },
  });
  const price = (await response.json()) as { unit_amount: number; currency: string; recurring: { interval: string } | null };
  const money = new Intl.NumberFormat("en-US", { style: "currency", currency: price.currency }).format(price.unit_amount / 100);
  return `${money} a ${price.recurring!.interval}`;
}

/** Screenshots of the page at each width, from the top of `from` to the bottom of `to`; fails on sideways scrolling. */
async function shotsAtWidths(page: Page, name: string, from: string, to: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${width} px: the page is wider than the screen`).toBeLessThanOrEqual(0);
    const top = await page.locator(from).boundingBox();
    const bottom = await page.locator(to).boundingBox();
    const scrollY = await page.evaluate(() => window.scrollY);
    const y = top!.y + scrollY;
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${name}-${width}.png`,
      fullPage: true,
      clip: { x: 0, y, width, height: bottom!.y + scrollY + bottom!.height - y },
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe.each(JS_MODES)("before signing up (JavaScript $label)", ({ js, label }) => {
  test("a visitor finds the plans and what they cost, from the home page and from the footer of any page", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      expect((await page.goto(`${appUrl}/learn`))?.status()).toBe(200);
      await Promise.all([page.waitForURL(`${appUrl}/#pricing`), page.locator("footer").getByRole("link", { name: "Pricing" }).click()]);
      const pricing = page.locator("#pricing");
      await pricing.getByRole("heading", { name: "Plans and prices" }).waitFor();
      const text = (await pricing.innerText()).replace(/\s+/g, " ");
      expect(text).toContain("Every account starts with 3 free requests");
      expect(text).toContain("Free $0 3 opt-out requests");
      expect(text).toContain(`Basic ${await standInPriceText("basic")}`);
      expect(text).toContain(`Premium ${await standInPriceText("premium")}`);
      await assertAccessible(visit);
      await Promise.all([
        page.waitForURL(`${appUrl}/start/step1`),
        pricing.getByRole("link", { name: "Start with 3 free requests" }).click(),
      ]);

      // The footer's Blog link answers (locally, the stand-ins' blog page).
      const [blog] = await Promise.all([
        page.waitForEvent("response", (response) => response.url().endsWith("/path/")),
        page.locator("footer").getByRole("link", { name: "Blog" }).click(),
      ]);
      expect(blog.status()).toBe(200);
      await page.getByRole("heading", { name: "Quiet Mailbox blog" }).waitFor();
      await assertAccessible(visit);
      assertNoErrors(visit);
    });
  });

  test("the admin publishes a consented testimonial and it appears on the home page; one without consent cannot be published", async () => {
    const stamp = `${Date.now()}-js-${label}`;
    const consented = `Quieter mailbox, journey ${stamp}.`;
    const unconsented = `No consent yet, journey ${stamp}.`;
    await browser.visit({ js }, async (staff) => {
      const { page } = staff;
      await signInThroughForm(staff, appUrl, admin);

      const add = async (quote: string, consent: boolean) => {
        expect((await page.goto(`${appUrl}/admin/testimonials/new`))?.status()).toBe(200);
        await page.getByLabel("Their words").fill(quote);
        await page.getByLabel("Name as they agreed to show it").fill("Jo");
        await page.getByLabel("City").fill("Tulsa, OK");
        if (consent) {
          await page.getByLabel("Day consent was given").fill("2026-03-14");
          await page.getByLabel("How consent was given").selectOption("email-reply");
        }
        await Promise.all([
          page.waitForURL(/\/admin\/testimonials\/[^/]+\?saved=added$/),
          page.getByRole("button", { name: "Add testimonial" }).click(),
        ]);
        await assertAccessible(staff);
        return new URL(page.url()).pathname;
      };

      // Without consent: refused, with the reason next to the button.
      const unconsentedPage = await add(unconsented, false);
      await page.getByRole("button", { name: "Publish" }).click();
      await expect.poll(() => visibleText(page)).toContain(TESTIMONIAL_MESSAGES.publishNeedsConsent);
      await assertAccessible(staff);

      await add(consented, true);
      await Promise.all([page.waitForURL(/\?saved=published$/), page.getByRole("button", { name: "Publish" }).click()]);
      expect(await visibleText(page)).toContain("Published: it is on the home page now.");
      await screenshot(staff, "admin-testimonial");

      expect((await page.goto(`${appUrl}/admin/testimonials`))?.status()).toBe(200);
      const list = await visibleText(page);
      expect(list).toContain(consented);
      expect(list).toContain(unconsented);
      await assertAccessible(staff);
      await shotsAtWidths(page, `admin-testimonials-js-${label}`, "main", "main");
      assertNoErrors(staff, { allow: [expectedStatus(appUrl, 400, unconsentedPage)] });
    });

    await browser.visit({ js }, async (visitor) => {
      const { page } = visitor;
      expect((await page.goto(`${appUrl}/`))?.status()).toBe(200);
      const quotes = page.locator("section:has(#quotes-title) figure");
      const shown = await quotes.allInnerTexts();
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.length).toBeLessThanOrEqual(6);
      const published = quotes.filter({ hasText: consented });
      expect(await published.count()).toBe(1);
      expect(await published.locator("figcaption").innerText()).toBe("Jo, Tulsa, OK");
      expect(await visibleText(page)).not.toContain(unconsented);
      await assertAccessible(visitor);
      await shotsAtWidths(page, `home-pricing-testimonials-js-${label}`, "#pricing", "section:has(#quotes-title)");
      assertNoErrors(visitor);
    });
  });
});
