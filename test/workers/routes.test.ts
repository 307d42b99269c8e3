import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PUBLIC_PAGES as LISTED_PAGES } from "~/domain/public-pages";

const PUBLIC_PAGES = ["/", "/learn", "/terms", "/privacy", "/sitemap", "/signin", "/password/forgot", "/password/reset", "/start/step1"];
const SIGNED_IN_PAGES = [
  "/dashboard",
  "/requests/add",
  "/recipients",
  "/recipients/add",
  "/recipients/edit/some-id",
  "/subscription",
  "/admin",
  "/reminders/some-id",
  "/account",
  "/account/address",
  "/account/address/confirm",
  "/account/email",
  "/account/password",
  "/account/delete",
  "/account/export",
  "/account/export.json",
  "/requests/some-id/letter.txt",
  "/requests/senders",
];

describe("the route table of product rules: Routes", () => {
  it.each(PUBLIC_PAGES)("%s answers 200 with the layout and a canonical link", async (path) => {
    const response = await SELF.fetch(`https://example.test${path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<link rel="canonical" href="https://example.test${path}"/>`);
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>.*Quiet Mailbox/s);
    expect(html).toContain("© 2025");
    for (const link of ['href="/sitemap"', 'href="/terms"', 'href="/privacy"', `href="${env.BLOG_URL}"`]) expect(html).toContain(link);
  });

  it.each(LISTED_PAGES.map((page) => page.path))("%s, a page search engines list, says what it is in a meta description", async (path) => {
    const html = await (await SELF.fetch(`https://example.test${path}`)).text();
    const descriptions = [...html.matchAll(/<meta name="description" content="([^"]*)"\/>/g)].map((match) => match[1]!.trim());
    expect(descriptions).toHaveLength(1);
    expect(descriptions[0]!.length, "a sentence, not a word").toBeGreaterThan(30);
  });

  it("links the footer's Blog to the configured blog, which answers (a local page outside production)", async () => {
    // The tests' BLOG_URL is their own stand-ins' /path/, as npm start's is (wrangler.toml, vendorVars).
    expect(env.BLOG_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/path\/$/);
    const html = await (await SELF.fetch("https://example.test/")).text();
    expect(html).toMatch(new RegExp(`<a href="${env.BLOG_URL}">Blog</a>`));
    const blog = await fetch(env.BLOG_URL);
    expect(blog.status).toBe(200);
    expect(await blog.text()).toContain("<h1>Quiet Mailbox blog</h1>");
  });

  it.each(SIGNED_IN_PAGES)("%s sends a visitor to /signin and back afterwards", async (path) => {
    const response = await SELF.fetch(`https://example.test${path}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/signin?redirectTo=${encodeURIComponent(path)}`);
  });

  it("/start/step2 sends a visitor without a step 1 back to step 1", async () => {
    const response = await SELF.fetch("https://example.test/start/step2", { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/start/step1");
  });

  it.each([
    "/nope",
    "/start/step3",
    "/dashboard/extra",
    "/admin/anything",
    "/recipients/edit",
    "/reminders",
    "/reminders/some-id/extra",
    "/requests/some-id/letter.txt/extra",
  ])("%s is not in the table and answers 404 with the not-found screen", async (path) => {
    const response = await SELF.fetch(`https://example.test${path}`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("find that page");
    expect(html).toContain('href="/"');
  });

  it("public pages ship no JavaScript and send the security headers", async () => {
    for (const path of ["/", "/learn", "/terms", "/privacy", "/sitemap"]) {
      const response = await SELF.fetch(`https://example.test${path}`);
      const html = await response.text();
      expect(html, path).not.toMatch(/<script\b/);
      expect(html, path).not.toContain("modulepreload");
      expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Speculation-Rules"), path).toBe('"/speculation-rules.json"');
    }
  });

  it("the interactive pages load one small script of their own, not the client runtime (decision 0034)", async () => {
    for (const path of ["/start/step1", "/signin"]) {
      const html = await (await SELF.fetch(`https://example.test${path}`)).text();
      expect(html, path).not.toContain("modulepreload");
      expect(
        [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]),
        path,
      ).toEqual([expect.stringMatching(/^\/assets\/enhance-[\w-]+\.js$/)]);
    }
  });

  it("a visitor sees the Sign in link in the header", async () => {
    const html = await (await SELF.fetch("https://example.test/")).text();
    expect(html).toMatch(/<a[^>]*href="\/signin"[^>]*>Sign in<\/a>/);
  });
});

describe("standard web files", () => {
  it("robots.txt keeps private areas out and points at the sitemap", async () => {
    const response = await SELF.fetch("https://example.test/robots.txt");
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain("Disallow: /dashboard");
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Disallow: /reminders");
    expect(text).toContain("Sitemap: https://example.test/sitemap.xml");
  });

  it("sitemap.xml lists the public pages with absolute URLs", async () => {
    const xml = await (await SELF.fetch("https://example.test/sitemap.xml")).text();
    expect(xml).toContain("<loc>https://example.test/</loc>");
    expect(xml).toContain("<loc>https://example.test/learn</loc>");
    expect(xml).not.toContain("/dashboard");
  });
});
