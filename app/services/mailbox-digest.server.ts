// The Postal Service's Informed Delivery daily digest, forwarded to an account's inbound address
// (decisions 0055, 0056): each mail piece it shows is recorded as one piece, read like a photo, and its
// image is deleted once read.
import type { Email } from "postal-mime";
import { DAY_MS, DEFAULT_TIME_ZONE, isoDate } from "~/domain/dates";
import { isDigest, parseDigest } from "~/domain/informed-delivery";
import { digestEntryId, isResidentMail } from "~/domain/mail-piece";
import { readMailPiece } from "~/domain/mail-photo";
import { getTextReader, shouldRetryRead, transcribeStored } from "~/integrations/text-reader.server";
import { enqueueJobs } from "~/queue/producer.server";
import {
  addWaitingPieces,
  forgetPieceImages,
  piecesToSweep,
  recordPiece,
  recordPieces,
  waitingPieces,
  type PieceReading,
  type RecordedPiece,
  type WaitingPiece,
} from "~/models/mail-piece.server";
import { catalogNamesForPhotos } from "~/models/mail-photo.server";
import { foldPiecesOf, forgetFoldedPieces, usersWithUnfoldedPieces } from "~/models/mail-tally.server";
import { findSenderByExactName } from "~/models/sender-names.server";
import { followUpPiece } from "~/services/follow-up.server";
import { deleteImages } from "~/services/mail-photos.server";
import { proposeReturnAddress } from "~/services/sender-channels.server";
import { getDb, type Db } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";
import { hexDigest } from "~/utils/digest";
import { errorMessage } from "~/utils/errors";
import { IMAGE_CONTENT_TYPES, sniffImageKind } from "~/domain/image-files";
import { log } from "~/utils/log.server";

export type DigestInput = {
  userId: string;
  email: Email;
  /** Stable for one message however often it is delivered: the pieces' entry ids derive from it. */
  messageKey: string;
  receivedAt: Date;
  /** The Postal Service's DKIM signature verified (decision 0063): only then may its pieces start a paid step. */
  authenticated: boolean;
};

/** Every piece image of an account lives under its prefix. */
const piecePrefix = (userId: string) => `mailbox/${userId}/`;

/** A message's key in 16 hex digits (64 bits of its SHA-256): each piece's row and index keep it, so short pays. */
async function shortKey(messageKey: string) {
  return (await hexDigest("SHA-256", messageKey)).slice(0, 16);
}

/** Whether a parsed email is an Informed Delivery digest. */
export function isInformedDeliveryDigest(email: Email): boolean {
  return isDigest(email);
}

/**
 * Records each piece of a digest and queues their reading; the number of pieces.
 * The rows come first, each counted against the account's reading budget, shared with photos (a
 * piece already recorded, the message delivered again, adds nothing; a piece past the budget is
 * not kept), then the images of the new ones, then one job per piece on the reading queue
 * (decision 0065), so a long digest holds back no other job.
 */
export async function takeDigest(env: AppEnv, input: DigestInput): Promise<number> {
  const digest = parseDigest(input.email, isoDate(input.receivedAt, DEFAULT_TIME_ZONE));
  const messageKey = await shortKey(input.messageKey);
  // A piece whose bytes are no JPEG, PNG or WebP (whatever its part says) is never stored or read.
  const pieces: (WaitingPiece & { image: { bytes: Uint8Array; contentType: string } })[] = digest.pieces.flatMap((piece, index) => {
    const kind = sniffImageKind(piece.image.bytes);
    if (!kind) return [];
    const id = crypto.randomUUID();
    return [
      {
        id,
        entryId: digestEntryId(messageKey, index),
        arrivedOn: digest.date,
        imageKey: `${piecePrefix(input.userId)}${id}`,
        printedSender: piece.printedSender,
        authenticated: input.authenticated,
        image: { bytes: piece.image.bytes, contentType: IMAGE_CONTENT_TYPES[kind] },
      },
    ];
  });
  const added = await addWaitingPieces(
    getDb(env.DB),
    input.userId,
    messageKey,
    pieces.map(({ image: _image, ...piece }) => piece),
    { limit: env.PHOTO_DAILY_LIMIT, since: new Date(input.receivedAt.getTime() - DAY_MS) },
  );
  if (added.length === 0) return pieces.length;
  const images = new Map(pieces.map((piece) => [piece.id, piece.image]));
  // A put that fails leaves its piece without an image: it is recorded unread, nothing is lost but it.
  await Promise.allSettled(
    added.map((piece) => {
      const image = images.get(piece.id)!;
      return env.PHOTOS.put(piece.imageKey, image.bytes, { httpMetadata: { contentType: image.contentType } });
    }),
  );
  // A job the queue refuses is kept queued for the sweep, and the daily sweep deletes images left waiting.
  await enqueueJobs(
    env,
    "mailbox.readPiece",
    added.map((piece) => ({ payload: { userId: input.userId, arrivalId: piece.id }, userId: input.userId })),
  ).catch((error) => log.error("digest reading not queued:", errorMessage(error)));
  return pieces.length;
}

