// What a request's card and its letter page say happened to it: where it is, who acts next and by
// when, and the evidence behind it as a timeline (how it was sent, to which address or mailbox,
// when, the vendor's id, what happened to it, the sender's reply). The spec's statuses stay in the
// data; these are the words people read. Pure, so every state has a unit test
// (request-evidence.test.ts).
import type { PieceSource, LetterTrackingState, RequestStatus, SenderAddressOrigin, SenderChannel } from "../../drizzle/schema";
import { dayText, formatDate, formatDateTime, MINUTE_MS } from "~/domain/dates";
import { neverMailed, trackingStateOfEvent } from "~/domain/letter-tracking";
import { expectedArrival } from "~/domain/mail-timing";
import { STATUS_LABELS } from "~/domain/requests";
import { pieceSeenText } from "~/domain/seen-in-mail";
import { staffChannel } from "~/domain/work-queue";

export type EmailEventState = "delivered" | "bounced" | "spamComplaint" | "undelivered";

export type EvidenceEvent<State extends string = string> = { state: State; at: Date | null; detail: string | null };

/** One sending of a request, with what its vendor reported since. */
export type DeliveryEvidence =
  | {
      kind: "email";
      channel: "email";
      /** The mailbox it was sent to. */
      to: string | null;
      at: Date;
      /** Postmark's message id. */
      vendorId: string | null;
      events: EvidenceEvent<EmailEventState>[];
    }
  | {
      kind: "letter";
      channel: "mail";
      /** The postal address it was mailed to. */
      to: string | null;
      at: Date;
      /** Lob's letter id (ltr_...). */
      vendorId: string | null;
      /** Lob's expected delivery date, YYYY-MM-DD. */
      expectedDeliveryDate: string | null;
      events: EvidenceEvent<LetterTrackingState>[];
    };

/** An opt-out email Postmark took (request_emails), with the outcome its webhooks reported: "sent" until one did. */
export type SentEmailRecord = {
  requestId: string;
  to: string | null;
  messageId: string | null;
  at: Date;
  outcome?: "sent" | EmailEventState;
  outcomeAt?: Date | null;
};

/** A letter Lob mailed (mailed_letters). */
export type MailedLetterRecord = {
  id: string;
  requestId: string;
  expectedDeliveryDate: string | null;
  trackingState: LetterTrackingState;
  trackingAt: Date | null;
  /** The address the letter was addressed to, when recorded (decision 0067). */
  toAddress?: string | null;
  createdAt: Date;
};

/** A line of a request's history (request_logs). */
export type HistoryLine = { id: string; creator: string; status: string; detail: string | null; createdAt: Date };

const LETTER_EVENT_PREFIX = "letter.";
/** The history lines of Postmark's reports on an email (request-email.server.ts): "email.delivered", "email.notice"… */
const EMAIL_EVENT_PREFIX = "email.";
const EMAIL_NOTICE = "email.notice";
/** An email's history line and its sending record belong together when this close in time. */
const SAME_SENDING_MS = 10 * MINUTE_MS;

export const latestEvent = <State extends string>(events: EvidenceEvent<State>[]) =>
  events.reduce<EvidenceEvent<State> | null>(
    (latest, event) => (!latest || (event.at?.getTime() ?? 0) >= (latest.at?.getTime() ?? 0) ? event : latest),
    null,
  );

/**
 * The emails a request was sent by: each sending record, and each "We emailed" line of its history
 * that no record covers (an older one, or one whose record was cleared), to the catalog's mailbox.
 */
