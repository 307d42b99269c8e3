// What the dashboard does with the pieces seen in a person's mail (mail_arrivals, written here
// directly: reading the digests is tested where it is done). A catalog sender seen with no request
// is one press from being sent, with JavaScript off (a form post), within the allowance; names the
// catalog lacks lead to the add page; "Current Resident" mail is explained and offers nothing; a
// request whose mail came after the day it should have stopped says so instead of asking; the
// pieces of a request are in its history; nobody sees another person's mail.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG_SENDERS } from "../../drizzle/catalog";
import { mailArrivals, requests, users } from "../../drizzle/schema";
import { DAY_MS } from "~/domain/dates";
import { seedSenderCatalog } from "~/models/request-template.server";
import { getDb } from "~/utils/db.server";
import { signedUpUser, type Browser } from "./http";
import { textOf } from "./support";
import { foldPiecesOf } from "~/models/mail-tally.server";

const db = getDb(env.DB);
beforeAll(() => seedSenderCatalog(db, CATALOG_SENDERS));

type Piece = Partial<typeof mailArrivals.$inferInsert> & { arrivedOn: string };
let entry = 0;
async function seen(userId: string, ...pieces: Piece[]) {
  await db.insert(mailArrivals).values(
    pieces.map((piece) => ({
      userId,
      entryId: `entry-${(entry += 1)}`,
      source: "digest" as const,
      state: "read" as const,
      authenticated: true,
      ...piece,
    })),
  ); // Counted as a piece read is (decision 0084): the pages read the tally.
  await foldPiecesOf(db, userId);
}

const htmlOf = async (browser: Browser, path = "/dashboard") => (await browser.get(path)).text();
/** The "Seen in your mail" section of the page, or "" when it has none. */
const seenSection = (html: string) => {
  const start = html.indexOf('class="seen-in-mail"');
  return start === -1 ? "" : html.slice(start, html.indexOf("</section>", start));
};
/** The fields of the form in a piece of HTML, by name (repeated names in order). */
const formFields = (html: string) => {
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) form.append(name!, value!);
  return form;
};
const requestOf = async (userId: string, templateId: string) =>
  (
    await db
      .select({ id: requests.id, status: requests.status })
      .from(requests)
      .where(and(eq(requests.userId, userId), eq(requests.templateId, templateId)))
  )[0];

