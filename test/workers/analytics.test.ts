import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analyticsEvents } from "../../drizzle/schema";
import { getDb } from "~/utils/db.server";

const db = getDb(env.DB);

async function visitsRecorded() {
  return db.$count(analyticsEvents, eq(analyticsEvents.name, "Visited Homepage"));
}

async function settled(read: () => Promise<number>, expected: number) {
  // Visits are written in batches about a second after they happen.
  for (let attempt = 0; attempt < 100 && (await read()) !== expected; attempt++) await new Promise((r) => setTimeout(r, 50));
  return read();
}

describe("site-visit analytics (spec section 7)", () => {
  it("records every one of many simultaneous visits, one row each", async () => {
    const before = await visitsRecorded();
    const responses = await Promise.all(Array.from({ length: 30 }, () => SELF.fetch("https://example.test/")));
    await Promise.all(responses.map((response) => response.text()));
    expect(await settled(visitsRecorded, before + 30)).toBe(before + 30);
  });

  it("records Visited Homepage without any personal data", async () => {
    const before = await visitsRecorded();
    const response = await SELF.fetch("https://example.test/");
    await response.text();
    expect(await settled(visitsRecorded, before + 1)).toBe(before + 1);
    const [event] = await db.select().from(analyticsEvents).where(eq(analyticsEvents.name, "Visited Homepage"));
    expect(event).toMatchObject({ userId: null, properties: null });
  });

  it.each([["DNT", "1"], ["Sec-GPC", "1"]])("records nothing when the browser sends %s: %s", async (header, value) => {
    const before = await visitsRecorded();
    await (await SELF.fetch("https://example.test/", { headers: { [header]: value } })).text();
    // Give a stray write more time than a batch takes to arrive, then check nothing did.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await visitsRecorded()).toBe(before);
  });
});
