// Photos of junk mail (decision 0030): stored in R2 without their metadata, read by the queue,
// confirmed by the person or identified by staff, and deleted as soon as the sender is known (or
// after PHOTO_LIMITS.keepDays). D1 holds where each stands; the images never leave R2 but through
// the app, to their owner and to staff.
import { OTHER_SENDER, PHOTO_LIMITS, PHOTO_MESSAGES, readMailPiece } from "~/domain/mail-photo";
import { DAY_MS, MINUTE_MS } from "~/domain/dates";
import { enqueueJob } from "~/queue/producer.server";
import { getTextReader, shouldRetryRead, transcribeStored } from "~/integrations/text-reader.server";
import type { StaffActor } from "~/models/audit.server";
import {
  abandonedStorings,
  catalogNamesForPhotos,
  expiringPhotos,
  forgetImageKeys,
  getPhoto,
  handStuckReadingsToStaff,
  leftoverImages,
  markExpired,
  markIdentified,
  markStored,
  releasePhoto,
  reservePhoto,
  saveReading,
  type MailPhoto,
} from "~/models/mail-photo.server";
import { recordPhotoPiece } from "~/models/mail-piece.server";
import { followUpPiece } from "~/services/follow-up.server";
import { findSenderByExactName } from "~/models/sender-names.server";
import { proposeReturnAddress } from "~/services/sender-channels.server";
import { getSessionUser } from "~/models/user.server";
import { addRequestForSender, type AddOutcome, type NewRequest } from "~/services/requests.server";
import type { CurrentUser } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";
import { errorMessage } from "~/utils/errors";
import { stripImageMetadata, IMAGE_CONTENT_TYPES } from "~/domain/image-files";
import { log } from "~/utils/log.server";

/** Every image of an account lives under its prefix, so deleting the account finds them all. */
const userPrefix = (userId: string) => `photos/${userId}/`;

export type StoreOutcome = { ok: true; photoId: string } | { ok: false; message: string };

/** Where a photo came from: an upload on the site, or an email to the owner's inbound address with the id it gets. */
export type PhotoOrigin = { source: "site" } | { source: "email"; photoId: string };

/**
 * Checks each file by its bytes (a JPEG, PNG or WebP photo, whole, within the size limit), strips
 * its metadata, reserves the images against the daily limit, and stores them under an unguessable
 * key; then the queue reads them. A refused file or a full day stores nothing, and neither does a
 * failure half way: what was put is deleted and the images go back to the day's allowance.
 */
export async function storeMailPhoto(
  env: AppEnv,
  owner: { id: string },
  files: File[],
  origin: PhotoOrigin = { source: "site" },
  now = new Date(),
): Promise<StoreOutcome> {
  if (files.length === 0) return { ok: false, message: PHOTO_MESSAGES.noImage };
  if (files.length > PHOTO_LIMITS.maxImages) return { ok: false, message: PHOTO_MESSAGES.tooMany };
  const images = [];
  for (const file of files) {
    const name = file.name || "The photo";
    if (file.size === 0) return { ok: false, message: PHOTO_MESSAGES.empty(name) };
    if (file.size > PHOTO_LIMITS.maxImageBytes) return { ok: false, message: PHOTO_MESSAGES.tooLarge(name) };
    const clean = stripImageMetadata(new Uint8Array(await file.arrayBuffer()));
    if (!clean) return { ok: false, message: PHOTO_MESSAGES.notAnImage(name) };
    images.push(clean);
  }
  const db = getDb(env.DB);
  const photoId = origin.source === "email" ? origin.photoId : crypto.randomUUID();
  const keys = images.map((_, index) => `${userPrefix(owner.id)}${photoId}/${index + 1}`);
  // The images are counted against the day's limit before any of them is put, in one statement.
  const since = new Date(now.getTime() - DAY_MS);
  const reserved = await reservePhoto(
    db,
    { id: photoId, userId: owner.id, imageKeys: keys, source: origin.source },
    { limit: env.PHOTO_DAILY_LIMIT, since, now },
  );
  if (!reserved) return { ok: false, message: PHOTO_MESSAGES.dailyLimit(env.PHOTO_DAILY_LIMIT) };
  try {
    // Every put is settled before anything is deleted, so none lands after the clean-up.
    const puts = await Promise.allSettled(
      images.map((image, index) =>
        env.PHOTOS.put(keys[index]!, image.bytes, { httpMetadata: { contentType: IMAGE_CONTENT_TYPES[image.kind] } }),
      ),
    );
    for (const put of puts) if (put.status === "rejected") throw put.reason;
    if (!(await markStored(db, photoId))) throw new Error("the photo's row was gone before its images were stored");
  } catch (error) {
    log.error("photo not stored:", errorMessage(error));
    // Only once its images are gone may the photo leave the count; else the daily cron deletes them and it.
    if (await deleteImages(env, keys)) await releasePhoto(db, photoId).catch(() => undefined);
    return { ok: false, message: PHOTO_MESSAGES.stored };
  }
  // A job the queue refuses is kept dead for staff, and the daily cron hands a photo left reading to staff.
  await enqueueJob(env, "photo.read", { photoId }, { userId: owner.id }).catch((error) =>
    log.error("photo reading not queued:", errorMessage(error)),
  );
  return { ok: true, photoId };
}

