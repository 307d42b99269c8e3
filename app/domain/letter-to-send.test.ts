import { describe, expect, it } from "vitest";
import type { SenderChannel } from "../../drizzle/schema";
import {
  LETTER_EMAIL_SUBJECT,
  letterFileName,
  letterMailto,
  letterText,
  letterToSend,
  MAILTO_MAX_LENGTH,
  PASTE_LETTER_BODY,
  senderPostalAddress,
  withCrlf,
} from "~/domain/letter-to-send";
import { letterOfRequest, type RequestForLetter } from "~/domain/opt-out-letter";
import { postalLines } from "~/domain/work-queue";

const EPSILON: SenderChannel[] = [
  { kind: "web", value: "https://legal.epsilon.com/dsr/" },
  { kind: "email", value: "optout@epsilon.com" },
  { kind: "mail", value: "Epsilon, Attention: Privacy, P.O. Box 1478, Broomfield, CO 80038" },
];

const request: RequestForLetter = {
  senderName: "Epsilon",
  fullName: "Jane Q Doe",
  street1: "12 N MAIN ST",
  street2: null,
  city: "SPRINGFIELD",
  state: "IL",
  zipCode: "62701",
  customerNumber: null,
  keyCode: null,
  recipientIds: null,
  queuedAt: new Date("2026-11-23T17:00:00Z"),
};
const options = { today: new Date("2026-12-01T17:00:00Z"), timeZone: "America/Chicago" };

describe("senderPostalAddress", () => {
  it("lays out the catalog's postal address as the staff print batch does", () => {
    expect(senderPostalAddress(EPSILON)).toEqual(["Epsilon", "Attention: Privacy", "P.O. Box 1478", "Broomfield, CO 80038"]);
    expect(senderPostalAddress(EPSILON)).toEqual(postalLines(EPSILON[2]!.value));
  });

  it("is null when the catalog has no postal address, or the sender is not in the catalog", () => {
    expect(senderPostalAddress([{ kind: "email", value: "privacy@zetaglobal.com" }])).toBeNull();
    expect(senderPostalAddress([{ kind: "mail", value: "  " }])).toBeNull();
    expect(senderPostalAddress([])).toBeNull();
    expect(senderPostalAddress(null)).toBeNull();
  });
});

describe("letterToSend and letterText", () => {
  it("is the request's letter with the sender's address and email from the catalog", () => {
    const sent = letterToSend({ ...request, channels: EPSILON }, [], options);
    expect(sent.letter).toBe(letterOfRequest(request, [], options));
    expect(sent.senderEmail).toBe("optout@epsilon.com");
    expect(sent.recipientAddress).toHaveLength(4);
  });

  it("puts the address block at the top, a blank line before the letter", () => {
    const sent = letterToSend({ ...request, channels: EPSILON }, [], options);
    const text = letterText(sent);
    expect(text.split("\n").slice(0, 6)).toEqual([
      "Epsilon",
      "Attention: Privacy",
      "P.O. Box 1478",
      "Broomfield, CO 80038",
      "",
      "11/23/2026",
    ]);
    expect(text.endsWith(sent.letter)).toBe(true);
  });

  it("is the letter alone when the catalog has no postal address: no made-up block", () => {
    const sent = letterToSend({ ...request, senderName: "Garden Goods", channels: null }, [], options);
    expect(sent.recipientAddress).toBeNull();
    expect(sent.senderEmail).toBeNull();
    expect(letterText(sent)).toBe(sent.letter);
  });

  it("never names anyone but the request's people", () => {
    const recipients = [
      { id: "r1", fullName: "Ada King", street1: "12 N MAIN ST", street2: null, city: "SPRINGFIELD", state: "IL", zipCode: "62701" },
    ];
    const text = letterText(letterToSend({ ...request, recipientIds: [], channels: EPSILON }, recipients, options));
    expect(text).not.toContain("Ada King");
  });
});

describe("withCrlf", () => {
  it("turns every line break into CRLF, once", () => {
    expect(withCrlf("a\nb\n\nc")).toBe("a\r\nb\r\n\r\nc");
    expect(withCrlf("a\r\nb")).toBe("a\r\nb");
  });
});

describe("letterFileName", () => {
  it("is the sender's name as a lower-case slug", () => {
    expect(letterFileName("Epsilon (Abacus catalog cooperative)")).toBe("opt-out-letter-epsilon-abacus-catalog-cooperative.txt");
    expect(letterFileName("Crème Brûlée & Co.")).toBe("opt-out-letter-creme-brulee-co.txt");
  });

  it("keeps nothing that could break the Content-Disposition header", () => {
    const name = letterFileName('Evil"\r\nSet-Cookie: a=b; filename="x.exe');
    expect(name).toMatch(/^opt-out-letter-[a-z0-9-]+\.txt$/);
    expect(name).toBe("opt-out-letter-evil-set-cookie-a-b-filename-x-exe.txt");
  });

  it("falls back to a plain name when nothing is left, and stays short", () => {
    expect(letterFileName("日本語 ✉")).toBe("opt-out-letter-sender.txt");
    expect(letterFileName("")).toBe("opt-out-letter-sender.txt");
    const long = letterFileName(`${"a".repeat(59)} ${"b".repeat(100)}`);
    expect(long).toBe(`opt-out-letter-${"a".repeat(59)}.txt`);
  });
});

describe("letterMailto", () => {
  const decode = (href: string) => {
    const [address, query] = href.slice("mailto:".length).split("?");
    const params = new URLSearchParams(query);
    return { address, subject: params.get("subject"), body: params.get("body") };
  };

  it("fills in the subject and the letter, CRLF line breaks, encoded", () => {
    const letter = "11/23/2026\n\nTo Acme & Sons:\n\nPlease remove me? 100% sure #1";
    const { href, complete } = letterMailto("optout@epsilon.com", letter);
    expect(complete).toBe(true);
    expect(href).toMatch(/^mailto:optout@epsilon\.com\?subject=Please%20add%20me/);
    expect(href).not.toMatch(/[\n\r ]/);
    expect(decode(href)).toEqual({ address: "optout@epsilon.com", subject: LETTER_EMAIL_SUBJECT, body: withCrlf(letter) });
    expect(href).toContain("%0D%0A");
  });

  it("fills in a real letter whole", () => {
    const letter = letterOfRequest(request, [], options);
    const { href, complete } = letterMailto("optout@epsilon.com", letter);
    expect(complete).toBe(true);
    expect(href.length).toBeLessThanOrEqual(MAILTO_MAX_LENGTH);
    expect(decode(href).body).toBe(withCrlf(letter));
  });

  it("asks for the letter to be pasted when the link would be too long for some mail programs", () => {
    const letter = "Please remove my name. ".repeat(120);
    const { href, complete } = letterMailto("optout@epsilon.com", letter);
    expect(complete).toBe(false);
    expect(href.length).toBeLessThanOrEqual(MAILTO_MAX_LENGTH);
    expect(decode(href)).toEqual({ address: "optout@epsilon.com", subject: LETTER_EMAIL_SUBJECT, body: PASTE_LETTER_BODY });
  });

  it("cannot add headers or recipients through the address", () => {
    const { href } = letterMailto("a@b.com?cc=evil@x.com&bcc=y@z.com", "Hi");
    expect(decode(href).address).toBe("a@b.com%3Fcc%3Devil@x.com%26bcc%3Dy@z.com");
    expect(new URLSearchParams(href.split("?")[1]).get("cc")).toBeNull();
  });
});
