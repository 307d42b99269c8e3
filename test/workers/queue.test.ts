import { createExecutionContext, createMessageBatch, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { eq, like } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jobs } from "../../drizzle/schema";
import worker from "../../app/worker";
import { enqueueJob, enqueueJobs } from "~/queue/producer.server";
import { parseEnv } from "~/utils/env.server";
import { getDb } from "~/utils/db.server";

const QUEUE = "quiet-mailbox-jobs";
const DEAD_LETTER_QUEUE = "quiet-mailbox-jobs-dead";
const db = getDb(env.DB);

function envelope(type: string, payload: unknown) {
  return { id: crypto.randomUUID(), type, payload, enqueuedAt: new Date().toISOString() };
}

async function deliver(queue: string, bodies: unknown[], attempts = 1, workerEnv: object = env) {
  const batch = createMessageBatch(
    queue,
    bodies.map((body, index) => ({ id: `message-${index}-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body })),
  );
  const retries = batch.messages.map((message) => vi.spyOn(message, "retry"));
  const ctx = createExecutionContext();
  await worker.queue(batch, workerEnv);
  return { ...(await getQueueResult(batch, ctx)), retryOptions: retries.map((spy) => spy.mock.calls[0]?.[0]) };
}

async function jobRow(id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("the job producer", () => {
  it("records the job in D1 and puts its envelope on the queue", async () => {
    const send = vi.spyOn(env.JOBS, "send");
    const sent = await enqueueJob(parseEnv(env), "ping", { failAttempts: 0 }, { userId: "user-1" });
    expect(send).toHaveBeenCalledWith(sent, { contentType: "json" });
    expect(await jobRow(sent.id)).toMatchObject({ type: "ping", state: "queued", userId: "user-1", payload: { failAttempts: 0 } });
  });

  it("keeps a job the queue refused three times queued, with the reason, for the sweep to send again", async () => {
    const send = vi.spyOn(env.JOBS, "send").mockRejectedValue(new Error("queue unavailable"));
    const sent = await enqueueJob(parseEnv(env), "ping", {});
    expect(send.mock.calls.filter(([body]) => body === sent)).toHaveLength(3);
    expect(await jobRow(sent.id)).toMatchObject({ state: "queued", lastError: "could not be queued: queue unavailable" });
  });

  it("sends many jobs a hundred at a time, and keeps every job of a refused hundred queued with the reason", async () => {
    const sendBatch = vi
      .spyOn(env.JOBS, "sendBatch")
      .mockResolvedValueOnce(undefined as never)
      .mockRejectedValue(new Error("queue unavailable"));
    const sent = await enqueueJobs(
      parseEnv(env),
      "ping",
      Array.from({ length: 200 }, () => ({ payload: { failAttempts: 0 } })),
    );
    expect(sendBatch.mock.calls.map(([messages]) => [...messages].length)).toEqual([100, 100, 100, 100]);
    // Read back by type: 200 ids are more than one statement may bind.
    const rows = await db.select({ id: jobs.id, state: jobs.state, lastError: jobs.lastError }).from(jobs).where(eq(jobs.type, "ping"));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(sent.slice(0, 100).every((job) => byId.get(job.id)?.state === "queued" && byId.get(job.id)?.lastError === null)).toBe(true);
    expect(sent.slice(100).map((job) => byId.get(job.id))).toEqual(
      sent.slice(100).map((job) => ({ id: job.id, state: "queued", lastError: "could not be queued: queue unavailable" })),
    );
  });
});

describe("the job consumer", () => {
  it("runs a job, acks it and marks it succeeded", async () => {
    const job = envelope("ping", { failAttempts: 0 });
    await db.insert(jobs).values({ id: job.id, type: job.type, payload: job.payload });
    const result = await deliver(QUEUE, [job]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toHaveLength(0);
    expect(await jobRow(job.id)).toMatchObject({ state: "succeeded", attempts: 1, lastError: null });
  });

  it("retries a failing job with backoff and keeps its error, acking the others in the batch on their own", async () => {
    const failing = envelope("ping", { failAttempts: 3 });
    const passing = envelope("ping", { failAttempts: 0 });
    // The tests' own setting retries at once; production's first delay is 30 s.
    const result = await deliver(QUEUE, [failing, passing], 2, { ...env, JOB_RETRY_BASE_SECONDS: "30" });
    expect(result.retryMessages).toEqual([{ msgId: expect.stringContaining("message-0") }]);
    expect(result.retryOptions).toEqual([{ delaySeconds: 60 }, undefined]);
    expect(result.explicitAcks).toEqual([expect.stringContaining("message-1")]);
    expect(await jobRow(failing.id)).toMatchObject({ state: "retrying", attempts: 2, lastError: "ping asked to fail attempt 2 of 3" });
    expect(await jobRow(passing.id)).toMatchObject({ state: "succeeded" });
  });

  it("does not run a job twice when the queue delivers it again", async () => {
    const job = envelope("ping", { failAttempts: 0 });
    await deliver(QUEUE, [job]);
    await db.update(jobs).set({ attempts: 99 }).where(eq(jobs.id, job.id));
    const again = await deliver(QUEUE, [job], 2);
    expect(again.explicitAcks).toHaveLength(1);
    expect(await jobRow(job.id)).toMatchObject({ state: "succeeded", attempts: 99 });
  });

  it.each([
    ["a body that is not an envelope", { hello: "world" }, "malformed", "the message is not a job envelope"],
    ["an unknown job type", envelope("no-such-job", {}), "no-such-job", 'unknown job type "no-such-job"'],
    ["an invalid payload", envelope("ping", { failAttempts: -1 }), "ping", "invalid payload"],
  ])("keeps %s as a dead job instead of retrying it", async (_label, body, type, error) => {
    const result = await deliver(QUEUE, [body]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toHaveLength(0);
    // A malformed message has no job id of its own: it is kept under the queue's message id.
    const id = "id" in body ? body.id : result.explicitAcks[0]!;
    expect(await jobRow(id)).toMatchObject({ type, state: "dead", lastError: expect.stringContaining(error) });
  });

  it("marks jobs that ran out of retries dead, keeping the last error", async () => {
    const job = envelope("ping", { failAttempts: 10 });
    await deliver(QUEUE, [job], 5);
    const result = await deliver(DEAD_LETTER_QUEUE, [job], 1);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await jobRow(job.id)).toMatchObject({
      state: "dead",
      lastError: "ran out of retries; last error: ping asked to fail attempt 5 of 10",
    });
  });
});

describe("the daily cron", () => {
  it("forgets succeeded jobs after 30 days and keeps failed ones", async () => {
    const now = Date.now();
    const old = new Date(now - 31 * 24 * 60 * 60 * 1000);
    await db.insert(jobs).values([
      { id: "cron-old-ok", type: "ping", payload: {}, state: "succeeded", updatedAt: old },
      { id: "cron-old-dead", type: "ping", payload: {}, state: "dead", updatedAt: old },
      { id: "cron-new-ok", type: "ping", payload: {}, state: "succeeded" },
    ]);
    const ctx = createExecutionContext();
    await worker.scheduled({ scheduledTime: now, cron: "0 14 * * *", noRetry() {} }, env, ctx);
    await waitOnExecutionContext(ctx);
    const ids = (await db.select({ id: jobs.id }).from(jobs).where(like(jobs.id, "cron-%"))).map((row) => row.id).sort();
    expect(ids).toEqual(["cron-new-ok", "cron-old-dead"]);
  });

  it("marks dead, for staff, the jobs the queue has not run for a day, and leaves the others", async () => {
    const now = Date.now();
    const dayAndMinute = new Date(now - 24 * 60 * 60 * 1000 - 60_000);
    const hours = new Date(now - 23 * 60 * 60 * 1000);
    await db.insert(jobs).values([
      { id: "stranded-queued", type: "ping", payload: {}, state: "queued", updatedAt: dayAndMinute },
      { id: "stranded-running", type: "ping", payload: {}, state: "running", updatedAt: dayAndMinute },
      {
        id: "stranded-retrying",
        type: "ping",
        payload: {},
        state: "retrying",
        lastError: "Mailchimp answered 500",
        updatedAt: dayAndMinute,
      },
      { id: "stranded-not-yet", type: "ping", payload: {}, state: "retrying", updatedAt: hours },
      { id: "stranded-cancelled", type: "ping", payload: {}, state: "cancelled", updatedAt: dayAndMinute },
      { id: "stranded-done", type: "ping", payload: {}, state: "succeeded", updatedAt: dayAndMinute },
    ]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const ctx = createExecutionContext();
    await worker.scheduled({ scheduledTime: now, cron: "0 14 * * *", noRetry() {} }, env, ctx);
    await waitOnExecutionContext(ctx);
    const rows = await db
      .select({ id: jobs.id, state: jobs.state, lastError: jobs.lastError })
      .from(jobs)
      .where(like(jobs.id, "stranded-%"))
      .orderBy(jobs.id);
    const lost = "the queue has not run it for a day; it may have been lost";
    expect(rows).toEqual([
      { id: "stranded-cancelled", state: "cancelled", lastError: null },
      { id: "stranded-done", state: "succeeded", lastError: null },
      { id: "stranded-not-yet", state: "retrying", lastError: null },
      { id: "stranded-queued", state: "dead", lastError: lost },
      { id: "stranded-retrying", state: "dead", lastError: `${lost}; last error: Mailchimp answered 500` },
      { id: "stranded-running", state: "dead", lastError: lost },
    ]);
    expect(warn).toHaveBeenCalledWith("3 jobs had not run for a day; marked dead for staff to retry");
    warn.mockRestore();
  });
});
