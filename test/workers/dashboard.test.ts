// The dashboard's groups, summary and next steps; Delete that asks first and its undo; Send all
// suggested within the allowance; the notices a post leaves behind.
import { env } from "cloudflare:test";
import { and, desc, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import { requestEmails, requestLogs, requests, requestTemplates, users } from "../../drizzle/schema";
import { DAY_MS } from "~/domain/dates";
import { CHOOSE_ONE_MESSAGE } from "~/domain/dashboard";
import { UNDO_DELETE_DAYS } from "~/domain/requests";
import type { CatalogSender } from "~/domain/sender-catalog";
import { seedSenderCatalog } from "~/models/request-template.server";
import { getDb } from "~/utils/db.server";
import { ORIGIN, signedUpUser, type Browser } from "./http";
import { received } from "./stand-ins";
import { textOf } from "./support";

const db = getDb(env.DB);
beforeAll(() => seedSenderCatalog(db, catalog.senders as CatalogSender[]));

const ownRequest = (userId: string, id: string) => and(eq(requests.userId, userId), eq(requests.id, id));
const statusOf = async (userId: string, id: string) =>
  (await db.select({ status: requests.status }).from(requests).where(ownRequest(userId, id)))[0]?.status;
const logsOf = async (userId: string, id: string) =>
  (
    await db
      .select({ status: requestLogs.status })
      .from(requestLogs)
      .where(and(eq(requestLogs.userId, userId), eq(requestLogs.requestId, id)))
      .orderBy(desc(requestLogs.createdAt))
  ).map((log) => log.status);
const allowanceOf = async (userId: string) =>
  (await db.select({ left: users.numOfFreeRequest }).from(users).where(eq(users.id, userId)))[0]!.left;
const unsentOf = async (userId: string) =>
  (
    await db
      .select({ id: requests.id })
      .from(requests)
      .leftJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
      .where(and(eq(requests.userId, userId), isNull(requests.status), eq(requestTemplates.consumerFiles, false)))
  ).map((row) => row.id);
const post = (browser: Browser, fields: Record<string, string> | URLSearchParams) => browser.post("/dashboard", fields);
const htmlOf = async (browser: Browser, path = "/dashboard") => (await browser.get(path)).text();
const sendChosen = (ids: string[]) => {
  const form = new URLSearchParams({ intent: "sendSuggested", selection: "chosen" });
  for (const id of ids) form.append("requestIds", id);
  return form;
};

/** Where each of these first appears in the page's HTML (-1 when it does not). */
const positions = (html: string, needles: string[]) => needles.map((needle) => html.indexOf(needle));
/** The class of the "Add a request" link. */
const addRequestClass = (html: string) => html.match(/<a [^>]*class="([^"]*)"[^>]*href="\/requests\/add"[^>]*>Add a request<\/a>/)?.[1];

