// Pieces seen in a person's mailbox (mail_arrivals, decision 0056): a digest's pieces while they
// are read, and every piece once its sender is known, matched to the person's request for that
// sender. A piece that came after the request's mail should have stopped marks the request
// "still coming", once.
import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, not, or, sql } from "drizzle-orm";
import { mailArrivals, mailedLetters, requests, senderOutcomes, type PieceSource } from "../../drizzle/schema";
import { DEFAULT_TIME_ZONE, isoDate, timeZoneForState } from "~/domain/dates";
import { arrivedAfterStop, isResidentMail, photoEntryId, stillComingDetail } from "~/domain/mail-piece";
import { mailClock, reachedSenderAt } from "~/domain/mail-timing";
import { latestEvidence, letterArrival, letterEvidence } from "~/domain/request-evidence";
import { learnedStopDays } from "~/domain/sender-outcome";
import type { MailPhoto } from "~/models/mail-photo.server";
import { digestCountedLately, foldedByThis, foldPiecesOf, foldReadsOf, foldWritesOf } from "~/models/mail-tally.server";
import { historyLineWhere } from "~/models/request-history.server";
import { mailedLetterColumns } from "~/models/request-evidence.server";
import { batchEachByName } from "~/utils/batch-by-name.server";
import type { Db } from "~/utils/db.server";

export type WaitingPiece = {
  id: string;
  entryId: string;
  arrivedOn: string;
  imageKey: string;
  printedSender: string | null;
  /** The digest's Postal Service signature verified (decision 0063). */
  authenticated: boolean;
};

/**
 * A digest's pieces, waiting to be read: one row each, unless the same entry exists already or the
 * person's tally counted the message (`messageKey`) lately, the message delivered again, or the
 * account's reading budget is spent (decision 0065). The budget is shared with photos: the images
 * of its photos and its digest pieces since `since` together stay within `limit`. Each row's count
 * and insert are one statement, and the batch runs them in order, so digests taken at the same
 * moment cannot all pass the same count. The rows this call added, which alone need their images
 * stored and read.
 */
export async function addWaitingPieces(
  db: Db,
  userId: string,
  messageKey: string,
  pieces: WaitingPiece[],
  { limit, since }: ReadingBudget,
) {
  if (pieces.length === 0) return [];
  const inserts = pieces.map((piece) =>
    db
      .insert(mailArrivals)
      .select(
        db
          .select({
            id: sql<string>`${piece.id}`.as("id"),
            userId: sql<string>`${userId}`.as("userId"),
            entryId: sql<string>`${piece.entryId}`.as("entryId"),
            source: sql<PieceSource>`'digest'`.as("source"),
            authenticated: sql<boolean>`${piece.authenticated ? 1 : 0}`.as("authenticated"),
            state: sql<"reading">`'reading'`.as("state"),
            arrivedOn: sql<string>`${piece.arrivedOn}`.as("arrivedOn"),
            imageKey: sql<string>`${piece.imageKey}`.as("imageKey"),
            printedSender: sql<string | null>`${piece.printedSender}`.as("printedSender"),
            // Every other column as a new row has it (an insert from a select names them all, in order).
            templateId: sql<null>`null`.as("templateId"),
            senderName: sql<null>`null`.as("senderName"),
            requestId: sql<null>`null`.as("requestId"),
            customerNumber: sql<null>`null`.as("customerNumber"),
            keyCode: sql<null>`null`.as("keyCode"),
            residentMail: sql<boolean>`0`.as("residentMail"),
            personAnswer: sql<null>`null`.as("personAnswer"),
            folded: sql<boolean>`0`.as("folded"),
            createdAt: sql<Date>`cast(unixepoch('subsec') * 1000 as integer)`.as("createdAt"),
          })
          .from(sql`(select 1)`)
          .where(and(sql`${readingsSince(userId, since)} < ${limit}`, not(digestCountedLately(userId, messageKey)))),
      )
      .onConflictDoNothing({ target: [mailArrivals.userId, mailArrivals.entryId] })
      .returning({ id: mailArrivals.id }),
  );
  const results = await db.batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);
  const added = new Set(results.flat().map((row) => row.id));
  return pieces.filter((piece) => added.has(piece.id));
}

/** How many images an account may have read in a rolling day (PHOTO_DAILY_LIMIT), and the day's start. */
export type ReadingBudget = { limit: number; since: Date };

