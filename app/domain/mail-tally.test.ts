import { describe, expect, it } from "vitest";
import {
  DAYS_KEPT,
  emptyTally,
  foldPieces,
  latestRealPiece,
  matchedPerDay,
  nameKeyOf,
  pieceGroupsOf,
  piecesOfRequest,
  piecesPerDaySince,
  seenOnOf,
  joinTally,
  splitTally,
  type PieceToFold,
} from "~/domain/mail-tally";
import { DIGEST_REPEAT_DAYS } from "~/domain/inbound-trust";
import { dayNumber, dayOfNumber } from "~/domain/dates";

let pieces = 0;
const piece = (fields: Partial<PieceToFold> & { arrivedOn: string }): PieceToFold => ({
  entryId: `d:${(pieces++).toString(16).padStart(16, "0")}:1`,
  source: "digest",
  authenticated: true,
  templateId: null,
  senderName: null,
  requestId: null,
  residentMail: false,
  receivedAt: new Date(`${fields.arrivedOn}T15:00:00Z`),
  ...fields,
});

describe("foldPieces", () => {
  it("counts a sender's pieces matched to no request, its last day, and the first day a real digest showed it", () => {
    const tally = foldPieces(emptyTally(), [
      piece({ arrivedOn: "2026-11-20", templateId: "acme" }),
      piece({ arrivedOn: "2026-11-10", templateId: "acme", source: "photo" }),
      piece({ arrivedOn: "2026-11-05", templateId: "acme", authenticated: false }),
    ]);
    expect(tally.s.acme).toEqual({ n: 3, l: "2026-11-20", d: "2026-11-20" });
  });

  it("keeps each matched piece's day and source, and the latest real one's evidence", () => {
    const tally = foldPieces(emptyTally(), [
      piece({ arrivedOn: "2026-11-02", templateId: "acme", requestId: "r1" }),
      piece({ arrivedOn: "2026-11-09", templateId: "acme", requestId: "r1", source: "photo" }),
      piece({ arrivedOn: "2026-11-12", templateId: "acme", requestId: "r1", authenticated: false }),
    ]);
    expect(piecesOfRequest(tally, "r1")).toEqual([
      { arrivedOn: "2026-11-12", source: "digest" },
      { arrivedOn: "2026-11-09", source: "photo" },
      { arrivedOn: "2026-11-02", source: "digest" },
    ]);
    expect(tally.r.r1!.l).toBe("2026-11-12");
    expect(tally.r.r1!.v, "an unverified piece is no evidence").toBe("2026-11-09");
    expect(latestRealPiece(tally, "r1")).toEqual({
      arrivedOn: "2026-11-09",
      source: "photo",
      receivedAt: new Date("2026-11-09T15:00:00Z"),
    });
    expect(tally.s.acme, "a real digest counts for the sender's first day, though matched").toEqual({ n: 0, l: "", d: "2026-11-02" });
  });

  it("takes a real piece's day as never later than the day it reached us", () => {
    const tally = foldPieces(emptyTally(), [
      piece({ arrivedOn: "2026-11-10", requestId: "r1", templateId: "acme", receivedAt: new Date("2026-11-09T23:00:00Z") }),
    ]);
    expect(tally.r.r1!.v).toBe("2026-11-09");
  });

  it("groups a name read only on a piece known to be real, and keeps resident mail apart", () => {
    const tally = foldPieces(emptyTally(), [
      piece({ arrivedOn: "2026-11-01", senderName: "Acme Co" }),
      piece({ arrivedOn: "2026-11-03", senderName: "ACME CO" }),
      piece({ arrivedOn: "2026-11-04", senderName: "Forged", authenticated: false }),
      piece({ arrivedOn: "2026-11-05", residentMail: true, templateId: "acme" }),
    ]);
    expect(tally.s["~acme co"]).toEqual({ n: 2, l: "2026-11-03", d: "2026-11-01", name: "ACME CO" });
    expect(tally.s[""]).toEqual({ n: 1, l: "2026-11-04" });
    expect(tally.s["~forged"]).toBeUndefined();
    expect(tally.m).toEqual({ n: 1, l: "2026-11-05" });
    expect(tally.s.acme, "resident mail of a catalog sender still shows the sender in a digest").toEqual({ n: 0, l: "", d: "2026-11-05" });
  });

  it("counts every piece per day, keeping the last DAYS_KEPT days, and leaves the tally it was given as it was", () => {
    const start = emptyTally();
    const first = foldPieces(start, [
      piece({ arrivedOn: "2026-01-01" }),
      piece({ arrivedOn: "2026-01-01" }),
      piece({ arrivedOn: "2025-12-30" }),
    ]);
    expect(start).toEqual(emptyTally());
    expect(piecesPerDaySince(first, "")).toEqual([
      { day: "2025-12-30", count: 1 },
      { day: "2026-01-01", count: 2 },
    ]);
    const later = dayOfNumber(dayNumber("2026-01-01") + DAYS_KEPT);
    const second = foldPieces(first, [piece({ arrivedOn: later })]);
    expect(second.days.n).toHaveLength(DAYS_KEPT);
    expect(piecesPerDaySince(second, "")).toEqual([{ day: later, count: 1 }]);
    expect(piecesPerDaySince(first, "2026-01-01")).toEqual([{ day: "2026-01-01", count: 2 }]);
  });

  it("keys a name as SQLite's lower(trim(…)) does: spaces trimmed, ASCII letters lowercased, no double quote", () => {
    expect(nameKeyOf('  Acme "Co" ÉTÉ ')).toBe("~acme co ÉtÉ");
  });

  it("gives the mailbox's last seen day from real pieces only", () => {
    expect(seenOnOf([piece({ arrivedOn: "2026-11-10", authenticated: false })], "2026-11-01")).toBe("2026-11-01");
    expect(seenOnOf([piece({ arrivedOn: "2026-11-10" })], "2026-11-01")).toBe("2026-11-10");
  });
});

