import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs, requests, requestTemplates, users } from "../../drizzle/schema";
import { deleteAccount } from "~/models/account.server";
import { getDb } from "~/utils/db.server";

const db = getDb(env.DB);

// The overview's totals live in staff_counts, kept by triggers (migration 0010). Whatever happens
// to the rows, they must equal what counting the tables says.

/** The totals, counted the slow way. */
async function counted() {
  const queries = [
    "select 'users' as key, count(*) as value from users",
    "select 'users.usedUp' as key, count(*) as value from users where numOfFreeRequest = 0 and stripeSubscriptionId is null",
    "select 'users.subscribers:' || coalesce(plan, '') as key, count(*) as value from users where stripeSubscriptionId is not null group by plan",
    "select 'requests.status:' || coalesce(status, '') as key, count(*) as value from requests group by status",
    "select 'requests.processed' as key, count(*) as value from requests where processedAt is not null",
    "select 'requests.confirmed' as key, count(*) as value from requests where processedAt is not null and status = 'confirmedByUser'",
    "select 'requests.inQueue:' || coalesce(templateId, '') as key, count(*) as value from requests where status = 'inQueue' group by templateId",
    "select 'jobs.state:' || state as key, count(*) as value from jobs group by state",
  ];
  const results = await env.DB.batch<{ key: string; value: number }>(queries.map((query) => env.DB.prepare(query)));
  const rows = results.flatMap((result) => result.results);
  return Object.fromEntries(rows.filter((row) => row.value !== 0).map((row) => [row.key, row.value]));
}

async function stored() {
  const { results } = await env.DB.prepare("select key, value from staff_counts where value <> 0").all<{ key: string; value: number }>();
  return Object.fromEntries(results.map((row) => [row.key, row.value]));
}

const address = { street1: "1 Main St", city: "Springfield", state: "IL", zipCode: "62701" };

async function aUser(label: string) {
  const id = `counts-${label}-${crypto.randomUUID().slice(0, 8)}`;
  await db.insert(users).values({ id, email: `${id}@quietmailbox.test`, passwordHash: "x", fullName: "Count Person", ...address });
  return id;
}

describe("the overview's running totals", () => {
  it("follow inserts, updates and deletes of users, requests and jobs, account deletion and a template's removal", async () => {
    expect(await stored()).toEqual(await counted());

    const templateId = `counts-template-${crypto.randomUUID().slice(0, 8)}`;
    await db
      .insert(requestTemplates)
      .values({ id: templateId, title: "Counted Co", category: "Catalogs", confidence: "low", channels: [], requiredDays: 30 });
    const alice = await aUser("alice");
    const bob = await aUser("bob");
    const request = { fullName: "Count Person", ...address };
    await db.insert(requests).values([
      { userId: alice, id: "a1", senderName: "Counted Co", title: "Counted Co", type: "preset", templateId, ...request },
      {
        userId: alice,
        id: "a2",
        senderName: "Own Co",
        title: "Own Co",
        type: "custom",
        status: "inQueue",
        queuedAt: new Date(),
        ...request,
      },
      { userId: bob, id: "b1", senderName: "Counted Co", title: "Counted Co", type: "preset", templateId, status: "inQueue", ...request },
    ]);
    await db.insert(jobs).values([
      { id: `counts-job-${alice}`, type: "ping", userId: alice, state: "queued" },
      { id: `counts-job-${bob}`, type: "ping", userId: bob, state: "retrying" },
    ]);
    expect(await stored()).toEqual(await counted());

    const now = new Date();
    await db.update(requests).set({ status: "inQueue", queuedAt: now }).where(eq(requests.id, "a1"));
    await db.update(requests).set({ processedAt: now }).where(eq(requests.userId, alice));
    await db.update(requests).set({ status: "confirmedByUser" }).where(eq(requests.id, "a2"));
    await db.update(users).set({ numOfFreeRequest: 0 }).where(eq(users.id, alice));
    await db.update(users).set({ stripeSubscriptionId: "sub_counted", plan: "premium" }).where(eq(users.id, bob));
    await db.update(users).set({ plan: "basic" }).where(eq(users.id, bob));
    await db.update(jobs).set({ state: "dead" }).where(eq(jobs.userId, bob));
    expect(await stored()).toEqual(await counted());

    // The template goes: its requests keep their rows with no template (ON DELETE SET NULL).
    await db.delete(requestTemplates).where(eq(requestTemplates.id, templateId));
    expect(await stored()).toEqual(await counted());

    // Deleting an account takes its requests by cascade and cancels its jobs.
    await deleteAccount(db, alice);
    await deleteAccount(db, bob);
    await db.delete(jobs).where(eq(jobs.id, `counts-job-${bob}`));
    expect(await stored()).toEqual(await counted());
  });
});
