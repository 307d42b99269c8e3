// What the user reads of a sender's reply (decision 0018): the sender's own words, without the
// earlier messages a reply quotes below or between them, as plain text of bounded length.
import { htmlToText } from "~/domain/html-text";

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

const CLAIMED_SENDER_LIMIT = 200;

/**
 * A reply as the history keeps it: labelled with whom the message claims to be from. Anyone can
 * write to a reply address and put any name in From, which nothing here checks (decision 0065).
 */
export function claimedReplyText(from: { name?: string; address?: string } | undefined, text: string): string {
  const name = tidy(from?.name ?? "").replace(/\s+/g, " ");
  const address = tidy(from?.address ?? "").replace(/\s+/g, "");
  const claimed = capped(name && address ? `${name} <${address}>` : name || address, CLAIMED_SENDER_LIMIT);
  const label = claimed ? `A message claiming to be from ${claimed} (who sent it is not checked):` : "A message that names no sender:";
  return `${label}\n\n${text}`;
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