describe("what the pages read of a tally", () => {
  const tally = foldPieces(emptyTally(), [
    piece({ arrivedOn: "2026-10-01", templateId: "acme" }),
    piece({ arrivedOn: "2026-11-02", templateId: "acme", requestId: "r1" }),
    piece({ arrivedOn: "2026-11-02", templateId: "acme", requestId: "r1" }),
    piece({ arrivedOn: "2026-11-20", templateId: "acme", requestId: "r1" }),
    piece({ arrivedOn: "2026-11-21", residentMail: true }),
  ]);

  it("groups them as the dashboard does, counting a request's pieces from the day it was queued", () => {
    const groups = pieceGroupsOf(tally, new Map([["acme", { title: "Acme", consumerFiles: false }]]), [
      { id: "r1", queuedAt: new Date("2026-11-10T12:00:00Z") },
    ]);
    expect(groups).toEqual([
      {
        templateId: "acme",
        catalogName: "Acme",
        consumerFiles: false,
        senderName: null,
        requestId: null,
        residentMail: false,
        pieces: 1,
        lastOn: "2026-10-01",
        sinceRequest: 0,
      },
      {
        templateId: "acme",
        catalogName: "Acme",
        consumerFiles: false,
        senderName: null,
        requestId: "r1",
        residentMail: false,
        pieces: 3,
        lastOn: "2026-11-20",
        sinceRequest: 1,
      },
      expect.objectContaining({ templateId: null, requestId: null, residentMail: true, pieces: 1, lastOn: "2026-11-21" }),
    ]);
  });

  it("counts a request's pieces per day", () => {
    expect(matchedPerDay(tally)).toEqual([
      { requestId: "r1", day: "2026-11-02", count: 2 },
      { requestId: "r1", day: "2026-11-20", count: 1 },
    ]);
  });
});

