import { describe, expect, it } from "vitest";
import { htmlToText } from "~/domain/html-text";
import { EMPTY_REPLY_TEXT, REPLY_TEXT_LIMIT, replyText } from "~/domain/reply-text";

describe("a reply's text", () => {
  it("keeps the sender's words and drops the quoted letter with its attribution line", () => {
    const text = [
      "Hello,",
      "",
      "We have removed Ada Lovelace from our mailing lists.",
      "Please allow 6 weeks.  ",
      "",
      "On Mon, Nov 2, 2026 at 10:04 AM Quiet Mailbox <hello@quietmailbox.com> wrote:",
      "> Please remove Ada Lovelace from your mailing lists.",
      ">",
      "> > an older quote",
    ].join("\r\n");
    expect(replyText({ text })).toBe("Hello,\n\nWe have removed Ada Lovelace from our mailing lists.\nPlease allow 6 weeks.");
  });

  it("drops an attribution wrapped over two lines, and keeps answers written between quotes", () => {
    const text = [
      "On Mon, Nov 2, 2026 at 10:04 AM Quiet Mailbox <",
      "hello@quietmailbox.com> wrote:",
      "> Customer number: K-1",
      "We found no such number.",
      "> Address: 12 Main St",
      "That address is removed.",
    ].join("\n");
    expect(replyText({ text })).toBe("We found no such number.\nThat address is removed.");
  });

  it("keeps a line that only mentions writing", () => {
    expect(replyText({ text: "Our records show you wrote:\nnothing before today." })).toBe(
      "Our records show you wrote:\nnothing before today.",
    );
  });

  it("drops the earlier message below an Original Message separator or Outlook's rule", () => {
    expect(replyText({ text: "Done.\n\n-----Original Message-----\nFrom: Quiet Mailbox\nPlease remove…" })).toBe("Done.");
    expect(replyText({ text: "Done.\n________________________________\nFrom: Quiet Mailbox <hello@quietmailbox.com>\nSent: Monday" })).toBe(
      "Done.",
    );
  });

  it("reads an HTML-only reply as text, without its quote, styles or scripts", () => {
    const html = `<!DOCTYPE html><html><head><title>Re</title><style>p{color:red}</style></head><body>
      <p>Hello,</p><p>We removed <b>Ada</b> &amp; her household.<br>Regards,&nbsp;Acxiom</p>
      <script>alert(1)</script><!-- tracking <b>pixel</b> -->
      <ul><li>one</li><li>two</li></ul>
      <div class="gmail_quote"><div class="gmail_attr">On Mon, Nov 2, 2026 Quiet Mailbox &lt;hello@quietmailbox.com&gt; wrote:<br></div>
      <blockquote class="gmail_quote">Please remove <blockquote>nested</blockquote> Ada</blockquote></div>
      <p>&#8220;Thanks&#x201D; &bogus; &#99999999;</p></body></html>`;
    expect(replyText({ html })).toBe(
      "Hello,\n\nWe removed Ada & her household.\nRegards, Acxiom\n\n- one\n- two\n\n“Thanks” &bogus; &#99999999;",
    );
  });

  it("cuts Outlook's HTML quote at its rule", () => {
    const html = `<div>Removed.</div><hr style="display:inline-block"><div id="divRplyFwdMsg"><b>From:</b> Quiet Mailbox<br><b>Sent:</b> Monday</div><div>Please remove Ada</div>`;
    expect(replyText({ html })).toBe("Removed.");
  });

  it("prefers the text part to the HTML one", () => {
    expect(replyText({ text: "Plain words.", html: "<p>Rich words.</p>" })).toBe("Plain words.");
    expect(replyText({ text: "  \n ", html: "<p>Rich words.</p>" })).toBe("Rich words.");
  });

  it("says when a reply has no text of its own, and names what was attached", () => {
    expect(replyText({})).toBe(EMPTY_REPLY_TEXT);
    expect(replyText({ text: "> only the quote\n" })).toBe(EMPTY_REPLY_TEXT);
    expect(replyText({ html: "<p> </p>", attachmentNames: ["confirmation.pdf", "scan 2.png"] })).toBe(
      `${EMPTY_REPLY_TEXT}\nAttachments (not kept): confirmation.pdf, scan 2.png.`,
    );
    expect(replyText({ text: "See attached.", attachmentNames: ["a.pdf"] })).toBe("See attached.\n\nAttachments (not kept): a.pdf.");
    const many = Array.from({ length: 12 }, (_, index) => `file-${index}.pdf`);
    expect(replyText({ text: "Many.", attachmentNames: many })).toMatch(/file-9\.pdf and 2 more\.$/);
  });

  it("caps a long reply with an ellipsis, without cutting a character in half", () => {
    const long = replyText({ text: "word ".repeat(2000) });
    expect(long.endsWith("word…")).toBe(true);
    expect(Array.from(long).length).toBeLessThanOrEqual(REPLY_TEXT_LIMIT + 1);
    const emoji = replyText({ text: "😀".repeat(REPLY_TEXT_LIMIT + 10) });
    expect(Array.from(emoji)).toHaveLength(REPLY_TEXT_LIMIT + 1);
    expect(emoji.endsWith("😀…")).toBe(true);
    expect(replyText({ text: "x".repeat(REPLY_TEXT_LIMIT) })).toHaveLength(REPLY_TEXT_LIMIT);
  });

  it("drops control characters and collapses runs of blank lines", () => {
    expect(replyText({ text: "One\u0000\u0007\n\n\n\n\nTwo\tthree" })).toBe("One\n\nTwo\tthree");
  });
});

describe("HTML as text", () => {
  it("takes an unclosed < as text, and huge unclosed markup in one pass", () => {
    expect(htmlToText("1 < 2 and <b>bold")).toBe("1 < 2 and bold");
    const started = performance.now();
    htmlToText("<script>".repeat(50_000) + "<!--".repeat(50_000) + "a < ".repeat(50_000));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
