// The Postal Service's daily digest, forwarded to an account (decision 0056): each piece it shows
// is recorded, read by the queue job through the text reader's stand-in (real OCR of the scan),
// matched to the person's request for its sender, its image deleted; a piece after the day the
// request's mail should have stopped marks the request still coming, once, and the follow-up
// ladder sends it again.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { CATALOG_SENDERS } from "../../drizzle/catalog";
import { mailArrivals, mailPhotos, mailTallies, requestLogs, requests, users } from "../../drizzle/schema";
import { DAY_MS, utcDay } from "~/domain/dates";
import { IMAGE_CONTENT_TYPES, sniffImageKind } from "~/domain/image-files";
import { addWaitingPieces, recordPiece } from "~/models/mail-piece.server";
import { tallyOfRow } from "~/models/mail-tally.server";
import { seedSenderCatalog } from "~/models/request-template.server";
import { isInformedDeliveryDigest, readDigestPiecesTogether, sweepMailbox, takeDigest } from "~/services/mailbox-digest.server";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { digestEmail, type GeneratedPiece } from "../support/digest-emails";
import { signedUpUser } from "./http";
import { digestPiece } from "./support";

// Reading waits for the local queue (its batches close after two seconds) and real OCR of each scan.
vi.setConfig({ testTimeout: 60_000 });

const db = getDb(env.DB);
const appEnv = () => parseEnv(env);
const fixtures = inject("digestFixtures");
const scanOf = (name: keyof typeof fixtures): GeneratedPiece => ({
  image: Uint8Array.from(atob(fixtures[name].base64), (char) => char.charCodeAt(0)),
  fromName: fixtures[name].fromName,
});

beforeAll(async () => {
  await seedSenderCatalog(db, CATALOG_SENDERS);
});

const HOUSEHOLD = { street1: "1847 N HALSTED ST APT 3R", city: "CHICAGO", state: "IL", zipCode: "60614" };

async function household() {
  const userId = `user-${crypto.randomUUID()}`;
  await db
    .insert(users)
    .values({ id: userId, email: `${userId}@quietmailbox.test`, passwordHash: "x", fullName: "Jane Q Public", ...HOUSEHOLD });
  return userId;
}

/** The person's request to a catalog sender, emailed to it on `processedAt`. */
async function sentRequest(userId: string, templateId: string, processedAt: Date) {
  await db.insert(requests).values({
    userId,
    id: templateId,
    templateId,
    senderName: templateId,
    title: templateId,
    fullName: "Jane Q Public",
    type: "preset",
    status: "inQueue",
    requiredDays: 30,
    ...HOUSEHOLD,
    queuedAt: processedAt,
    processedAt,
  });
  return templateId;
}

async function deliver(
  userId: string,
  date: string,
  pieces: GeneratedPiece[],
  { messageKey = `msg-${crypto.randomUUID()}`, forwardedBy = null as string | null, authenticated = true } = {},
) {
  const email = await PostalMime.parse(digestEmail({ to: "k3x9q@mailbox.quietmailbox.test", date, pieces, forwardedBy }));
  expect(isInformedDeliveryDigest(email)).toBe(true);
  const count = await takeDigest(appEnv(), { userId, email, messageKey, receivedAt: new Date(`${date}T14:00:00Z`), authenticated });
  return { count, messageKey, email };
}

const tallyOf = async (userId: string) => tallyOfRow((await db.select().from(mailTallies).where(eq(mailTallies.userId, userId)))[0]);
const piecesOf = (userId: string) => db.select().from(mailArrivals).where(eq(mailArrivals.userId, userId)).orderBy(mailArrivals.entryId);

/** Waits until the queue job has read every piece of the user. */
function allRead(userId: string, count: number) {
  return vi.waitFor(
    async () => {
      const rows = await piecesOf(userId);
      expect(rows).toHaveLength(count);
      expect(
        rows.filter((row) => row.state === "reading"),
        "pieces still being read",
      ).toEqual([]);
      return rows;
    },
    { timeout: 50_000, interval: 200 },
  );
}

