import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs, requests, users } from "../../drizzle/schema";
import { listWorkQueue } from "~/models/work-queue.server";
import { chunkedInserts, getDb } from "~/utils/db.server";
import { rowsReadCounting } from "./support";

// The work queue at scale (decision 0036): premium requests found by an index of their own, and
// an email still on its way found by request, so a visit reads about as many rows as it lists
// however long the backlog of waiting requests is. D1 reports the rows each statement read.

const db = getDb(env.DB);
const address = { street1: "1 Main St", city: "Springfield", state: "IL", zipCode: "62701" };

async function aUser(label: string, plan?: { plan: "basic" | "premium"; stripeSubscriptionId: string }) {
  const id = `queue-${label}-${crypto.randomUUID().slice(0, 8)}`;
  await db.insert(users).values({ id, email: `${id}@quietmailbox.test`, passwordHash: "x", fullName: "Queue Person", ...address, ...plan });
  return id;
}

/** Custom requests in queue, not sent yet, queued a minute apart from `from`. */
async function waiting(userId: string, count: number, from: number) {
  const rows = Array.from({ length: count }, (_, index) => ({
    userId,
    id: `waiting-${index}`,
    senderName: `Waiting Co ${index}`,
    title: `Waiting Co ${index}`,
    fullName: "Queue Person",
    type: "custom" as const,
    status: "inQueue" as const,
    queuedAt: new Date(from + index * 60_000),
    ...address,
  }));
  for (const insert of chunkedInserts(db, requests, rows)) await insert;
}

async function premiumFlags(userId: string) {
  const rows = await db.select({ premium: requests.ownerPremium }).from(requests).where(eq(requests.userId, userId));
  return rows.map((row) => row.premium);
}

describe("the work queue at scale", () => {
  it("marks a request premium while its owner pays for premium, from the plan's start to its end", async () => {
    const userId = await aUser("plan");
    await waiting(userId, 2, Date.now());
    expect(await premiumFlags(userId)).toEqual([false, false]);

    await db.update(users).set({ plan: "premium", stripeSubscriptionId: "sub_queue_1" }).where(eq(users.id, userId));
    expect(await premiumFlags(userId)).toEqual([true, true]);
    await db.insert(requests).values({
      userId,
      id: "later",
      senderName: "Later Co",
      title: "Later Co",
      fullName: "Queue Person",
      type: "custom",
      ...address,
    });
    expect(await premiumFlags(userId)).toEqual([true, true, true]);

    await db.update(users).set({ plan: "basic" }).where(eq(users.id, userId));
    expect(await premiumFlags(userId)).toEqual([false, false, false]);
    await db.update(users).set({ plan: "premium", stripeSubscriptionId: null }).where(eq(users.id, userId));
    expect(await premiumFlags(userId), "premium without a subscription is not paid for").toEqual([false, false, false]);

    const basic = await aUser("basic", { plan: "basic", stripeSubscriptionId: "sub_queue_2" });
    await waiting(basic, 1, Date.now());
    expect(await premiumFlags(basic)).toEqual([false]);
  });

  it("lists premium requests first and leaves out one being emailed, reading about as many rows as it lists", async () => {
    const start = Date.UTC(2026, 0, 1);
    const backlog = await aUser("backlog");
    await waiting(backlog, 60, start);
    const paying = await aUser("paying", { plan: "premium", stripeSubscriptionId: "sub_queue_3" });
    await waiting(paying, 3, start + 86_400_000);
    await db.insert(jobs).values({
      id: crypto.randomUUID(),
      type: "optOut.email",
      payload: { requestId: "waiting-1" },
      userId: paying,
      state: "retrying",
    });

    const counter = { rowsRead: 0 };
    const listed = await listWorkQueue(getDb(rowsReadCounting(env.DB, counter)), { limit: 5 });

    expect(listed.map((row) => [row.userId === paying ? "paying" : "backlog", row.id, row.premium])).toEqual([
      ["paying", "waiting-0", true],
      ["paying", "waiting-2", true],
      ["backlog", "waiting-0", false],
      ["backlog", "waiting-1", false],
      ["backlog", "waiting-2", false],
    ]);
    // Two walks of at most 5 requests, each with its catalog, recipients and email lookups: far
    // fewer than the 63 requests waiting, which a walk filtering the whole backlog would read.
    expect(counter.rowsRead).toBeGreaterThan(0);
    expect(counter.rowsRead).toBeLessThan(40);
  });
});
