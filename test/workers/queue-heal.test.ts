// The queue healing itself (decision 0038): a refused send is tried again, and the sweep cron sends
// again the jobs the queue holds too long, until it gives up with a reason. The tests play the queue:
// the sweep's sends are captured, then handed to the consumer as the queue would deliver them.
import { createExecutionContext, createMessageBatch, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jobs, type JobState } from "../../drizzle/schema";
import worker from "../../app/worker";
import type { JobEnvelope } from "~/domain/job-envelope";
import { enqueueJob } from "~/queue/producer.server";
import { parseEnv } from "~/utils/env.server";
import { getDb } from "~/utils/db.server";

const QUEUE = "quiet-mailbox-jobs";
const DEAD_LETTER_QUEUE = "quiet-mailbox-jobs-dead";
const SWEEP_CRON = "*/5 * * * *";
const MINUTE = 60_000;
const db = getDb(env.DB);

beforeEach(() => {
  // The sweep reports what it did as a warning (counts only).
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

/** A ping job's row as it would be after some time in `state`. */
async function pingRow(state: JobState, fields: Partial<typeof jobs.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  await db.insert(jobs).values({ id, type: "ping", payload: { failAttempts: 0 }, state, ...fields });
  return id;
}

async function rowOf(id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

/** Runs the sweep cron at `now`, with the queue's sendBatch captured: answers the envelopes it sent. */
async function sweep(now = Date.now()) {
  const sendBatch = vi.spyOn(env.JOBS, "sendBatch").mockResolvedValue(undefined as never);
  const ctx = createExecutionContext();
  await worker.scheduled({ scheduledTime: now, cron: SWEEP_CRON, noRetry() {} }, env, ctx);
  await waitOnExecutionContext(ctx);
  const sent = sendBatch.mock.calls.flatMap(([messages]) => [...messages].map((message) => message.body as JobEnvelope));
  sendBatch.mockRestore();
  return sent;
}

/** Hands messages to the Worker as the queue would, and answers what it acked. */
async function deliver(queue: string, bodies: unknown[], { attempts = 1, sentAt = new Date() } = {}) {
  const batch = createMessageBatch(
    queue,
    bodies.map((body, index) => ({ id: `message-${index}-${crypto.randomUUID()}`, timestamp: sentAt, attempts, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

describe("sending a job to the queue", () => {
  it("tries a refused send again, so the job stays queued with no error", async () => {
    const send = vi.spyOn(env.JOBS, "send").mockRejectedValueOnce(new Error("Queue send failed: Internal Server Error"));
    const sent = await enqueueJob(parseEnv(env), "ping", { failAttempts: 0 });
    expect(send.mock.calls.filter(([body]) => body === sent)).toHaveLength(2);
    expect(await rowOf(sent.id)).toMatchObject({ state: "queued", lastError: null });
  });
});

describe("the sweep", () => {
  // First in the file: the queue's reading position comes from the jobs the consumer took lately.
  it("leaves alone a job that only waits behind older messages, and sends again one the queue has passed", async () => {
    const now = Date.now() + 7 * 24 * 60 * MINUTE;
    // The consumer is still taking messages sent 30 minutes ago: a job sent 20 minutes ago waits its turn.
    await pingRow("succeeded", { updatedAt: new Date(now - MINUTE), messageSentAt: new Date(now - 30 * MINUTE) });
    const waiting = await pingRow("queued", { createdAt: new Date(now - 20 * MINUTE), updatedAt: new Date(now - 20 * MINUTE) });
    const passed = await pingRow("queued", { createdAt: new Date(now - 45 * MINUTE), updatedAt: new Date(now - 45 * MINUTE) });

    const sent = await sweep(now);

    expect(sent.map((envelope) => envelope.id)).toContain(passed);
    expect(sent.map((envelope) => envelope.id)).not.toContain(waiting);
    expect(await rowOf(waiting)).toMatchObject({ state: "queued", resends: 0 });
  });

  it("sends again, once, a job left queued past the bound, and leaves a job sent lately alone", async () => {
    const stuck = await pingRow("queued", { createdAt: new Date(Date.now() - 11 * MINUTE), updatedAt: new Date(Date.now() - 11 * MINUTE) });
    const recent = await pingRow("queued", { updatedAt: new Date(Date.now() - 2 * MINUTE) });

    const sent = await sweep();

    expect(sent.filter((envelope) => envelope.id === stuck)).toEqual([
      { id: stuck, type: "ping", payload: { failAttempts: 0 }, enqueuedAt: expect.any(String) },
    ]);
    expect(sent.map((envelope) => envelope.id)).not.toContain(recent);
    expect(await rowOf(stuck)).toMatchObject({ state: "queued", resends: 1 });
    expect((await rowOf(stuck)).updatedAt.getTime()).toBeGreaterThan(Date.now() - MINUTE);
    // Sent lately, so not again on the next run.
    expect((await sweep()).map((envelope) => envelope.id)).not.toContain(stuck);
  });

  it("sends again a job whose run stopped without an outcome once its lease is over, and runs it once", async () => {
    const crashed = await pingRow("running", {
      attempts: 1,
      updatedAt: new Date(Date.now() - 16 * MINUTE),
      leaseExpiresAt: new Date(Date.now() - MINUTE),
    });
    const [resent] = (await sweep()).filter((envelope) => envelope.id === crashed);
    expect(resent).toBeDefined();

    expect((await deliver(QUEUE, [resent])).explicitAcks).toHaveLength(1);
    expect(await rowOf(crashed)).toMatchObject({ state: "succeeded", attempts: 1, leaseExpiresAt: null });
    // The first message, delivered late, finds it done.
    await deliver(QUEUE, [resent], { attempts: 2 });
    expect(await rowOf(crashed)).toMatchObject({ state: "succeeded", attempts: 1 });
  });

  it("never runs a job while another run holds its lease", async () => {
    const leaseExpiresAt = new Date(Date.now() + 10 * MINUTE);
    const held = await pingRow("running", { attempts: 1, leaseExpiresAt });
    const { payload, type, createdAt } = await rowOf(held);

    const result = await deliver(QUEUE, [{ id: held, type, payload, enqueuedAt: createdAt.toISOString() }], { attempts: 2 });

    expect(result.explicitAcks).toHaveLength(1);
    expect(await rowOf(held)).toMatchObject({ state: "running", attempts: 1, leaseExpiresAt });
    expect((await sweep()).map((envelope) => envelope.id)).not.toContain(held);
  });

  it("never runs again, nor lets a late dead letter mark dead, a job that succeeded", async () => {
    const done = await pingRow("succeeded", { attempts: 1, updatedAt: new Date(Date.now() - 60 * MINUTE) });
    const { payload, type, createdAt } = await rowOf(done);
    const envelope = { id: done, type, payload, enqueuedAt: createdAt.toISOString() };

    expect((await sweep()).map((sent) => sent.id)).not.toContain(done);
    await deliver(QUEUE, [envelope], { attempts: 3 });
    await deliver(DEAD_LETTER_QUEUE, [envelope]);

    expect(await rowOf(done)).toMatchObject({ state: "succeeded", attempts: 1, lastError: null });
  });

  it("gives up on a job it has sent again three times: dead, with the reason and the last error", async () => {
    const hopeless = await pingRow("retrying", {
      resends: 3,
      lastError: "Mailchimp answered 500 Internal Server Error",
      updatedAt: new Date(Date.now() - 30 * MINUTE),
      leaseExpiresAt: new Date(Date.now() - 29 * MINUTE),
    });
    const again = await pingRow("queued", { resends: 2, updatedAt: new Date(Date.now() - 11 * MINUTE) });

    const sent = (await sweep()).map((envelope) => envelope.id);

    expect(sent).not.toContain(hopeless);
    expect(sent).toContain(again);
    expect(await rowOf(hopeless)).toMatchObject({
      state: "dead",
      lastError: "the queue did not run it after 4 sends; last error: Mailchimp answered 500 Internal Server Error",
    });
    expect(await rowOf(again)).toMatchObject({ state: "queued", resends: 3 });
  });
});
