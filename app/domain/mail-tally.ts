// The pieces seen in a person's mail, folded (decision 0084): what every page and walk reads of them,
// kept in one small record per person instead of a row per piece. A piece read is counted here once,
// then its own row (mail_arrivals) is kept only as long as the day's reading budget counts it; the
// digests taken lately are remembered here instead, so that one delivered again adds nothing.
// Pure, so that each rule of the fold has a unit test (mail-tally.test.ts).
import type { PieceSource } from "../../drizzle/schema";
import { dayNumber, dayOfNumber, utcDay } from "~/domain/dates";
import { DIGEST_REPEAT_DAYS } from "~/domain/inbound-trust";
import { digestMessageKeyOf } from "~/domain/mail-piece";
import { PROGRESS_DAYS } from "~/domain/progress";
import type { PieceGroup } from "~/domain/seen-in-mail";

/** A piece once read, as the fold takes it (mail_arrivals). */
export type PieceToFold = {
  entryId: string;
  arrivedOn: string;
  source: PieceSource;
  authenticated: boolean;
  templateId: string | null;
  /** The name read when no catalog sender matched it. */
  senderName: string | null;
  requestId: string | null;
  residentMail: boolean;
  receivedAt: Date;
};

/** A sender's pieces matched to no request: how many, the last day; and the first day a real digest showed it. */
type SenderTally = { n: number; l: string; d?: string; name?: string };

/**
 * The pieces matched to one request: each piece's day and how it was seen (`p`, PIECE_CODE_LENGTH
 * characters a piece), the last day, and of the pieces known to be real the last day (never after
 * the day it reached us) and the latest one's evidence.
 */
type RequestTally = {
  t: string | null;
  p: string;
  l: string;
  v?: string;
  e?: [arrivedOn: string, source: PieceSource, receivedAt: number];
};

export type MailTally = {
  /** By sender key (senderKeyOf). */
  s: Record<string, SenderTally>;
  /** By request id. */
  r: Record<string, RequestTally>;
  /** Mail addressed to "Current Resident". */
  m?: { n: number; l: string };
  /** Every piece per day, the DAYS_KEPT days up to the latest. */
  days: { from: string; n: number[] };
  /**
   * The digests whose pieces were counted lately: each message's key (digestMessageKeyOf) and the
   * day number it reached us, for the DIGEST_REPEAT_DAYS a copy of it could still be taken.
   */
  x?: Record<string, number>;
};

/** The days of counts kept: those the progress page reads, and a week more for every time zone. */
export const DAYS_KEPT = PROGRESS_DAYS + 7;

export const emptyTally = (): MailTally => ({ s: {}, r: {}, days: { from: "", n: [] } });

/**
 * Whose pieces a sender key gathers: a catalog sender by its id, a name read on a piece known to be
 * real by its key (nameKeyOf), and "" for pieces nothing trusted was read on.
 */
function senderKeyOf(piece: Pick<PieceToFold, "templateId" | "senderName" | "authenticated">): string {
  if (piece.templateId) return piece.templateId;
  const key = piece.authenticated && piece.senderName ? nameKeyOf(piece.senderName) : "~";
  return key === "~" ? "" : key;
}

/**
 * A name's key: "~", then the name as SQLite's lower(trim(…)) makes it (spaces trimmed, ASCII
 * letters lowercased), without a double quote so that it is always a valid JSON path. The SQL that
 * looks a key up builds it the same way (mail-tally.server.ts).
 */
export function nameKeyOf(name: string) {
  return `~${name
    .replace(/^ +| +$/g, "")
    .replace(/[A-Z]/g, (letter) => letter.toLowerCase())
    .replaceAll('"', "")}`;
}

const SOURCE_CODES: Record<PieceSource, string> = { digest: "d", photo: "p", email: "e" };
const CODE_SOURCES = Object.fromEntries(Object.entries(SOURCE_CODES).map(([source, code]) => [code, source])) as Record<
  string,
  PieceSource
>;
/** A piece in a request's list: its day number in base 36 (three characters reach 2097) and its source's letter, upper case when real. */
const PIECE_CODE_LENGTH = 4;

