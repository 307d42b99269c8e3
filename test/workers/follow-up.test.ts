// The follow-up ladder (decision 0058): a piece seen after the day a request's mail should have
// stopped sends a second request, free, once; after the second wait the next late piece asks under
// the person's state law, only where the law lets an agent ask and with their permission in force,
// and the letter then cites the statute and carries the permission; elsewhere staff take it; a
// withdrawn permission stops the ladder; FOLLOW_UP_LADDER=off takes no step; the daily cron takes a
// missed step once; the person saying so takes the step too.
import { env, SELF } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG_SENDERS } from "../../drizzle/catalog";
import { agentPermissions, jobs, mailedLetters, requestLogs, requests, requestTemplates, users } from "../../drizzle/schema";
import { AGENT_PERMISSION_ALLOWS } from "~/domain/agent-permission";
import { formatDate } from "~/domain/dates";
import { letterOfRequest } from "~/domain/opt-out-letter";
import { lawById } from "~/domain/state-privacy-laws";
import { FOLLOW_UP_NOTICE_JOB_TYPE } from "~/domain/follow-up";
import { recordPiece } from "~/models/mail-piece.server";
import { getDashboard } from "~/models/dashboard-read.server";
import { seedSenderCatalog } from "~/models/request-template.server";
import { lettersFor, listWorkQueue } from "~/models/work-queue.server";
import { advanceFollowUps, followUpPiece, remindHeldFollowUps, takeNextFollowUpStep } from "~/services/follow-up.server";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { ORIGIN, signedInStaff, signedUpUser } from "./http";
import { countedD1 } from "../support/counting-bindings";
import { emailsReceived } from "./stand-ins";
import { digestPiece, jobsSettled, requestRow, textOf } from "./support";

const db = getDb(env.DB);
const ladderOn = () => parseEnv(env);
const ladderOff = () => parseEnv({ ...env, FOLLOW_UP_LADDER: "off" });

beforeAll(() => seedSenderCatalog(db, CATALOG_SENDERS));

// Lands' End has no known channel: what a step sends waits for staff, and nothing races the test.
const SENDER = "lands-end";
const ADDRESSES = {
  CA: { street1: "100 MAIN ST", city: "SACRAMENTO", state: "CA", zipCode: "95814" },
  VA: { street1: "100 MAIN ST", city: "RICHMOND", state: "VA", zipCode: "23219" },
  CO: { street1: "100 MAIN ST", city: "DENVER", state: "CO", zipCode: "80202" },
  IL: { street1: "100 MAIN ST", city: "SPRINGFIELD", state: "IL", zipCode: "62701" },
} as const;

/** A person in `state` whose request to the sender went out on `sentAt`, at step `step` of the ladder. */
async function personWithSentRequest(state: keyof typeof ADDRESSES, sentAt: Date, overrides: Partial<typeof requests.$inferInsert> = {}) {
  const userId = `user-${crypto.randomUUID()}`;
  const address = ADDRESSES[state];
  await db
    .insert(users)
    .values({ id: userId, email: `${userId}@quietmailbox.test`, passwordHash: "x", fullName: "Jane Q Public", ...address });
  await db.insert(requests).values({
    userId,
    id: SENDER,
    templateId: SENDER,
    senderName: "Lands' End",
    title: "Lands' End",
    fullName: "Jane Q Public",
    type: "preset",
    status: "inQueue",
    requiredDays: 30,
    ...address,
    queuedAt: new Date("2026-06-01T15:00:00Z"),
    processedAt: sentAt,
    ...overrides,
  });
  return { userId, key: { userId, requestId: SENDER } };
}

// The words the person signs on /account, stored with the signature.
const PERMISSION_TEXT = AGENT_PERMISSION_ALLOWS;

async function signPermission(userId: string) {
  const [row] = await db
    .insert(agentPermissions)
    .values({
      userId,
      typedName: "Jane Q Public",
      allows: PERMISSION_TEXT,
      signedAt: new Date("2026-10-01T15:00:00Z"),
    })
    .returning({ id: agentPermissions.id });
  return row!.id;
}