describe("Seen in your mail", () => {
  it("offers a catalog sender seen with one press that sends the request, JavaScript off", async () => {
    const { browser, userId } = await signedUpUser("seen-new");
    await seen(
      userId,
      { arrivedOn: "2026-11-20", templateId: "williams-sonoma" },
      { arrivedOn: "2026-11-24", templateId: "williams-sonoma", source: "photo" },
      { arrivedOn: "2026-11-22", templateId: "williams-sonoma" },
      { arrivedOn: "2026-11-23", templateId: "epsilon" },
      // Not read yet: not shown.
      { arrivedOn: "2026-11-25", templateId: "wiland", state: "reading" },
    );
    const html = await htmlOf(browser);
    const section = seenSection(html);
    expect(html.indexOf('class="seen-in-mail"'), "above the cards").toBeLessThan(html.indexOf('class="request-card'));
    expect(textOf(section)).toContain("Seen in your mail, 3 pieces, last on 11/24/2026: Williams Sonoma Stop it Williams Sonoma");
    expect(textOf(section)).toContain("Seen in your mail on 11/23/2026: Epsilon");
    expect(textOf(section)).not.toContain("Wiland");
    expect(textOf(section).match(/This uses 1 of your 3 free requests\./g)).toHaveLength(2);
    expect(section.indexOf("Williams Sonoma"), "the latest first").toBeLessThan(section.indexOf("Epsilon"));

    // Williams Sonoma is not one of the senders every account is given: the press adds its request.
    const williams = section.slice(section.indexOf("Williams Sonoma"), section.indexOf("Epsilon"));
    expect(williams).toContain('action="/requests/add"');
    const sent = await browser.post("/requests/add", formFields(williams));
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toMatch(/^\/dashboard\?notice=unsubscribe/);
    expect((await requestOf(userId, "williams-sonoma"))?.status).toBe("inQueue");

    // Epsilon's preset is sent from the dashboard, as its card's Unsubscribe is.
    const epsilon = seenSection(await htmlOf(browser));
    expect(epsilon).not.toContain("Williams Sonoma");
    expect(epsilon).toContain('action="/dashboard"');
    expect((await browser.post("/dashboard", formFields(epsilon))).status).toBe(303);
    expect((await requestOf(userId, "epsilon"))?.status).toBe("inQueue");
    expect((await db.select({ left: users.numOfFreeRequest }).from(users).where(eq(users.id, userId)))[0]!.left).toBe(1);

    expect(seenSection(await htmlOf(browser)), "nothing left to offer").toBe("");
    // A piece that came since, matched to the request, is expected: the sender has not even had it yet.
    const williamsRequest = await requestOf(userId, "williams-sonoma");
    await seen(userId, { arrivedOn: new Date().toISOString().slice(0, 10), templateId: "williams-sonoma", requestId: williamsRequest!.id });
    const after = await htmlOf(browser);
    const card = after.slice(after.indexOf(`id="request-${williamsRequest!.id}"`));
    expect(textOf(card.slice(0, card.indexOf("</li>")))).toMatch(
      /1 piece seen since your request, the last on \d\d\/\d\d\/\d{4}\. Expected: mail printed before can keep coming for up to 8 weeks after Williams Sonoma gets your request\./,
    );
  });

  it("leads to the plans instead once no free request is left, and lets a sender already sent to be", async () => {
    const { browser, userId } = await signedUpUser("seen-used-up");
    await db.update(users).set({ numOfFreeRequest: 0 }).where(eq(users.id, userId));
    await seen(userId, { arrivedOn: "2026-11-24", templateId: "williams-sonoma" }, { arrivedOn: "2026-11-24", templateId: "dmachoice" });
    const section = seenSection(await htmlOf(browser));
    const williams = section.slice(section.indexOf("Williams Sonoma"));
    expect(textOf(williams)).toContain("Upgrade to send to Williams Sonoma");
    expect(williams).toContain('href="/subscription"');
    expect(section).not.toContain("<form");
    expect(textOf(section)).not.toContain("free request");
    // DMAchoice takes it only from the person: the way to file it, which costs nothing.
    expect(section).toContain('href="/dashboard#request-dmachoice"');

    // Denied at the server too: the post changes nothing.
    const refused = await browser.post("/requests/add", { senderName: "Williams Sonoma", templateId: "williams-sonoma" });
    expect(refused.status).toBe(403);
    expect(await requestOf(userId, "williams-sonoma")).toBeUndefined();
  });

  it("lists names the catalog lacks with a way to add them, and explains “Current Resident” mail without offering anything", async () => {
    const { browser, userId } = await signedUpUser("seen-names");
    await seen(
      userId,
      { arrivedOn: "2026-11-18", senderName: "Acme Windows & Doors" },
      { arrivedOn: "2026-11-21", residentMail: true, senderName: "Valpak" },
      { arrivedOn: "2026-11-23", residentMail: true },
    );
    const section = seenSection(await htmlOf(browser));
    expect(textOf(section)).toContain(
      "Also seen, not in our list yet: Acme Windows & Doors (on 11/18/2026), add a request to Acme Windows & Doors",
    );
    expect(section).toContain('href="/requests/add?senderName=Acme+Windows+%26+Doors"');
    const resident = section.slice(section.indexOf('class="muted seen-resident"'));
    expect(textOf(resident)).toContain(
      "Addressed to “Current Resident”: 2 pieces, last on 11/23/2026. Mail sent to every address on a carrier's route, not to a list with your name: a request cannot stop it, and we never charge for one.",
    );
    expect(resident).toContain('href="/learn#saturation-mail"');
    expect(section).not.toContain("<form");
    expect(textOf(section)).not.toContain("Valpak");
  });

  it("shows no name read off a piece nobody can vouch for (a forged digest's)", async () => {
    const { browser, userId } = await signedUpUser("seen-forged");
    await seen(
      userId,
      { arrivedOn: "2026-11-18", senderName: "Call 1-900-555-0142 to verify \u202Eyour account", authenticated: false },
      { arrivedOn: "2026-11-19", senderName: "Acme Windows & Doors" },
    );
    const html = await htmlOf(browser);
    expect(html).not.toContain("1-900-555-0142");
    expect(html).not.toContain("\u202E");
    expect(textOf(seenSection(html))).toContain("Also seen, not in our list yet: Acme Windows & Doors (on 11/19/2026)");
  });

  it("never shows another person's mail", async () => {
    const other = await signedUpUser("seen-other");
    await seen(other.userId, { arrivedOn: "2026-11-24", templateId: "williams-sonoma" }, { arrivedOn: "2026-11-24", residentMail: true });
    const { browser } = await signedUpUser("seen-mine");
    expect(seenSection(await htmlOf(browser))).toBe("");
    expect(seenSection(await htmlOf(other.browser))).toContain("Williams Sonoma");
  });
});