function pieceCode(piece: PieceToFold) {
  const code = SOURCE_CODES[piece.source];
  return dayNumber(piece.arrivedOn).toString(36).padStart(3, "0") + (piece.authenticated ? code.toUpperCase() : code);
}

/** The pieces of a request's list: the day each arrived and how it was seen, in the order folded. */
function piecesOfCodes(codes: string): { arrivedOn: string; source: PieceSource; authenticated: boolean }[] {
  const pieces = [];
  for (let at = 0; at + PIECE_CODE_LENGTH <= codes.length; at += PIECE_CODE_LENGTH) {
    const letter = codes[at + 3]!;
    pieces.push({
      arrivedOn: dayOfNumber(parseInt(codes.slice(at, at + 3), 36)),
      source: CODE_SOURCES[letter.toLowerCase()]!,
      authenticated: letter !== letter.toLowerCase(),
    });
  }
  return pieces;
}

const later = (a: string | undefined, b: string) => (a && a >= b ? a : b);

/** Adds one to the day's count, keeping the DAYS_KEPT days up to the latest day counted. */
function countDay(days: MailTally["days"], day: string): MailTally["days"] {
  const number = dayNumber(day);
  let from = days.from ? dayNumber(days.from) : number;
  let counts = days.n;
  if (number < from) {
    counts = [...Array<number>(from - number).fill(0), ...counts];
    from = number;
  }
  counts = [...counts];
  while (counts.length <= number - from) counts.push(0);
  counts[number - from]! += 1;
  const extra = counts.length - DAYS_KEPT;
  if (extra > 0) {
    counts = counts.slice(extra);
    from += extra;
  }
  return { from: dayOfNumber(from), n: counts };
}