type PieceText = { text: string } | { failed: string };

async function transcribePiece(env: AppEnv, imageKey: string, attempt: number): Promise<PieceText> {
  const reader = getTextReader(env);
  if (!reader) return { failed: "no text reader is configured" };
  const image = await env.PHOTOS.get(imageKey);
  if (!image) return { failed: "the image is gone" };
  try {
    return { text: await transcribeStored(reader, image) };
  } catch (error) {
    // Out of attempts, the pieces left are recorded with no sender.
    if (shouldRetryRead(error, attempt)) throw error;
    return { failed: `the text reader failed: ${errorMessage(error)}` };
  }
}

type WaitingPieceRow = Awaited<ReturnType<typeof waitingPieces>>[number];

/** The catalog's names, read once for a run and only when some piece's text needs them. */
function catalogWhenNeeded(db: Db) {
  let catalog: ReturnType<typeof catalogNamesForPhotos> | null = null;
  return () => (catalog ??= catalogNamesForPhotos(db));
}

/**
 * Reads one waiting piece: its "FROM:" name, when printed, looked up among the catalog's names
 * first, then its text; a return address read is proposed for its sender, and its image deleted.
 * Answers what is known of it, for recordPiece.
 */
async function readWaitingPiece(
  env: AppEnv,
  db: Db,
  userId: string,
  piece: WaitingPieceRow,
  attempt: number,
  catalogNames: ReturnType<typeof catalogWhenNeeded>,
): Promise<PieceReading> {
  const read = piece.imageKey ? await transcribePiece(env, piece.imageKey, attempt) : { failed: "no image was stored" };
  const text = "text" in read ? read.text : "";
  if ("failed" in read) log.warn(`a digest piece was not read: ${read.failed}`);
  const catalog = text ? await catalogNames() : null;
  const reading = catalog ? readMailPiece(text, catalog.names, catalog.titles) : null;
  const printedMatch = piece.printedSender ? await findSenderByExactName(db, piece.printedSender) : null;
  const templateId = printedMatch ?? (reading?.confident ? reading.suggestions[0]!.templateId : null);
  if (templateId && text) await proposeReturnAddress(db, { templateId, transcript: text, sourcePhotoId: null });
  const imageDeleted = piece.imageKey ? await deleteImages(env, [piece.imageKey]) : true;
  return {
    userId,
    entryId: piece.entryId,
    source: "digest",
    arrivedOn: piece.arrivedOn,
    templateId,
    senderName: templateId ? null : piece.printedSender,
    customerNumber: reading?.customerNumber ?? null,
    keyCode: reading?.keyCode ?? null,
    residentMail: isResidentMail(text),
    authenticated: piece.authenticated,
    imageDeleted,
  };
}

/** A piece recorded: the ladder takes its step, unless nobody can vouch for the piece (decision 0063). */
async function followUpRecordedPiece(env: AppEnv, reading: PieceReading, recorded: RecordedPiece, now: Date) {
  if (reading.authenticated) await followUpPiece(env, reading.userId, recorded, now);
}