describe("the first dashboard of a new account", () => {
  it("greets by first name, with the recommended senders and their send button first, until a request is sent", async () => {
    const { browser } = await signedUpUser("welcome");
    const html = await htmlOf(browser);
    expect(textOf(html)).toContain("Welcome, Ada. Start here.");
    const firstStep = html.slice(html.indexOf('class="first-step"'), html.indexOf("</section>", html.indexOf('class="first-step"')));
    const ticked = [...firstStep.matchAll(/<input type="checkbox" name="requestIds" checked="" value="([^"]+)"/g)].map((match) => match[1]);
    expect(ticked).toEqual(["epsilon", "wiland", "alliant"]);
    // The welcome, then the three with the button, then everything else.
    const [welcome, epsilonBox, sendButton, otherBoxes, firstCard, summary] = positions(html, [
      "Welcome, Ada.",
      'value="epsilon"',
      ">Send the chosen ones</button>",
      "Choose from the other",
      'class="request-card',
      'class="dashboard-summary"',
    ]);
    expect(welcome).toBeGreaterThan(-1);
    expect(welcome).toBeLessThan(epsilonBox!);
    expect(epsilonBox).toBeLessThan(sendButton!);
    expect(sendButton).toBeLessThan(otherBoxes!);
    expect(sendButton).toBeLessThan(firstCard!);
    expect(summary, "nothing to sum up before the first request").toBe(-1);
    expect(html, "nothing on its way yet").not.toContain('id="group-onItsWay"');
    // The welcome no longer leads to the note on "Current Resident" flyers.
    expect(html).not.toContain('href="#group-suggested"');

    expect((await post(browser, { intent: "unsubscribe", requestId: "epsilon" })).status).toBe(303);
    const after = await htmlOf(browser);
    expect(textOf(after)).not.toContain("Welcome, Ada.");
    expect(after).not.toContain('class="first-step"');
    expect(after).toContain('class="dashboard-summary"');
  });

  it("folds every suggested card behind “See all N senders”, the recommended first, opened by an address that names one", async () => {
    const { browser, userId } = await signedUpUser("see-all");
    const suggested = await db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.userId, userId), isNull(requests.status)));
    const html = (await htmlOf(browser)).replaceAll("<!-- -->", "");
    const folded = html.slice(
      html.indexOf('<details class="all-senders"'),
      html.indexOf("</details>", html.lastIndexOf('class="request-card')),
    );
    expect(folded).toMatch(new RegExp(`^<details class="all-senders"><summary>See all ${suggested.length} senders</summary>`));
    const cards = [...html.matchAll(/<li id="request-([^"]+)" class="request-card/g)];
    expect(cards).toHaveLength(suggested.length);
    for (const card of cards) expect(card.index, card[1]).toBeGreaterThan(html.indexOf('<details class="all-senders"'));
    expect(cards.slice(0, 3).map((card) => card[1])).toEqual(["epsilon", "wiland", "alliant"]);
    // Opening a card's letter, or asking to delete one, opens the list it is in.
    for (const path of ["/dashboard?request=zeta", "/dashboard?confirmDelete=zeta"])
      expect(await htmlOf(browser, path), path).toContain('<details class="all-senders" open="">');
  });

  it("makes “Add a request” quiet until the first request is sent, and filled after", async () => {
    const { browser } = await signedUpUser("add-quiet");
    expect(addRequestClass(await htmlOf(browser))).toBe("button button-quiet");
    expect((await post(browser, sendChosen(["epsilon", "wiland"]))).status).toBe(303);
    expect(addRequestClass(await htmlOf(browser))).toBe("button");
  });

  it("says “choose at least one” at the send button, focused, when nothing was ticked", async () => {
    const { browser } = await signedUpUser("choose-one-at-button");
    const response = await post(browser, sendChosen([]));
    expect(response.status).toBe(400);
    const html = await response.text();
    const error = html.indexOf(`<p class="field-error" id="send-several-error" role="alert">${CHOOSE_ONE_MESSAGE}</p>`);
    const button = html.indexOf(">Send the chosen ones</button>");
    expect(error).toBeGreaterThan(-1);
    // Nothing lies between the message and the button it is about, which it describes.
    expect(textOf(html.slice(error, button + 1)).trim()).toBe(CHOOSE_ONE_MESSAGE);
    expect(html.slice(html.lastIndexOf("<button", button), button)).toContain('aria-describedby="send-several-error send-several-note"');
    // The page opens on the boxes' group, which the message describes.
    expect(html).toMatch(/<fieldset id="send-several"[^>]*data-focus-on-load="true"[^>]*aria-describedby="send-several-error"/);
    // Still the first thing under the welcome.
    expect(html.indexOf("Welcome, Ada.")).toBeLessThan(error);
    expect(html.indexOf('class="request-card')).toBeGreaterThan(button);
  });
});