/**
 * What the account has had read since `since`: its photos' images and its digest pieces. The
 * photos' reservation counts with it too (mail-photo.server.ts).
 */
export function readingsSince(userId: string, since: Date) {
  return sql`(
    (select coalesce(sum(imageCount), 0) from mail_photos where userId = ${userId} and createdAt >= ${since.getTime()})
    + (select count(*) from ${mailArrivals} where ${mailArrivals.userId} = ${userId} and ${mailArrivals.source} = 'digest' and ${mailArrivals.createdAt} >= ${since.getTime()})
  )`;
}

/** The pieces of a user still waiting to be read, among these. */
export function waitingPieces(db: Db, userId: string, ids: string[]) {
  return db
    .select({
      id: mailArrivals.id,
      entryId: mailArrivals.entryId,
      arrivedOn: mailArrivals.arrivedOn,
      imageKey: mailArrivals.imageKey,
      printedSender: mailArrivals.printedSender,
      authenticated: mailArrivals.authenticated,
    })
    .from(mailArrivals)
    .where(and(eq(mailArrivals.userId, userId), inArray(mailArrivals.id, ids), eq(mailArrivals.state, "reading")));
}

/** What is known of a piece once read; no sender when nothing could be read. */
export type PieceReading = {
  userId: string;
  entryId: string;
  source: PieceSource;
  arrivedOn: string;
  templateId: string | null;
  senderName: string | null;
  customerNumber: string | null;
  keyCode: string | null;
  residentMail: boolean;
  /** Whether the piece is known to be real (mail_arrivals.authenticated): only such a piece marks its request still coming. */
  authenticated: boolean;
  printedSender?: string | null;
  /** Whether the piece's image was deleted: otherwise its key stays for the daily sweep. */
  imageDeleted: boolean;
};

/**
 * What finds the person's request for the piece's sender (the same catalog sender, or for a sender
 * outside the catalog the same name; a deleted request is no longer theirs; the latest one first)
 * and the letters mailed for it, for the caller's batch (matchedRequestOf reads the answers); null
 * when nothing was read to find it by.
 */
function requestForSenderReads(db: Db, userId: string, sender: { templateId: string | null; senderName: string | null }) {
  const bySender = sender.templateId
    ? eq(requests.templateId, sender.templateId)
    : sender.senderName
      ? and(isNull(requests.templateId), sql`lower(${requests.senderName}) = ${sender.senderName.toLowerCase()}`)
      : null;
  if (!bySender) return null;
  const theirs = and(eq(requests.userId, userId), bySender, or(isNull(requests.status), ne(requests.status, "deleted")));
  const latestFirst = [desc(requests.processedAt), desc(requests.queuedAt), desc(requests.id)];
  const latestId = db
    .select({ id: requests.id })
    .from(requests)
    .where(theirs)
    .orderBy(...latestFirst)
    .limit(1);
  return [
    db
      .select({
        id: requests.id,
        senderName: requests.senderName,
        status: requests.status,
        processedAt: requests.processedAt,
        requiredDays: requests.requiredDays,
        state: requests.state,
        stillComingAt: requests.stillComingAt,
        // What the sender was seen to take, for its learned clock (decision 0060).
        outcomeCases: senderOutcomes.cases,
        outcomeP90Days: senderOutcomes.p90Days,
      })
      .from(requests)
      .leftJoin(senderOutcomes, eq(senderOutcomes.templateId, requests.templateId))
      .where(theirs)
      .orderBy(...latestFirst)
      .limit(1),
    db
      .select(mailedLetterColumns)
      .from(mailedLetters)
      .where(and(eq(mailedLetters.userId, userId), sql`${mailedLetters.requestId} = (${latestId})`)),
  ] as const;
}

type RequestForSenderReads = NonNullable<ReturnType<typeof requestForSenderReads>>;

/** The request requestForSenderReads found, with its letters, or null. */
function matchedRequestOf([[request], letters]: [Awaited<RequestForSenderReads[0]>, Awaited<RequestForSenderReads[1]>]) {
  return request ? { ...request, letters } : null;
}

type MatchedRequest = NonNullable<ReturnType<typeof matchedRequestOf>>;

