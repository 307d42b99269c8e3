// The follow-up ladder (decision 0058): what the service does, without being asked, for a request
// whose sender kept mailing after the day its mail should have stopped. First a second request,
// free, citing the first; then, after a second wait, a request under the person's state privacy law
// as their authorized agent, where the law allows it and they signed their permission; then staff.
// The words the card and the history say of each step live here too. Pure: the caller passes `now`.
import type { FollowUpHold, SenderChannel } from "../../drizzle/schema";
import { formatDate } from "~/domain/dates";
import { legalRouteFor, type LawReachOfSender, type LegalAsks, type LegalRoute, type StatePrivacyLaw } from "~/domain/state-privacy-laws";
import { expectedDateText, latestEvent, latestEvidence, sendingLeft, type DeliveryEvidence } from "~/domain/request-evidence";
import { FOLLOW_UP_SENDS_PER_DAY } from "~/domain/still-coming";
import { timingRule } from "~/domain/mail-timing";
import { NEXT_STEP_LABELS } from "~/domain/dashboard";

export type FollowUpFacts = {
  /** 0 while the first request works, 1 once a second request went out, 2 once the legal one did, 3 with staff. */
  followUpStep: number;
  followUpHold: FollowUpHold | null;
  /** The state of the request's address, whose law applies. */
  state: string;
  /** The catalog's category of the sender; null for a sender outside the catalog. */
  category: string | null;
  /** Whether the person's permission to act as their agent is in force now. */
  permissionInForce: boolean;
  /** The person said the mail is still coming (a report), rather than a piece or the cron showing it. */
  byPerson: boolean;
};

export type NextFollowUp =
  | { kind: "second" }
  | { kind: "legal"; law: StatePrivacyLaw; asks: LegalAsks; reach: LawReachOfSender }
  | { kind: "hold"; hold: "permissionNeeded" | "confirmationNeeded"; law: StatePrivacyLaw }
  /** `bySenderReview`: the request joins its sender's one review rather than waiting for staff alone (decision 0091). */
  | { kind: "escalate"; reason: string; bySenderReview: boolean }
  | { kind: "none" };

/** The step a request marked still coming takes next. */
export function nextFollowUp(facts: FollowUpFacts, now: Date): NextFollowUp {
  // A withdrawn permission stops the ladder; the person can still ask, and staff take it from there.
  if (facts.followUpHold === "permissionRevoked") {
    return facts.byPerson
      ? { kind: "escalate", reason: "you withdrew your permission, then told us the mail is still coming", bySenderReview: false }
      : { kind: "none" };
  }
  switch (facts.followUpStep) {
    case 0:
      return { kind: "second" };
    case 1: {
      const route = legalRouteFor(facts.state, { category: facts.category }, now);
      if (route.kind !== "send") return { kind: "escalate", reason: noLegalRouteReason(route), bySenderReview: true };
      // A request in the person's name under the law goes out only once they said so themselves
      // (decision 0064): a piece, or the cron, only asks them. A step held for the daily cap was
      // decided by the person already, and so was one waiting for their permission.
      const confirmed = facts.byPerson || facts.followUpHold === "dailyLimit" || facts.followUpHold === "permissionNeeded";
      if (!confirmed) {
        return facts.followUpHold === "confirmationNeeded"
          ? { kind: "none" }
          : { kind: "hold", hold: "confirmationNeeded", law: route.law };
      }
      if (!facts.permissionInForce) {
        return facts.followUpHold === "permissionNeeded" ? { kind: "none" } : { kind: "hold", hold: "permissionNeeded", law: route.law };
      }
      return { kind: "legal", law: route.law, asks: route.asks, reach: route.reach };
    }
    case 2:
      return { kind: "escalate", reason: "the sender kept mailing after the request under the law", bySenderReview: true };
    default:
      return { kind: "none" };
  }
}

function noLegalRouteReason(route: Exclude<LegalRoute, { kind: "send" }>) {
  return `the second request did not stop it, and no law lets us ask for you (${route.reason})`;
}

/** Each step in words, as the export and staff read it. */
export const FOLLOW_UP_STEP_LABELS: Record<number, string> = {
  0: "The first request",
  1: "A second request, free, citing the first",
  2: "A request under your state's privacy law, as your agent",
  3: "With our staff",
};

export const FOLLOW_UP_HOLD_LABELS: Record<FollowUpHold, string> = {
  permissionNeeded: "Waiting for your permission",
  permissionRevoked: "Stopped: you withdrew your permission",
  confirmationNeeded: "Waiting for you to say whether to ask under the law",
  dailyLimit: "Waiting for the next day: a few follow-ups go out a day",
};