describe("the dashboard's groups and summary", () => {
  it("puts each request where it belongs and says where things stand", async () => {
    const { browser, userId } = await signedUpUser("groups");
    for (const id of ["epsilon", "wiland", "alliant"])
      expect((await post(browser, { intent: "unsubscribe", requestId: id })).status).toBe(303);
    // Epsilon reached its sender 60 days ago (its mail should have stopped), Wiland 40 days ago (its
    // 30 days to act are over, but mail printed before may still come); Alliant waits to be sent.
    await db
      .update(requests)
      .set({ processedAt: new Date(Date.now() - 60 * DAY_MS) })
      .where(ownRequest(userId, "epsilon"));
    await db
      .update(requests)
      .set({ processedAt: new Date(Date.now() - 40 * DAY_MS) })
      .where(ownRequest(userId, "wiland"));

    const html = await htmlOf(browser);
    const text = textOf(html);
    expect(text).toContain("1 needs your answer: has the mail stopped?");
    // Alliant's job may have emailed it already, or be sending it now.
    expect(text).toMatch(
      /2 requests are sent and waiting for the sender|1 request is sent and waiting for the sender 1 request is going out now/,
    );
    expect(text).toContain("0 done");
    expect(text).toMatch(/Next to take effect: Wiland, by \d\d\/\d\d\/\d{4}\./);

    const needsYou = html.slice(html.indexOf('id="group-needsYou"'), html.indexOf('id="group-onItsWay"'));
    expect(needsYou).toContain('id="request-epsilon"');
    expect(textOf(needsYou)).toContain("Has the mail stopped? Yes, it stopped No, still coming");
    const onItsWay = html.slice(html.indexOf('id="group-onItsWay"'), html.indexOf('id="group-suggested"'));
    expect(onItsWay).toContain('id="request-wiland"');
    expect(onItsWay).toContain('id="request-alliant"');
    // Before mail printed before should have stopped, no one can tell whether the mail stopped: it is not asked.
    expect(textOf(onItsWay)).not.toMatch(/Mail already stopped|Has the mail stopped|No, still coming/);
    expect(textOf(onItsWay)).toMatch(
      /Wiland's time to act ended on \d\d\/\d\d\/\d{4}\. Mail printed before may keep coming until \d\d\/\d\d\/\d{4} \(1 to 3 more mailings\); we ask you then whether the mail stopped\./,
    );

    await post(browser, { intent: "confirm", requestId: "epsilon" });
    const after = await htmlOf(browser);
    expect(after).not.toContain('id="group-needsYou"');
    expect(after.slice(after.indexOf('id="group-done"'))).toContain('id="request-epsilon"');
    expect(textOf(after)).toContain("1 done");
  });

  it("counts the requests waiting for our staff apart from those sent, and offers to email the letter only while none was sent", async () => {
    const { browser, userId } = await signedUpUser("staffwait");
    // All three are in the queue with no job sending them: Epsilon went out by email 5 days ago,
    // Wiland and Alliant wait for our staff to send them.
    for (const id of ["epsilon", "wiland", "alliant"])
      await db
        .update(requests)
        .set({ status: "inQueue", queuedAt: new Date(Date.now() - 6 * DAY_MS) })
        .where(ownRequest(userId, id));
    const sentAt = new Date(Date.now() - 5 * DAY_MS);
    await db.update(requests).set({ processedAt: sentAt }).where(ownRequest(userId, "epsilon"));
    await db.insert(requestEmails).values({
      messageId: `pm-${userId}`,
      userId,
      requestId: "epsilon",
      templateId: "epsilon",
      toAddress: "optout@epsilon.com",
      outcome: "delivered",
      outcomeAt: sentAt,
      createdAt: sentAt,
    });

    const text = textOf(await htmlOf(browser));
    expect(text).toContain("1 request is sent and waiting for the sender");
    expect(text).toContain("2 requests are waiting for our staff to send them");
    expect(text).not.toContain("3 requests are");
    expect(text).toMatch(/Wiland Data brokers, list cooperatives and preference services Our staff send it: usually within 2 working days/);

    const sent = textOf(await htmlOf(browser, "/dashboard?request=epsilon"));
    expect(sent).not.toContain("Email it to");
    expect(sent).toMatch(
      /We sent it: emailed to Epsilon \(Abacus catalog cooperative\) on \d\d\/\d\d\/\d{4} as your own request · delivered\./,
    );
    const waiting = await htmlOf(browser, "/dashboard?request=wiland");
    expect(textOf(waiting)).toContain("Email it to privacy@wiland.com");
    expect(textOf(waiting)).not.toContain("We sent it");
  });

  it("shows a request the person filed as theirs, with the sender's own wait", async () => {
    const { browser, userId } = await signedUpUser("self-filed");
    expect((await post(browser, { intent: "unsubscribe", requestId: "dmachoice" })).status).toBe(303);
    expect(await allowanceOf(userId), "filing it oneself is free").toBe(3);
    const text = textOf(await htmlOf(browser));
    const card = text.slice(text.indexOf("DMAchoice"));
    expect(card).toContain("Filed by you");
    expect(card).toContain("DMAchoice (ANA Mail Preference Service) says it takes 60 to 90 days");
    expect(card).toMatch(/DMAchoice \(ANA Mail Preference Service\) has until \d\d\/\d\d\/\d{4} to act: (89|90) days to go/);
  });

  it("offers the plans instead of buttons that would fail once no free request is left", async () => {
    const { browser, userId } = await signedUpUser("used-up");
    await db.update(users).set({ numOfFreeRequest: 0 }).where(eq(users.id, userId));
    const html = await htmlOf(browser);
    const suggested = html.slice(html.indexOf('id="group-suggested"'));
    expect(textOf(suggested)).toContain("You have used your 3 free requests.");
    expect(suggested).toContain('href="/subscription"');
    expect(suggested).toContain("Upgrade to send");
    expect(suggested).not.toMatch(/value="unsubscribe"[^>]*>Unsubscribe</);
    // Filing it oneself costs nothing: that button stays.
    expect(suggested).toContain("I filed it");
    expect(suggested).not.toContain('value="sendSuggested"');
  });
});

