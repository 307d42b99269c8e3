// What the dashboard says about the pieces seen in the person's mail (the forwarded Informed
// Delivery digests and photos of mail): senders to stop with one press, names read that the catalog
// lacks, "Current Resident" mail explained, and on a request's card the pieces seen since it was
// sent (product rules: Mail seen in your mailbox). Pure, so every wording has a unit test.
import type { PieceSource, RequestStatus } from "../../drizzle/schema";
import { NEXT_STEP_LABELS } from "~/domain/dashboard";
import { dayText, isoDate } from "~/domain/dates";
import { MAIL_STOPS_AFTER, type MailClock } from "~/domain/mail-timing";

/**
 * The pieces of one sender seen in a user's mail, as the dashboard reads them (pieceGroupsOf): one
 * row per catalog sender or name read, per request they were matched to, resident mail apart.
 */
export type PieceGroup = {
  templateId: string | null;
  /** The catalog's name for a catalog sender. */
  catalogName: string | null;
  /** The catalog says only the person can file this sender's request. */
  consumerFiles: boolean;
  /** The name as read, when no catalog sender matched it. */
  senderName: string | null;
  requestId: string | null;
  residentMail: boolean;
  pieces: number;
  /** The last day a piece arrived, YYYY-MM-DD. */
  lastOn: string;
  /** Of those matched to a request, the pieces that arrived on or after the day it was first sent into the queue. */
  sinceRequest: number;
};

/** One of the user's requests, as far as the pieces seen need it. */
export type SeenRequest = {
  id: string;
  templateId: string | null;
  senderName: string;
  status: RequestStatus | null;
  consumerFiles: boolean;
  queuedAt: Date | null;
};

/** How one press stops a catalog sender: the request already on the dashboard, or a new one for it. */
export type StopBy =
  | { kind: "request"; requestId: string; charged: boolean }
  | { kind: "newRequest"; templateId: string; charged: true }
  /** Only the person can file it: the card (or the add page) says how. */
  | { kind: "fileYourself"; requestId: string | null };

type SenderToStop = { templateId: string; senderName: string; pieces: number; lastOn: string; stop: StopBy };
type NameSeen = { senderName: string; pieces: number; lastOn: string };
export type SeenInMail = {
  toStop: SenderToStop[];
  /** Names read that the catalog does not know, with no request of the user's for them. */
  alsoSeen: NameSeen[];
  /** Mail addressed to "Current Resident": explained, never a request. */
  resident: { pieces: number; lastOn: string } | null;
};

const SENT: (RequestStatus | null)[] = ["inQueue", "confirmedByUser"];
const nameKey = (name: string) => name.trim().toLowerCase();
const later = (a: string, b: string) => (a >= b ? a : b);
const byLastDay = <Entry extends { lastOn: string }>(a: Entry, b: Entry) => b.lastOn.localeCompare(a.lastOn);

/** Adds pieces to a tally kept by key: the count summed, the last day kept. */
function tally<Entry extends { pieces: number; lastOn: string }>(
  tallies: Map<string, Entry>,
  key: string,
  group: PieceGroup,
  fresh: Entry,
) {
  const known = tallies.get(key);
  if (known) {
    known.pieces += group.pieces;
    known.lastOn = later(known.lastOn, group.lastOn);
  } else tallies.set(key, fresh);
}

/** How a press stops this catalog sender, from the user's requests for it; null when one was sent already. */
function stopByOf(templateId: string, consumerFiles: boolean, requests: SeenRequest[]): StopBy | null {
  const own = requests.filter((request) => request.templateId === templateId);
  if (own.some((request) => SENT.includes(request.status))) return null;
  // The preset not sent yet, else the latest one (a cancelled one is sent again).
  const row = own.find((request) => request.status === null) ?? own[0] ?? null;
  if (consumerFiles || row?.consumerFiles) return { kind: "fileYourself", requestId: row?.id ?? null };
  if (!row) return { kind: "newRequest", templateId, charged: true };
  return { kind: "request", requestId: row.id, charged: row.queuedAt === null };
}

/**
 * What the dashboard offers from the pieces seen: each catalog sender seen that has no sent request
 * of the user's (none, a preset not sent, or a cancelled one), the names read that the catalog
 * lacks, and the "Current Resident" mail, each with its pieces counted and its last day, the latest
 * first. Pieces matched to nothing (no name read) are left out.
 */
export function seenInMail(groups: PieceGroup[], requests: SeenRequest[]): SeenInMail {
  const toStop = new Map<string, SenderToStop>();
  const alsoSeen = new Map<string, NameSeen>();
  let resident: SeenInMail["resident"] = null;
  const customNames = new Set(
    requests
      .filter((request) => request.templateId === null && SENT.includes(request.status))
      .map((request) => nameKey(request.senderName)),
  );
  for (const group of groups) {
    if (group.residentMail) {
      resident = resident
        ? { pieces: resident.pieces + group.pieces, lastOn: later(resident.lastOn, group.lastOn) }
        : { pieces: group.pieces, lastOn: group.lastOn };
    } else if (group.templateId) {
      const stop = stopByOf(group.templateId, group.consumerFiles, requests);
      if (!stop) continue;
      const senderName = group.catalogName ?? group.senderName ?? group.templateId;
      tally(toStop, group.templateId, group, {
        templateId: group.templateId,
        senderName,
        pieces: group.pieces,
        lastOn: group.lastOn,
        stop,
      });
    } else if (group.senderName?.trim() && !group.requestId && !customNames.has(nameKey(group.senderName))) {
      const key = nameKey(group.senderName);
      tally(alsoSeen, key, group, { senderName: group.senderName.trim(), pieces: group.pieces, lastOn: group.lastOn });
    }
  }
  return { toStop: [...toStop.values()].sort(byLastDay), alsoSeen: [...alsoSeen.values()].sort(byLastDay), resident };
}

