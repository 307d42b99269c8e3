// What bench/delivery.ts and its Worker entry (bench/delivery-entry.ts) share.
export const DELIVERY_PEOPLE_PATH = "/__delivery/people";
export const DELIVERY_REQUEST_PATH = "/__delivery/request";
export const DELIVERY_JOBS_PATH = "/__delivery/jobs";
export const DELIVERY_FIGURES_PATH = "/__delivery/figures";
export const DELIVERY_RETURN_ADDRESS_PATH = "/__delivery/return-address";

export type DeliveryPerson = { email: string; fullName: string };

/** One person's "Unsubscribe" or "Send request": a catalog sender by id, or a name they typed. */
export type DeliveryRequest = {
  userId: string;
  templateId: string | null;
  senderName: string;
  /** The month before letters went through Lob: postal requests wait for staff's print batch. */
  lettersOff: boolean;
};

/** A person giving the return address printed on the piece, as the request's return-address form does. */
export type DeliveryReturnAddress = {
  userId: string;
  requestId: string;
  address: { company: string; street1: string; city: string; state: string; zipCode: string };
  lettersOff: boolean;
};

export type DeliveryRequestResult = { ok: true; requestId: string } | { ok: false; status: number; message: string };

/** Jobs not finished yet, and those that died. */
export type DeliveryJobs = {
  open: number;
  dead: number;
  /** Why the dead jobs died: each job type and last error (its first 120 characters), with how many. */
  deadErrors: { type: string; error: string; jobs: number }[];
};

/** What the database holds to show that a request reached its sender (bench/delivery-evidence.ts). */
export type DeliveryEvidence = { letters: number; emailsSent: number };

/** A request in queue as the data says it went. Times are epoch milliseconds. */
export type DeliveryFigure = {
  userId: string;
  requestId: string;
  /** The catalog sender, or null for a name typed. */
  templateId: string | null;
  senderName: string;
  queuedAt: number | null;
  /** The first time the request was emailed or mailed with no one on the staff involved. */
  sentAt: number | null;
  sentAs: "emailed" | "mailed" | null;
  /** Listed in the staff work queue (or its print batch) now: someone on the staff must act. */
  waitingForStaff: boolean;
  /** Its card asks the person for the sender's return address, and nothing was given yet (decision 0067). */
  waitingForPerson: boolean;
  /** It came back from the address we had (a letter returned, an email bounced) and its card asked for the return address (decision 0070). */
  cameBack: boolean;
  letterProblem: string | null;
  returned: boolean;
  /** Postmark's ids of the opt-out emails it was sent by (request_emails). */
  emailMessageIds: string[];
  /** Postmark reported one of them bounced or marked as spam. */
  emailBounced: boolean;
  /** Staff's note on an email that came back: set while the request waits for staff because of it. */
  emailProblem: string | null;
  /** Letters Lob took for it, with each letter's cost in cents. */
  letterCostsCents: number[];
  evidence: DeliveryEvidence;
};
