// The background work end to end, through the local runtime's real queue (batches of up to 10,
// retries, the dead-letter queue and its consumer) and the stand-ins. Retries wait 0 s here
// (JOB_RETRY_BASE_SECONDS), so a job can run through all of its attempts within a test.
import { createHash } from "node:crypto";
import { env } from "cloudflare:test";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jobs, users, type JobState } from "../../drizzle/schema";
import type { StandInRequest } from "../stand-ins/server";
import { enqueueJob } from "~/queue/producer.server";
import { parseEnv } from "~/utils/env.server";
import { getDb } from "~/utils/db.server";
import { ADDRESS, Browser, signUp, signedUpUser } from "./http";
import { clearFaults, fault, received, uniqueEmail } from "./stand-ins";

const appEnv = parseEnv(env);
const db = getDb(env.DB);
const memberPath = (email: string) => `/lists/local-list/members/${createHash("md5").update(email.toLowerCase()).digest("hex")}`;
const FINISHED: JobState[] = ["succeeded", "dead"];

beforeEach(() => {
  // The consumer logs each failed attempt (type, id and error only); the runs below fail on purpose.
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(async () => {
  await clearFaults();
  vi.restoreAllMocks();
});

/** Waits until every job matched has succeeded or is dead, and answers their rows. */
function settled(where: SQL, expected: number, timeout = 60_000) {
  return vi.waitFor(
    async () => {
      const rows = await db.select().from(jobs).where(where);
      expect(rows.length, "jobs matched").toBeGreaterThanOrEqual(expected);
      expect(
        rows.filter((row) => !FINISHED.includes(row.state)).map((row) => `${row.type} ${row.state}`),
        "jobs not settled",
      ).toEqual([]);
      return rows;
    },
    { timeout, interval: 200 },
  );
}

function jobsWhere({ userIds, ids }: { userIds?: string[]; ids?: string[] }) {
  return userIds ? inArray(jobs.userId, userIds) : inArray(jobs.id, ids ?? []);
}

/** A full name of letters only (the signup form wants two words), unique to this test run. */
function uniqueFullName() {
  const letters = crypto
    .randomUUID()
    .replace(/-/g, "")
    .slice(0, 8)
    .replace(/[0-9]/g, (digit) => "abcdefghij"[Number(digit)]!);
  return `Ada ${letters[0]!.toUpperCase()}${letters.slice(1)}`;
}

async function signUpWithName(label: string) {
  const browser = new Browser();
  const email = uniqueEmail(label);
  const fullName = uniqueFullName();
  const response = await signUp(browser, email, "secret-123", { ...ADDRESS, fullName });
  expect(response.status).toBe(303);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { email, fullName, userId: user!.id };
}

const answered = (status: number) => (request: StandInRequest) => request.answeredStatus === status;

/** What each vendor received for these users: every call, and the calls it answered with success. */
async function deliveriesFor(people: { email: string; fullName: string }[]) {
  const emails = new Set(people.map((person) => person.email));
  const paths = new Set(people.map((person) => memberPath(person.email)));
  const subjects = new Set(people.map((person) => `New user: ${person.fullName}`));
  const subscribes = await received("mailchimp", (request) => request.method === "PUT" && paths.has(request.path));
  const notices = await received("email", (request) => subjects.has(String((request.body as { Subject?: string } | null)?.Subject)));
  const welcomes = await received(
    "email",
    (request) =>
      emails.has(String((request.body as { To?: string } | null)?.To)) &&
      (request.body as { Subject?: string }).Subject === "Welcome to Quiet Mailbox",
  );
  const customers = await received(
    "stripe",
    (request) =>
      request.method === "POST" &&
      request.path === "/v1/customers" &&
      emails.has(String((request.body as { email?: string } | null)?.email)),
  );
  return {
    subscribes,
    notices,
    customers,
    delivered: {
      subscribes: subscribes.filter(answered(200)),
      notices: notices.filter(answered(200)),
      customers: customers.filter(answered(200)),
      welcomes: welcomes.filter(answered(200)),
    },
  };
}

describe("signing up", () => {
  it("produces exactly one subscribe, one new-user notice and one customer creation", async () => {
    const person = await signUpWithName("background-signup");
    const rows = await settled(jobsWhere({ userIds: [person.userId] }), 4);
    expect(rows.map((row) => [row.type, row.state]).sort()).toEqual([
      ["billing.createCustomer", "succeeded"],
      ["email.send", "succeeded"],
      ["newsletter.notifyNewUser", "succeeded"],
      ["newsletter.subscribe", "succeeded"],
    ]);
    const { subscribes, notices, customers } = await deliveriesFor([person]);
    expect(subscribes.map((request) => request.answeredStatus)).toEqual([200]);
    expect(subscribes[0]!.body).toMatchObject({ email_address: person.email, status_if_new: "subscribed" });
    expect(notices.map((request) => request.answeredStatus)).toEqual([200]);
    expect(customers.map((request) => request.answeredStatus)).toEqual([200]);
  }, 60_000);

  it("queues no newsletter tag when someone not on the newsletter uses up their free requests", async () => {
    const { browser, userId } = await signedUpUser("background-no-newsletter");
    await db.update(users).set({ newsletter: false, numOfFreeRequest: 1 }).where(eq(users.id, userId));
    expect((await browser.post("/requests/add", { senderName: "Last Free Catalog", customerNumber: "" })).status).toBe(303);
    const tags = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.userId, userId), eq(jobs.type, "newsletter.tag")));
    expect(tags).toEqual([]);
  });
});

