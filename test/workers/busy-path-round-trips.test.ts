// The paths a year of mail runs most, by their D1 round trips (decision 0014): every job's run, and
// every piece recorded. Each round trip is a wait on the database, so a year of 10,000 households
// (bench/followup.ts) spends most of its time in them.
import { createMessageBatch, env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG_SENDERS } from "../../drizzle/catalog";
import { jobs, mailArrivals, mailedLetters, mailTallies, requestLogs, requests, sentEmails } from "../../drizzle/schema";
import { piecesPerDaySince } from "~/domain/mail-tally";
import { tallyOfRow } from "~/models/mail-tally.server";
import worker from "../../app/worker";
import { seedSenderCatalog } from "~/models/request-template.server";
import { recordPiece, recordPieces } from "~/models/mail-piece.server";
import { REMINDER_JOB_TYPE } from "~/models/reminder.server";
import { FOLLOW_UP_NOTICE_JOB_TYPE } from "~/domain/follow-up";
import { getDb } from "~/utils/db.server";
import { countedD1 } from "../support/counting-bindings";
import { fault, received } from "./stand-ins";
import { digestPiece, insertUser, requestRow } from "./support";

const db = getDb(env.DB);
const QUEUE = "quiet-mailbox-jobs";

const sender = CATALOG_SENDERS.find((entry) => entry.category === "catalogs")!;
beforeAll(() => seedSenderCatalog(db, CATALOG_SENDERS));

/** A request of the user's to a catalog sender, sent at `sentAt`. */
async function sentRequest(userId: string, sentAt: Date) {
  const requestId = crypto.randomUUID();
  await db.insert(requests).values({
    userId,
    id: requestId,
    templateId: sender.id,
    senderName: sender.name,
    title: sender.name,
    fullName: "Ada Lovelace",
    type: "preset",
    status: "inQueue",
    processedAt: sentAt,
    queuedAt: sentAt,
    street1: "12 Main St",
    city: "Springfield",
    state: "IL",
    zipCode: "62701",
  });
  return requestId;
}

/** The calls to Postmark's batch endpoint that carried any of these jobs' emails. */
async function batchCallsFor(jobsSent: { id: string }[]) {
  const ids = new Set<string>(jobsSent.map((job) => job.id));
  return received(
    "email",
    (request) =>
      Array.isArray(request.body) &&
      (request.body as { Metadata?: { job?: string } }[]).some((message) => ids.has(message.Metadata?.job ?? "")),
  );
}

/** A first-round reminder job, not yet run, for a new person's request sent on January 5. */
async function reminder(label: string, fields: Parameters<typeof insertUser>[1] = {}) {
  const sentAt = new Date("2026-01-05T15:00:00Z");
  const user = await insertUser(label, fields);
  const requestId = await sentRequest(user.id, sentAt);
  return { id: crypto.randomUUID(), requestId, payload: { userId: user.id, requestId, round: 1, processedAt: sentAt.getTime() } };
}

/** Queue messages carrying these jobs of one type, each a first attempt. */
function queueMessages(type: string, jobsToSend: { id: string; payload: unknown }[]) {
  return jobsToSend.map((job) => ({
    id: `message-${crypto.randomUUID()}`,
    timestamp: new Date(),
    attempts: 1,
    body: { id: job.id, type, payload: job.payload, enqueuedAt: new Date().toISOString() },
  }));
}