export function emailEvidence(
  records: SentEmailRecord[],
  history: Pick<HistoryLine, "status" | "createdAt">[],
  catalogMailbox: string | null,
): DeliveryEvidence[] {
  const fromRecords: DeliveryEvidence[] = records.map((record) => ({
    kind: "email",
    channel: "email",
    to: record.to,
    at: record.at,
    vendorId: record.messageId,
    events: record.outcome && record.outcome !== "sent" ? [{ state: record.outcome, at: record.outcomeAt ?? null, detail: null }] : [],
  }));
  const covered = (at: Date) => records.some((record) => Math.abs(record.at.getTime() - at.getTime()) <= SAME_SENDING_MS);
  const fromHistory: DeliveryEvidence[] = history
    .filter((line) => line.status === "emailed" && !covered(line.createdAt))
    .map((line) => ({ kind: "email", channel: "email", to: catalogMailbox, at: line.createdAt, vendorId: null, events: [] }));
  return [...fromRecords, ...fromHistory];
}

/**
 * The letters Lob mailed for a request. Their tracking events are the "letter.*" lines of the
 * history when it is at hand (the letter page), else the latest state the letter recorded (a card).
 */
export function letterEvidence(
  letters: MailedLetterRecord[],
  postalAddress: string | null,
  history: Pick<HistoryLine, "status" | "createdAt">[] | null = null,
): DeliveryEvidence[] {
  const sorted = [...letters].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return sorted.map((letter, index) => {
    const until = sorted[index + 1]?.createdAt.getTime() ?? Infinity;
    const fromHistory = (history ?? [])
      .filter(
        (line) => line.status.startsWith(LETTER_EVENT_PREFIX) && line.createdAt >= letter.createdAt && line.createdAt.getTime() < until,
      )
      .flatMap((line) => {
        const state = trackingStateOfEvent(line.status);
        return state ? [{ state, at: line.createdAt, detail: null }] : [];
      });
    const events =
      history !== null && fromHistory.length > 0
        ? fromHistory
        : letter.trackingState === "created"
          ? []
          : [{ state: letter.trackingState, at: letter.trackingAt, detail: null }];
    return {
      kind: "letter",
      channel: "mail",
      to: letter.toAddress ?? postalAddress,
      at: letter.createdAt,
      vendorId: letter.id,
      expectedDeliveryDate: letter.expectedDeliveryDate,
      events,
    };
  });
}

/** What is recorded of a user's sendings, every request's together: the letters, the emails, and the history lines that say one went out. */
export type SendingRecords = {
  letters: MailedLetterRecord[];
  sentEmails: SentEmailRecord[];
  sentLines: (Pick<HistoryLine, "status" | "createdAt"> & { requestId: string })[];
};

/**
 * Every sending of one request with its evidence, oldest first, to the catalog's mailbox or postal
 * address where no record says. `history` is the request's whole history when at hand, for its
 * letters' tracking.
 */
