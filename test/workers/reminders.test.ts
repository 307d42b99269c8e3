// "Has the mail stopped?" reminders: the daily cron claims due reminders and queues one email job
// each, the real local queue delivers them to the email stand-in; the page the reminder links to;
// turning reminders off from the link (also the RFC 8058 one-click POST). Time is moved by running
// the cron at a later scheduledTime, and requests are written straight to D1 with processedAt in
// the past. The cron sees every request in this file's D1, so each test reads only its own users'
// email and rows.
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { and, desc, eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  analyticsEvents,
  jobs,
  mailedLetters,
  requestLogs,
  requestReminders,
  requests,
  users,
  type RequestStatus,
} from "../../drizzle/schema";
import worker from "../../app/worker";
import { DAY_MS } from "~/domain/dates";
import { claimDueReminders, createReminderJobs, listRemindersWithoutJob, REMINDER_JOB_TYPE } from "~/models/reminder.server";
import { chunkedInserts, getDb } from "~/utils/db.server";
import { Browser, ORIGIN, signedUpUser } from "./http";
import { emailsReceived, type PostmarkMessage } from "./stand-ins";
import { htmlOf, insertUser, jobsSettled } from "./support";

const db = getDb(env.DB);
const APP_ORIGIN = "http://127.0.0.1:8787";

/** The daily cron, as Cloudflare would start it at `at`. */
async function runCron(at: Date) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at.getTime(), cron: "0 14 * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function newRequest(
  userId: string,
  senderName: string,
  {
    status = "inQueue",
    processedAt = null,
    requiredDays = 30,
  }: { status?: RequestStatus | null; processedAt?: Date | null; requiredDays?: number } = {},
) {
  const id = crypto.randomUUID();
  await db.insert(requests).values({
    userId,
    id,
    senderName,
    title: senderName,
    fullName: "Ada Lovelace",
    type: "custom",
    status,
    requiredDays,
    street1: "12 Main St",
    city: "Springfield",
    state: "IL",
    zipCode: "62701",
    queuedAt: processedAt,
    processedAt,
  });
  return id;
}

const daysBefore = (date: Date, days: number) => new Date(date.getTime() - days * DAY_MS);
const daysAfter = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** The reminders the email stand-in took for one address, sent alone or in a batch, oldest first. */
const emailsTo = (address: string) => emailsReceived((email) => email.To === address && email.Tag === "reminder");

/** Waits until the queue has run every reminder job of these users (none may be left queued or retrying). */
async function settled(userIds: string[]) {
  await jobsSettled(REMINDER_JOB_TYPE, { userIds });
}

const reminderRowsOf = (userId: string) =>
  db
    .select({ requestId: requestReminders.requestId, round: requestReminders.round, jobId: requestReminders.jobId })
    .from(requestReminders)
    .where(eq(requestReminders.userId, userId));

const requestOf = async (userId: string, id: string) =>
  (
    await db
      .select()
      .from(requests)
      .where(and(eq(requests.userId, userId), eq(requests.id, id)))
  )[0]!;
const reminderSettingOf = async (userId: string) =>
  (await db.select({ on: users.reminderEmails }).from(users).where(eq(users.id, userId)))[0]!.on;
const header = (email: PostmarkMessage, name: string) => email.Headers?.find((entry) => entry.Name === name)?.Value;
/** The app's links carry APP_ORIGIN; the tests reach the same Worker under ORIGIN. */
const localPath = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