let entry = 0;
/** A piece from the sender, seen on `arrivedOn`, recorded as the digest and photo paths record it. */
async function latePiece(userId: string, arrivedOn: string, now: Date, appEnv = ladderOn(), { authenticated = true } = {}) {
  const recorded = await recordPiece(
    db,
    digestPiece({ userId, entryId: `entry-${(entry += 1)}`, arrivedOn, templateId: SENDER, authenticated }),
    now,
  );
  return { recorded, step: await followUpPiece(appEnv, userId, recorded, now) };
}

const linesOf = async (userId: string, status: string) =>
  db
    .select()
    .from(requestLogs)
    .where(and(eq(requestLogs.userId, userId), eq(requestLogs.requestId, SENDER), eq(requestLogs.status, status)));

const allowanceOf = async (userId: string) =>
  (await db.select({ left: users.numOfFreeRequest }).from(users).where(eq(users.id, userId)))[0]!.left;

const letterOf = async (key: { userId: string; requestId: string }, now: Date) =>
  (await lettersFor(db, [key], { unsentOnly: true, now }))[0]?.letter ?? null;

describe("a late piece", () => {
  it("sends a second request once, not twice when two pieces are recorded at the same moment, and spends no free request", async () => {
    // Sent Sep 1: mail printed before may arrive until Oct 27.
    const { userId, key } = await personWithSentRequest("IL", new Date("2026-09-01T15:00:00Z"));
    const before = await requestRow(userId, SENDER);
    const allowance = await allowanceOf(userId);
    const now = new Date("2026-11-25T15:00:00Z");
    const outcomes = await Promise.all([latePiece(userId, "2026-11-24", now), latePiece(userId, "2026-11-25", now)]);
    expect(outcomes.map((outcome) => outcome.step).filter(Boolean)).toEqual(["second"]);

    const request = await requestRow(userId, SENDER);
    expect(request).toMatchObject({ followUpStep: 1, followUpAt: now, status: "inQueue", processedAt: null, stillComingAt: null });
    expect(request.queuedAt, "the free allowance is charged once per request, at its first queuing").toEqual(before.queuedAt);
    expect(request.firstRequestCitation).toBe("sent on 09/01/2026");
    expect(await allowanceOf(userId)).toBe(allowance);

    const lines = await linesOf(userId, "secondRequest");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ creator: "system", detail: "Second request, free, citing your first request, sent on 09/01/2026" });
    // It waits for staff, marked as a second request; its letter cites the first, and the piece by its day.
    expect((await listWorkQueue(db)).some((row) => row.userId === userId)).toBe(true);
    const letter = await letterOf(key, now);
    expect(letter).toContain("My first request was sent on 09/01/2026.");
    expect(letter).toMatch(/Since then, a piece from you arrived on 11\/2[45]\/2026, as the Postal Service's Informed Delivery showed\./);
    expect(letter).not.toContain("kept coming");
  });

  it("sends a first request again, never a second citing it, when Lob never mailed its letter", async () => {
    const sentAt = new Date("2026-09-01T15:00:00Z");
    const { userId, key } = await personWithSentRequest("IL", sentAt);
    const letterId = `ltr_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
    await db.insert(mailedLetters).values({
      id: letterId,
      userId,
      requestId: SENDER,
      costCents: 90,
      expectedDeliveryDate: "2026-09-05",
      trackingState: "failed",
      trackingAt: new Date("2026-09-01T16:00:00Z"),
      createdAt: sentAt,
    });
    const now = new Date("2026-11-25T15:00:00Z");
    await latePiece(userId, "2026-11-24", now);

    const request = await requestRow(userId, SENDER);
    expect(request).toMatchObject({
      followUpStep: 0,
      status: "inQueue",
      processedAt: null,
      stillComingAt: null,
      firstRequestCitation: null,
    });
    expect(await linesOf(userId, "secondRequest")).toEqual([]);
    expect(await linesOf(userId, "firstRequestResent")).toMatchObject([
      {
        detail: "Your first request was never mailed (Lob did not mail the letter), so we are sending it again before asking a second time",
      },
    ]);
    const letter = await letterOf(key, now);
    expect(letter).not.toContain("My first request was sent");
    expect(letter).not.toContain(letterId);
  });

  it("before the day the mail should have stopped is expected, and takes no step", async () => {
    const { userId } = await personWithSentRequest("IL", new Date("2026-11-01T15:00:00Z"));
    const { step } = await latePiece(userId, "2026-11-20", new Date("2026-11-20T15:00:00Z"));
    expect(step).toBeNull();
    expect((await requestRow(userId, SENDER)).followUpStep).toBe(0);
  });
});

describe("after the second request's wait", () => {
  // The second request went out on Sep 1; a piece on Nov 24 came after its mail should have stopped.
  const secondSent = { followUpStep: 1, followUpAt: new Date("2026-09-01T15:00:00Z"), firstRequestCitation: "06/01/2026, by mail" };
  const now = new Date("2026-11-25T15:00:00Z");

  it("asks under California's law only once the person says so, with the permission in force, and the letter names the statute and carries the permission", async () => {
    const { userId, key } = await personWithSentRequest("CA", new Date("2026-09-01T15:00:00Z"), secondSent);
    const permissionId = await signPermission(userId);
    // A real late piece asks the person; nothing goes out in their name by itself (decision 0064).
    expect((await latePiece(userId, "2026-11-24", now)).step).toBe("hold");
    expect(await requestRow(userId, SENDER)).toMatchObject({ followUpStep: 1, followUpHold: "confirmationNeeded" });
    await advanceFollowUps(ladderOn(), now);
    expect(await linesOf(userId, "legalRequest"), "the cron does not send it either").toEqual([]);
    // The person's own "Send it again" on the card takes the step.
    expect(await takeNextFollowUpStep(ladderOn(), key, now, { byPerson: true })).toBe("legal");

    const request = await requestRow(userId, SENDER);
    expect(request).toMatchObject({
      followUpStep: 2,
      legalLawId: "ca-ccpa",
      agentPermissionId: permissionId,
      processedAt: null,
      stillComingAt: null,
      followUpHold: null,
    });
    // A retailer: the law reaches it only if it meets the thresholds; and no privacy-request method is known for it.
    expect(request).toMatchObject({ legalReach: "ifApplies", legalByNoticeMethod: false });
    const [line] = await linesOf(userId, "legalRequest");
    const law = lawById("ca-ccpa")!;
    expect(line!.detail).toContain(`Request under the California Consumer Privacy Act (${law.statute}) as your authorized agent`);
    expect(line!.detail).toContain("if the law applies to them; no deadline is stated");
    const letter = await letterOf(key, now);
    expect(letter).toContain(law.statute);
    // What the statute gives, with its sections, only if the Act applies; no "you must", no deadline.
    expect(letter).toContain(
      "If the California Consumer Privacy Act applies to you, I ask you to delete the personal information you collected from me (Cal. Civ. Code § 1798.105(a)), and I opt out of the sale and sharing of my personal information (Cal. Civ. Code § 1798.120).",
    );
    expect(letter).not.toMatch(/must|45 calendar days/);
    expect(letter).toContain("Part 2, my own requests. No law requires you to grant these");
    expect(letter, "the signed permission is attached").toContain(`Jane Q Public, signed on 10/01/2026: ${PERMISSION_TEXT}`);
    // The dashboard shows the person the same letter: the one under the law, with their permission.
    const dashboard = await getDashboard(db, userId, SENDER, now);
    expect(dashboard).not.toBeNull();
    const shown = letterOfRequest(
      dashboard!.requests.find((row) => row.id === SENDER)!,
      [],
      { today: now, timeZone: "America/Los_Angeles" },
    );
    expect(shown).toContain(law.statute);
    expect(shown).toContain(`Jane Q Public, signed on 10/01/2026: ${PERMISSION_TEXT}`);
  });

  it("once the person said so, waits for the permission where none is signed, then takes the step the day after it is signed", async () => {
    const { userId, key } = await personWithSentRequest("CA", new Date("2026-09-01T15:00:00Z"), secondSent);
    expect((await latePiece(userId, "2026-11-24", now)).step).toBe("hold");
    // The person's "Send it again" (their report, recorded in the history) takes the ladder on.
    await db.insert(requestLogs).values({ userId, requestId: SENDER, creator: "user", status: "report", createdAt: now });
    expect(await takeNextFollowUpStep(ladderOn(), key, now, { byPerson: true })).toBe("hold");
    expect(await requestRow(userId, SENDER)).toMatchObject({ followUpStep: 1, followUpHold: "permissionNeeded" });
    expect(await linesOf(userId, "followUpHeld")).toHaveLength(2);
    // The cron leaves a held request alone.
    await advanceFollowUps(ladderOn(), now);
    expect((await requestRow(userId, SENDER)).followUpStep).toBe(1);

    // Signing clears the hold; the next daily run asks under the law.
    await signPermission(userId);
    await db.update(requests).set({ followUpHold: null }).where(eq(requests.userId, userId));
    const counts = await advanceFollowUps(ladderOn(), new Date("2026-11-26T15:00:00Z"));
    expect(counts.legal).toBeGreaterThanOrEqual(1);
    expect(await requestRow(userId, SENDER)).toMatchObject({ followUpStep: 2, legalLawId: "ca-ccpa" });
  });

  it("goes to staff for a Virginia person, whose law lets no agent ask, in the review of the sender", async () => {
    const { userId } = await personWithSentRequest("VA", new Date("2026-09-01T15:00:00Z"), secondSent);
    await signPermission(userId);
    expect((await latePiece(userId, "2026-11-24", now)).step).toBe("escalate");
    // It was sent, and stays so: it waits in the sender's review, not as a request to send again (decision 0091).
    const escalated = await requestRow(userId, SENDER);
    expect(escalated).toMatchObject({
      followUpStep: 3,
      status: "inQueue",
      processedAt: new Date("2026-09-01T15:00:00Z"),
      legalLawId: null,
    });
    expect(escalated.senderReviewId).not.toBeNull();
    expect(await linesOf(userId, "legalRequest")).toEqual([]);
    const [line] = await linesOf(userId, "escalated");
    expect(line!.detail).toContain("With our staff:");
    expect((await listWorkQueue(db)).find((row) => row.userId === userId)).toBeUndefined();

    // Staff see the sender to review in the work queue, and the person's page has the whole history.
    const staff = await signedInStaff("admin");
    const queue = await (await staff.browser.get("/admin/queue")).text();
    expect(queue).toContain(`href="/admin/senders/${SENDER}#review-title"`);
    const page = textOf(await (await staff.browser.get(`/admin/users/${userId}`)).text());
    expect(page).toContain("system, escalated (With our staff:");
    expect(page).toContain("system, stillComing");
  });
});

describe("where the law does not reach the sender", () => {
  const now = new Date("2026-11-25T15:00:00Z");
  const marked = { followUpStep: 1, followUpAt: new Date("2026-09-01T15:00:00Z"), stillComingAt: new Date("2026-11-24T15:00:00Z") };

  it("never asks under the law of a card issuer: a Colorado person's bank goes to staff, the history saying why", async () => {
    const { userId, key } = await personWithSentRequest("CO", new Date("2026-09-01T15:00:00Z"), { ...marked, templateId: "chase" });
    await signPermission(userId);
    expect(await takeNextFollowUpStep(ladderOn(), key, now)).toBe("escalate");
    expect(await requestRow(userId, SENDER)).toMatchObject({ followUpStep: 3, legalLawId: null });
    expect(await linesOf(userId, "legalRequest")).toEqual([]);
    const [line] = await linesOf(userId, "escalated");
    expect(line!.detail).toMatch(
      /no law lets us ask for you \(The Colorado Privacy Act does not apply to financial institutions under the Gramm-Leach-Bliley Act/,
    );
  });

  it("states the deadline, as a must, only to a sender the law surely reaches, asked the way its privacy notice names", async () => {
    const method = { kind: "web" as const, value: "https://broker.example/privacy-request" };
    await db
      .insert(requestTemplates)
      .values({
        id: "test-broker",
        title: "Test Broker",
        category: "data-broker",
        channels: [method],
        acceptsAgent: "yes",
        confidence: "high",
        privacyRequestMethod: { ...method, source: "https://broker.example/privacy-notice" },
      })
      .onConflictDoNothing();
    const { userId, key } = await personWithSentRequest("CA", new Date("2026-09-01T15:00:00Z"), { ...marked, templateId: "test-broker" });
    await signPermission(userId);
    // The person says the mail still came: the legal step waits for their word (decision 0064).
    expect(await takeNextFollowUpStep(ladderOn(), key, now, { byPerson: true })).toBe("legal");
    expect(await requestRow(userId, SENDER)).toMatchObject({ followUpStep: 2, legalReach: "applies", legalByNoticeMethod: true });
    const [line] = await linesOf(userId, "legalRequest");
    expect(line!.detail).toMatch(/; the law gives them 45 days$/);
    const letter = await letterOf(key, now);
    expect(letter).toContain("I ask you to delete the personal information you collected from me");
    expect(letter).toContain("Under the California Consumer Privacy Act, you must respond within 45 calendar days for a request to delete");
  });
});

describe("a withdrawn permission", () => {
  it("stops the ladder before the legal step: no legal request", async () => {
    const { userId } = await personWithSentRequest("CA", new Date("2026-09-01T15:00:00Z"), {
      followUpStep: 1,
      followUpHold: "permissionRevoked",
    });
    await signPermission(userId);
    const now = new Date("2026-11-25T15:00:00Z");
    expect((await latePiece(userId, "2026-11-24", now)).step).toBeNull();
    await advanceFollowUps(ladderOn(), now);
    expect((await requestRow(userId, SENDER)).followUpStep).toBe(1);
    expect(await linesOf(userId, "legalRequest")).toEqual([]);
  });

  it("keeps a legal request not sent yet from going out, and holds it out of the work queue", async () => {
    const { userId, key } = await personWithSentRequest("CA", new Date("2026-09-01T15:00:00Z"), {
      followUpStep: 1,
      followUpAt: new Date("2026-09-01T15:00:00Z"),
    });
    await signPermission(userId);
    const now = new Date("2026-11-25T15:00:00Z");
    expect((await latePiece(userId, "2026-11-24", now)).step).toBe("hold");
    expect(await takeNextFollowUpStep(ladderOn(), key, now, { byPerson: true })).toBe("legal");
    await db.update(agentPermissions).set({ revokedAt: now }).where(eq(agentPermissions.userId, userId));

    expect(await letterOf(key, new Date("2026-11-25T16:00:00Z")), "not written, so not sent").toBeNull();
    expect(await requestRow(userId, SENDER)).toMatchObject({ followUpStep: 2, followUpHold: "permissionRevoked", processedAt: null });
    const held = await linesOf(userId, "followUpHeld");
    expect(held.map((line) => line.detail)).toContain("Follow-up stopped: you withdrew your permission");
    expect((await listWorkQueue(db)).some((row) => row.userId === userId)).toBe(false);
  });
});

describe("FOLLOW_UP_LADDER=off", () => {
  it("only marks a late piece, and the cron takes no step", async () => {
    const { userId } = await personWithSentRequest("IL", new Date("2026-09-01T15:00:00Z"));
    const now = new Date("2026-11-25T15:00:00Z");
    const { recorded, step } = await latePiece(userId, "2026-11-24", now, ladderOff());
    expect(recorded.stillComing).toBe(true);
    expect(step).toBeNull();
    expect(await advanceFollowUps(ladderOff(), now)).toEqual({ second: 0, legal: 0, escalated: 0, held: 0, heldForTheDay: 0 });
    expect(await requestRow(userId, SENDER)).toMatchObject({ followUpStep: 0, stillComingAt: now });
  });
});

describe("the daily cron", () => {
  it("takes a step a crash missed, once however often it runs at once", async () => {
    const markedAt = new Date("2026-11-24T15:00:00Z");
    const { userId } = await personWithSentRequest("IL", new Date("2026-09-01T15:00:00Z"), { stillComingAt: markedAt });
    const now = new Date("2026-11-25T15:00:00Z");
    await Promise.all([advanceFollowUps(ladderOn(), now), advanceFollowUps(ladderOn(), now)]);
    expect(await requestRow(userId, SENDER)).toMatchObject({ followUpStep: 1, stillComingAt: null });
    expect(await linesOf(userId, "secondRequest")).toHaveLength(1);
  });
});

describe("the person saying the mail is still coming", () => {
  it("sends the second request, free, and the card says so", async () => {
    const { browser, userId } = await signedUpUser("follow-up-report");
    expect((await browser.post("/dashboard", { intent: "unsubscribe", requestId: "epsilon" })).status).toBe(303);
    const sentAt = new Date(Date.now() - 70 * 24 * 3_600_000);
    await db
      .update(requests)
      .set({ processedAt: sentAt })
      .where(and(eq(requests.userId, userId), eq(requests.id, "epsilon")));
    await db.insert(requestLogs).values({ userId, requestId: "epsilon", creator: "staff", status: "emailed", createdAt: sentAt });
    const before = await requestRow(userId, "epsilon");
    expect((await browser.post("/dashboard", { intent: "report", requestId: "epsilon" })).status).toBe(303);

    const request = await requestRow(userId, "epsilon");
    expect(request).toMatchObject({ followUpStep: 1, stillComingAt: null, status: "inQueue" });
    expect(request.queuedAt).toEqual(before.queuedAt);
    const html = await (await browser.get("/dashboard?request=epsilon")).text();
    const card = html.slice(html.indexOf('id="request-epsilon"'));
    const sentOn = formatDate(sentAt, "America/Chicago");
    expect(textOf(card)).toMatch(new RegExp(`Second request on \\d\\d/\\d\\d/\\d{4}, free, citing your request of ${sentOn}`));
    expect(textOf(card), "the timeline shows the step").toContain(`Second request, free, citing your first request, sent on ${sentOn}`);
  });
});

describe("the person hears of each step taken in their name", () => {
  const secondSent = { followUpStep: 1, followUpAt: new Date("2026-09-01T15:00:00Z"), firstRequestCitation: "06/01/2026, by mail" };
  const now = new Date("2026-11-25T15:00:00Z");
  const emailAddressOf = (userId: string) => `${userId}@quietmailbox.test`;

  /** The step emails the email stand-in received for this person, once every notice job of theirs has run. */
  async function stepEmailsTo(userId: string) {
    await jobsSettled(FOLLOW_UP_NOTICE_JOB_TYPE, { userIds: [userId], atLeast: 1 });
    // Sent alone or in a batch with others of the queue's batch (decision 0088).
    return emailsReceived((email) => email.To === emailAddressOf(userId) && email.Tag === "follow-up");
  }
  const noticeJobsOf = (userId: string) =>
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.userId, userId), eq(jobs.type, FOLLOW_UP_NOTICE_JOB_TYPE)));

  it("a second request taken by two pieces at the same moment sends one email, saying what it asks, the clock, and how to stop these emails", async () => {
    const { userId } = await personWithSentRequest("IL", new Date("2026-09-01T15:00:00Z"));
    await Promise.all([latePiece(userId, "2026-11-24", now), latePiece(userId, "2026-11-25", now)]);
    const emails = await stepEmailsTo(userId);
    expect(emails).toHaveLength(1);
    expect(await noticeJobsOf(userId)).toHaveLength(1);
    const [email] = emails;
    expect(email!.Subject).toBe("We are asking Lands' End again, in your name");
    expect(email!.TextBody).toContain(
      "On 11/25/2026, about Lands' End: Second request, free, citing your first request, sent on 09/01/2026.",
    );
    // Told as the step is taken, while its sending may still wait: never as gone (decision 0083).
    expect(email!.TextBody).toContain("The request's card shows when it has gone out, and how.");
    expect(`${email!.Subject}\n${email!.TextBody}`).not.toMatch(/\b(we asked|sent again|has gone to)\b/i);
    expect(email!.TextBody).toContain("Once a sender gets your request, it has 30 days to act");
    expect(email!.TextBody).toContain(`/dashboard#request-${SENDER}`);
    const unsubscribe = email!.Headers?.find((header) => header.Name === "List-Unsubscribe")?.Value ?? "";
    expect(unsubscribe).toMatch(/^<https?:\/\/[^>]+\/reminders\/unsubscribe\?token=/);
    expect(email!.TextBody).toContain(unsubscribe.slice(1, -1));

    // The link turns these emails off (a mail client's one-click POST), and leaves the reminders on.
    const link = new URL(unsubscribe.slice(1, -1));
    const page = await SELF.fetch(`${ORIGIN}${link.pathname}${link.search}`);
    expect(textOf(await page.text())).toContain("Emails about these steps are on.");
    const oneClick = await SELF.fetch(`${ORIGIN}${link.pathname}${link.search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    const [setting] = await db
      .select({ steps: users.followUpEmails, reminders: users.reminderEmails })
      .from(users)
      .where(eq(users.id, userId));
    expect(setting).toEqual({ steps: false, reminders: true });
  });

  it("asks a person to sign, by email, when the step waits for their permission, and links to where they sign", async () => {
    const { userId, key } = await personWithSentRequest("CA", new Date("2026-09-01T15:00:00Z"), secondSent);
    expect((await latePiece(userId, "2026-11-24", now)).step).toBe("hold");
    await db.insert(requestLogs).values({ userId, requestId: SENDER, creator: "user", status: "report", createdAt: now });
    expect(await takeNextFollowUpStep(ladderOn(), key, now, { byPerson: true })).toBe("hold");
    const emails = await stepEmailsTo(userId);
    // The first hold (waiting for their word) was answered by the time its email ran, or not: either
    // way the hold that still waits is the permission, and it is asked for exactly once.
    const signs = emails.filter(
      (email) => email.Subject === "Sign once so we can ask Lands' End under the California Consumer Privacy Act",
    );
    expect(signs.length).toBeGreaterThanOrEqual(1);
    expect(signs, "the wait for their word, answered by then, is not told as a second request to sign").toHaveLength(1);
    expect(signs[0]!.TextBody).toContain("/account#agent-permission");
    expect(emails.every((email) => !/with our staff/i.test(email.Subject ?? ""))).toBe(true);
  });

  it("reminds a person once a week while the step waits for their permission, four times at most, once however often the cron runs", async () => {
    const heldAt = new Date("2026-11-01T15:00:00Z");
    const { userId } = await personWithSentRequest("CA", new Date("2026-09-01T15:00:00Z"), {
      ...secondSent,
      stillComingAt: heldAt,
      followUpHold: "permissionNeeded",
    });
    await db.insert(requestLogs).values({
      userId,
      requestId: SENDER,
      creator: "system",
      status: "followUpHeld",
      detail: "Waiting for your permission to ask under the California Consumer Privacy Act",
      createdAt: heldAt,
    });
    const day = (date: string) => new Date(`${date}T15:00:00Z`);
    // Other tests' held requests are reminded too: what counts is this person's jobs.
    const remindersOn = async (date: string, runs = 1) => {
      await Promise.all(Array.from({ length: runs }, () => remindHeldFollowUps(ladderOn(), day(date))));
      return (await noticeJobsOf(userId)).length;
    };
    expect(await remindersOn("2026-11-07"), "not a week yet").toBe(0);
    expect(await remindersOn("2026-11-08", 2), "two runs at the same moment").toBe(1);
    expect(await remindersOn("2026-11-10"), "the same week").toBe(1);
    expect(await remindersOn("2026-11-15")).toBe(2);
    expect(await remindersOn("2026-12-06"), "past the fourth week").toBe(2);

    const emails = await stepEmailsTo(userId);
    expect(emails.map((email) => email.Subject)).toEqual([
      "Reminder: Sign once so we can ask Lands' End under the California Consumer Privacy Act",
      "Reminder: Sign once so we can ask Lands' End under the California Consumer Privacy Act",
    ]);
    // The queue may send the second week's job before the first's: which reminder each is, not their order, counts.
    expect(emails.map((email) => /This is reminder (\d) of 4/.exec(email.TextBody ?? "")?.[1]).sort()).toEqual(["1", "2"]);

    // Signed: the hold is gone, and no reminder is written or sent.
    await signPermission(userId);
    await db.update(requests).set({ followUpHold: null }).where(eq(requests.userId, userId));
    expect(await remindersOn("2026-11-22")).toBe(2);
  });

  it("reminds every held request of a run, more than one statement's worth, each once", async () => {
    const heldAt = new Date("2027-03-01T15:00:00Z");
    const people = [];
    for (let index = 0; index < 30; index += 1) {
      const { userId } = await personWithSentRequest("CA", new Date("2027-01-01T15:00:00Z"), {
        ...secondSent,
        stillComingAt: heldAt,
        followUpHold: "permissionNeeded",
      });
      await db
        .insert(requestLogs)
        .values({ userId, requestId: SENDER, creator: "system", status: "followUpHeld", detail: "Waiting", createdAt: heldAt });
      people.push(userId);
    }
    const runOn = new Date("2027-03-09T15:00:00Z");
    // Pages of 7: the walk goes past the first page, whose requests stay candidates all week.
    await Promise.all([remindHeldFollowUps(ladderOn(), runOn, { pageSize: 7 }), remindHeldFollowUps(ladderOn(), runOn, { pageSize: 7 })]);
    const written = await db
      .select({ userId: jobs.userId })
      .from(jobs)
      .where(and(inArray(jobs.userId, people), eq(jobs.type, FOLLOW_UP_NOTICE_JOB_TYPE)));
    expect(written.map((row) => row.userId).sort()).toEqual([...people].sort());
  });

  it("tells a Virginia person their request is with staff, and nothing reaches a person who turned these emails off", async () => {
    const { userId } = await personWithSentRequest("VA", new Date("2026-09-01T15:00:00Z"), secondSent);
    expect((await latePiece(userId, "2026-11-24", now)).step).toBe("escalate");
    const [email] = await stepEmailsTo(userId);
    expect(email!.Subject).toBe("Your request to Lands' End is with our staff");
    expect(email!.TextBody).toContain("With our staff: the second request did not stop it, and no law lets us ask for you");

    const quiet = await personWithSentRequest("VA", new Date("2026-09-01T15:00:00Z"), secondSent);
    await db.update(users).set({ followUpEmails: false }).where(eq(users.id, quiet.userId));
    expect((await latePiece(quiet.userId, "2026-11-24", now)).step).toBe("escalate");
    expect(await stepEmailsTo(quiet.userId)).toEqual([]);
    expect(await noticeJobsOf(quiet.userId), "the step's job ran, and sent nothing").toHaveLength(1);
  });
});

describe("a step that sends", () => {
  it("queues the request's own email with the step, in the step's round trips, and the second request reaches the sender", async () => {
    const to = `optout-${crypto.randomUUID().slice(0, 8)}@acme.example`;
    const templateId = `follow-up-email-${crypto.randomUUID().slice(0, 8)}`;
    await db.insert(requestTemplates).values({
      id: templateId,
      title: "Acme Catalogs",
      category: "catalogs",
      channels: [{ kind: "email", value: to }],
      acceptsAgent: "unknown",
      confidence: "high",
      isActive: false,
    });
    const { userId, key } = await personWithSentRequest("IL", new Date("2026-09-01T15:00:00Z"), {
      templateId,
      senderName: "Acme Catalogs",
      stillComingAt: new Date("2026-11-24T15:00:00Z"),
    });
    const counted = countedD1(env.DB);
    const now = new Date("2026-11-25T15:00:00Z");
    expect(await takeNextFollowUpStep({ ...ladderOn(), DB: counted.binding }, key, now)).toBe("second");
    // Its facts with its sender's, the day's reservation, and the step written with the jobs that
    // tell the person and send the request (decision 0089).
    expect(counted.calls()).toHaveLength(3);
    const queued = await db.select({ type: jobs.type, payload: jobs.payload }).from(jobs).where(eq(jobs.userId, userId));
    expect(queued).toHaveLength(2);
    expect(queued).toEqual(
      expect.arrayContaining([
        { type: "optOut.email", payload: { ...key, to, automatic: true } },
        expect.objectContaining({ type: FOLLOW_UP_NOTICE_JOB_TYPE }),
      ]),
    );
    await expect
      .poll(async () => (await emailsReceived((message) => message.To === to)).length, { timeout: 20_000, interval: 250 })
      .toBe(1);
    const [email] = await emailsReceived((message) => message.To === to);
    expect(email!.TextBody).toContain("My first request was sent on 09/01/2026.");
    await expect.poll(async () => (await requestRow(userId, SENDER)).processedAt, { timeout: 20_000 }).toBeInstanceOf(Date);
  });

  it("leaves a request whose address was kept as typed to staff, with no job to send it", async () => {
    const templateId = `follow-up-typed-${crypto.randomUUID().slice(0, 8)}`;
    await db.insert(requestTemplates).values({
      id: templateId,
      title: "Typed Catalogs",
      category: "catalogs",
      channels: [{ kind: "email", value: "optout@typed.example" }],
      acceptsAgent: "unknown",
      confidence: "high",
      isActive: false,
    });
    const { userId, key } = await personWithSentRequest("IL", new Date("2026-09-01T15:00:00Z"), {
      templateId,
      senderName: "Typed Catalogs",
      stillComingAt: new Date("2026-11-24T15:00:00Z"),
      addressCheck: "asTyped",
    });
    expect(await takeNextFollowUpStep(ladderOn(), key, new Date("2026-11-25T15:00:00Z"))).toBe("second");
    const queued = await db.select({ type: jobs.type }).from(jobs).where(eq(jobs.userId, userId));
    expect(queued).toEqual([{ type: FOLLOW_UP_NOTICE_JOB_TYPE }]);
    expect((await listWorkQueue(db)).some((row) => row.userId === userId)).toBe(true);
  });
});
