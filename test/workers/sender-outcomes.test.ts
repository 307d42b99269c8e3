// What each sender really does (decision 0060): the daily figures from seeded requests and pieces,
// shown only from ten cases with their count; the progress page of one person, never another's;
// and a reminder not sent when a watched mailbox already shows the mail stopped.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG_SENDERS } from "../../drizzle/catalog";
import {
  jobs,
  mailArrivals,
  requestLogs,
  requests,
  requestTemplates,
  senderOutcomes,
  users,
  type RequestStatus,
} from "../../drizzle/schema";
import worker from "../../app/worker";
import { DAY_MS, formatDate } from "~/domain/dates";
import { MAIL_STOPS_AFTER_DAYS, mailClock } from "~/domain/mail-timing";
import { learnedStopDays, senderOutcomeText } from "~/domain/sender-outcome";
import { seedSenderCatalog } from "~/models/request-template.server";
import { foldPiecesOf, mailboxSeenOnOf } from "~/models/mail-tally.server";
import { recomputeSenderOutcomes, senderOutcomeOf } from "~/models/sender-outcome.server";
import { getDb } from "~/utils/db.server";
import { Browser, signedInStaff, signedUpUser } from "./http";
import { emailsReceived } from "./stand-ins";
import { insertUser, jobsSettled, rowsReadCounting, textOf } from "./support";

const db = getDb(env.DB);
beforeAll(() => seedSenderCatalog(db, CATALOG_SENDERS));

const day = (date: Date) => date.toISOString().slice(0, 10);
const daysAfter = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

async function newRequest(
  userId: string,
  templateId: string | null,
  senderName: string,
  fields: {
    status?: RequestStatus | null;
    processedAt?: Date | null;
    stillComingAt?: Date | null;
    followUpStep?: number;
    requiredDays?: number;
  } = {},
) {
  const id = crypto.randomUUID();
  await db.insert(requests).values({
    userId,
    id,
    templateId,
    senderName,
    title: senderName,
    fullName: "Ada Lovelace",
    type: templateId ? "preset" : "custom",
    status: "inQueue",
    street1: "12 Main St",
    city: "Springfield",
    state: "IL",
    zipCode: "62701",
    queuedAt: fields.processedAt ?? null,
    ...fields,
  });
  return id;
}

let entry = 0;
/** A piece known to be real unless told otherwise, received the day it arrived. */
async function piece(userId: string, arrivedOn: string, fields: Partial<typeof mailArrivals.$inferInsert> = {}) {
  await db.insert(mailArrivals).values({
    userId,
    entryId: `outcome-${(entry += 1)}`,
    source: "digest",
    state: "read",
    arrivedOn,
    authenticated: true,
    createdAt: new Date(`${arrivedOn}T12:00:00Z`),
    ...fields,
  }); // Counted as a piece read is (decision 0084): the pages read the tally.
  await foldPiecesOf(db, userId);
}

let street = 0;
/** An account that counts in the figures: a household of its own at a verified address, made long before. */
const householdUser = (label: string, fields: Partial<typeof users.$inferInsert> = {}) =>
  insertUser(label, {
    street1: `${(street += 1)} Elm St`,
    addressCheck: "verified",
    createdAt: new Date("2025-06-01T12:00:00Z"),
    ...fields,
  });

async function newTemplate(title: string) {
  const id = `outcome-${crypto.randomUUID()}`;
  // Not active: not a preset of the people signed up in the other tests.
  await db.insert(requestTemplates).values({ id, title, category: "catalogs", confidence: "high", isActive: false });
  return id;
}