describe("a request's pieces seen", () => {
  it("says the mail is still coming instead of asking, and shows each piece in the history", async () => {
    const { browser, userId } = await signedUpUser("seen-still-coming");
    expect((await browser.post("/dashboard", { intent: "unsubscribe", requestId: "epsilon" })).status).toBe(303);
    const sentAt = new Date(Date.now() - 70 * DAY_MS);
    await db
      .update(requests)
      .set({ processedAt: sentAt, queuedAt: sentAt, stillComingAt: new Date() })
      .where(and(eq(requests.userId, userId), eq(requests.id, "epsilon")));
    await seen(
      userId,
      { arrivedOn: "2027-02-03", templateId: "epsilon", requestId: "epsilon" },
      { arrivedOn: "2027-01-10", templateId: "epsilon", requestId: "epsilon", source: "photo" },
    );

    const html = await htmlOf(browser, "/dashboard?request=epsilon");
    const card = html.slice(html.indexOf('id="request-epsilon"'));
    const cardText = textOf(card.slice(0, card.indexOf('class="history"')));
    expect(cardText).toContain(
      "Still coming: seen in your mail on 02/03/2027, after it should have stopped. “Send it again” sends Epsilon (Abacus catalog cooperative) a second request, free, citing the first.",
    );
    expect(cardText).not.toContain("Has the mail stopped?");
    expect(card).toMatch(/value="report"[^>]*>Send it again</);
    expect(seenSection(html), "a sender sent to is not offered again").toBe("");

    const history = textOf(card.slice(card.indexOf('class="history"'), card.indexOf("</ol>")));
    expect(history).toContain("02/03/2027 Seen in your mail (Informed Delivery)");
    expect(history).toContain("01/10/2027 Seen in your mail (photo)");

    // Sending it again sends a second request; the card no longer says it is still coming.
    expect((await browser.post("/dashboard", { intent: "report", requestId: "epsilon" })).status).toBe(303);
    expect(textOf(await htmlOf(browser))).not.toContain("Still coming:");
  });

  it("asks as before when nothing was seen after the day the mail should have stopped", async () => {
    const { browser, userId } = await signedUpUser("seen-asks");
    expect((await browser.post("/dashboard", { intent: "unsubscribe", requestId: "epsilon" })).status).toBe(303);
    const sentAt = new Date(Date.now() - 60 * DAY_MS);
    await db
      .update(requests)
      .set({ processedAt: sentAt })
      .where(and(eq(requests.userId, userId), eq(requests.id, "epsilon")));
    const text = textOf(await htmlOf(browser));
    expect(text).toContain("Has the mail stopped? Yes, it stopped No, still coming");
    expect(text).not.toContain("Still coming:");
  });
});