/** The ways the ladder's steps are recorded in a request's history (creator "system"). */
export const FOLLOW_UP_HISTORY = {
  second: "secondRequest",
  legal: "legalRequest",
  escalate: "escalated",
  hold: "followUpHeld",
  resent: "firstRequestResent",
  reviewed: "senderReviewed",
} as const;

/** The job that tells the person of a step the ladder took in their name, or of staff's finding (decision 0071). */
export const FOLLOW_UP_NOTICE_JOB_TYPE = "followUp.notice";

/** How long staff's finding that a sender ignores requests answers later escalations to it without a new look (decision 0091). */
export const FINDING_HOLDS_DAYS = 90;

/** What the finding that a sender ignores requests is written from: the catalog's sender. */
export type ReviewedSender = {
  title: string;
  channels: SenderChannel[];
  sourceUrl: string | null;
  sourceYear: number | null;
};

const ASK_YOURSELF_BY: Partial<Record<SenderChannel["kind"], string>> = { phone: "by phone at", web: "on their web form at" };

/**
 * What every person whose request staff's review answers is told, word for word (decision 0091):
 * what staff checked and found, that we stop asking, and the ways the catalog knows to ask the
 * sender oneself (a phone number, a web form), each with the page it was read from.
 */
export function senderReviewFinding(sender: ReviewedSender, answeredAt: Date, timeZone: string): string {
  const ways = sender.channels
    .filter((channel) => ASK_YOURSELF_BY[channel.kind])
    .map((channel) => {
      const source = channel.source ?? sender.sourceUrl;
      const read = channel.checked ? `, read ${channel.checked}` : sender.sourceYear ? `, read in ${sender.sourceYear}` : "";
      return `${ASK_YOURSELF_BY[channel.kind]} ${channel.value}${source ? ` (from ${source}${read})` : ""}`;
    });
  return [
    `On ${formatDate(answeredAt, timeZone)} our staff checked how we reach ${sender.title}: the way we used is right, and they kept mailing after the requests we sent in your name.`,
    "We cannot make them stop, so we will not send the same request again.",
    ways.length > 0 ? `You can still ask them yourself: ${ways.join("; ")}.` : "We know no other way to reach them, by phone or web form.",
  ].join(" ");
}

/** The line of a request whose first request never left when the ladder would have cited it: it goes out again as the first. */
export const FIRST_REQUEST_RESENT_DETAIL =
  "Your first request was never mailed (Lob did not mail the letter), so we are sending it again before asking a second time";

/**
 * The first request as the second one cites it ("My first request was …"): when it went out, by
 * which channel and to where, and what its vendor reported ("sent on 01/05/2027 by mail to 1 Main
 * St, Springfield, IL 62701, delivered on 01/09/2027, Lob letter id ltr_1"), from the latest of its
 * sendings that left. A Lob letter that failed, was rejected or was cancelled never left and is
 * never cited. `sentAt` stands in when there is no evidence. Null when the first request's only
 * sending never left and nothing was sent after it (`processedAt`, staff printing it): there is no
 * first request to cite, and it must go out again as the first.
 */
export function firstRequestCitation(
  sendings: DeliveryEvidence[],
  sentAt: Date,
  timeZone: string,
  processedAt: Date | null = sentAt,
): string | null {
  const evidence = latestEvidence(sendings.filter(sendingLeft));
  if (!evidence) {
    const neverLeft = latestEvidence(sendings.filter((sending) => !sendingLeft(sending)));
    if (neverLeft && !(processedAt && processedAt.getTime() > neverLeft.at.getTime())) return null;
    return `sent on ${formatDate(neverLeft ? processedAt! : sentAt, timeZone)}`;
  }
  const channel = evidence.kind === "email" ? "by email" : "by mail";
  const delivered = evidence.events.find((event) => event.state === "delivered");
  const last = latestEvent<string>(evidence.events);
  const outcome = delivered
    ? `delivered${delivered.at ? ` on ${formatDate(delivered.at, timeZone)}` : ""}`
    : last?.state === "bounced" || last?.state === "returnedToSender"
      ? null
      : evidence.kind === "letter" && evidence.expectedDeliveryDate
        ? `expected at the sender on ${expectedDateText(evidence.expectedDeliveryDate)}`
        : null;
  const vendor = evidence.vendorId
    ? evidence.kind === "email"
      ? `Postmark message id ${evidence.vendorId}`
      : `Lob letter id ${evidence.vendorId}`
    : null;
  return [`sent on ${formatDate(evidence.at, timeZone)} ${channel}${evidence.to ? ` to ${evidence.to}` : ""}`, outcome, vendor]
    .filter(Boolean)
    .join(", ");
}