/** An image of a photo, for its owner or staff (the route checks who asks). */
export async function photoImage(env: AppEnv, photo: MailPhoto, index: number) {
  const key = photo.imageKeys[index];
  return key ? env.PHOTOS.get(key) : null;
}

/**
 * The queue job: the text of each image through the text reader, then the sender, number and
 * name found in it. A confident sender waits for the person to confirm it; anything else goes to
 * staff, as does a photo when no reader is configured, the reader finds it is no image, or reading
 * it fails TEXT_READ_ATTEMPTS times (rather than keep the person waiting); the photo is kept for them.
 */
export async function readPhoto(env: AppEnv, photoId: string, attempt: number) {
  const db = getDb(env.DB);
  const photo = await getPhoto(db, photoId);
  if (!photo || photo.state !== "reading") return;
  const toStaff = (readProblem: string, transcript: string | null = null) =>
    saveReading(db, photoId, {
      state: "needsStaff",
      transcript,
      suggestions: [],
      customerNumber: null,
      keyCode: null,
      addressee: null,
      readProblem,
    });

  const reader = getTextReader(env);
  if (!reader) return void (await toStaff("no photo reader is configured"));
  const texts: string[] = [];
  try {
    for (const key of photo.imageKeys) {
      const image = await env.PHOTOS.get(key);
      if (!image) continue;
      texts.push(await transcribeStored(reader, image));
    }
  } catch (error) {
    if (shouldRetryRead(error, attempt)) throw error;
    return void (await toStaff(`the photo reader failed: ${errorMessage(error)}`));
  }
  const transcript = texts.join("\n").trim();
  if (!transcript) return void (await toStaff("no text was found on the photo"));
  const { names, titles } = await catalogNamesForPhotos(db);
  const reading = readMailPiece(transcript, names, titles);
  await saveReading(db, photoId, {
    state: reading.confident ? "suggested" : "needsStaff",
    transcript,
    suggestions: reading.suggestions,
    customerNumber: reading.customerNumber,
    keyCode: reading.keyCode,
    addressee: reading.addressee,
    readProblem: reading.confident ? null : reading.suggestions.length ? "not sure which sender" : "no catalog sender found",
  });
}

/** Deletes stored images of mail; a failure is logged and left to the daily cron, which tries again. */
export async function deleteImages(env: AppEnv, keys: string[]) {
  if (keys.length === 0) return true;
  try {
    await env.PHOTOS.delete(keys);
    return true;
  } catch (error) {
    log.error("images of mail not deleted; the daily cron tries again:", errorMessage(error));
    return false;
  }
}

/**
 * What naming a photo's sender did: a request sent, or, for a sender whose request was sent
 * already, the piece kept as one seen in the mail ("seen"), which takes the follow-up ladder's next
 * step when it came after the day the mail should have stopped.
 */
export type PhotoOutcome = AddOutcome | { ok: true; requestId: string; kind: "seen" };

/**
 * The request for the photo's sender, then the images deleted and the photo marked identified.
 * A refusal (the free requests used up, a sender the person files with themselves) leaves the
 * photo as it was, so the person can choose again.
 */
