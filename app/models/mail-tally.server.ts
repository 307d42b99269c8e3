// The pieces seen in a person's mail, folded into their mail_tallies row (decision 0084), and what
// the pages and the daily walks read of it. A piece's own row (mail_arrivals) is kept while it is
// read and for the day the reading budget counts it; every count comes from here. The row keeps
// in JSON what the walks read in SQL, and the rest compressed (decision 0085).
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { and, eq, inArray, lt, or, sql, type SQLWrapper } from "drizzle-orm";
import { mailArrivals, mailTallies, requests, requestTemplates } from "../../drizzle/schema";
import {
  foldPieces,
  joinTally,
  parseTally,
  seenOnOf,
  splitTally,
  type MailTally,
  type PieceToFold,
  type TallyFacts,
  type TallyRest,
} from "~/domain/mail-tally";
import type { Db } from "~/utils/db.server";
import { log } from "~/utils/log.server";

/** The pieces one fold takes: within D1's bound parameters for the update that marks them. */
const FOLD_AT_MOST = 90;
/** Folds that found the record changed under them before one gives up (the next fold takes its pieces). */
const FOLD_TRIES = 8;

/** A name read, as a sender key (domain/mail-tally nameKeyOf): "~", then trimmed, lowercased, without a double quote. */
const nameKeySql = (name: SQLWrapper) => sql`'~' || replace(lower(trim(${name})), '"', '')`;

/** A record as its row stores it: the facts the walks read as JSON, the rest deflated. */
function storedTally(tally: MailTally) {
  const { facts, rest } = splitTally(tally);
  return { tally: JSON.stringify(facts), packed: deflateRawSync(JSON.stringify(rest)) };
}

/** The record a row holds; a row with nothing packed holds it whole, as before decision 0085; an empty record for no row. */
export function tallyOfRow(row: { tally: string; packed: Uint8Array | null } | undefined): MailTally {
  if (!row?.packed) return parseTally(row?.tally);
  const rest = JSON.parse(new TextDecoder().decode(inflateRawSync(row.packed))) as TallyRest;
  return joinTally(JSON.parse(row.tally) as TallyFacts, rest);
}

/**
 * What a fold reads, for the caller's batch: the user's record, and their pieces read and not yet
 * counted in it (foldWritesOf takes the answers).
 */
export function foldReadsOf(db: Db, userId: string) {
  return [
    db
      .select({ tally: mailTallies.tally, packed: mailTallies.packed, seenOn: mailTallies.seenOn, version: mailTallies.version })
      .from(mailTallies)
      .where(eq(mailTallies.userId, userId)),
    db
      .select({
        id: mailArrivals.id,
        entryId: mailArrivals.entryId,
        arrivedOn: mailArrivals.arrivedOn,
        source: mailArrivals.source,
        authenticated: mailArrivals.authenticated,
        templateId: mailArrivals.templateId,
        senderName: mailArrivals.senderName,
        requestId: mailArrivals.requestId,
        residentMail: mailArrivals.residentMail,
        receivedAt: mailArrivals.createdAt,
      })
      .from(mailArrivals)
      .where(and(eq(mailArrivals.userId, userId), eq(mailArrivals.state, "read"), eq(mailArrivals.folded, false)))
      .limit(FOLD_AT_MOST),
  ] as const;
}

type FoldReads = ReturnType<typeof foldReadsOf>;
export type FoldRead = readonly [Awaited<FoldReads[0]>, Awaited<FoldReads[1]>];

/**
 * The writes of one fold, for the caller's batch, in this order: `counted`, the record with the
 * pieces read (and `recording`, a piece whose row the same batch writes) counted, written only over
 * the version read, answering whether it was; then `marked`, those pieces marked folded only if
 * that write is the record's latest (by the key it wrote, `foldedBy`, with which the caller marks
 * its own row: foldedByThis).
 */
export function foldWritesOf(db: Db, userId: string, [[current], pieces]: FoldRead, recording: PieceToFold[] = []) {
  const version = current?.version ?? 0;
  const counted = [...pieces, ...recording];
  const written = {
    ...storedTally(foldPieces(tallyOfRow(current), counted)),
    seenOn: seenOnOf(counted, current?.seenOn ?? null),
    version: version + 1,
    foldedBy: crypto.randomUUID(),
  };
  const ids = pieces.map((piece) => piece.id);
  return {
    foldedBy: written.foldedBy,
    counted: db
      .insert(mailTallies)
      .values({ userId, ...written })
      .onConflictDoUpdate({ target: mailTallies.userId, set: written, setWhere: eq(mailTallies.version, version) })
      .returning({ version: mailTallies.version }),
    marked: db
      .update(mailArrivals)
      .set({ folded: true })
      .where(
        and(
          eq(mailArrivals.userId, userId),
          ids.length > 0 ? inArray(mailArrivals.id, ids) : sql`0`,
          foldedByThis(userId, written.foldedBy),
        ),
      ),
  };
}

/** Whether the user's record was last written by the fold with this key. */
export const foldedByThis = (userId: string, foldedBy: string) =>
  sql<boolean>`exists (select 1 from ${mailTallies} where ${mailTallies.userId} = ${userId} and ${mailTallies.foldedBy} = ${foldedBy})`;

/**
 * Counts this user's pieces read and not yet counted in their tally, and marks them counted: two
 * folds at once never count a piece twice, and the one that lost reads again. The number of pieces
 * counted.
 */
