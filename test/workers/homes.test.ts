// Users in two D1 databases (decisions 0031 and 0082): the Worker is handed the second one as
// USERS_1, a user whose row in user_homes says home 1 is served from it, and the staff pages count
// and list the users and requests of both.
import { applyD1Migrations, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { requestLogs, requests, userHomes, users } from "../../drizzle/schema";
import { DAY_MS } from "~/domain/dates";
import { billingCreateCustomerJob } from "~/jobs/stripe-customer.server";
import { dbFor, getDb, homeDatabases } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { ADDRESS, Browser, signedInStaff } from "./http";
import { htmlOf, insertUser, sessionCookieFor, textOf } from "./support";

const db = getDb(env.DB);
const secondHome = getDb(env.SECOND_HOME);
const TWO_HOMES = { USERS_1: env.SECOND_HOME };

beforeAll(async () => {
  await applyD1Migrations(env.SECOND_HOME, env.TEST_MIGRATIONS);
});

/** Moves a user's row to the second home as decision 0031's move would: a copy, the switch of home, then the delete. */
async function moveToSecondHome(userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  await secondHome.insert(users).values(row!);
  await db.insert(userHomes).values({ userId, home: 1 });
  await db.delete(users).where(eq(users.id, userId));
}

/** A request to a sender typed by name, waiting in queue since `daysAgo`: on the staff's work queue once the return address wait is over. */
async function waitingRequest(home: typeof db, userId: string, senderName: string, daysAgo: number) {
  const queuedAt = new Date(Date.now() - daysAgo * DAY_MS);
  await home.insert(requests).values({ ...ADDRESS, userId, senderName, title: senderName, type: "custom", status: "inQueue", queuedAt });
}

/** A browser signed in as `userId` through a session made the way the app makes them. */
async function signedInAs(userId: string, settings?: Record<string, unknown>) {
  const [name = "", value = ""] = (await sessionCookieFor(userId)).split("=");
  return new Browser(settings, new Map([[name, value]]));
}

/** The number the overview shows beside `label`. */
const figure = (html: string, label: string) => Number(new RegExp(`<span class="figure">(\\d+)</span>${label}`).exec(html)?.[1]);

describe("the database of a user's home", () => {
  it("is the one database while there is one, and the directory's choice once there are two", async () => {
    const { id } = await insertUser("home-choice");
    expect(homeDatabases(env)).toEqual([env.DB]);
    expect(await dbFor(env, id)).toBe(db);

    const twoHomes = { ...env, ...TWO_HOMES };
    expect(homeDatabases(twoHomes)).toEqual([env.DB, env.SECOND_HOME]);
    expect(await dbFor(twoHomes, id)).toBe(db);
    await db.insert(userHomes).values({ userId: id, home: 1 });
    expect(await dbFor(twoHomes, id)).toBe(secondHome);

    await db.update(userHomes).set({ home: 2 }).where(eq(userHomes.userId, id));
    await expect(dbFor(twoHomes, id)).rejects.toThrow("A user lives in home 2, which has no D1 binding (USERS_2).");
  });
});

describe("a user in the second home", () => {
  it("is signed in, and their dashboard and progress come from their own database", async () => {
    const { id } = await insertUser("second-home-user");
    await moveToSecondHome(id);
    await waitingRequest(secondHome, id, "Second Home Catalog Co", 1);

    const browser = await signedInAs(id, TWO_HOMES);
    const dashboard = await browser.get("/dashboard");
    expect(dashboard.status).toBe(200);
    expect(textOf(await htmlOf(dashboard))).toContain("Second Home Catalog Co");
    const progress = await browser.get("/progress");
    expect(progress.status).toBe(200);
    expect(textOf(await htmlOf(progress))).toMatch(/Second Home Catalog Co/);

    // Handed only the first database, the Worker no longer knows the user: the pages read their home.
    const oneHome = await (await signedInAs(id)).get("/dashboard");
    expect(oneHome.status).toBe(302);
    expect(oneHome.headers.get("Location")).toMatch(/^\/signin/);
  });
});

describe("a job about a user in the second home", () => {
  it("reads and writes the user's rows in their own database: a Stripe customer, once", async () => {
    const { id } = await insertUser("second-home-billing");
    await moveToSecondHome(id);
    const context = { env: parseEnv({ ...env, ...TWO_HOMES }), jobId: crypto.randomUUID(), attempt: 1 } as never;

    await billingCreateCustomerJob.handle({ userId: id }, context);
    const [owner] = await secondHome.select({ customer: users.stripeCustomerId }).from(users).where(eq(users.id, id));
    expect(owner?.customer).toMatch(/^cus_/);
    // Again, as a queue delivering twice would: the customer the first run made is kept.
    await billingCreateCustomerJob.handle({ userId: id }, context);
    const [again] = await secondHome.select({ customer: users.stripeCustomerId }).from(users).where(eq(users.id, id));
    expect(again?.customer).toBe(owner?.customer);
    // Handed the first database alone, the job finds no such user.
    await expect(billingCreateCustomerJob.handle({ userId: id }, { ...(context as object), env: parseEnv(env) } as never)).rejects.toThrow(
      `user ${id} does not exist`,
    );
  });
});

describe("the staff pages", () => {
  it("count the users and the requests waiting on a channel of both homes, and list both homes' requests in the work queue", async () => {
    const { browser: staff } = await signedInStaff("admin");
    const LABELS = ["Users", "Waiting on a channel", "Waiting more than two days"];
    /** What the second home adds to each figure: the overview handed both databases, less the one handed the first alone. */
    const secondHomesShare = async () => {
      const firstOnly = await htmlOf(await staff.get("/admin"));
      const both = await htmlOf(await staff.with(TWO_HOMES).get("/admin"));
      return LABELS.map((label) => figure(both, label) - figure(firstOnly, label));
    };
    const before = await secondHomesShare();

    const near = await insertUser("first-home-user");
    const far = await insertUser("second-home-user");
    await moveToSecondHome(far.id);
    await waitingRequest(db, near.id, "First Home Typed Co", 10);
    await waitingRequest(secondHome, far.id, "Second Home Typed Co", 12);

    expect(await secondHomesShare()).toEqual(before.map((share) => share + 1));

    const queue = textOf(await htmlOf(await staff.with(TWO_HOMES).get("/admin/queue")));
    expect(queue).toContain("First Home Typed Co");
    expect(queue).toContain("Second Home Typed Co");
    expect(textOf(await htmlOf(await staff.get("/admin/queue")))).not.toContain("Second Home Typed Co");
  });

  it("mark a second home's request filed in its own database, with its history line there", async () => {
    const { browser: staff } = await signedInStaff("admin");
    const far = await insertUser("second-home-filed");
    await moveToSecondHome(far.id);
    await waitingRequest(secondHome, far.id, "Second Home Form Co", 9);
    const [waiting] = await secondHome.select().from(requests).where(eq(requests.userId, far.id));

    const posted = await staff.with(TWO_HOMES).post(
      "/admin/queue",
      new URLSearchParams([
        ["intent", "filed"],
        ["group", "custom:second home form co"],
        ["request", `${far.id}:${waiting!.id}`],
      ]),
    );
    expect(posted.status).toBe(303);
    const [filed] = await secondHome.select().from(requests).where(eq(requests.userId, far.id));
    expect(filed!.processedAt).not.toBeNull();
    const lines = await secondHome.select().from(requestLogs).where(eq(requestLogs.userId, far.id));
    expect(lines.map((line) => line.status)).toContain("filed");
    expect(await db.$count(requestLogs, eq(requestLogs.userId, far.id))).toBe(0);
  });
});