/**
 * Whether a legal request's letter states the law's deadline (decision 0062): only where the law
 * surely reaches the sender and the request went the way its privacy notice names.
 */
export function legalDeadlineStated(reach: LawReachOfSender | null, byNoticeMethod: boolean | null): boolean {
  return reach === "applies" && byNoticeMethod === true;
}

/** The end of the legal step's history line: the deadline as its letter states it, or why none is stated. */
function legalDeadlineWords(next: Extract<NextFollowUp, { kind: "legal" }>, byNoticeMethod: boolean) {
  const conditional = next.reach === "ifApplies" ? ", if the law applies to them" : "";
  if (!byNoticeMethod) {
    return `${conditional}; no deadline is stated, since the law's clock starts only for a request made the way their privacy notice names`;
  }
  return conditional
    ? `${conditional}; if it does, it gives them ${next.law.responseDays} days`
    : `; the law gives them ${next.law.responseDays} days`;
}

/** What a step's history line says, in words; for the legal step, whether its letter states the deadline. */
export function followUpDetail(
  next: Exclude<NextFollowUp, { kind: "none" }>,
  citation: string | null = null,
  { byNoticeMethod = false } = {},
): string {
  switch (next.kind) {
    case "second":
      return `Second request, free, citing your first request${citation ? `, ${citation}` : ""}`;
    case "legal":
      return `Request under the ${next.law.name} (${next.law.statute}) as your authorized agent, with your signed permission${legalDeadlineWords(next, byNoticeMethod)}`;
    case "hold":
      return next.hold === "confirmationNeeded"
        ? `Mail still came after the second request: waiting for you to say whether we should ask under the ${next.law.name} as your agent`
        : `Waiting for your permission to ask under the ${next.law.name}`;
    case "escalate":
      return `With our staff: ${next.reason}`;
  }
}

/** The line a withdrawn permission writes when a legal request was about to go out. */
export const PERMISSION_REVOKED_DETAIL = "Follow-up stopped: you withdrew your permission";

/** Where the person signs the permission the legal step needs. */
export const AGENT_PERMISSION_PATH = "/account#agent-permission";

export type FollowUpCardInput = {
  followUpStep: number;
  followUpAt: Date | null;
  followUpHold: FollowUpHold | null;
  /** When the first request went out, for the second's line. */
  firstSentAt: Date | null;
  /** The first request as the second cited it, whose date stands in when no sending of it is recorded. */
  firstRequestCitation: string | null;
  /** The law the legal request was sent under, or the one the held step waits to ask under. */
  law: StatePrivacyLaw | null;
  /** Whether the legal request's letter states the law's deadline (legalDeadlineStated); no when not said. */
  deadlineStated?: boolean;
  /** When staff found that the sender ignores requests, for a request their review answered (decision 0091). */
  senderReviewedAt?: Date | null;
};

/** Where the ladder stands, in the card's words; null while the first request works. */
export function followUpCardText(input: FollowUpCardInput, timeZone: string): { text: string; link: string | null } | null {
  const on = (date: Date | null) => (date ? formatDate(date, timeZone) : "");
  if (input.followUpHold === "permissionRevoked") return { text: PERMISSION_REVOKED_DETAIL, link: null };
  if (input.followUpHold === "confirmationNeeded" && input.law) {
    return {
      text: `Mail still came after your second request. We ask under the ${input.law.name}, in your name as your agent, only once you say so`,
      link: null,
    };
  }
  if (input.followUpHold === "dailyLimit") {
    return {
      text: `Your next request goes out tomorrow: we send at most ${FOLLOW_UP_SENDS_PER_DAY} follow-ups a day for one account`,
      link: null,
    };
  }
  if (input.followUpHold === "permissionNeeded" && input.law) {
    return {
      text: `Waiting for your permission: sign once in your account so we can ask under the ${input.law.name}`,
      link: AGENT_PERMISSION_PATH,
    };
  }
  switch (input.followUpStep) {
    case 1: {
      // The citation's first date is the first request's (firstRequestCitation).
      const firstOn = input.firstSentAt ? on(input.firstSentAt) : (input.firstRequestCitation?.match(/\d\d\/\d\d\/\d{4}/)?.[0] ?? null);
      return { text: `Second request on ${on(input.followUpAt)}, free${firstOn ? `, citing your request of ${firstOn}` : ""}`, link: null };
    }
    case 2:
      return input.law
        ? {
            text: `Request under the ${input.law.name} on ${on(input.followUpAt)}${
              input.deadlineStated ? `; the law gives them ${input.law.responseDays} days` : ""
            }`,
            link: null,
          }
        : null;
    case 3:
      return input.senderReviewedAt
        ? {
            text: `Our staff found on ${on(input.senderReviewedAt)} that they kept mailing after our requests: the history says what you can still do`,
            link: null,
          }
        : { text: `With our staff since ${on(input.followUpAt)}`, link: null };
    default:
      return null;
  }
}

