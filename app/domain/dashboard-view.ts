import type { PieceSource, PlanName, SenderAddressOrigin, SenderChannel } from "../../drizzle/schema";
import {
  DashboardNoticeSchema,
  groupOf,
  nextStep,
  sendableSuggestions,
  summarize,
  type DashboardGroup,
  type DashboardNotice,
  type DashboardRequest,
} from "~/domain/dashboard";
import { DAY_MS, formatDate, formatDateTime, userTimeZone } from "~/domain/dates";
import { followUpCardText, legalDeadlineStated, type FollowUpCardInput } from "~/domain/follow-up";
import { MAIL_STOPS_AFTER, timingRule } from "~/domain/mail-timing";
import { lawById, legalRouteFor } from "~/domain/state-privacy-laws";
import {
  evidenceOfRequest,
  latestEvidence,
  letterArrival,
  letterEvidence,
  requestTimeline,
  standingOfRequest,
  type HistoryLine,
  type MailedLetterRecord,
  type SentEmailRecord,
} from "~/domain/request-evidence";
import { returnAddressAskOf, senderAddressFromReading, type returnAddressWait } from "~/domain/sender-address";
import { letterToSend } from "~/domain/letter-to-send";
import type { PostalAddress, RequestForLetter } from "~/domain/opt-out-letter";
import { PLAN_DETAILS } from "~/domain/plans";
import { recommendedRequests } from "~/domain/recommended-senders";
import {
  canAfford,
  FREE_REQUEST_ALLOWANCE,
  freeRequestsUsedNote,
  HISTORY_LABELS,
  requestsAffordable,
  STATUS_LABELS,
  UNDO_DELETE_DAYS,
  waitOf,
  waitStanding,
} from "~/domain/requests";
import { kindOf } from "~/domain/sender-categories";
import { charityChoiceText, isCharity } from "~/domain/charity-choice";
import { dropGuideFor } from "~/domain/drop";
import { unverifiedPieceText, unverifiedPiecesToAsk, type UnverifiedPiece } from "~/domain/still-coming";
import { isVerifiedStopped, learnedStopDays, senderOutcomeText, type SenderOutcome } from "~/domain/sender-outcome";
import {
  addRequestUrl,
  cardSeenText,
  isStillComing,
  residentMailText,
  seenInMail,
  seenLead,
  seenWhen,
  type PieceGroup,
  type CardPieces,
} from "~/domain/seen-in-mail";

// What the dashboard says, worked out from what it read: its cards, their words and dates in the
// account's time zone, the notice after a post, the open letter. The page only lays it out.

/** One of the user's requests as the dashboard reads it, with the catalog's facts about its sender. */
export type DashboardRow = DashboardRequest &
  RequestForLetter & {
    templateId: string | null;
    category: string | null;
    updatedAt: Date;
    channels: SenderChannel[] | null;
    needs: string[] | null;
    acceptsAgent: "yes" | "no" | "unknown" | null;
    letterProblem: string | null;
    /** The job sending it by itself right now, if one is. */
    sendingJob: "optOut.email" | "optOut.letter" | null;
    /** When a piece seen in the mail showed its sender still mailing after the day the mail should have stopped. */
    stillComingAt: Date | null;
    /** Whether the person's digests showed this sender's pieces before the sending (decision 0072). */
    digestShowedSender: boolean;
    /** For a charity: whether the person gives to it, and how many times a year it may write. */
    charityDonor: boolean | null;
    charityMailingsPerYear: number | null;
    /** What its sender really does, when figures were computed (sender_outcomes). */
    senderOutcome?: SenderOutcome | null;
    /** The sender's return address as the person gave it from the piece (decision 0067). */
    senderAddress?: string | null;
    /** Where that address came from: typed or read by the person, or learned from other households (decision 0068). */
    senderAddressFrom?: SenderAddressOrigin | null;
    /** Whether its sender has no channel that goes without a person and it never went out: the card asks for the return address. */
    asksReturnAddress?: boolean;
    /** When it came back from the address we had and the card asked for the return address instead (decision 0070). */
    returnAddressAskedAt?: Date | null;
    /** A return address read on a piece of the sender's mail (a photo, a digest), for the person to confirm. */
    readReturnAddress?: string | null;
    /** Set while the card asks for the return address (returnAddressAsk). */
    returnAddressWait?: ReturnType<typeof returnAddressWait> | null;
  } & Pick<FollowUpCardInput, "followUpStep" | "followUpAt" | "followUpHold" | "firstRequestCitation" | "senderReviewedAt"> & {
    legalLawId: string | null;
  };

