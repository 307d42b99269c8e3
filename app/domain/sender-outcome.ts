// What each catalog sender really does (decision 0060): of the requests whose outcome is known,
// how many stopped its mail, and how many days after the request reached it the last piece came.
// Shown only once enough requests tell it, always with their count. Pure, so each rule has a unit
// test (sender-outcome.test.ts); app/models/sender-outcome.server.ts recomputes the figures weekly (decision 0088).
import type { RequestStatus } from "../../drizzle/schema";
import { DAY_MS, dayNumber, utcDay } from "~/domain/dates";
import { MAIL_STOPS_AFTER_DAYS } from "~/domain/mail-timing";

/** Below this many requests with a known outcome, a sender's figures are neither shown nor used. */
export const MIN_CASES = 10;

/**
 * How long a watched mailbox must stay quiet of a sender after the day its mail should have
 * stopped before the request counts as stopped without the person saying so: two weeks, so that a
 * sender mailing every week or two would have shown up at least once.
 */
export const VERIFY_QUIET_DAYS = 14;

/**
 * An account counts in any sender's figures only from this age (decision 0064): longer than the
 * days most catalog senders get to act, so a batch of accounts made to push a sender's figures
 * waits two months before any of them counts, and most real outcomes take longer than that to be
 * known anyway (a stopped one needs the mail clock's weeks and two quiet weeks).
 */
const MIN_ACCOUNT_AGE_DAYS = 60;

/** The checks of a postal address that make it a household the figures can count (householdKey). */
export const HOUSEHOLD_ADDRESS_CHECKS = ["verified", "standardized"] as const;

/**
 * One case per household: the account's postal address once checked (verified by a service, or
 * standardized offline: both are the Postal Service's spelling), as street, unit and 5-digit ZIP
 * in capitals with single spaces. An address kept as typed, or never checked, is no household the
 * figures can tell apart from another: such an account does not count. Null then.
 */
export function householdKey(account: {
  street1: string;
  street2: string | null;
  zipCode: string;
  addressCheck: string | null;
}): string | null {
  if (!(HOUSEHOLD_ADDRESS_CHECKS as readonly (string | null)[]).includes(account.addressCheck)) return null;
  const norm = (text: string | null) =>
    (text ?? "")
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, " ")
      .trim();
  return `${norm(account.street1)}|${norm(account.street2)}|${account.zipCode.slice(0, 5)}`;
}

/** The latest moment an account may have been made to count in the figures now (MIN_ACCOUNT_AGE_DAYS). */
export function oldEnoughIfMadeBy(now: Date) {
  return new Date(now.getTime() - MIN_ACCOUNT_AGE_DAYS * DAY_MS);
}

/**
 * The days a sender's figures keep, from the sorted days to the last piece of its stopped cases
 * (one per household). With MIN_CASES of them, the median and the 90th percentile. With fewer,
 * only a 90th percentile beyond MAIL_STOPS_AFTER_DAYS is kept: it lengthens the clock every
 * request starts with, which sends fewer follow-ups; a shorter one would send more, and a few
 * households must not be able to do that for everyone.
 */
export function figuresFromDays(sortedDays: number[]): { medianDays: number | null; p90Days: number | null } {
  const p90Days = percentile(sortedDays, 0.9);
  if (sortedDays.length >= MIN_CASES) return { medianDays: percentile(sortedDays, 0.5), p90Days };
  return { medianDays: null, p90Days: p90Days !== null && p90Days > MAIL_STOPS_AFTER_DAYS ? p90Days : null };
}

/** A sender's figures as sender_outcomes keeps them. */
export type SenderOutcome = { cases: number; stopped: number; medianDays: number | null; p90Days: number | null };

/** Whether a sender's figures rest on enough cases to be shown or used. */
function hasEnoughCases(outcome: Pick<SenderOutcome, "cases"> | null | undefined): boolean {
  return Boolean(outcome && outcome.cases >= MIN_CASES);
}

/**
 * The days after a request reaches this sender by which its mail should have stopped, as seen:
 * the 90th percentile of the days to the last piece, once enough cases tell it. Null otherwise,
 * and mailClock keeps the rule every sender starts with (its days to act, at least MAIL_STOPS_AFTER).
 */
export function learnedStopDays(outcome: Pick<SenderOutcome, "cases" | "p90Days"> | null | undefined): number | null {
  return outcome && hasEnoughCases(outcome) && outcome.p90Days !== null ? outcome.p90Days : null;
}

