import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import { requests, requestTemplates, users } from "../../drizzle/schema";
import { ADDRESS, Browser, signUp } from "./http";
import { uniqueEmail } from "./stand-ins";
import { htmlOf, requestRow, textOf } from "./support";
import { MAILINGS_PER_YEAR_MESSAGE } from "~/domain/charity-choice";
import type { CatalogSender } from "~/domain/sender-catalog";
import { seedSenderCatalog } from "~/models/request-template.server";
import { getDb } from "~/utils/db.server";

const db = getDb(env.DB);
// The senders every new account is given: what the first dashboard recommends from.
beforeAll(() => seedSenderCatalog(db, catalog.senders as CatalogSender[]));
const CALIFORNIA = { ...ADDRESS, street1: "100 Main St", city: "Los Angeles", state: "CA", zipCode: "90012" };
const TEXAS = { ...ADDRESS, street1: "1 Congress Ave", city: "Austin", state: "TX", zipCode: "78701" };
const DROP_HEADING = "One request to every data broker, for Californians";

async function userAt(label: string, address: typeof ADDRESS) {
  const browser = new Browser();
  const email = uniqueEmail(label);
  expect((await signUp(browser, email, "secret-123", address)).status).toBe(303);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { browser, userId: user!.id };
}

/** A catalog sender of this category, and the user's request to it, sent. */
async function requestTo(userId: string, category: string) {
  const templateId = `${category}-${crypto.randomUUID().slice(0, 8)}`;
  await db.insert(requestTemplates).values({ id: templateId, title: `Sender ${templateId}`, category, confidence: "low" });
  const [row] = await db
    .insert(requests)
    .values({
      userId,
      templateId,
      senderName: `Sender ${templateId}`,
      title: `Sender ${templateId}`,
      type: "custom",
      status: "inQueue",
      queuedAt: new Date(),
      ...CALIFORNIA,
      street2: null,
    })
    .returning({ id: requests.id });
  return row!.id;
}

describe("the DROP guide on the dashboard", () => {
  it("guides a Californian who asked a data broker to stop, to the state's own site", async () => {
    const user = await userAt("drop-ca", CALIFORNIA);
    await requestTo(user.userId, "data-broker");
    const html = await htmlOf(await user.browser.get("/dashboard"));
    expect(textOf(html)).toContain(DROP_HEADING);
    expect(textOf(html)).toContain("Delete Request and Opt-out Platform (DROP), run by the California Privacy Protection Agency");
    expect(textOf(html)).toContain("at least every 45 days");
    expect(html).toContain('href="https://privacy.ca.gov/drop/"');
  });

  it("says the law lets an authorized agent help with a DROP request, and that we do not file it, on the dashboard and on /learn", async () => {
    const user = await userAt("drop-agent", CALIFORNIA);
    await requestTo(user.userId, "data-broker");
    const pages = [textOf(await htmlOf(await user.browser.get("/dashboard"))), textOf(await htmlOf(await new Browser().get("/learn")))];
    for (const text of pages) {
      expect(text).toContain(
        "The law lets an authorized agent help you with a DROP request (Cal. Civ. Code § 1798.99.86(b)). Quiet Mailbox does not file it for you: you file it yourself, on the state's own site.",
      );
      expect(text).not.toMatch(/only you can file it/i);
    }
  });

  it("does not guide a Texan with a data broker", async () => {
    const user = await userAt("drop-tx", TEXAS);
    await requestTo(user.userId, "data-broker");
    expect(textOf(await htmlOf(await user.browser.get("/dashboard")))).not.toContain(DROP_HEADING);
  });

  it("guides a Californian after the first request whatever it was to", async () => {
    const user = await userAt("drop-ca-none", CALIFORNIA);
    await requestTo(user.userId, "catalogs");
    expect(textOf(await htmlOf(await user.browser.get("/dashboard")))).toContain(DROP_HEADING);
  });

  it("shows a new Californian DROP before any request, above the recommendations, which leave the data brokers to it", async () => {
    const user = await userAt("drop-ca-first", CALIFORNIA);
    const html = await htmlOf(await user.browser.get("/dashboard"));
    const text = textOf(html);
    expect(text).toContain("In California, start with DROP: it is free");
    expect(text).toContain(
      "California's Delete Request and Opt-out Platform (DROP) sends one free deletion request to every data broker registered with the state, for people who live in California. It covers data brokers registered in California, not the catalogs, charities and other companies that mail you. So the senders we recommend below are ones our catalog does not file as data brokers.",
    );
    const drop = html.indexOf('id="drop"');
    const boxes = [...html.matchAll(/<input type="checkbox" name="requestIds" checked="" value="([^"]+)"/g)];
    expect(drop).toBeGreaterThan(html.indexOf("Welcome, Ada."));
    expect(drop).toBeLessThan(boxes[0]!.index);
    const recommended = boxes.map((box) => box[1]);
    expect(recommended).toEqual(["harte-hanks", "vericast-save", "valpak"]);
    const categories = await db
      .select({ id: requestTemplates.id, category: requestTemplates.category })
      .from(requestTemplates)
      .where(inArray(requestTemplates.id, recommended as string[]));
    expect(categories.map(({ category }) => category)).not.toContain("data-broker");
    // The one DROP section: no second guide further down before the first request.
    expect(html.split('id="drop"')).toHaveLength(2);
  });

  it("recommends the list cooperatives first to a new account outside California, with no DROP", async () => {
    const user = await userAt("drop-tx-first", TEXAS);
    const html = await htmlOf(await user.browser.get("/dashboard"));
    expect(html).not.toContain('id="drop"');
    const ticked = [...html.matchAll(/<input type="checkbox" name="requestIds" checked="" value="([^"]+)"/g)].map((box) => box[1]);
    expect(ticked).toEqual(["epsilon", "wiland", "alliant"]);
  });

  it("is explained on /learn for everyone", async () => {
    const text = textOf(await htmlOf(await new Browser().get("/learn")));
    expect(text).toContain("California: one request to every data broker");
    expect(text).toContain("privacy.ca.gov/drop");
  });
});

