import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { DIGEST_FROM, digestEmail, type GeneratedDigest } from "../../test/support/digest-emails";
import { digestDate, isDigest, parseDigest, type DigestEmail } from "~/domain/informed-delivery";

const scan = (label: string) => new TextEncoder().encode(`scan of ${label}`);
const parsed = (digest: GeneratedDigest) => PostalMime.parse(digestEmail(digest));
const THREE_PIECES: GeneratedDigest = {
  to: "k3x9q@mailbox.example",
  date: "2026-11-24",
  pieces: [{ image: scan("a catalog") }, { image: scan("a campaign piece"), fromName: "Williams Sonoma" }, { image: scan("a postcard") }],
};
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("recognising a digest", () => {
  it("takes the Postal Service's digest, sent as is or forwarded automatically", async () => {
    expect(isDigest(await parsed(THREE_PIECES))).toBe(true);
  });

  it("takes a digest forwarded by hand, the original's sender in the body", async () => {
    const email = await parsed({ ...THREE_PIECES, forwardedBy: "jane@example.com" });
    expect(email.from?.address).toBe("jane@example.com");
    expect(email.subject).toMatch(/^Fwd: Your Daily Digest for Tue, 11\/24/);
    expect(isDigest(email)).toBe(true);
  });

  it("refuses other mail from the Postal Service and a digest's subject from anyone else", () => {
    const email = (from: string, subject: string, body = ""): DigestEmail => ({
      from: { address: from },
      subject,
      text: body,
      attachments: [],
    });
    expect(isDigest(email(DIGEST_FROM, "USPS® Expected Delivery on Tuesday, November 24, 2026"))).toBe(false);
    expect(isDigest(email("someone@example.com", "Your Daily Digest for Tue, 11/24 is ready to view"))).toBe(false);
    expect(
      isDigest(email("someone@example.com", "Fwd: Your Daily Digest for Tue, 11/24", "From: Mallory <mallory@usps.com.example>")),
    ).toBe(false);
    expect(isDigest(email("auto@example.com", "Your Daily Digest for Tue, 11/24 is ready to view", ""))).toBe(false);
  });
});

describe("reading a digest", () => {
  it("finds each piece's image in order, and the FROM: name above a campaign piece", async () => {
    const digest = parseDigest(await parsed(THREE_PIECES), "2026-11-25");
    expect(digest.date).toBe("2026-11-24");
    expect(digest.pieces.map((piece) => [text(piece.image.bytes), piece.image.contentType, piece.printedSender])).toEqual([
      ["scan of a catalog", "image/jpeg", null],
      ["scan of a campaign piece", "image/jpeg", "Williams Sonoma"],
      ["scan of a postcard", "image/jpeg", null],
    ]);
  });

  it("leaves out logos, icons, the banner and the ride-along ad", async () => {
    const email = await parsed(THREE_PIECES);
    // The ride-along ad is an inline image of the message like the pieces: four attachments, three pieces.
    expect(email.attachments).toHaveLength(4);
    expect(parseDigest(email, "2026-11-25").pieces).toHaveLength(3);
  });

  it("reads a digest forwarded by hand, whose images lost their ids", async () => {
    const digest = parseDigest(await parsed({ ...THREE_PIECES, forwardedBy: "jane@example.com" }), "2026-11-25");
    expect(digest.pieces.map((piece) => piece.printedSender)).toEqual([null, "Williams Sonoma", null]);
  });

  it("counts an image shown twice (wide and narrow screens) once, and takes images inlined as data", () => {
    const jpeg = btoa("inline scan");
    const html = `<img id="mailpiece-image-src-id" src="data:image/jpeg;base64,${jpeg}"><img id="mailpiece-image-src-id" src="cid:a@x">
<img id="mailpiece-image-src-id-secondary" src="cid:a@x"><img id="mailpiece-image-src-id" src="cid:missing@x">`;
    const digest = parseDigest(
      { html, attachments: [{ mimeType: "image/jpeg", contentId: "<a@x>", content: new TextEncoder().encode("scan a") }] },
      "2026-11-25",
    );
    expect(digest.pieces.map((piece) => text(piece.image.bytes))).toEqual(["inline scan", "scan a"]);
  });

  it("a digest with no piece has none", () => {
    expect(
      parseDigest(
        { html: "<p>There is one or more mailpieces for which we do not currently have an image</p>", attachments: [] },
        "2026-11-25",
      ).pieces,
    ).toEqual([]);
  });
});

describe("the digest's day", () => {
  it("is the delivery date its HTML names, else the subject's month and day in the email's year, else the day it came", () => {
    const email = (subject: string, date?: string): DigestEmail => ({ subject, date, attachments: [] });
    expect(digestDate({ html: "…deliveryDate=2026-08-17T05:00:00.000Z…", attachments: [] }, "2026-08-18")).toBe("2026-08-17");
    expect(digestDate(email("Your Daily Digest for Mon, 8/17 is ready to view", "2026-08-17T13:07:00Z"), "2026-08-18")).toBe("2026-08-17");
    // Sent on New Year's Day for the last day of the year before.
    expect(digestDate(email("Your Daily Digest for Thu, 12/31 is ready to view", "2027-01-01T13:07:00Z"), "2027-01-01")).toBe("2026-12-31");
    expect(digestDate(email("Your Daily Digest"), "2026-08-18")).toBe("2026-08-18");
  });
});