describe("recomputeSenderOutcomes", () => {
  it("counts the known outcomes and the days to the last piece over the stopped ones", async () => {
    const templateId = await newTemplate("Outcome Catalog");
    const sentAt = new Date("2026-01-05T15:00:00Z");
    const now = new Date("2026-06-01T12:00:00Z");
    // Six confirmed, their last pieces 10, 20, ..., 60 days after the request reached the sender.
    for (let index = 1; index <= 6; index += 1) {
      const user = await householdUser(`outcome-confirmed-${index}`);
      const request = await newRequest(user.id, templateId, "Outcome Catalog", { status: "confirmedByUser", processedAt: sentAt });
      await piece(user.id, day(daysAfter(sentAt, index * 10)), { templateId, requestId: request });
      await piece(user.id, day(daysAfter(sentAt, index * 10 - 5)), { templateId, requestId: request });
    }
    // One verified by a watched mailbox whose digests showed the sender before the request: nothing
    // from it after day 56, the mailbox seen 80 days after.
    const watched = await householdUser("outcome-watched");
    await piece(watched.id, day(daysAfter(sentAt, -10)), { templateId });
    const watchedRequest = await newRequest(watched.id, templateId, "Outcome Catalog", { processedAt: sentAt });
    await piece(watched.id, day(daysAfter(sentAt, 50)), { templateId, requestId: watchedRequest });
    await piece(watched.id, day(daysAfter(sentAt, 80)), { senderName: "Someone Else" });
    // The same quiet mailbox, but its digests never showed the sender (a catalog, a flat): not known.
    const unseen = await householdUser("outcome-unseen");
    await newRequest(unseen.id, templateId, "Outcome Catalog", { processedAt: sentAt });
    await piece(unseen.id, day(daysAfter(sentAt, 80)), { senderName: "Someone Else" });
    // Two still coming, one followed up: not stopped. One waiting, and one whose mailbox is quiet for too short: not known.
    const late = await householdUser("outcome-late");
    await newRequest(late.id, templateId, "Outcome Catalog", { processedAt: sentAt, stillComingAt: daysAfter(sentAt, 60) });
    const later = await householdUser("outcome-later");
    await newRequest(later.id, templateId, "Outcome Catalog", { processedAt: sentAt, stillComingAt: daysAfter(sentAt, 62) });
    const chased = await householdUser("outcome-chased");
    await newRequest(chased.id, templateId, "Outcome Catalog", { processedAt: sentAt, followUpStep: 1 });
    const waiting = await householdUser("outcome-waiting");
    await newRequest(waiting.id, templateId, "Outcome Catalog", { processedAt: sentAt });
    const brief = await householdUser("outcome-brief");
    await newRequest(brief.id, templateId, "Outcome Catalog", { processedAt: sentAt });
    await piece(brief.id, day(daysAfter(sentAt, 60)), { senderName: "Someone Else" });

    await recomputeSenderOutcomes(db, now);

    // 6 confirmed + 1 watched stopped; 3 not stopped. Days over the stopped: 10, 20, ..., 60 and 50:
    // seven households, fewer than ten, so only a 90th percentile that lengthens the 8 weeks is kept.
    expect(await senderOutcomeOf(db, templateId)).toEqual({ templateId, cases: 10, stopped: 7, medianDays: null, p90Days: 60 });

    // Run again after one more confirmation: the row is rewritten, not added to.
    const more = await householdUser("outcome-more");
    await newRequest(more.id, templateId, "Outcome Catalog", { status: "confirmedByUser", processedAt: sentAt });
    await recomputeSenderOutcomes(db, now);
    const rows = await db.select().from(senderOutcomes).where(eq(senderOutcomes.templateId, templateId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ cases: 11, stopped: 8, computedAt: now });
  });
});