const piecesText = (pieces: number) => `${pieces} ${pieces === 1 ? "piece" : "pieces"}`;

/** "on 11/24/2026" for one piece, "3 pieces, last on 11/24/2026" for several. */
export function seenWhen({ pieces, lastOn }: { pieces: number; lastOn: string }): string {
  return pieces === 1 ? `on ${dayText(lastOn)}` : `${piecesText(pieces)}, last on ${dayText(lastOn)}`;
}

/** What the line of a sender seen says before its name: "Seen in your mail on 11/24/2026", "Seen in your mail, 3 pieces, last on …". */
export function seenLead(sender: { pieces: number; lastOn: string }): string {
  return `Seen in your mail${sender.pieces === 1 ? " " : ", "}${seenWhen(sender)}`;
}

/** Why "Current Resident" mail is not offered a request, with what can help. */
export function residentMailText(resident: { pieces: number; lastOn: string }): string {
  return (
    `Addressed to “Current Resident”: ${resident.pieces === 1 ? "1 piece " : ""}${seenWhen(resident)}. ` +
    "Mail sent to every address on a carrier's route, not to a list with your name: a request cannot stop it, and we never charge for one. " +
    "Some mailers skip an address when asked; look on the piece for how to reach them."
  );
}

/** The add page, with a name read in the mail typed in, for a custom request. */
export function addRequestUrl(senderName: string): string {
  return `/requests/add?${new URLSearchParams({ senderName })}`;
}

const SOURCE_LABELS: Record<PieceSource, string> = {
  digest: "Informed Delivery",
  photo: "photo",
  email: "photo by email",
};

/** A piece seen, as the request's history names it: "Seen in your mail (Informed Delivery)". */
export function pieceSeenText(source: PieceSource): string {
  return `Seen in your mail (${SOURCE_LABELS[source]})`;
}

/** What a request's card knows of the pieces of its sender matched to it. */
export type CardPieces = { sinceRequest: number; lastOn: string };

/**
 * Whether a piece seen after the day the request's mail should have stopped marks it "still
 * coming": only for this sending (a request sent again since starts over), and only while it is
 * in queue or marked stopped.
 */
export function isStillComing(request: { status: RequestStatus | null; processedAt: Date | null; stillComingAt: Date | null }): boolean {
  if (request.status !== "inQueue" && request.status !== "confirmedByUser") return false;
  return Boolean(request.stillComingAt && request.processedAt && request.stillComingAt >= request.processedAt);
}

function sendItAgainText(senderName: string, followUpStep: number) {
  if (followUpStep === 0) return `sends ${senderName} a second request, free, citing the first.`;
  if (followUpStep < 3)
    return `asks ${senderName} under your state's privacy law where it lets us act for you and reaches them, else our staff take it up.`;
  return `puts it back with our staff, who send it to ${senderName} once more.`;
}

/**
 * What a card says of the pieces seen since its request: still coming after the day the mail
 * should have stopped (with what sending it again does), or expected until then. Null when there
 * is nothing to say.
 */
export function cardSeenText(
  request: {
    senderName: string;
    status: RequestStatus | null;
    processedAt: Date | null;
    stillComingAt: Date | null;
    /** Where the follow-up ladder is (decision 0058): what sending it again does next. */
    followUpStep?: number;
    followUpHold?: string | null;
  },
  pieces: CardPieces | null,
  clock: Pick<MailClock, "mailStopsBy"> | null,
  { timeZone, now }: { timeZone: string; now: Date },
): { text: string; next: string | null } | null {
  if (isStillComing(request)) {
    const when = pieces ? ` on ${dayText(pieces.lastOn)}` : "";
    const button = request.status === "inQueue" ? NEXT_STEP_LABELS.stillComing.report : NEXT_STEP_LABELS.confirmedByUser.report;
    return {
      text: `Still coming: seen in your mail${when}, after it should have stopped.`,
      // What the button does (the report takes the follow-up ladder's next step, decision 0058).
      next:
        request.followUpHold === "permissionNeeded"
          ? `Once you sign your permission, we ask ${request.senderName} under your state's privacy law.`
          : `“${button}” ${sendItAgainText(request.senderName, request.followUpStep ?? 0)}`,
    };
  }
  if (request.status !== "inQueue" && request.status !== "confirmedByUser") return null;
  if (!pieces || pieces.sinceRequest === 0) return null;
  const text = `${piecesText(pieces.sinceRequest)} seen since your request, the last on ${dayText(pieces.lastOn)}.`;
  if (request.status !== "inQueue") return { text, next: null };
  if (!clock) {
    return {
      text,
      next: `Expected: mail printed before can keep coming for up to ${MAIL_STOPS_AFTER.weeks} weeks after ${request.senderName} gets your request.`,
    };
  }
  if (clock.mailStopsBy > now) {
    return {
      text,
      next: `Expected: mail printed before your request can keep coming until ${dayText(isoDate(clock.mailStopsBy, timeZone))}.`,
    };
  }
  return { text, next: null };
}
