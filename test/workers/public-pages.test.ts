import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { analyticsEvents } from "../../drizzle/schema";
import { createTestimonial } from "~/models/testimonial.server";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { Browser, signedInStaff, signedUpUser } from "./http";

const db = getDb(env.DB);
const parsedEnv = () => parseEnv(env);

let releases = 0;
/** A Worker with the page cache on, as a deploy of its own: no test sees another test's pages. */
function freshDeploy() {
  releases += 1;
  return { PUBLIC_PAGE_CACHE_SECONDS: "60", CF_VERSION_METADATA: { id: `test-release-${releases}`, tag: "", timestamp: "" } };
}

const cacheStatus = (response: Response) => response.headers.get("Cache-Status");
const nonceOf = (response: Response) => /'nonce-([0-9a-f]+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];

async function visitsRecorded() {
  return db.$count(analyticsEvents, eq(analyticsEvents.name, "Visited Homepage"));
}

/** Visits are written in batches about a second after they happen. */
const BATCH_WAIT = { timeout: 15_000, interval: 100 };

describe("public pages answered from the cache", () => {
  it.each(["/", "/learn", "/privacy", "/terms", "/sitemap"])("renders %s once, then answers the same page from the cache", async (path) => {
    const visitor = new Browser(freshDeploy());
    const first = await visitor.get(path);
    const second = await visitor.get(path);
    expect(first.status).toBe(200);
    expect(cacheStatus(first)).toBe("quiet-mailbox-pages; fwd=miss; stored");
    expect(cacheStatus(second)).toBe("quiet-mailbox-pages; hit");
    expect(second.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await second.text()).toBe(await first.text());
  });

  it("gives every answer from the cache its own content policy and no cookie", async () => {
    const visitor = new Browser(freshDeploy());
    const answers = [await visitor.get("/"), await visitor.get("/"), await visitor.get("/")];
    const nonces = answers.map(nonceOf);
    expect(new Set(nonces).size).toBe(3);
    for (const answer of answers) {
      expect(answer.headers.getSetCookie()).toEqual([]);
      expect(answer.headers.get("X-Frame-Options")).toBe("DENY");
      expect(await answer.text()).not.toContain("nonce=");
    }
  });

  it("never serves a signed-in person from the cache, nor a visitor their page", async () => {
    const settings = freshDeploy();
    const visitor = new Browser(settings);
    const { browser: member } = await signedUpUser("public-pages");
    const signedIn = member.with(settings);

    await visitor.get("/");
    const memberHome = await signedIn.get("/");
    expect(cacheStatus(memberHome)).toBeNull();
    expect(memberHome.headers.get("Cache-Control")).toBe("private, no-store");
    const memberPage = await memberHome.text();
    expect(memberPage).toContain('href="/dashboard"');

    const visitorAgain = await visitor.get("/");
    expect(cacheStatus(visitorAgain)).toBe("quiet-mailbox-pages; hit");
    expect(await visitorAgain.text()).not.toContain('href="/dashboard"');
    // A session cookie that no longer reads back is still someone's: rendered, and cleared.
    const stale = await new Browser(settings).get("/", { Cookie: "__session=not-a-session" });
    expect(cacheStatus(stale)).toBeNull();
    expect(stale.headers.getSetCookie().join()).toContain("__session=;");
  });

  it("keeps the page with the consent question apart from the page without it", async () => {
    const settings = freshDeploy();
    const asked = new Browser(settings);
    const answered = { Cookie: "tracking_consent=no" };
    const optedOut = { "Sec-GPC": "1" };

    expect(await (await asked.get("/learn")).text()).toContain('action="/api/consent"');
    const withoutQuestion = await asked.get("/learn", answered);
    expect(cacheStatus(withoutQuestion)).toBe("quiet-mailbox-pages; fwd=miss; stored");
    expect(await withoutQuestion.text()).not.toContain('action="/api/consent"');
    const byOptOut = await asked.get("/learn", optedOut);
    expect(cacheStatus(byOptOut)).toBe("quiet-mailbox-pages; hit");
    expect(await byOptOut.text()).not.toContain('action="/api/consent"');
    const askedAgain = await asked.get("/learn");
    expect(cacheStatus(askedAgain)).toBe("quiet-mailbox-pages; hit");
    expect(await askedAgain.text()).toContain('action="/api/consent"');
  });

  it("renders a page asked with a query string, and never shares what the query said", async () => {
    const visitor = new Browser(freshDeploy());
    const tagged = await visitor.get("/?utm_source=letter");
    expect(cacheStatus(tagged)).toBeNull();
    expect(await tagged.text()).toContain('value="/?utm_source=letter"');
    const deleted = await visitor.get("/?deleted=1");
    expect(await deleted.text()).toContain("Your account is deleted");

    const plain = await visitor.get("/");
    const page = await plain.text();
    expect(page).not.toContain("utm_source");
    expect(page).not.toContain("Your account is deleted");
  });

  it("starts afresh with a new deploy, and not at all when turned off", async () => {
    const visitor = new Browser(freshDeploy());
    await visitor.get("/privacy");
    expect(cacheStatus(await visitor.get("/privacy"))).toBe("quiet-mailbox-pages; hit");
    const redeployed = visitor.with(freshDeploy());
    expect(cacheStatus(await redeployed.get("/privacy"))).toBe("quiet-mailbox-pages; fwd=miss; stored");

    const off = new Browser({ ...freshDeploy(), PUBLIC_PAGE_CACHE_SECONDS: "0" });
    await off.get("/privacy");
    expect(cacheStatus(await off.get("/privacy"))).toBeNull();
  });

  it("leaves every other page alone", async () => {
    const visitor = new Browser(freshDeploy());
    for (const path of ["/signin", "/start/step1", "/requests/add", "/robots.txt", "/no-such-page", "/_root.data"]) {
      await visitor.get(path);
      expect(cacheStatus(await visitor.get(path)), path).toBeNull();
    }
  });

  it("records a consenting visitor's home page visit whether rendered or answered from the cache", async () => {
    const visitor = new Browser(freshDeploy());
    const consented = { Cookie: "tracking_consent=yes" };
    const before = await visitsRecorded();
    const rendered = await visitor.get("/", consented);
    const cached = await visitor.get("/", consented);
    expect(cacheStatus(rendered)).toBe("quiet-mailbox-pages; fwd=miss; stored");
    expect(cacheStatus(cached)).toBe("quiet-mailbox-pages; hit");
    await expect.poll(visitsRecorded, BATCH_WAIT).toBe(before + 2);

    // No visit without consent, from the cache either.
    await visitor.get("/", { Cookie: "tracking_consent=no" });
    await visitor.get("/", { Cookie: "tracking_consent=no" });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await visitsRecorded()).toBe(before + 2);
  });

  it("shows a change staff make at once, without waiting for the cached page to expire", async () => {
    const settings = freshDeploy();
    const visitor = new Browser(settings);
    const admin = (await signedInStaff("admin")).browser.with(settings);
    const quote = "Words published while the page was cached.";
    const id = await createTestimonial(
      db,
      { id: "local-admin", role: "admin" },
      { quote, displayName: "Cached", city: "Boise, ID", consentDate: "2026-02-01", consentMethod: "signed-form" },
    );

    await visitor.get("/");
    expect(cacheStatus(await visitor.get("/"))).toBe("quiet-mailbox-pages; hit");
    expect((await admin.post(`/admin/testimonials/${id}`, { intent: "publish" })).status).toBe(303);

    const after = await visitor.get("/");
    expect(cacheStatus(after)).toBe("quiet-mailbox-pages; fwd=miss; stored");
    expect(await after.text()).toContain(quote);
  });

  it("is not emptied by someone who may not change anything", async () => {
    const settings = freshDeploy();
    const visitor = new Browser(settings);
    await visitor.get("/");
    const { browser: member } = await signedUpUser("public-pages-no-staff");
    expect((await member.with(settings).post("/admin/testimonials/new", { quote: "x", displayName: "x", city: "x" })).status).toBe(404);
    expect((await visitor.post("/admin/senders/new", { id: "x", title: "x" })).status).toBe(302);
    expect(cacheStatus(await visitor.get("/"))).toBe("quiet-mailbox-pages; hit");
  });

  it("shares a page between the isolates of a data center through the Workers Cache API", async () => {
    const release = `test-shared-${Date.now()}`;
    const request = () => new Request("https://example.test/terms", { headers: { Cookie: "tracking_consent=no" } });
    const page = "<!DOCTYPE html><html><body><p>Terms</p></body></html>";
    let renders = 0;
    const render = async () => {
      renders += 1;
      return new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    };

    async function serveInIsolate() {
      vi.resetModules();
      const { PublicPageCache } = await import("~/services/public-pages.server");
      const ctx = createExecutionContext();
      const answer = await new PublicPageCache({ release, maxAgeSeconds: 60 }).serve(request(), { env: parsedEnv(), ctx }, render);
      await waitOnExecutionContext(ctx);
      return answer;
    }

    const first = await serveInIsolate();
    const second = await serveInIsolate();
    expect(cacheStatus(first)).toBe("quiet-mailbox-pages; fwd=miss; stored");
    expect(cacheStatus(second)).toBe("quiet-mailbox-pages; hit");
    expect(await second.text()).toBe(page);
    expect(renders).toBe(1);
  });
});
