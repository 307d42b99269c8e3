// What the user reads of a sender's reply (decision 0018): the sender's own words, without the
// earlier messages a reply quotes below or between them, as plain text of bounded length.

export const REPLY_TEXT_LIMIT = 4000;
export const EMPTY_REPLY_TEXT = "(The reply had no text.)";
const LISTED_ATTACHMENTS = 10;
const ATTACHMENT_NAME_LIMIT = 100;

export type ReceivedReply = {
  text?: string | null;
  html?: string | null;
  /** File names of the attachments, which are not kept. */
  attachmentNames?: string[];
};

// What is read of a body at most: the sender's words come first, and this bounds the work a huge
// message can cause. HTML carries more markup than words.
const TEXT_READ_LIMIT = 100_000;
const HTML_READ_LIMIT = 400_000;

export function replyText({ text, html, attachmentNames = [] }: ReceivedReply): string {
  const body = text?.trim() ? text.slice(0, TEXT_READ_LIMIT) : html ? htmlToText(html.slice(0, HTML_READ_LIMIT)) : "";
  const own = capped(tidy(withoutQuotedMessages(body)), REPLY_TEXT_LIMIT);
  const attached = attachmentsLine(attachmentNames);
  if (!own) return attached ? `${EMPTY_REPLY_TEXT}\n${attached}` : EMPTY_REPLY_TEXT;
  return attached ? `${own}\n\n${attached}` : own;
}

// "-----Original Message-----" (Outlook and many webmails): the earlier message follows.
const ORIGINAL_MESSAGE = /^\s*-{2,}\s*original message\s*-{2,}\s*$/i;
// Outlook's rule of underscores before the earlier message's "From:" header.
const OUTLOOK_RULE = /^\s*_{10,}\s*$/;
const HEADER_FROM = /^\s*\*?from:/i;
// The attribution before a quote: "On Mon, Nov 2, 2026, Quiet Mailbox <…> wrote:".
const ATTRIBUTION_END = /\b(wrote|writes)\s*:\s*$/i;
const ATTRIBUTION_START = /^\s*on\s/i;
const QUOTED = /^\s*>/;

/**
 * Drops what the reply quotes: everything from an "Original Message" separator (or Outlook's rule
 * followed by "From:") down, lines that start with ">", and the "On … wrote:" line (possibly
 * wrapped over two lines) that introduces them. Text the sender wrote between quotes stays.
 */
function withoutQuotedMessages(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const earlierMessage = lines.findIndex(
    (line, index) => ORIGINAL_MESSAGE.test(line) || (OUTLOOK_RULE.test(line) && HEADER_FROM.test(nextWithText(lines, index + 1) ?? "")),
  );
  const own = earlierMessage === -1 ? lines : lines.slice(0, earlierMessage);

  const kept: string[] = [];
  for (let index = 0; index < own.length; index++) {
    const line = own[index]!;
    if (QUOTED.test(line)) continue;
    const attributionLines = ATTRIBUTION_END.test(line)
      ? 1
      : ATTRIBUTION_START.test(line) && ATTRIBUTION_END.test(own[index + 1] ?? "")
        ? 2
        : 0;
    if (attributionLines > 0 && introducesQuote(own, index + attributionLines)) {
      index += attributionLines - 1;
      continue;
    }
    kept.push(line);
  }
  return kept.join("\n");
}

function nextWithText(lines: string[], from: number): string | undefined {
  for (let index = from; index < lines.length; index++) if (lines[index]!.trim() !== "") return lines[index];
  return undefined;
}

/** An attribution line belongs to a quote when quoted lines, or nothing, follow it. */
function introducesQuote(lines: string[], from: number): boolean {
  const next = nextWithText(lines, from);
  return next === undefined || QUOTED.test(next);
}

const BLOCK_TAGS = new Set([
  "address",
  "article",
  "aside",
  "dd",
  "div",
  "dl",
  "dt",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "li",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "tr",
  "ul",
]);

const HIDDEN_ELEMENTS = new Set(["head", "script", "style", "title", "template"]);

