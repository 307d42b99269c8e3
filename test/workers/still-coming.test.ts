// Only the person, and only real evidence, start a paid follow-up step (decision 0064): "Mail still
// coming" is taken once mail printed before should have stopped coming, once per step; a piece that could not be
// verified starts nothing until the person confirms it on the card; an account's paid steps are
// capped per day, reserved first; and the second request says exactly what evidence exists.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CATALOG_SENDERS } from "../../drizzle/catalog";
import { agentPermissions, jobs, mailArrivals, requestLogs, requests, requestTemplates, users } from "../../drizzle/schema";
import { DAY_MS } from "~/domain/dates";
import { FOLLOW_UP_SENDS_PER_DAY } from "~/domain/still-coming";
import { recordPiece } from "~/models/mail-piece.server";
import { seedSenderCatalog } from "~/models/request-template.server";
import { lettersFor } from "~/models/work-queue.server";
import { advanceFollowUps, followUpPiece } from "~/services/follow-up.server";
import { actOnRequest, answerPiece } from "~/services/requests.server";
import type { CurrentUser } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { signedUpUser } from "./http";
import { clearFaults } from "./stand-ins";
import { digestPiece, requestRow, textOf } from "./support";

const db = getDb(env.DB);
// Letters go through Lob here (the stand-in): a paid step queues an "optOut.letter" job at once.
const withLob = () => parseEnv({ ...env, LOB_API_KEY: "test_letters_key" });
const SENDER_ADDRESS = "Acme Catalogs, Attn: Privacy Office, 1 Long Street, Springfield, IL 62701";

beforeAll(() => seedSenderCatalog(db, CATALOG_SENDERS));
beforeEach(() => {
  // The queued letters are mailed by the queue in the background; their logs are not this test's.
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => clearFaults());

/** A person in California with `count` requests to postal catalog senders, all sent on `sentAt`. */
async function personWithPostalRequests(label: string, sentAt: Date, count = 1) {
  const tag = `${label}-${crypto.randomUUID().slice(0, 8)}`;
  const userId = `user-${tag}`;
  const address = { street1: "12 MAIN ST", city: "SACRAMENTO", state: "CA", zipCode: "95814", addressCheck: "verified" as const };
  await db.insert(users).values({ id: userId, email: `${tag}@quietmailbox.test`, passwordHash: "x", fullName: "Ada Q Public", ...address });
  const requestIds: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const templateId = `acme-${tag}-${index}`;
    await db.insert(requestTemplates).values({
      id: templateId,
      title: `Acme Catalogs ${tag} ${index}`,
      category: "catalogs",
      channels: [{ kind: "mail", value: SENDER_ADDRESS }],
      acceptsAgent: "no",
      confidence: "high",
      isActive: false,
      requiredDays: 30,
    });
    await db.insert(requests).values({
      userId,
      id: templateId,
      templateId,
      senderName: `Acme Catalogs ${index}`,
      title: `Acme Catalogs ${index}`,
      fullName: "Ada Q Public",
      type: "preset",
      status: "inQueue",
      requiredDays: 30,
      ...address,
      queuedAt: sentAt,
      processedAt: sentAt,
    });
    requestIds.push(templateId);
  }
  const user = { id: userId, email: `${tag}@quietmailbox.test`, fullName: "Ada Q Public", role: "user" } as unknown as CurrentUser;
  return { userId, user, requestIds };
}

let entry = 0;
/** A piece of the request's sender on `arrivedOn`, as the digest path records it, then the ladder's answer. */
async function pieceOf(userId: string, templateId: string, arrivedOn: string, now: Date, authenticated: boolean) {
  const recorded = await recordPiece(
    db,
    digestPiece({ userId, entryId: `still-coming-${(entry += 1)}`, arrivedOn, templateId, authenticated }),
    now,
  );
  return { recorded, step: await followUpPiece(withLob(), userId, recorded, now) };
}

