// What bench/followup.ts and its Worker entry (bench/followup-entry.ts) say to each other.
import type { PlannedHousehold } from "./followup-model";

export const FOLLOWUP_HOUSEHOLDS_PATH = "/__bench/followup/households";
export const FOLLOWUP_DAY_PATH = "/__bench/followup/day";
export const FOLLOWUP_STOPPED_PATH = "/__bench/followup/stopped";
export const FOLLOWUP_FIGURES_PATH = "/__bench/followup/figures";

export type FollowUpHouseholds = { households: PlannedHousehold[] };

/** One piece seen in a household's mailbox: its sender is known, as a digest's piece once read. */
export type SimulatedPiece = { userId: string; templateId: string; entryId: string };

/** A day of the year: its pieces, then the daily cron and the jobs it queued. */
export type FollowUpDay = { day: string; pieces: SimulatedPiece[]; afterLogRow: number };

/** What the app did that day: the ladder's history lines, by request. */
export type FollowUpDayResult = {
  /** The ladder's lines, and the sendings of requests the ladder followed up, with the request's step. */
  events: { userId: string; requestId: string; status: string; creator: string; step: number }[];
  /** Follow-ups staff sent that day. */
  staffSent: number;
  /** Sender reviews staff answered that day (decision 0091). */
  reviewsAnswered: number;
  lastLogRow: number;
  stillComing: number;
  /** Requests under the law the households confirmed on their card that day (decision 0064). */
  confirmed: number;
  jobsRun: number;
  jobsRetried: number;
  jobsDead: number;
  /** Milliseconds the Worker spent on the pieces (and the jobs they queued), the cron, and the cron's jobs. */
  piecesMs: number;
  cronMs: number;
  jobsMs: number;
  /** The cron's milliseconds by daily task. */
  cronTaskMs: Record<string, number>;
};

/** The share of requests verified stopped on a day, by the one rule (isVerifiedStopped). */
export type FollowUpStopped = {
  day: string;
  requests: number;
  /** The verified requests, as `${userId} ${templateId}`. */
  verified: string[];
  byCategory: Record<string, { requests: number; verified: number }>;
};

export type FollowUpFigures = {
  /** History lines of the bench's requests, by status. */
  lines: Record<string, number>;
  /** Lines written by staff (their sendings, and their reviews' findings), by status. */
  staffLines: Record<string, number>;
  /** Sender reviews (decision 0091): opened, answered by staff, and the requests a finding answered by itself, with no new look. */
  reviews: { opened: number; answered: number; answeredByAFinding: number };
  /** Requests with staff after the ladder on their own, not in a sender's review. */
  escalatedAlone: number;
  /** Requests by follow-up step (0 to 3). */
  steps: Record<string, number>;
  /** Requests waiting in the staff work queue (in queue, not sent), by follow-up step. */
  waitingForStaff: Record<string, number>;
  /** Requests held before the legal step, by hold. */
  holds: Record<string, number>;
  jobs: Record<string, number>;
  rows: Record<string, number>;
};
