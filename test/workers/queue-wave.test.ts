// The consumer against a Mailchimp that fails one call in three and refuses a call that finds too
// many open (429), as under a wave of signups (docs/decisions/0033). The test plays the queue: it
// hands the consumer every pending message as one batch, bigger than the concurrency cap, gives
// retried messages back with one more attempt, and sends the sixth failure to the dead-letter
// consumer, as max_retries = 5 does. The audience is the test's own, so the stand-in's counts are
// this test's alone.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jobs } from "../../drizzle/schema";
import worker from "../../app/worker";
import { JOBS_AT_ONCE } from "~/jobs/consumer.server";
import { insertJobs } from "~/models/job.server";
import { getDb } from "~/utils/db.server";
import type { JobEnvelope } from "~/domain/job-envelope";
import type { MailchimpLoadRecord, MailchimpLoadSettings } from "../stand-ins/vendors/mailchimp";
import { FAKE_EMAIL_DOMAIN, md5 } from "../stand-ins/vendors/mailchimp";
import { standInsUrl, uniqueEmail } from "./stand-ins";

const ATTEMPTS = 6;
const db = getDb(env.DB);

async function setLoad(listId: string, settings: Partial<MailchimpLoadSettings>) {
  const response = await fetch(`${standInsUrl()}/__stand-ins/mailchimp/lists/${listId}/load`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(settings),
  });
  expect(response.status).toBe(204);
}

async function readLoad(listId: string) {
  const response = await fetch(`${standInsUrl()}/__stand-ins/mailchimp/lists/${listId}/load`);
  return (await response.json()) as MailchimpLoadRecord;
}

async function subscribeJobs(emails: string[]) {
  const envelopes: JobEnvelope[] = emails.map((email) => ({
    id: crypto.randomUUID(),
    type: "newsletter.subscribe",
    payload: { email, fullName: "Wave Person" },
    enqueuedAt: new Date().toISOString(),
  }));
  await insertJobs(
    db,
    envelopes.map((envelope) => ({ envelope, userId: null })),
  );
  return envelopes;
}

/** What the queue does with max_retries = 5 and a dead-letter queue, one batch per round. */
async function runQueue(envelopes: JobEnvelope[], workerEnv: object) {
  let pending = envelopes.map((body) => ({ body, attempts: 1 }));
  const retryDelays: number[] = [];
  const exhausted: JobEnvelope[] = [];
  while (pending.length > 0) {
    const batch = createMessageBatch(
      "quiet-mailbox-jobs",
      pending.map(({ body, attempts }) => ({ id: body.id, timestamp: new Date(), attempts, body })),
    );
    const retries = batch.messages.map((message) => vi.spyOn(message, "retry"));
    const ctx = createExecutionContext();
    await worker.queue(batch, workerEnv);
    await getQueueResult(batch, ctx);
    const next: typeof pending = [];
    batch.messages.forEach((message, index) => {
      const call = retries[index]!.mock.calls[0];
      if (!call) return;
      retryDelays.push(call[0]?.delaySeconds ?? 0);
      const body = message.body as JobEnvelope;
      if (message.attempts < ATTEMPTS) next.push({ body, attempts: message.attempts + 1 });
      else exhausted.push(body);
    });
    pending = next;
  }
  if (exhausted.length > 0) {
    const dead = createMessageBatch(
      "quiet-mailbox-jobs-dead",
      exhausted.map((body) => ({ id: body.id, timestamp: new Date(), attempts: ATTEMPTS, body })),
    );
    await worker.queue(dead, workerEnv);
  }
  return { retryDelays, exhausted };
}

async function rowsOf(envelopes: JobEnvelope[]) {
  return db
    .select({ id: jobs.id, state: jobs.state, lastError: jobs.lastError, payload: jobs.payload })
    .from(jobs)
    .where(
      inArray(
        jobs.id,
        envelopes.map((envelope) => envelope.id),
      ),
    );
}