describe("the daily walk", () => {
  // It reads only requests that can tell an outcome today: one whose days to act and quiet weeks
  // are not over cannot be verified, so it is passed over. The first day one can be, it counts.
  it("verifies a request on the first day its mailbox can, where the sender's days to act outlast the clock's weeks", async () => {
    const templateId = await newTemplate("Slow Outcome Catalog");
    const sentAt = new Date("2026-01-05T15:00:00Z");
    // 90 days to act, then two quiet weeks: the mailbox must be seen on 04/19/2026 or later.
    const mayTellOn = "2026-04-19";
    const user = await householdUser("outcome-slow");
    await piece(user.id, day(daysAfter(sentAt, -3)), { templateId });
    await newRequest(user.id, templateId, "Slow Outcome Catalog", { processedAt: sentAt, requiredDays: 90 });

    await piece(user.id, "2026-04-18", { senderName: "Someone Else" });
    await recomputeSenderOutcomes(db, new Date("2026-04-18T14:00:00Z"));
    expect(await senderOutcomeOf(db, templateId)).toBeNull();

    // The daily cron runs at 14:00 UTC, before the hour the request went out.
    await piece(user.id, mayTellOn, { senderName: "Someone Else" });
    await recomputeSenderOutcomes(db, new Date(`${mayTellOn}T14:00:00Z`));
    expect(await senderOutcomeOf(db, templateId)).toMatchObject({ cases: 1, stopped: 1 });
  });

  it("finds the day a mailbox was last seen from its newest real piece, whatever the number of pieces before it", async () => {
    const user = await householdUser("outcome-busy-mailbox");
    const days = Array.from({ length: 80 }, (_, index) => day(daysAfter(new Date("2026-01-01T00:00:00Z"), index)));
    for (const arrivedOn of days) await piece(user.id, arrivedOn);
    // The newest piece anyone could send: not real, so not a sign the mailbox is watched.
    await piece(user.id, "2026-03-30", { authenticated: false, createdAt: new Date("2026-03-30T12:00:00Z") });

    const counter = { rowsRead: 0 };
    const counted = getDb(rowsReadCounting(env.DB, counter));
    const [[seen]] = await counted.batch([
      counted
        .select({ on: mailboxSeenOnOf(sql`${user.id}`) })
        .from(users)
        .where(eq(users.id, user.id)),
    ]);
    expect(seen?.on).toBe(days.at(-1));
    // The account's row, the unverified piece and the newest real one, not eighty pieces.
    expect(counter.rowsRead).toBeGreaterThan(0);
    expect(counter.rowsRead).toBeLessThan(10);
  });
});

describe("poisoning a sender's figures (decision 0064)", () => {
  const sentAt = new Date("2026-03-02T15:00:00Z");
  const now = new Date("2026-07-01T12:00:00Z");

  /**
   * Ten accounts each claim the sender stopped at once: a piece of it the day the request went out,
   * and a mailbox seen long after (the review's attack, finding 5). Answers the figures and the
   * clock an honest person's request to it then gets.
   */
  async function tenAccounts(templateId: string, account: (index: number) => Promise<{ id: string }>, pieceFields = {}) {
    for (let index = 0; index < 10; index += 1) {
      const user = await account(index);
      const request = await newRequest(user.id, templateId, "Poisoned Catalog", { processedAt: sentAt });
      await piece(user.id, day(sentAt), { templateId, requestId: request, ...pieceFields });
      await piece(user.id, "2031-01-01", { senderName: "Another Sender", createdAt: daysAfter(sentAt, 100), ...pieceFields });
      await piece(user.id, day(daysAfter(sentAt, 100)), { senderName: "Another Sender", ...pieceFields });
    }
    await recomputeSenderOutcomes(db, now);
    const outcome = await senderOutcomeOf(db, templateId);
    const honestClock = mailClock(now, 30, learnedStopDays(outcome));
    return { outcome, shouldHaveStoppedAfterDays: Math.round((honestClock.mailStopsBy.getTime() - now.getTime()) / DAY_MS) };
  }

  it("ten accounts of one household count once, and change no one's clock", async () => {
    const templateId = await newTemplate("Poisoned Catalog");
    const { outcome, shouldHaveStoppedAfterDays } = await tenAccounts(templateId, (index) =>
      insertUser(`poison-household-${index}`, {
        street1: "77 Sunset Blvd",
        street2: index % 2 ? "Apt 2" : "APT 2",
        addressCheck: "verified",
        createdAt: new Date("2025-06-01T12:00:00Z"),
      }),
    );
    console.log(
      `one household, 10 accounts: ${JSON.stringify(outcome)}; an honest request's mail should stop ${shouldHaveStoppedAfterDays} days after it reaches the sender`,
    );
    expect(outcome).toMatchObject({ cases: 1, stopped: 1, medianDays: null, p90Days: null });
    expect(senderOutcomeText(outcome)).toBeNull();
    expect(shouldHaveStoppedAfterDays).toBe(MAIL_STOPS_AFTER_DAYS);
  });

  it("ten households with only unverified pieces count for nothing, and a piece dated 2031 stops nothing", async () => {
    const templateId = await newTemplate("Poisoned Catalog");
    const { outcome, shouldHaveStoppedAfterDays } = await tenAccounts(templateId, (index) => householdUser(`poison-forged-${index}`), {
      authenticated: false,
    });
    console.log(
      `10 households, unverified pieces only: ${JSON.stringify(outcome)}; an honest request's mail should stop ${shouldHaveStoppedAfterDays} days after it reaches the sender`,
    );
    expect(outcome).toBeNull();
    expect(shouldHaveStoppedAfterDays).toBe(MAIL_STOPS_AFTER_DAYS);
  });

  it("ten new accounts count for nothing until they are two months old", async () => {
    const templateId = await newTemplate("Poisoned Catalog");
    const { outcome } = await tenAccounts(templateId, (index) => householdUser(`poison-new-${index}`, { createdAt: daysAfter(now, -10) }));
    expect(outcome).toBeNull();
  });

  it("ten households that really saw it stop within days shorten nothing below 8 weeks until ten of them tell the days", async () => {
    const templateId = await newTemplate("Quick Catalog");
    // Nine households saw the last piece within a week: not enough to shorten anyone's clock.
    const { outcome } = await tenAccounts(templateId, (index) =>
      index === 0 ? insertUser("quick-no-household", { addressCheck: "asTyped" }) : householdUser(`quick-${index}`),
    );
    expect(outcome).toMatchObject({ cases: 9, stopped: 9, p90Days: null });
  });
});

