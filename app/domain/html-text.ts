// The one HTML tokenizer (decision 0043): what senders' replies, forwarding confirmations and
// Informed Delivery digests are read with. One pass over the tags and the text between them, so
// the work grows with the size of the HTML however it is written; no regular expression here
// runs over a whole document. Pure, tested in Node (html-text.test.ts).

/** The most of an email's HTML any rule looks at: a digest's header and pieces, a confirmation's words. */
export const HTML_READ_CHARS = 64 * 1024;

// Characters the tokenizer has passed over since the module loaded: the tests show with it that
// the work is linear in the input, without timing anything.
let scanned = 0;
export const tokenizerSteps = () => scanned;

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
export function* htmlTokens(html: string): Generator<{ kind: "tag" | "text"; value: string }> {
  let from = 0;
  while (from < html.length) {
    const firstOpen = html.indexOf("<", from);
    const close = firstOpen === -1 ? -1 : html.indexOf(">", firstOpen);
    if (close === -1) {
      scanned += html.length - from;
      yield { kind: "text", value: html.slice(from) };
      return;
    }
    // In "1 < 2 <b>" the tag is the last "<" before the ">".
    const open = html.lastIndexOf("<", close);
    scanned += close - from + (close - open) + 1;
    if (open > from) yield { kind: "text", value: html.slice(from, open) };
    yield { kind: "tag", value: html.slice(open, close + 1) };
    from = close + 1;
  }
}

/** The HTML with its comments taken out; a comment never closed takes the rest with it. */
export function withoutComments(html: string): string {
  scanned += html.length;
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

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith("#")) {
      const codePoint = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}
