import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analyticsEvents } from "../../drizzle/schema";
import { getDb } from "~/utils/db.server";

const db = getDb(env.DB);
const CONSENTED = { Cookie: "tracking_consent=yes" };

async function visitsRecorded() {
  return db.$count(analyticsEvents, eq(analyticsEvents.name, "Visited Homepage"));
}

/** Visits are written in batches about a second after they happen. */
const BATCH_WAIT = { timeout: 15_000, interval: 100 };

describe("site-visit analytics (product rules: Calls to the server)", () => {
  it("records every one of many simultaneous visits, one row each", async () => {
    const before = await visitsRecorded();
    const responses = await Promise.all(Array.from({ length: 30 }, () => SELF.fetch("https://example.test/", { headers: CONSENTED })));
    await Promise.all(responses.map((response) => response.text()));
    await expect.poll(visitsRecorded, BATCH_WAIT).toBe(before + 30);
  });

  it("records Visited Homepage without any personal data", async () => {
    const before = await visitsRecorded();
    const response = await SELF.fetch("https://example.test/", { headers: CONSENTED });
    await response.text();
    await expect.poll(visitsRecorded, BATCH_WAIT).toBe(before + 1);
    const [event] = await db.select().from(analyticsEvents).where(eq(analyticsEvents.name, "Visited Homepage"));
    expect(event).toMatchObject({ userId: null, properties: null });
  });

  it.each([
    ["no answer to the consent question yet", {}],
    ["a no to the consent question", { Cookie: "tracking_consent=no" }],
    ["Do Not Track, even after a yes", { ...CONSENTED, DNT: "1" }],
    ["Global Privacy Control, even after a yes", { ...CONSENTED, "Sec-GPC": "1" }],
  ])("records nothing with %s", async (_label, headers: Record<string, string>) => {
    const before = await visitsRecorded();
    await (await SELF.fetch("https://example.test/", { headers })).text();
    // Give a stray write more time than a batch takes to arrive, then check nothing did.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await visitsRecorded()).toBe(before);
  });
});

describe("the consent question", () => {
  it("is asked with a plain form until answered, and not at all with an opt-out signal", async () => {
    const ask = await (await SELF.fetch("https://example.test/learn")).text();
    expect(ask).toContain('action="/api/consent"');
    expect(ask).toContain('name="redirectTo" value="/learn"');
    for (const headers of [CONSENTED, { Cookie: "tracking_consent=no" }, { "Sec-GPC": "1" }]) {
      expect(await (await SELF.fetch("https://example.test/learn", { headers })).text()).not.toContain('action="/api/consent"');
    }
  });

  it("keeps the answer in a cookie and returns to the page", async () => {
    const response = await SELF.fetch("https://example.test/api/consent", {
      method: "POST",
      redirect: "manual",
      headers: { Host: "example.test", Origin: "https://example.test", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ consent: "yes", redirectTo: "/learn" }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/learn");
    expect(response.headers.get("Set-Cookie")).toMatch(/^tracking_consent=yes; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly$/);
  });
});
