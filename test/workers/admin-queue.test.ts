// The staff work queue: what is waiting, by sender and channel, premium first; sending by email,
// print batches marked mailed, web forms marked filed; what the user then sees.
import { env } from "cloudflare:test";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import { requestLogs, requests, staffAudit, users } from "../../drizzle/schema";
import type { CatalogSender } from "~/domain/sender-catalog";
import { seedSenderCatalog } from "~/models/request-template.server";
import { getStaffOverview } from "~/models/staff-overview.server";
import { lettersFor } from "~/models/work-queue.server";
import { getDb } from "~/utils/db.server";
import { DAY_MS } from "~/domain/dates";
import { type Browser, signedInStaff, signedUpUser } from "./http";
import { received } from "./stand-ins";
import { htmlOf, requestRow } from "./support";

const db = getDb(env.DB);
beforeAll(() => seedSenderCatalog(db, catalog.senders as CatalogSender[]));

const staffLogs = (userId: string, id: string) =>
  db
    .select({ creator: requestLogs.creator, status: requestLogs.status, detail: requestLogs.detail })
    .from(requestLogs)
    .where(and(eq(requestLogs.userId, userId), eq(requestLogs.requestId, id), eq(requestLogs.creator, "staff")));

/** A new user who has sent the given presets (and a custom request, when named). */
async function userWithRequests(label: string, presets: string[], custom?: string) {
  const user = await signedUpUser(label);
  await db.update(users).set({ numOfFreeRequest: 10 }).where(eq(users.id, user.userId));
  for (const id of presets) expect((await user.browser.post("/dashboard", { intent: "unsubscribe", requestId: id })).status).toBe(303);
  if (custom) expect((await user.browser.post("/requests/add", { senderName: custom })).status).toBe(303);
  return user;
}

/** Puts a user's requests past the 7 days they wait for the person's return address (decision 0067). */
const pastReturnAddressWait = (userId: string) =>
  db
    .update(requests)
    .set({ queuedAt: new Date(Date.now() - 8 * DAY_MS) })
    .where(eq(requests.userId, userId));

const process = (browser: Browser, intent: string, group: string, keys: string[]) =>
  browser.post("/admin/queue", new URLSearchParams([["intent", intent], ["group", group], ...keys.map((key) => ["request", key])]));