describe("the reminder cron", () => {
  it("the reminder cron sends one email per due request even when run twice", async () => {
    const now = new Date();
    const ada = await insertUser("reminder-due");
    // Due once mail printed before should have stopped coming: eight weeks after the sender got it.
    const due = await newRequest(ada.id, "Garden Goods Catalog", { processedAt: daysBefore(now, 56) });
    const dayEarly = await newRequest(ada.id, "Early Catalog", { processedAt: daysBefore(now, 55) });
    // Its days to act are over, but mail printed before may still come: not asked yet.
    const actedOnly = await newRequest(ada.id, "Acted Catalog", { processedAt: daysBefore(now, 30) });
    const slowSender = await newRequest(ada.id, "Slow Sender", { processedAt: daysBefore(now, 59), requiredDays: 60 });
    const confirmed = await newRequest(ada.id, "Stopped Catalog", { status: "confirmedByUser", processedAt: daysBefore(now, 40) });
    const cancelled = await newRequest(ada.id, "Cancelled Catalog", { status: "cancelled", processedAt: daysBefore(now, 40) });
    const notSentYet = await newRequest(ada.id, "Waiting Catalog");
    const grace = await insertUser("reminder-second-user");
    await newRequest(grace.id, "Acme Offers", { processedAt: daysBefore(now, 57) });
    const quiet = await insertUser("reminder-off", { reminderEmails: false });
    await newRequest(quiet.id, "Garden Goods Catalog", { processedAt: daysBefore(now, 60) });

    await runCron(now);
    await runCron(now);
    await Promise.all([runCron(now), runCron(now)]);
    await settled([ada.id, grace.id, quiet.id]);

    expect((await reminderRowsOf(ada.id)).map((row) => row.requestId)).toEqual([due]);
    expect(await reminderRowsOf(quiet.id)).toEqual([]);
    const adaJobs = await db
      .select({ state: jobs.state })
      .from(jobs)
      .where(and(eq(jobs.userId, ada.id), eq(jobs.type, "reminder.send")));
    expect(adaJobs).toEqual([{ state: "succeeded" }]);

    const [email, ...more] = await emailsTo(ada.email);
    expect(more, "one email, however often the cron ran").toEqual([]);
    expect(await emailsTo(grace.email)).toHaveLength(1);
    expect(await emailsTo(quiet.email)).toEqual([]);
    for (const other of [dayEarly, actedOnly, slowSender, confirmed, cancelled, notSentYet]) expect(email!.TextBody).not.toContain(other);

    expect(email!.Subject).toBe("Has mail from Garden Goods Catalog stopped?");
    expect(email!.TextBody).toContain(
      "That time is over now: mail Garden Goods Catalog printed before your request should have stopped coming.",
    );
    expect(email!.TextBody).not.toContain("may still arrive");
    expect(email!.Tag).toBe("reminder");
    expect(email!.TextBody).toContain(`${APP_ORIGIN}/reminders/${due}`);
    const unsubscribe = email!.TextBody!.match(/http\S+\/reminders\/unsubscribe\?token=\S+/)?.[0];
    expect(unsubscribe).toMatch(new RegExp(`^${APP_ORIGIN}/reminders/unsubscribe\\?token=${ada.id}\\.[\\w-]+$`));
    expect(header(email!, "List-Unsubscribe")).toBe(`<${unsubscribe}>`);
    expect(header(email!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  });

  it("counts a letter's days from when it reached the sender: its delivery, or the day Lob expects it", async () => {
    const now = new Date();
    const user = await insertUser("reminder-letters");
    const letterOn = async (requestId: string, mailedAt: Date, expectedDeliveryDate: string, deliveredAt: Date | null = null) =>
      db.insert(mailedLetters).values({
        id: `ltr_${crypto.randomUUID()}`,
        userId: user.id,
        requestId,
        costCents: 100,
        expectedDeliveryDate,
        trackingState: deliveredAt ? "delivered" : "inTransit",
        trackingAt: deliveredAt,
        createdAt: mailedAt,
      });
    const isoDay = (date: Date) => date.toISOString().slice(0, 10);
    // Mailed 57 days ago, expected at the sender 4 days later: 53 of its 56 days have passed.
    const stillInTime = await newRequest(user.id, "Letter Catalog", { processedAt: daysBefore(now, 57) });
    await letterOn(stillInTime, daysBefore(now, 57), isoDay(daysBefore(now, 53)));
    // Mailed 60 days ago and delivered 2 days later: its 56 days are over.
    const delivered = await newRequest(user.id, "Delivered Catalog", { processedAt: daysBefore(now, 60) });
    await letterOn(delivered, daysBefore(now, 60), isoDay(daysBefore(now, 46)), daysBefore(now, 58));

    await runCron(now);
    await settled([user.id]);
    expect((await reminderRowsOf(user.id)).map((row) => row.requestId)).toEqual([delivered]);
  });

  it("two runs that read the same unassigned claims create one job per claim between them", async () => {
    const now = new Date();
    const ada = await insertUser("reminder-race");
    await newRequest(ada.id, "First Catalog", { processedAt: daysBefore(now, 59) });
    await newRequest(ada.id, "Second Catalog", { processedAt: daysBefore(now, 60) });
    await claimDueReminders(db, now);
    // Both runs read their page before either wrote a job.
    const pages = await Promise.all([listRemindersWithoutJob(db, 500), listRemindersWithoutJob(db, 500)]);
    const [mineA, mineB] = pages.map((page) => page.filter((reminder) => reminder.userId === ada.id));
    expect(mineA).toHaveLength(2);
    expect(mineB).toEqual(mineA);
    const [createdA, createdB] = await Promise.all([createReminderJobs(db, mineA!), createReminderJobs(db, mineB!)]);
    expect(createdA.length + createdB.length).toBe(2);
    const jobIds = (
      await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.userId, ada.id), eq(jobs.type, "reminder.send")))
    )
      .map((job) => job.id)
      .sort();
    expect(jobIds).toEqual([...createdA, ...createdB].map((job) => job.id).sort());
    expect((await reminderRowsOf(ada.id)).map((row) => row.jobId).sort()).toEqual(jobIds);
  });

  it("claims and queues a large batch within D1's bound-parameter limit, a queue call per hundred", async () => {
    const now = new Date();
    const ada = await insertUser("reminder-many");
    const rows = Array.from({ length: 120 }, (_, index) => ({
      userId: ada.id,
      id: `bulk-${index}`,
      senderName: `Catalog ${index}`,
      title: `Catalog ${index}`,
      fullName: "Ada Lovelace",
      type: "custom" as const,
      status: "inQueue" as const,
      street1: "12 Main St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      processedAt: daysBefore(now, 60),
    }));
    const [first, ...rest] = chunkedInserts(db, requests, rows);
    await db.batch([first!, ...rest]);
    // The queue is held back: this test is about the claiming, not 120 emails.
    const sendBatch = vi.spyOn(env.JOBS, "sendBatch").mockResolvedValue(undefined as never);
    await runCron(now);
    const queuedForAda = sendBatch.mock.calls
      .flatMap(([messages]) => [...messages])
      .filter((message) => (message.body as { payload: { userId: string } }).payload.userId === ada.id);
    const callSizes = sendBatch.mock.calls.map(([messages]) => [...messages].length);
    sendBatch.mockRestore();
    expect(queuedForAda).toHaveLength(120);
    expect(Math.max(...callSizes)).toBeLessThanOrEqual(100);
    const reminders = await reminderRowsOf(ada.id);
    expect(reminders).toHaveLength(120);
    expect(reminders.every((row) => row.jobId !== null)).toBe(true);
    expect(new Set(queuedForAda.map((message) => (message.body as { id: string }).id))).toEqual(new Set(reminders.map((row) => row.jobId)));
  });

  it("sends the first reminder once the mail should have stopped, the second two weeks after it, none after the user answers, and none after the second", async () => {
    const now = new Date();
    const { browser, userId, email } = await signedUpUser("reminder-rounds");
    const subjects = async () => (await emailsTo(email)).map((sent) => sent.Subject);
    const stillWaiting = await newRequest(userId, "Outdoor Gear Catalog", { processedAt: daysBefore(now, 56) });
    const answered = await newRequest(userId, "Home Goods Catalog", { processedAt: daysBefore(now, 56) });
    const reported = await newRequest(userId, "Credit Offers Inc", { processedAt: daysBefore(now, 56) });
    // Sent a week later: its first reminder comes a week later, and its second two weeks after that.
    await newRequest(userId, "Later Catalog", { processedAt: daysBefore(now, 49) });

    await runCron(now);
    await settled([userId]);
    expect(await subjects()).toHaveLength(3);

    // The user answers two of them: confirm, and "still coming" (which sends a second request).
    expect((await browser.post(`/reminders/${answered}`, { intent: "confirm" })).status).toBe(303);
    expect((await browser.post(`/reminders/${reported}`, { intent: "report" })).status).toBe(303);

    // A week on: the later sender's first; the others' first is a week old, so no second yet.
    await runCron(daysAfter(now, 7));
    await settled([userId]);
    expect((await subjects()).slice(3)).toEqual(["Has mail from Later Catalog stopped?"]);
    await runCron(daysAfter(now, 13));
    await settled([userId]);
    expect(await subjects()).toHaveLength(4);

    // Two weeks after the first: the second round for the unanswered one only, however often the cron runs.
    await runCron(daysAfter(now, 14));
    await runCron(daysAfter(now, 14));
    await settled([userId]);
    const emails = await emailsTo(email);
    expect(emails.slice(4).map((sent) => sent.Subject)).toEqual(["Has mail from Outdoor Gear Catalog stopped?"]);
    expect(emails[4]!.TextBody).toContain("and asked you two weeks ago whether their mail has stopped. It should have by now.");
    expect(emails[4]!.TextBody).toContain("This is our last reminder about it.");
    expect(emails[4]!.TextBody).toContain(`${APP_ORIGIN}/reminders/${stillWaiting}`);

    // The later sender's second, two weeks after its first.
    await runCron(daysAfter(now, 21));
    await settled([userId]);
    expect((await subjects()).slice(5)).toEqual(["Has mail from Later Catalog stopped?"]);

    // Nothing after the second round.
    await runCron(daysAfter(now, 60));
    await settled([userId]);
    expect(await subjects()).toHaveLength(6);

    // The reported one went out again as a second request of the follow-up ladder (decision 0058),
    // which watches it from then on: no new cycle of reminders, even once its wait is over.
    const resentAt = daysAfter(now, 61);
    await db
      .update(requests)
      .set({ processedAt: resentAt })
      .where(and(eq(requests.userId, userId), eq(requests.id, reported)));
    expect((await requestOf(userId, reported)).followUpStep).toBe(1);
    await runCron(daysAfter(resentAt, 56));
    await settled([userId]);
    expect(await subjects()).toHaveLength(6);
    // Several waits for the queue, which delivers in batches every two seconds.
  }, 40_000);

  it("asks again about a request sent again, once its new sending's mail should have stopped", async () => {
    const now = new Date();
    const ada = await insertUser("reminder-sent-again");
    const sentAt = daysBefore(now, 56);
    const id = await newRequest(ada.id, "Resent Catalog", { processedAt: sentAt });

    await runCron(now);
    await settled([ada.id]);
    expect(await emailsTo(ada.email)).toHaveLength(1);
    // The claim marks its sending on the request, which the daily walk then passes over (decision 0090).
    expect((await requestOf(ada.id, id)).firstReminderFor).toEqual(sentAt);

    // Staff send it again (its letter came back, say): the ladder has not begun, the clock starts over.
    const resentAt = daysAfter(now, 1);
    await db
      .update(requests)
      .set({ processedAt: resentAt })
      .where(and(eq(requests.userId, ada.id), eq(requests.id, id)));
    await runCron(daysAfter(resentAt, 55));
    await settled([ada.id]);
    expect(await emailsTo(ada.email)).toHaveLength(1);

    await runCron(daysAfter(resentAt, 56));
    await runCron(daysAfter(resentAt, 56));
    await settled([ada.id]);
    expect(await emailsTo(ada.email)).toHaveLength(2);
    expect((await requestOf(ada.id, id)).firstReminderFor).toEqual(resentAt);
    const claims = await db
      .select({ processedAt: requestReminders.processedAt, round: requestReminders.round })
      .from(requestReminders)
      .where(eq(requestReminders.userId, ada.id))
      .orderBy(requestReminders.processedAt);
    expect(claims).toEqual([
      { processedAt: sentAt, round: 1 },
      { processedAt: resentAt, round: 1 },
    ]);
  }, 20_000);

  it("gives a claim left without a job its job on the next run, and keeps a job the queue refused queued, with the reason, for the sweep", async () => {
    const now = new Date();
    const ada = await insertUser("reminder-recovery");
    const orphan = await newRequest(ada.id, "Orphaned Claim Catalog", { processedAt: daysBefore(now, 60) });
    // A run that stopped between claiming and creating the job.
    await db
      .insert(requestReminders)
      .values({ userId: ada.id, requestId: orphan, processedAt: daysBefore(now, 60), round: 1, createdAt: now });
    await runCron(now);
    await settled([ada.id]);
    expect(await emailsTo(ada.email)).toHaveLength(1);

    const refused = await newRequest(ada.id, "Refused Catalog", { processedAt: daysBefore(now, 60) });
    const sendBatch = vi.spyOn(env.JOBS, "sendBatch").mockRejectedValue(new Error("queue unavailable"));
    await runCron(now);
    sendBatch.mockRestore();
    const [row] = await db
      .select({ jobId: requestReminders.jobId })
      .from(requestReminders)
      .where(and(eq(requestReminders.userId, ada.id), eq(requestReminders.requestId, refused)));
    const [job] = await db.select({ state: jobs.state, lastError: jobs.lastError }).from(jobs).where(eq(jobs.id, row!.jobId!));
    expect(job).toEqual({ state: "queued", lastError: "could not be queued: queue unavailable" });
  });

  it("a reminder whose request was answered, whose user turned reminders off, or whose mail was seen still coming, before its job ran sends nothing", async () => {
    const now = new Date();
    const ada = await insertUser("reminder-late-answer");
    const answered = await newRequest(ada.id, "Answered Meanwhile", { processedAt: daysBefore(now, 57) });
    const grace = await insertUser("reminder-late-off");
    await newRequest(grace.id, "Turned Off Meanwhile", { processedAt: daysBefore(now, 57) });
    const mary = await insertUser("reminder-late-seen");
    const seenStillComing = await newRequest(mary.id, "Seen Still Coming Meanwhile", { processedAt: daysBefore(now, 57) });
    // Claimed and given jobs while the queue is held back, then answered before the jobs run.
    const sendBatch = vi.spyOn(env.JOBS, "sendBatch").mockResolvedValue(undefined as never);
    await runCron(now);
    sendBatch.mockRestore();
    await db
      .update(requests)
      .set({ status: "confirmedByUser" })
      .where(and(eq(requests.userId, ada.id), eq(requests.id, answered)));
    await db.update(users).set({ reminderEmails: false }).where(eq(users.id, grace.id));
    // A piece seen in Mary's mail after the day it should have stopped: the dashboard says so, nothing asks.
    await db
      .update(requests)
      .set({ stillComingAt: now })
      .where(and(eq(requests.userId, mary.id), eq(requests.id, seenStillComing)));
    const held = await db
      .select({ id: jobs.id, type: jobs.type, payload: jobs.payload, createdAt: jobs.createdAt })
      .from(jobs)
      .where(and(inArray(jobs.userId, [ada.id, grace.id, mary.id]), eq(jobs.type, "reminder.send")));
    expect(held).toHaveLength(3);
    await env.JOBS.sendBatch(
      held.map((job) => ({
        body: { id: job.id, type: job.type, payload: job.payload, enqueuedAt: job.createdAt.toISOString() },
        contentType: "json" as const,
      })),
    );
    await settled([ada.id, grace.id, mary.id]);
    expect(
      await db
        .select({ state: jobs.state })
        .from(jobs)
        .where(
          inArray(
            jobs.id,
            held.map((job) => job.id),
          ),
        ),
    ).toEqual([{ state: "succeeded" }, { state: "succeeded" }, { state: "succeeded" }]);
    expect(await emailsTo(ada.email)).toEqual([]);
    expect(await emailsTo(grace.email)).toEqual([]);
    expect(await emailsTo(mary.email)).toEqual([]);
  });
});

