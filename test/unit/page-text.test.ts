// The tests' page reader (test/support/page-text.ts) reads a page in one pass: what was a regular
// expression that went back over the rest of the page from every "<" left unclosed.
import { describe, expect, it } from "vitest";
import { tokenizerSteps } from "~/domain/html-text";
import { textOf } from "../support/page-text";

const MB = 1024 * 1024;

/** What textOf gives, and how many characters the tokenizer passed over to give it. */
function read(html: string) {
  const before = tokenizerSteps();
  const text = textOf(html);
  return { text, steps: tokenizerSteps() - before };
}

describe("a page's text", () => {
  it("drops tags and comments, decodes entities and folds white space", () => {
    expect(textOf(`<main><h1>Requests</h1>\n<p>Lands&#x27; End &amp; L.L.Bean<!-- --> &lt;3 pieces&gt;</p></main>`)).toBe(
      " Requests Lands' End & L.L.Bean <3 pieces> ",
    );
    expect(textOf("$<!-- -->5 a month")).toBe("$5 a month");
  });

  it.each([
    ["an unclosed “<” repeated", "<".repeat(MB)],
    ["“<a” repeated, no tag ever closed", "<a".repeat(MB / 2)],
    ["an unclosed comment opened over and over", "<!--".repeat(MB / 4)],
  ])("reads 1 MB of %s in one pass", (_, html) => {
    const { text, steps } = read(`<p>Before</p>${html}`);
    // Each character is passed over a bounded number of times (the old expression: once per "<" before it).
    expect(steps).toBeLessThanOrEqual(3 * (html.length + 12));
    // Text that never closes a tag stays text; a comment that never closes hides the rest.
    expect(text.startsWith(" Before ")).toBe(true);
    expect(text.length).toBe(html.startsWith("<!--") ? " Before ".length : " Before ".length + html.length);
  });

  it("reads 1 MB of small tags, each with its words", () => {
    const html = "<b>word</b>".repeat(MB / 11);
    const { text, steps } = read(html);
    expect(steps).toBeLessThanOrEqual(3 * html.length);
    expect(text).toBe(" word ".repeat(MB / 11).replace(/\s+/g, " "));
  });
});
