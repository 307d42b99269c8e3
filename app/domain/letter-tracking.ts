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
  // No letter goes out (Lob's events table): a render or a print that failed, a letter Lob did not
  // take, a letter cancelled.
  "letter.failed": "failed",
  "letter.rejected": "rejected",
  "letter.deleted": "deleted",
};

/** The states of a Lob letter that never left: the request was not mailed by it. */
const NEVER_MAILED_STATES: readonly LetterTrackingState[] = ["failed", "rejected", "deleted"];

/** Whether a letter in this state never left Lob. */
export function neverMailed(state: LetterTrackingState | null | undefined): boolean {
  return state != null && NEVER_MAILED_STATES.includes(state);
}

/** The tracking state a Lob event type stands for, or null for the events that say nothing of the mail's way (created, rendered, ...). */
export function trackingStateOfEvent(eventType: string): LetterTrackingState | null {
  return Object.hasOwn(STATE_OF_EVENT, eventType) ? STATE_OF_EVENT[eventType]! : null;
}

/**
 * Where a request goes once it came back from the address we had: to the person, asked for the
 * return address printed on a piece of the sender's mail (decision 0070), or to staff.
 */
export type CameBackNext = "ask" | "staff";

/** The line the request's history gets for a tracking event. */
export function trackingDetail(state: LetterTrackingState, senderName: string, next: CameBackNext = "staff"): string {
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
      return `Your letter to ${senderName} came back undelivered; ${
        next === "ask" ? "we asked you for the return address printed on a piece of its mail" : "our staff are finding another way"
      }.`;
    case "failed":
      return `Lob could not print your letter to ${senderName}, so it was not mailed; our staff will send it.`;
    case "rejected":
      return `Lob did not accept your letter to ${senderName}, so it was not mailed; our staff will send it.`;
    case "deleted":
      return `Your letter to ${senderName} was cancelled at Lob before it was mailed; our staff will send it.`;
  }
}

const NEVER_MAILED_WHY: Record<"failed" | "rejected" | "deleted" | "notMailed", string> = {
  failed: "it failed at Lob (letter.failed)",
  rejected: "Lob did not accept it (letter.rejected)",
  deleted: "it was cancelled at Lob (letter.deleted)",
  notMailed: "Lob holds it as failed or cancelled",
};

/**
 * What staff read on a request whose Lob letter never left: which letter, why, and Lob's own reason
 * when its event gave one. Nothing was mailed, so printing it is not a second copy.
 */
export function neverMailedProblem(letterId: string, why: keyof typeof NEVER_MAILED_WHY, reason: string | null = null): string {
  return (
    `Lob's letter ${letterId} was not mailed: ${NEVER_MAILED_WHY[why]}${reason ? `: ${reason.replace(/[.\s]+$/, "")}` : ""}. ` +
    "Nothing went out: print and mail this request."
  );
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
 * Lob gave no answer or a 5xx: it may still have made the letter before failing. Lob forgets the
 * idempotency key after 24 hours, so the letter job looks for the letter by its metadata before
 * asking for one again: a retried job adopts the letter Lob made instead of mailing a second one,
 * and staff retry the job rather than print.
 */
export function lobUnavailableProblem(reason: string, requestId: string): string {
  return (
    `Lob could not take the letter (${reason}); it was tried again and then left for the print batch. ` +
    `Lob may have made it before failing: do not print it. Retry the letter job instead: it first looks in Lob for a letter with requestId ${requestId}, and takes that one if Lob made it.`
  );
}