beforeEach(() => {
  // Each failed attempt is logged as a warning; the dead-letter consumer logs nothing.
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("the job queue under a wave", () => {
  it("keeps at most 10 Mailchimp calls open, retries the 500s, and ends each job delivered once or dead with its reason", async () => {
    const listId = `wave-${crypto.randomUUID()}`;
    await setLoad(listId, { failEvery: 3, maxOpen: 10, latencyMs: 20 });
    const emails = Array.from({ length: 50 }, (_, index) => uniqueEmail(`wave${index}`));
    const envelopes = await subscribeJobs(emails);

    const { retryDelays, exhausted } = await runQueue(envelopes, { ...env, MAILCHIMP_LIST_ID: listId });

    const load = await readLoad(listId);
    expect(load.peakOpen).toBeLessThanOrEqual(JOBS_AT_ONCE);
    expect(load.peakOpen).toBeGreaterThan(1);
    expect(load.answered["429"] ?? 0).toBe(0);
    expect(load.answered["500"]).toBeGreaterThan(0);
    // Every 500 is retried, but on the sixth attempt.
    expect(retryDelays).toHaveLength(load.answered["500"]! - exhausted.length);

    for (const row of await rowsOf(envelopes)) {
      const { email } = row.payload as { email: string };
      const upserts = load.members[md5(email.toLowerCase())]?.upserts ?? 0;
      if (row.state === "succeeded") expect(upserts).toBe(1);
      else
        expect(row).toMatchObject({
          state: "dead",
          lastError: "ran out of retries; last error: Mailchimp answered 500 Internal Server Error",
        });
      if (row.state === "dead") expect(upserts).toBe(0);
    }
  });

  it("retries a 429 like a 500, and a job that runs out of tries ends dead with Mailchimp's last answer", async () => {
    const listId = `wave-${crypto.randomUUID()}`;
    // A Mailchimp that allows 3 open calls where the consumer keeps 10 open: 429s on every round.
    await setLoad(listId, { maxOpen: 3, latencyMs: 30 });
    const envelopes = await subscribeJobs(Array.from({ length: 20 }, (_, index) => uniqueEmail(`crowded${index}`)));

    const { retryDelays } = await runQueue(envelopes, { ...env, MAILCHIMP_LIST_ID: listId, JOB_RETRY_BASE_SECONDS: "30" });

    const load = await readLoad(listId);
    expect(load.answered["429"]).toBeGreaterThan(0);
    // Backoff: 30 s after the first failure, doubling after each.
    expect(new Set(retryDelays)).toContain(30);
    expect(Math.max(...retryDelays)).toBeGreaterThanOrEqual(60);
    const rows = await rowsOf(envelopes);
    for (const row of rows) {
      expect(["succeeded", "dead"]).toContain(row.state);
      const upserts = load.members[md5((row.payload as { email: string }).email.toLowerCase())]?.upserts ?? 0;
      expect(upserts).toBe(row.state === "succeeded" ? 1 : 0);
      if (row.state === "dead") expect(row.lastError).toBe("ran out of retries; last error: Mailchimp answered 429 Too Many Requests");
    }
    expect(rows.filter((row) => row.state === "succeeded").length).toBeGreaterThan(0);
  });

  it("ends a job dead at once on a 400, and after six attempts on a Mailchimp that always fails", async () => {
    const listId = `wave-${crypto.randomUUID()}`;
    const [fake, failing] = await subscribeJobs([uniqueEmail("fake", FAKE_EMAIL_DOMAIN), uniqueEmail("unlucky")]);
    await setLoad(listId, {});
    const refused = await runQueue([fake!], { ...env, MAILCHIMP_LIST_ID: listId });
    expect(refused.retryDelays).toEqual([]);
    await setLoad(listId, { failEvery: 1 });

    const { exhausted } = await runQueue([failing!], { ...env, MAILCHIMP_LIST_ID: listId });

    expect(exhausted).toHaveLength(1);
    expect((await readLoad(listId)).calls).toBe(ATTEMPTS);
    const rows = new Map((await rowsOf([fake!, failing!])).map((row) => [row.id, row]));
    expect(rows.get(fake!.id)).toMatchObject({ state: "dead", lastError: "Mailchimp answered 400 Invalid Resource" });
    expect(rows.get(failing!.id)).toMatchObject({
      state: "dead",
      lastError: "ran out of retries; last error: Mailchimp answered 500 Internal Server Error",
    });
  });
});
