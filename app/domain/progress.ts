// What the progress pages say (decision 0060): a person's senders by where they stand, the pieces
// seen before and after each request, the mail avoided as an estimate with its basis, and pieces
// per week for a chart drawn on the server. Pure, so each rule has a unit test (progress.test.ts).
import type { RequestStatus } from "../../drizzle/schema";
import { dayNumber, dayOfNumber, dayText, formatDate, isoDate } from "~/domain/dates";
import { mailClock } from "~/domain/mail-timing";
import { isStillComing } from "~/domain/seen-in-mail";
import { isVerifiedStopped, learnedStopDays } from "~/domain/sender-outcome";

/** The chart's reach: half a year of weeks. */
export const CHART_WEEKS = 26;

/** The weeks before a request whose pieces set the pace the estimate of mail avoided goes by. */
const PACE_WEEKS = 26;

/** The weeks compared before and after a person's first request, in the chart's description. */
const BEFORE_AFTER_WEEKS = 8;

/** The days up to today whose pieces the progress page reads (progressReadsFrom). */
export const PROGRESS_DAYS = 7 * (CHART_WEEKS + BEFORE_AFTER_WEEKS);

/** One week of a chart: its first day (YYYY-MM-DD) and how many there were. */
export type ChartWeek = { startsOn: string; count: number };
/** A date marked on a chart: the week it falls in (an index of the weeks) and what it was. */
export type ChartMark = { week: number; label: string };

/**
 * The CHART_WEEKS weeks that end today (the last one is the seven days up to today), each with
 * the count of days' counts that fall in it; days outside are left out.
 */
export function weeksEndingOn(today: string, countsByDay: { day: string; count: number }[], weeks = CHART_WEEKS): ChartWeek[] {
  const last = dayNumber(today);
  const first = last - weeks * 7 + 1;
  const chart = Array.from({ length: weeks }, (_, index) => ({ startsOn: dayOfNumber(first + index * 7), count: 0 }));
  for (const { day, count } of countsByDay) {
    const index = weekIndexOf(day, today, weeks);
    if (index !== null) chart[index]!.count += count;
  }
  return chart;
}