/**
 * The queue job of one digest: each waiting piece read, recorded with its sender and request, and
 * its image deleted. A piece is done before the next is read, so a retry reads only those left.
 */
export async function readDigestPieces(
  env: AppEnv,
  { userId, pieceIds }: { userId: string; pieceIds: string[] },
  attempt: number,
  now = new Date(),
) {
  const db = getDb(env.DB);
  const catalogNames = catalogWhenNeeded(db);
  for (const piece of await waitingPieces(db, userId, pieceIds)) {
    const reading = await readWaitingPiece(env, db, userId, piece, attempt, catalogNames);
    await followUpRecordedPiece(env, reading, await recordPiece(db, reading, now), now);
  }
}

/**
 * The pieces of a queue batch's jobs (one piece a job, decision 0065), each read as
 * readDigestPieces reads it, all at once, then recorded together in one read and one write (decision 0089).
 * Answers, in the jobs' order, null for each job done and what failed each other one: a piece whose
 * reading failed is left waiting for that job's retry, and the others are recorded all the same.
 */
export async function readDigestPiecesTogether(
  env: AppEnv,
  jobs: { userId: string; pieceId: string; attempt: number }[],
  now = new Date(),
): Promise<(unknown | null)[]> {
  const db = getDb(env.DB);
  const catalogNames = catalogWhenNeeded(db);
  const failures: unknown[] = jobs.map(() => null);
  const read: { job: number; reading: PieceReading }[] = [];
  // Read at once, as lone jobs of the reading queue are (READING_AT_ONCE).
  await Promise.all(
    jobs.map(async ({ userId, pieceId, attempt }, job) => {
      try {
        for (const piece of await waitingPieces(db, userId, [pieceId])) {
          read.push({ job, reading: await readWaitingPiece(env, db, userId, piece, attempt, catalogNames) });
        }
      } catch (error) {
        failures[job] = error;
      }
    }),
  );
  let recorded: RecordedPiece[];
  try {
    recorded = await recordPieces(
      db,
      read.map(({ reading }) => reading),
      now,
    );
  } catch (error) {
    for (const { job } of read) failures[job] = error;
    return failures;
  }
  for (const [index, { job, reading }] of read.entries()) {
    try {
      await followUpRecordedPiece(env, reading, recorded[index]!, now);
    } catch (error) {
      failures[job] = error;
    }
  }
  return failures;
}

/** Pieces the sweep looks at per run: a backlog is finished by the next days' runs. */
const SWEEP_BATCH = 500;

/** Users whose pieces the sweep folds per run: a backlog is finished by the next days' runs. */
const FOLD_USERS_BATCH = 200;

/**
 * The daily cron: a piece still waiting to be read a day after it arrived is given up (its image
 * deleted, the piece kept read with no sender), and images a failed delete left behind go again.
 * Then every piece read and not yet counted is folded into its person's tally, and the rows of
 * pieces folded more than a day ago are deleted: the reading budget counts a rolling day of them,
 * and the tally remembers their digest (decisions 0084, 0085).
 */
export async function sweepMailbox(env: AppEnv, now: Date) {
  const db = getDb(env.DB);
  const stale = await piecesToSweep(db, new Date(now.getTime() - DAY_MS), SWEEP_BATCH);
  const gone: string[] = [];
  for (const piece of stale) if (await deleteImages(env, [piece.imageKey!])) gone.push(piece.id);
  await forgetPieceImages(db, gone);
  for (const { userId } of await usersWithUnfoldedPieces(db, FOLD_USERS_BATCH)) await foldPiecesOf(db, userId);
  await forgetFoldedPieces(db, new Date(now.getTime() - DAY_MS));
}

/** Every piece image an account has stored, by its prefix: the deleted account's job calls this. */
export async function eraseMailboxImagesOf(env: AppEnv, userId: string) {
  for (;;) {
    const listed = await env.PHOTOS.list({ prefix: piecePrefix(userId), limit: 1000 });
    if (listed.objects.length === 0) return;
    await env.PHOTOS.delete(listed.objects.map((object) => object.key));
    if (!listed.truncated) return;
  }
}
