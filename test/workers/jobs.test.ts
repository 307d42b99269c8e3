import { createHash } from "node:crypto";
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { jobs, sentEmails, users } from "../../drizzle/schema";
import worker from "../../app/worker";
import { fault, received, uniqueEmail } from "./stand-ins";
import { sendEmail } from "~/integrations/email.server";
import { getMailchimp } from "~/integrations/mailchimp.server";
import { parseEnv } from "~/utils/env.server";
import { getDb } from "~/utils/db.server";

const QUEUE = "quiet-mailbox-jobs";
const appEnv = parseEnv(env);
const db = getDb(env.DB);
const md5 = (text: string) => createHash("md5").update(text.toLowerCase()).digest("hex");
const memberPath = (email: string) => `/lists/local-list/members/${md5(email)}`;

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});

/** Runs one job through the Worker's queue handler, as the queue would deliver it. */
async function runJob(type: string, payload: unknown, { attempts = 1, id = crypto.randomUUID() }: { attempts?: number; id?: string } = {}) {
  const body = { id, type, payload, enqueuedAt: new Date().toISOString() };
  await db.insert(jobs).values({ id, type, payload }).onConflictDoNothing();
  const batch = createMessageBatch(QUEUE, [{ id: `message-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body }]);
  const retry = vi.spyOn(batch.messages[0]!, "retry");
  const ctx = createExecutionContext();
  // Production's backoff (the tests' own setting retries at once).
  await worker.queue(batch, { ...env, JOB_RETRY_BASE_SECONDS: "30" });
  const result = await getQueueResult(batch, ctx);
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return {
    acked: result.explicitAcks.length === 1,
    retried: result.retryMessages.length === 1,
    retryOptions: retry.mock.calls[0]?.[0],
    row: row!,
  };
}

/** Whatever the consumer logged must not hold an address (docs/decisions/0003). */
function expectNothingLoggedAbout(...secrets: string[]) {
  const logged = consoleError.mock.calls.flat().map(String).join("\n");
  for (const secret of secrets) expect(logged).not.toContain(secret);
}

describe("newsletter.subscribe", () => {
  it("adds the member and succeeds", async () => {
    const email = uniqueEmail("subscriber");
    const job = await runJob("newsletter.subscribe", { email, fullName: "Sam Subscriber" });
    expect(job).toMatchObject({ acked: true, retried: false, row: { state: "succeeded", lastError: null } });
    const [request] = await received("mailchimp", (r) => r.path === memberPath(email));
    expect(request).toMatchObject({ method: "PUT", body: { email_address: email, merge_fields: { FNAME: "Sam", LNAME: "Subscriber" } } });
  });

  it.each([429, 500])("is retried with backoff when Mailchimp answers %i", async (status) => {
    const email = uniqueEmail(`busy${status}`);
    await fault({
      vendor: "mailchimp",
      path: memberPath(email),
      status,
      body: { title: status === 429 ? "Too Many Requests" : "Internal Server Error", status },
    });
    const job = await runJob("newsletter.subscribe", { email, fullName: "Busy Day" }, { attempts: 2 });
    expect(job).toMatchObject({ acked: false, retried: true, retryOptions: { delaySeconds: 60 }, row: { state: "retrying", attempts: 2 } });
    expect(job.row.lastError).toMatch(new RegExp(`^Mailchimp answered ${status}`));
    expectNothingLoggedAbout(email);

    // The next delivery goes through.
    const again = await runJob("newsletter.subscribe", { email, fullName: "Busy Day" }, { attempts: 3, id: job.row.id });
    expect(again).toMatchObject({ acked: true, row: { state: "succeeded", lastError: null } });
  });

  it("is dead, not retried, when Mailchimp refuses the address (400)", async () => {
    const email = uniqueEmail("fake", "example.invalid");
    const job = await runJob("newsletter.subscribe", { email, fullName: "Fake Person" });
    expect(job).toMatchObject({
      acked: true,
      retried: false,
      row: { state: "dead", lastError: "Mailchimp answered 400 Invalid Resource" },
    });
    expectNothingLoggedAbout(email);
  });
});

describe("newsletter.tag", () => {
  it("tags an existing member", async () => {
    const email = uniqueEmail("tagged");
    await getMailchimp(appEnv).upsertMember(email, "Tess Tagged");
    const job = await runJob("newsletter.tag", { email, tag: "basic-plan" });
    expect(job).toMatchObject({ acked: true, row: { state: "succeeded" } });
    expect((await getMailchimp(appEnv).getMember(email)).tags).toEqual([expect.objectContaining({ name: "basic-plan" })]);
  });

  it("is retried while the member is not in the audience yet (404)", async () => {
    const email = uniqueEmail("early");
    const job = await runJob("newsletter.tag", { email, tag: "free-requests-used" });
    expect(job).toMatchObject({ retried: true, row: { state: "retrying", lastError: "Mailchimp answered 404 Resource Not Found" } });
  });
});

describe("newsletter.notifyNewUser", () => {
  it("emails staff the new user's name", async () => {
    const fullName = `Nora New ${crypto.randomUUID().slice(0, 8)}`;
    const job = await runJob("newsletter.notifyNewUser", { fullName });
    expect(job).toMatchObject({ acked: true, row: { state: "succeeded" } });
    const [request] = await received("email", (r) => (r.body as { Subject?: string } | null)?.Subject === `New user: ${fullName}`);
    expect(request!.body).toMatchObject({ To: appEnv.STAFF_EMAIL, Tag: "new-user", TextBody: expect.stringContaining(fullName) });
  });
});

describe("billing.createCustomer", () => {
  async function insertUser() {
    const id = crypto.randomUUID();
    await db.insert(users).values({
      id,
      email: uniqueEmail("customer"),
      passwordHash: "not-a-real-hash",
      fullName: "Cory Customer",
      street1: "2 Elm St",
      city: "Portland",
      state: "OR",
      zipCode: "97201",
    } as typeof users.$inferInsert);
    return id;
  }
  const customerRequests = (userId: string) =>
    received("stripe", (r) => r.method === "POST" && r.headers["idempotency-key"] === `customer-${userId}`);
  const storedCustomerId = async (userId: string) =>
    (await db.select({ stripeCustomerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId)))[0]?.stripeCustomerId;

  it("creates one customer however often it runs, and stores its id once", async () => {
    const userId = await insertUser();
    const first = await runJob("billing.createCustomer", { userId });
    expect(first).toMatchObject({ acked: true, row: { state: "succeeded" } });
    const customerId = await storedCustomerId(userId);
    expect(customerId).toMatch(/^cus_/);

    const second = await runJob("billing.createCustomer", { userId });
    expect(second).toMatchObject({ acked: true, row: { state: "succeeded" } });
    expect(await storedCustomerId(userId)).toBe(customerId);
    expect(await customerRequests(userId)).toHaveLength(1);
  });

  it("is retried when Stripe answers 500, and the retry keeps the same idempotency key", async () => {
    const userId = await insertUser();
    await fault({
      vendor: "stripe",
      path: "/v1/customers",
      status: 500,
      body: { error: { type: "api_error", message: "Stand-in fault" } },
    });
    const job = await runJob("billing.createCustomer", { userId });
    expect(job).toMatchObject({ retried: true, row: { state: "retrying", lastError: "Stripe answered 500: api_error" } });
    expect(await storedCustomerId(userId)).toBeNull();

    const again = await runJob("billing.createCustomer", { userId }, { attempts: 2, id: job.row.id });
    expect(again).toMatchObject({ acked: true, row: { state: "succeeded" } });
    expect(await storedCustomerId(userId)).toMatch(/^cus_/);
    expect(await customerRequests(userId)).toHaveLength(2);
  });

  it("is dead when the user no longer exists", async () => {
    const job = await runJob("billing.createCustomer", { userId: "no-such-user" });
    expect(job).toMatchObject({ acked: true, retried: false, row: { state: "dead", lastError: "user no-such-user does not exist" } });
  });
});

describe("email.send", () => {
  const sentEmailRow = async (jobId: string) => (await db.select().from(sentEmails).where(eq(sentEmails.jobId, jobId)))[0];
  const sentTo = (to: string) => received("email", (r) => (r.body as { To?: string } | null)?.To === to);

  it("sends the message", async () => {
    const to = uniqueEmail("letter");
    const job = await runJob("email.send", { to, subject: "Hello", text: "Hi", listUnsubscribe: "https://quietmailbox.local/u/1" });
    expect(job).toMatchObject({ acked: true, row: { state: "succeeded" } });
    const [request] = await sentTo(to);
    expect(request!.body).toMatchObject({
      Subject: "Hello",
      Headers: expect.arrayContaining([{ Name: "List-Unsubscribe", Value: "<https://quietmailbox.local/u/1>" }]),
    });
  });

  it.each([429, 500])("is retried when Postmark answers %i", async (status) => {
    const to = uniqueEmail(`later${status}`);
    await fault({ vendor: "email", path: "/email", status });
    const job = await runJob("email.send", { to, subject: "Hello", text: "Hi" });
    expect(job).toMatchObject({
      retried: true,
      retryOptions: { delaySeconds: 30 },
      row: { state: "retrying", lastError: `Postmark answered ${status}` },
    });
    expectNothingLoggedAbout(to);
  });

  it("is dead, not retried, when Postmark refuses the recipient (422)", async () => {
    const to = uniqueEmail("bounced", "example.invalid");
    const job = await runJob("email.send", { to, subject: "Hello", text: "Hi" });
    expect(job).toMatchObject({
      acked: true,
      retried: false,
      row: { state: "dead", lastError: "Postmark answered 422, error code 406 (inactive recipient)" },
    });
    expectNothingLoggedAbout(to);
  });

  it("sends once however often the same job is delivered, with its id as Postmark metadata", async () => {
    const to = uniqueEmail("once");
    const id = crypto.randomUUID();
    await runJob("email.send", { to, subject: "Once", text: "Hi" }, { id });
    // A redelivery the consumer does not recognise as done (its row was reset) still finds the send record.
    await db.update(jobs).set({ state: "queued" }).where(eq(jobs.id, id));
    const again = await runJob("email.send", { to, subject: "Once", text: "Hi" }, { id, attempts: 2 });
    expect(again).toMatchObject({ acked: true, row: { state: "succeeded" } });
    const sent = await sentTo(to);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ Metadata: { job: id } });
    expect(await sentEmailRow(id)).toMatchObject({ state: "sent", messageId: expect.any(String) });
  });

  it("asks Postmark, not sends again, when an earlier attempt stopped between sending and recording it", async () => {
    const to = uniqueEmail("cut-off");
    const id = crypto.randomUUID();
    // The earlier attempt: its record says "sending", and Postmark did take the message.
    await db.insert(sentEmails).values({ jobId: id, state: "sending" });
    const earlier = await sendEmail(appEnv, { to, subject: "Cut off", text: "Hi", metadata: { job: id } });
    const job = await runJob("email.send", { to, subject: "Cut off", text: "Hi" }, { id, attempts: 2 });
    expect(job).toMatchObject({ acked: true, row: { state: "succeeded" } });
    expect(await sentTo(to)).toHaveLength(1);
    expect(await sentEmailRow(id)).toMatchObject({ state: "sent", messageId: earlier.messageId });
    const searches = await received("email", (r) => r.path === "/messages/outbound" && r.query[`metadata_job`] === id);
    expect(searches).toHaveLength(1);
  });

  it("sends when the cut-off attempt never reached Postmark", async () => {
    const to = uniqueEmail("never-reached");
    const id = crypto.randomUUID();
    await db.insert(sentEmails).values({ jobId: id, state: "sending" });
    expect(await runJob("email.send", { to, subject: "Late", text: "Hi" }, { id, attempts: 2 })).toMatchObject({
      row: { state: "succeeded" },
    });
    expect(await sentTo(to)).toHaveLength(1);
  });

  it("forgets its send record when Postmark refuses, so the retry sends", async () => {
    const to = uniqueEmail("refused-then-sent");
    const id = crypto.randomUUID();
    await fault({ vendor: "email", path: "/email", status: 503 });
    expect(await runJob("email.send", { to, subject: "Retry", text: "Hi" }, { id })).toMatchObject({ retried: true });
    expect(await sentEmailRow(id)).toBeUndefined();
    expect(await runJob("email.send", { to, subject: "Retry", text: "Hi" }, { id, attempts: 2 })).toMatchObject({
      row: { state: "succeeded" },
    });
    expect((await sentTo(to)).filter((r) => r.answeredStatus === 200)).toHaveLength(1);
    expect(await received("email", (r) => r.path === "/messages/outbound" && r.query.metadata_job === id)).toHaveLength(0);
  });

  it("is dead when the payload is not a message", async () => {
    const job = await runJob("email.send", { to: "not-an-address", subject: "Hello", text: "Hi" });
    expect(job).toMatchObject({ acked: true, row: { state: "dead", lastError: expect.stringContaining("invalid payload") } });
  });
});