/** Which of the weeks ending today a day falls in; null outside them. */
export function weekIndexOf(day: string, today: string, weeks = CHART_WEEKS): number | null {
  const first = dayNumber(today) - weeks * 7 + 1;
  const offset = dayNumber(day) - first;
  if (offset < 0 || offset >= weeks * 7) return null;
  return Math.floor(offset / 7);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A label under a chart's weeks: the week it stands under (an index of the weeks) and the month's short name. */
export type ChartMonth = { week: number; label: string };

/**
 * The month names under a chart's weeks: each month under the week its first day falls in, and the
 * first week's month when the next name is three weeks away or more (room for the name).
 */
export function monthLabels(weeks: ChartWeek[]): ChartMonth[] {
  const labels: ChartMonth[] = [];
  weeks.forEach((week, index) => {
    const start = dayNumber(week.startsOn);
    const firstOfMonth = Array.from({ length: 7 }, (_, offset) => dayOfNumber(start + offset)).find((day) => day.endsWith("-01"));
    if (firstOfMonth) labels.push({ week: index, label: MONTHS[Number(firstOfMonth.slice(5, 7)) - 1]! });
  });
  const first = weeks[0];
  if (first && labels[0]?.week !== 0 && (labels[0]?.week ?? weeks.length) >= 3) {
    labels.unshift({ week: 0, label: MONTHS[Number(first.startsOn.slice(5, 7)) - 1]! });
  }
  return labels;
}

/** The first day the progress page reads pieces from: the chart's weeks and the BEFORE_AFTER_WEEKS before them. */
export function progressReadsFrom(today: string) {
  return dayOfNumber(dayNumber(chartStartsOn(today)) - BEFORE_AFTER_WEEKS * 7);
}

/**
 * Pieces seen in the BEFORE_AFTER_WEEKS before the person's first request and as long after it (or
 * the days since, when fewer, the same length before), as one sentence. `days` must reach back
 * to progressReadsFrom(today).
 */
export function beforeAndAfter(days: { day: string; count: number }[], firstSentOn: string | null, today: string): string {
  if (!firstSentOn) return "No request has gone out yet.";
  if (firstSentOn < chartStartsOn(today))
    return `Your first request went out on ${dayText(firstSentOn)}, before these ${CHART_WEEKS} weeks.`;
  const sent = dayNumber(firstSentOn);
  const length = Math.min(BEFORE_AFTER_WEEKS * 7, dayNumber(today) - sent + 1);
  const within = (from: number, to: number) =>
    days.reduce((sum, row) => sum + (dayNumber(row.day) >= from && dayNumber(row.day) < to ? row.count : 0), 0);
  const before = within(sent - length, sent);
  const after = within(sent, sent + length);
  const span = length % 7 === 0 ? `${length / 7} ${length === 7 ? "week" : "weeks"}` : `${length} ${length === 1 ? "day" : "days"}`;
  return (
    `${before} ${before === 1 ? "piece" : "pieces"} in the ${span} before your first request on ${dayText(firstSentOn)}, ` +
    `${after} in the ${span} ${length === BEFORE_AFTER_WEEKS * 7 ? "after" : "since"}.`
  );
}

/** One of the person's requests, as the progress page reads it. */
export type ProgressRequest = {
  id: string;
  senderName: string;
  status: RequestStatus | null;
  processedAt: Date | null;
  stillComingAt: Date | null;
  followUpStep: number;
  requiredDays: number;
  outcomeCases: number | null;
  outcomeP90Days: number | null;
  /** Whether the person's digests showed this sender's pieces before the sending (decision 0072). */
  digestShowedSender: boolean;
  /** Pieces matched to the request that arrived before the day it was sent, on or after it, and in the PACE_WEEKS before it. */
  piecesBefore: number;
  piecesAfter: number;
  piecesInPace: number;
  lastPieceOn: string | null;
};

export type ProgressStanding = "stopped" | "stillComing" | "followedUp" | "escalated" | "waiting";

const STANDING_LABELS: Record<ProgressStanding, string> = {
  stopped: "Stopped",
  stillComing: "Still coming",
  followedUp: "Being followed up",
  escalated: "With our staff",
  waiting: "Waiting",
};

/**
 * Where a sent request stands: with staff (the ladder's last step), followed up (a second request
 * or one under the law went out), still coming, stopped (isVerifiedStopped), or still waiting.
 * The clock starts when it was sent (processedAt): close enough for a page of counts.
 */
function standingOf(request: ProgressRequest, mailboxSeenOn: string | null): ProgressStanding {
  if (request.followUpStep >= 3) return "escalated";
  if (request.followUpStep > 0) return "followedUp";
  if (isStillComing(request)) return "stillComing";
  const learnedDays = learnedStopDays(
    request.outcomeCases === null ? null : { cases: request.outcomeCases, p90Days: request.outcomeP90Days },
  );
  const mailStopsBy = request.processedAt ? mailClock(request.processedAt, request.requiredDays, learnedDays).mailStopsBy : null;
  return isVerifiedStopped({ ...request, mailStopsBy, lastPieceOn: request.lastPieceOn, mailboxSeenOn }) ? "stopped" : "waiting";
}

/**
 * The mail avoided, as an estimate: each stopped sender's pieces seen in the PACE_WEEKS before its
 * request, at that pace for a year. Null when no stopped sender was seen before its request.
 */
export function mailAvoidedEstimate(stopped: ProgressRequest[]): { perYear: number; basis: string } | null {
  const seen = stopped.reduce((sum, request) => sum + request.piecesInPace, 0);
  if (seen === 0) return null;
  const perYear = Math.round((seen * 52) / PACE_WEEKS);
  const senders = stopped.filter((request) => request.piecesInPace > 0).length;
  return {
    perYear,
    basis:
      `An estimate: ${seen} ${seen === 1 ? "piece" : "pieces"} from ${senders} stopped ${senders === 1 ? "sender" : "senders"} ` +
      `came in the ${PACE_WEEKS} weeks before your ${senders === 1 ? "request" : "requests"}; at that pace, about ${perYear} a year. ` +
      "It counts only the mail your mailbox address or photos showed us.",
  };
}

/** A chart's marks for the requests sent within its weeks, each labelled with its sender and date. */
function requestMarks(requests: ProgressRequest[], today: string, timeZone: string): ChartMark[] {
  return requests.flatMap((request) => {
    if (!request.processedAt) return [];
    const week = weekIndexOf(isoDate(request.processedAt, timeZone), today);
    return week === null ? [] : [{ week, label: `Request to ${request.senderName}, ${formatDate(request.processedAt, timeZone)}` }];
  });
}

/** What progressOfUser read, for progressView. */
export type ProgressSnapshot = {
  requests: Omit<ProgressRequest, "piecesBefore" | "piecesAfter" | "piecesInPace" | "lastPieceOn">[];
  /** Pieces matched to a request, by request and day. */
  matched: { requestId: string | null; day: string; count: number }[];
  /** Every piece seen since the chart's first week, by day. */
  days: { day: string; count: number }[];
  mailboxSeenOn: string | null;
};

const STANDING_ORDER: ProgressStanding[] = ["stopped", "stillComing", "followedUp", "escalated", "waiting"];

/** The first day of the chart's weeks that end on `today`. */
function chartStartsOn(today: string) {
  return dayOfNumber(dayNumber(today) - CHART_WEEKS * 7 + 1);
}

/** The person's progress page: counts by standing, each sender's pieces before and after, the estimate, the chart. */
export function progressView(snapshot: ProgressSnapshot, { now, timeZone }: { now: Date; timeZone: string }) {
  const today = isoDate(now, timeZone);
  const requests: ProgressRequest[] = snapshot.requests.map((request) => {
    const sentOn = request.processedAt ? isoDate(request.processedAt, timeZone) : null;
    const paceFrom = sentOn ? dayOfNumber(dayNumber(sentOn) - PACE_WEEKS * 7) : null;
    const pieces = snapshot.matched.filter((row) => row.requestId === request.id);
    const sum = (keep: (day: string) => boolean) => pieces.reduce((total, row) => total + (keep(row.day) ? row.count : 0), 0);
    return {
      ...request,
      piecesBefore: sentOn ? sum((day) => day < sentOn) : 0,
      piecesAfter: sentOn ? sum((day) => day >= sentOn) : 0,
      piecesInPace: sentOn && paceFrom ? sum((day) => day >= paceFrom && day < sentOn) : 0,
      lastPieceOn: pieces.reduce<string | null>((last, row) => (!last || row.day > last ? row.day : last), null),
    };
  });
  const standings = requests.map((request) => ({ request, standing: standingOf(request, snapshot.mailboxSeenOn) }));
  const weeks = weeksEndingOn(today, snapshot.days);
  const marks = requestMarks(requests, today, timeZone);
  const seenInChart = weeks.reduce((sum, week) => sum + week.count, 0);
  const firstSentOn = requests.reduce<string | null>((first, request) => {
    const sentOn = request.processedAt ? isoDate(request.processedAt, timeZone) : null;
    return sentOn && (!first || sentOn < first) ? sentOn : first;
  }, null);
  return {
    counts: STANDING_ORDER.map((standing) => ({
      standing,
      label: STANDING_LABELS[standing],
      count: standings.filter((entry) => entry.standing === standing).length,
    })),
    senders: standings
      .sort(
        (a, b) =>
          STANDING_ORDER.indexOf(a.standing) - STANDING_ORDER.indexOf(b.standing) ||
          a.request.senderName.localeCompare(b.request.senderName),
      )
      .map(({ request, standing }) => ({
        id: request.id,
        senderName: request.senderName,
        standing: STANDING_LABELS[standing],
        sentOn: request.processedAt ? formatDate(request.processedAt, timeZone) : null,
        piecesBefore: request.piecesBefore,
        piecesAfter: request.piecesAfter,
      })),
    estimate: mailAvoidedEstimate(standings.filter((entry) => entry.standing === "stopped").map((entry) => entry.request)),
    chart: {
      weeks,
      marks,
      months: monthLabels(weeks),
      description:
        `${seenInChart} ${seenInChart === 1 ? "piece" : "pieces"} seen in your mail in the last ${CHART_WEEKS} weeks, ` +
        `the most in one week ${Math.max(0, ...weeks.map((week) => week.count))}. ` +
        beforeAndAfter(snapshot.days, firstSentOn, today),
    },
    empty: requests.length === 0 && seenInChart === 0,
  };
}

/** The staff progress page's weeks, from the history lines counted per day and status (serviceLinesPerDay). */
export function serviceProgressView(
  lines: { status: string; day: string; count: number }[],
  groups: Record<"stillComing" | "followUps" | "escalated", readonly string[]>,
  today: string,
) {
  const weeksOf = (statuses: readonly string[]) =>
    weeksEndingOn(
      today,
      lines.filter((line) => statuses.includes(line.status)),
    );
  /** "12 of them in the last 26 weeks, the most in one week 4." after what is counted. */
  const described = (weeks: ChartWeek[], what: string) => {
    const total = weeks.reduce((sum, week) => sum + week.count, 0);
    return `${what}: ${total} in the last ${CHART_WEEKS} weeks, the most in one week ${Math.max(0, ...weeks.map((week) => week.count))}.`;
  };
  const stillComing = weeksOf(groups.stillComing);
  const followUps = weeksOf(groups.followUps);
  const escalated = weeksOf(groups.escalated);
  return {
    stillComing: {
      weeks: stillComing,
      months: monthLabels(stillComing),
      description: described(stillComing, "Requests marked still coming after their mail should have stopped"),
    },
    followUps: {
      weeks: followUps,
      months: monthLabels(followUps),
      description: described(followUps, "Second requests and requests under a state law sent"),
    },
    escalated: { weeks: escalated, months: monthLabels(escalated), description: described(escalated, "Requests handed to staff") },
  };
}
