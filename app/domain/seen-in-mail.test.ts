import { describe, expect, it } from "vitest";
import { DAY_MS, dayText } from "~/domain/dates";
import {
  addRequestUrl,
  cardSeenText,
  isStillComing,
  pieceSeenText,
  residentMailText,
  seenInMail,
  seenLead,
  type PieceGroup,
  type SeenRequest,
} from "~/domain/seen-in-mail";

const now = new Date("2026-11-25T18:00:00Z");
const timeZone = "America/Chicago";

const group = (overrides: Partial<PieceGroup> = {}): PieceGroup => ({
  templateId: "williams-sonoma",
  catalogName: "Williams Sonoma",
  consumerFiles: false,
  senderName: null,
  requestId: null,
  residentMail: false,
  pieces: 1,
  lastOn: "2026-11-24",
  sinceRequest: 0,
  ...overrides,
});

const request = (overrides: Partial<SeenRequest> = {}): SeenRequest => ({
  id: "epsilon",
  templateId: "epsilon",
  senderName: "Epsilon",
  status: null,
  consumerFiles: false,
  queuedAt: null,
  ...overrides,
});

describe("seenInMail", () => {
  it("offers a catalog sender with no request as a new one, grouping its pieces by sender with the last day", () => {
    const seen = seenInMail(
      [group({ pieces: 2, lastOn: "2026-11-20" }), group({ pieces: 1, lastOn: "2026-11-24", requestId: "old-one" })],
      [],
    );
    expect(seen.toStop).toEqual([
      {
        templateId: "williams-sonoma",
        senderName: "Williams Sonoma",
        pieces: 3,
        lastOn: "2026-11-24",
        stop: { kind: "newRequest", templateId: "williams-sonoma", charged: true },
      },
    ]);
    expect(seenLead(seen.toStop[0]!)).toBe("Seen in your mail, 3 pieces, last on 11/24/2026");
  });

  it("sends a preset not sent yet, or a cancelled request again, and leaves out a sender already sent to", () => {
    const groups = [group({ templateId: "epsilon", catalogName: "Epsilon" }), group({ templateId: "wiland", catalogName: "Wiland" })];
    const notSent = seenInMail(groups, [request(), request({ id: "wiland", templateId: "wiland", status: "inQueue", queuedAt: now })]);
    expect(notSent.toStop.map((sender) => [sender.templateId, sender.stop])).toEqual([
      ["epsilon", { kind: "request", requestId: "epsilon", charged: true }],
    ]);
    const cancelled = seenInMail(groups, [
      request({ status: "cancelled", queuedAt: now }),
      request({ id: "w", templateId: "wiland", status: "confirmedByUser" }),
    ]);
    expect(cancelled.toStop.map((sender) => sender.stop)).toEqual([{ kind: "request", requestId: "epsilon", charged: false }]);
  });

  it("points a sender only the person can file to how, never to a press that sends", () => {
    const seen = seenInMail(
      [group({ templateId: "dmachoice", catalogName: "DMAchoice", consumerFiles: true })],
      [request({ id: "dmachoice", templateId: "dmachoice", consumerFiles: true })],
    );
    expect(seen.toStop[0]!.stop).toEqual({ kind: "fileYourself", requestId: "dmachoice" });
  });

  it("lists names the catalog lacks once each, unless a custom request for them was sent or they were matched to one", () => {
    const seen = seenInMail(
      [
        group({ templateId: null, catalogName: null, senderName: "Acme Windows", lastOn: "2026-11-02" }),
        group({ templateId: null, catalogName: null, senderName: "acme windows ", lastOn: "2026-11-09", pieces: 2 }),
        group({ templateId: null, catalogName: null, senderName: "Lawn Kings" }),
        group({ templateId: null, catalogName: null, senderName: "Matched Co", requestId: "r1" }),
        group({ templateId: null, catalogName: null, senderName: null }),
      ],
      [request({ id: "lk", templateId: null, senderName: "LAWN KINGS", status: "inQueue" })],
    );
    expect(seen.alsoSeen).toEqual([{ senderName: "Acme Windows", pieces: 3, lastOn: "2026-11-09" }]);
    expect(seen.toStop).toEqual([]);
    expect(addRequestUrl("Acme Windows & Doors")).toBe("/requests/add?senderName=Acme+Windows+%26+Doors");
  });

  it("puts every “Current Resident” piece on one line that offers nothing, whoever mailed it", () => {
    const seen = seenInMail(
      [
        group({ residentMail: true, pieces: 2, lastOn: "2026-11-21" }),
        group({ residentMail: true, templateId: null, catalogName: null, senderName: "Valpak", lastOn: "2026-11-23" }),
      ],
      [],
    );
    expect(seen.toStop).toEqual([]);
    expect(seen.alsoSeen).toEqual([]);
    expect(seen.resident).toEqual({ pieces: 3, lastOn: "2026-11-23" });
    expect(residentMailText(seen.resident!)).toMatch(
      /^Addressed to “Current Resident”: 3 pieces, last on 11\/23\/2026\. Mail sent to every address on a carrier's route/,
    );
    expect(residentMailText({ pieces: 1, lastOn: "2026-11-23" })).toMatch(/^Addressed to “Current Resident”: 1 piece on 11\/23\/2026\./);
    expect(residentMailText(seen.resident!)).toContain("a request cannot stop it, and we never charge for one");
  });

  it("shows the latest first", () => {
    const seen = seenInMail(
      [
        group({ templateId: "a", catalogName: "A", lastOn: "2026-10-01" }),
        group({ templateId: "b", catalogName: "B", lastOn: "2026-11-01" }),
      ],
      [],
    );
    expect(seen.toStop.map((sender) => sender.templateId)).toEqual(["b", "a"]);
  });
});