describe("times on the cards", () => {
  const updatedAt = new Date("2026-11-26T08:22:00Z");
  const cardTime = async (label: string, state: string) => {
    const { browser, userId } = await signedUpUser(label);
    expect((await post(browser, { intent: "unsubscribe", requestId: "wiland" })).status).toBe(303);
    await db.update(users).set({ state }).where(eq(users.id, userId));
    await db.update(requests).set({ updatedAt }).where(ownRequest(userId, "wiland"));
    return textOf(await htmlOf(browser));
  };

  it("reads on the 12-hour clock in the zone of the account's state, which goes without saying", async () => {
    const text = await cardTime("times-il", "IL");
    expect(text).toContain("Updated 2:22 AM 11/26/2026");
    expect(text).not.toContain("Times are U.S. Eastern.");
  });

  it("reads in U.S. Eastern where the state is not known, and says so once", async () => {
    const text = await cardTime("times-unknown", "");
    expect(text).toContain("Updated 3:22 AM 11/26/2026");
    expect(text.split("Times are U.S. Eastern.")).toHaveLength(2);
  });
});

describe("Delete asks first and can be undone", () => {
  it("shows a confirmation form on GET, for the owner's request only", async () => {
    const owner = await signedUpUser("confirm-delete");
    const other = await signedUpUser("confirm-delete-other");
    const html = await htmlOf(owner.browser, "/dashboard?confirmDelete=epsilon");
    const card = html.slice(html.indexOf('id="request-epsilon"'));
    expect(textOf(card)).toContain(
      `Delete the request to Epsilon (Abacus catalog cooperative)? It leaves your dashboard; you can bring it back for ${UNDO_DELETE_DAYS} days.`,
    );
    expect(card).toMatch(/<form method="post" action="\/dashboard"[^>]*>/);
    expect(card).toContain('value="delete"');
    expect(await statusOf(owner.userId, "epsilon"), "a GET changes nothing").toBeNull();

    await owner.browser.post("/requests/add", { senderName: "Owner Only Catalog" });
    const [custom] = await db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.userId, owner.userId), eq(requests.type, "custom")));
    expect((await other.browser.get(`/dashboard?confirmDelete=${custom!.id}`)).status).toBe(404);
    expect((await owner.browser.get("/dashboard?confirmDelete=made-up")).status).toBe(404);
  });

  it("brings a deleted request back to the status it had, logged, once, and only for its owner", async () => {
    const owner = await signedUpUser("undo");
    const other = await signedUpUser("undo-other");
    await post(owner.browser, { intent: "unsubscribe", requestId: "wiland" });
    await post(owner.browser, { intent: "confirm", requestId: "wiland" });
    const deleted = await post(owner.browser, { intent: "delete", requestId: "wiland" });
    expect(deleted.headers.get("Location")).toBe("/dashboard?notice=delete&about=wiland#outcome");
    const notice = await htmlOf(owner.browser, "/dashboard?notice=delete&about=wiland");
    expect(textOf(notice)).toMatch(/Deleted the request to Wiland\. You can bring it back until \d\d\/\d\d\/\d{4}\. Undo/);
    expect(textOf(notice.slice(notice.indexOf('id="recently-deleted"')))).toContain("Wiland");

    // Someone else's undo is 404 and changes nothing, theirs or the owner's; a cross-site post is refused.
    expect((await post(other.browser, { intent: "undo", requestId: "wiland" })).status).toBe(303); // their own, never deleted
    expect(await statusOf(other.userId, "wiland")).toBeNull();
    expect(await logsOf(other.userId, "wiland")).toEqual([]);
    const forged = await owner.browser.post(
      "/dashboard",
      { intent: "undo", requestId: "wiland" },
      { Origin: "https://evil.test", "Sec-Fetch-Site": "cross-site" },
    );
    expect(forged.status).toBe(403);
    expect(await statusOf(owner.userId, "wiland")).toBe("deleted");

    const undone = await post(owner.browser, { intent: "undo", requestId: "wiland" });
    expect(undone.status).toBe(303);
    expect(undone.headers.get("Location")).toBe("/dashboard?notice=undo&about=wiland#outcome");
    expect(await statusOf(owner.userId, "wiland")).toBe("confirmedByUser");
    expect(await logsOf(owner.userId, "wiland")).toEqual(["undo", "delete", "confirm", "unsubscribe"]);
    // A second post (a double click) restores nothing more and logs nothing more.
    expect((await post(owner.browser, { intent: "undo", requestId: "wiland" })).status).toBe(303);
    expect(await logsOf(owner.userId, "wiland")).toHaveLength(4);
    expect(textOf(await htmlOf(owner.browser, "/dashboard?notice=undo&about=wiland"))).toContain(
      "The request to Wiland is back, as it was before you deleted it.",
    );
    expect(await allowanceOf(owner.userId), "an undo costs nothing").toBe(2);
  });

  it("answers 404 for another user's request and a made-up id", async () => {
    const owner = await signedUpUser("undo-404");
    const other = await signedUpUser("undo-404-other");
    await owner.browser.post("/requests/add", { senderName: "Private Catalog" });
    const [custom] = await db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.userId, owner.userId), eq(requests.type, "custom")));
    await post(owner.browser, { intent: "delete", requestId: custom!.id });
    expect((await post(other.browser, { intent: "undo", requestId: custom!.id })).status).toBe(404);
    expect((await post(other.browser, { intent: "undo", requestId: "made-up" })).status).toBe(404);
    expect(await statusOf(owner.userId, custom!.id)).toBe("deleted");
    expect(await logsOf(owner.userId, custom!.id)).toEqual(["delete", "created"]);
  });

  it(`returns a preset never sent to not sent, and refuses after ${UNDO_DELETE_DAYS} days`, async () => {
    const { browser, userId } = await signedUpUser("undo-window");
    await post(browser, { intent: "delete", requestId: "alliant" });
    await post(browser, { intent: "undo", requestId: "alliant" });
    expect(await statusOf(userId, "alliant")).toBeNull();

    await post(browser, { intent: "delete", requestId: "zeta" });
    await db
      .update(requestLogs)
      .set({ createdAt: new Date(Date.now() - (UNDO_DELETE_DAYS + 1) * DAY_MS) })
      .where(and(eq(requestLogs.userId, userId), eq(requestLogs.requestId, "zeta")));
    expect(await htmlOf(browser)).not.toContain('id="recently-deleted"');
    const late = await post(browser, { intent: "undo", requestId: "zeta" });
    expect(late.status).toBe(400);
    expect(await late.text()).toContain(`deleted more than ${UNDO_DELETE_DAYS} days ago`);
    expect(await statusOf(userId, "zeta")).toBe("deleted");
  });
});