/**
 * An HTML body as plain text: block elements and <br> break lines, a <blockquote> (how mail
 * programs quote in HTML) becomes a single ">" line so that the quote rules drop it with its
 * attribution, and <hr> becomes a rule of underscores like Outlook's. One pass over the tags, so
 * the work grows with the size of the HTML however it is nested. Never rendered as HTML.
 */
export function htmlToText(html: string): string {
  let hiddenUntil: string | null = null;
  let quoteDepth = 0;
  let out = "";
  for (const token of htmlTokens(withoutComments(html))) {
    if (token.kind === "text") {
      if (!hiddenUntil && quoteDepth === 0) out += decodeEntities(token.value.replace(/\s+/g, " "));
      continue;
    }
    // Declarations such as <!DOCTYPE html> name no element.
    const tag = /^<\s*(\/?)\s*([a-z][a-z0-9]*)/i.exec(token.value);
    if (!tag) continue;
    const closing = tag[1] === "/";
    const name = tag[2]!.toLowerCase();
    if (hiddenUntil) {
      if (closing && name === hiddenUntil) hiddenUntil = null;
    } else if (HIDDEN_ELEMENTS.has(name)) {
      if (!closing && !token.value.endsWith("/>")) hiddenUntil = name;
    } else if (name === "blockquote") {
      if (!closing && quoteDepth++ === 0) out += "\n>\n";
      if (closing) quoteDepth = Math.max(0, quoteDepth - 1);
    } else if (quoteDepth === 0) {
      if (name === "br") out += "\n";
      else if (name === "hr") out += "\n__________\n";
      else if (name === "li") out += closing ? "" : "\n- ";
      else if (BLOCK_TAGS.has(name)) out += "\n";
      else if (name === "td" || name === "th") out += " ";
    }
  }
  return out
    .split("\n")
    .map((line) => line.trim())
    .join("\n");
}

/** Tags ("<…>") and the text between them; from a "<" that is never closed on, it is all text. */
function* htmlTokens(html: string): Generator<{ kind: "tag" | "text"; value: string }> {
  let from = 0;
  while (from < html.length) {
    const firstOpen = html.indexOf("<", from);
    const close = firstOpen === -1 ? -1 : html.indexOf(">", firstOpen);
    if (close === -1) {
      yield { kind: "text", value: html.slice(from) };
      return;
    }
    // In "1 < 2 <b>" the tag is the last "<" before the ">".
    const open = html.lastIndexOf("<", close);
    if (open > from) yield { kind: "text", value: html.slice(from, open) };
    yield { kind: "tag", value: html.slice(open, close + 1) };
    from = close + 1;
  }
}

function withoutComments(html: string): string {
  let out = "";
  let from = 0;
  for (let start = html.indexOf("<!--"); start !== -1; start = html.indexOf("<!--", from)) {
    out += html.slice(from, start);
    const end = html.indexOf("-->", start + 4);
    if (end === -1) return out;
    from = end + 3;
  }
  return out + html.slice(from);
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  copy: "©",
  reg: "®",
  trade: "™",
  bull: "•",
  middot: "·",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith("#")) {
      const codePoint = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

// C0 controls other than tab and newline, and DEL: nothing a person wrote, and not valid in HTML.
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** Line ends made "\n", trailing spaces and runs of blank lines gone, trimmed. */
function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(CONTROL_CHARACTERS, "")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** At most `limit` characters (code points, so no emoji is cut in half), with an ellipsis when cut. */
function capped(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const characters = Array.from(text);
  return characters.length <= limit ? text : `${characters.slice(0, limit).join("").trimEnd()}…`;
}

function attachmentsLine(names: string[]): string | null {
  if (names.length === 0) return null;
  const listed = names
    .slice(0, LISTED_ATTACHMENTS)
    .map((name) => capped(tidy(name).replace(/\s+/g, " "), ATTACHMENT_NAME_LIMIT) || "unnamed");
  const more = names.length > LISTED_ATTACHMENTS ? ` and ${names.length - LISTED_ATTACHMENTS} more` : "";
  return `Attachments (not kept): ${listed.join(", ")}${more}.`;
}
