import type { RequestStatus } from "../../drizzle/schema";
import { DAY_MS } from "~/domain/dates";
import { canAskIfMailStopped, mailClock, MAIL_STOPS_AFTER_DAYS, reachedSenderAt, type LetterArrival } from "~/domain/mail-timing";
import { isStillComing } from "~/domain/seen-in-mail";
import { isVerifiedStopped, type StopEvidence } from "~/domain/sender-outcome";

// "Has the mail stopped?" reminders (docs/decisions/0017-reminders.md; product rules: What the product promises).

/**
 * The first reminder goes out when mail printed before should have stopped coming (mailClock's
 * mailStopsBy): this many days after the request reached the sender, unless the sender's own
 * learned days say otherwise.
 */
export const FIRST_REMINDER_AFTER_DAYS = MAIL_STOPS_AFTER_DAYS;

/** The second and last reminder goes out this many days after the first. */
export const DAYS_BETWEEN_REMINDERS = 14;

/**
 * ...and within this many days of being due, or never (decision 0088): a "last reminder" weeks late
 * asks about a sending long past, and the cron's second round reads only one week of first reminders.
 */
export const SECOND_REMINDER_WINDOW_DAYS = 7;

export type ReminderRound = 1 | 2;

/** The two answers a reminder asks for: the user actions they stand for (product rules: Request statuses and actions). */
export const REMINDER_ANSWERS = ["confirm", "report"] as const;
export type ReminderAnswer = (typeof REMINDER_ANSWERS)[number];

export const REMINDER_ANSWER_LABELS: Record<ReminderAnswer, string> = {
  confirm: "Mail has stopped",
  report: "Mail is still coming",
};

export type ReminderCandidate = {
  status: RequestStatus | null;
  /** When the request was sent. Null until sent, and again after a report. */
  processedAt: Date | null;
  /** The letter Lob mailed for this sending, if it did: the clock starts when it reached the sender. */
  letter?: LetterArrival | null;
  requiredDays: number;
  /** The days its sender's mail was seen to take to stop, once known (learnedStopDays). */
  learnedDays?: number | null;
  /** The user's choice; the link in every reminder turns it off. */
  reminderEmails: boolean;
  /** When this processing's first reminder was claimed, if it was. */
  firstReminderAt: Date | null;
  /** Whether this processing's second reminder was claimed. */
  secondReminderClaimed: boolean;
};

/**
 * Which reminder a request is due for now, if any. Only a request still waiting on an answer
 * counts: in queue and sent. Confirm changes the status and Report clears processedAt, so either
 * answer ends the reminders; a later re-send starts a new cycle under its new processedAt.
 * The clock starts when the sender got the request (reachedSenderAt). Round 1 once mail printed
 * before should have stopped coming (mailClock's mailStopsBy, when the card asks too:
 * canAskIfMailStopped); round 2 once round 1 went out at least DAYS_BETWEEN_REMINDERS before, and
 * less than SECOND_REMINDER_WINDOW_DAYS more. The cron's SQL (app/models/reminder.server.ts)
 * applies the same rule to every request at once.
 */
export function dueReminderRound(candidate: ReminderCandidate, now: Date): ReminderRound | null {
  if (candidate.status !== "inQueue" || !candidate.processedAt || !candidate.reminderEmails) return null;
  const clock = mailClock(reachedSenderAt(candidate.processedAt, candidate.letter)!, candidate.requiredDays, candidate.learnedDays ?? null);
  // Never asked before the card would take the answer, in either round.
  if (!canAskIfMailStopped(clock, now)) return null;
  if (!candidate.firstReminderAt) return 1;
  if (candidate.secondReminderClaimed) return null;
  const secondDueAt = candidate.firstReminderAt.getTime() + DAYS_BETWEEN_REMINDERS * DAY_MS;
  return secondDueAt <= now.getTime() && now.getTime() < secondDueAt + SECOND_REMINDER_WINDOW_DAYS * DAY_MS ? 2 : null;
}

/**
 * Whether a reminder claimed for this processing should still be sent when its job runs: the user
 * may have answered, or turned reminders off, in the meantime. "Has the mail stopped?" is asked
 * only when the evidence cannot tell: not once a piece seen in their mail after the day the mail
 * should have stopped said it did not (isStillComing), nor once the follow-up ladder took it up
 * (followUpStep above 0), nor when their watched mailbox shows it stopped (isVerifiedStopped).
 */
export function reminderStillWanted(
  request: {
    status: RequestStatus | null;
    processedAt: Date | null;
    stillComingAt?: Date | null;
    followUpStep?: number;
  } & Partial<Pick<StopEvidence, "mailStopsBy" | "lastPieceOn" | "mailboxSeenOn" | "digestShowedSender">>,
  user: { reminderEmails: boolean },
  claimedFor: { processedAt: number },
): boolean {
  const evidence: StopEvidence = {
    ...request,
    stillComingAt: request.stillComingAt ?? null,
    followUpStep: request.followUpStep ?? 0,
    mailStopsBy: request.mailStopsBy ?? null,
    lastPieceOn: request.lastPieceOn ?? null,
    mailboxSeenOn: request.mailboxSeenOn ?? null,
    digestShowedSender: request.digestShowedSender ?? false,
  };
  if (isStillComing(evidence) || evidence.followUpStep > 0 || isVerifiedStopped(evidence)) return false;
  return request.status === "inQueue" && request.processedAt?.getTime() === claimedFor.processedAt && user.reminderEmails;
}

/**
 * The answers the reminder page offers for a request in its state: not "still coming" while its
 * sender's review speaks for it (decision 0091), where that answer sends nothing.
 */
export function reminderAnswersFor(request: {
  status: RequestStatus | null;
  processedAt: Date | null;
  inSenderReview?: boolean;
}): ReminderAnswer[] {
  if (request.status === "inQueue" && request.processedAt) return request.inSenderReview ? ["confirm"] : ["confirm", "report"];
  if (request.status === "confirmedByUser") return ["report"];
  return [];
}

/** "today", "1 day ago", "12 days ago", then whole weeks from two weeks on: "10 weeks ago". */
export function timeAgo(then: Date, now: Date): string {
  const days = Math.max(0, Math.floor((now.getTime() - then.getTime()) / DAY_MS));
  if (days === 0) return "today";
  if (days < 14) return days === 1 ? "1 day ago" : `${days} days ago`;
  return `${Math.floor(days / 7)} weeks ago`;
}

const REMINDER_UNSUBSCRIBE_PATH = "/reminders/unsubscribe";

export function reminderPath(requestId: string) {
  return `/reminders/${encodeURIComponent(requestId)}`;
}

export function reminderUnsubscribePath(token: string) {
  return `${REMINDER_UNSUBSCRIBE_PATH}?${new URLSearchParams({ token })}`;
}
