import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { STRIPE_STAND_IN_KEY, STRIPE_STAND_IN_PRICES } from "../stand-ins/vendors/stripe";
import { planPriceText } from "~/domain/plans";
import { getPlanPriceList } from "~/integrations/stripe.server";
import { parseEnv } from "~/utils/env.server";
import { allowConsoleErrors } from "./console-errors";
import { Browser, signUp } from "./http";
import { fault, received, standInsUrl, uniqueEmail } from "./stand-ins";
import { createStandInPrice } from "./stripe";

const FIGURES = ["17 trees", "1,058 oz", "1 hour", "86%", "20,166+", "8 weeks", "1 to 3 extra mailings"];

/** The part of the page between the pricing section's start and its end. */
function pricingSection(html: string) {
  const start = html.indexOf('id="pricing"');
  expect(start, "a section with id pricing").toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</section>", start));
}

/** What the stand-in serves for a price, as Stripe's API does. */
async function standInPrice(id: string) {
  const response = await fetch(`${standInsUrl()}/v1/prices/${id}`, { headers: { Authorization: `Bearer ${STRIPE_STAND_IN_KEY}` } });
  const price = (await response.json()) as { unit_amount: number; currency: string; recurring: { interval: string } | null };
  return { amount: price.unit_amount / 100, currency: price.currency, interval: price.recurring?.interval ?? null };
}

describe("the home page", () => {
  it("shows the hero and every figure the product rules promise", async () => {
    const html = await (await SELF.fetch("https://example.test/")).text();
    expect(html).toMatch(/<h1[^>]*>Stop junk mail\. Start fresh\.<\/h1>/);
    expect(html).toContain("Less paper. More peace.");
    for (const figure of FIGURES) expect(html, figure).toContain(figure);
    expect(html.match(/<details/g)!.length).toBeGreaterThanOrEqual(6);
  });

  it("sends visitors to signup step 1", async () => {
    const html = await (await SELF.fetch("https://example.test/")).text();
    expect(html).toMatch(/href="\/start\/step1"[^>]*>Get started</);
    expect(html).toMatch(/href="\/start\/step1"[^>]*>Sign Up Now</);
    expect(html).not.toContain("Go to Dashboard");
  });

  it("sends signed-in users to the dashboard instead, and to their subscription from the prices", async () => {
    const browser = new Browser();
    await signUp(browser, uniqueEmail("home-signed-in"));
    const response = await browser.get("/");
    const html = await response.text();
    expect(html.match(/href="\/dashboard"[^>]*>Go to Dashboard</g)).toHaveLength(2);
    expect(pricingSection(html)).toMatch(/href="\/subscription"[^>]*>Choose a plan</);
    expect(html).not.toContain("Get started");
    expect(html).not.toMatch(/>Sign in</);
    expect(html).toContain(">Sign Out</button>");
  });
});

describe("prices before signup", () => {
  it("shows the free allowance and each plan at the amount Stripe holds for its price", async () => {
    const html = pricingSection(await (await SELF.fetch("https://example.test/")).text());
    expect(html).toContain("Plans and prices");
    expect(html).toContain("3 free requests");
    expect(html).toContain("3 opt-out requests");
    for (const [plan, name] of [
      ["basic", "Basic"],
      ["premium", "Premium"],
    ] as const) {
      const expected = planPriceText(await standInPrice(STRIPE_STAND_IN_PRICES[plan]));
      expect(expected).toMatch(/^\$\d+\.\d\d a year$/);
      expect(html, name).toMatch(new RegExp(`>${name}</h3><p class="plan-price">${expected.replace("$", "\\$")}</p>`));
    }
    expect(html).toMatch(/href="\/start\/step1"[^>]*>Start with 3 free requests</);
  });

  it("is linked from the footer of every page", async () => {
    expect(await (await SELF.fetch("https://example.test/learn")).text()).toContain('href="/#pricing"');
  });

  it("reads a new price from Stripe, keeps it, and shows no amount while Stripe cannot be read", async () => {
    allowConsoleErrors(/plan price not read/);
    const changed = await createStandInPrice(2345);
    const unreadable = await createStandInPrice(999);
    await fault({ vendor: "stripe", path: `/v1/prices/${unreadable.id}`, status: 500, times: 1 });
    const settings = parseEnv({ ...env, STRIPE_PRICE_BASIC: changed.id, STRIPE_PRICE_PREMIUM: unreadable.id });
    const first = await getPlanPriceList(settings);
    expect(planPriceText(first.basic)).toBe("$23.45 a year");
    expect(first.premium).toBeNull();
    expect(planPriceText(first.premium)).toBe("Price shown at checkout");

    // Asked again at once: the read price is kept, and the failed one is not asked for again yet.
    const again = await getPlanPriceList(settings);
    expect(again).toEqual(first);
    const reads = await received(
      "stripe",
      (request) => request.path === `/v1/prices/${changed.id}` || request.path === `/v1/prices/${unreadable.id}`,
    );
    expect(reads).toHaveLength(2);
  });
});
