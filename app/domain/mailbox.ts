// Each account's private inbound address, <token>@MAILBOX_DOMAIN (decision 0055): what it takes,
// how much, and how a forwarding confirmation is told from the rest. Pure: no I/O.
import type { AccountEmail } from "~/domain/account-emails";
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
  /**
   * The per-day counts are kept this long, then deleted by the daily cron: the limits read only the
   * day's own, and yesterday's is kept for the hours a UTC day and the cron's run overlap (decision 0085).
   */
  dayCountKeepDays: 2,
  /**
   * "Email me the address and the steps" sends one email per this many hours: each is a paid
   * call, and the first stays in the person's inbox (decision 0073).
   */
  stepsEmailHours: 24,
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

/**
 * The code and the confirming link of Gmail's forwarding confirmation as stored (decision 0073):
 * the code from the subject, "(#812345677) Gmail Forwarding Confirmation - …", which Gmail writes
 * in every language, or else from the text's "Confirmation code: 812345677"; the link only when it
 * is Google's, over https. Null when no code is found: the page then shows the text as it came.
 */
export function forwardingConfirmationCode({ subject, text }: { subject: string; text: string }) {
  const code = CODE_IN_SUBJECT.exec(subject)?.[1] ?? CODE_IN_TEXT.exec(text)?.[1];
  if (!code) return null;
  return { code, link: googleLinkIn(text) };
}

const CODE_IN_SUBJECT = /\(#(\d{6,12})\)/;
const CODE_IN_TEXT = /\bcode\s*:?\s*(\d{6,12})(?!\d)/i;
const LINKS = /https:\/\/[^\s<>"')\]]+/g;

function googleLinkIn(text: string): string | null {
  for (const [found] of text.matchAll(LINKS)) {
    const candidate = found.replace(/[.,;:!?]+$/, "");
    const host = URL.canParse(candidate) ? new URL(candidate).hostname : "";
    if (host === "google.com" || host.endsWith(".google.com")) return candidate;
  }
  return null;
}

/**
 * Whether the dashboard asks the person to set the mailbox up (decision 0073): once a request of
 * theirs went out, while the address is on and until its first digest or photo arrives.
 */
export function mailboxSetupDue({
  enabled,
  requestsSent,
  receivedMail,
}: {
  enabled: boolean;
  requestsSent: boolean;
  receivedMail: boolean;
}) {
  return enabled && requestsSent && !receivedMail;
}

/** Where the Postal Service's daily digest comes from: what the forwarding filter matches. */
export const DIGEST_SENDER = "USPSInformeddelivery@email.informeddelivery.usps.com";

export const INFORMED_DELIVERY_URL = "https://informeddelivery.usps.com";

/** Said first, wherever the setup is offered: Gmail's and Outlook's forwarding settings are not in their phone apps. */
export const COMPUTER_ONCE = "You\u2019ll need a computer once, about 10 minutes.";

/**
 * The Postal Service's own sign-up guide: "You must complete an identity verification process",
 * online, or by an invitation code mailed to the address, or in person at a Post Office.
 */
export const USPS_IDENTITY_CHECK =
  "The Postal Service then checks that you live at the address: online, with a code sent to your mobile phone or a few questions about your history. If that does not work, it mails a code to your address (type it in when the letter comes), or checks your ID at a Post Office.";

const INFORMED_DELIVERY_STEP =
  "Sign up for Informed Delivery, free from the Postal Service. Each morning it emails you a picture of the letters that reach your mailbox that day. Informed Delivery shows letters, rarely catalogs: for a catalog, tell us yourself when it stops or send us a photo of one that still comes.";

/** Gmail's steps, naming the address or, on the page that shows it, "your address above". */
export function gmailSteps(address: string | null) {
  const yours = address ?? "your address above";
  return [
    "Open Gmail\u2019s Settings (the gear), then See all settings, then Forwarding and POP/IMAP.",
    `Choose Add a forwarding address and enter ${yours}. Gmail sends it a confirmation: within a minute it shows on your Quiet Mailbox dashboard, with the code to type in Gmail.`,
    "Leave forwarding itself off. In Filters and Blocked Addresses, choose Create a new filter.",
    `In From, enter ${DIGEST_SENDER}, then Create filter.`,
    `Tick Forward it to, choose ${yours}, and Create filter.`,
  ];
}

export function outlookSteps(address: string | null) {
  const yours = address ?? "your address above";
  return [
    "In Outlook.com, open Settings, then Mail, then Rules, and choose Add new rule.",
    `Name it, and for the condition choose From and enter ${DIGEST_SENDER}.`,
    `For the action choose Forward to, enter ${yours}, and Save.`,
  ];
}

export const YAHOO_NOTE =
  "Yahoo Mail forwards all of your mail or none, and only on a paid plan, so it cannot send just the daily email. Forward it by hand when you like: open it, choose Forward, and send it to your address. A forwarded copy cannot show that it came from the Postal Service, so we ask you about what it shows before anything is sent because of it.";

/**
 * The address and the steps, in plain text, to open on the computer the setup is done on
 * (decision 0073). Sent to the account's own email only.
 */
export function mailboxStepsEmail({ address, accountUrl }: { address: string; accountUrl: string }): AccountEmail {
  const numbered = (steps: string[]) => steps.map((step, index) => `${index + 1}. ${step}`).join("\n");
  return {
    subject: "Your Quiet Mailbox address and how to set it up",
    tag: "mailbox-steps",
    text: [
      "Hello,",
      "As you asked, here is your Quiet Mailbox address and how to have the Postal Service\u2019s daily email of your mail sent to it.",
      `${COMPUTER_ONCE} Open this email on the computer you set it up on, and copy the address from here.`,
      `Your mailbox address:\n${address}`,
      `Step 1. ${INFORMED_DELIVERY_STEP}\n${INFORMED_DELIVERY_URL}\n${USPS_IDENTITY_CHECK}`,
      `Step 2. Have your email forward that daily email to your mailbox address, with a filter on its sender, ${DIGEST_SENDER}. Only that email goes; the rest of your mail stays where it is.`,
      `In Gmail:\n${numbered(gmailSteps(address))}`,
      `In Outlook.com:\n${numbered(outlookSteps(address))}`,
      `In Yahoo Mail:\n${YAHOO_NOTE}`,
      `Once the first daily email arrives, your dashboard shows who mails you. The same steps are on your account page: ${accountUrl}`,
      "Quiet Mailbox\nTo reach us, reply to this email.",
    ].join("\n\n"),
  };
}