describe("the digests a tally remembers", () => {
  const digestPiece = (key: string, index: number, receivedOn: string) =>
    piece({ entryId: `d:${key}:${index}`, arrivedOn: receivedOn, receivedAt: new Date(`${receivedOn}T15:00:00Z`) });

  it("keeps each digest's message key once, with the day it reached us, and never a photo's", () => {
    const tally = foldPieces(emptyTally(), [
      digestPiece("aaaaaaaaaaaaaaaa", 1, "2026-11-20"),
      digestPiece("aaaaaaaaaaaaaaaa", 2, "2026-11-20"),
      piece({ entryId: "p:photo-1", arrivedOn: "2026-11-20" }),
    ]);
    expect(tally.x).toEqual({ aaaaaaaaaaaaaaaa: dayNumber("2026-11-20") });
  });

  it(`forgets a digest ${DIGEST_REPEAT_DAYS} days older than the latest, when a copy of it would be refused for its day`, () => {
    const latest = "2026-11-20";
    const kept = dayOfNumber(dayNumber(latest) - DIGEST_REPEAT_DAYS);
    const forgotten = dayOfNumber(dayNumber(latest) - DIGEST_REPEAT_DAYS - 1);
    const first = foldPieces(emptyTally(), [digestPiece("bbbbbbbbbbbbbbbb", 1, forgotten), digestPiece("cccccccccccccccc", 1, kept)]);
    expect(Object.keys(first.x ?? {}).sort()).toEqual(["bbbbbbbbbbbbbbbb", "cccccccccccccccc"]);
    const next = foldPieces(first, [digestPiece("dddddddddddddddd", 1, latest)]);
    expect(Object.keys(next.x ?? {}).sort()).toEqual(["cccccccccccccccc", "dddddddddddddddd"]);
  });
});

describe("a tally in two parts", () => {
  const tally = foldPieces(emptyTally(), [
    piece({ arrivedOn: "2026-11-02", templateId: "acme", requestId: "r1" }),
    piece({ arrivedOn: "2026-11-03", templateId: "acme", requestId: "r1", authenticated: false }),
    piece({ arrivedOn: "2026-11-04", templateId: "globex" }),
    piece({ arrivedOn: "2026-11-05", templateId: "initech", authenticated: false, source: "photo" }),
    piece({ arrivedOn: "2026-11-06", senderName: "Corner Pizza" }),
    piece({ arrivedOn: "2026-11-07", residentMail: true }),
    piece({ arrivedOn: "2026-11-08", templateId: "hooli", requestId: "r2", authenticated: false }),
  ]);

  it("is whole again once joined, the senders in their order", () => {
    const { facts, rest } = splitTally(tally);
    const joined = joinTally(JSON.parse(JSON.stringify(facts)), JSON.parse(JSON.stringify(rest)));
    expect(joined).toEqual(tally);
    expect(Object.keys(joined.s)).toEqual(Object.keys(tally.s));
  });

  it("keeps in the facts what the walks read, and no piece list or count", () => {
    const { facts, rest } = splitTally(tally);
    expect(facts.s).toEqual({
      acme: dayNumber("2026-11-02"),
      globex: dayNumber("2026-11-04"),
      initech: 0,
      "~corner pizza": dayNumber("2026-11-06"),
    });
    expect(facts.r).toEqual({ r1: { l: "2026-11-03", v: "2026-11-02" }, r2: { l: "2026-11-08" } });
    expect(facts.x).toEqual(tally.x);
    expect(rest.s).toEqual({ globex: [1, "2026-11-04"], initech: [1, "2026-11-05"], "~corner pizza": [1, "2026-11-06", "Corner Pizza"] });
    expect(rest.r).toEqual({
      r1: ["acme", tally.r.r1!.p, ["2026-11-02", "digest", Date.parse("2026-11-02T15:00:00Z")]],
      r2: ["hooli", tally.r.r2!.p],
    });
  });
});
