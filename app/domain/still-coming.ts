// Who may say a sender's mail is still coming, and what may follow (decision 0064). A paid step
// (a second request, a request under the law) follows only real evidence: the person's own
// report once mail printed before the current sending should have stopped coming (mailClock's
// mailStopsBy, the date the digests are read against), or a piece known to be real. A piece that could not be verified is shown, and waits for the person. Pure: the caller
// passes `now`.
import type { PieceSource, FollowUpHold } from "../../drizzle/schema";
import { formatDate, isoDate } from "~/domain/dates";
import { waitStanding, type WaitingRequest } from "~/domain/requests";
import type { LetterArrival } from "~/domain/mail-timing";

/**
 * Paid follow-up steps one account may take in a UTC day. A real digest showing several senders
 * late on one day sends them over a few days; a forged one, or a stream of reports, cannot run up
 * more than this many letters a day for anyone.
 */
export const FOLLOW_UP_SENDS_PER_DAY = 3;

/** The request a report is about, with the clock of its current sending as the card reads it. */
export type ReportableRequest = WaitingRequest & {
  senderName: string;
  followUpStep: number;
  followUpHold: FollowUpHold | null;
  /** The letter of the current sending, when Lob mailed one: the clock starts when it reached the sender. */
  letter: LetterArrival | null;
  learnedDays: number | null;
};

/**
 * Why "Mail still coming" cannot be taken now, in the words shown next to the button; null when it
 * can. It is taken once mail printed before the current sending should have stopped coming (the
 * card's own clock, waitStanding): before then, mail still coming is what the clock expects. A
 * ladder the person stopped by withdrawing their permission goes to staff at any time, since
 * nothing paid follows.
 */
export function reportRefusal(request: ReportableRequest, now: Date, timeZone: string): string | null {
  if (request.followUpHold === "permissionRevoked") return null;
  const sender = request.senderName;
  if (request.status !== "inQueue" && request.status !== "confirmedByUser") {
    return `Your request to ${sender} is not on its way, so there is nothing to report yet. Send it first.`;
  }
  // "Mail stopped", then "Mail came back": the same sending, the same clock.
  const standing = waitStanding({ ...request, status: "inQueue" }, now);
  if (!standing || standing.kind === "notSent" || standing.kind === "waitingToSend") {
    return request.followUpStep > 0
      ? `Your next request to ${sender} has not gone out yet. Once it has, and mail printed before it should have stopped coming, you can tell us here if their mail still comes.`
      : `Your request to ${sender} has not gone out yet. Once it has, and mail printed before it should have stopped coming, you can tell us here if their mail still comes.`;
  }
  if (standing.kind === "waiting") {
    return `That mail was printed before your request; we ask again on ${formatDate(standing.mailStopsBy, timeZone)}, when mail from ${sender} should have stopped coming.`;
  }
  return null;
}

/** What showed the mail still coming, as the second request cites it. */
export type StillComingEvidence =
  | { kind: "piece"; arrivedOn: string; source: PieceSource }
  | { kind: "report"; at: Date }
  | { kind: "both"; arrivedOn: string; source: PieceSource; at: Date };

const US_DATE = (isoDay: string) => `${isoDay.slice(5, 7)}/${isoDay.slice(8, 10)}/${isoDay.slice(0, 4)}`;

function pieceWords(arrivedOn: string, source: PieceSource) {
  return source === "digest"
    ? `a piece from you arrived on ${US_DATE(arrivedOn)}, as the Postal Service's Informed Delivery showed`
    : `a piece from you arrived on ${US_DATE(arrivedOn)}, and I kept a photo of it`;
}

/**
 * The second request's sentence on the mail that kept coming, in the person's voice, saying exactly
 * what is known: a piece recorded on its day, and/or the person's own report on its day. Null
 * when neither exists: then the letter claims nothing.
 */
export function stillComingEvidenceText(evidence: StillComingEvidence | null, timeZone: string): string | null {
  if (!evidence) return null;
  switch (evidence.kind) {
    case "piece":
      return `Since then, ${pieceWords(evidence.arrivedOn, evidence.source)}.`;
    case "report":
      return `Since then, your mail has still come to me, as I reported on ${formatDate(evidence.at, timeZone)}.`;
    case "both":
      return `Since then, ${pieceWords(evidence.arrivedOn, evidence.source)}, and I reported on ${formatDate(evidence.at, timeZone)} that your mail still comes.`;
  }
}

/** The evidence for a step from what is recorded: a real piece after the sending, the person's report after it, or both. */
export function stillComingEvidence(
  piece: { arrivedOn: string; source: PieceSource } | null,
  reportedAt: Date | null,
): StillComingEvidence | null {
  if (piece && reportedAt) return { kind: "both", ...piece, at: reportedAt };
  if (piece) return { kind: "piece", ...piece };
  if (reportedAt) return { kind: "report", at: reportedAt };
  return null;
}

/** A piece that could not be verified, as its request's card shows it. */
export type UnverifiedPiece = { id: string; requestId: string; source: PieceSource; arrivedOn: string; receivedAt: Date };

const UNVERIFIED_WHERE: Record<PieceSource, string> = {
  digest: "in a forwarded digest we could not verify",
  email: "in a photo emailed to your mailbox address that we could not verify",
  photo: "in a photo we could not verify",
};

/** "A piece from Lands' End seen on 11/29/2026 in a forwarded digest we could not verify": the day we received it, not the day it claims. */
export function unverifiedPieceText(piece: Pick<UnverifiedPiece, "source" | "receivedAt">, senderName: string, timeZone: string) {
  return `A piece from ${senderName} seen on ${formatDate(piece.receivedAt, timeZone)} ${UNVERIFIED_WHERE[piece.source]}.`;
}

/**
 * The unverified pieces a card asks the person about: matched to this request, received since its
 * current sending went out, and dated after its mail should have stopped (as a verified piece
 * would have marked it). Before then, a piece is expected mail and asks nothing.
 */
export function unverifiedPiecesToAsk<Piece extends UnverifiedPiece>(
  pieces: Piece[],
  request: { id: string; processedAt: Date | null },
  mailStopsBy: Date | null,
  timeZone: string,
): Piece[] {
  if (!request.processedAt || !mailStopsBy) return [];
  const stopsOn = isoDate(mailStopsBy, timeZone);
  return pieces.filter((piece) => piece.requestId === request.id && piece.receivedAt >= request.processedAt! && piece.arrivedOn > stopsOn);
}