describe("the figures where people choose and wait", () => {
  const setAcxiom = (cases: number, stopped: number) =>
    db
      .insert(senderOutcomes)
      .values({ templateId: "acxiom", cases, stopped, medianDays: 60, p90Days: 80, computedAt: new Date() })
      .onConflictDoUpdate({ target: senderOutcomes.templateId, set: { cases, stopped } });
  const searchOutcome = async (browser: Browser) => {
    const body = (await (await browser.get("/requests/senders?q=acxiom")).json()) as { matches: { id: string; outcome: string | null }[] };
    return body.matches.find((match) => match.id === "acxiom")?.outcome;
  };

  it("says nothing from 9 cases, and the share with its count from 10", async () => {
    const { browser } = await signedUpUser("outcome-shown");

    await setAcxiom(9, 8);
    expect(await searchOutcome(browser)).toBeNull();
    expect(textOf(await (await browser.get("/requests/add?senderName=acxiom")).text())).not.toContain("Stopped for");
    const acxiomCard = async () => {
      const html = await (await browser.get("/dashboard")).text();
      const start = html.indexOf('id="request-acxiom"');
      return textOf(html.slice(start, html.indexOf("</li>", start)));
    };
    expect(await acxiomCard()).toContain("Acxiom");
    expect(await acxiomCard()).not.toContain("Stopped for");
    const acxiomOnLearn = async () => {
      const html = await (await browser.get("/learn")).text();
      const start = html.indexOf("<h4>Acxiom</h4>");
      return textOf(html.slice(start, html.indexOf("</dl>", start)));
    };

    await setAcxiom(10, 8);
    const words = "Stopped for 8 of 10 people, usually within 9 weeks.";
    expect(await searchOutcome(browser)).toBe(words);
    expect(textOf(await (await browser.get("/requests/add?senderName=acxiom")).text())).toContain(words);
    expect(await acxiomCard()).toContain(words);
    // /learn is a public page, kept by the page cache for a minute: read first here.
    expect(await acxiomOnLearn()).toContain(words);
  });
});

