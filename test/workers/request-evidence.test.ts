// What a request's card, its letter page, the account export and the staff user page say of its
// sendings: how it went, to where, when, the vendor's id and what happened to it since.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import { mailedLetters, requestEmails, requestLogs, requests } from "../../drizzle/schema";
import { DAY_MS, formatDate } from "~/domain/dates";
import type { AccountExport } from "~/models/account-export.server";
import { takeSecondRequest } from "~/models/follow-up.server";
import { recordMailedLetter } from "~/models/mailed-letter.server";
import { seedSenderCatalog } from "~/models/request-template.server";
import type { CatalogSender } from "~/domain/sender-catalog";
import { getDb } from "~/utils/db.server";
import { signedInStaff, signedUpUser } from "./http";
import { htmlOf, textOf } from "./support";

const db = getDb(env.DB);
beforeAll(() => seedSenderCatalog(db, catalog.senders as CatalogSender[]));

/** The standing line of a request's card, as the dashboard shows it. */
const standingOf = (html: string, id: string) => {
  const start = html.indexOf(`id="request-${id}"`);
  const standing = html.indexOf("request-standing", start);
  return textOf(html.slice(html.indexOf(">", html.indexOf("<span", standing)) + 1, html.indexOf("</span>", standing))).trim();
};

const cardOf = (html: string, id: string) => {
  const start = html.indexOf(`id="request-${id}"`);
  return textOf(html.slice(start, html.indexOf("</li>", html.indexOf("request-open", start))));
};

/** A request sent some days ago, with the history line the sending wrote. */
async function sent(userId: string, requestId: string, status: "emailed" | "mailed", at: Date, detail: string) {
  await db
    .update(requests)
    .set({ status: "inQueue", queuedAt: at, processedAt: at })
    .where(and(eq(requests.userId, userId), eq(requests.id, requestId)));
  await db.insert(requestLogs).values({ userId, requestId, creator: "system", status, detail, createdAt: at });
}