const storedImages = async (userId: string) =>
  (await env.PHOTOS.list({ prefix: `mailbox/${userId}/` })).objects.map((object) => object.key);
const stillComingLines = (userId: string, requestId: string) =>
  db
    .select()
    .from(requestLogs)
    .where(and(eq(requestLogs.userId, userId), eq(requestLogs.requestId, requestId), eq(requestLogs.status, "stillComing")));
const requestOf = async (userId: string, requestId: string) =>
  (
    await db
      .select()
      .from(requests)
      .where(and(eq(requests.userId, userId), eq(requests.id, requestId)))
  )[0]!;

describe("a digest forwarded to the account", () => {
  it("records each piece it shows, each read, and the images are gone", async () => {
    const userId = await household();
    const { count } = await deliver(userId, "2026-11-24", [scanOf("catalog"), scanOf("campaign"), scanOf("resident")]);
    expect(count).toBe(3);
    // Until the job reads them, the scans wait in R2 under the account's prefix.
    const rows = await allRead(userId, 3);
    expect(rows.map((row) => [row.source, row.arrivedOn, row.templateId, row.printedSender, row.residentMail])).toEqual([
      ["digest", "2026-11-24", fixtures.catalog.templateId, null, false],
      ["digest", "2026-11-24", fixtures.campaign.templateId, fixtures.campaign.fromName, false],
      ["digest", "2026-11-24", null, null, true],
    ]);
    expect(rows[0]!.customerNumber).toBe(fixtures.catalog.piece.customerNumber);
    expect(rows.map((row) => row.imageKey)).toEqual([null, null, null]);
    expect(await storedImages(userId)).toEqual([]);
  });

  it("delivered twice records three pieces, not six", async () => {
    const userId = await household();
    const pieces = [scanOf("catalog"), scanOf("campaign"), scanOf("resident")];
    const { messageKey } = await deliver(userId, "2026-11-24", pieces, { messageKey: "<digest-0001@informeddelivery.usps.com>" });
    await deliver(userId, "2026-11-24", pieces, { messageKey });
    const rows = await allRead(userId, 3);
    // The first 64 bits of the message key's SHA-256, in hex: written down, so that a change in how
    // the key is made (which would take a digest delivered again after it twice) fails here.
    expect(rows.map((row) => row.entryId)).toEqual(["d:1bdd976678a4fef9:1", "d:1bdd976678a4fef9:2", "d:1bdd976678a4fef9:3"]);
    expect(await storedImages(userId)).toEqual([]);
  });

  it("delivered again once the sweep has deleted its pieces' rows, adds nothing: the tally remembers it", async () => {
    const userId = await household();
    const pieces = [scanOf("catalog"), scanOf("resident")];
    const today = utcDay(new Date());
    const { messageKey, email } = await deliver(userId, today, pieces);
    await allRead(userId, 2);
    const counted = await tallyOf(userId);
    // Two days on, the rows are gone (folded more than a day ago), and a copy would still be taken for its day.
    const twoDaysOn = new Date(Date.now() + 2 * DAY_MS);
    await sweepMailbox(appEnv(), twoDaysOn);
    expect(await piecesOf(userId)).toEqual([]);
    await takeDigest(appEnv(), { userId, email, messageKey, receivedAt: twoDaysOn, authenticated: true });
    expect(await piecesOf(userId)).toEqual([]);
    expect(await storedImages(userId)).toEqual([]);
    expect(await tallyOf(userId)).toEqual(counted);
    expect(Object.values(counted.s).reduce((sum, sender) => sum + sender.n, 0) + (counted.m?.n ?? 0)).toBe(2);
  });

  it("forwarded by hand, is read the same", async () => {
    const userId = await household();
    const { count } = await deliver(userId, "2026-11-24", [scanOf("campaign")], { forwardedBy: "jane@example.com" });
    expect(count).toBe(1);
    const [row] = await allRead(userId, 1);
    expect(row!.templateId).toBe(fixtures.campaign.templateId);
  });
});