/** Whole weeks that cover these days, at least one. */
export function weeksOf(days: number) {
  return Math.max(1, Math.ceil(days / 7));
}

/**
 * "Stopped for 8 of 10 people, usually within 9 weeks": the share with its count, and the weeks
 * from the median days when pieces were seen. Null below MIN_CASES: nothing is said then.
 */
export function senderOutcomeText(outcome: SenderOutcome | null | undefined): string | null {
  if (!outcome || !hasEnoughCases(outcome)) return null;
  const share = `Stopped for ${outcome.stopped} of ${outcome.cases} people`;
  if (outcome.medianDays === null || outcome.stopped === 0) return `${share}.`;
  const weeks = weeksOf(outcome.medianDays);
  return `${share}, usually within ${weeks} ${weeks === 1 ? "week" : "weeks"}.`;
}

/** What is known of one request's outcome, as isVerifiedStopped reads it. */
export type StopEvidence = {
  status: RequestStatus | null;
  processedAt: Date | null;
  stillComingAt: Date | null;
  /** The follow-up ladder's step: above 0, the first request did not stop the mail. */
  followUpStep: number;
  /** The current sending's mail-stops-by date (mailClock); null before it was sent. */
  mailStopsBy: Date | null;
  /** The last day a piece from this sender, matched to this request, arrived (YYYY-MM-DD). */
  lastPieceOn: string | null;
  /**
   * The last day the person's mailbox was seen (a digest or message received, a piece recorded),
   * YYYY-MM-DD: a mailbox seen lately is watched, and its silence about a sender means something.
   */
  mailboxSeenOn: string | null;
  /**
   * Whether the person's Informed Delivery digests showed a piece of this sender's on or before the
   * day the current sending went out. Digests image letters and rarely catalogs or flats: only for a
   * sender they were seen to show does their silence say anything (decision 0072).
   */
  digestShowedSender: boolean;
};

/** Whether the person, or the evidence, says this request's mail is still coming. */
function knownStillComing(request: StopEvidence) {
  return Boolean(request.stillComingAt && request.processedAt && request.stillComingAt >= request.processedAt);
}

/**
 * The one rule for "verified stopped": the person said the mail stopped (confirmedByUser), or a
 * watched mailbox shows it. Watched means the mailbox was seen on a day at least VERIFY_QUIET_DAYS
 * after the mail-stops-by date and, like every day counted here, in UTC; its digests showed this
 * sender's pieces before the sending (digestShowedSender), so their silence means something;
 * nothing from the sender may have arrived after that date, and the request is not known to be
 * still coming.
 */
export function isVerifiedStopped(request: StopEvidence): boolean {
  if (request.status === "confirmedByUser") return true;
  if (request.status !== "inQueue" || !request.processedAt || !request.mailStopsBy) return false;
  if (!request.digestShowedSender) return false;
  if (knownStillComing(request) || !request.mailboxSeenOn) return false;
  const stopsOn = utcDay(request.mailStopsBy);
  const quietUntil = utcDay(new Date(request.mailStopsBy.getTime() + VERIFY_QUIET_DAYS * DAY_MS));
  if (request.mailboxSeenOn < quietUntil) return false;
  return request.lastPieceOn === null || request.lastPieceOn <= stopsOn;
}

/**
 * The outcome one request tells of its sender's first request: not stopped once it was marked
 * still coming (by a piece seen) or followed up by the ladder, whatever came after; stopped when
 * verified (isVerifiedStopped); otherwise not known yet.
 */
export function outcomeOf(request: StopEvidence): "stopped" | "notStopped" | null {
  if (request.followUpStep > 0 || request.stillComingAt) return "notStopped";
  return isVerifiedStopped(request) ? "stopped" : null;
}

/** The value below which `share` of the sorted values lie (nearest rank); null for none. */
export function percentile(sortedValues: number[], share: number): number | null {
  if (sortedValues.length === 0) return null;
  const rank = Math.ceil(share * sortedValues.length);
  return sortedValues[Math.min(sortedValues.length, Math.max(1, rank)) - 1]!;
}

/** Whole days from the request reaching the sender to the last piece seen of it, never below zero. */
export function daysToLastPiece(reachedAt: Date, lastPieceOn: string): number {
  return Math.max(0, dayNumber(lastPieceOn) - dayNumber(utcDay(reachedAt)));
}
