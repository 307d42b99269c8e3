import { describe, expect, it } from "vitest";
import {
  beforeAndAfter,
  mailAvoidedEstimate,
  monthLabels,
  progressView,
  weekIndexOf,
  weeksEndingOn,
  type ProgressRequest,
  type ProgressSnapshot,
} from "~/domain/progress";

const today = "2026-11-28";

describe("weeksEndingOn", () => {
  it("gives 26 weeks, the last ending today, and counts each day in its week", () => {
    const weeks = weeksEndingOn(today, [
      { day: "2026-11-28", count: 2 },
      { day: "2026-11-22", count: 1 },
      { day: "2026-11-21", count: 5 },
      { day: "2026-05-31", count: 3 },
      { day: "2026-05-30", count: 9 },
    ]);
    expect(weeks).toHaveLength(26);
    expect(weeks.at(-1)).toEqual({ startsOn: "2026-11-22", count: 3 });
    expect(weeks.at(-2)).toEqual({ startsOn: "2026-11-15", count: 5 });
    expect(weeks[0]).toEqual({ startsOn: "2026-05-31", count: 3 });
    expect(weekIndexOf("2026-05-30", today)).toBeNull();
  });
});

const sent: Omit<ProgressRequest, "piecesBefore" | "piecesAfter" | "piecesInPace" | "lastPieceOn"> = {
  id: "r1",
  senderName: "Acme Catalogs",
  status: "confirmedByUser",
  processedAt: new Date("2026-09-01T15:00:00Z"),
  stillComingAt: null,
  followUpStep: 0,
  requiredDays: 30,
  outcomeCases: null,
  outcomeP90Days: null,
  digestShowedSender: true,
};

describe("progressView", () => {
  const snapshot: ProgressSnapshot = {
    requests: [
      sent,
      { ...sent, id: "r2", senderName: "Bolt Offers", status: "inQueue", followUpStep: 1 },
      { ...sent, id: "r3", senderName: "Cedar Bank", status: "inQueue", followUpStep: 3 },
      { ...sent, id: "r4", senderName: "Dune Deals", status: "inQueue", stillComingAt: new Date("2026-11-01T00:00:00Z") },
      { ...sent, id: "r5", senderName: "Elm Gifts", status: "inQueue", processedAt: new Date("2026-11-20T15:00:00Z") },
    ],
    matched: [
      { requestId: "r1", day: "2026-08-01", count: 3 },
      { requestId: "r1", day: "2026-09-01", count: 1 },
      { requestId: "r1", day: "2026-01-01", count: 4 },
    ],
    days: [{ day: "2026-09-01", count: 1 }],
    mailboxSeenOn: null,
  };

  it("counts the senders by where they stand, and each sender's pieces before and after its request", () => {
    const view = progressView(snapshot, { now: new Date("2026-11-28T17:00:00Z"), timeZone: "America/New_York" });
    expect(Object.fromEntries(view.counts.map((entry) => [entry.standing, entry.count]))).toEqual({
      stopped: 1,
      stillComing: 1,
      followedUp: 1,
      escalated: 1,
      waiting: 1,
    });
    expect(view.senders[0]).toMatchObject({ senderName: "Acme Catalogs", standing: "Stopped", piecesBefore: 7, piecesAfter: 1 });
    expect(view.chart.marks).toHaveLength(5);
    expect(view.empty).toBe(false);
  });

  it("states the mail avoided as an estimate, from the pieces in the 26 weeks before the stopped requests", () => {
    const view = progressView(snapshot, { now: new Date("2026-11-28T17:00:00Z"), timeZone: "America/New_York" });
    expect(view.estimate?.perYear).toBe(6);
    expect(view.estimate?.basis).toMatch(/^An estimate: 3 pieces from 1 stopped sender came in the 26 weeks before your request/);
  });

  it("is empty without requests or pieces, and estimates nothing without pieces before", () => {
    expect(progressView({ requests: [], matched: [], days: [], mailboxSeenOn: null }, { now: new Date(), timeZone: "UTC" }).empty).toBe(
      true,
    );
    expect(mailAvoidedEstimate([])).toBeNull();
  });
});

describe("monthLabels", () => {
  it("names each month under the week it begins in, and the first week's month when there is room", () => {
    // The 26 weeks ending 11/28/2026 start on 05/31/2026: June begins in the first week.
    expect(monthLabels(weeksEndingOn(today, []))).toEqual([
      { week: 0, label: "Jun" },
      { week: 4, label: "Jul" },
      { week: 8, label: "Aug" },
      { week: 13, label: "Sep" },
      { week: 17, label: "Oct" },
      { week: 22, label: "Nov" },
    ]);
    // Starting mid-month, the first week's month is named when the next is three weeks away or more.
    expect(monthLabels(weeksEndingOn("2026-11-03", [])).slice(0, 2)).toEqual([
      { week: 0, label: "May" },
      { week: 3, label: "Jun" },
    ]);
    // June begins in the third week: too little room to name May as well.
    expect(monthLabels(weeksEndingOn("2026-11-10", []))[0]).toEqual({ week: 2, label: "Jun" });
  });
});

describe("beforeAndAfter", () => {
  const days = [
    { day: "2026-07-06", count: 4 }, // the day before the 8 weeks
    { day: "2026-07-20", count: 5 },
    { day: "2026-08-31", count: 7 },
    { day: "2026-09-01", count: 2 },
    { day: "2026-10-26", count: 1 },
    { day: "2026-10-27", count: 6 }, // after the 8 weeks
  ];

  it("compares the 8 weeks before the first request with the 8 weeks after it", () => {
    expect(beforeAndAfter(days, "2026-09-01", today)).toBe(
      "12 pieces in the 8 weeks before your first request on 09/01/2026, 3 in the 8 weeks after.",
    );
  });

  it("compares as many days before as have passed since, when that is fewer than 8 weeks", () => {
    expect(beforeAndAfter([...days, { day: "2026-11-28", count: 1 }], "2026-11-19", today)).toBe(
      "0 pieces in the 10 days before your first request on 11/19/2026, 1 in the 10 days since.",
    );
    expect(beforeAndAfter([{ day: "2026-11-10", count: 1 }], "2026-11-15", today)).toBe(
      "1 piece in the 2 weeks before your first request on 11/15/2026, 0 in the 2 weeks since.",
    );
  });

  it("says when no request went out, or the first went out before the chart's weeks", () => {
    expect(beforeAndAfter(days, null, today)).toBe("No request has gone out yet.");
    expect(beforeAndAfter(days, "2026-03-02", today)).toBe("Your first request went out on 03/02/2026, before these 26 weeks.");
  });
});

describe("progressView's chart", () => {
  it("says in one description the pieces in the 26 weeks and before and after the first request", () => {
    const view = progressView(
      {
        requests: [sent, { ...sent, id: "r2", processedAt: new Date("2026-10-01T15:00:00Z") }],
        matched: [],
        days: [
          { day: "2026-04-20", count: 9 }, // before the chart and the 8 weeks before the first request
          { day: "2026-08-20", count: 3 },
          { day: "2026-09-10", count: 1 },
        ],
        mailboxSeenOn: null,
      },
      { now: new Date("2026-11-28T17:00:00Z"), timeZone: "America/New_York" },
    );
    expect(view.chart.description).toBe(
      "4 pieces seen in your mail in the last 26 weeks, the most in one week 3. " +
        "3 pieces in the 8 weeks before your first request on 09/01/2026, 1 in the 8 weeks after.",
    );
    expect(view.chart.months).toHaveLength(6);
  });
});