export async function foldPiecesOf(db: Db, userId: string): Promise<number> {
  let counted = 0;
  for (let tries = 0; tries < FOLD_TRIES;) {
    const read = await db.batch(foldReadsOf(db, userId));
    const pieces = read[1];
    if (pieces.length === 0) return counted;
    const { counted: write, marked } = foldWritesOf(db, userId, read);
    const [wrote] = await db.batch([write, marked]);
    if (wrote.length === 0) tries += 1;
    else {
      counted += pieces.length;
      if (pieces.length < FOLD_AT_MOST) return counted;
    }
  }
  log.warn("pieces left unfolded: their tally kept changing; the daily sweep folds them");
  return counted;
}

/** Users with pieces read and not yet folded (the pieces of before decision 0084, or a fold given up), for the daily sweep. */
export function usersWithUnfoldedPieces(db: Db, limit: number) {
  return db
    .selectDistinct({ userId: mailArrivals.userId })
    .from(mailArrivals)
    .where(and(eq(mailArrivals.state, "read"), eq(mailArrivals.folded, false)))
    .limit(limit);
}

/**
 * Deletes the rows of pieces folded before `before` (received then): the record remembers their
 * digest (digestCountedLately) until a copy would be refused for its day (decision 0063). A piece
 * that could not be verified stays while its card waits for the person's answer (decision 0064).
 */
export function forgetFoldedPieces(db: Db, before: Date) {
  return db
    .delete(mailArrivals)
    .where(
      and(
        eq(mailArrivals.state, "read"),
        lt(mailArrivals.createdAt, before),
        eq(mailArrivals.folded, true),
        or(
          eq(mailArrivals.authenticated, true),
          eq(mailArrivals.residentMail, true),
          sql`${mailArrivals.requestId} is null`,
          sql`${mailArrivals.personAnswer} is not null`,
        ),
      ),
    );
}

/** The user's record as the pages read it (tallyOfRow), and the day their mailbox was last seen; no row before their first piece. */
export function tallyRowOf(db: Db, userId: string) {
  return db
    .select({ tally: mailTallies.tally, packed: mailTallies.packed, seenOn: mailTallies.seenOn })
    .from(mailTallies)
    .where(eq(mailTallies.userId, userId));
}

/**
 * Whether a digest with this message key was counted lately (the record's `x`): a copy delivered
 * again once its pieces' rows are gone adds nothing. For the insert that adds a piece.
 */
export const digestCountedLately = (userId: string, messageKey: string) =>
  sql<boolean>`exists (select 1 from ${mailTallies} where ${mailTallies.userId} = ${userId} and json_extract(${mailTallies.tally}, ${`$.x."${messageKey}"`}) is not null)`;

/** The catalog's name and rule for each catalog sender in the user's tally or requests: what the dashboard names them by. */
export function catalogOfTally(db: Db, userId: string) {
  return db
    .select({ id: requestTemplates.id, title: requestTemplates.title, consumerFiles: requestTemplates.consumerFiles })
    .from(requestTemplates)
    .where(
      sql`${requestTemplates.id} in (
        select key from ${mailTallies}, json_each(${mailTallies.tally}, '$.s') where ${mailTallies.userId} = ${userId}
        union select ${requests.templateId} from ${requests} where ${requests.userId} = ${userId})`,
    );
}

/** A value of the user's tally, read through a JSON path, for a select over requests (its columns named with their table). */
const fromTally = (path: SQLWrapper) =>
  sql`(select json_extract(${mailTallies.tally}, ${path}) from ${mailTallies} where ${mailTallies.userId} = "requests"."userId")`;

/** The last day a piece of any kind matched to the request arrived. */
export const lastPieceOfRequest = sql<string | null>`${fromTally(sql`'$.r."' || "requests"."id" || '".l'`)}`;

/** The last day a piece known to be real and matched to the request arrived, never after the day it reached us. */
export const lastRealPieceOfRequest = sql<string | null>`${fromTally(sql`'$.r."' || "requests"."id" || '".v'`)}`;

/**
 * The day number a real digest first showed the sender at `path` (TallyFacts.s), 0 when none; a
 * record stored whole (before decision 0085) keeps it as the day of the sender's `d`.
 */
const firstShownBy = (path: SQLWrapper) =>
  sql`(select case json_type(${mailTallies.tally}, ${path})
    when 'integer' then json_extract(${mailTallies.tally}, ${path})
    when 'object' then cast(julianday(json_extract(${mailTallies.tally}, ${path} || '.d')) - 2440587.5 as integer)
  end from ${mailTallies} where ${mailTallies.userId} = "requests"."userId")`;

/**
 * Whether the person's digests showed a piece of the request's sender (known to be real) on or
 * before the day its current sending went out (decision 0072): by the catalog sender, or for a typed
 * sender the name its pieces were read under, since a piece seen before the request is matched to
 * none. For a select over requests.
 */
export const digestShowedSender = sql<boolean>`coalesce(${firstShownBy(
  sql`'$.s."' || coalesce("requests"."templateId", ${nameKeySql(sql`"requests"."senderName"`)}) || '"'`,
)} between 1 and cast("requests"."processedAt" / 86400000 as integer), 0)`.mapWith(Boolean);

/**
 * The last day the person's mailbox was seen: the UTC day we received a piece known to be real
 * (decision 0064), '' when none. `userId` is a bound value or a column named with its table.
 */
export const mailboxSeenOnOf = (userId: SQLWrapper) =>
  sql<string>`coalesce((select ${mailTallies.seenOn} from ${mailTallies} where ${mailTallies.userId} = ${userId}), '')`;
