import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Browser, signUp } from "./http";
import { uniqueEmail } from "./stand-ins";

const FIGURES = ["17 trees", "1,058 oz", "1 hour", "86%", "20,166+", "8 weeks", "1 to 3 extra mailings"];

describe("the home page", () => {
  it("shows the hero, every figure the product rules promise, and six testimonials", async () => {
    const html = await (await SELF.fetch("https://example.test/")).text();
    expect(html).toMatch(/<h1[^>]*>Stop junk mail\. Start fresh\.<\/h1>/);
    expect(html).toContain("Less paper. More peace.");
    for (const figure of FIGURES) expect(html, figure).toContain(figure);
    expect(html.match(/<blockquote/g)).toHaveLength(6);
    expect(html.match(/<details/g)!.length).toBeGreaterThanOrEqual(6);
  });

  it("sends visitors to signup step 1", async () => {
    const html = await (await SELF.fetch("https://example.test/")).text();
    expect(html).toMatch(/href="\/start\/step1"[^>]*>Get started</);
    expect(html).toMatch(/href="\/start\/step1"[^>]*>Sign Up Now</);
    expect(html).not.toContain("Go to Dashboard");
  });

  it("sends signed-in users to the dashboard instead", async () => {
    const browser = new Browser();
    await signUp(browser, uniqueEmail("home-signed-in"));
    const response = await browser.get("/");
    const html = await response.text();
    expect(html.match(/href="\/dashboard"[^>]*>Go to Dashboard</g)).toHaveLength(2);
    expect(html).not.toContain("Get started");
    expect(html).not.toMatch(/>Sign in</);
    expect(html).toContain(">Sign Out</button>");
  });
});