describe("a reading batch's pieces", () => {
  /** A piece of the user's waiting to be read, its scan stored, with no job queued for it. */
  async function waitingPiece(userId: string, scan: GeneratedPiece) {
    const id = crypto.randomUUID();
    const imageKey = `mailbox/${userId}/${id}`;
    await env.PHOTOS.put(imageKey, scan.image, { httpMetadata: { contentType: IMAGE_CONTENT_TYPES[sniffImageKind(scan.image)!] } });
    const piece = { id, entryId: `digest:batch-${id}:0`, arrivedOn: "2026-11-24", imageKey, printedSender: null, authenticated: true };
    expect(await addWaitingPieces(db, userId, `batch-${id}`, [piece], { limit: 100, since: new Date(Date.now() - DAY_MS) })).toHaveLength(
      1,
    );
    return id;
  }

  it("are read each, recorded together for two households, each marking its own request, and the same jobs again do nothing", async () => {
    const [first, second] = [await household(), await household()];
    const templateId = fixtures.campaign.templateId!;
    for (const userId of [first, second]) await sentRequest(userId, templateId, new Date("2026-09-01T15:00:00Z"));
    const pieces = [await waitingPiece(first, scanOf("campaign")), await waitingPiece(second, scanOf("campaign"))];
    const jobs = [
      { userId: first, pieceId: pieces[0]!, attempt: 1 },
      { userId: second, pieceId: pieces[1]!, attempt: 1 },
    ];
    expect(await readDigestPiecesTogether(appEnv(), jobs)).toEqual([null, null]);
    for (const userId of [first, second]) {
      const [row] = await piecesOf(userId);
      expect(row).toMatchObject({ state: "read", templateId, requestId: templateId, imageKey: null, folded: true });
      expect(await stillComingLines(userId, templateId)).toHaveLength(1);
      expect(await requestOf(userId, templateId)).toMatchObject({ followUpStep: 1, stillComingAt: null });
      expect(await storedImages(userId)).toEqual([]);
    }
    // The same jobs again (a message delivered twice): nothing is read or counted again.
    expect(await readDigestPiecesTogether(appEnv(), jobs)).toEqual([null, null]);
    expect(Object.values((await tallyOf(first)).r).map((request) => request.p.length)).toEqual(
      Object.values((await tallyOf(second)).r).map((request) => request.p.length),
    );
    expect((await piecesOf(first)).map((row) => row.entryId)).toHaveLength(1);
    expect(await stillComingLines(first, templateId)).toHaveLength(1);
  });
});

describe("a piece from a sender the person asked to stop", () => {
  it("after the day its mail should have stopped, marks the request still coming with the piece as evidence", async () => {
    const userId = await household();
    // Emailed on Sep 1: mail printed before may arrive until Oct 27 (8 weeks).
    const requestId = await sentRequest(userId, fixtures.campaign.templateId!, new Date("2026-09-01T15:00:00Z"));
    await deliver(userId, "2026-11-24", [scanOf("campaign")]);
    const [row] = await allRead(userId, 1);
    expect(row!.requestId).toBe(requestId);
    expect(row!.authenticated).toBe(true);
    const lines = await stillComingLines(userId, requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.detail).toContain("still came on 11/24/2026 (seen in the Postal Service's daily digest)");
    // A verified piece may send the second request by itself (decisions 0058, 0064).
    expect(await requestOf(userId, requestId)).toMatchObject({ followUpStep: 1, stillComingAt: null, processedAt: null });
  });

  it("after that day but unverified, is matched to the request and marks nothing, sends nothing", async () => {
    const userId = await household();
    const requestId = await sentRequest(userId, fixtures.campaign.templateId!, new Date("2026-09-01T15:00:00Z"));
    await deliver(userId, "2026-11-24", [scanOf("campaign")], { authenticated: false });
    const [row] = await allRead(userId, 1);
    expect(row!.requestId).toBe(requestId);
    expect(row!.authenticated, "this digest carries no verified Postal Service signature").toBe(false);
    // Only a piece known to be real marks the request; this one waits on the card for the person (decision 0064).
    expect(await stillComingLines(userId, requestId)).toEqual([]);
    expect(await requestOf(userId, requestId)).toMatchObject({ followUpStep: 0, stillComingAt: null });
  });

  it("read twice at the same moment, marks it once, with one line in its history", async () => {
    const userId = await household();
    const requestId = await sentRequest(userId, "orvis", new Date("2026-09-01T15:00:00Z"));
    const now = new Date();
    const piece = (day: string) => digestPiece({ userId, entryId: `digest:same-moment-${day}:1`, arrivedOn: day, templateId: "orvis" });
    const outcomes = await Promise.all([recordPiece(db, piece("2026-11-24"), now), recordPiece(db, piece("2026-11-25"), now)]);
    expect(outcomes.map((outcome) => outcome.requestId)).toEqual([requestId, requestId]);
    expect(outcomes.filter((outcome) => outcome.stillComing)).toHaveLength(1);
    expect((await requestOf(userId, requestId)).stillComingAt).toEqual(now);
    expect(await stillComingLines(userId, requestId)).toHaveLength(1);
  });

  it("before that day, is evidence for the request but not a sign it still comes", async () => {
    const userId = await household();
    const requestId = await sentRequest(userId, fixtures.campaign.templateId!, new Date("2026-11-01T15:00:00Z"));
    await deliver(userId, "2026-11-24", [scanOf("campaign")]);
    const [row] = await allRead(userId, 1);
    expect(row!.requestId).toBe(requestId);
    expect((await requestOf(userId, requestId)).stillComingAt).toBeNull();
    expect(await stillComingLines(userId, requestId)).toEqual([]);
  });

  it("addressed to the current resident, is resident mail and evidence for no request", async () => {
    const userId = await household();
    await deliver(userId, "2026-11-24", [scanOf("resident")]);
    const [row] = await allRead(userId, 1);
    expect(row!.residentMail).toBe(true);
    expect(row!.requestId).toBeNull();
  });
});

