// What Lob's tracking events of a mailed letter mean for the request (decision 0052). Pure, so
// each rule has a unit test (letter-tracking.test.ts).
import type { LetterTrackingState } from "../../drizzle/schema";

/** Lob's event types for a letter's USPS scans (resources/events/attributes/letter_types.yml), and the state each means. */
const STATE_OF_EVENT: Record<string, LetterTrackingState> = {
  "letter.mailed": "mailed",
  "letter.in_transit": "inTransit",
  "letter.in_local_area": "inLocalArea",
  "letter.processed_for_delivery": "processedForDelivery",
  "letter.re-routed": "reRouted",
  "letter.delivered": "delivered",
  "letter.returned_to_sender": "returnedToSender",
};

/** The tracking state a Lob event type stands for, or null for the events that say nothing of the mail's way (created, rendered, ...). */
export function trackingStateOfEvent(eventType: string): LetterTrackingState | null {
  return Object.hasOwn(STATE_OF_EVENT, eventType) ? STATE_OF_EVENT[eventType]! : null;
}

/** The line the request's history gets for a tracking event. */
export function trackingDetail(state: LetterTrackingState, senderName: string): string {
  switch (state) {
    case "created":
      return `Your letter to ${senderName} is being printed.`;
    case "mailed":
      return `Your letter to ${senderName} was handed to the Postal Service.`;
    case "inTransit":
      return `Your letter to ${senderName} is in transit.`;
    case "inLocalArea":
      return `Your letter to ${senderName} reached the sender's area.`;
    case "processedForDelivery":
      return `Your letter to ${senderName} is out for delivery to the sender.`;
    case "reRouted":
      return `The Postal Service re-routed your letter to ${senderName}.`;
    case "delivered":
      return `Your letter to ${senderName} was delivered.`;
    case "returnedToSender":
      return `Your letter to ${senderName} came back undelivered; our staff are finding another way.`;
  }
}

/** What staff read on a request whose letter came back: Lob's tracking event gives no more reason than this. */
export function returnedLetterProblem(letterId: string, location: string | null): string {
  return (
    `Lob's letter ${letterId} was returned to sender${location ? ` (USPS scan in ZIP ${location})` : ""}: ` +
    "USPS returns mail for address, barcode or ID tag errors. Check the sender's address before sending again."
  );
}

/** Why a letter did not go out through Lob, for staff: Lob refused it (a 4xx, with its message) or could not take it. */
export function lobRefusedProblem(status: number, message: string | null): string {
  return `Lob refused the letter (${status})${message ? `: ${message}` : "."}`;
}

/**
 * Lob gave no answer or a 5xx: it may still have made the letter before failing, so staff look for
 * it in Lob's dashboard (its metadata holds the request id) before printing one more.
 */
export function lobUnavailableProblem(reason: string, requestId: string): string {
  return (
    `Lob could not take the letter (${reason}); it was tried again and then left for the print batch. ` +
    `Lob may have made it before failing: look for a letter with requestId ${requestId} in Lob's dashboard before printing this one.`
  );
}
