// The one HTML tokenizer (decision 0043) and the inbound rules that read HTML through it: the work
// each does grows with the input at most linearly, counted in tokenizer steps (never timed).
import { describe, expect, it } from "vitest";
import { HTML_READ_CHARS, tokenizerSteps } from "~/domain/html-text";
import { isDigest, parseDigest } from "~/domain/informed-delivery";
import { confirmationContent } from "~/domain/mailbox";

const DIGEST_SUBJECT = "Your Daily Digest for Sun, 11/29 is ready to view";
const USPS = "USPSInformeddelivery@email.informeddelivery.usps.com";

/** Tokenizer steps one call takes. */
function stepsOf(run: () => unknown) {
  const before = tokenizerSteps();
  run();
  return tokenizerSteps() - before;
}

/** The security review's message: a digest's subject from a stranger, its HTML nothing but "<". */
const hostile = (length: number) => ({
  from: { address: "m@evil.example" },
  subject: DIGEST_SUBJECT,
  html: "<".repeat(length),
  attachments: [],
});

describe("reading hostile HTML", () => {
  it("recognising a digest takes steps in proportion to 10k and 40k '<', and never more than the first 64 KB", () => {
    const small = stepsOf(() => expect(isDigest(hostile(10_000))).toBe(false));
    const large = stepsOf(() => expect(isDigest(hostile(40_000))).toBe(false));
    expect(small).toBeGreaterThanOrEqual(10_000);
    expect(large / small).toBeLessThanOrEqual(4.2);
    const huge = stepsOf(() => expect(isDigest(hostile(15 * 1024 * 1024))).toBe(false));
    expect(huge).toBeLessThanOrEqual(3 * HTML_READ_CHARS);
  });

  it("finding a digest's pieces, and a confirmation's text, take the same bounded steps", () => {
    for (const html of ["<".repeat(40_000), "<img ".repeat(40_000), "FROM:<b>".repeat(40_000), `<img src="data:${"<".repeat(40_000)}`]) {
      const pieces = stepsOf(() => parseDigest({ html, attachments: [] }, "2026-11-29"));
      expect(pieces).toBeGreaterThan(0);
      expect(pieces).toBeLessThanOrEqual(3 * HTML_READ_CHARS);
      const confirmation = stepsOf(() => confirmationContent({ subject: "s", html }));
      expect(confirmation).toBeGreaterThan(0);
      expect(confirmation).toBeLessThanOrEqual(3 * HTML_READ_CHARS);
    }
  });

  it("a hand-forward's From: line is looked for only in the HTML's first 64 KB", () => {
    const forwarded = (padding: number) => ({
      from: { address: "jane@example.com" },
      subject: `Fwd: ${DIGEST_SUBJECT}`,
      html: `${"<b></b>".repeat(padding)}<div>From: USPS Informed Delivery &lt;${USPS}&gt;<br>Subject: ${DIGEST_SUBJECT}</div>`,
      attachments: [],
    });
    expect(isDigest(forwarded(10))).toBe(true);
    expect(isDigest(forwarded(HTML_READ_CHARS / 7 + 1))).toBe(false);
  });

  it("a From: line of a long run of address characters with no @ is read in one pass", () => {
    const text = `From: ${"a".repeat(3_900)}\nFrom: USPS <${USPS}>`;
    expect(isDigest({ from: { address: "jane@example.com" }, subject: `Fwd: ${DIGEST_SUBJECT}`, text, attachments: [] })).toBe(true);
  });
});
