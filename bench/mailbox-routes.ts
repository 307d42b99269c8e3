// What bench/mailbox.ts and its Worker entry (bench/mailbox-entry.ts) say to each other.
export const MAILBOX_HOUSEHOLDS_PATH = "/__bench/mailbox/households";
export const MAILBOX_PROGRESS_PATH = "/__bench/mailbox/progress";
export const MAILBOX_FIGURES_PATH = "/__bench/mailbox/figures";
export const MAILBOX_SWEEP_PATH = "/__bench/mailbox/sweep";
export const MAILBOX_YEAR_PATH = "/__bench/mailbox/year";

export type BenchHousehold = {
  userId: string;
  email: string;
  token: string;
  /** Requests the household sent, each to a catalog sender (its id is the request's id), and when. */
  requests: { templateId: string; title: string; processedAt: number }[];
};

export type BenchPiece = {
  userId: string;
  arrivedOn: string;
  state: string;
  templateId: string | null;
  senderName: string | null;
  requestId: string | null;
  residentMail: boolean;
  customerNumber: string | null;
  /** The digest's Postal Service signature verified (decision 0063). */
  authenticated: boolean;
};

export type BenchFigures = {
  /** The pieces recorded in the bench households' mailboxes (mail_arrivals rows). */
  recorded: BenchPiece[];
  stillComing: { userId: string; requestId: string }[];
  stillComingLines: number;
  imagesLeft: number;
};

/** One household's read pieces of the month, recorded again for each of the year's other months. */
export type BenchYear = { pieces: BenchPiece[]; months: number; days: number };