const lobLetterJobs = async (userId: string) =>
  (
    await db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.userId, userId), eq(jobs.type, "optOut.letter")))
  ).length;
const linesOf = async (userId: string, requestId: string, status: string) =>
  db
    .select()
    .from(requestLogs)
    .where(and(eq(requestLogs.userId, userId), eq(requestLogs.requestId, requestId), eq(requestLogs.status, status)));

describe('"Mail still coming" before mail printed before should have stopped coming', () => {
  it("on day 0 is refused with the day we ask again, next to the card's buttons, and no letter is made", async () => {
    const { browser, userId } = await signedUpUser("still-coming-day-0");
    expect((await browser.post("/dashboard", { intent: "unsubscribe", requestId: "epsilon" })).status).toBe(303);
    await db
      .update(requests)
      .set({ processedAt: new Date() })
      .where(and(eq(requests.userId, userId), eq(requests.id, "epsilon")));
    const before = await requestRow(userId, "epsilon");

    const response = await browser.post("/dashboard", { intent: "report", requestId: "epsilon" });
    expect(response.status).toBe(400);
    const html = await response.text();
    const card = html.slice(html.lastIndexOf("<", html.indexOf('id="request-epsilon"')));
    const errorAt = card.indexOf('id="request-epsilon-error"');
    expect(errorAt, "the message is on the card, next to its buttons").toBeGreaterThan(0);
    expect(textOf(card.slice(card.lastIndexOf("<", errorAt)))).toMatch(
      /^ ?That mail was printed before your request; we ask again on \d\d\/\d\d\/\d{4}, when mail from Epsilon\b.* should have stopped coming\./,
    );

    const after = await requestRow(userId, "epsilon");
    expect(after).toMatchObject({ followUpStep: 0, stillComingAt: null, processedAt: before.processedAt, updatedAt: before.updatedAt });
    expect(await linesOf(userId, "epsilon", "report"), "nothing is written").toEqual([]);
    expect(await linesOf(userId, "epsilon", "secondRequest")).toEqual([]);
  });

  it("through the service, with Lob on, makes no letter on day 0 nor once the days to act are over, and one on the day the mail should have stopped", async () => {
    const sentAt = new Date("2026-10-01T15:00:00Z");
    const { userId, user, requestIds } = await personWithPostalRequests("service", sentAt);
    const [requestId] = requestIds as [string];
    const before = await requestRow(userId, requestId);
    const words =
      "That mail was printed before your request; we ask again on 11/26/2026, when mail from Acme Catalogs 0 should have stopped coming.";
    // Day 0, the day its 30 days to act are over, and the last moment before its eight weeks.
    for (const days of [0, 30, 45, 56 - 1 / 86_400]) {
      const refused = await actOnRequest(
        withLob(),
        user,
        { requestId, action: "report", charged: false },
        new Date(sentAt.getTime() + days * DAY_MS),
      );
      expect(refused, `day ${days}`).toEqual({ firstQueuing: false, refused: words });
    }
    expect(await lobLetterJobs(userId)).toBe(0);
    expect(await requestRow(userId, requestId), "nothing changed").toEqual(before);
    expect(await linesOf(userId, requestId, "report")).toEqual([]);

    const reported = await actOnRequest(
      withLob(),
      user,
      { requestId, action: "report", charged: false },
      new Date(sentAt.getTime() + 56 * DAY_MS),
    );
    expect(reported).toEqual({ firstQueuing: false, refused: null });
    expect(await lobLetterJobs(userId)).toBe(1);
  });

  it("ten at once after the wait take one step, and the next report waits for the new sending's own days", async () => {
    const { browser, userId } = await signedUpUser("still-coming-ten");
    expect((await browser.post("/dashboard", { intent: "unsubscribe", requestId: "epsilon" })).status).toBe(303);
    await db
      .update(requests)
      .set({ processedAt: new Date(Date.now() - 70 * DAY_MS) })
      .where(and(eq(requests.userId, userId), eq(requests.id, "epsilon")));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => browser.post("/dashboard", { intent: "report", requestId: "epsilon" })),
    );
    expect(answers.every((answer) => answer.status === 303 || answer.status === 400)).toBe(true);
    expect(await linesOf(userId, "epsilon", "secondRequest")).toHaveLength(1);
    expect((await requestRow(userId, "epsilon")).followUpStep).toBe(1);

    // The second request went out just now: a report is refused until its own days are over.
    await db
      .update(requests)
      .set({ processedAt: new Date() })
      .where(and(eq(requests.userId, userId), eq(requests.id, "epsilon")));
    expect((await browser.post("/dashboard", { intent: "report", requestId: "epsilon" })).status).toBe(400);
    expect(await requestRow(userId, "epsilon")).toMatchObject({ followUpStep: 1, stillComingAt: null });
  });

  it("from the reminder page is refused too, with the message next to the answers", async () => {
    const { browser, userId } = await signedUpUser("still-coming-reminder");
    expect((await browser.post("/dashboard", { intent: "unsubscribe", requestId: "epsilon" })).status).toBe(303);
    await db
      .update(requests)
      .set({ processedAt: new Date() })
      .where(and(eq(requests.userId, userId), eq(requests.id, "epsilon")));
    const response = await browser.post("/reminders/epsilon", { intent: "report" });
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toMatch(/That mail was printed before your request; we ask again on \d\d\/\d\d\/\d{4}/);
    expect(await requestRow(userId, "epsilon")).toMatchObject({ followUpStep: 0, stillComingAt: null });
  });
});