async function identify(
  env: AppEnv,
  owner: CurrentUser,
  photo: MailPhoto,
  request: NewRequest,
  by: { identifiedBy: "user" } | { identifiedBy: "staff"; actor: StaffActor },
): Promise<PhotoOutcome> {
  const added = await addRequestForSender(env, owner, request);
  const outcome: PhotoOutcome | null = added.ok
    ? added
    : added.sentRequestId
      ? { ok: true, requestId: added.sentRequestId, kind: "seen" }
      : null;
  if (!outcome) return added;
  // Before markIdentified forgets the transcript the return address is read from.
  if (request.templateId && photo.transcript) {
    await proposeReturnAddress(getDb(env.DB), { templateId: request.templateId, transcript: photo.transcript, sourcePhotoId: photo.id });
  }
  const deleted = await deleteImages(env, photo.imageKeys);
  await markIdentified(getDb(env.DB), photo.id, {
    identification: {
      templateId: request.templateId,
      senderName: request.senderName,
      requestId: outcome.requestId,
      identifiedBy: by.identifiedBy,
    },
    imagesDeleted: deleted,
    actor: by.identifiedBy === "staff" ? by.actor : undefined,
  });
  // The piece it shows counts as seen in the mailbox; the request stands whether or not that is recorded.
  const now = new Date();
  await recordPhotoPiece(getDb(env.DB), photo, request, deleted, now)
    .then((recorded) => followUpPiece(env, photo.userId, recorded, now))
    .catch((error) => log.error("the photo's piece was not recorded:", errorMessage(error)));
  return outcome;
}

/**
 * The sender chosen on a photo's form: one of its suggestions, or a typed name, which is a catalog
 * sender only when it is exactly one's name or alias (as on the add page), else sent as typed.
 */
export async function chosenSender(env: AppEnv, photo: MailPhoto, choice: { sender: string; otherName?: string }) {
  if (choice.sender !== OTHER_SENDER) {
    const suggestion = photo.suggestions.find((candidate) => candidate.templateId === choice.sender);
    return suggestion ? { templateId: suggestion.templateId, senderName: suggestion.title } : null;
  }
  const senderName = choice.otherName ?? "";
  return { templateId: await findSenderByExactName(getDb(env.DB), senderName), senderName };
}

/** The person confirms the sender of their photo (a suggestion, or a name they typed). */
export function confirmPhotoSender(env: AppEnv, user: CurrentUser, photo: MailPhoto, request: NewRequest) {
  return identify(env, user, photo, request, { identifiedBy: "user" });
}

/**
 * Staff name the sender of a photo that waits for them: the owner's request goes into the queue
 * as if they had confirmed it (its confirmation email says staff found it), the photo is deleted,
 * and the audit records it.
 */
export async function identifyPhotoByStaff(env: AppEnv, actor: StaffActor, photo: MailPhoto, request: Omit<NewRequest, "recipientIds">) {
  const owner = await getSessionUser(getDb(env.DB), photo.userId);
  if (!owner) return { ok: false as const, status: 404, message: "The account this photo belongs to no longer exists.", field: null };
  return identify(
    env,
    { ...owner, role: "none" },
    photo,
    { ...request, recipientIds: [], fromPhoto: true },
    { identifiedBy: "staff", actor },
  );
}

/** The person deletes a photo that still waits: its images go at once, the row says it expired. */
export async function discardPhoto(env: AppEnv, photo: MailPhoto) {
  if (photo.state === "identified" || photo.state === "expired") return;
  if (await deleteImages(env, photo.imageKeys)) await markExpired(getDb(env.DB), [photo.id]);
}

/**
 * The daily cron: a photo left reading for an hour goes to staff; a photo nobody identified within
 * keepDays expires with its images; an upload that stopped half way through storing (an hour
 * ago) is undone; images a failed delete left behind are deleted again.
 */
export async function sweepPhotos(env: AppEnv, now: Date) {
  const db = getDb(env.DB);
  await handStuckReadingsToStaff(db, new Date(now.getTime() - PHOTO_LIMITS.readingStuckMinutes * MINUTE_MS), now);
  const expiring = await expiringPhotos(db, new Date(now.getTime() - PHOTO_LIMITS.keepDays * DAY_MS));
  const expired = [];
  for (const photo of expiring) if (await deleteImages(env, photo.imageKeys)) expired.push(photo.id);
  await markExpired(db, expired, now);
  for (const photo of await abandonedStorings(db, new Date(now.getTime() - PHOTO_LIMITS.storingStuckMinutes * MINUTE_MS))) {
    if (await deleteImages(env, photo.imageKeys)) await releasePhoto(db, photo.id);
  }
  const leftover = await leftoverImages(db);
  const cleaned = [];
  for (const photo of leftover) if (await deleteImages(env, photo.imageKeys)) cleaned.push(photo.id);
  await forgetImageKeys(db, cleaned, now);
}

/** Every image an account ever stored, by its prefix: the deleted account's job calls this. */
export async function eraseImagesOf(env: AppEnv, userId: string) {
  for (;;) {
    const listed = await env.PHOTOS.list({ prefix: userPrefix(userId), limit: 1000 });
    if (listed.objects.length === 0) return;
    await env.PHOTOS.delete(listed.objects.map((object) => object.key));
    if (!listed.truncated) return;
  }
}