describe("Send all suggested", () => {
  it("sends every suggestion for a subscriber, without counting", async () => {
    const { browser, userId } = await signedUpUser("send-all-subscriber");
    await db.update(users).set({ stripeSubscriptionId: "sub_send_all", plan: "basic", numOfFreeRequest: 3 }).where(eq(users.id, userId));
    const suggestions = await unsentOf(userId);
    expect(suggestions.length).toBeGreaterThan(5);
    expect(textOf(await htmlOf(browser))).toContain(`Send all ${suggestions.length} suggested`);
    const response = await post(browser, { intent: "sendSuggested", selection: "all" });
    expect(response.headers.get("Location")).toBe(`/dashboard?notice=sendSuggested&sent=${suggestions.length}&refused=0#outcome`);
    expect(await unsentOf(userId)).toEqual([]);
    expect(await allowanceOf(userId), "a subscriber's requests never count").toBe(3);
    expect(await statusOf(userId, "dmachoice"), "one the person files is left to them").toBeNull();
  });

  it("lets a free user choose, and never spends more than what is left, however the form is filled", async () => {
    const { browser, userId } = await signedUpUser("send-all-free");
    const html = await htmlOf(browser);
    // A new account's boxes are its first step: the recommended ones ticked, the rest folded.
    expect(textOf(html)).toContain("The senders we recommend first");
    expect(html).toContain('name="requestIds"');

    const [first, second] = await unsentOf(userId);
    await db.update(users).set({ numOfFreeRequest: 1 }).where(eq(users.id, userId));
    const response = await post(browser, sendChosen([first!, second!, first!]));
    expect(response.headers.get("Location")).toBe("/dashboard?notice=sendSuggested&sent=1&refused=1#outcome");
    expect(await allowanceOf(userId)).toBe(0);
    expect(textOf(await htmlOf(browser, "/dashboard?notice=sendSuggested&sent=1&refused=1"))).toContain(
      "Sent 1 request. They are under “On its way”: each says how it reaches its sender, and when. 1 not sent: no free requests were left. See plans",
    );

    // "All" from an edited page sends nothing more once none is left.
    const before = await unsentOf(userId);
    await post(browser, { intent: "sendSuggested", selection: "all" });
    expect(await unsentOf(userId)).toEqual(before);
    expect(await allowanceOf(userId)).toBe(0);
  });

  it("charges once for a double submit", async () => {
    const { browser, userId } = await signedUpUser("send-all-double");
    const [first, second] = await unsentOf(userId);
    const responses = await Promise.all([post(browser, sendChosen([first!, second!])), post(browser, sendChosen([first!, second!]))]);
    expect(responses.map((response) => response.status)).toEqual([303, 303]);
    expect(await allowanceOf(userId)).toBe(1);
    expect(await statusOf(userId, first!)).toBe("inQueue");
    expect(await statusOf(userId, second!)).toBe("inQueue");
  });

  it("sends all when the allowance covers them, and stops at the allowance when it does not", async () => {
    const { browser, userId } = await signedUpUser("send-all-capped");
    const suggestions = await unsentOf(userId);
    await post(browser, { intent: "sendSuggested", selection: "all" });
    expect(await allowanceOf(userId)).toBe(0);
    expect(await unsentOf(userId)).toHaveLength(suggestions.length - 3);
  });

  it("changes nothing when nothing is chosen, or only someone else's requests", async () => {
    const owner = await signedUpUser("send-none");
    const other = await signedUpUser("send-none-other");
    await other.browser.post("/requests/add", { senderName: "Their Catalog" });
    const [theirs] = await db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.userId, other.userId), eq(requests.type, "custom")));
    const none = await post(owner.browser, sendChosen([]));
    expect(none.status).toBe(400);
    // The message sits at the boxes, which are described by it, and not at the top with the plans.
    const html = await none.text();
    const choices = html.slice(html.indexOf('<fieldset id="send-several"'), html.indexOf("</fieldset>", html.indexOf('id="send-several"')));
    expect(choices).toMatch(/^<fieldset id="send-several"[^>]*aria-invalid="true"[^>]*aria-describedby="send-several-error"/);
    expect(choices).toMatch(new RegExp(`id="send-several-error" role="alert">${CHOOSE_ONE_MESSAGE}</p>`));
    expect(html).not.toContain('id="outcome"');
    expect(textOf(html)).not.toContain("See plans");
    const notTheirs = await post(owner.browser, sendChosen([theirs!.id, "made-up"]));
    expect(notTheirs.headers.get("Location")).toBe("/dashboard?notice=sendSuggested&sent=0&refused=0#outcome");
    expect((await post(owner.browser, { intent: "sendSuggested" })).status).toBe(400);
    expect(await allowanceOf(owner.userId)).toBe(3);
    expect(await unsentOf(owner.userId)).toHaveLength((await unsentOf(other.userId)).length);
  });
});

