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
  for (let attempt = 0; attempt < 50 && (await read()) !== expected; attempt++) await new Promise((r) => setTimeout(r, 20));
  return read();
}

describe("site-visit analytics (spec section 7)", () => {
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
    // Give a stray write the same time the positive case needs, then check nothing arrived.
    await (await SELF.fetch("https://example.test/terms")).text();
    await new Promise((r) => setTimeout(r, 100));
    expect(await visitsRecorded()).toBe(before);
  });
});
