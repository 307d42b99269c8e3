// Each account's private inbound address, <token>@MAILBOX_DOMAIN (decision 0055): what it takes,
// how much, and how a forwarding confirmation is told from the rest. Pure: no I/O.
import { HTML_READ_CHARS, htmlToText } from "~/domain/html-text";
import { isAddressToken, recipientParts } from "~/domain/reply-address";

export const MAILBOX_LIMITS = {
  /** A digest with a dozen scans is a few megabytes; a phone photo or three fit too. */
  maxMessageBytes: 15 * 1024 * 1024,
  /** Messages one address takes per UTC day: a digest, a confirmation or a few photos. */
  messagesPerDay: 10,
  /**
   * Messages one address reads per UTC day, kept or not: past this, mail is refused before it is
   * read, so a stranger who knows the address cannot make the handler parse without end.
   */
  messagesReadPerDay: 30,
  /** Images of one emailed piece, as on /requests/photo. */
  maxImages: 3,
  /** A forwarding confirmation is shown this long, unless dismissed first. */
  confirmationDays: 7,
  confirmationSubjectChars: 200,
  confirmationTextChars: 4000,
  /** The per-day counts are kept this long, then deleted by the daily cron. */
  dayCountKeepDays: 30,
} as const;

/**
 * Gmail asks a new forwarding address to confirm with a code or a link, from this address, in the
 * account's language: "(#583920417) Gmail Forwarding Confirmation - …", "(#…) Confirmación de
 * reenvío de Gmail", "(#…) (Gmail) 转发确认 …". So a confirmation is told by its sender and its
 * code, not by English words; whether Google really sent it is the DKIM check's (decision 0063).
 * Outlook.com forwards without asking, and Yahoo Mail documents no sender for its check, so only
 * Gmail's is recognised.
 */
export const GMAIL_CONFIRMATION_SENDER = "forwarding-noreply@google.com";
const SUBJECT_CODE = /\(#\d{4,12}\)/;
const TEXT_CODE = /(?:^|[^0-9])[0-9]{9}(?![0-9])/;

export function mailboxAddress(token: string, mailboxDomain: string): string {
  return `${token}@${mailboxDomain.toLowerCase()}`;
}

/** The token of an inbound address, from an envelope recipient; null for anything else. */
export function mailboxTokenFrom(recipient: string, mailboxDomain: string): string | null {
  const parts = recipientParts(recipient);
  if (!parts || parts.domain !== mailboxDomain.toLowerCase()) return null;
  return isAddressToken(parts.localPart) ? parts.localPart : null;
}

/** Whether the recipient is at this domain, whatever its local part. */
export function isAddressAt(recipient: string, domain: string): boolean {
  return recipientParts(recipient)?.domain === domain.toLowerCase();
}

export function isForwardingConfirmation({
  fromAddress,
  subject,
  text = "",
}: {
  fromAddress: string;
  subject: string;
  text?: string;
}): boolean {
  if (fromAddress.trim().toLowerCase() !== GMAIL_CONFIRMATION_SENDER) return false;
  return /forwarding confirmation/i.test(subject) || SUBJECT_CODE.test(subject) || TEXT_CODE.test(text.slice(0, 4000));
}

/**
 * Subject and text of a confirmation as shown: plain text, whitespace tidied, within the caps. Only
 * the body's start is read, the HTML through the one tokenizer (decision 0043), line by line.
 */
export function confirmationContent({ subject, text, html }: { subject: string; text?: string; html?: string }) {
  const body = text?.trim() ? text.slice(0, HTML_READ_CHARS) : htmlToText((html ?? "").slice(0, HTML_READ_CHARS));
  return {
    subject: capped(subject.slice(0, HTML_READ_CHARS).replace(/\s+/g, " ").trim(), MAILBOX_LIMITS.confirmationSubjectChars),
    text: capped(
      body
        .split(/\r\n?|\n/)
        .map((line) => line.trimEnd())
        .join("\n")
        .replace(/\n{3,}/g, "\n\n")
        .trim(),
      MAILBOX_LIMITS.confirmationTextChars,
    ),
  };
}

const capped = (value: string, chars: number) => (value.length > chars ? `${value.slice(0, chars - 1)}…` : value);

/** The UTC day of a moment, YYYY-MM-DD: the daily limit's day. */
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);