describe("a piece that could not be verified", () => {
  it("dated after the stop date makes no Lob letter and no legal request; the person's confirmation then makes exactly one", async () => {
    const sentAt = new Date("2026-06-01T15:00:00Z");
    const { userId, user, requestIds } = await personWithPostalRequests("forged", sentAt);
    const [requestId] = requestIds as [string];
    await db.insert(agentPermissions).values({ userId, typedName: "Ada Q Public", allows: "as my agent", signedAt: sentAt });
    const now = new Date("2026-11-29T15:00:00Z");
    // The review's forged digest: one piece after the day the mail should have stopped, one in 2031.
    const late = await pieceOf(userId, requestId, "2026-11-28", now, false);
    const future = await pieceOf(userId, requestId, "2031-01-01", now, false);
    expect([late.step, future.step]).toEqual([null, null]);
    expect([late.recorded.stillComing, future.recorded.stillComing]).toEqual([false, false]);
    await advanceFollowUps(withLob(), now);
    expect(await requestRow(userId, requestId)).toMatchObject({ followUpStep: 0, stillComingAt: null });
    expect(await lobLetterJobs(userId)).toBe(0);
    expect(await linesOf(userId, requestId, "legalRequest")).toEqual([]);

    const [piece] = await db
      .select({ id: mailArrivals.id })
      .from(mailArrivals)
      .where(and(eq(mailArrivals.userId, userId), eq(mailArrivals.arrivedOn, "2026-11-28")));
    const answers = await Promise.all([
      answerPiece(withLob(), user, { arrivalId: piece!.id, answer: "confirmed" }, now),
      answerPiece(withLob(), user, { arrivalId: piece!.id, answer: "confirmed" }, now),
    ]);
    expect(answers.map((answer) => answer.kind)).toEqual(["answered", "answered"]);
    expect(await lobLetterJobs(userId)).toBe(1);
    expect(await linesOf(userId, requestId, "secondRequest")).toHaveLength(1);
    expect(await linesOf(userId, requestId, "legalRequest")).toEqual([]);
    // The letter cites the person's own report, not the piece no one could verify.
    const [letter] = await lettersFor(db, [{ userId, requestId }], { unsentOnly: true, now });
    expect(letter!.letter).toContain("Since then, your mail has still come to me, as I reported on 11/29/2026.");
    expect(letter!.letter).not.toContain("2031");
  });

  it("shows on its request's card with one press to confirm and one to dismiss; dismissed, it asks no more", async () => {
    const { browser, userId } = await signedUpUser("still-coming-card");
    expect((await browser.post("/dashboard", { intent: "unsubscribe", requestId: "epsilon" })).status).toBe(303);
    await db
      .update(requests)
      .set({ processedAt: new Date(Date.now() - 120 * DAY_MS) })
      .where(and(eq(requests.userId, userId), eq(requests.id, "epsilon")));
    const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    await recordPiece(
      db,
      digestPiece({ userId, entryId: "card-forged-1", arrivedOn: yesterday, templateId: "epsilon", authenticated: false }),
      new Date(),
    );
    const html = await (await browser.get("/dashboard")).text();
    const start = html.lastIndexOf("<", html.indexOf('id="request-epsilon"'));
    const card = textOf(html.slice(start, html.indexOf("Letter and history", start)));
    expect(card).toMatch(/A piece from Epsilon\b.* seen on \d\d\/\d\d\/\d{4} in a forwarded digest we could not verify\./);
    expect(card).toContain("Yes, this came to me: send again");
    expect(card).toContain("Dismiss");
    expect(card, "it did not mark the request still coming").not.toContain("Still coming:");

    const [piece] = await db.select({ id: mailArrivals.id }).from(mailArrivals).where(eq(mailArrivals.userId, userId));
    expect((await browser.post("/dashboard", { intent: "dismissPiece", arrivalId: piece!.id })).status).toBe(303);
    const after = await (await browser.get("/dashboard")).text();
    expect(after).not.toContain("we could not verify");
    expect(await requestRow(userId, "epsilon")).toMatchObject({ followUpStep: 0, stillComingAt: null });
    // A second press (JavaScript off, a double click) finds the first answer: back to the card, nothing sent.
    const again = await browser.post("/dashboard", { intent: "confirmPiece", arrivalId: piece!.id });
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toContain("notice=pieceDismissed");
    expect(await requestRow(userId, "epsilon")).toMatchObject({ followUpStep: 0, stillComingAt: null });
    // A piece that is not this user's, or none at all, is not found.
    expect((await browser.post("/dashboard", { intent: "confirmPiece", arrivalId: crypto.randomUUID() })).status).toBe(404);
  });
});