describe("notices after a post", () => {
  it("says what happens next once a request is sent", async () => {
    const { browser } = await signedUpUser("notice-sent");
    const response = await post(browser, { intent: "unsubscribe", requestId: "wiland" });
    const location = response.headers.get("Location")!;
    const html = await htmlOf(browser, location.replace(/#.*/, ""));
    expect(html).toMatch(/<div id="outcome" tabindex="-1" data-focus-on-load="true" class="notice" role="status">/);
    expect(textOf(html)).toMatch(
      /Your request to Wiland is on its way: (going out by (email|mail) now|our staff send it: usually within 2 working days)\. Once a sender gets your request, it has 30 days to act; mail it printed before may keep coming for up to 8 weeks \(1 to 3 more mailings\)\. This page asks you whether it stopped once that mail should have stopped coming\./,
    );
    expect(textOf(html)).not.toMatch(/shortly|In queue/);
    // A notice about a request that is not the user's says nothing.
    expect(await htmlOf(browser, "/dashboard?notice=unsubscribe&about=made-up")).not.toContain('id="outcome"');
    expect(new URL(location, ORIGIN).hash).toBe("#outcome");
  });
});

describe("the email that confirms requests sent", () => {
  const emailsTo = async (address: string) =>
    (await received("email", (request) => (request.body as { To?: string } | null)?.To === address)).map(
      (request) => request.body as { Subject: string; TextBody: string },
    );
  const confirmations = async (address: string) =>
    (await emailsTo(address)).filter((email) => / (is|are) on (its|their) way$/.test(email.Subject));

  it("names the sender of a request sent, and none for one the person files themselves", async () => {
    const { browser, userId, email } = await signedUpUser("sent-email");
    expect((await post(browser, { intent: "unsubscribe", requestId: "dmachoice" })).status).toBe(303);
    expect((await post(browser, { intent: "unsubscribe", requestId: "epsilon" })).status).toBe(303);
    const [{ senderName }] = (await db.select({ senderName: requests.senderName }).from(requests).where(ownRequest(userId, "epsilon"))) as [
      { senderName: string },
    ];
    await expect.poll(() => confirmations(email), { timeout: 15_000, interval: 250 }).toHaveLength(1);
    const [confirmation] = await confirmations(email);
    expect(confirmation!.Subject).toBe(`Your request to ${senderName} is on its way`);
    expect(confirmation!.TextBody).toContain(`- ${senderName}\n`);
    expect(confirmation!.TextBody).not.toContain("DMAchoice");
    expect(confirmation!.TextBody).toContain("/dashboard");
  });

  it("is one email for Send all suggested, naming every sender", async () => {
    const { browser, userId, email } = await signedUpUser("sent-all-email");
    await db.update(users).set({ stripeSubscriptionId: "sub_sent_all_email", plan: "basic" }).where(eq(users.id, userId));
    const suggestions = await unsentOf(userId);
    expect((await post(browser, { intent: "sendSuggested", selection: "all" })).status).toBe(303);
    await expect.poll(() => confirmations(email), { timeout: 15_000, interval: 250 }).toHaveLength(1);
    const [confirmation] = await confirmations(email);
    expect(confirmation!.Subject).toBe(`Your ${suggestions.length} requests are on their way`);
    const names = await db.select({ senderName: requests.senderName }).from(requests).where(eq(requests.userId, userId));
    const listed = confirmation!.TextBody.split("\n").filter((line) => line.startsWith("- "));
    expect(listed).toHaveLength(suggestions.length);
    for (const line of listed) expect(names.map((row) => `- ${row.senderName}`)).toContain(line);
  });
});
