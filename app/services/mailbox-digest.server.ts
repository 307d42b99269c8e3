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
  waitingPieces,
  type WaitingPiece,
} from "~/models/mail-piece.server";
import { catalogNamesForPhotos } from "~/models/mail-photo.server";
import { foldPiecesOf, forgetFoldedPieces, usersWithUnfoldedPieces } from "~/models/mail-tally.server";
import { findSenderByExactName } from "~/models/sender-names.server";
import { followUpPiece } from "~/services/follow-up.server";
import { deleteImages } from "~/services/mail-photos.server";
import { proposeReturnAddress } from "~/services/sender-channels.server";
import { getDb } from "~/utils/db.server";
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

/**
 * The queue job of one digest: each waiting piece read (its "FROM:" name, when printed, is looked
 * up among the catalog's names first), recorded with its sender and request, and its image
 * deleted. A piece is done before the next is read, so a retry reads only those left.
 */
export async function readDigestPieces(
  env: AppEnv,
  { userId, pieceIds }: { userId: string; pieceIds: string[] },
  attempt: number,
  now = new Date(),
) {
  const db = getDb(env.DB);
  const pieces = await waitingPieces(db, userId, pieceIds);
  let catalog: Awaited<ReturnType<typeof catalogNamesForPhotos>> | null = null;
  for (const piece of pieces) {
    const read = piece.imageKey ? await transcribePiece(env, piece.imageKey, attempt) : { failed: "no image was stored" };
    const text = "text" in read ? read.text : "";
    if ("failed" in read) log.warn(`a digest piece was not read: ${read.failed}`);
    catalog ??= text ? await catalogNamesForPhotos(db) : null;
    const reading = catalog ? readMailPiece(text, catalog.names, catalog.titles) : null;
    const printedMatch = piece.printedSender ? await findSenderByExactName(db, piece.printedSender) : null;
    const templateId = printedMatch ?? (reading?.confident ? reading.suggestions[0]!.templateId : null);
    if (templateId && text) await proposeReturnAddress(db, { templateId, transcript: text, sourcePhotoId: null });
    const imageDeleted = piece.imageKey ? await deleteImages(env, [piece.imageKey]) : true;
    const recorded = await recordPiece(
      db,
      {
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
      },
      now,
    );
    // A piece nobody can vouch for never sets the ladder going by itself (decision 0063).
    if (piece.authenticated) await followUpPiece(env, userId, recorded, now);
  }
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
