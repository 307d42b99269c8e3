// The Postal Service's Informed Delivery "Daily Digest" email (decision 0056): who sends it, how
// its subject reads, and where its mail pieces are in it. Each letter-sized piece is a grayscale
// scan shown as an inline image (`<img id="mailpiece-image-src-id" src="cid:…">`, in older
// digests a `data:` URI); a piece whose mailer runs a campaign shows the mailer's own picture of
// it instead (`campaign-representative-image-src-id`) under a "FROM: <name>" line, next to a
// "ride-along" advertisement. Logos and icons are remote images. Pure, so every rule has a unit
// test (informed-delivery.test.ts).
import { decodeEntities, HTML_READ_CHARS, htmlTokens, htmlToText } from "~/domain/html-text";

/** The addresses the digest comes from: the first is the one in use, the second an older one. */
const DIGEST_SENDER = /@(?:email\.)?informeddelivery\.usps\.com\b/i;
/** "Your Daily Digest for Mon, 8/17 is ready to view", with "Fwd:" or "FW:" before it when forwarded by hand. */
const DIGEST_SUBJECT = /\bdaily digest\b/i;
const SUBJECT_DATE = /\bdaily digest for\b[^0-9]*(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?/i;
/** The day the digest's read-tracking image names: "…&deliveryDate=2026-08-17T05:00:00.000Z…". */
const DELIVERY_DATE = /deliveryDate=(\d{4}-\d{2}-\d{2})/;

/** Most pieces one digest can add: the Postal Service shows about ten, and the rest on its site. */
export const DIGEST_MAX_PIECES = 30;

/** The parts of a parsed email the digest is read from (postal-mime's `Email` has them). */
export type DigestEmail = {
  from?: { address?: string | undefined } | undefined;
  subject?: string | undefined;
  date?: string | undefined;
  html?: string | undefined;
  text?: string | undefined;
  attachments: {
    mimeType: string;
    contentId?: string | undefined;
    content: ArrayBuffer | Uint8Array | string;
    encoding?: "base64" | "utf8" | undefined;
  }[];
};

type DigestPiece = {
  image: { bytes: Uint8Array; contentType: string };
  /** The "FROM:" name the digest printed beside the piece, when it did. */
  printedSender: string | null;
};

export type Digest = {
  /** The day the pieces reach the mailbox, YYYY-MM-DD. */
  date: string;
  pieces: DigestPiece[];
};

const unForwarded = (subject: string) => subject.replace(/^\s*(?:(?:fwd?|fw)\s*:\s*)+/i, "");

/**
 * Whether an email is an Informed Delivery digest: from the Postal Service's address with a
 * digest's subject, whether it arrived as sent (a provider's automatic forwarding keeps the
 * original sender) or forwarded by hand ("Fwd:", the original's "From:" line in the body). Only
 * the body's start is read, the HTML through the one tokenizer, so no message can make this slow.
 */
export function isDigest(email: DigestEmail): boolean {
  const subject = unForwarded(email.subject ?? "");
  if (!DIGEST_SUBJECT.test(subject)) return false;
  if (DIGEST_SENDER.test(email.from?.address ?? "")) return true;
  const body = email.text ?? htmlToText((email.html ?? "").slice(0, HTML_READ_CHARS));
  return DIGEST_SENDER.test(forwardedFrom(body.slice(0, FORWARDED_HEADER_CHARS)) ?? "");
}

/** The forwarded header lines are at the top of the body. */
const FORWARDED_HEADER_CHARS = 4000;
const FORWARDED_FROM_LINE = /^\s*\*?from:\*?/i;

/** The address on the first "From:" line that has one, found by its "@" (no pattern that backtracks). */
function forwardedFrom(body: string): string | null {
  for (const line of body.split("\n")) {
    if (!FORWARDED_FROM_LINE.test(line)) continue;
    const address = firstAddressIn(line);
    if (address) return address;
  }
  return null;
}

const LOCAL_CHAR = /[\w.+-]/;
const DOMAIN_CHAR = /[\w.-]/;

function firstAddressIn(line: string): string | null {
  for (let at = line.indexOf("@"); at !== -1; at = line.indexOf("@", at + 1)) {
    let start = at;
    while (start > 0 && LOCAL_CHAR.test(line[start - 1]!)) start--;
    let end = at + 1;
    while (end < line.length && DOMAIN_CHAR.test(line[end]!)) end++;
    if (start < at && end > at + 1) return line.slice(start, end);
  }
  return null;
}

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * The day the pieces arrive: the digest's own delivery date when its HTML names it, else the
 * month and day of its subject in the year of the email's date (the nearest such day), else the
 * day it was received (`fallback`, YYYY-MM-DD).
 */
export function digestDate(email: DigestEmail, fallback: string): string {
  const fromHtml = DELIVERY_DATE.exec(email.html ?? "")?.[1];
  if (fromHtml) return fromHtml;
  const subject = SUBJECT_DATE.exec(email.subject ?? "");
  if (subject) {
    const month = Number(subject[1]);
    const day = Number(subject[2]);
    const sent = email.date ? new Date(email.date) : new Date(`${fallback}T12:00:00Z`);
    const sentYear = Number.isNaN(sent.getTime()) ? Number(fallback.slice(0, 4)) : sent.getUTCFullYear();
    const printedYear = subject[3] ? Number(subject[3].length === 2 ? `20${subject[3]}` : subject[3]) : null;
    if (month >= 1 && month <= 12 && day >= 1 && day <= 31) {
      const candidates = printedYear ? [printedYear] : [sentYear - 1, sentYear, sentYear + 1];
      const nearest = candidates
        .map((year) => `${year}-${pad(month)}-${pad(day)}`)
        .sort((a, b) => Math.abs(Date.parse(a) - sent.getTime()) - Math.abs(Date.parse(b) - sent.getTime()))[0]!;
      return nearest;
    }
  }
  return fallback;
}

type Found = { kind: "from"; name: string } | { kind: "image"; src: string };

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
    .exec(tag)
    ?.slice(1)
    .find((value) => value !== undefined) ?? null;

/** A mail piece's image by its id (or, where a forward dropped ids, its alt text); never a ride-along ad. */
function isPieceImage(tag: string) {
  const id = attribute(tag, "id") ?? "";
  const alt = attribute(tag, "alt") ?? "";
  if (/ridealong/i.test(id) || /ride-?along/i.test(alt)) return false;
  if (/mailpiece-image-src-id|campaign-representative-image-src-id/i.test(id)) return true;
  return !id && /^(?:mailpiece image|campaign)$/i.test(alt.trim());
}

/**
 * Inline images' data set aside, so that the HTML looked at (its first HTML_READ_CHARS) is markup
 * and words: `src="data:…"` becomes `src="inline:N"`, N indexing `inline`. One pass of indexOf.
 */
function setAsideInlineImages(html: string): { html: string; inline: string[] } {
  const inline: string[] = [];
  let out = "";
  let from = 0;
  for (let at = html.indexOf("data:", from); at !== -1 && out.length < HTML_READ_CHARS && inline.length < MAX_INLINE_IMAGES;) {
    const quote = html[at - 1];
    const end = quote === '"' || quote === "'" ? html.indexOf(quote, at) : -1;
    if (end === -1) {
      out += html.slice(from, at + 5);
      from = at + 5;
    } else {
      out += `${html.slice(from, at)}inline:${inline.length}`;
      inline.push(html.slice(at, end));
      from = end;
    }
    at = html.indexOf("data:", from);
  }
  return { html: (out + html.slice(from, from + HTML_READ_CHARS)).slice(0, HTML_READ_CHARS), inline };
}

/** Inline images set aside at most: pieces, their copies for narrow screens, and a few logos. */
const MAX_INLINE_IMAGES = 4 * DIGEST_MAX_PIECES;

const nameOf = (text: string) => decodeEntities(text).replace(/\s+/g, " ").trim();

/**
 * The "FROM:" names and piece images of the HTML's start, in the order they appear: one walk over
 * its tokens. A name is the first words after "FROM:", whatever tags stand between.
 */
function findInHtml(email: DigestEmail): Found[] {
  const { html, inline } = setAsideInlineImages(email.html ?? "");
  const found: Found[] = [];
  let awaitingName = false;
  for (const token of htmlTokens(html)) {
    if (token.kind === "tag") {
      if (!/^<img\b/i.test(token.value)) continue;
      const src = attribute(token.value, "src");
      if (!src || !isPieceImage(token.value)) continue;
      const inlined = /^inline:(\d+)$/.exec(src);
      found.push({ kind: "image", src: inlined ? (inline[Number(inlined[1])] ?? "") : decodeEntities(src) });
      continue;
    }
    if (awaitingName) {
      if (!token.value.trim()) continue;
      found.push({ kind: "from", name: nameOf(token.value) });
      awaitingName = false;
      continue;
    }
    const at = token.value.indexOf("FROM:");
    if (at === -1) continue;
    const name = nameOf(token.value.slice(at + 5));
    if (name) found.push({ kind: "from", name });
    else awaitingName = true;
  }
  return found;
}

function bytesOf(content: ArrayBuffer | Uint8Array | string, encoding: "base64" | "utf8" | undefined) {
  if (typeof content !== "string") return content instanceof Uint8Array ? content : new Uint8Array(content);
  return encoding === "base64" ? Uint8Array.from(atob(content), (char) => char.charCodeAt(0)) : new TextEncoder().encode(content);
}

const bareContentId = (contentId: string) => contentId.trim().replace(/^<|>$/g, "").toLowerCase();

function imageOf(src: string, email: DigestEmail): DigestPiece["image"] | null {
  const inline = /^data:(image\/[\w.+-]+);base64,(.*)$/is.exec(src);
  if (inline) {
    try {
      return { bytes: bytesOf(inline[2]!.replace(/\s+/g, ""), "base64"), contentType: inline[1]!.toLowerCase() };
    } catch {
      return null;
    }
  }
  if (!/^cid:/i.test(src)) return null;
  const wanted = bareContentId(src.slice(4));
  const attachment = email.attachments.find((candidate) => candidate.contentId && bareContentId(candidate.contentId) === wanted);
  if (!attachment || !attachment.mimeType.startsWith("image/")) return null;
  const bytes = bytesOf(attachment.content, attachment.encoding);
  return bytes.byteLength > 0 ? { bytes, contentType: attachment.mimeType } : null;
}

/**
 * The digest's day and its mail pieces, in the order it shows them: each piece's image (the same
 * image shown twice, for wide and narrow screens, counts once) and the "FROM:" name printed above
 * it. Logos, icons, ride-along ads and package pictures are not pieces.
 */
export function parseDigest(email: DigestEmail, receivedOn: string): Digest {
  const pieces: DigestPiece[] = [];
  const seen = new Set<string>();
  let printedSender: string | null = null;
  for (const entry of findInHtml(email)) {
    if (entry.kind === "from") {
      printedSender = entry.name;
      continue;
    }
    const name = printedSender;
    printedSender = null;
    if (seen.has(entry.src) || pieces.length >= DIGEST_MAX_PIECES) continue;
    seen.add(entry.src);
    const image = imageOf(entry.src, email);
    if (image) pieces.push({ image, printedSender: name });
  }
  return { date: digestDate(email, receivedOn), pieces };
}
