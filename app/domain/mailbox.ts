// Each account's private inbound address, <token>@MAILBOX_DOMAIN (decision 0055): what it takes,
// how much, and how a forwarding confirmation is told from the rest. Pure: no I/O.
import { isAddressToken, recipientParts } from "~/domain/reply-address";

export const MAILBOX_LIMITS = {
  /** A digest with a dozen scans is a few megabytes; a phone photo or three fit too. */
  maxMessageBytes: 15 * 1024 * 1024,
  /** Messages one address takes per UTC day: a digest, a confirmation or a few photos. */
  messagesPerDay: 10,
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
 * code, not by English words; whether Google really sent it is the DKIM check's (decision 0064).
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

/** Subject and text of a confirmation as shown: plain text, whitespace tidied, within the caps. */
export function confirmationContent({ subject, text, html }: { subject: string; text?: string; html?: string }) {
  const body = text?.trim() ? text : htmlToText(html ?? "");
  return {
    subject: capped(subject.replace(/\s+/g, " ").trim(), MAILBOX_LIMITS.confirmationSubjectChars),
    text: capped(
      body
        .replace(/\r\n?/g, "\n")
        .replace(/[ \t]+\n/g, "\n")
        .replace(/\n{3,}/g, "\n\n")
        .trim(),
      MAILBOX_LIMITS.confirmationTextChars,
    ),
  };
}

const capped = (value: string, chars: number) => (value.length > chars ? `${value.slice(0, chars - 1)}…` : value);

function htmlToText(html: string) {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, "")
    .replace(/<br\s*\/?>|<\/(p|div|tr|li|h\d)>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** The UTC day of a moment, YYYY-MM-DD: the daily limit's day. */
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);