describe("the legal step and the daily cap", () => {
  it("a real piece may send the second request by itself; more than the day's cap wait, visibly, for the next day", async () => {
    const sentAt = new Date("2026-06-01T15:00:00Z");
    const count = FOLLOW_UP_SENDS_PER_DAY + 2;
    const { userId, requestIds } = await personWithPostalRequests("cap", sentAt, count);
    const now = new Date("2026-11-29T15:00:00Z");
    // One real digest shows every sender late, all at the same moment.
    const steps = await Promise.all(requestIds.map((requestId) => pieceOf(userId, requestId, "2026-11-28", now, true)));
    expect(steps.filter((outcome) => outcome.step === "second")).toHaveLength(FOLLOW_UP_SENDS_PER_DAY);
    expect(steps.filter((outcome) => outcome.step === "dailyLimit")).toHaveLength(2);
    expect(await lobLetterJobs(userId)).toBe(FOLLOW_UP_SENDS_PER_DAY);
    const held = (await db.select().from(requests).where(eq(requests.userId, userId))).filter((row) => row.followUpHold === "dailyLimit");
    expect(held).toHaveLength(2);
    expect((await linesOf(userId, held[0]!.id, "followUpHeld"))[0]!.detail).toContain(
      `we send at most ${FOLLOW_UP_SENDS_PER_DAY} follow-ups a day for one account`,
    );
    // The same day's cron sends nothing more; the next day's sends the rest.
    expect((await advanceFollowUps(withLob(), new Date("2026-11-29T16:00:00Z"))).second).toBe(0);
    expect((await advanceFollowUps(withLob(), new Date("2026-11-30T14:00:00Z"))).second).toBeGreaterThanOrEqual(2);
    expect(await lobLetterJobs(userId)).toBe(count);
  });
});