describe("a photo of mail", () => {
  it("once its sender is confirmed, is a piece seen in the mailbox, evidence for the request it made", async () => {
    const { browser, userId } = await signedUpUser("piece-photo");
    const photo = fixtures.catalog;
    const form = new FormData();
    form.append("photo", new File([scanOf("catalog").image as Uint8Array<ArrayBuffer>], "front.jpg", { type: "image/jpeg" }));
    const uploaded = await browser.postMultipart("/requests/photo", form);
    const photoId = /([0-9a-f-]{36})$/.exec(uploaded.headers.get("Location") ?? "")![1]!;
    await vi.waitFor(
      async () => {
        const [row] = await db.select({ state: mailPhotos.state }).from(mailPhotos).where(eq(mailPhotos.id, photoId));
        expect(row!.state).not.toBe("reading");
      },
      { timeout: 50_000, interval: 200 },
    );
    expect((await browser.post(`/requests/photo/${photoId}`, { intent: "confirm", sender: photo.templateId! })).status).toBe(303);
    const [request] = await db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.userId, userId), eq(requests.templateId, photo.templateId!)));
    const rows = await piecesOf(userId);
    expect(rows.map((row) => [row.entryId, row.source, row.state, row.templateId, row.requestId, row.imageKey])).toEqual([
      [`p:${photoId}`, "photo", "read", photo.templateId, request!.id, null],
    ]);
  });
});

describe("the daily sweep", () => {
  it("deletes the image of a piece left waiting for a day and gives it up, read with no sender", async () => {
    const userId = await household();
    const id = crypto.randomUUID();
    const imageKey = `mailbox/${userId}/${id}`;
    await env.PHOTOS.put(imageKey, new Uint8Array([1, 2, 3]));
    await db.insert(mailArrivals).values({
      id,
      userId,
      entryId: "digest:stuck:1",
      source: "digest",
      arrivedOn: "2026-11-20",
      imageKey,
      createdAt: new Date(Date.now() - 2 * DAY_MS),
    });
    await sweepMailbox(appEnv(), new Date());
    // Read with no sender, counted so, and its row, received two days ago, deleted with the others folded.
    expect(await piecesOf(userId)).toEqual([]);
    expect((await tallyOf(userId)).s[""]).toEqual({ n: 1, l: "2026-11-20" });
    expect(await storedImages(userId)).toEqual([]);
  });
});