describe("the work queue", () => {
  it("lists waiting requests by sender and channel, premium users first; the person's own filings are not listed", async () => {
    const early = await userWithRequests("queue-early", ["experian-marketing", "dmachoice"]);
    const premium = await userWithRequests("queue-premium", ["transunion-marketing"]);
    await db.update(users).set({ plan: "premium", stripeSubscriptionId: "sub_queue_premium" }).where(eq(users.id, premium.userId));
    const { browser } = await signedInStaff("moderator");
    const html = await htmlOf(await browser.get("/admin/queue"));
    const transunion = html.indexOf("TransUnion");
    const experian = html.indexOf("Experian Marketing Services");
    expect(transunion).toBeGreaterThan(0);
    expect(experian).toBeGreaterThan(0);
    expect(transunion, "the premium user's sender comes first").toBeLessThan(experian);
    expect(html).toContain("1 premium");
    expect(html).toContain("Postal mail: Experian, P.O. Box 703, Allen, TX 75013");
    expect(html).toContain(`${early.userId}:experian-marketing`);
    expect(html, "DMAchoice is filed by the person").not.toContain(`${early.userId}:dmachoice`);
  });

  it("sends an email group in one click: processed, logged for the user, audited, and the letter emailed to the sender with the request's reply address", async () => {
    // A request back with staff (its automatic email did not get through, or a report put it back):
    // staff send it by email in one click, as the person's own (decision 0066).
    const user = await userWithRequests("queue-email", []);
    await db
      .update(requests)
      .set({ status: "inQueue", queuedAt: new Date() })
      .where(and(eq(requests.userId, user.userId), eq(requests.id, "epsilon")));
    const { browser, userId: staffId } = await signedInStaff("moderator");
    const queue = await htmlOf(await browser.get("/admin/queue"));
    expect(queue).toContain("Email: optout@epsilon.com");

    const sent = await process(browser, "send", "epsilon", [`${user.userId}:epsilon`]);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toContain("/admin/queue?done=");
    expect((await requestRow(user.userId, "epsilon")).processedAt).toBeInstanceOf(Date);
    expect(await staffLogs(user.userId, "epsilon")).toEqual([
      { creator: "staff", status: "emailed", detail: "We emailed your request to Epsilon (Abacus catalog cooperative)." },
    ]);
    const [audit] = await db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.actorId, staffId), eq(staffAudit.action, "requests.emailed")))
      .orderBy(desc(staffAudit.id))
      .limit(1);
    expect(audit?.details).toMatchObject({ requests: [`${user.userId}:epsilon`] });

    // Processing again changes nothing: the request has left the queue.
    expect([404, 409]).toContain((await process(browser, "send", "epsilon", [`${user.userId}:epsilon`])).status);
    expect(await staffLogs(user.userId, "epsilon")).toHaveLength(1);

    // The job gives the request its reply address as it sends the letter.
    await expect
      .poll(async () => (await requestRow(user.userId, "epsilon")).replyToken, { timeout: 10_000, interval: 250 })
      .toMatch(/^[a-z2-7]{26}$/);
    const replyTo = `reply+${(await requestRow(user.userId, "epsilon")).replyToken}@replies.quietmailbox.local`;
    type Sent = { To?: string; Subject?: string; TextBody?: string; ReplyTo?: string };
    await expect
      .poll(async () => (await received("email", (request) => (request.body as Sent | null)?.ReplyTo === replyTo)).length, {
        timeout: 10_000,
        interval: 250,
      })
      .toBeGreaterThan(0);
    const [email] = await received("email", (request) => (request.body as Sent | null)?.ReplyTo === replyTo);
    const body = email!.body as Sent;
    expect(body.To).toBe("optout@epsilon.com");
    expect(body.Subject).toBe("Please remove Ada Lovelace from your mailing lists");
    expect(body.TextBody).toContain("Do Not Mail");

    const dashboard = await htmlOf(await user.browser.get("/dashboard?request=epsilon"));
    expect(dashboard).toContain("Sent by email to optout@epsilon.com");
    expect(dashboard).toMatch(/Emailed to Epsilon \(Abacus catalog cooperative\) on \d\d\/\d\d\/\d{4} as your own request/);
    expect(dashboard).toMatch(/Epsilon \(Abacus catalog cooperative\) has until \d\d\/\d\d\/\d{4} to act/);
  });

  it("prints a mail batch with the sender's address and marks exactly those letters mailed", async () => {
    const user = await userWithRequests("queue-mail", ["experian-marketing"]);
    const { browser } = await signedInStaff("moderator");
    const print = await browser.get("/admin/queue/print?group=experian-marketing");
    expect(print.status).toBe(200);
    const html = await htmlOf(print);
    expect(html).toContain("<span>Experian</span><span>P.O. Box 703</span><span>Allen, TX 75013</span>");
    expect(html).toContain("Ada Lovelace");
    expect(html).toContain("Do Not Mail");
    expect(html).toContain(`value="${user.userId}:experian-marketing"`);

    const mailed = await process(browser, "mailed", "experian-marketing", [`${user.userId}:experian-marketing`]);
    expect(mailed.status).toBe(303);
    expect(await staffLogs(user.userId, "experian-marketing")).toEqual([
      { creator: "staff", status: "mailed", detail: "We mailed your letter to Experian Marketing Services." },
    ]);
    expect(await htmlOf(await user.browser.get("/dashboard?request=experian-marketing"))).toContain(
      "We mailed your letter to Experian Marketing Services.",
    );
  });

  it("refuses the wrong way to process a sender, and ignores requests that are not in that sender's group", async () => {
    const user = await userWithRequests("queue-refusals", ["experian-marketing", "directmail-com"]);
    // Past the 7 days a sender with no channel that goes alone waits for the person's return address (decision 0067).
    await pastReturnAddressWait(user.userId);
    const { browser } = await signedInStaff("moderator");
    expect((await process(browser, "send", "experian-marketing", [`${user.userId}:experian-marketing`])).status).toBe(400);
    expect((await process(browser, "filed", "experian-marketing", [`${user.userId}:experian-marketing`])).status).toBe(400);
    expect((await process(browser, "mailed", "experian-marketing", [`${user.userId}:directmail-com`])).status).toBe(409);
    expect((await process(browser, "mailed", "no-such-sender", [`${user.userId}:experian-marketing`])).status).toBe(404);
    expect((await requestRow(user.userId, "experian-marketing")).processedAt).toBeNull();
    expect((await requestRow(user.userId, "directmail-com")).processedAt).toBeNull();

    // The web form group shows what to enter, and is marked filed.
    const queue = await htmlOf(await browser.get("/admin/queue"));
    expect(queue).toContain("What to enter for each person");
    expect((await process(browser, "filed", "directmail-com", [`${user.userId}:directmail-com`])).status).toBe(303);
    expect(await staffLogs(user.userId, "directmail-com")).toEqual([
      { creator: "staff", status: "filed", detail: "We filed your request on DirectMail.com Mail Preference Service's opt-out form." },
    ]);
  });

  it("prints a custom sender's letters with room for its address, and a report puts a processed request back in the queue", async () => {
    const user = await userWithRequests("queue-custom", [], "Garden Goods Catalog");
    await pastReturnAddressWait(user.userId);
    const [custom] = await db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.userId, user.userId), eq(requests.type, "custom")));
    const { browser } = await signedInStaff("admin");
    const html = await htmlOf(await browser.get("/admin/queue/print?group=custom%3Agarden%20goods%20catalog"));
    expect(html).toContain("write its address in the space at the top");
    expect(html).toContain("Garden Goods Catalog");
    expect((await process(browser, "mailed", "custom:garden goods catalog", [`${user.userId}:${custom!.id}`])).status).toBe(303);
    expect((await requestRow(user.userId, custom!.id)).processedAt).toBeInstanceOf(Date);

    await db
      .update(requests)
      .set({ processedAt: new Date(Date.now() - 60 * 24 * 60 * 60 * 1000) })
      .where(and(eq(requests.userId, user.userId), eq(requests.id, custom!.id)));
    expect((await user.browser.post("/dashboard", { intent: "report", requestId: custom!.id })).status).toBe(303);
    expect((await requestRow(user.userId, custom!.id)).processedAt).toBeNull();
    expect(await htmlOf(await browser.get("/admin/queue"))).toContain(`${user.userId}:${custom!.id}`);
  });
});