describe("the evidence of each sending", () => {
  it("shows an emailed request and a mailed letter on their cards, letter pages, the export and the staff page", async () => {
    const { browser, userId } = await signedUpUser("evidence");
    const emailedAt = new Date(Date.now() - 3 * DAY_MS);
    const mailedAt = new Date(Date.now() - 2 * DAY_MS);
    const expected = new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10);

    await sent(userId, "acxiom", "emailed", emailedAt, "We emailed your request to Acxiom.");
    const deliveredAt = new Date(emailedAt.getTime() + 60_000);
    await db.insert(requestEmails).values({
      messageId: "pm-msg-42",
      userId,
      requestId: "acxiom",
      templateId: "acxiom",
      toAddress: "consumeradvo@acxiom.com",
      outcome: "delivered",
      outcomeAt: deliveredAt,
      createdAt: emailedAt,
    });

    await sent(userId, "wiland", "mailed", mailedAt, "We mailed your letter to Wiland.");
    await db.insert(mailedLetters).values({
      id: "ltr_evidence1",
      userId,
      requestId: "wiland",
      costCents: 120,
      expectedDeliveryDate: expected,
      trackingState: "inTransit",
      trackingAt: new Date(mailedAt.getTime() + DAY_MS),
      createdAt: mailedAt,
    });
    await db.insert(requestLogs).values({
      userId,
      requestId: "wiland",
      creator: "system",
      status: "letter.in_transit",
      detail: "Your letter to Wiland is in transit.",
      createdAt: new Date(mailedAt.getTime() + DAY_MS),
    });

    const dashboard = await (await browser.get("/dashboard")).text();
    expect(cardOf(dashboard, "acxiom")).toMatch(/Emailed to Acxiom on \d\d\/\d\d\/\d{4} as your own request · delivered/);
    expect(cardOf(dashboard, "acxiom")).toMatch(
      /Acxiom has until \d\d\/\d\d\/\d{4} to act: 27 days to go\. Mail printed before may keep coming until \d\d\/\d\d\/\d{4} \(1 to 3 more mailings\); we ask you then whether the mail stopped\./,
    );
    expect(cardOf(dashboard, "wiland")).toMatch(
      /Letter mailed \d\d\/\d\d\/\d{4} to Wiland's postal address · in transit · expected at the sender \d\d\/\d\d\/\d{4}/,
    );
    // The letter's clock starts when Lob expects it at the sender (the end of that day, U.S.
    // Eastern), not when it was mailed (28 days to go): 34 days and some hours from now, counted
    // up to 35 before 05:00 UTC and to 34 after.
    expect(cardOf(dashboard, "wiland")).toMatch(
      /Wiland has until \d\d\/\d\d\/\d{4} to act: (34|35) days to go\. Mail printed before may keep coming until \d\d\/\d\d\/\d{4} \(1 to 3 more mailings\); we ask you then whether the mail stopped\./,
    );
    expect(textOf(dashboard)).not.toMatch(/In queue|shortly|Mail already stopped|Has the mail stopped/);

    const emailPage = textOf(await (await browser.get("/dashboard?request=acxiom")).text());
    expect(emailPage).toMatch(
      /Sent by email to consumeradvo@acxiom\.com · delivered to Acxiom's mailbox \d\d\/\d\d\/\d{4} Reported from Postmark: 1 step Postmark message id pm-msg-42/,
    );
    expect(emailPage).not.toContain("We emailed your request to Acxiom.");

    const letterPage = textOf(await (await browser.get("/dashboard?request=wiland")).text());
    expect(letterPage).toMatch(
      /Letter mailed to Wiland, 7420 E\. Dry Creek Parkway, Niwot, CO 80503 · in transit \d\d\/\d\d\/\d{4} · expected at the sender \d\d\/\d\d\/\d{4} Tracking from Lob: 1 step Lob letter id ltr_evidence1/,
    );
    expect(letterPage).toMatch(/Expected at the sender \d\d\/\d\d\/\d{4} \d+:\d\d [AP]M \d\d\/\d\d\/\d{4} In transit/);

    const exported = (await (await browser.get("/account/export.json")).json()) as AccountExport;
    const deliveryOf = (id: string) => exported.requests.find((request) => request.id === id)?.delivery;
    expect(deliveryOf("acxiom")).toEqual([
      {
        kind: "email",
        channel: "email",
        to: "consumeradvo@acxiom.com",
        sentAt: emailedAt.toISOString(),
        vendor: "Postmark",
        vendorId: "pm-msg-42",
        expectedDeliveryDate: null,
        events: [expect.objectContaining({ state: "delivered", at: deliveredAt.toISOString() })],
      },
    ]);
    expect(deliveryOf("wiland")).toEqual([
      expect.objectContaining({
        kind: "letter",
        vendor: "Lob",
        vendorId: "ltr_evidence1",
        expectedDeliveryDate: expected,
        events: [{ state: "inTransit", at: new Date(mailedAt.getTime() + DAY_MS).toISOString(), detail: null, text: "In transit" }],
      }),
    ]);
    const exportPage = textOf(await (await browser.get("/account/export")).text());
    expect(exportPage).toContain("By email consumeradvo@acxiom.com Postmark pm-msg-42");
    expect(exportPage).toContain("Lob ltr_evidence1");

    const staff = await signedInStaff("moderator");
    const staffPage = textOf(await (await staff.browser.get(`/admin/users/${userId}`)).text());
    expect(staffPage).toMatch(/email to consumeradvo@acxiom\.com, Postmark pm-msg-42/);
    expect(staffPage).toMatch(
      /letter to Wiland, 7420 E\. Dry Creek Parkway, Niwot, CO 80503, Lob ltr_evidence1 , expected \d\d\/\d\d\/\d{4} \d+:\d\d [AP]M \d\d\/\d\d\/\d{4}: In transit/,
    );
  });

  it("says who acts next on a request waiting for our staff to find where to send it", async () => {
    const { browser, userId } = await signedUpUser("evidence-lookup");
    expect((await browser.post("/requests/add", { senderName: "Evidence Lookup Outfitters" })).status).toBe(303);
    // Its first 7 days it waits for the return address printed on the piece (decision 0067).
    expect(textOf(await (await browser.get("/dashboard")).text())).toContain("Waiting for the sender's return address from you");
    await db
      .update(requests)
      .set({ queuedAt: new Date(Date.now() - 8 * DAY_MS) })
      .where(eq(requests.userId, userId));
    const text = textOf(await (await browser.get("/dashboard")).text());
    expect(text).toContain("Our staff look up where to send it: usually within 2 working days");
    expect(text).toContain("Once a sender gets your request, it has 30 days to act");
  });

  it("says in the export where a request mailed twice stands, as its card does, with the day of each sending", async () => {
    const { browser, userId } = await signedUpUser("evidence-twice");
    const key = { userId, requestId: "wiland" };
    const firstAt = new Date(Date.now() - 70 * DAY_MS);
    const secondAt = new Date(Date.now() - 2 * DAY_MS);
    const expected = (from: Date) => new Date(from.getTime() + 4 * DAY_MS).toISOString().slice(0, 10);
    const expectedOn = (from: Date) => expected(from).replace(/^(\d{4})-(\d\d)-(\d\d)$/, "$2/$3/$1");
    await db
      .update(requests)
      .set({ status: "inQueue", queuedAt: firstAt })
      .where(and(eq(requests.userId, userId), eq(requests.id, "wiland")));
    // The first letter through Lob, recorded as the letter job records it.
    await recordMailedLetter(
      db,
      key,
      { id: "ltr_twice_1", costCents: 120, expectedDeliveryDate: expected(firstAt), senderName: "Wiland" },
      firstAt,
    );
    // A late piece: the ladder's second request puts it back in the queue, then Lob mails it again.
    const stepAt = new Date(secondAt.getTime() - 60_000);
    await db
      .update(requests)
      .set({ stillComingAt: stepAt })
      .where(and(eq(requests.userId, userId), eq(requests.id, "wiland")));
    const citation = `sent on ${formatDate(firstAt, "America/Chicago")}`;
    expect(
      await takeSecondRequest(
        db,
        key,
        { citation, evidence: null, sends: null },
        `Second request, free, citing your first request, ${citation}`,
        stepAt,
      ),
    ).not.toBeNull();
    await recordMailedLetter(
      db,
      key,
      { id: "ltr_twice_2", costCents: 120, expectedDeliveryDate: expected(secondAt), senderName: "Wiland" },
      secondAt,
    );

    const card = standingOf(await htmlOf(await browser.get("/dashboard")), "wiland");
    expect(card).toMatch(/^Letter mailed \d\d\/\d\d\/\d{4} to Wiland's postal address/);

    const exported = (await (await browser.get("/account/export.json")).json()) as AccountExport;
    const wiland = exported.requests.find((request) => request.id === "wiland")!;
    expect(wiland.status, "the spec's status stays in the file").toBe("inQueue");
    expect(wiland.standing).toEqual({ text: card, waitsOn: "sender" });
    expect(wiland.sendings.map((sending) => sending.at)).toEqual([firstAt.toISOString(), secondAt.toISOString()]);
    // Each in one line, with Lob's estimate of its arrival, as no tracking came for either.
    expect(wiland.sendings.map((sending) => sending.text)).toEqual([
      `Letter mailed to Wiland, 7420 E. Dry Creek Parkway, Niwot, CO 80503 · expected at the sender ${expectedOn(firstAt)}`,
      `Letter mailed to Wiland, 7420 E. Dry Creek Parkway, Niwot, CO 80503 · expected at the sender ${expectedOn(secondAt)}`,
    ]);

    const page = textOf(await htmlOf(await browser.get("/account/export")));
    const record = page.slice(page.indexOf(" Wiland Where it stands"));
    expect(record).toContain(`Where it stands ${card}`);
    expect(record.slice(0, record.indexOf("The letter"))).not.toContain("In queue");
    const on = (at: Date) => formatDate(at, "America/Chicago");
    expect(record).toContain(
      `Sent ${on(firstAt)}: Letter mailed to Wiland, 7420 E. Dry Creek Parkway, Niwot, CO 80503 · expected at the sender ${expectedOn(firstAt)} ` +
        `${on(secondAt)}: Letter mailed to Wiland, 7420 E. Dry Creek Parkway, Niwot, CO 80503 · expected at the sender ${expectedOn(secondAt)}`,
    );
    // Lob's expected day reads the same in the table of sendings.
    expect(record).toContain(`Lob ltr_twice_1 Expected at the sender ${expectedOn(firstAt)}`);
  });

  it("folds a mailed letter's tracking steps under its one sending line on the request's page", async () => {
    const { browser, userId } = await signedUpUser("evidence-folded");
    const key = { userId, requestId: "wiland" };
    const mailedAt = new Date(Date.now() - 6 * DAY_MS);
    await db
      .update(requests)
      .set({ status: "inQueue", queuedAt: mailedAt })
      .where(and(eq(requests.userId, userId), eq(requests.id, "wiland")));
    await recordMailedLetter(
      db,
      key,
      {
        id: "ltr_folded",
        costCents: 120,
        expectedDeliveryDate: new Date(mailedAt.getTime() + 4 * DAY_MS).toISOString().slice(0, 10),
        senderName: "Wiland",
      },
      mailedAt,
    );
    const steps = [
      ["letter.mailed", "mailed", "was handed to the Postal Service"],
      ["letter.in_transit", "inTransit", "is in transit"],
      ["letter.in_local_area", "inLocalArea", "reached the sender's area"],
      ["letter.delivered", "delivered", "was delivered"],
    ] as const;
    const deliveredAt = new Date(mailedAt.getTime() + 4 * DAY_MS);
    for (const [index, [status, , words]] of steps.entries()) {
      await db.insert(requestLogs).values({
        userId,
        requestId: "wiland",
        creator: "system",
        status,
        detail: `Your letter to Wiland ${words}.`,
        createdAt: new Date(mailedAt.getTime() + (index + 1) * DAY_MS),
      });
    }
    await db.update(mailedLetters).set({ trackingState: "delivered", trackingAt: deliveredAt }).where(eq(mailedLetters.id, "ltr_folded"));

    const html = await htmlOf(await browser.get("/dashboard?request=wiland"));
    const history = html.slice(html.indexOf('<ol class="history">'), html.indexOf("</div>", html.indexOf('<ol class="history">')));
    // One line for the sending, with what Lob confirmed last: delivered, on its day.
    const top = history.replace(/<details[\s\S]*?<\/details>/g, "");
    expect(textOf(top)).toMatch(
      new RegExp(
        `Letter mailed to Wiland, 7420 E\\. Dry Creek Parkway, Niwot, CO 80503 · delivered ${formatDate(deliveredAt, "America/Chicago").replaceAll("/", "\\/")}`,
      ),
    );
    expect(textOf(top)).not.toMatch(/In transit|Reached the sender's area|Handed to the Postal Service/);
    expect([...top.matchAll(/<li[ >]/g)], "one line in the history: the sending").toHaveLength(1);
    // The steps inside one <details>, which opens without JavaScript.
    const details = [...history.matchAll(/<details[\s\S]*?<\/details>/g)].map((match) => textOf(match[0]));
    expect(details).toHaveLength(1);
    expect(details[0]).toMatch(
      /Tracking from Lob: 4 steps .*Lob letter id ltr_folded .*Handed to the Postal Service .*In transit .*Reached the sender's area .*Delivered/,
    );
    // Each step line of the history is folded into it, none left as a line of its own.
    expect(textOf(top)).not.toContain("Your letter to Wiland");
  });
});