/** Everything the dashboard reads for one user (getDashboard). */
export type DashboardSnapshot = {
  account: { state: string; numOfFreeRequest: number | null };
  requests: DashboardRow[];
  recipients: (PostalAddress & { id: string; fullName: string })[];
  earlierAddresses: PostalAddress[];
  recentlyDeleted: { id: string; senderName: string; deletedAt: number }[];
  photos: { id: string; state: string; createdAt: Date }[];
  /** The open request's history, newest first; empty when none is open. */
  history: HistoryLine[];
  /** The evidence of every sending of the user's requests: letters Lob mailed, emails sent. */
  letters: MailedLetterRecord[];
  sentEmails: SentEmailRecord[];
  /** The history lines of every request that say it went out or that the sender replied. */
  sentLines: (Omit<HistoryLine, "id" | "detail"> & { requestId: string })[];
  /** The pieces seen in the user's mail, by sender (pieceGroupsOf, domain/mail-tally). */
  seenInMail: PieceGroup[];
  /** Pieces that could not be verified, waiting for the person's answer (decision 0064); absent reads as none. */
  unverifiedPieces?: UnverifiedPiece[];
  /** The pieces matched to the open request, the latest first; empty when none is open. */
  openPieces: { arrivedOn: string; source: PieceSource }[];
  /** The last day the user's mailbox was seen (a digest or a piece), YYYY-MM-DD; null when never. */
  mailboxSeenOn?: string | null;
};

/** Where a photo that still waits for its sender stands, as the dashboard says it. */
const PHOTO_STATE_LABELS: Record<string, string> = {
  reading: "we are reading it",
  suggested: "check the sender we found and send the request",
  needsStaff: "our staff are finding the sender",
};

const firstNameOf = (fullName: string) => fullName.trim().split(/\s+/)[0] || null;
const days = (count: number) => `${count} ${count === 1 ? "day" : "days"}`;
const undoUntil = (deletedAt: number, timeZone: string) => formatDate(new Date(deletedAt + UNDO_DELETE_DAYS * DAY_MS), timeZone);

/**
 * The address names a request the user cannot see here (another user's, or a made-up id): the page
 * answers 404. A request of this user's that is deleted has a history but no card: the dashboard
 * shows without it (the page a delete posted from).
 */
export function namesUnknownRequest(snapshot: DashboardSnapshot, url: URL): boolean {
  const openId = url.searchParams.get("request");
  const confirmDelete = url.searchParams.get("confirmDelete");
  const hasCard = (id: string) => snapshot.requests.some((row) => row.id === id);
  return Boolean((openId && !hasCard(openId) && snapshot.history.length === 0) || (confirmDelete && !hasCard(confirmDelete)));
}