describe("letters for a large group", () => {
  it("writes every letter of sixty people's requests to one custom sender, more ids than one D1 statement may bind", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const people = Array.from({ length: 60 }, (_, index) => ({ userId: `bulk-${tag}-${index}`, requestId: crypto.randomUUID() }));
    for (const person of people) {
      await db.insert(users).values({
        id: person.userId,
        email: `${person.userId}@quietmailbox.test`,
        passwordHash: "x",
        fullName: "Bulk Person",
        street1: "1 A St",
        city: "Springfield",
        state: "IL",
        zipCode: "62701",
      });
      await db.insert(requests).values({
        userId: person.userId,
        id: person.requestId,
        senderName: "Bulk Mailer",
        title: "Bulk Mailer",
        fullName: "Bulk Person",
        type: "custom",
        status: "inQueue",
        street1: "1 A St",
        city: "Springfield",
        state: "IL",
        zipCode: "62701",
        queuedAt: new Date(),
      });
    }
    const letters = await lettersFor(db, people, { unsentOnly: true });
    expect(letters.map((letter) => `${letter.userId}:${letter.id}`).sort()).toEqual(
      people.map((person) => `${person.userId}:${person.requestId}`).sort(),
    );
    expect(letters.every((letter) => letter.letter.includes("Bulk Person"))).toBe(true);
  });
});

describe("the overview's figures", () => {
  it("counts the requests sent and works out the median days from sending to the user's confirmation", async () => {
    // No other test in this file confirms a request, so the sample is this test's own.
    const before = await getStaffOverview([db]);
    expect(before.medianConfirmationMs).toBeNull();
    const userId = `overview-${crypto.randomUUID().slice(0, 8)}`;
    await db.insert(users).values({
      id: userId,
      email: `${userId}@quietmailbox.test`,
      passwordHash: "x",
      fullName: "Overview Person",
      street1: "1 A St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
    });
    const processedAt = new Date("2026-10-01T12:00:00Z");
    const sent = (id: string, status: "confirmedByUser" | "inQueue") => ({
      userId,
      id,
      senderName: id,
      title: id,
      status,
      fullName: "Overview Person",
      street1: "1 A St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      type: "custom" as const,
      processedAt,
    });
    const confirm = (requestId: string, days: number) =>
      db.insert(requestLogs).values({
        userId,
        requestId,
        creator: "user",
        status: "confirm",
        createdAt: new Date(processedAt.getTime() + days * DAY_MS),
      });
    await db
      .insert(requests)
      .values([
        sent("confirmed-2", "confirmedByUser"),
        sent("confirmed-4", "confirmedByUser"),
        sent("confirmed-30", "confirmedByUser"),
        sent("confirmed-no-log", "confirmedByUser"),
        sent("waiting", "inQueue"),
      ]);
    await confirm("confirmed-2", 2);
    await confirm("confirmed-4", 4);
    await confirm("confirmed-30", 30);

    const odd = await getStaffOverview([db]);
    expect(odd.processed - before.processed).toBe(5);
    expect(odd.confirmed - before.confirmed).toBe(4);
    // The middle one of 2, 4 and 30 days; the confirmed request with no log entry is left out.
    expect(odd.medianConfirmationMs).toBe(4 * DAY_MS);

    await db.insert(requests).values(sent("confirmed-10", "confirmedByUser"));
    await confirm("confirmed-10", 10);
    // Of 2, 4, 10 and 30 days, the mean of the middle two.
    expect((await getStaffOverview([db])).medianConfirmationMs).toBe(7 * DAY_MS);
  });
});