/** The last day mail printed before the request may arrive, from when the request reached the sender; null before it was sent. */
function mailStopsByOf(request: MatchedRequest) {
  if (!request.processedAt) return null;
  const sinceSent = request.letters.filter((letter) => letter.createdAt >= request.processedAt!);
  const reached = reachedSenderAt(request.processedAt, letterArrival(latestEvidence(letterEvidence(sinceSent, null))));
  const learnedDays =
    request.outcomeCases === null ? null : learnedStopDays({ cases: request.outcomeCases, p90Days: request.outcomeP90Days });
  return reached ? mailClock(reached, request.requiredDays, learnedDays).mailStopsBy : null;
}

/** What recording a piece did: the request it is evidence for, and whether it marked that request still coming. */
export type RecordedPiece = { requestId: string | null; stillComing: boolean };

/**
 * Records a piece whose reading is done, the one way every path does (a digest's piece, a photo
 * identified): its row (added, or the waiting one completed), the request it is evidence for, and,
 * when it came after the day that request's mail should have stopped, the request marked still
 * coming with a line in its history. Both happen once however often or concurrently a piece is
 * recorded: the mark only where none is, and the line only where that mark was just made. The same
 * batch counts the piece in the person's tally (decision 0084), which every page reads: one round
 * trip reads, one writes.
 */
export async function recordPiece(db: Db, reading: PieceReading, now: Date): Promise<RecordedPiece> {
  const [recorded] = await recordPieces(db, [reading], now);
  return recorded!;
}

/**
 * Records several pieces as recordPiece records one, in its two round trips for them all (a queue
 * batch of digest pieces, decision 0089): each person's tally is read once and written once with
 * all of their pieces in it. A piece given twice is recorded and counted once. Answers, in the
 * pieces' order, what recording each did.
 */
export async function recordPieces(db: Db, readings: PieceReading[], now: Date): Promise<RecordedPiece[]> {
  if (readings.length === 0) return [];
  const firstOfUser = new Map<string, number>();
  readings.forEach((reading, index) => {
    if (!firstOfUser.has(reading.userId)) firstOfUser.set(reading.userId, index);
  });
  const reads = await batchEachByName(
    db,
    readings.map((reading, index) => {
      const { userId } = reading;
      const [tallyRead, unfoldedRead] = firstOfUser.get(userId) === index ? foldReadsOf(db, userId) : [];
      const findRequest = reading.residentMail ? null : requestForSenderReads(db, userId, reading);
      return {
        entry: db
          .select({ state: mailArrivals.state, createdAt: mailArrivals.createdAt })
          .from(mailArrivals)
          .where(and(eq(mailArrivals.userId, userId), eq(mailArrivals.entryId, reading.entryId))),
        tally: tallyRead,
        unfolded: unfoldedRead,
        request: findRequest?.[0],
        letters: findRequest?.[1],
      };
    }),
  );

  // The piece is counted in its person's tally by the same batch that records it (unless it was
  // read already, or comes twice here), with any other piece of theirs read and not yet counted.
  const seen = new Set<string>();
  const pieces = readings.map((reading, index) => {
    const read = reads[index]!;
    const request = read.request && read.letters ? matchedRequestOf([read.request, read.letters]) : null;
    const [entry] = read.entry;
    const fields = {
      state: "read" as const,
      templateId: reading.templateId,
      senderName: reading.templateId ? null : reading.senderName,
      requestId: request?.id ?? null,
      customerNumber: reading.customerNumber,
      keyCode: reading.keyCode,
      residentMail: reading.residentMail,
      ...(reading.imageDeleted ? { imageKey: null } : {}),
    };
    const entryKey = `${reading.userId} ${reading.entryId}`;
    const counts = entry?.state !== "read" && !seen.has(entryKey);
    seen.add(entryKey);
    return { reading, request, fields, recording: counts ? { ...reading, ...fields, receivedAt: entry?.createdAt ?? now } : null };
  });
  const folds = new Map(
    [...firstOfUser].flatMap(([userId, index]) => {
      const { tally, unfolded } = reads[index]!;
      const recording = pieces.flatMap((piece) => (piece.reading.userId === userId && piece.recording ? [piece.recording] : []));
      return recording.length > 0 || unfolded!.length > 0
        ? [[userId, foldWritesOf(db, userId, [tally!, unfolded!], recording)] as const]
        : [];
    }),
  );

  const written = await batchEachByName(
    db,
    pieces.map(({ reading, request, fields }, index) => {
      const { userId } = reading;
      const fold = folds.get(userId);
      const foldsHere = fold && firstOfUser.get(userId) === index;
      const folded = fold ? foldedByThis(userId, fold.foldedBy) : sql<boolean>`0`;
      const mailStopsBy = request && request.status !== null && !request.stillComingAt ? mailStopsByOf(request) : null;
      const timeZone = request ? timeZoneForState(request.state) : "";
      // A piece that could not be verified marks nothing: its request's card shows it, and only the
      // person's own confirmation counts (decision 0064).
      const marks =
        request && mailStopsBy && reading.authenticated && arrivedAfterStop(reading.arrivedOn, mailStopsBy, timeZone)
          ? { request, mailStopsBy, thisRequest: and(eq(requests.userId, userId), eq(requests.id, request.id)) }
          : null;
      return {
        counted: foldsHere ? fold.counted : undefined,
        marked: foldsHere ? fold.marked : undefined,
        recorded: db
          .insert(mailArrivals)
          .values({
            userId,
            entryId: reading.entryId,
            source: reading.source,
            authenticated: reading.authenticated,
            arrivedOn: reading.arrivedOn,
            printedSender: reading.printedSender ?? null,
            ...fields,
            imageKey: null,
            folded,
          })
          .onConflictDoUpdate({
            target: [mailArrivals.userId, mailArrivals.entryId],
            set: { ...fields, folded },
            setWhere: eq(mailArrivals.state, "reading"),
          }),
        stillComing: marks
          ? db
              .update(requests)
              .set({ stillComingAt: now })
              .where(and(marks.thisRequest, isNull(requests.stillComingAt)))
              .returning({ id: requests.id })
          : undefined,
        // Right after the mark: changes() is that statement's.
        line: marks
          ? historyLineWhere(db, and(marks.thisRequest, eq(requests.stillComingAt, now), sql`changes() = 1`), {
              creator: "system",
              status: "stillComing",
              detail: stillComingDetail({ ...reading, senderName: marks.request.senderName }, marks.mailStopsBy, timeZone),
              at: now,
            })
          : undefined,
      };
    }),
  );
  // Another fold wrote the tally between this read and this write: the pieces are counted by the next.
  for (const [userId] of folds) {
    if (written[firstOfUser.get(userId)!]!.counted?.length === 0) await foldPiecesOf(db, userId);
  }
  return pieces.map(({ request }, index) => ({
    requestId: request?.id ?? null,
    stillComing: (written[index]!.stillComing?.length ?? 0) > 0,
  }));
}