export function evidenceOfRequest(
  request: { id: string; channels: { kind: string; value: string }[] | null },
  records: SendingRecords,
  history: Pick<HistoryLine, "status" | "createdAt">[] | null = null,
): DeliveryEvidence[] {
  const ofRequest = <Entry extends { requestId: string }>(entries: Entry[]) => entries.filter((entry) => entry.requestId === request.id);
  const channel = (kind: string) => request.channels?.find((candidate) => candidate.kind === kind)?.value ?? null;
  return [
    ...emailEvidence(ofRequest(records.sentEmails), ofRequest(records.sentLines), channel("email")),
    ...letterEvidence(ofRequest(records.letters), channel("mail"), history),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Lob's expected delivery date (YYYY-MM-DD) as dates read everywhere: "12/02/2026". It is a day on
 * the calendar, not a moment: read as it is, it is the same day in every time zone.
 */
export function expectedDateText(expectedDeliveryDate: string | null): string | null {
  return expectedArrival(expectedDeliveryDate) ? dayText(expectedDeliveryDate!) : null;
}

/** The evidence as the account export and the staff user page write it: times as ISO strings, each event also in words. */
export function evidenceRecord(evidence: DeliveryEvidence, senderName: string) {
  const events =
    evidence.kind === "email"
      ? evidence.events.map((event) => ({ ...event, text: emailEventText(event, senderName) }))
      : evidence.events.map((event) => ({ ...event, text: LETTER_EVENT_TEXT[event.state] }));
  return {
    kind: evidence.kind,
    channel: evidence.channel,
    to: evidence.to,
    sentAt: evidence.at.toISOString(),
    vendor: evidence.kind === "email" ? "Postmark" : "Lob",
    vendorId: evidence.vendorId,
    expectedDeliveryDate: evidence.kind === "letter" ? evidence.expectedDeliveryDate : null,
    events: events.map((event) => ({ state: event.state, at: event.at?.toISOString() ?? null, detail: event.detail, text: event.text })),
  };
}

/**
 * Whether a sending went out: a Lob letter that failed, was rejected or was cancelled never left,
 * whatever was recorded when Lob first took it.
 */
export function sendingLeft(evidence: DeliveryEvidence): boolean {
  return evidence.kind !== "letter" || !evidence.events.some((event) => neverMailed(event.state));
}

/** When a letter reached the sender, as the time rule reads it (reachedSenderAt); null for a letter that never left. */
export function letterArrival(evidence: DeliveryEvidence | null) {
  if (evidence?.kind !== "letter" || !sendingLeft(evidence)) return null;
  const delivered = evidence.events.find((event) => event.state === "delivered");
  return { deliveredAt: delivered?.at ?? null, expectedDeliveryDate: evidence.expectedDeliveryDate };
}

/** The evidence of the latest sending, or null. */
export function latestEvidence(evidence: DeliveryEvidence[]): DeliveryEvidence | null {
  return evidence.reduce<DeliveryEvidence | null>((latest, entry) => (!latest || entry.at >= latest.at ? entry : latest), null);
}

/**
 * How a request no one has sent yet reaches its sender: a job sending it by itself, or our staff (who
 * first look up where, for a sender with no known channel), or, its first days, the return address
 * the person gives from the piece (decision 0067).
 */
type SendingRoute = "automaticEmail" | "automaticLetter" | "staff" | "lookUp" | "returnAddress";

const STAFF_PROMISE = "usually within 2 working days";

/**
 * Who a request in queue waits on: the sender (it went out), our staff (nothing sends it by itself,
 * or it came back to them), a job sending it now, or the person (the return address on a piece).
 */
export type WaitsOn = "sender" | "staff" | "sending" | "person";

/** Where a request stands, in the card's words, and who it waits on; null for one that is done. */
export type Standing = { text: string; waitsOn: WaitsOn | null };

export type StandingInput = {
  senderName: string;
  status: RequestStatus | null;
  consumerFiles: boolean;
  processedAt: Date | null;
  route: SendingRoute;
  /** Why the letter did not go out through Lob, or came back; null when none. */
  letterProblem: string | null;
  evidence: DeliveryEvidence[];
  /** The latest history line saying the request went out ("emailed", "mailed", "filed"), for sendings with no evidence. */
  lastSent: { status: string; at: Date } | null;
  /** When the sender last replied, if it did. */
  lastReplyAt: Date | null;
  /** Whether the current sending is a request under the law, sent as the person's agent. */
  legal?: boolean;
  /** The return address the person gave from the piece (decision 0067): a letter to it says so. */
  givenAddress?: string | null;
  /** Who gave it: the person, or households nearby that typed the same sender (learned, decision 0068). */
  givenBy?: "you" | "others";
};

const LETTER_ON_ITS_WAY: Partial<Record<LetterTrackingState, string>> = {
  inTransit: "in transit",
  inLocalArea: "in the sender's area",
  processedForDelivery: "out for delivery",
  reRouted: "re-routed by the Postal Service",
};

/** A sending that failed, in words, and whether it now waits for our staff (the person is asked otherwise, or it goes the next way). */
function failureOf(
  evidence: DeliveryEvidence | null,
  senderName: string,
  { asksPerson = false } = {},
): { text: string; waitsOn: WaitsOn } | null {
  if (!evidence) return null;
  const last = latestEvent<string>(evidence.events);
  const person = (text: string) => ({ text, waitsOn: "person" as const });
  const staff = (text: string) => ({ text, waitsOn: "staff" as const });
  // A request that came back and now asks its person for the address on the piece (decision 0070) is not staff's yet.
  if (evidence.kind === "email" && last?.state === "bounced")
    return asksPerson
      ? person(`${senderName}'s address bounced`)
      : staff(`${senderName}'s address bounced; our staff are finding another way`);
  if (evidence.kind === "email" && last?.state === "undelivered")
    return { text: `Our email did not reach ${senderName}; it goes another way`, waitsOn: "sending" };
  if (evidence.kind === "letter" && last?.state === "returnedToSender")
    return asksPerson
      ? person("The letter came back: the address we had did not work")
      : staff("The letter came back; our staff are checking the address");
  if (!sendingLeft(evidence)) return staff("Lob did not mail the letter; our staff are sending it");
  return null;
}

/**
 * Which way a request went and why, the one text for each way (decision 0066): the person's own
 * request by email, a request under the law by email as their agent, a letter to the sender's
 * postal address from the catalog, or to the return address the person gave (decision 0067).
 */
function emailedText(senderName: string, on: string, { legal = false }: { legal?: boolean } = {}): string {
  return `Emailed to ${senderName} on ${on} ${legal ? "as your agent, under your state's law" : "as your own request"}`;
}

function letterMailedText(senderName: string, on: string, givenBy: "you" | "others" | null): string {
  const to =
    givenBy === "you"
      ? "the return address you gave"
      : givenBy === "others"
        ? "the return address other households gave for it"
        : `${senderName}'s postal address`;
  return `Letter mailed ${on} to ${to}`;
}

function sentText(
  evidence: DeliveryEvidence,
  senderName: string,
  timeZone: string,
  legal: boolean,
  given: { address: string | null; by: "you" | "others" },
): string {
  const on = formatDate(evidence.at, timeZone);
  if (evidence.kind === "email") {
    const last = latestEvent(evidence.events);
    return `${emailedText(senderName, on, { legal })}${last?.state === "delivered" ? " · delivered" : ""}`;
  }
  const last = latestEvent(evidence.events);
  const mailed = letterMailedText(senderName, on, given.address !== null && evidence.to === given.address ? given.by : null);
  if (last?.state === "delivered") return `${mailed} · delivered${last.at ? ` ${formatDate(last.at, timeZone)}` : ""}`;
  const expected = expectedDateText(evidence.expectedDeliveryDate);
  const way = last ? LETTER_ON_ITS_WAY[last.state] : undefined;
  return [mailed, way, expected ? `expected at the sender ${expected}` : null].filter(Boolean).join(" · ");
}

function sentWithoutEvidence(lastSent: { status: string; at: Date }, senderName: string, timeZone: string, legal: boolean) {
  const on = formatDate(lastSent.at, timeZone);
  if (lastSent.status === "emailed") return emailedText(senderName, on, { legal });
  if (lastSent.status === "mailed") return letterMailedText(senderName, on, null);
  return `Filed with ${senderName} on ${on}`;
}

function waitingText(input: StandingInput): Standing {
  if (input.consumerFiles) return { text: "Filed by you", waitsOn: "sender" };
  switch (input.route) {
    case "automaticEmail":
      return { text: "Going out by email now", waitsOn: "sending" };
    case "automaticLetter":
      return { text: "Going out by mail now", waitsOn: "sending" };
    case "staff":
      return {
        text: input.letterProblem ? `Our staff print and mail it: ${STAFF_PROMISE}` : `Our staff send it: ${STAFF_PROMISE}`,
        waitsOn: "staff",
      };
    case "lookUp":
      return { text: `Our staff look up where to send it: ${STAFF_PROMISE}`, waitsOn: "staff" };
    case "returnAddress":
      return { text: "Waiting for the sender's return address from you", waitsOn: "person" };
  }
}

/**
 * Where a request is, in one line: what the card shows in place of the spec's status label, and
 * who it waits on. Null for a request never sent (its card says so in its own words).
 */
export function standing(input: StandingInput, timeZone: string): Standing | null {
  if (input.status === null) return null;
  if (input.status !== "inQueue") return { text: STATUS_LABELS[input.status], waitsOn: null };
  const latest = latestEvidence(input.evidence);
  const failure = failureOf(latest, input.senderName, { asksPerson: input.route === "returnAddress" });
  if (!input.processedAt) {
    // A bounce or a returned letter puts the request back with staff; a report does too, with nothing failed.
    if (failure && (!input.lastSent || latest!.at >= input.lastSent.at)) return failure;
    return waitingText(input);
  }
  const sentEvidence = latest && latest.at.getTime() >= input.processedAt.getTime() - SAME_SENDING_MS ? latest : null;
  const sentFailure = sentEvidence ? failureOf(sentEvidence, input.senderName) : null;
  if (sentFailure) return { ...sentFailure, text: `${sentFailure.text}${repliedText(input, timeZone)}` };
  const text = sentEvidence
    ? sentText(sentEvidence, input.senderName, timeZone, input.legal ?? false, {
        address: input.givenAddress ?? null,
        by: input.givenBy ?? "you",
      })
    : input.lastSent
      ? sentWithoutEvidence(input.lastSent, input.senderName, timeZone, input.legal ?? false)
      : input.consumerFiles
        ? "Filed by you"
        : `Sent on ${formatDate(input.processedAt, timeZone)}`;
  return { text: `${text}${repliedText(input, timeZone)}`, waitsOn: "sender" };
}

function repliedText(input: StandingInput, timeZone: string) {
  return input.lastReplyAt && input.processedAt && input.lastReplyAt >= input.processedAt
    ? ` · ${input.senderName} replied ${formatDate(input.lastReplyAt, timeZone)}`
    : "";
}

/** The card's line of where a request is (standing). */
export function standingText(input: StandingInput, timeZone: string): string | null {
  return standing(input, timeZone)?.text ?? null;
}

/**
 * What is known of one request that says where it stands: the request's own columns, the catalog's
 * channels, the job sending it now, and whether the wait for the return address from the person is
 * over. The dashboard's cards and the account export read the same facts.
 */
export type RequestStandingFacts = {
  id: string;
  senderName: string;
  status: RequestStatus | null;
  consumerFiles: boolean;
  processedAt: Date | null;
  channels: SenderChannel[] | null;
  /** Why the letter did not go out through Lob, or came back (or only whether one did); null when none. */
  letterProblem: string | boolean | null;
  /** The job sending it by itself right now, if one is. */
  sendingJob: "optOut.email" | "optOut.letter" | null;
  /** Set while the card asks the person for the return address on the piece (returnAddressAskOf). */
  returnAddressWait: { withStaff: boolean } | null;
  followUpStep: number | null;
  legalLawId: string | null;
  senderAddress?: string | null;
  senderAddressFrom?: SenderAddressOrigin | null;
};

/** A user's sendings as standing reads them: the history lines also say who wrote them, for the sender's replies. */
export type StandingRecords = Omit<SendingRecords, "sentLines"> & {
  sentLines: (Pick<HistoryLine, "creator" | "status" | "createdAt"> & { requestId: string })[];
};

/** How a request no one has sent yet reaches its sender: by itself (a job is sending it), the person, or our staff. */
function sendingRoute(request: RequestStandingFacts): SendingRoute {
  if (request.sendingJob === "optOut.email") return "automaticEmail";
  if (request.sendingJob === "optOut.letter") return "automaticLetter";
  if (request.returnAddressWait && !request.returnAddressWait.withStaff) return "returnAddress";
  return staffChannel(request.channels).kind === "unknown" ? "lookUp" : "staff";
}

/**
 * Where one request stands and who it waits on, from its facts and the user's sendings: the one
 * rule behind the dashboard's card, its summary and the account export.
 */
export function standingOfRequest(request: RequestStandingFacts, records: StandingRecords, timeZone: string): Standing | null {
  const lines = records.sentLines.filter((line) => line.requestId === request.id);
  const latestOf = (keep: (line: (typeof lines)[number]) => boolean) =>
    lines
      .filter(keep)
      .reduce<(typeof lines)[number] | null>((latest, line) => (!latest || line.createdAt >= latest.createdAt ? line : latest), null);
  const lastSent = latestOf((line) => line.creator !== "sender" && SENT_STATUSES.has(line.status));
  const lastReply = latestOf((line) => line.creator === "sender");
  return standing(
    {
      senderName: request.senderName,
      status: request.status,
      consumerFiles: request.consumerFiles,
      processedAt: request.processedAt,
      route: sendingRoute(request),
      letterProblem: request.letterProblem ? String(request.letterProblem) : null,
      evidence: evidenceOfRequest(request, records),
      lastSent: lastSent ? { status: lastSent.status, at: lastSent.createdAt } : null,
      lastReplyAt: lastReply?.createdAt ?? null,
      legal: request.followUpStep === 2 && request.legalLawId !== null,
      givenAddress: request.senderAddress ?? null,
      givenBy: request.senderAddressFrom === "learned" ? "others" : "you",
    },
    timeZone,
  );
}

/** The history lines that say a request went out. */
const SENT_STATUSES = new Set(["emailed", "mailed", "filed"]);

// The timeline of the letter page.

export type TimelineEntry = {
  id: string;
  at: string;
  creator: string;
  text: string;
  /** The sender's own words, for a reply. */
  reply: string | null;
  /** Where it went and the vendor's id, for a sending. */
  facts: string[];
  /** What its vendor reported since, oldest first. */
  events: { at: string | null; text: string }[];
  /** For a sending: the words that open its facts and events, folded under its one line (a <details>); null for the other lines. */
  steps: string | null;
};

const LETTER_EVENT_TEXT: Record<LetterTrackingState, string> = {
  created: "Being printed",
  mailed: "Handed to the Postal Service",
  inTransit: "In transit",
  inLocalArea: "Reached the sender's area",
  processedForDelivery: "Out for delivery",
  reRouted: "Re-routed by the Postal Service",
  delivered: "Delivered",
  returnedToSender: "Came back undelivered",
  failed: "Not mailed: it failed at Lob",
  rejected: "Not mailed: Lob did not accept it",
  deleted: "Not mailed: cancelled at Lob",
};

function emailEventText(event: EvidenceEvent<EmailEventState>, senderName: string) {
  switch (event.state) {
    case "delivered":
      return `Delivered to ${senderName}'s mailbox`;
    case "bounced":
      return `Bounced${event.detail ? `: ${event.detail}` : ""}`;
    case "spamComplaint":
      return `${senderName}'s mail system marked it as spam`;
    case "undelivered":
      return "Not delivered: Postmark stopped trying";
  }
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * A sending in one line: how it went and to where, then the latest state its vendor reported, with
 * its day (Lob's tracking, Postmark's delivery or bounce); nothing more until the vendor reports
 * one. A letter not yet delivered also says when Lob expects it at the sender.
 */
export function sendingHeadline(evidence: DeliveryEvidence, senderName: string, timeZone: string): string {
  const on = (date: Date | null) => (date ? ` ${formatDate(date, timeZone)}` : "");
  if (evidence.kind === "email") {
    const last = latestEvent(evidence.events);
    const sent = `Sent by email${evidence.to ? ` to ${evidence.to}` : ""}`;
    return last ? `${sent} · ${lowerFirst(emailEventText(last, senderName))}${on(last.at)}` : sent;
  }
  if (!sendingLeft(evidence)) {
    const last = evidence.events.find((event) => neverMailed(event.state));
    return `Letter${evidence.to ? ` to ${evidence.to}` : ""} given to Lob, never mailed${last ? `: ${LETTER_NEVER_MAILED[last.state]}` : ""}`;
  }
  const last = latestEvent(evidence.events);
  // Lob's estimate only while the letter is on its way: not once it was delivered or came back.
  const onItsWay = !last || last.state === "created" || last.state === "mailed" || last.state in LETTER_ON_ITS_WAY;
  const expected = onItsWay ? expectedDateText(evidence.expectedDeliveryDate) : null;
  return [
    `Letter mailed${evidence.to ? ` to ${evidence.to}` : ""}`,
    last ? `${lowerFirst(LETTER_EVENT_TEXT[last.state])}${on(last.at)}` : null,
    expected ? `expected at the sender ${expected}` : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

const LETTER_NEVER_MAILED: Partial<Record<LetterTrackingState, string>> = {
  failed: "it failed at Lob",
  rejected: "Lob did not accept it",
  deleted: "cancelled at Lob",
};

/** The words that open a sending's folded steps: how many its vendor reported, or where to find its id. */
function stepsLabel(evidence: DeliveryEvidence, facts: string[], count: number): string | null {
  const vendor = evidence.kind === "email" ? "Postmark" : "Lob";
  if (count > 0) return `${evidence.kind === "email" ? "Reported" : "Tracking"} from ${vendor}: ${count} ${count === 1 ? "step" : "steps"}`;
  return facts.length > 0 ? `Details from ${vendor}` : null;
}

function evidenceEntry(
  evidence: DeliveryEvidence,
  index: number,
  senderName: string,
  timeZone: string,
  notices: { at: Date; text: string }[] = [],
): TimelineEntry {
  const at = (date: Date | null) => (date ? formatDateTime(date, timeZone) : null);
  const byTime = <Event extends { at: Date | null }>(events: Event[]) =>
    [...events].sort((a, b) => (a.at?.getTime() ?? 0) - (b.at?.getTime() ?? 0));
  const expected = evidence.kind === "letter" ? expectedDateText(evidence.expectedDeliveryDate) : null;
  const facts =
    evidence.kind === "email"
      ? evidence.vendorId
        ? [`Postmark message id ${evidence.vendorId}`]
        : []
      : [...(evidence.vendorId ? [`Lob letter id ${evidence.vendorId}`] : []), ...(expected ? [`Expected at the sender ${expected}`] : [])];
  const events =
    evidence.kind === "email"
      ? byTime([...evidence.events.map((event) => ({ at: event.at, text: emailEventText(event, senderName) })), ...notices]).map(
          (event) => ({ at: at(event.at), text: event.text }),
        )
      : byTime(evidence.events).map((event) => ({ at: at(event.at), text: LETTER_EVENT_TEXT[event.state] }));
  return {
    id: `${evidence.kind}-${index}`,
    at: formatDateTime(evidence.at, timeZone),
    creator: "system",
    text: sendingHeadline(evidence, senderName, timeZone),
    reply: null,
    facts,
    events,
    steps: stepsLabel(evidence, facts, events.length),
  };
}

/** A history line that only says the request went out, and the sending recorded within minutes of it. */
const nearSending = (line: Pick<HistoryLine, "createdAt">, evidence: DeliveryEvidence[], kind: DeliveryEvidence["kind"]) =>
  evidence.some((entry) => entry.kind === kind && Math.abs(entry.at.getTime() - line.createdAt.getTime()) <= SAME_SENDING_MS);

/**
 * Every sending of a request, oldest first, each in one line with its day: the recorded ones
 * (sendingHeadline), and those only a history line tells of (mailed or filed by our staff), in its
 * words. What the account export lists under "Sent".
 */
export function sendingsOfRequest(
  evidence: DeliveryEvidence[],
  history: Pick<HistoryLine, "creator" | "status" | "detail" | "createdAt">[],
  { senderName, timeZone }: { senderName: string; timeZone: string },
): { at: Date; text: string }[] {
  const recorded = evidence.map((entry) => ({ at: entry.at, text: sendingHeadline(entry, senderName, timeZone) }));
  const told = history
    .filter(
      (line) =>
        line.creator !== "sender" && ((line.status === "mailed" && !nearSending(line, evidence, "letter")) || line.status === "filed"),
    )
    .map((line) => ({
      at: line.createdAt,
      text: line.detail ?? (line.status === "mailed" ? "Letter mailed" : `Filed with ${senderName}`),
    }));
  return [...recorded, ...told].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * The letter page's timeline, newest first: each sending with its evidence, each piece of the
 * sender's seen in the person's mail (its day; never its image), and the rest of the history (what
 * the user did, staff notes, the sender's replies). The history lines that only say it went out,
 * and a letter's tracking lines, are folded into the sending they belong to.
 */
export function requestTimeline(
  history: HistoryLine[],
  evidence: DeliveryEvidence[],
  {
    senderName,
    timeZone,
    userText,
    pieces = [],
  }: {
    senderName: string;
    timeZone: string;
    userText: (line: HistoryLine) => string;
    /** The pieces matched to the request: the day each arrived (YYYY-MM-DD) and how it was seen. */
    pieces?: { arrivedOn: string; source: PieceSource }[];
  },
): TimelineEntry[] {
  // Postmark's reports of an email come as history lines too: each goes under the email it follows.
  const emails = evidence.filter((entry) => entry.kind === "email").sort((a, b) => a.at.getTime() - b.at.getTime());
  const emailOf = (line: HistoryLine) =>
    line.status.startsWith(EMAIL_EVENT_PREFIX)
      ? (emails.filter((entry) => entry.at.getTime() - SAME_SENDING_MS <= line.createdAt.getTime()).at(-1) ?? null)
      : null;
  const folded = (line: HistoryLine) =>
    (line.status === "emailed" && nearSending(line, evidence, "email")) ||
    (line.status === "mailed" && nearSending(line, evidence, "letter")) ||
    (line.status.startsWith(LETTER_EVENT_PREFIX) && evidence.some((entry) => entry.kind === "letter")) ||
    emailOf(line) !== null;
  // The outcome Postmark reported is already the email's step; a notice (a delay, still trying) is added as it was written.
  const noticesOf = (email: DeliveryEvidence) =>
    history
      .filter((line) => line.status === EMAIL_NOTICE && line.detail && emailOf(line) === email)
      .map((line) => ({ at: line.createdAt, text: line.detail! }));
  const lines = history
    .filter((line) => !folded(line))
    .map((line) => ({
      sortAt: line.createdAt.getTime(),
      entry: {
        id: line.id,
        at: formatDateTime(line.createdAt, timeZone),
        creator: line.creator,
        text:
          line.creator === "user"
            ? userText(line)
            : line.creator === "sender"
              ? `A reply to your request to ${senderName}`
              : (line.detail ?? line.status),
        reply: line.creator === "sender" ? (line.detail ?? "") : null,
        facts: [],
        events: [],
        steps: null,
      } satisfies TimelineEntry,
    }));
  const sendings = evidence.map((entry, index) => ({
    sortAt: entry.at.getTime(),
    entry: evidenceEntry(entry, index, senderName, timeZone, entry.kind === "email" ? noticesOf(entry) : []),
  }));
  const seen = pieces.map((piece, index) => ({
    // A day, not a moment: it sorts at its noon, as the mail comes during the day.
    sortAt: Date.parse(`${piece.arrivedOn}T12:00:00Z`),
    entry: {
      id: `piece-${index}`,
      at: dayText(piece.arrivedOn),
      creator: "system",
      text: pieceSeenText(piece.source),
      reply: null,
      facts: [],
      events: [],
      steps: null,
    } satisfies TimelineEntry,
  }));
  return [...lines, ...sendings, ...seen].sort((a, b) => b.sortAt - a.sortAt).map(({ entry }) => entry);
}