/** How many weekly reminders a step waiting for the person gets after its first email (decision 0071). */
export const HOLD_REMINDERS = 4;

/** What the email about one step of the ladder is written from (decision 0071). */
export type FollowUpNoticeFacts = {
  senderName: string;
  /** The step's history line: its status (FOLLOW_UP_HISTORY), its words and when. */
  status: string;
  detail: string | null;
  at: Date;
  /** What holds the request now: a hold line is news only while its hold still waits. */
  hold: FollowUpHold | null;
  /** The law the legal request went under, or the one the held step waits to ask under. */
  law: StatePrivacyLaw | null;
  requiredDays: number;
  requestUrl: string;
  permissionUrl: string;
  unsubscribeUrl: string;
  /** For a weekly reminder of a step waiting for the person: which one, of how many at most. */
  reminder?: { week: number; of: number } | null;
};

/**
 * The email that tells the person of a step taken in their name: the sender, what went out (the
 * step's history line, word for word), the sender's clock, and the one thing to do if any. Null
 * when there is no longer anything to say (a hold the person already answered). Plain text.
 */
/**
 * A step is told when it is taken, and its sending may still wait (for the automatic email or
 * letter, or for staff): the email never says it went, and points to where that shows.
 */
const GONE_OUT = "The request's card shows when it has gone out, and how.";

export function followUpNoticeEmail(facts: FollowUpNoticeFacts, timeZone: string): { subject: string; text: string } | null {
  const sender = facts.senderName;
  const law = facts.law ? `the ${facts.law.name}` : "your state's privacy law";
  const nothingToDo = "Nothing to do now.";
  const told = (() => {
    switch (facts.status) {
      case FOLLOW_UP_HISTORY.second:
        return {
          subject: `We are asking ${sender} again, in your name`,
          next: `${GONE_OUT} ${timingRule(facts.requiredDays)} If their mail still comes after that, we take the next step and tell you. ${nothingToDo}`,
        };
      case FOLLOW_UP_HISTORY.resent:
        return { subject: `Your request to ${sender} is going out again`, next: nothingToDo };
      case FOLLOW_UP_HISTORY.legal:
        return {
          subject: `We are asking ${sender} under ${law}, as your agent`,
          next: `${GONE_OUT} ${nothingToDo} You can withdraw your permission at any time in your account:\n${facts.permissionUrl}`,
        };
      case FOLLOW_UP_HISTORY.escalate:
        return { subject: `Your request to ${sender} is with our staff`, next: nothingToDo };
      case FOLLOW_UP_HISTORY.reviewed:
        return { subject: `What our staff found about ${sender}`, next: "We send nothing more to them for this request." };
      case FOLLOW_UP_HISTORY.hold:
        if (facts.hold === "confirmationNeeded")
          return {
            subject: `Mail from ${sender} is still coming: shall we ask under ${law}?`,
            next: `We ask under ${law} in your name only once you say so. To have us ask, press “${NEXT_STEP_LABELS.stillComing.report}” on the request's card:\n${facts.requestUrl}`,
          };
        if (facts.hold === "permissionNeeded")
          return {
            subject: `Sign once so we can ask ${sender} under ${law}`,
            next: `Sign your permission once in your account, and the request goes out the next day:\n${facts.permissionUrl}`,
          };
        return null;
      default:
        return null;
    }
  })();
  if (!told) return null;
  const what = facts.detail
    ? `On ${formatDate(facts.at, timeZone)}, about ${sender}: ${facts.detail}${facts.detail.endsWith(".") ? "" : "."}`
    : null;
  const reminder = facts.reminder
    ? `This is reminder ${facts.reminder.week} of ${facts.reminder.of}: we remind you once a week until you answer.`
    : null;
  return {
    subject: facts.reminder ? `Reminder: ${told.subject}` : told.subject,
    text: [
      "Hello,",
      what,
      told.next,
      reminder,
      told.next.includes(facts.requestUrl) ? null : `The request on your dashboard:\n${facts.requestUrl}`,
      "Quiet Mailbox",
      `You get this email because we act in your name on your request to stop mail from ${sender}. To stop emails about these steps:\n${facts.unsubscribeUrl}`,
    ]
      .filter(Boolean)
      .join("\n\n"),
  };
}
