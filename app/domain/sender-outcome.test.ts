import { describe, expect, it } from "vitest";
import { DAY_MS } from "~/domain/dates";
import {
  daysToLastPiece,
  isVerifiedStopped,
  learnedStopDays,
  MIN_CASES,
  outcomeOf,
  percentile,
  senderOutcomeText,
  VERIFY_QUIET_DAYS,
  type StopEvidence,
} from "~/domain/sender-outcome";

const processedAt = new Date("2026-01-05T15:00:00Z");
const mailStopsBy = new Date(processedAt.getTime() + 56 * DAY_MS); // 2026-03-02
const sent: StopEvidence = {
  status: "inQueue",
  processedAt,
  stillComingAt: null,
  followUpStep: 0,
  mailStopsBy,
  lastPieceOn: null,
  mailboxSeenOn: null,
  digestShowedSender: true,
};

describe("senderOutcomeText", () => {
  it("says nothing below the minimum of cases", () => {
    expect(senderOutcomeText({ cases: MIN_CASES - 1, stopped: 9, medianDays: 60, p90Days: 80 })).toBeNull();
    expect(senderOutcomeText(null)).toBeNull();
  });

  it("gives the share with its count, and the weeks from the median days", () => {
    expect(senderOutcomeText({ cases: 10, stopped: 8, medianDays: 60, p90Days: 80 })).toBe(
      "Stopped for 8 of 10 people, usually within 9 weeks.",
    );
    expect(senderOutcomeText({ cases: 12, stopped: 3, medianDays: 5, p90Days: 6 })).toBe(
      "Stopped for 3 of 12 people, usually within 1 week.",
    );
    expect(senderOutcomeText({ cases: 10, stopped: 0, medianDays: null, p90Days: null })).toBe("Stopped for 0 of 10 people.");
  });
});

describe("learnedStopDays", () => {
  it("uses the 90th percentile only from the minimum of cases", () => {
    expect(learnedStopDays({ cases: 9, p90Days: 70 })).toBeNull();
    expect(learnedStopDays({ cases: 10, p90Days: 70 })).toBe(70);
    expect(learnedStopDays({ cases: 10, p90Days: null })).toBeNull();
  });
});

describe("isVerifiedStopped", () => {
  it("counts the person's word", () => {
    expect(isVerifiedStopped({ ...sent, status: "confirmedByUser" })).toBe(true);
  });

  it("counts a watched mailbox quiet of the sender for two weeks after the mail should have stopped", () => {
    expect(VERIFY_QUIET_DAYS).toBe(14);
    expect(isVerifiedStopped({ ...sent, mailboxSeenOn: "2026-03-16" })).toBe(true);
    expect(isVerifiedStopped({ ...sent, mailboxSeenOn: "2026-03-16", lastPieceOn: "2026-02-20" })).toBe(true);
  });

  it("does not count a mailbox not seen long enough after, a piece after, or a request still coming", () => {
    expect(isVerifiedStopped({ ...sent, mailboxSeenOn: "2026-03-15" })).toBe(false);
    expect(isVerifiedStopped({ ...sent, mailboxSeenOn: null })).toBe(false);
    expect(isVerifiedStopped({ ...sent, mailboxSeenOn: "2026-04-01", lastPieceOn: "2026-03-03" })).toBe(false);
    expect(isVerifiedStopped({ ...sent, mailboxSeenOn: "2026-04-01", stillComingAt: new Date("2026-03-03T12:00:00Z") })).toBe(false);
    expect(isVerifiedStopped({ ...sent, mailboxSeenOn: "2026-04-01", status: "cancelled" })).toBe(false);
    expect(isVerifiedStopped({ ...sent, mailboxSeenOn: "2026-04-01", processedAt: null, mailStopsBy: null })).toBe(false);
  });

  it("does not count the silence of digests that never showed the sender: a catalog is a flat they rarely image", () => {
    expect(isVerifiedStopped({ ...sent, mailboxSeenOn: "2026-04-01", digestShowedSender: false })).toBe(false);
    expect(isVerifiedStopped({ ...sent, status: "confirmedByUser", digestShowedSender: false }), "the person's word still counts").toBe(
      true,
    );
  });
});

describe("outcomeOf", () => {
  it("reads a follow-up or a still-coming mark as not stopped, whatever came after", () => {
    expect(outcomeOf({ ...sent, followUpStep: 1, status: "confirmedByUser" })).toBe("notStopped");
    expect(outcomeOf({ ...sent, stillComingAt: new Date("2026-03-03T12:00:00Z") })).toBe("notStopped");
  });

  it("reads a verified stop as stopped, and anything else as not known yet", () => {
    expect(outcomeOf({ ...sent, status: "confirmedByUser" })).toBe("stopped");
    expect(outcomeOf({ ...sent, mailboxSeenOn: "2026-03-20" })).toBe("stopped");
    expect(outcomeOf(sent)).toBeNull();
  });
});

describe("percentile and days", () => {
  it("takes the nearest rank", () => {
    const days = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    expect(percentile(days, 0.5)).toBe(50);
    expect(percentile(days, 0.9)).toBe(90);
    expect(percentile([7], 0.9)).toBe(7);
    expect(percentile([], 0.5)).toBeNull();
  });

  it("counts whole days from the request reaching the sender to the last piece, never below zero", () => {
    expect(daysToLastPiece(processedAt, "2026-02-04")).toBe(30);
    expect(daysToLastPiece(processedAt, "2026-01-01")).toBe(0);
  });
});