/** Pieces whose image is still stored though their reading ended, or that waited to be read since `before`. */
export function piecesToSweep(db: Db, before: Date, limit = 500) {
  return db
    .select({ id: mailArrivals.id, userId: mailArrivals.userId, imageKey: mailArrivals.imageKey })
    .from(mailArrivals)
    .where(
      and(
        isNotNull(mailArrivals.imageKey),
        or(eq(mailArrivals.state, "read"), and(eq(mailArrivals.state, "reading"), lt(mailArrivals.createdAt, before))),
      ),
    )
    .limit(limit);
}

/** These pieces' images are gone: they are read, with whatever was known of them. */
export async function forgetPieceImages(db: Db, ids: string[]) {
  for (let start = 0; start < ids.length; start += 90) {
    await db
      .update(mailArrivals)
      .set({ imageKey: null, state: "read" })
      .where(inArray(mailArrivals.id, ids.slice(start, start + 90)));
  }
}

/**
 * A photo of mail (sent on the site or emailed) whose sender is now known: one piece that arrived
 * the day the photo was taken in, recorded as every piece is.
 */
export function recordPhotoPiece(
  db: Db,
  photo: Pick<MailPhoto, "id" | "userId" | "source" | "createdAt" | "customerNumber" | "keyCode" | "transcript">,
  sender: { templateId: string | null; senderName: string },
  imageDeleted: boolean,
  now: Date,
) {
  return recordPiece(
    db,
    {
      userId: photo.userId,
      entryId: photoEntryId(photo.id),
      source: photo.source === "email" ? "email" : "photo",
      arrivedOn: isoDate(photo.createdAt, DEFAULT_TIME_ZONE),
      templateId: sender.templateId,
      senderName: sender.senderName,
      customerNumber: photo.customerNumber,
      keyCode: photo.keyCode,
      residentMail: isResidentMail(photo.transcript ?? ""),
      // Uploaded by the signed-in person, or emailed from their own signed address (the only
      // emailed photos taken), and confirmed by them or staff before it is recorded.
      authenticated: true,
      imageDeleted,
    },
    now,
  );
}