describe("the charity choice on a charity's card", () => {
  it("shows the form on a charity's card only", async () => {
    const user = await userAt("charity-form", ADDRESS);
    const charityId = await requestTo(user.userId, "charities");
    const catalogId = await requestTo(user.userId, "catalogs");
    const html = await htmlOf(await user.browser.get("/dashboard"));
    const card = (id: string) => html.slice(html.indexOf(`id="request-${id}"`), html.indexOf("</li>", html.indexOf(`id="request-${id}"`)));
    expect(textOf(card(charityId))).toContain("I give to them");
    expect(card(charityId)).toContain('name="mailingsPerYear"');
    expect(textOf(card(catalogId))).not.toContain("I give to them");
  });

  it("saves donor and mailings a year with a real form post, and says so", async () => {
    const user = await userAt("charity-save", ADDRESS);
    const id = await requestTo(user.userId, "charities");
    const response = await user.browser.post("/dashboard", { intent: "charityChoice", requestId: id, donor: "yes", mailingsPerYear: "2" });
    expect(response.status).toBe(303);
    expect(await requestRow(user.userId, id)).toMatchObject({ charityDonor: true, charityMailingsPerYear: 2 });
    const text = textOf(await htmlOf(await user.browser.get(response.headers.get("Location")!)));
    expect(text).toContain("the letter asks them to keep you as a donor and mail you at most 2 times a year.");

    expect(
      (await user.browser.post("/dashboard", { intent: "charityChoice", requestId: id, donor: "no", mailingsPerYear: "" })).status,
    ).toBe(303);
    expect(await requestRow(user.userId, id)).toMatchObject({ charityDonor: false, charityMailingsPerYear: null });
  });

  it("refuses a number out of range in words and changes nothing", async () => {
    const user = await userAt("charity-range", ADDRESS);
    const id = await requestTo(user.userId, "charities");
    const response = await user.browser.post("/dashboard", { intent: "charityChoice", requestId: id, donor: "yes", mailingsPerYear: "13" });
    expect(response.status).toBe(400);
    expect(textOf(await htmlOf(response))).toContain(MAILINGS_PER_YEAR_MESSAGE);
    expect(await requestRow(user.userId, id)).toMatchObject({ charityDonor: null, charityMailingsPerYear: null });
  });

  it("does not save on another user's request, or on a sender that is not a charity", async () => {
    const owner = await userAt("charity-owner", ADDRESS);
    const other = await userAt("charity-other", ADDRESS);
    const id = await requestTo(owner.userId, "charities");
    const catalogId = await requestTo(other.userId, "catalogs");
    expect((await other.browser.post("/dashboard", { intent: "charityChoice", requestId: id, donor: "yes" })).status).toBe(404);
    expect((await other.browser.post("/dashboard", { intent: "charityChoice", requestId: catalogId, donor: "yes" })).status).toBe(404);
    expect(await requestRow(owner.userId, id)).toMatchObject({ charityDonor: null });
    const [catalog] = await db
      .select({ donor: requests.charityDonor })
      .from(requests)
      .where(and(eq(requests.userId, other.userId), eq(requests.id, catalogId)));
    expect(catalog).toEqual({ donor: null });
  });
});
