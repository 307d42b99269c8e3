// The one time rule every card, email, reminder and page tells (product rules: What the product
// promises). The clock starts when the sender got the request: the day a letter was delivered (or
// Lob expects it there), the moment an email was sent. From then the sender has its days to act
// (requiredDays, from the catalog), and mail it printed before may keep coming for up to
// MAIL_STOPS_AFTER.weeks (its next EXTRA_MAILINGS), or for the days this sender's mail was seen to
// take. Whether the mail stopped is asked only once that mail should have stopped coming
// (mailStopsBy): before then a piece still arriving is expected, and says nothing about the
// request. Pure, so each rule has a unit test (mail-timing.test.ts).
import { DAY_MS } from "~/domain/dates";

export const EXTRA_MAILINGS = { fewest: 1, most: 3 } as const;
export const MAIL_STOPS_AFTER = { weeks: 8, extraMailings: `${EXTRA_MAILINGS.fewest} to ${EXTRA_MAILINGS.most}` } as const;
export const MAIL_STOPS_AFTER_DAYS = MAIL_STOPS_AFTER.weeks * 7;

/** The spec's sentence, word for word. */
export const WHY_MAIL_TAKES_WEEKS = `Stopping takes about ${MAIL_STOPS_AFTER.weeks} weeks after processing, because mailers pre-print ${MAIL_STOPS_AFTER.extraMailings} extra mailings.`;

/** The rule in words, for the pages and emails that speak of every sender at once. */
export function timingRule(requiredDays: number) {
  return (
    `Once a sender gets your request, it has ${requiredDays} days to act; ` +
    `mail it printed before may keep coming for up to ${MAIL_STOPS_AFTER.weeks} weeks (${MAIL_STOPS_AFTER.extraMailings} more mailings).`
  );
}

/** A letter's way to the sender, as far as the clock needs it. */
export type LetterArrival = { deliveredAt: Date | null; expectedDeliveryDate: string | null };

/** Lob's expected delivery date (YYYY-MM-DD) as the end of that day in U.S. time: the sender has it by then. */
export function expectedArrival(expectedDeliveryDate: string | null): Date | null {
  if (!expectedDeliveryDate || !/^\d{4}-\d{2}-\d{2}$/.test(expectedDeliveryDate)) return null;
  return new Date(`${expectedDeliveryDate}T23:59:59-05:00`);
}

/**
 * When the sender got the request: a letter when it was delivered, or the day Lob expects it
 * there; anything else (an email, a form staff filed, a letter staff posted) when it was sent.
 */
export function reachedSenderAt(sentAt: Date | null, letter: LetterArrival | null = null): Date | null {
  if (!sentAt) return null;
  if (letter?.deliveredAt) return letter.deliveredAt;
  const expected = expectedArrival(letter?.expectedDeliveryDate ?? null);
  return expected && expected > sentAt ? expected : sentAt;
}

export type MailClock = {
  reachedAt: Date;
  /** The end of the sender's days to act. */
  actBy: Date;
  /** The last day mail printed before may still arrive: from then on, whether the mail stopped is asked. */
  mailStopsBy: Date;
};

/**
 * A request's clock. Mail printed before may come for MAIL_STOPS_AFTER_DAYS, or for the days this
 * sender's mail was seen to take (`learnedDays`, app/domain/sender-outcome.ts) once enough
 * requests showed it; never less than the sender's days to act.
 */
export function mailClock(reachedAt: Date, requiredDays: number, learnedDays: number | null = null): MailClock {
  return {
    reachedAt,
    actBy: new Date(reachedAt.getTime() + requiredDays * DAY_MS),
    mailStopsBy: new Date(reachedAt.getTime() + Math.max(requiredDays, learnedDays ?? MAIL_STOPS_AFTER_DAYS) * DAY_MS),
  };
}

/**
 * Whether "Has the mail stopped?" can be answered: mail printed before the request should have
 * stopped coming (the same date the digests are read against). Before then, "still coming" is
 * what the clock expects, and would send a second request for nothing.
 */
export function canAskIfMailStopped(clock: MailClock, now: Date) {
  return now.getTime() >= clock.mailStopsBy.getTime();
}

/** Whole days from now to a date, never below zero. */
export function daysUntil(date: Date, now: Date) {
  return Math.max(0, Math.ceil((date.getTime() - now.getTime()) / DAY_MS));
}