async function deliver(database: D1Database, body: unknown) {
  const batch = createMessageBatch(QUEUE, [{ id: `message-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body }]);
  await worker.queue(batch, { ...env, DB: database });
}

describe("a job's run", () => {
  it("takes two round trips of its own: the claim, which passes over an ended job, and its end", async () => {
    const id = crypto.randomUUID();
    const counted = countedD1(env.DB);
    await deliver(counted.binding, { id, type: "ping", payload: {}, enqueuedAt: new Date().toISOString() });
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ state: "succeeded" });
    expect(counted.calls()).toEqual([expect.stringMatching(/^raw: insert into "jobs"/), "batch of 1"]);

    // Delivered again: the claim finds it ended, and nothing more is read or written.
    const again = countedD1(env.DB);
    await deliver(again.binding, { id, type: "ping", payload: {}, enqueuedAt: new Date().toISOString() });
    expect(again.calls()).toHaveLength(1);
    expect((await db.select().from(jobs).where(eq(jobs.id, id)))[0]).toMatchObject({ state: "succeeded", attempts: 1 });
  });

  it("records an email's provider id in the batch that ends the run: three round trips in all", async () => {
    const id = crypto.randomUUID();
    const counted = countedD1(env.DB);
    const payload = { to: "busy-path@quietmailbox.test", subject: "Busy path", text: "Sent once." };
    await deliver(counted.binding, { id, type: "email.send", payload, enqueuedAt: new Date().toISOString() });
    expect(counted.calls()).toEqual([
      expect.stringMatching(/^raw: insert into "jobs"/),
      expect.stringMatching(/^raw: insert into "sent_emails"/),
      "batch of 2",
    ]);
    const [sent] = await db.select().from(sentEmails).where(eq(sentEmails.jobId, id));
    expect(sent).toMatchObject({ state: "sent", messageId: expect.any(String) });
    expect((await db.select().from(jobs).where(eq(jobs.id, id)))[0]).toMatchObject({ state: "succeeded" });
  });

  it("reads a reminder's request and claims its email in one batch: three round trips in all", async () => {
    const user = await insertUser("busy-reminder");
    const requestId = await sentRequest(user.id, new Date("2026-01-05T15:00:00Z"));
    const payload = { userId: user.id, requestId, round: 1, processedAt: new Date("2026-01-05T15:00:00Z").getTime() };
    const id = crypto.randomUUID();
    const counted = countedD1(env.DB);
    await deliver(counted.binding, { id, type: REMINDER_JOB_TYPE, payload, enqueuedAt: new Date().toISOString() });
    expect(counted.calls()).toEqual([expect.stringMatching(/^raw: insert into "jobs"/), "batch of 2", "batch of 2"]);
    expect((await db.select().from(sentEmails).where(eq(sentEmails.jobId, id)))[0]).toMatchObject({ state: "sent" });
    expect(
      await received("email", (request) => (request.body as { Metadata?: { job?: string } } | null)?.Metadata?.job === id),
    ).toHaveLength(1);

    // Answered meanwhile: nothing is sent, and the claim it made is gone with the run's end.
    await db.update(requests).set({ status: "confirmedByUser" }).where(eq(requests.id, requestId));
    const unwanted = crypto.randomUUID();
    await deliver(env.DB, { id: unwanted, type: REMINDER_JOB_TYPE, payload, enqueuedAt: new Date().toISOString() });
    expect(await db.select().from(sentEmails).where(eq(sentEmails.jobId, unwanted))).toEqual([]);
    expect((await db.select().from(jobs).where(eq(jobs.id, unwanted)))[0]).toMatchObject({ state: "succeeded" });
  });

  it("runs a queue batch's reminders together: three round trips and one call to Postmark for all of them (decision 0088)", async () => {
    const wanted = await Promise.all(Array.from({ length: 6 }, (_, index) => reminder(`busy-together-${index}`)));
    // Postmark refuses an inactive recipient; another person answered before the job ran.
    const refused = await reminder("busy-together-refused", { email: `refused-${crypto.randomUUID()}@example.invalid` });
    const answered = await reminder("busy-together-answered");
    await db.update(requests).set({ status: "confirmedByUser" }).where(eq(requests.id, answered.requestId));
    const all = [...wanted, refused, answered];
    // Ten messages, as max_batch_size allows: the first job comes twice, and runs once.
    const messages = queueMessages(REMINDER_JOB_TYPE, [...all, all[0]!, wanted[1]!]);
    const counted = countedD1(env.DB);
    await worker.queue(createMessageBatch(QUEUE, messages), { ...env, DB: counted.binding });

    // The claims; each claimed job's request and email claim; the ends with what each sent or released.
    expect(counted.calls()).toEqual(["batch of 10", "batch of 16", "batch of 16"]);
    const calls = await batchCallsFor(all);
    expect(calls.map((call) => [call.path, (call.body as unknown[]).length])).toEqual([["/email/batch", 7]]);
    const stateOf = async (job: { id: string }) => (await db.select().from(jobs).where(eq(jobs.id, job.id)))[0];
    for (const job of wanted) {
      expect(await stateOf(job)).toMatchObject({ state: "succeeded" });
      expect((await db.select().from(sentEmails).where(eq(sentEmails.jobId, job.id)))[0]).toMatchObject({
        state: "sent",
        messageId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
    }
    // The refused one is dead for staff, the answered one done without an email; neither keeps a claim.
    expect(await stateOf(refused)).toMatchObject({ state: "dead", lastError: expect.stringContaining("error code 406") });
    expect(await stateOf(answered)).toMatchObject({ state: "succeeded" });
    expect(await db.select().from(sentEmails).where(eq(sentEmails.jobId, refused.id))).toEqual([]);
    expect(await db.select().from(sentEmails).where(eq(sentEmails.jobId, answered.id))).toEqual([]);

    // The same batch again: every job that ended is passed over, and nothing more goes out.
    await worker.queue(createMessageBatch(QUEUE, messages.slice(0, 6)), env);
    expect(await batchCallsFor(all)).toHaveLength(1);
  });

  it("retries every reminder of a batch Postmark failed as a whole, each free to send on its next attempt", async () => {
    const jobsOfBatch = await Promise.all(["busy-failed-1", "busy-failed-2"].map((label) => reminder(label)));
    await fault({ vendor: "email", path: "/email/batch", status: 500 });
    const messages = queueMessages(REMINDER_JOB_TYPE, jobsOfBatch);
    await worker.queue(createMessageBatch(QUEUE, messages), env);
    for (const job of jobsOfBatch) {
      expect((await db.select().from(jobs).where(eq(jobs.id, job.id)))[0]).toMatchObject({
        state: "retrying",
        lastError: "Postmark answered 500",
      });
      // Postmark answered, so it took none: the email's claim is gone, and the retry sends it.
      expect(await db.select().from(sentEmails).where(eq(sentEmails.jobId, job.id))).toEqual([]);
    }
  });

  it("runs a queue batch's follow-up notices together, and sends none to a person who turned them off", async () => {
    const notice = async (label: string, followUpEmails: boolean) => {
      const user = await insertUser(label, { followUpEmails });
      const requestId = await sentRequest(user.id, new Date("2026-01-05T15:00:00Z"));
      const [line] = await db
        .insert(requestLogs)
        .values({ userId: user.id, requestId, creator: "system", status: "secondRequest", detail: "We are asking again." })
        .returning({ id: requestLogs.id });
      return { id: crypto.randomUUID(), email: user.email, payload: { userId: user.id, requestId, lineId: line!.id } };
    };
    const notices = [await notice("busy-notice-1", true), await notice("busy-notice-2", true), await notice("busy-notice-off", false)];
    const messages = queueMessages(FOLLOW_UP_NOTICE_JOB_TYPE, notices);
    const counted = countedD1(env.DB);
    await worker.queue(createMessageBatch(QUEUE, messages), { ...env, DB: counted.binding });

    expect(counted.calls()).toEqual(["batch of 3", "batch of 6", "batch of 6"]);
    const [call, ...more] = await batchCallsFor(notices);
    expect(more).toEqual([]);
    expect((call!.body as { To: string; Tag: string }[]).map((email) => [email.To, email.Tag])).toEqual([
      [notices[0]!.email, "follow-up"],
      [notices[1]!.email, "follow-up"],
    ]);
    for (const job of notices) expect((await db.select().from(jobs).where(eq(jobs.id, job.id)))[0]).toMatchObject({ state: "succeeded" });
  });

  it("keeps a job that ended as it ended when it comes again with a payload it cannot run", async () => {
    const id = crypto.randomUUID();
    await db.insert(jobs).values({ id, type: "ping", payload: {}, state: "succeeded" });
    await deliver(env.DB, { id, type: "ping", payload: { failAttempts: -1 }, enqueuedAt: new Date().toISOString() });
    expect((await db.select().from(jobs).where(eq(jobs.id, id)))[0]).toMatchObject({ state: "succeeded", lastError: null });
  });
});

describe("a piece recorded", () => {
  it("reads its request, the request's letters and the person's tally in one round trip, and writes in a second", async () => {
    const user = await insertUser("busy-piece");
    const sentAt = new Date("2026-01-05T15:00:00Z");
    const requestId = await sentRequest(user.id, sentAt);
    // Its letter reached the sender ten days later, so the mail clock starts then, not at the sending.
    await db.insert(mailedLetters).values({
      id: `ltr_busy_${requestId.slice(0, 8)}`,
      userId: user.id,
      requestId,
      costCents: 68,
      toAddress: "1 Sender Way, Springfield, IL 62701",
      trackingState: "delivered",
      trackingAt: new Date("2026-01-15T15:00:00Z"),
      createdAt: sentAt,
    });
    const counted = countedD1(env.DB);
    const piece = (entryId: string, arrivedOn: string) => digestPiece({ userId: user.id, entryId, arrivedOn, templateId: sender.id });
    // 57 days after the sending, but only 47 after the letter arrived: not yet late.
    const early = await recordPiece(getDb(counted.binding), piece("busy-1", "2026-03-03"), new Date("2026-03-03T12:00:00Z"));
    expect(early).toEqual({ requestId, stillComing: false });
    // The piece's row, the tally and the pieces not yet in it (decision 0084) are read with the
    // request; the tally is written with the piece.
    expect(counted.calls()).toEqual([expect.stringMatching(/^batch of 5/), expect.stringMatching(/^batch of 3/)]);
    expect((await requestRow(user.id, requestId)).stillComingAt).toBeNull();

    const late = await recordPiece(db, piece("busy-2", "2026-04-01"), new Date("2026-04-01T12:00:00Z"));
    expect(late).toEqual({ requestId, stillComing: true });
  });

  it("records a reading batch's pieces of two people in one read and one write, each counted once, the request marked once", async () => {
    const sentAt = new Date("2026-01-05T15:00:00Z");
    const [ada, grace] = [await insertUser("busy-pieces-ada"), await insertUser("busy-pieces-grace")];
    const [adaRequest, graceRequest] = [await sentRequest(ada.id, sentAt), await sentRequest(grace.id, sentAt)];
    const piece = (userId: string, entryId: string) => digestPiece({ userId, entryId, arrivedOn: "2026-04-01", templateId: sender.id });
    const counted = countedD1(env.DB);
    const now = new Date("2026-04-01T12:00:00Z");
    const recorded = await recordPieces(
      getDb(counted.binding),
      // Two late pieces of Ada's request, one of them delivered twice, and one of Grace's.
      [piece(ada.id, "busy-batch-1"), piece(grace.id, "busy-batch-2"), piece(ada.id, "busy-batch-3"), piece(ada.id, "busy-batch-1")],
      now,
    );
    expect(counted.calls()).toEqual([expect.stringMatching(/^batch of /), expect.stringMatching(/^batch of /)]);
    expect(recorded).toEqual([
      { requestId: adaRequest, stillComing: true },
      { requestId: graceRequest, stillComing: true },
      { requestId: adaRequest, stillComing: false },
      { requestId: adaRequest, stillComing: false },
    ]);
    const stillComingLines = (userId: string) =>
      db
        .select()
        .from(requestLogs)
        .where(and(eq(requestLogs.userId, userId), eq(requestLogs.status, "stillComing")));
    expect(await stillComingLines(ada.id)).toHaveLength(1);
    expect(await stillComingLines(grace.id)).toHaveLength(1);
    const piecesCounted = async (userId: string) => {
      const [row] = await db.select().from(mailTallies).where(eq(mailTallies.userId, userId));
      return piecesPerDaySince(tallyOfRow(row), "").reduce((sum, day) => sum + day.count, 0);
    };
    expect([await piecesCounted(ada.id), await piecesCounted(grace.id)]).toEqual([2, 1]);
    const unfolded = await db
      .select({ entryId: mailArrivals.entryId })
      .from(mailArrivals)
      .where(and(inArray(mailArrivals.userId, [ada.id, grace.id]), eq(mailArrivals.folded, false)));
    expect(unfolded).toEqual([]);
  });
});
