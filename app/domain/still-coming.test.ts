import { describe, expect, it } from "vitest";
import { reportRefusal, stillComingEvidence, stillComingEvidenceText, unverifiedPiecesToAsk } from "~/domain/still-coming";

const sentAt = new Date("2026-10-01T15:00:00Z");
const request = {
  senderName: "Acme",
  status: "inQueue" as const,
  consumerFiles: false,
  takes: null,
  requiredDays: 30,
  queuedAt: sentAt,
  processedAt: sentAt,
  followUpStep: 0,
  followUpHold: null,
  letter: null,
  learnedDays: null,
};
const tz = "America/Chicago";

describe("reportRefusal", () => {
  it("refuses a report before mail printed before the request should have stopped, saying when we ask again, and takes it then", () => {
    const refusal =
      "That mail was printed before your request; we ask again on 11/26/2026, when mail from Acme should have stopped coming.";
    expect(reportRefusal(request, sentAt, tz)).toBe(refusal);
    // The sender's days to act are over on 10/31, but mail it printed before may still come.
    expect(reportRefusal(request, new Date("2026-10-31T16:00:00Z"), tz)).toBe(refusal);
    expect(reportRefusal(request, new Date("2026-11-26T14:59:59Z"), tz)).toBe(refusal);
    expect(reportRefusal(request, new Date("2026-11-26T15:00:00Z"), tz)).toBeNull();
  });

  it("asks again on the date the sender's learned days give", () => {
    expect(reportRefusal({ ...request, learnedDays: 84 }, new Date("2026-12-01T16:00:00Z"), tz)).toMatch(/we ask again on 12\/24\/2026,/);
    expect(reportRefusal({ ...request, learnedDays: 84 }, new Date("2026-12-24T15:00:00Z"), tz)).toBeNull();
  });

  it("starts the clock when a letter reached the sender, and again at each new sending", () => {
    const letter = { deliveredAt: new Date("2026-10-10T15:00:00Z"), expectedDeliveryDate: null };
    expect(reportRefusal({ ...request, letter }, new Date("2026-11-01T16:00:00Z"), tz)).toMatch(/we ask again on 12\/05\/2026,/);
    expect(reportRefusal({ ...request, processedAt: null, followUpStep: 1 }, new Date("2027-01-01T00:00:00Z"), tz)).toMatch(
      /^Your next request to Acme has not gone out yet/,
    );
  });

  it("refuses a request never sent, and lets a stopped ladder go to staff at any time", () => {
    expect(reportRefusal({ ...request, status: null, processedAt: null, queuedAt: null }, sentAt, tz)).toMatch(/not on its way/);
    expect(reportRefusal({ ...request, followUpHold: "permissionRevoked" }, sentAt, tz)).toBeNull();
  });
});

describe("the evidence a second request cites", () => {
  it("names the piece by its day, the report as the person's own, or both, and nothing without either", () => {
    const at = new Date("2026-12-02T18:00:00Z");
    expect(stillComingEvidenceText(stillComingEvidence({ arrivedOn: "2026-12-01", source: "digest" }, null), tz)).toBe(
      "Since then, a piece from you arrived on 12/01/2026, as the Postal Service's Informed Delivery showed.",
    );
    expect(stillComingEvidenceText(stillComingEvidence(null, at), tz)).toBe(
      "Since then, your mail has still come to me, as I reported on 12/02/2026.",
    );
    expect(stillComingEvidenceText(stillComingEvidence({ arrivedOn: "2026-12-01", source: "photo" }, at), tz)).toBe(
      "Since then, a piece from you arrived on 12/01/2026, and I kept a photo of it, and I reported on 12/02/2026 that your mail still comes.",
    );
    expect(stillComingEvidenceText(stillComingEvidence(null, null), tz)).toBeNull();
  });
});

describe("unverifiedPiecesToAsk", () => {
  it("asks about pieces received since the sending and dated after the mail should have stopped", () => {
    const piece = (id: string, arrivedOn: string, receivedAt: Date) => ({
      id,
      requestId: "r1",
      source: "digest" as const,
      arrivedOn,
      receivedAt,
    });
    const pieces = [
      piece("late", "2026-12-20", new Date("2026-12-20T12:00:00Z")),
      piece("expected", "2026-11-01", new Date("2026-11-01T12:00:00Z")),
      piece("before-sending", "2026-12-20", new Date("2026-09-01T12:00:00Z")),
    ];
    const asked = unverifiedPiecesToAsk(pieces, { id: "r1", processedAt: sentAt }, new Date("2026-11-26T15:00:00Z"), tz);
    expect(asked.map((one) => one.id)).toEqual(["late"]);
  });
});