describe("the words", () => {
  it("writes a day as the cards do, without moving it across a time zone", () => {
    expect(dayText("2026-01-02")).toBe("01/02/2026");
    expect(seenLead({ pieces: 1, lastOn: "2026-11-24" })).toBe("Seen in your mail on 11/24/2026");
  });

  it("names how a piece was seen, for the history", () => {
    expect(pieceSeenText("digest")).toBe("Seen in your mail (Informed Delivery)");
    expect(pieceSeenText("photo")).toBe("Seen in your mail (photo)");
    expect(pieceSeenText("email")).toBe("Seen in your mail (photo by email)");
  });
});

describe("a card's pieces seen", () => {
  const sentAt = new Date(now.getTime() - 20 * DAY_MS);
  const sent = { senderName: "Epsilon", status: "inQueue" as const, processedAt: sentAt, stillComingAt: null };
  const clock = { mailStopsBy: new Date("2027-01-21T15:00:00Z") };
  const said = (...args: Parameters<typeof cardSeenText>) => {
    const seen = cardSeenText(...args);
    return seen && [seen.text, seen.next].filter(Boolean).join(" ");
  };

  it("says pieces before the mail should stop are expected, with that day", () => {
    expect(said(sent, { sinceRequest: 2, lastOn: "2026-11-24" }, clock, { timeZone, now })).toBe(
      "2 pieces seen since your request, the last on 11/24/2026. Expected: mail printed before your request can keep coming until 01/21/2027.",
    );
    expect(said({ ...sent, processedAt: null }, { sinceRequest: 1, lastOn: "2026-11-24" }, null, { timeZone, now })).toBe(
      "1 piece seen since your request, the last on 11/24/2026. Expected: mail printed before can keep coming for up to 8 weeks after Epsilon gets your request.",
    );
  });

  it("says nothing without pieces since the request, or for a request not sent", () => {
    expect(said(sent, { sinceRequest: 0, lastOn: "2026-10-01" }, clock, { timeZone, now })).toBeNull();
    expect(said(sent, null, clock, { timeZone, now })).toBeNull();
    // After the day it should have stopped, with nothing marked still coming: the count alone.
    expect(said(sent, { sinceRequest: 1, lastOn: "2027-01-20" }, { mailStopsBy: now }, { timeZone, now })).toBe(
      "1 piece seen since your request, the last on 01/20/2027.",
    );
    expect(said({ ...sent, status: null }, { sinceRequest: 2, lastOn: "2026-11-24" }, null, { timeZone, now })).toBeNull();
  });

  it("says still coming after the day it should have stopped, and what sending it again does", () => {
    const late = { ...sent, stillComingAt: now };
    expect(isStillComing(late)).toBe(true);
    expect(said(late, { sinceRequest: 3, lastOn: "2027-02-03" }, clock, { timeZone, now })).toBe(
      "Still coming: seen in your mail on 02/03/2027, after it should have stopped. “Send it again” sends Epsilon a second request, free, citing the first.",
    );
    expect(said({ ...late, status: "confirmedByUser" }, null, null, { timeZone, now })).toContain(
      "“Mail came back” sends Epsilon a second request",
    );
    expect(said({ ...late, followUpStep: 1 }, null, null, { timeZone, now })).toContain("under your state's privacy law");
    expect(said({ ...late, followUpStep: 1, followUpHold: "permissionNeeded" }, null, null, { timeZone, now })).toContain(
      "Once you sign your permission, we ask Epsilon under your state's privacy law.",
    );
    expect(said({ ...late, followUpStep: 3 }, null, null, { timeZone, now })).toContain("puts it back with our staff");
    expect(cardSeenText(late, null, clock, { timeZone, now })?.text).toBe("Still coming: seen in your mail, after it should have stopped.");
  });

  it("forgets a piece that came before the request was sent again", () => {
    expect(isStillComing({ status: "inQueue", processedAt: now, stillComingAt: sentAt })).toBe(false);
    expect(isStillComing({ status: "inQueue", processedAt: null, stillComingAt: sentAt })).toBe(false);
    expect(isStillComing({ status: "cancelled", processedAt: sentAt, stillComingAt: now })).toBe(false);
  });
});
