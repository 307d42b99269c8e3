// What a request's card, its letter page, the account export and the staff user page say of its
// sendings: how it went, to where, when, the vendor's id and what happened to it since.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import { mailedLetters, requestEmails, requestLogs, requests } from "../../drizzle/schema";
import { DAY_MS } from "~/domain/dates";
import type { AccountExport } from "~/models/account-export.server";
import { seedSenderCatalog } from "~/models/request-template.server";
import type { CatalogSender } from "~/domain/sender-catalog";
import { getDb } from "~/utils/db.server";
import { signedInStaff, signedUpUser } from "./http";
import { textOf } from "./support";

const db = getDb(env.DB);
beforeAll(() => seedSenderCatalog(db, catalog.senders as CatalogSender[]));

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
    // The letter's clock starts when Lob expects it at the sender, not when it was mailed.
    expect(cardOf(dashboard, "wiland")).toMatch(
      /Wiland has until \d\d\/\d\d\/\d{4} to act: 3[34] days to go\. Mail printed before may keep coming until \d\d\/\d\d\/\d{4} \(1 to 3 more mailings\); we ask you then whether the mail stopped\./,
    );
    expect(textOf(dashboard)).not.toMatch(/In queue|shortly|Mail already stopped|Has the mail stopped/);

    const emailPage = textOf(await (await browser.get("/dashboard?request=acxiom")).text());
    expect(emailPage).toContain("Sent by email to consumeradvo@acxiom.com Postmark message id pm-msg-42");
    expect(emailPage).not.toContain("We emailed your request to Acxiom.");

    const letterPage = textOf(await (await browser.get("/dashboard?request=wiland")).text());
    expect(letterPage).toContain("Letter mailed to Wiland, 7420 E. Dry Creek Parkway, Niwot, CO 80503 Lob letter id ltr_evidence1");
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
});
