import { describe, expect, it } from "vitest";
import { DAY_MS } from "~/domain/dates";
import { dashboardView, namesUnknownRequest, type DashboardRow, type DashboardSnapshot } from "~/domain/dashboard-view";

const now = new Date("2026-11-23T18:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
const address = { street1: "1 Main St", street2: null, city: "Austin", state: "TX", zipCode: "78701" };

const row = (overrides: Partial<DashboardRow> = {}): DashboardRow => ({
  id: "acxiom",
  templateId: "acxiom",
  senderName: "Acxiom",
  fullName: "Pat Doe",
  ...address,
  status: null,
  consumerFiles: false,
  takes: null,
  requiredDays: 30,
  queuedAt: null,
  processedAt: null,
  customerNumber: null,
  keyCode: null,
  recipientIds: null,
  category: null,
  updatedAt: daysAgo(1),
  channels: null,
  needs: null,
  acceptsAgent: null,
  letterProblem: null,
  sendingJob: null,
  stillComingAt: null,
  digestShowedSender: true,
  followUpStep: 0,
  followUpAt: null,
  followUpHold: null,
  firstRequestCitation: null,
  legalLawId: null,
  charityDonor: null,
  charityMailingsPerYear: null,
  ...overrides,
});

const snapshot = (overrides: Partial<DashboardSnapshot> = {}): DashboardSnapshot => ({
  account: { state: "TX", numOfFreeRequest: 3 },
  requests: [],
  recipients: [],
  earlierAddresses: [],
  recentlyDeleted: [],
  photos: [],
  history: [],
  letters: [],
  sentEmails: [],
  sentLines: [],
  seenInMail: [],
  openPieces: [],
  ...overrides,
});

const freeUser = { fullName: "Pat Doe", stripeSubscriptionId: null, plan: null };
const url = (query = "") => new URL(`https://example.test/dashboard${query}`);

describe("namesUnknownRequest", () => {
  const mine = snapshot({ requests: [row()] });

  it("accepts the plain page and the user's own requests", () => {
    expect(namesUnknownRequest(mine, url())).toBe(false);
    expect(namesUnknownRequest(mine, url("?request=acxiom"))).toBe(false);
    expect(namesUnknownRequest(mine, url("?confirmDelete=acxiom"))).toBe(false);
  });

  it("refuses an id the user has no card for, unless it is their deleted request (it has a history)", () => {
    expect(namesUnknownRequest(mine, url("?request=someone-elses"))).toBe(true);
    expect(namesUnknownRequest(mine, url("?confirmDelete=someone-elses"))).toBe(true);
    const deleted = snapshot({
      requests: [row()],
      history: [{ id: "log-1", creator: "user", status: "delete", detail: null, createdAt: daysAgo(1) }],
    });
    expect(namesUnknownRequest(deleted, url("?request=deleted-one"))).toBe(false);
  });
});

describe("dashboardView", () => {
  it("says where the follow-up ladder is on the card, and links to the permission while it waits for one", () => {
    const view = dashboardView(
      snapshot({
        requests: [
          row({ id: "again", senderName: "Again Co", status: "inQueue", queuedAt: daysAgo(120), followUpStep: 1, followUpAt: daysAgo(2) }),
          row({
            id: "held",
            senderName: "Held Co",
            state: "CA",
            category: "catalogs",
            status: "inQueue",
            queuedAt: daysAgo(200),
            processedAt: daysAgo(70),
            followUpStep: 1,
            followUpAt: daysAgo(70),
            followUpHold: "permissionNeeded",
          }),
        ],
        sentLines: [{ requestId: "again", creator: "system", status: "emailed", createdAt: daysAgo(119) }],
      }),
      { user: freeUser, url: url(), now },
    );
    const cards = Object.values(view.groups).flat();
    expect(cards.find((card) => card.id === "again")?.followUp).toEqual({
      text: "Second request on 11/21/2026, free, citing your request of 07/27/2026",
      link: null,
    });
    expect(cards.find((card) => card.id === "held")?.followUp).toEqual({
      text: "Waiting for your permission: sign once in your account so we can ask under the California Consumer Privacy Act",
      link: "/account#agent-permission",
    });
  });

  it("puts each request in its group with its status, wait and dates in the account's time zone", () => {
    const view = dashboardView(
      snapshot({
        requests: [
          row(),
          row({ id: "epsilon", senderName: "Epsilon", status: "inQueue", queuedAt: daysAgo(6), processedAt: daysAgo(5) }),
          row({ id: "done", senderName: "Done Co", status: "confirmedByUser" }),
          row({ id: "gone", senderName: "Gone Co", status: "deleted" }),
        ],
      }),
      { user: freeUser, url: url(), now },
    );
    expect(Object.values(view.groups).map((cards) => cards.map((card) => card.id))).toEqual([[], ["epsilon"], ["done"], ["acxiom"]]);
    const [waiting] = view.groups.onItsWay;
    expect(waiting?.status).toBe("inQueue");
    expect(waiting?.statusLabel).toBe("Sent on 11/18/2026");
    expect(waiting?.wait).toBe(
      "Epsilon has until 12/18/2026 to act: 25 days to go. Mail printed before may keep coming until 01/13/2027 (1 to 3 more mailings); we ask you then whether the mail stopped.",
    );
    expect(view.groups.suggested[0]).toMatchObject({
      statusLabel: null,
      wait: "Not sent yet.",
      next: { buttons: [{ label: "Unsubscribe" }] },
    });
    expect(view.summary).toMatchObject({ needsYou: 0, onItsWay: 1, done: 1, next: { senderName: "Epsilon" } });
    expect(view.sendable).toEqual([{ id: "acxiom", senderName: "Acxiom", recommendation: null }]);
    expect(view.allowance).toEqual({ unlimited: false, left: 3, of: 3 });
  });

  it("counts the requests no job can send apart, as waiting for our staff, by the same rule as their cards' words", () => {
    const queued = (id: string, overrides: Partial<DashboardRow> = {}) =>
      row({ id, senderName: id, status: "inQueue", queuedAt: daysAgo(1), ...overrides });
    const view = dashboardView(
      snapshot({
        requests: [
          queued("Staff A", { channels: [{ kind: "mail", value: "1 Main St" }] }),
          queued("Staff B", { channels: [{ kind: "mail", value: "1 Main St" }] }),
          queued("Look Up"),
          queued("Job", { channels: [{ kind: "email", value: "optout@job.test" }], sendingJob: "optOut.email" }),
          row({ id: "epsilon", senderName: "Epsilon", status: "inQueue", queuedAt: daysAgo(6), processedAt: daysAgo(5) }),
        ],
      }),
      { user: freeUser, url: url(), now },
    );
    const labels = Object.fromEntries(view.groups.onItsWay.map((card) => [card.id, card.statusLabel]));
    expect(labels["Staff A"]).toMatch(/^Our staff send it/);
    expect(labels["Look Up"]).toMatch(/^Our staff look up where to send it/);
    expect(labels["Job"]).toBe("Going out by email now");
    expect(view.summary).toMatchObject({ onItsWay: 5, withStaff: 3, goingOut: 1, withSender: 1 });
  });

  it("asks for the return address under Needs your answer, from the day a request came back, without the sender's clock", () => {
    const view = dashboardView(
      snapshot({
        requests: [
          row({
            id: "typed",
            templateId: null,
            senderName: "Hometown Seeds",
            status: "inQueue",
            queuedAt: daysAgo(1),
            asksReturnAddress: true,
          }),
          row({
            id: "returned",
            senderName: "Acxiom",
            status: "inQueue",
            queuedAt: daysAgo(20),
            asksReturnAddress: true,
            returnAddressAskedAt: daysAgo(2),
          }),
        ],
      }),
      { user: freeUser, url: url(), now },
    );
    expect(view.groups.needsYou.map((card) => card.id)).toEqual(["typed", "returned"]);
    expect(view.summary).toMatchObject({ needsYou: 2, needsReturnAddress: 2, onItsWay: 0 });
    const [typed, returned] = view.groups.needsYou;
    expect(typed?.wait).toBeNull();
    expect(typed?.returnAddress).toMatchObject({ askedOn: "11/22/2026", staffFrom: "11/29/2026", cameBack: false });
    expect(returned?.returnAddress).toMatchObject({ askedOn: "11/21/2026", staffFrom: "11/28/2026", cameBack: true });
  });

  it("shows the recommended senders first with their reasons, and what sending uses of the free requests", () => {
    const rows = ["acxiom", "alliant", "epsilon", "harte-hanks", "wiland"].map((id) =>
      row({ id: `r-${id}`, templateId: id, senderName: id }),
    );
    const view = dashboardView(snapshot({ requests: rows, account: { state: "TX", numOfFreeRequest: 2 } }), {
      user: freeUser,
      url: url(),
      now,
    });
    expect(view.groups.suggested.map((card) => card.senderName)).toEqual(["epsilon", "wiland", "alliant", "acxiom", "harte-hanks"]);
    expect(view.groups.suggested.map((card) => Boolean(card.recommendation))).toEqual([true, true, true, false, false]);
    expect(view.sendable.map((choice) => [choice.senderName, Boolean(choice.recommendation)])).toEqual([
      ["epsilon", true],
      ["wiland", true],
      ["alliant", true],
      ["acxiom", false],
      ["harte-hanks", false],
    ]);
    expect(view.groups.suggested[0]?.next.buttons).toEqual([expect.objectContaining({ note: "uses 1 of your 2 free requests" })]);
    expect(view.sendableNotes).toEqual([null, "uses 1 of your 2 free requests", "uses 2 of your 2 free requests"]);

    const usedUp = dashboardView(snapshot({ requests: rows, account: { state: "TX", numOfFreeRequest: 0 } }), {
      user: freeUser,
      url: url(),
      now,
    });
    expect(
      usedUp.groups.suggested.some((card) => card.recommendation),
      "no advice once nothing can be sent",
    ).toBe(false);

    const subscriber = { fullName: "Pat Doe", stripeSubscriptionId: "sub_1", plan: "premium" as const };
    const planView = dashboardView(snapshot({ requests: rows }), { user: subscriber, url: url(), now });
    expect(planView.groups.suggested[0]?.recommendation).not.toBeNull();
    expect(planView.groups.suggested[0]?.next.buttons[0]?.note, "a subscriber is not counted").toBeNull();
    expect(planView.sendableNotes.every((note) => note === null)).toBe(true);
  });

  it("says where each request is from its evidence, and starts a letter's clock when it reaches the sender", () => {
    const mailedAt = daysAgo(2);
    const view = dashboardView(
      snapshot({
        requests: [
          row({ id: "going", senderName: "Going Co", status: "inQueue", queuedAt: daysAgo(0), sendingJob: "optOut.email" }),
          row({ id: "lookup", senderName: "Typed Co", templateId: null, status: "inQueue", queuedAt: daysAgo(1) }),
          row({ id: "letter", senderName: "Letter Co", status: "inQueue", queuedAt: mailedAt, processedAt: mailedAt }),
        ],
        letters: [
          {
            id: "ltr_1",
            requestId: "letter",
            expectedDeliveryDate: "2026-11-26",
            trackingState: "inTransit",
            trackingAt: daysAgo(1),
            createdAt: mailedAt,
          },
        ],
        sentLines: [{ requestId: "letter", creator: "system", status: "mailed", createdAt: mailedAt }],
      }),
      { user: freeUser, url: url(), now },
    );
    const cardOf = (id: string) => view.groups.onItsWay.find((card) => card.id === id);
    expect(cardOf("going")?.statusLabel).toBe("Going out by email now");
    expect(cardOf("lookup")?.statusLabel).toBe("Our staff look up where to send it: usually within 2 working days");
    expect(cardOf("letter")?.statusLabel).toBe(
      "Letter mailed 11/21/2026 to Letter Co's postal address · in transit · expected at the sender 11/26/2026",
    );
    // 30 days from the end of the day it is expected there, not from the mailing.
    expect(cardOf("letter")?.wait).toMatch(/^Letter Co has until 12\/26\/2026 to act: 34 days to go\./);
    expect(cardOf("letter")?.next.buttons.map((button) => button.label)).toEqual(["Cancel"]);
  });

  it("keeps a request on its way after its sender's days to act, and asks on the day its mail should have stopped", () => {
    const view = dashboardView(
      snapshot({
        requests: [
          row({ id: "acted", senderName: "Acted Co", status: "inQueue", queuedAt: daysAgo(41), processedAt: daysAgo(40) }),
          row({ id: "over", senderName: "Over Co", status: "inQueue", queuedAt: daysAgo(61), processedAt: daysAgo(60) }),
        ],
      }),
      { user: freeUser, url: url(), now },
    );
    const [acted] = view.groups.onItsWay;
    expect(acted?.id).toBe("acted");
    expect(acted?.wait).toBe(
      "Acted Co's time to act ended on 11/13/2026. Mail printed before may keep coming until 12/09/2026 (1 to 3 more mailings); we ask you then whether the mail stopped.",
    );
    expect(acted?.next.question).toBeNull();
    expect(acted?.next.buttons.map((button) => button.label)).toEqual(["Cancel"]);
    const [over] = view.groups.needsYou;
    expect(over?.id).toBe("over");
    expect(over?.wait).toBe("The wait ended on 11/19/2026.");
    expect(over?.next.question).toBe("Has the mail stopped?");
    expect(view.summary).toMatchObject({ needsYou: 1, onItsWay: 1, next: { senderName: "Acted Co", by: "12/09/2026" } });
  });

  it("says a self-filed request is filed by the person and shows how to file a suggestion they must send", () => {
    const view = dashboardView(
      snapshot({
        requests: [
          row({ id: "dma", consumerFiles: true, needs: ["email"], takes: "90 days" }),
          row({ id: "filed", consumerFiles: true, status: "inQueue", queuedAt: daysAgo(2), takes: "30 days" }),
        ],
      }),
      { user: freeUser, url: url(), now },
    );
    expect(view.groups.suggested[0]?.guide).toEqual({ channels: [], needs: ["email"], takes: "90 days" });
    expect(view.groups.onItsWay[0]?.statusLabel).toBe("Filed by you");
    expect(view.sendable, "a request the person files is never sent for them").toEqual([]);
  });

  it("opens the letter the address names, with its history, and prints it on request", () => {
    const data = snapshot({
      requests: [row()],
      history: [{ id: "log-1", creator: "user", status: "unsubscribe", detail: null, createdAt: daysAgo(1) }],
    });
    const view = dashboardView(data, { user: freeUser, url: url("?request=acxiom&view=print"), now });
    expect(view.open).toMatchObject({ id: "acxiom", senderName: "Acxiom", history: [{ id: "log-1", creator: "user" }] });
    expect(view.open?.letter).toContain("Pat Doe");
    expect(view.print).toBe(true);
    expect(dashboardView(data, { user: freeUser, url: url("?view=print"), now }).print, "nothing to print without a letter").toBe(false);
  });

  it("offers to email the letter oneself only while nothing sent it; once we sent it, says when and how instead", () => {
    const epsilon = { id: "epsilon", senderName: "Epsilon", channels: [{ kind: "email" as const, value: "optout@epsilon.com" }] };
    const open = (request: Partial<DashboardRow>, extra: Partial<DashboardSnapshot> = {}) =>
      dashboardView(snapshot({ requests: [row({ ...epsilon, ...request })], ...extra }), {
        user: freeUser,
        url: url("?request=epsilon"),
        now,
      }).open;

    expect(open({ status: null })).toMatchObject({ senderEmail: "optout@epsilon.com", weSent: null });
    expect(open({ status: "inQueue", queuedAt: daysAgo(1) }), "waiting for staff: not sent yet").toMatchObject({
      senderEmail: "optout@epsilon.com",
      weSent: null,
    });
    expect(open({ status: "inQueue", queuedAt: daysAgo(1), sendingJob: "optOut.email" })).toMatchObject({
      senderEmail: null,
      weSent: "We are sending it: going out by email now.",
    });
    const sentAt = daysAgo(5);
    const sent = open(
      { status: "inQueue", queuedAt: daysAgo(6), processedAt: sentAt },
      {
        sentEmails: [
          { requestId: "epsilon", to: "optout@epsilon.com", messageId: "pm-1", at: sentAt, outcome: "delivered", outcomeAt: sentAt },
        ],
      },
    );
    expect(sent).toMatchObject({
      senderEmail: null,
      weSent: "We sent it: emailed to Epsilon on 11/18/2026 as your own request · delivered.",
    });
  });

  it("tells what a post did, and offers the undo of a delete until the days allowed", () => {
    const deletedAt = daysAgo(1).getTime();
    const view = dashboardView(snapshot({ recentlyDeleted: [{ id: "acxiom", senderName: "Acxiom", deletedAt }] }), {
      user: freeUser,
      url: url("?notice=delete&about=acxiom"),
      now,
    });
    expect(view.notice).toMatchObject({ text: expect.stringMatching(/^Deleted the request to Acxiom\. You can bring it back until /) });
    expect(view.notice).toMatchObject({ undo: { requestId: "acxiom", senderName: "Acxiom" } });
    expect(view.recentlyDeleted).toHaveLength(1);
    expect(dashboardView(snapshot(), { user: freeUser, url: url("?notice=nonsense"), now }).notice).toBeNull();
  });

  it("welcomes a subscriber to the plan Checkout returned for, and only to that one", () => {
    const subscriber = { fullName: "Pat Doe", stripeSubscriptionId: "sub_1", plan: "premium" as const };
    const welcomed = dashboardView(snapshot(), { user: subscriber, url: url("?subscribed=premium"), now });
    expect(welcomed.welcome).toBe("Premium");
    expect(welcomed.allowance).toEqual({ unlimited: true });
    expect(welcomed.sendableLeft).toBeNull();
    expect(dashboardView(snapshot(), { user: subscriber, url: url("?subscribed=other"), now }).welcome).toBeNull();
    expect(dashboardView(snapshot(), { user: freeUser, url: url("?subscribed=premium"), now }).welcome).toBeNull();
  });

  it("writes a card's times on the 12-hour clock in the account's state, and says when they are Eastern instead", () => {
    const updatedAt = new Date("2026-11-26T08:22:00Z");
    const history = [{ id: "log-1", creator: "user", status: "unsubscribe", detail: null, createdAt: updatedAt }];
    const inTexas = dashboardView(snapshot({ requests: [row({ updatedAt })], history }), {
      user: freeUser,
      url: url("?request=acxiom"),
      now,
    });
    expect(inTexas.groups.suggested[0]?.updatedAt).toBe("2:22 AM 11/26/2026");
    expect(inTexas.open?.history[0]?.at).toBe("2:22 AM 11/26/2026");
    expect(inTexas.timesNote, "the zone of a known state goes without saying").toBeNull();

    const unknown = dashboardView(snapshot({ account: { state: "", numOfFreeRequest: 3 }, requests: [row({ updatedAt })] }), {
      user: freeUser,
      url: url(),
      now,
    });
    expect(unknown.groups.suggested[0]?.updatedAt).toBe("3:22 AM 11/26/2026");
    expect(unknown.timesNote).toBe("Times are U.S. Eastern.");
  });

  it("greets by first name until a request is sent", () => {
    expect(dashboardView(snapshot({ requests: [row()] }), { user: freeUser, url: url(), now }).greeting).toEqual({ firstName: "Pat" });
    const blankName = { ...freeUser, fullName: "  " };
    expect(dashboardView(snapshot(), { user: blankName, url: url(), now }).greeting).toEqual({ firstName: null });
    const sent = snapshot({ requests: [row(), row({ id: "epsilon", status: "inQueue", queuedAt: daysAgo(1) })] });
    expect(dashboardView(sent, { user: freeUser, url: url(), now }).greeting).toBeNull();
  });

  it("says where each photo of mail stands", () => {
    const view = dashboardView(snapshot({ photos: [{ id: "p1", state: "needsStaff", createdAt: daysAgo(1) }] }), {
      user: freeUser,
      url: url(),
      now,
    });
    expect(view.photos).toEqual([{ id: "p1", sent: expect.any(String), standing: "our staff are finding the sender" }]);
  });
});
