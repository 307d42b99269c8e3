// The opt-out letter as the person sends it themselves (decision 0027): addressed to the sender's
// postal address when the catalog has one, copied, printed, downloaded as a text file or put
// into an email. Pure, so each rule has a unit test (letter-to-send.test.ts).
import type { SenderChannel } from "../../drizzle/schema";
import { letterOfRequest, type PostalAddress, type RequestForLetter } from "./opt-out-letter";
import { postalLines } from "./work-queue";

export type LetterToSend = {
  /** The sender's postal address as envelope lines, laid out as in the staff print batch; null when the catalog has none. */
  recipientAddress: string[] | null;
  /** The sender's opt-out email address from the catalog, or null. */
  senderEmail: string | null;
  /** The letter itself (opt-out-letter.ts), without the address block. */
  letter: string;
};

function channelValue(channels: SenderChannel[] | null, kind: SenderChannel["kind"]): string | null {
  return channels?.find((channel) => channel.kind === kind && channel.value.trim())?.value.trim() ?? null;
}

/** The sender's postal address in the lines a #10 window envelope shows, or null: never an address made up from the name. */
export function senderPostalAddress(channels: SenderChannel[] | null): string[] | null {
  const address = channelValue(channels, "mail");
  return address ? postalLines(address) : null;
}

/** A request's letter with what the person needs to send it: the same letter the dashboard shows and the download holds. */
export function letterToSend(
  request: RequestForLetter & { channels: SenderChannel[] | null },
  recipients: (PostalAddress & { id: string; fullName: string })[],
  options: { today: Date; timeZone: string; earlierAddresses?: PostalAddress[] },
): LetterToSend {
  return {
    recipientAddress: senderPostalAddress(request.channels),
    senderEmail: channelValue(request.channels, "email"),
    letter: letterOfRequest(request, recipients, options),
  };
}

/** The whole letter as text, as a real letter reads from the top: the sender's address, a blank line, the letter. */
export function letterText({ recipientAddress, letter }: Pick<LetterToSend, "recipientAddress" | "letter">): string {
  return recipientAddress ? `${recipientAddress.join("\n")}\n\n${letter}` : letter;
}

/**
 * Line breaks as CRLF: the form of text/plain on the wire and in mailto bodies (RFC 2046, RFC
 * 6068), and the one every text editor shows as lines, older Windows Notepad included.
 */
export function withCrlf(text: string): string {
  return text.replace(/\r?\n/g, "\r\n");
}

const SLUG_MAX_LENGTH = 60;

/**
 * `opt-out-letter-<sender>.txt` with the sender's name as lower-case ASCII letters, digits and
 * hyphens only: nothing from a name can end the header's quoted string or start a new header.
 */
export function letterFileName(senderName: string): string {
  const slug = senderName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/^-+|-+$/g, "");
  return `opt-out-letter-${slug || "sender"}.txt`;
}

/** Some mail programs (Outlook through Windows among them) drop or cut a mailto link longer than about 2,000 characters. */
export const MAILTO_MAX_LENGTH = 2000;
export const LETTER_EMAIL_SUBJECT = "Please add me to your Do Not Mail list";
export const PASTE_LETTER_BODY = "(Paste your opt-out letter here, from your Quiet Mailbox dashboard or the text file you downloaded.)";

/**
 * A mailto link with the subject and the letter as the body. An email goes to the address in the
 * link, so the body is the letter without the postal address block. When the whole link would be
 * longer than MAILTO_MAX_LENGTH, the body asks the person to paste the letter instead, and
 * `complete` is false so the page can say so.
 */
export function letterMailto(to: string, letter: string): { href: string; complete: boolean } {
  const link = (body: string) =>
    // "@" stays as it is: RFC 6068 allows it, and a few mail programs do not decode %40 in the address.
    `mailto:${encodeURIComponent(to).replace(/%40/g, "@")}?subject=${encodeURIComponent(LETTER_EMAIL_SUBJECT)}&body=${encodeURIComponent(withCrlf(body))}`;
  const full = link(letter);
  return full.length <= MAILTO_MAX_LENGTH ? { href: full, complete: true } : { href: link(PASTE_LETTER_BODY), complete: false };
}