describe("a Mailchimp outage", () => {
  it("ends, once Mailchimp is back, with every subscribe delivered exactly once", async () => {
    const people = Array.from({ length: 4 }, () => ({ email: uniqueEmail("outage"), fullName: uniqueFullName() }));
    // The next 7 calls to members fail: every first attempt and some second ones.
    await fault({ vendor: "mailchimp", path: "/lists/local-list/members/", status: 503, times: 7 });
    const envelopes = await Promise.all(people.map((person) => enqueueJob(appEnv, "newsletter.subscribe", person)));

    const rows = await settled(jobsWhere({ ids: envelopes.map((envelope) => envelope.id) }), people.length);
    expect(rows.every((row) => row.state === "succeeded")).toBe(true);
    expect(rows.every((row) => row.attempts >= 2)).toBe(true);

    const { subscribes } = await deliveriesFor(people);
    for (const person of people) {
      const calls = subscribes.filter((request) => request.path === memberPath(person.email)).map((request) => request.answeredStatus);
      expect(calls[0]).toBe(503);
      expect(calls.filter((status) => status === 200)).toHaveLength(1);
    }
  }, 60_000);

  it("does not retry an address Mailchimp refuses (400): the job is dead at once with the reason", async () => {
    const envelope = await enqueueJob(appEnv, "newsletter.subscribe", {
      email: uniqueEmail("refused", "example.invalid"),
      fullName: "Ada Lovelace",
    });
    const [row] = await settled(jobsWhere({ ids: [envelope.id] }), 1);
    expect(row).toMatchObject({ state: "dead", attempts: 1, lastError: "Mailchimp answered 400 Invalid Resource" });
  }, 30_000);
});

describe("a job that keeps failing", () => {
  it("runs out of retries and ends in the dead-letter store with its last error", async () => {
    const envelope = await enqueueJob(appEnv, "ping", { failAttempts: 99 });
    const [row] = await settled(jobsWhere({ ids: [envelope.id] }), 1, 90_000);
    // wrangler.toml: max_retries = 5, so six attempts, then the dead-letter queue's consumer.
    expect(row).toMatchObject({
      state: "dead",
      attempts: 6,
      lastError: "ran out of retries; last error: ping asked to fail attempt 6 of 99",
    });
  }, 120_000);
});

describe("a malformed message", () => {
  it("is kept as dead at once and does not hold back the jobs sent with it", async () => {
    const marker = crypto.randomUUID();
    const good = { id: crypto.randomUUID(), type: "ping", payload: { failAttempts: 0 }, enqueuedAt: new Date().toISOString() };
    await db.insert(jobs).values({ id: good.id, type: good.type, payload: good.payload });
    await env.JOBS.sendBatch([
      { body: { not: "a job", marker }, contentType: "json" },
      { body: good, contentType: "json" },
      { body: { ...good, id: crypto.randomUUID(), type: "no.such.job", marker }, contentType: "json" },
    ]);
    const [goodRow] = await settled(jobsWhere({ ids: [good.id] }), 1);
    expect(goodRow).toMatchObject({ state: "succeeded", attempts: 1 });

    await expect
      .poll(
        async () => {
          const dead = await db.select().from(jobs).where(eq(jobs.state, "dead"));
          return dead
            .filter(
              (row) => (row.payload as { marker?: string } | null)?.marker === marker || row.lastError === 'unknown job type "no.such.job"',
            )
            .map((row) => row.type)
            .sort();
        },
        { timeout: 15_000, interval: 200 },
      )
      .toEqual(expect.arrayContaining(["malformed", "no.such.job"]));
  }, 30_000);
});

describe("vendors failing one call in three", () => {
  it("still delivers every signup's calls exactly once, and loses no job", async () => {
    for (const vendor of ["mailchimp", "email", "stripe"]) await fault({ vendor, status: 503, every: 3, times: 1000 });
    const people = [];
    for (let index = 0; index < 10; index += 1) people.push(await signUpWithName("one-in-three"));
    // Four jobs each: the subscribe, the staff notice, the customer and the welcome email.
    const rows = await settled(jobsWhere({ userIds: people.map((person) => person.userId) }), people.length * 4, 90_000);
    await clearFaults();

    const { subscribes, notices, customers, delivered } = await deliveriesFor(people);
    const counts = {
      jobs: rows.length,
      succeeded: rows.filter((row) => row.state === "succeeded").length,
      dead: rows.filter((row) => row.state === "dead").length,
      retried: rows.filter((row) => row.attempts > 1).length,
      attempts: rows.reduce((total, row) => total + row.attempts, 0),
      vendorCalls: subscribes.length + notices.length + customers.length,
      failedCalls: [...subscribes, ...notices, ...customers].filter(answered(503)).length,
      delivered: delivered.subscribes.length + delivered.notices.length + delivered.customers.length,
    };
    console.info(`one call in three failing: ${JSON.stringify(counts)}`);

    expect(counts.dead).toBe(0);
    expect(counts.succeeded).toBe(people.length * 4);
    expect(counts.failedCalls).toBeGreaterThan(0);
    for (const person of people) {
      expect(delivered.subscribes.filter((request) => request.path === memberPath(person.email))).toHaveLength(1);
      expect(
        delivered.notices.filter((request) => (request.body as { Subject: string }).Subject === `New user: ${person.fullName}`),
      ).toHaveLength(1);
      expect(delivered.customers.filter((request) => (request.body as { email: string }).email === person.email)).toHaveLength(1);
      expect(delivered.welcomes.filter((request) => (request.body as { To: string }).To === person.email)).toHaveLength(1);
    }
  }, 120_000);
});
