import { and, asc, desc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { mailPhotos, requestTemplates, senderNames, type MailPhotoState, type PhotoSuggestion } from "../../drizzle/schema";
import type { SenderName } from "~/domain/sender-search";
import { auditEntry, type StaffActor } from "~/models/audit.server";
import { readingsSince } from "~/models/mail-piece.server";
import type { Db } from "~/utils/db.server";

/** The states in which a photo still waits for its sender, and its images are kept. */
const OPEN_STATES: MailPhotoState[] = ["reading", "suggested", "needsStaff"];

const STORING: MailPhotoState = "storing";

/**
 * Creates the photo, "storing", only if its images keep the account within `limit` images read
 * since `since`, its digest pieces included (decision 0065): the count and the insert are one statement, which SQLite runs whole, so uploads
 * sent at the same moment cannot all pass the same count. False when the limit refuses it.
 */
export async function reservePhoto(
  db: Db,
  photo: { id: string; userId: string; imageKeys: string[]; source: MailPhoto["source"] },
  { limit, since, now }: { limit: number; since: Date; now: Date },
) {
  const images = photo.imageKeys.length;
  const result = await db.run(sql`
    insert into ${mailPhotos} (id, userId, state, source, imageCount, imageKeys, createdAt, updatedAt)
    select ${photo.id}, ${photo.userId}, ${STORING}, ${photo.source}, ${images}, ${JSON.stringify(photo.imageKeys)}, ${now.getTime()}, ${now.getTime()}
    where ${readingsSince(photo.userId, since)} + ${images} <= ${limit}`);
  return (result.meta.changes ?? 0) > 0;
}

/** The photo's images are all in R2: it is read from now on. False when it is no longer there. */
export async function markStored(db: Db, photoId: string, now = new Date()) {
  const stored = await db
    .update(mailPhotos)
    .set({ state: "reading", updatedAt: now })
    .where(and(eq(mailPhotos.id, photoId), eq(mailPhotos.state, STORING)))
    .returning({ id: mailPhotos.id });
  return stored.length > 0;
}

/** Gives a photo that was never stored back to the day's allowance (its images are deleted first). */
export async function releasePhoto(db: Db, photoId: string) {
  await db.delete(mailPhotos).where(and(eq(mailPhotos.id, photoId), eq(mailPhotos.state, STORING)));
}

/** Photos left "storing" since before `before`: the upload stopped half way (the daily cron undoes it). */
export function abandonedStorings(db: Db, before: Date, limit = 500) {
  return db
    .select({ id: mailPhotos.id, imageKeys: mailPhotos.imageKeys })
    .from(mailPhotos)
    .where(and(eq(mailPhotos.state, STORING), lt(mailPhotos.createdAt, before)))
    .limit(limit);
}

export type MailPhoto = typeof mailPhotos.$inferSelect;

/** A photo whose images are still being stored does not exist yet for anyone. */
const visible = ne(mailPhotos.state, STORING);

/** One of the user's photos; another user's is null, exactly like one that does not exist. */
export async function getUserPhoto(db: Db, userId: string, photoId: string): Promise<MailPhoto | null> {
  const [row] = await db
    .select()
    .from(mailPhotos)
    .where(and(eq(mailPhotos.id, photoId), eq(mailPhotos.userId, userId), visible));
  return row ?? null;
}

export async function getPhoto(db: Db, photoId: string): Promise<MailPhoto | null> {
  const [row] = await db
    .select()
    .from(mailPhotos)
    .where(and(eq(mailPhotos.id, photoId), visible));
  return row ?? null;
}

/** The user's photos that still wait for a sender, newest first (the dashboard lists them). */
export function openPhotosOf(db: Db, userId: string) {
  return db
    .select({ id: mailPhotos.id, state: mailPhotos.state, createdAt: mailPhotos.createdAt })
    .from(mailPhotos)
    .where(and(eq(mailPhotos.userId, userId), inArray(mailPhotos.state, OPEN_STATES)))
    .orderBy(desc(mailPhotos.createdAt))
    .limit(20);
}

export type Reading = {
  state: Extract<MailPhotoState, "suggested" | "needsStaff">;
  transcript: string | null;
  suggestions: PhotoSuggestion[];
  customerNumber: string | null;
  keyCode: string | null;
  addressee: string | null;
  readProblem: string | null;
};

/** Saves what was read off a photo still being read; false when it no longer is (a second delivery). */
export async function saveReading(db: Db, photoId: string, reading: Reading, now = new Date()) {
  const saved = await db
    .update(mailPhotos)
    .set({ ...reading, readAt: now, updatedAt: now })
    .where(and(eq(mailPhotos.id, photoId), eq(mailPhotos.state, "reading")))
    .returning({ id: mailPhotos.id });
  return saved.length > 0;
}

/**
 * Every name of every catalog sender with its title (the ones given at signup and the ones found
 * by name alike, as the add page's search): what a photo's text is compared with. The catalog
 * holds a few thousand names at most; one read.
 */
export async function catalogNamesForPhotos(db: Db) {
  const rows = await db
    .select({ templateId: senderNames.templateId, name: senderNames.name, key: senderNames.key, title: requestTemplates.title })
    .from(senderNames)
    .innerJoin(requestTemplates, eq(requestTemplates.id, senderNames.templateId));
  const names: SenderName[] = rows.map(({ templateId, name, key }) => ({ templateId, name, key }));
  return { names, titles: new Map(rows.map((row) => [row.templateId, row.title])) };
}

/** Photos staff must identify, oldest first. */
export function photosForStaff(db: Db, limit = 50) {
  return db.select().from(mailPhotos).where(eq(mailPhotos.state, "needsStaff")).orderBy(asc(mailPhotos.createdAt)).limit(limit);
}

export type Identification = {
  templateId: string | null;
  senderName: string;
  requestId: string | null;
  identifiedBy: "user" | "staff";
};

/**
 * What a photo keeps once identified or expired: no transcript, no name off the label, and no
 * image keys once the images are deleted (a failed delete keeps them for the daily cron).
 */
const forgetReading = (now: Date, imagesDeleted: boolean) => ({
  transcript: null,
  addressee: null,
  suggestions: [],
  ...(imagesDeleted ? { imageKeys: [], imagesDeletedAt: now } : {}),
  updatedAt: now,
});

/**
 * Marks a waiting photo identified and forgets what was read off it (its images were deleted from
 * R2 by the caller, first). By staff, the audit entry goes in the same batch. False when the photo
 * was already identified or expired.
 */
export async function markIdentified(
  db: Db,
  photoId: string,
  { identification, imagesDeleted, actor }: { identification: Identification; imagesDeleted: boolean; actor?: StaffActor },
  now = new Date(),
) {
  const update = db
    .update(mailPhotos)
    .set({ ...identification, state: "identified", ...forgetReading(now, imagesDeleted) })
    .where(and(eq(mailPhotos.id, photoId), inArray(mailPhotos.state, OPEN_STATES)))
    .returning({ id: mailPhotos.id });
  if (!actor) return (await update).length > 0;
  const [updated] = await db.batch([
    update,
    auditEntry(db, actor, {
      action: "photo.identified",
      targetType: "photo",
      targetId: photoId,
      details: { templateId: identification.templateId, senderName: identification.senderName, requestId: identification.requestId },
    }),
  ]);
  return updated.length > 0;
}

/** Waiting photos sent before `before`: their images are deleted and they expire (the daily cron). */
export function expiringPhotos(db: Db, before: Date, limit = 500) {
  return db
    .select({ id: mailPhotos.id, imageKeys: mailPhotos.imageKeys })
    .from(mailPhotos)
    .where(and(inArray(mailPhotos.state, OPEN_STATES), lt(mailPhotos.createdAt, before)))
    .limit(limit);
}

export function markExpired(db: Db, photoIds: string[], now = new Date()) {
  if (photoIds.length === 0) return Promise.resolve();
  return db
    .update(mailPhotos)
    .set({ state: "expired", ...forgetReading(now, true) })
    .where(and(inArray(mailPhotos.id, photoIds), inArray(mailPhotos.state, OPEN_STATES)))
    .then(() => undefined);
}

/** Identified or expired photos whose images could not be deleted at the time: the cron tries again. */
export function leftoverImages(db: Db, limit = 500) {
  return db
    .select({ id: mailPhotos.id, imageKeys: mailPhotos.imageKeys })
    .from(mailPhotos)
    .where(and(inArray(mailPhotos.state, ["identified", "expired"]), ne(mailPhotos.imageKeys, sql`'[]'`)))
    .limit(limit);
}

export function forgetImageKeys(db: Db, photoIds: string[], now = new Date()) {
  if (photoIds.length === 0) return Promise.resolve();
  return db
    .update(mailPhotos)
    .set({ imageKeys: [], imagesDeletedAt: now, updatedAt: now })
    .where(inArray(mailPhotos.id, photoIds))
    .then(() => undefined);
}

/** Photos still "reading" since before `before`: their job never finished, so staff take them. */
export async function handStuckReadingsToStaff(db: Db, before: Date, now = new Date()) {
  await db
    .update(mailPhotos)
    .set({ state: "needsStaff", readProblem: "the photo was not read in time", updatedAt: now })
    .where(and(eq(mailPhotos.state, "reading"), lt(mailPhotos.createdAt, before)));
}