function waitText(row: DashboardRow, timeZone: string, now: Date) {
  const standing = waitStanding(row, now);
  const wait = waitOf(row);
  switch (standing?.kind) {
    case "notSent":
      return row.consumerFiles ? "Only you can file this one; it takes a few minutes." : "Not sent yet.";
    case "waitingToSend":
      // A card asking for the return address says what it waits for; the sender's clock has not started.
      return row.returnAddressWait && !row.returnAddressWait.withStaff ? null : timingRule(row.requiredDays);
    case "waiting": {
      const filed =
        row.consumerFiles && wait.startedAt
          ? `You filed it on ${formatDate(wait.startedAt, timeZone)}${wait.fromGuide ? `; ${row.senderName} says it takes ${row.takes}` : ""}. `
          : "";
      const act =
        standing.actBy > now
          ? `${row.senderName} has until ${formatDate(standing.actBy, timeZone)} to act: ${days(standing.daysLeft)} to go.`
          : `${row.senderName}'s time to act ended on ${formatDate(standing.actBy, timeZone)}.`;
      // "Has the mail stopped?" is asked once mail printed before should have stopped (canAskIfMailStopped).
      return (
        `${filed}${act} Mail printed before may keep coming until ${formatDate(standing.mailStopsBy, timeZone)} ` +
        `(${MAIL_STOPS_AFTER.extraMailings} more mailings); we ask you then whether the mail stopped.`
      );
    }
    case "waitOver":
      return `The wait ended on ${formatDate(standing.mailStopsBy, timeZone)}.`;
    default:
      return null;
  }
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The arrival of the letter of the request's current sending, when Lob mailed it. */
function currentLetter(row: DashboardRow, snapshot: DashboardSnapshot) {
  if (!row.processedAt) return null;
  const processedAt = row.processedAt;
  const letters = snapshot.letters.filter((letter) => letter.requestId === row.id && letter.createdAt >= processedAt);
  return letterArrival(latestEvidence(letterEvidence(letters, null)));
}

/** What the card shows to ask for the return address: the dates, and what a photo or a digest read. */
function returnAddressCard(row: DashboardRow, timeZone: string) {
  const wait = row.returnAddressWait;
  if (!wait) return null;
  const read = row.readReturnAddress ? senderAddressFromReading(row.readReturnAddress, row.senderName) : null;
  return {
    askedOn: formatDate(wait.askedAt, timeZone),
    staffFrom: formatDate(wait.staffFrom, timeZone),
    withStaff: wait.withStaff,
    cameBack: wait.cameBack,
    read: read && row.readReturnAddress ? { ...read, line: row.readReturnAddress } : null,
  };
}

function standingOf(row: DashboardRow, snapshot: DashboardSnapshot, timeZone: string) {
  return standingWithWait(row, snapshot, timeZone)?.text ?? null;
}

/** Where the card says the request is, and who it waits on: the summary and the account export say it by the same rule. */
function standingWithWait(row: DashboardRow, snapshot: DashboardSnapshot, timeZone: string) {
  return standingOfRequest({ ...row, returnAddressWait: row.returnAddressWait ?? null }, snapshot, timeZone);
}

/**
 * Where the follow-up ladder is, on the card: the law is the one the legal request went under, or
 * the one the held step waits to ask under; the first request's date is its first sending's.
 */
function followUpOf(row: DashboardRow, snapshot: DashboardSnapshot, timeZone: string, now: Date) {
  if (row.followUpStep === 0 && !row.followUpHold) return null;
  const waitsToAsk = row.followUpHold === "permissionNeeded" || row.followUpHold === "confirmationNeeded";
  const route = waitsToAsk ? legalRouteFor(row.state, { category: row.category }, now) : null;
  const law = row.legalLawId ? lawById(row.legalLawId) : route?.kind === "send" ? route.law : null;
  const firstSentAt = snapshot.sentLines
    .filter((line) => line.requestId === row.id && line.creator !== "sender")
    .reduce<Date | null>((first, line) => (!first || line.createdAt < first ? line.createdAt : first), null);
  const deadlineStated = legalDeadlineStated(row.legalReach ?? null, row.legalByNoticeMethod ?? null);
  return followUpCardText({ ...row, firstSentAt, law, deadlineStated }, timeZone);
}

/** What the page says after a post came back: its words, and what the user may do about it. */
function noticeOf(notice: DashboardNotice, snapshot: DashboardSnapshot, timeZone: string, now: Date) {
  const row = snapshot.requests.find((candidate) => candidate.id === notice.about);
  const deleted = snapshot.recentlyDeleted.find((candidate) => candidate.id === notice.about);
  const sender = row?.senderName ?? deleted?.senderName;
  switch (notice.notice) {
    case "sendSuggested": {
      const sent = notice.sent ?? 0;
      const refused = notice.refused ?? 0;
      const text =
        sent === 0
          ? "Nothing new to send: those requests were sent already."
          : `Sent ${sent} ${sent === 1 ? "request" : "requests"}. They are under “On its way”: each says how it reaches its sender, and when.`;
      return refused > 0 ? { text: `${text} ${refused} not sent: no free requests were left.`, upgrade: true } : { text, upgrade: false };
    }
    case "delete":
      return deleted
        ? {
            text: `Deleted the request to ${deleted.senderName}. You can bring it back until ${undoUntil(deleted.deletedAt, timeZone)}.`,
            undo: { requestId: deleted.id, senderName: deleted.senderName },
          }
        : null;
    case "undo":
      return row ? { text: `The request to ${row.senderName} is back, as it was before you deleted it.` } : null;
    case "unsubscribe": {
      if (!row) return null;
      if (row.consumerFiles) {
        const standing = waitStanding(row, now);
        const by =
          standing?.kind === "waiting" ? ` We will ask you on ${formatDate(standing.mailStopsBy, timeZone)} whether the mail stopped.` : "";
        return { text: `Noted: you filed it with ${row.senderName} yourself.${by}` };
      }
      return {
        text: `Your request to ${row.senderName} is on its way: ${lowerFirst(standingOf(row, snapshot, timeZone) ?? "")}. ${timingRule(row.requiredDays)} This page asks you whether it stopped once that mail should have stopped coming.`,
      };
    }
    case "report": {
      if (!row) return null;
      // The report took the follow-up ladder's next step: a second request, or what the card now says.
      const followUp = followUpOf(row, snapshot, timeZone, now);
      const what = !followUp || (row.followUpStep === 1 && !row.followUpHold) ? `Sent to ${row.senderName} again` : followUp.text;
      return { text: `${what}. Thank you for telling us the mail is still coming.` };
    }
    case "confirm":
      return row ? { text: `Good news: ${row.senderName} is marked “${STATUS_LABELS.confirmedByUser}”.` } : null;
    case "cancel":
      return sender ? { text: `Cancelled the request to ${sender}.` } : null;
    case "pieceDismissed":
      return row ? { text: `Dismissed: that piece from ${row.senderName} counts for nothing.` } : null;
    case "pieceSeen": {
      if (!row) return null;
      // A photo of mail from a sender whose request was sent already: the piece is evidence.
      const followUp = followUpOf(row, snapshot, timeZone, now);
      return {
        text: `Noted: a piece from ${row.senderName} seen in your mail, kept with your request to them.${followUp ? ` ${followUp.text}.` : ""}`,
      };
    }
    case "charityChoice":
      return row ? { text: `Saved for ${row.senderName}: ${charityChoiceText(row.charityDonor, row.charityMailingsPerYear)}` } : null;
    case "returnAddress":
      return row
        ? {
            text: row.sendingJob
              ? `Thank you. Your letter to ${row.senderName} goes by mail to the return address you gave; its card says when Lob mails it.`
              : row.processedAt
                ? `Thank you. Your letter to ${row.senderName} went out; its card says how.`
                : `Thank you. We keep the return address you gave for ${row.senderName}; its card says how the request goes out.`,
          }
        : null;
  }
}

/** The kind of mail a catalog sender is filed under, as the card links to it on /learn. */
function kindLink(category: string | null) {
  if (!category) return null;
  const { id, title } = kindOf(category);
  return { id, title };
}

type CardContext = {
  snapshot: DashboardSnapshot;
  timeZone: string;
  now: Date;
  canSend: boolean;
  sendNote: string | null;
  recommendation: string | null;
  pieces: CardPieces | null;
};

function requestCard(row: DashboardRow, { snapshot, timeZone, now, canSend, sendNote, recommendation, pieces }: CardContext) {
  const standing = waitStanding(row, now);
  const clock = standing?.kind === "waiting" || standing?.kind === "waitOver" ? standing : null;
  const stillComing = isStillComing(row);
  const lastPieceOn = pieces && pieces.sinceRequest > 0 ? pieces.lastOn : null;
  // A follow-up under way, or a watched mailbox quiet of the sender, already tells: not asked.
  const evidenceTells =
    (row.followUpStep ?? 0) > 0 ||
    isVerifiedStopped({
      ...row,
      followUpStep: row.followUpStep ?? 0,
      mailStopsBy: clock?.mailStopsBy ?? null,
      lastPieceOn,
      mailboxSeenOn: snapshot.mailboxSeenOn ?? null,
    });
  return {
    id: row.id,
    senderName: row.senderName,
    kind: kindLink(row.category),
    /** Why this sender is recommended first; null when it is not. */
    recommendation,
    /** Where the request is, in true words; the spec's status stays in `status`. */
    statusLabel: standingOf(row, snapshot, timeZone),
    status: row.status,
    updatedAt: formatDateTime(row.updatedAt, timeZone),
    wait: waitText(row, timeZone, now),
    /** What the pieces seen in the mail since the request say: expected until the mail should stop, or still coming after. */
    seen: cardSeenText(row, pieces, clock, { timeZone, now }),
    stillComing,
    followUp: followUpOf(row, snapshot, timeZone, now),
    next: nextStep(row, now, { canSend, sendNote, stillComing, evidenceTells }),
    /** "Stopped for 8 of 10 people, usually within 9 weeks." once enough requests to its sender tell it. */
    outcome: senderOutcomeText(row.senderOutcome),
    customerNumber: row.customerNumber,
    keyCode: row.keyCode,
    /** Set while the card asks for the return address printed on the piece (decision 0067). */
    returnAddress: returnAddressCard(row, timeZone),
    guide: row.consumerFiles && row.status === null ? { channels: row.channels ?? [], needs: row.needs ?? [], takes: row.takes } : null,
    charity: isCharity(row.category) ? { donor: row.charityDonor, mailingsPerYear: row.charityMailingsPerYear } : null,
    /** Pieces after the day the mail should have stopped that could not be verified: the person confirms or dismisses each. */
    unverified: unverifiedPiecesToAsk(snapshot.unverifiedPieces ?? [], row, clock?.mailStopsBy ?? null, timeZone).map((piece) => ({
      id: piece.id,
      text: unverifiedPieceText(piece, row.senderName, timeZone),
    })),
  };
}

/**
 * Whether the letter panel offers to email the letter oneself, and what it says instead: never
 * once the service sent the request, nor while a job is sending it (a second copy would be a
 * duplicate); then it says what we did, in the card's own words of when and how. A request the
 * person files themselves is theirs to send.
 */
function selfSendOf(row: DashboardRow, snapshot: DashboardSnapshot, timeZone: string) {
  if (row.consumerFiles || (!row.processedAt && !row.sendingJob)) return { offersEmail: true, weSent: null };
  const how = standingOf(row, snapshot, timeZone);
  return {
    offersEmail: false,
    weSent: row.processedAt ? `We sent it: ${lowerFirst(how ?? "")}.` : `We are sending it: ${lowerFirst(how ?? "")}.`,
  };
}

function openRequest(row: DashboardRow, snapshot: DashboardSnapshot, timeZone: string, now: Date) {
  const letter = letterToSend(row, snapshot.recipients, { today: now, timeZone, earlierAddresses: snapshot.earlierAddresses });
  const { offersEmail, weSent } = selfSendOf(row, snapshot, timeZone);
  return {
    id: row.id,
    senderName: row.senderName,
    ...letter,
    senderEmail: offersEmail ? letter.senderEmail : null,
    /** What the service did with the request, said in place of the offer to email it oneself. */
    weSent,
    history: requestTimeline(snapshot.history, evidenceOfRequest(row, snapshot, snapshot.history), {
      senderName: row.senderName,
      timeZone,
      pieces: snapshot.openPieces,
      userText: (entry) =>
        row.consumerFiles && entry.status === "unsubscribe" ? "You filed it yourself" : (HISTORY_LABELS[entry.status] ?? entry.status),
    }),
  };
}

/** The pieces matched to each request, as its card counts them. */
function cardPieces(groups: PieceGroup[]) {
  const byRequest = new Map<string, CardPieces>();
  for (const group of groups) {
    if (!group.requestId || group.residentMail) continue;
    const known = byRequest.get(group.requestId);
    byRequest.set(group.requestId, {
      sinceRequest: (known?.sinceRequest ?? 0) + group.sinceRequest,
      lastOn: known && known.lastOn > group.lastOn ? known.lastOn : group.lastOn,
    });
  }
  return byRequest;
}

/**
 * "Seen in your mail", above the cards: each catalog sender seen with no request sent, with one
 * press to send it (the allowance applies as on every card), the names the catalog lacks, and the
 * "Current Resident" mail explained.
 */
function seenView(snapshot: DashboardSnapshot, affordable: number) {
  const { toStop, alsoSeen, resident } = seenInMail(snapshot.seenInMail, snapshot.requests);
  return {
    toStop: toStop.map((sender) => {
      const charged = sender.stop.kind !== "fileYourself" && sender.stop.charged;
      return {
        templateId: sender.templateId,
        senderName: sender.senderName,
        lead: seenLead(sender),
        stop: sender.stop,
        note: charged ? freeRequestsUsedNote(1, affordable) : null,
        upgradeToSend: charged && affordable <= 0,
      };
    }),
    alsoSeen: alsoSeen.map((name) => ({ senderName: name.senderName, when: seenWhen(name), addUrl: addRequestUrl(name.senderName) })),
    resident: resident ? residentMailText(resident) : null,
    // A request for a sender not on the dashboard yet names everyone on the letters, as the add page does at first.
    recipientIds: snapshot.recipients.map((recipient) => recipient.id),
  };
}

/**
 * The dashboard as the page shows it. Its address says which letter is open, which delete asks to
 * be confirmed, what a post that redirected here did, and the plan Checkout just subscribed to.
 */
export function dashboardView(
  snapshot: DashboardSnapshot,
  { user, url, now }: { user: { fullName: string; stripeSubscriptionId: string | null; plan: PlanName | null }; url: URL; now: Date },
) {
  const { timeZone, note: timesNote } = userTimeZone(snapshot.account.state);
  // A letter's clock starts when it reaches the sender: every rule below reads it from the row.
  // Its mail should have stopped by the days its sender was seen to take, once enough requests showed it.
  snapshot = {
    ...snapshot,
    requests: snapshot.requests.map((row) => ({
      ...row,
      letter: currentLetter(row, snapshot),
      learnedDays: learnedStopDays(row.senderOutcome),
      returnAddressWait: returnAddressAskOf(row, now),
    })),
  };
  snapshot = {
    ...snapshot,
    requests: snapshot.requests.map((row) => ({ ...row, waitsOn: standingWithWait(row, snapshot, timeZone)?.waitsOn ?? null })),
  };
  const holder = { stripeSubscriptionId: user.stripeSubscriptionId, numOfFreeRequest: snapshot.account.numOfFreeRequest };
  const affordable = requestsAffordable(holder);
  // Advice is for what can be sent now: none once the free requests are used up.
  // A Californian's first advice leaves the data brokers to DROP (decision 0074).
  const recommended = affordable > 0 ? recommendedRequests(snapshot.requests, { state: snapshot.account.state }) : [];
  const reasonOf = new Map(recommended.map(({ request, reason }) => [request.id, reason]));
  const rank = (id: string) => {
    const index = recommended.findIndex(({ request }) => request.id === id);
    return index === -1 ? recommended.length : index;
  };
  // Array.sort is stable: the rest keep the order they were read in.
  const recommendedFirst = (a: { id: string }, b: { id: string }) => rank(a.id) - rank(b.id);
  const piecesOfRequest = cardPieces(snapshot.seenInMail);
  const groups: Record<DashboardGroup, ReturnType<typeof requestCard>[]> = { needsYou: [], onItsWay: [], done: [], suggested: [] };
  for (const row of snapshot.requests) {
    const group = groupOf(row, now);
    if (!group) continue;
    groups[group].push(
      requestCard(row, {
        snapshot,
        timeZone,
        now,
        canSend: canAfford(holder, "unsubscribe", row),
        sendNote: freeRequestsUsedNote(1, affordable),
        recommendation: reasonOf.get(row.id) ?? null,
        pieces: piecesOfRequest.get(row.id) ?? null,
      }),
    );
  }
  groups.suggested.sort(recommendedFirst);
  const sendable = sendableSuggestions(snapshot.requests).sort(recommendedFirst);
  const summary = summarize(snapshot.requests, now);
  const query = url.searchParams;
  const openId = query.get("request");
  const openRow = openId ? snapshot.requests.find((row) => row.id === openId) : undefined;
  const open = openRow ? openRequest(openRow, snapshot, timeZone, now) : null;
  const notice = DashboardNoticeSchema.safeParse(Object.fromEntries(query));
  const confirmDelete = query.get("confirmDelete");
  const inSuggested = (id: string | null | undefined) => groups.suggested.some((card) => card.id === id);

  return {
    // Until the first request is sent, the page greets the user and puts the first step under the welcome (decision 0074).
    greeting: snapshot.requests.every((row) => row.status === null) ? { firstName: firstNameOf(user.fullName) } : null,
    // Checkout returns here through /subscription once the plan is the user's.
    welcome: user.stripeSubscriptionId && user.plan && query.get("subscribed") === user.plan ? PLAN_DETAILS[user.plan].name : null,
    allowance: Number.isFinite(affordable)
      ? ({ unlimited: false, left: affordable, of: FREE_REQUEST_ALLOWANCE } as const)
      : ({ unlimited: true } as const),
    summary: {
      needsYou: summary.needsYou,
      needsReturnAddress: summary.needsReturnAddress,
      onItsWay: summary.onItsWay,
      withSender: summary.withSender,
      withStaff: summary.withStaff,
      goingOut: summary.goingOut,
      done: summary.done,
      next: summary.next ? { senderName: summary.next.senderName, by: formatDate(summary.next.by, timeZone) } : null,
    },
    groups,
    timesNote,
    photos: snapshot.photos.map((photo) => ({
      id: photo.id,
      sent: formatDateTime(photo.createdAt, timeZone),
      standing: PHOTO_STATE_LABELS[photo.state],
    })),
    sendable: sendable.map((row) => ({ id: row.id, senderName: row.senderName, recommendation: reasonOf.get(row.id) ?? null })),
    // All of them fit the allowance, or the user picks which (the server never spends more anyway);
    // with one left, the card's own Unsubscribe is the same thing.
    sendableLeft: Number.isFinite(affordable) ? affordable : null,
    // What sending that many uses of the free requests, by how many are sent (none for a subscriber).
    sendableNotes: Array.from({ length: Math.min(sendable.length, affordable) + 1 }, (_, count) => freeRequestsUsedNote(count, affordable)),
    recentlyDeleted: snapshot.recentlyDeleted.map((row) => ({
      id: row.id,
      senderName: row.senderName,
      until: undoUntil(row.deletedAt, timeZone),
    })),
    seen: seenView(snapshot, affordable),
    notice: notice.success ? noticeOf(notice.data, snapshot, timeZone, now) : null,
    confirmDelete,
    // The folded list of senders comes open when the address points at one of its cards.
    suggestedOpen: inSuggested(openId) || inSuggested(confirmDelete),
    recipientCount: snapshot.recipients.length,
    dropGuide: dropGuideFor(snapshot.account.state),
    open,
    print: open !== null && query.get("view") === "print",
  };
}