const logsOf = (userId: string, id: string) =>
  db
    .select({ creator: requestLogs.creator, status: requestLogs.status })
    .from(requestLogs)
    .where(and(eq(requestLogs.userId, userId), eq(requestLogs.requestId, id)))
    .orderBy(desc(requestLogs.createdAt));

describe("the reminder page", () => {
  it("sends a visitor to sign in and back, and is not found for another user's request or an unknown id", async () => {
    const owner = await signedUpUser("reminder-page-owner");
    const id = await newRequest(owner.userId, "Garden Goods Catalog", { processedAt: daysBefore(new Date(), 56) });
    const visitor = await new Browser().get(`/reminders/${id}`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/signin?redirectTo=${encodeURIComponent(`/reminders/${id}`)}`);

    const stranger = await signedUpUser("reminder-page-stranger");
    expect((await stranger.browser.get(`/reminders/${id}`)).status).toBe(404);
    expect((await stranger.browser.post(`/reminders/${id}`, { intent: "confirm" })).status).toBe(404);
    expect((await owner.browser.get("/reminders/no-such-request")).status).toBe(404);
    expect((await requestOf(owner.userId, id)).status).toBe("inQueue");
  });

  it("shows the sender, when it was sent and how long ago, with both answers, and a GET changes nothing", async () => {
    const { browser, userId } = await signedUpUser("reminder-page-get");
    const sentAt = daysBefore(new Date(), 42);
    const id = await newRequest(userId, "Garden Goods Catalog", { processedAt: sentAt });
    const before = await requestOf(userId, id);

    const response = await browser.get(`/reminders/${id}`);
    expect(response.status).toBe(200);
    const html = await htmlOf(response);
    expect(html).toContain("Has mail from Garden Goods Catalog stopped?");
    const sentOn = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Chicago",
      month: "2-digit",
      day: "2-digit",
      year: "numeric",
    }).format(sentAt);
    expect(html).toContain(`on ${sentOn}, 6 weeks ago`);
    expect(html).toMatch(
      /<form[^>]*method="post"[^>]*>.*name="intent" value="confirm"[^>]*>Mail has stopped<.*name="intent" value="report"[^>]*>Mail is still coming</s,
    );
    expect(html).toContain(`href="/dashboard?request=${id}#request-${id}"`);
    expect(html).toContain("/reminders/unsubscribe?token=");
    expect(html, "no JavaScript").not.toMatch(/<script\b/);

    expect(await requestOf(userId, id)).toEqual(before);
    expect(await logsOf(userId, id)).toEqual([]);
  });

  it("Mail has stopped confirms the request, logs it for the user, records it, and thanks them", async () => {
    const { browser, userId } = await signedUpUser("reminder-page-confirm");
    const id = await newRequest(userId, "Garden Goods Catalog", { processedAt: daysBefore(new Date(), 56) });
    const answer = await browser.post(`/reminders/${id}`, { intent: "confirm" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`/reminders/${id}?answered=confirm`);
    expect((await requestOf(userId, id)).status).toBe("confirmedByUser");
    expect(await logsOf(userId, id)).toEqual([{ creator: "user", status: "confirm" }]);
    const events = await db
      .select({ properties: analyticsEvents.properties })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.userId, userId), eq(analyticsEvents.name, "clicked request action button")));
    expect(events).toEqual([{ properties: { action: "confirm", from: "reminder" } }]);

    const thanks = await htmlOf(await browser.get(`/reminders/${id}?answered=confirm`));
    expect(thanks).toContain("Thank you.");
    expect(thanks).toContain("“Mail stopped”");
    expect(thanks).not.toContain('value="confirm"');
    expect(await htmlOf(await browser.get("/dashboard"))).toContain("Mail stopped");
  });

  it("Mail is still coming reports the request, which is sent again as a second request", async () => {
    const { browser, userId } = await signedUpUser("reminder-page-report");
    const id = await newRequest(userId, "Garden Goods Catalog", { processedAt: daysBefore(new Date(), 56) });
    const answer = await browser.post(`/reminders/${id}`, { intent: "report" });
    expect(answer.headers.get("Location")).toBe(`/reminders/${id}?answered=report`);
    const after = await requestOf(userId, id);
    expect(after.status).toBe("inQueue");
    expect(after.processedAt).toBeNull();
    // The follow-up ladder sends it again, a second request citing the first (decision 0058).
    expect(await logsOf(userId, id)).toEqual([
      { creator: "system", status: "secondRequest" },
      { creator: "user", status: "report" },
    ]);
    expect(await htmlOf(await browser.get(`/reminders/${id}?answered=report`))).toContain(
      "We will send your request to Garden Goods Catalog again.",
    );
  });

  it("Mail is still coming, after the sender's days to act but before the mail should have stopped, is refused with the day we ask again and changes nothing", async () => {
    const { browser, userId } = await signedUpUser("reminder-page-early-report");
    const sentAt = daysBefore(new Date(), 40);
    const id = await newRequest(userId, "Garden Goods Catalog", { processedAt: sentAt });
    const before = await requestOf(userId, id);
    const answer = await browser.post(`/reminders/${id}`, { intent: "report" });
    expect(answer.status).toBe(400);
    const asksOn = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Chicago",
      month: "2-digit",
      day: "2-digit",
      year: "numeric",
    }).format(daysAfter(sentAt, 56));
    expect(await htmlOf(answer)).toContain(
      `That mail was printed before your request; we ask again on ${asksOn}, when mail from Garden Goods Catalog should have stopped coming.`,
    );
    expect(await requestOf(userId, id)).toEqual(before);
    expect(await logsOf(userId, id)).toEqual([]);
  });

  it("refuses any other answer with 400 and changes nothing", async () => {
    const { browser, userId } = await signedUpUser("reminder-page-bad");
    const id = await newRequest(userId, "Garden Goods Catalog", { processedAt: daysBefore(new Date(), 56) });
    for (const intent of ["delete", "cancel", ""]) expect((await browser.post(`/reminders/${id}`, { intent })).status, intent).toBe(400);
    expect((await requestOf(userId, id)).status).toBe("inQueue");
    expect(await logsOf(userId, id)).toEqual([]);
  });
});

describe("turning reminders off", () => {
  /** A due request, the cron, and the unsubscribe link of the reminder it sent. */
  async function remindedUser(label: string) {
    const now = new Date();
    const user = await insertUser(label);
    const requestId = await newRequest(user.id, "Garden Goods Catalog", { processedAt: daysBefore(now, 56) });
    await runCron(now);
    await settled([user.id]);
    const [email] = await emailsTo(user.email);
    const link = header(email!, "List-Unsubscribe")!.slice(1, -1);
    return { ...user, requestId, now, link, path: localPath(link) };
  }

  it("a GET shows the choice and changes nothing; the button turns reminders off, and another turns them back on, signed out", async () => {
    const user = await remindedUser("unsubscribe-form");
    const page = await new Browser().get(user.path);
    expect(page.status).toBe(200);
    // The token in the address is a lasting key to the setting: no cache keeps the page.
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const html = await htmlOf(page);
    expect(html).toContain("Reminder emails are on.");
    expect(html).toContain(">Stop reminder emails</button>");
    expect(await reminderSettingOf(user.id)).toBe(true);

    const browser = new Browser();
    const off = await browser.post(user.path, { intent: "off" });
    expect(off.status).toBe(303);
    expect(off.headers.get("Location")).toBe(`${user.path}&done=off`);
    expect(await reminderSettingOf(user.id)).toBe(false);
    const done = await htmlOf(await browser.get(`${user.path}&done=off`));
    expect(done).toContain("We will not send you “Has the mail stopped?” reminders any more.");
    expect(done).toContain(">Turn reminders back on</button>");

    expect((await browser.post(user.path, { intent: "on" })).status).toBe(303);
    expect(await reminderSettingOf(user.id)).toBe(true);
    expect((await browser.post(user.path, { intent: "maybe" })).status).toBe(400);
    expect(await reminderSettingOf(user.id)).toBe(true);
  });

  it("takes a mail client's one-click POST, without cookies or Origin, and the cron sends nothing afterwards", async () => {
    const user = await remindedUser("unsubscribe-one-click");
    const response = await SELF.fetch(ORIGIN + user.path, {
      method: "POST",
      headers: { Host: "example.test", "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect(await reminderSettingOf(user.id)).toBe(false);

    // Two weeks on, the second round would be due: nothing is claimed, nothing sent.
    await runCron(daysAfter(user.now, 15));
    await settled([user.id]);
    expect(await emailsTo(user.email)).toHaveLength(1);
    expect((await reminderRowsOf(user.id)).map((row) => row.round)).toEqual([1]);
  });

  it("answers 400 with a clear message to a missing, malformed or tampered token, and changes nothing", async () => {
    const user = await remindedUser("unsubscribe-bad-token");
    const other = await insertUser("unsubscribe-victim");
    const signature = new URL(user.link).searchParams.get("token")!.split(".")[1];
    const tampered = `/reminders/unsubscribe?token=${other.id}.${signature}`;
    for (const path of ["/reminders/unsubscribe", "/reminders/unsubscribe?token=nonsense", `${user.path}x`, tampered]) {
      const page = await new Browser().get(path);
      expect(page.status, path).toBe(400);
      expect(await htmlOf(page)).toContain("This link is not complete or was changed");
      expect((await new Browser().post(path, { intent: "off" })).status, path).toBe(400);
    }
    expect(await reminderSettingOf(user.id)).toBe(true);
    expect(await reminderSettingOf(other.id)).toBe(true);
  });
});
