// A piece seen in the person's mailbox (decision 0056): from a digest of the Postal Service, a
// photo on the site or a photo emailed. What makes it saturation mail, what makes it evidence
// that a sender still mails after its request, and how that is written in the request's history.
// Pure, so each rule has a unit test (mail-piece.test.ts).
import type { PieceSource } from "../../drizzle/schema";
import { formatDate, isoDate } from "~/domain/dates";

/**
 * Addressed to no one by name: "Current Resident", "Or Current Resident", "Resident", "Postal
 * Customer", "Occupant" on a line of its own (saturation mail, sent to every address on a route).
 */
const RESIDENT_LINE =
  /^(?:(?:or|to(?:\s*the)?)\s*)?(?:current\s*)?(?:resident|residents|occupant|postal\s*(?:customer|patron)|local\s*postal\s*customer)\b/i;

/** Readers of small type often run the words of a label line together ("CURRENTRESIDENT"): spaces are optional. */
export function isResidentMail(text: string): boolean {
  return text.split(/\r?\n/).some((line) => RESIDENT_LINE.test(line.replace(/[^A-Za-z ]+/g, " ").trim()));
}

/** A digest's piece: the same message delivered twice gives the same entries, which exist once. */
export const digestEntryId = (messageKey: string, index: number) => `d:${messageKey}:${index + 1}`;
/** The message key of a digest's piece (digestEntryId), or null for a piece of a photo. */
export const digestMessageKeyOf = (entryId: string) => (entryId.startsWith("d:") ? entryId.split(":")[1]! : null);
/** A photo is one piece however often it is identified. */
export const photoEntryId = (photoId: string) => `p:${photoId}`;

/** Where the piece was seen, as the request's history says it. */
const SEEN_IN: Record<PieceSource, string> = {
  digest: "the Postal Service's daily digest",
  photo: "a photo you sent",
  email: "a photo you emailed",
};

/**
 * Whether a piece that arrived on `arrivedOn` (YYYY-MM-DD) came after the last day mail printed
 * before the request may still arrive (mailClock's mailStopsBy), both as days in `timeZone`.
 */
export function arrivedAfterStop(arrivedOn: string, mailStopsBy: Date, timeZone: string): boolean {
  return arrivedOn > isoDate(mailStopsBy, timeZone);
}

/** The request's history line: the piece's day and where it was seen. */
export function stillComingDetail(
  piece: { arrivedOn: string; source: PieceSource; senderName: string },
  mailStopsBy: Date,
  timeZone: string,
): string {
  const day = formatDate(new Date(`${piece.arrivedOn}T12:00:00Z`), "UTC");
  return (
    `Mail from ${piece.senderName} still came on ${day} (seen in ${SEEN_IN[piece.source]}), ` +
    `after ${formatDate(mailStopsBy, timeZone)}, the last day mail printed before the request could arrive.`
  );
}