/** The digests remembered with these pieces' own, those older than DIGEST_REPEAT_DAYS before the latest left out. */
function rememberDigests(taken: Record<string, number>, pieces: PieceToFold[]): Record<string, number> | undefined {
  const next = { ...taken };
  for (const piece of pieces) {
    const key = digestMessageKeyOf(piece.entryId);
    if (key) next[key] = Math.max(next[key] ?? 0, dayNumber(utcDay(piece.receivedAt)));
  }
  const latest = Math.max(0, ...Object.values(next));
  const kept = Object.entries(next).filter(([, day]) => day >= latest - DIGEST_REPEAT_DAYS);
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/** The tally with these pieces counted: a new record, the one given is left as it was. */
export function foldPieces(tally: MailTally, pieces: PieceToFold[]): MailTally {
  const next: MailTally = structuredClone(tally);
  const taken = rememberDigests(next.x ?? {}, pieces);
  if (taken) next.x = taken;
  for (const piece of pieces) {
    next.days = countDay(next.days, piece.arrivedOn);
    const key = senderKeyOf(piece);
    if (piece.authenticated && piece.source === "digest" && key) {
      const sender = (next.s[key] ??= { n: 0, l: "" });
      if (!sender.d || piece.arrivedOn < sender.d) sender.d = piece.arrivedOn;
    }
    if (piece.residentMail) {
      next.m = { n: (next.m?.n ?? 0) + 1, l: later(next.m?.l, piece.arrivedOn) };
    } else if (piece.requestId) {
      const request = (next.r[piece.requestId] ??= { t: piece.templateId, p: "", l: "" });
      request.p += pieceCode(piece);
      request.l = later(request.l, piece.arrivedOn);
      if (piece.authenticated) {
        const receivedOn = utcDay(piece.receivedAt);
        request.v = later(request.v, piece.arrivedOn < receivedOn ? piece.arrivedOn : receivedOn);
        if (!request.e || piece.arrivedOn >= request.e[0]) request.e = [piece.arrivedOn, piece.source, piece.receivedAt.getTime()];
      }
    } else {
      const sender = (next.s[key] ??= { n: 0, l: "" });
      sender.n += 1;
      sender.l = later(sender.l, piece.arrivedOn);
      const name = piece.authenticated && !piece.templateId ? piece.senderName : null;
      if (name && (!sender.name || name < sender.name)) sender.name = name;
    }
  }
  return next;
}

/** The last day a piece known to be real reached us (the mailbox "seen"), or null. */
export function seenOnOf(pieces: PieceToFold[], seenOn: string | null): string | null {
  return pieces.reduce<string | null>((last, piece) => {
    if (!piece.authenticated) return last;
    const day = utcDay(piece.receivedAt);
    return !last || day > last ? day : last;
  }, seenOn);
}

/** A record written whole as JSON, as before decision 0085 (e2e's fixtures still write it so). */
export function parseTally(text: string | null | undefined): MailTally {
  return text ? (JSON.parse(text) as MailTally) : emptyTally();
}

/**
 * What the daily walks read of a record in SQL, by JSON path (mail-tally.server.ts): per sender key
 * the day number (dayNumber) a real digest first showed it, 0 when none, the keys listing every
 * sender for the dashboard's catalog names; per request its last days; and the digests taken lately.
 */
export type TallyFacts = {
  s: Record<string, number>;
  r: Record<string, Pick<RequestTally, "l" | "v">>;
  x?: MailTally["x"];
};

/** The rest of a record, which only the pages, the export and the ladder read, and which is stored compressed (decision 0085). */
export type TallyRest = {
  /** Per sender with pieces matched to no request: how many, the last day, the name read. */
  s: Record<string, [n: number, l: string, name?: string]>;
  /** Per request: its catalog sender, its pieces (RequestTally.p), its latest real piece's evidence. */
  r: Record<string, [t: string | null, p: string, e?: RequestTally["e"]]>;
  m?: MailTally["m"];
  days: MailTally["days"];
};

/** The record in its two parts (joinTally's inverse). */
export function splitTally(tally: MailTally): { facts: TallyFacts; rest: TallyRest } {
  const facts: TallyFacts = { s: {}, r: {} };
  const rest: TallyRest = { s: {}, r: {}, days: tally.days };
  for (const [key, { n, l, d, name }] of Object.entries(tally.s)) {
    facts.s[key] = d ? dayNumber(d) : 0;
    if (n > 0) rest.s[key] = name ? [n, l, name] : [n, l];
  }
  for (const [id, { t, p, l, v, e }] of Object.entries(tally.r)) {
    facts.r[id] = v ? { l, v } : { l };
    rest.r[id] = e ? [t, p, e] : [t, p];
  }
  if (tally.m) rest.m = tally.m;
  if (tally.x) facts.x = tally.x;
  return { facts, rest };
}

/** The record whole again from its two parts. */
export function joinTally(facts: TallyFacts, rest: TallyRest): MailTally {
  const tally: MailTally = { s: {}, r: {}, days: rest.days };
  for (const [key, firstShown] of Object.entries(facts.s)) {
    const [n, l, name] = rest.s[key] ?? [0, ""];
    tally.s[key] = { n, l, ...(firstShown ? { d: dayOfNumber(firstShown) } : {}), ...(name ? { name } : {}) };
  }
  for (const [id, { l, v }] of Object.entries(facts.r)) {
    const [t, p, e] = rest.r[id] ?? [null, ""];
    tally.r[id] = { t, p, l, ...(v ? { v } : {}), ...(e ? { e } : {}) };
  }
  if (rest.m) tally.m = rest.m;
  if (facts.x) tally.x = facts.x;
  return tally;
}

type CatalogFacts = { title: string; consumerFiles: boolean };

/**
 * The pieces as the dashboard groups them (PieceGroup): one group per sender of the pieces matched
 * to no request, one per request for those matched, and one for "Current Resident" mail. A
 * request's pieces since it was first queued count from that day (UTC), as its card says.
 */
export function pieceGroupsOf(
  tally: MailTally,
  catalog: Map<string, CatalogFacts>,
  requests: { id: string; queuedAt: Date | null }[],
): PieceGroup[] {
  const catalogOf = (templateId: string | null) => ({
    catalogName: templateId ? (catalog.get(templateId)?.title ?? null) : null,
    consumerFiles: templateId ? (catalog.get(templateId)?.consumerFiles ?? false) : false,
  });
  const queuedOn = new Map(requests.map((request) => [request.id, request.queuedAt ? utcDay(request.queuedAt) : null]));
  const groups: PieceGroup[] = [];
  for (const [key, sender] of Object.entries(tally.s)) {
    if (sender.n === 0) continue;
    const templateId = key && !key.startsWith("~") ? key : null;
    groups.push({
      templateId,
      ...catalogOf(templateId),
      senderName: sender.name ?? null,
      requestId: null,
      residentMail: false,
      pieces: sender.n,
      lastOn: sender.l,
      sinceRequest: 0,
    });
  }
  for (const [requestId, request] of Object.entries(tally.r)) {
    const days = piecesOfCodes(request.p).map((piece) => piece.arrivedOn);
    const since = queuedOn.get(requestId);
    groups.push({
      templateId: request.t,
      ...catalogOf(request.t),
      senderName: null,
      requestId,
      residentMail: false,
      pieces: days.length,
      lastOn: request.l,
      sinceRequest: since ? days.filter((day) => day >= since).length : 0,
    });
  }
  if (tally.m) {
    groups.push({
      templateId: null,
      catalogName: null,
      consumerFiles: false,
      senderName: null,
      requestId: null,
      residentMail: true,
      pieces: tally.m.n,
      lastOn: tally.m.l,
      sinceRequest: 0,
    });
  }
  return groups;
}

/** The pieces matched to one request, the latest first: its history's lines. */
export function piecesOfRequest(tally: MailTally, requestId: string): { arrivedOn: string; source: PieceSource }[] {
  const request = tally.r[requestId];
  if (!request) return [];
  return piecesOfCodes(request.p)
    .map(({ arrivedOn, source }) => ({ arrivedOn, source }))
    .sort((a, b) => b.arrivedOn.localeCompare(a.arrivedOn));
}

/** The pieces matched to each request, counted per day (the progress page's before and after). */
export function matchedPerDay(tally: MailTally): { requestId: string; day: string; count: number }[] {
  return Object.entries(tally.r).flatMap(([requestId, request]) => {
    const perDay = new Map<string, number>();
    for (const { arrivedOn } of piecesOfCodes(request.p)) perDay.set(arrivedOn, (perDay.get(arrivedOn) ?? 0) + 1);
    return [...perDay].map(([day, count]) => ({ requestId, day, count }));
  });
}

/** Every piece per day from `since` (YYYY-MM-DD), days with none left out. */
export function piecesPerDaySince(tally: MailTally, since: string): { day: string; count: number }[] {
  if (!tally.days.from) return [];
  const from = dayNumber(tally.days.from);
  return tally.days.n.flatMap((count, index) => {
    const day = dayOfNumber(from + index);
    return count > 0 && day >= since ? [{ day, count }] : [];
  });
}

/** The latest piece known to be real matched to a request, from its evidence in the tally. */
export function latestRealPiece(tally: MailTally, requestId: string) {
  const evidence = tally.r[requestId]?.e;
  if (!evidence) return null;
  const [arrivedOn, source, receivedAt] = evidence;
  return { arrivedOn, source, receivedAt: new Date(receivedAt) };
}

/** The tally as the person's export shows it: every count kept, in words a person can read. */
export function tallyForExport(tally: MailTally, seenOn: string | null) {
  return {
    mailboxSeenOn: seenOn,
    senders: Object.entries(tally.s).map(([key, sender]) => ({
      catalogSenderId: key && !key.startsWith("~") ? key : null,
      senderName: sender.name ?? null,
      piecesMatchedToNoRequest: sender.n,
      lastOn: sender.l || null,
      firstShownByDigestOn: sender.d ?? null,
    })),
    requests: Object.entries(tally.r).map(([requestId, request]) => ({
      requestId,
      pieces: piecesOfCodes(request.p),
      lastKnownRealOn: request.v ?? null,
    })),
    currentResident: tally.m ? { pieces: tally.m.n, lastOn: tally.m.l } : null,
    perDay: piecesPerDaySince(tally, ""),
  };
}