describe("/progress", () => {
  it("shows a person's counts and their weeks with each request marked, and never another person's mail", async () => {
    const { browser, userId } = await signedUpUser("progress-own");
    const now = new Date();
    const sentAt = new Date(now.getTime() - 40 * DAY_MS);
    const stopped = await newRequest(userId, null, "Quiet Catalog", { status: "confirmedByUser", processedAt: sentAt });
    await newRequest(userId, null, "Chased Offers", { processedAt: sentAt, followUpStep: 2 });
    await newRequest(userId, null, "Staff Bank", { processedAt: new Date(now.getTime() - 100 * DAY_MS), followUpStep: 3 });
    await piece(userId, day(new Date(sentAt.getTime() - 20 * DAY_MS)), { senderName: null, requestId: stopped });
    await piece(userId, day(new Date(sentAt.getTime() - 10 * DAY_MS)), { requestId: stopped });
    await piece(userId, day(new Date(sentAt.getTime() + 5 * DAY_MS)), { requestId: stopped });
    const other = await insertUser("progress-other");
    await newRequest(other.id, null, "Private Sender Of Another", { status: "confirmedByUser", processedAt: sentAt });

    const response = await browser.get("/progress");
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = textOf(html);
    expect(text).toContain("1 stopped");
    expect(text).toContain("1 being followed up");
    expect(text).toContain("1 with our staff");
    expect(html.match(/class="week-chart-bar"/g)).toHaveLength(26);
    // One triangle per week with requests: two were sent the same day.
    expect(html.match(/class="week-chart-mark"/g)).toHaveLength(2);
    expect(text).toMatch(/Quiet Catalog \(sent [\d/]+\): Stopped\. 2 before, 1 after\./);
    expect(text).toContain("About 4 fewer pieces a year. An estimate:");
    expect(text).not.toContain("Private Sender Of Another");

    const empty = await signedUpUser("progress-empty");
    const emptyText = textOf(await (await empty.browser.get("/progress")).text());
    expect(emptyText).toContain("No figures yet.");
    expect(emptyText).not.toContain("Quiet Catalog");
  });

  it("dates the weeks and the scale in text, says before and after the first request once, and lists only weeks with pieces or a request", async () => {
    const { browser, userId } = await signedUpUser("progress-read");
    const now = new Date();
    const first = new Date(now.getTime() - 100 * DAY_MS);
    const later = new Date(now.getTime() - 40 * DAY_MS);
    await newRequest(userId, null, "First Catalog", { status: "confirmedByUser", processedAt: first });
    const laterRequest = await newRequest(userId, null, "Later Offers", { processedAt: later });
    await piece(userId, day(daysAfter(now, -60)), { requestId: laterRequest });
    await piece(userId, day(daysAfter(now, -50)), { requestId: laterRequest });
    await piece(userId, day(daysAfter(now, -10)), { requestId: laterRequest });

    const html = (await (await browser.get("/progress")).text()).replaceAll("<!-- -->", "");
    const chart = html.slice(html.indexOf('<div class="week-chart"'), html.indexOf("</table>"));
    // The picture is HTML hidden from screen readers, with no SVG name or title saying it again.
    expect(chart).not.toContain("<svg");
    expect(chart).not.toContain("aria-label=");
    expect(chart).toMatch(/<div class="week-chart-picture" aria-hidden="true">/);
    // The month names under the weeks, and the scale, as text.
    const month = (date: Date) => date.toLocaleString("en-US", { month: "short", timeZone: "America/Chicago" });
    const months = [...chart.matchAll(/class="week-chart-month[^"]*"[^>]*>([A-Z][a-z]{2})<\/span>/g)].map((match) => match[1]);
    expect(months.length).toBeGreaterThanOrEqual(6);
    expect(months).toContain(month(now));
    expect(months).toContain(month(daysAfter(now, -100)));
    expect(chart).toMatch(/<div class="week-chart-scale"><span>1<\/span><span>0<\/span><\/div>/);
    // One description, with the weeks before and after the first request.
    const sentence = `0 pieces in the 8 weeks before your first request on ${formatDate(first, "America/Chicago")}, 2 in the 8 weeks after.`;
    expect(textOf(html).split(sentence)).toHaveLength(2);
    expect(textOf(html)).toContain(`3 pieces seen in your mail in the last 26 weeks, the most in one week 1. ${sentence}`);
    // The table: the weeks with pieces or a request, each with its date.
    const rows = [...chart.matchAll(/<tr><td>(\d\d\/\d\d\/\d{4})<\/td><td>(\d+)<\/td><td>([^<]*)<\/td><\/tr>/g)];
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.length).toBeLessThanOrEqual(5);
    expect(rows.every(([, , count, marks]) => Number(count) > 0 || marks!.startsWith("Request to"))).toBe(true);
    expect(rows.reduce((sum, [, , count]) => sum + Number(count), 0)).toBe(3);
    expect(rows.filter(([, , , marks]) => marks!.includes("Request to")).map(([, , , marks]) => marks)).toEqual([
      `Request to First Catalog, ${formatDate(first, "America/Chicago")}`,
      `Request to Later Offers, ${formatDate(later, "America/Chicago")}`,
    ]);
  });

  it("is for signed-in people only", async () => {
    const response = await new Browser().get("/progress");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/signin?${new URLSearchParams({ redirectTo: "/progress" })}`);
  });
});

describe("/admin/progress", () => {
  it("counts the service's follow-ups and escalations per week for staff", async () => {
    const user = await insertUser("admin-progress");
    const request = await newRequest(user.id, null, "Chased Catalog", { processedAt: new Date(Date.now() - 90 * DAY_MS) });
    const line = (status: string, daysAgo: number) => ({
      userId: user.id,
      requestId: request,
      creator: "system" as const,
      status,
      createdAt: new Date(Date.now() - daysAgo * DAY_MS),
    });
    await db.insert(requestLogs).values([line("secondRequest", 20), line("legalRequest", 3), line("escalated", 2), line("escalated", 400)]);

    const { browser } = await signedInStaff("moderator");
    const html = await (await browser.get("/admin/progress")).text();
    const text = textOf(html);
    expect(html.match(/<div class="week-chart-picture" aria-hidden="true">/g)).toHaveLength(3);
    expect(text).toMatch(/Second requests and requests under a state law sent: 2 in the last 26 weeks/);
    expect(text).toMatch(/Requests handed to staff: 1 in the last 26 weeks/);
  });
});

describe("reminders and a watched mailbox", () => {
  it("does not ask whether the mail stopped when the mailbox shows it did, and asks when its digests never showed the sender", async () => {
    const now = new Date();
    const sentAt = new Date(now.getTime() - 80 * DAY_MS);
    const watched = await insertUser("reminder-watched");
    // Its digests showed the sender before the request; another sender's piece five days ago: the
    // mailbox is watched, 75 days after the request, and quiet of it.
    await piece(watched.id, day(new Date(sentAt.getTime() - 10 * DAY_MS)), { senderName: "Watched Catalog" });
    await newRequest(watched.id, null, "Watched Catalog", { processedAt: sentAt });
    await piece(watched.id, day(new Date(now.getTime() - 5 * DAY_MS)), { senderName: "Another Sender" });
    const unwatched = await insertUser("reminder-unwatched");
    await newRequest(unwatched.id, null, "Unwatched Catalog", { processedAt: sentAt });
    // Watched just the same, but its digests never showed this sender: their silence says nothing.
    const unseen = await insertUser("reminder-unseen");
    await newRequest(unseen.id, null, "Unseen Catalog", { processedAt: sentAt });
    await piece(unseen.id, day(new Date(now.getTime() - 5 * DAY_MS)), { senderName: "Another Sender" });

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now.getTime(), cron: "0 14 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    await jobsSettled("reminder.send", { atLeast: 3 });

    const remindersTo = (address: string) => emailsReceived((email) => email.To === address);
    expect(await remindersTo(unwatched.email)).toHaveLength(1);
    expect(await remindersTo(unseen.email)).toHaveLength(1);
    expect(await remindersTo(watched.email)).toEqual([]);
    // Claimed by the cron, then not sent when its job ran: the evidence told.
    const claimed = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.userId, watched.id), eq(jobs.type, "reminder.send")));
    expect(claimed).toHaveLength(1);
  });
});
