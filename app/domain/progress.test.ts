import { describe, expect, it } from "vitest";
import {
  mailAvoidedEstimate,
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
