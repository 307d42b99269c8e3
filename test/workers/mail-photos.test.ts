// Photos of junk mail (decision 0030): upload limits, metadata removal, R2 storage and deletion,
// the reading job through our text reader (real OCR of the image it is sent), the
// person's confirmation, staff identification, and access by anyone else.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { CATALOG_SENDERS } from "../../drizzle/catalog";
import { jobs, mailPhotos, requestLogs, requests, staffAudit } from "../../drizzle/schema";
import { CONFIRM_PHOTO_MESSAGES, PHOTO_LIMITS, PHOTO_MESSAGES } from "~/domain/mail-photo";
import { consumeJobs, READING_AT_ONCE } from "~/jobs/consumer.server";
import { seedSenderCatalog } from "~/models/request-template.server";
import { readPhoto, sweepPhotos } from "~/services/mail-photos.server";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { UNKNOWN_INTENT_MESSAGE } from "~/utils/intent";
import { allowConsoleErrors } from "./console-errors";
import { Browser, signedInStaff, signedUpUser } from "./http";
import { clearFaults, fault } from "./stand-ins";
import { htmlOf } from "./support";

// Reading waits for the local queue (its batches close after two seconds) and real OCR.
vi.setConfig({ testTimeout: 30_000 });

const db = getDb(env.DB);
const fixtures = inject("photoFixtures");
const bytesOf = (name: keyof typeof fixtures) => Uint8Array.from(atob(fixtures[name].base64), (char) => char.charCodeAt(0));

beforeAll(async () => {
  await seedSenderCatalog(db, CATALOG_SENDERS);
});

/** A JPEG with a phone's metadata: camera make and GPS position in an Exif segment, and a comment. */
function withPhoneMetadata(jpeg: Uint8Array) {
  const text = new TextEncoder();
  const exifBody = [...text.encode("Exif\0\0MM\0*\0\0\0\x08"), ...text.encode("Canon EOS GPSLatitude 41.9484N 87.6553W")];
  const app1 = [0xff, 0xe1, (exifBody.length + 2) >> 8, (exifBody.length + 2) & 0xff, ...exifBody];
  const comment = [...text.encode("1847 N Halsted St")];
  const com = [0xff, 0xfe, (comment.length + 2) >> 8, (comment.length + 2) & 0xff, ...comment];
  return Uint8Array.from([...jpeg.subarray(0, 2), ...app1, ...com, ...jpeg.subarray(2)]);
}

/** Where a JPEG's first table or frame starts, past its APPn segments (the fixtures' JFIF and ICC profile). */
function afterHeaderSegments(jpeg: Uint8Array) {
  let at = 2;
  while (jpeg[at + 1]! >= 0xe0 && jpeg[at + 1]! <= 0xef) at += 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
  return at;
}

const contains = (haystack: Uint8Array, needle: string) => new TextDecoder("latin1").decode(haystack).includes(needle);

function photoForm(files: { bytes: Uint8Array; name: string; type?: string }[]) {
  const form = new FormData();
  for (const file of files)
    form.append("photo", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? "image/jpeg" }));
  return form;
}

async function upload(browser: Browser, files: { bytes: Uint8Array; name: string; type?: string }[]) {
  return browser.postMultipart("/requests/photo", photoForm(files));
}

const photoIdOf = (response: Response) => {
  expect(response.status).toBe(303);
  const match = /^\/requests\/photo\/([0-9a-f-]{36})$/.exec(response.headers.get("Location") ?? "");
  expect(match, response.headers.get("Location") ?? "no location").not.toBeNull();
  return match![1]!;
};

const photoRow = async (photoId: string) => (await db.select().from(mailPhotos).where(eq(mailPhotos.id, photoId)))[0]!;

/** Waits until the queue has read the photo (the job runs in the local queue, with the stand-in). */
function readingDone(photoId: string, timeout = 30_000) {
  return vi.waitFor(
    async () => {
      const row = await photoRow(photoId);
      expect(row.state, "the photo is still being read").not.toBe("reading");
      return row;
    },
    { timeout, interval: 100 },
  );
}

const storedKeys = async (userId: string) => (await env.PHOTOS.list({ prefix: `photos/${userId}/` })).objects.map((object) => object.key);

describe("sending a photo of mail", () => {
  it("stores it without its metadata, reads it through the text reader and asks “Is this from …?”", async () => {
    const { browser, userId } = await signedUpUser("photo-read");
    const photoId = photoIdOf(await upload(browser, [{ bytes: withPhoneMetadata(bytesOf("catalog")), name: "IMG_2041.jpg" }]));

    const keys = await storedKeys(userId);
    expect(keys).toEqual([`photos/${userId}/${photoId}/1`]);
    const stored = new Uint8Array(await (await env.PHOTOS.get(keys[0]!))!.arrayBuffer());
    expect(contains(stored, "GPSLatitude")).toBe(false);
    expect(contains(stored, "Canon")).toBe(false);
    expect(contains(stored, "Halsted")).toBe(false);
    // The picture itself is untouched: its tables, frame and scan are the original's, byte for byte.
    const original = bytesOf("catalog");
    expect(stored).toEqual(Uint8Array.from([0xff, 0xd8, ...original.subarray(afterHeaderSegments(original))]));

    const read = await readingDone(photoId);
    expect(read.state).toBe("suggested");
    expect(read.suggestions[0]?.templateId).toBe(fixtures.catalog.templateId);
    expect(read.customerNumber).toBe(fixtures.catalog.customerNumber);

    const page = await htmlOf(await browser.get(`/requests/photo/${photoId}`));
    expect(page).toContain(`Is this from ${fixtures.catalog.title}?`);
    expect(page).toContain(`value="${fixtures.catalog.customerNumber}"`);
    const image = await browser.get(`/requests/photo/${photoId}/image/1`);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/jpeg");
    expect(image.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("sends the confirmed sender's request with the label's number, then deletes the photo", async () => {
    const { browser, userId } = await signedUpUser("photo-confirm");
    const photoId = photoIdOf(await upload(browser, [{ bytes: bytesOf("catalog"), name: "front.jpg" }]));
    const read = await readingDone(photoId);
    const confirmed = await browser.post(`/requests/photo/${photoId}`, {
      intent: "confirm",
      sender: read.suggestions[0]!.templateId,
      customerNumber: read.customerNumber ?? "",
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toMatch(/^\/dashboard\?/);

    const [request] = await db
      .select()
      .from(requests)
      .where(and(eq(requests.userId, userId), eq(requests.templateId, fixtures.catalog.templateId)));
    expect(request).toMatchObject({ status: "inQueue", customerNumber: fixtures.catalog.customerNumber, type: "custom" });
    expect(await storedKeys(userId)).toEqual([]);
    const after = await photoRow(photoId);
    expect(after).toMatchObject({ state: "identified", identifiedBy: "user", transcript: null, addressee: null, imageKeys: [] });
    expect((await browser.get(`/requests/photo/${photoId}/image/1`)).status).toBe(404);
    // Sending it again changes nothing.
    await browser.post(`/requests/photo/${photoId}`, { intent: "confirm", sender: fixtures.catalog.templateId });
    expect(
      await db
        .select()
        .from(requests)
        .where(and(eq(requests.userId, userId), eq(requests.templateId, fixtures.catalog.templateId))),
    ).toHaveLength(1);
  });

  it("keeps a photo of a sender whose request was sent as a piece seen in the mail, and follows up one seen too late", async () => {
    const { browser, userId } = await signedUpUser("photo-late");
    const confirm = async () => {
      const photoId = photoIdOf(await upload(browser, [{ bytes: bytesOf("catalog"), name: "front.jpg" }]));
      const read = await readingDone(photoId);
      return browser.post(`/requests/photo/${photoId}`, { intent: "confirm", sender: read.suggestions[0]!.templateId });
    };
    expect((await confirm()).status).toBe(303);
    const ofSender = and(eq(requests.userId, userId), eq(requests.templateId, fixtures.catalog.templateId));
    // Sent four months ago: its mail should have stopped long before today's photo.
    const longAgo = new Date(Date.now() - 120 * 24 * 60 * 60 * 1000);
    await db.update(requests).set({ processedAt: longAgo, queuedAt: longAgo }).where(ofSender);

    const again = await confirm();
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toContain("notice=pieceSeen");
    const rows = await db.select().from(requests).where(ofSender);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ followUpStep: 1, processedAt: null, stillComingAt: null });
    const lines = await db.select().from(requestLogs).where(eq(requestLogs.requestId, rows[0]!.id));
    expect(lines.map((line) => line.status)).toEqual(expect.arrayContaining(["stillComing", "secondRequest"]));
    expect(await htmlOf(await browser.get(again.headers.get("Location")!))).toContain("Noted: a piece from");
  });

  it("refuses what is not a whole photo, too many or too large, with a message next to the field, and stores nothing", async () => {
    const { browser, userId } = await signedUpUser("photo-refused");
    const jpeg = bytesOf("catalog");
    const cases: { files: { bytes: Uint8Array; name: string; type?: string }[]; message: string }[] = [
      { files: [], message: PHOTO_MESSAGES.noImage },
      { files: [{ bytes: new Uint8Array(0), name: "empty.jpg" }], message: PHOTO_MESSAGES.empty("empty.jpg") },
      {
        files: [{ bytes: new TextEncoder().encode("GIF89a not a photo"), name: "cat.jpg" }],
        message: PHOTO_MESSAGES.notAnImage("cat.jpg"),
      },
      { files: [{ bytes: jpeg.subarray(0, jpeg.length / 2), name: "half.jpg" }], message: PHOTO_MESSAGES.notAnImage("half.jpg") },
      {
        files: [{ bytes: new TextEncoder().encode("%PDF-1.7"), name: "scan.pdf", type: "application/pdf" }],
        message: PHOTO_MESSAGES.notAnImage("scan.pdf"),
      },
      {
        files: [{ bytes: new Uint8Array(PHOTO_LIMITS.maxImageBytes + 1).fill(0xff), name: "huge.jpg" }],
        message: PHOTO_MESSAGES.tooLarge("huge.jpg"),
      },
      {
        files: Array.from({ length: PHOTO_LIMITS.maxImages + 1 }, (_, index) => ({ bytes: jpeg, name: `${index}.jpg` })),
        message: PHOTO_MESSAGES.tooMany,
      },
    ];
    for (const { files, message } of cases) {
      const response = await upload(browser, files);
      expect(response.status, message).toBe(400);
      const html = await htmlOf(response);
      expect(html).toContain(`<p class="field-error" id="photo-error" role="alert">${escapeHtml(message)}</p>`);
      expect(html).toContain('aria-describedby="photo-error photo-hint"');
    }
    expect(await storedKeys(userId)).toEqual([]);
    expect(await db.select().from(mailPhotos).where(eq(mailPhotos.userId, userId))).toEqual([]);
  });

  it("refuses a body larger than any photos allowed, and a post from another site", async () => {
    const { browser, userId } = await signedUpUser("photo-huge");
    const tooMuch = Array.from({ length: 4 }, (_, index) => ({ bytes: new Uint8Array(7 * 1024 * 1024), name: `${index}.jpg` }));
    const response = await upload(browser, tooMuch);
    expect(response.status).toBe(413);
    expect(await htmlOf(response)).toContain("send up to 3 photos of at most 8 MB each");
    const crossSite = await browser.postMultipart("/requests/photo", photoForm([{ bytes: bytesOf("catalog"), name: "a.jpg" }]), {
      Origin: "https://evil.example",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(crossSite.status).toBe(403);
    expect(await storedKeys(userId)).toEqual([]);
  });

  it("keeps each account within its daily number of photos", async () => {
    const { browser, userId } = await signedUpUser("photo-daily");
    const limited = browser.with({ PHOTO_DAILY_LIMIT: "2" });
    photoIdOf(
      await upload(limited, [
        { bytes: bytesOf("catalog"), name: "1.jpg" },
        { bytes: bytesOf("catalog"), name: "2.jpg" },
      ]),
    );
    const third = await upload(limited, [{ bytes: bytesOf("catalog"), name: "3.jpg" }]);
    expect(third.status).toBe(400);
    expect(await htmlOf(third)).toContain(escapeHtml(PHOTO_MESSAGES.dailyLimit(2)));
    expect(await storedKeys(userId)).toHaveLength(2);
  });

  it("answers 404 for another user's photo: its page, image, state and form", async () => {
    const owner = await signedUpUser("photo-owner");
    const other = await signedUpUser("photo-other");
    const photoId = photoIdOf(await upload(owner.browser, [{ bytes: bytesOf("catalog"), name: "mine.jpg" }]));
    await readingDone(photoId);
    for (const path of [`/requests/photo/${photoId}`, `/requests/photo/${photoId}/image/1`, `/requests/photo/${photoId}/state`]) {
      expect((await other.browser.get(path)).status, path).toBe(404);
    }
    expect(
      (await other.browser.post(`/requests/photo/${photoId}`, { intent: "confirm", sender: fixtures.catalog.templateId })).status,
    ).toBe(404);
    expect((await other.browser.post(`/requests/photo/${photoId}`, { intent: "discard" })).status).toBe(404);
    expect((await new Browser().get(`/requests/photo/${photoId}/image/1`)).status).toBe(302);
    expect(await storedKeys(owner.userId)).toHaveLength(1);
  });
});

describe("photos staff identify", () => {
  it("puts an unknown sender's photo in the work queue, where staff pick it: request, audit, deletion, email", async () => {
    const { browser, userId, email } = await signedUpUser("photo-staff");
    const photoId = photoIdOf(await upload(browser, [{ bytes: bytesOf("unknown"), name: "flyer.jpg" }]));
    const read = await readingDone(photoId);
    expect(read.state).toBe("needsStaff");
    expect(read.transcript).toContain(fixtures.unknown.printedSender.split(" ")[0]);
    expect(await htmlOf(await browser.get(`/requests/photo/${photoId}`))).toContain("Our staff will look at your photo");

    const { browser: moderator } = await signedInStaff("moderator");
    const queue = await htmlOf(await moderator.get("/admin/queue"));
    expect(queue).toContain("Photos to identify");
    expect(queue).toContain(`/admin/photos/${photoId}`);
    expect((await moderator.get(`/requests/photo/${photoId}/image/1`)).status).toBe(200);
    const page = await htmlOf(await moderator.get(`/admin/photos/${photoId}`));
    expect(page).toContain("Text read off the photo");

    const refused = await moderator.post(`/admin/photos/${photoId}`, { sender: "other", otherName: "" });
    expect(refused.status).toBe(400);
    // The summary at the top of the form names the problem and links to the field that has it.
    const summary = /<div class="error-summary" id="form-errors"[^>]*autofocus[^>]*>(.*?)<\/div>/.exec(await htmlOf(refused))?.[1];
    expect(summary).toMatch(new RegExp(`<a href="#[^"]*-otherName">${escapeHtml(CONFIRM_PHOTO_MESSAGES.typeName)}</a>`));
    const picked = await moderator.post(`/admin/photos/${photoId}`, {
      sender: "other",
      otherName: fixtures.unknown.printedSender,
      customerNumber: "",
    });
    expect(picked.status).toBe(303);

    const [request] = await db
      .select()
      .from(requests)
      .where(and(eq(requests.userId, userId), eq(requests.senderName, fixtures.unknown.printedSender)));
    expect(request).toMatchObject({ status: "inQueue", type: "custom", templateId: null });
    expect(await photoRow(photoId)).toMatchObject({ state: "identified", identifiedBy: "staff", imageKeys: [] });
    expect(await storedKeys(userId)).toEqual([]);
    const [audit] = await db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.targetType, "photo"), eq(staffAudit.targetId, photoId)));
    expect(audit).toMatchObject({ action: "photo.identified", actorId: "local-moderator" });
    const emails = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.userId, userId), eq(jobs.type, "email.send")));
    expect(emails.some((job) => JSON.stringify(job.payload).includes("Our staff looked at the photo"))).toBe(true);
    expect(email).toBeTruthy();
    // A second pick finds it done.
    expect((await moderator.post(`/admin/photos/${photoId}`, { sender: "other", otherName: "Anyone" })).status).toBe(409);
  });

  it("hides the staff page and the photo from users who are not staff", async () => {
    const owner = await signedUpUser("photo-hidden");
    const other = await signedUpUser("photo-snoop");
    const photoId = photoIdOf(await upload(owner.browser, [{ bytes: bytesOf("unknown"), name: "x.jpg" }]));
    expect((await other.browser.get(`/admin/photos/${photoId}`)).status).toBe(404);
    expect((await owner.browser.get(`/admin/photos/${photoId}`)).status).toBe(404);
  });
});

describe("when reading fails", () => {
  it("retries a failing reader, then hands the photo to staff", async () => {
    allowConsoleErrors();
    // Through Workers AI, whose stand-in can be made to fail: the text reader is the real program.
    const viaWorkersAi = parseEnv({ ...env, TEXT_READER_URL: "" });
    await fault({ vendor: "workers-ai", status: 503, times: 3 });
    try {
      const { userId } = await signedUpUser("photo-vendor-down");
      const photoId = crypto.randomUUID();
      const key = `photos/${userId}/${photoId}/1`;
      await env.PHOTOS.put(key, bytesOf("catalog"));
      await db.insert(mailPhotos).values({ id: photoId, userId, imageKeys: [key], imageCount: 1 });
      for (const attempt of [1, 2]) {
        await expect(readPhoto(viaWorkersAi, photoId, attempt)).rejects.toMatchObject({ status: 503, retryable: true });
        expect(await photoRow(photoId)).toMatchObject({ state: "reading" });
      }
      await readPhoto(viaWorkersAi, photoId, 3);
      const row = await photoRow(photoId);
      expect(row.state).toBe("needsStaff");
      expect(row.readProblem).toContain("503");
    } finally {
      await clearFaults();
    }
  });

  it("reads the photo on the queue's retry when the reader's model failed on it, rather than hand it to staff", async () => {
    // Our reader's own API, whose models fail on each image the first time and read it the second.
    const failingOnce = parseEnv({ ...env, TEXT_READER_URL: inject("failingOnceReaderUrl") });
    const { userId } = await signedUpUser("photo-reader-crash");
    const photoId = crypto.randomUUID();
    const key = `photos/${userId}/${photoId}/1`;
    // Bytes no other test sends, so that this reader fails on them here.
    await env.PHOTOS.put(key, withPhoneMetadata(bytesOf("catalog")));
    await db.insert(mailPhotos).values({ id: photoId, userId, imageKeys: [key], imageCount: 1 });
    const envelope = { id: crypto.randomUUID(), type: "photo.read", payload: { photoId }, enqueuedAt: new Date().toISOString() };
    // The reading queue's consumer, given the job's message as the queue gives it, try after try.
    const deliver = async (attempts: number) => {
      const batch = createMessageBatch("quiet-mailbox-reading", [
        { id: `message-${attempts}`, timestamp: new Date(), attempts, body: envelope },
      ]);
      await consumeJobs(batch, failingOnce, { atOnce: READING_AT_ONCE });
      return getQueueResult(batch, createExecutionContext());
    };

    const first = await deliver(1);
    expect(first).toMatchObject({ explicitAcks: [], retryMessages: [{ msgId: "message-1" }] });
    expect(await photoRow(photoId)).toMatchObject({ state: "reading", readProblem: null });
    const [job] = await db.select().from(jobs).where(eq(jobs.id, envelope.id));
    expect(job).toMatchObject({ state: "retrying", lastError: expect.stringContaining("500") });

    const second = await deliver(2);
    expect(second).toMatchObject({ explicitAcks: ["message-2"], retryMessages: [] });
    const read = await photoRow(photoId);
    expect(read).toMatchObject({ state: "suggested", readProblem: null });
    expect(read.transcript?.replace(/\s+/g, "")).toContain(`Customer#:${fixtures.catalog.customerNumber}`);
  });

  it("sends a photo straight to staff when no reader is configured", async () => {
    const { userId } = await signedUpUser("photo-no-reader");
    const photoId = crypto.randomUUID();
    const key = `photos/${userId}/${photoId}/1`;
    await env.PHOTOS.put(key, bytesOf("catalog"));
    await db.insert(mailPhotos).values({ id: photoId, userId, imageKeys: [key], imageCount: 1 });
    await readPhoto(parseEnv({ ...env, TEXT_READER_URL: "", WORKERS_AI_API_TOKEN: "" }), photoId, 1);
    expect(await photoRow(photoId)).toMatchObject({ state: "needsStaff", readProblem: "no photo reader is configured" });
  });
});

describe("deleting photos", () => {
  const DAY = 24 * 60 * 60 * 1000;

  it("deletes a photo nobody identified after 30 days, hands a stuck reading to staff, and cleans leftovers", async () => {
    const { userId } = await signedUpUser("photo-cron");
    const now = Date.now();
    const put = async (id: string, createdAt: Date, state: "reading" | "needsStaff" | "identified") => {
      const key = `photos/${userId}/${id}/1`;
      await env.PHOTOS.put(key, bytesOf("catalog"));
      await db.insert(mailPhotos).values({ id, userId, imageKeys: [key], imageCount: 1, state, createdAt, transcript: "JANE Q PUBLIC" });
      return key;
    };
    const [old, recent, stuck, leftover] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await put(old, new Date(now - (PHOTO_LIMITS.keepDays + 1) * DAY), "needsStaff");
    const recentKey = await put(recent, new Date(now - (PHOTO_LIMITS.keepDays - 1) * DAY), "needsStaff");
    await put(stuck, new Date(now - 2 * 60 * 60 * 1000), "reading");
    await put(leftover, new Date(now - DAY), "identified");

    await sweepPhotos(parseEnv(env), new Date(now));

    expect(await photoRow(old)).toMatchObject({ state: "expired", imageKeys: [], transcript: null });
    expect(await photoRow(recent)).toMatchObject({ state: "needsStaff" });
    expect(await photoRow(stuck)).toMatchObject({ state: "needsStaff", readProblem: "the photo was not read in time" });
    expect(await photoRow(leftover)).toMatchObject({ state: "identified", imageKeys: [] });
    expect((await storedKeys(userId)).sort()).toEqual([recentKey, `photos/${userId}/${stuck}/1`].sort());
  });

  it("shows nobody a photo still being stored, and undoes one whose upload stopped half way", async () => {
    const { browser, userId } = await signedUpUser("photo-storing");
    const now = Date.now();
    const storing = async (id: string, createdAt: Date) => {
      const key = `photos/${userId}/${id}/1`;
      await env.PHOTOS.put(key, bytesOf("catalog"));
      await db
        .insert(mailPhotos)
        .values({ id, userId, imageKeys: [key, `photos/${userId}/${id}/2`], imageCount: 2, state: "storing", createdAt });
      return key;
    };
    const [abandoned, underway] = [crypto.randomUUID(), crypto.randomUUID()];
    await storing(abandoned, new Date(now - (PHOTO_LIMITS.storingStuckMinutes + 1) * 60 * 1000));
    const underwayKey = await storing(underway, new Date(now - 60 * 1000));

    for (const path of [`/requests/photo/${underway}`, `/requests/photo/${underway}/image/1`, `/requests/photo/${underway}/state`]) {
      expect((await browser.get(path)).status, path).toBe(404);
    }
    const { browser: moderator } = await signedInStaff("moderator");
    expect((await moderator.get(`/admin/photos/${underway}`)).status).toBe(404);
    expect(await htmlOf(await browser.get("/dashboard"))).not.toContain(underway);

    await sweepPhotos(parseEnv(env), new Date(now));

    expect((await db.select().from(mailPhotos).where(eq(mailPhotos.userId, userId))).map((row) => row.id)).toEqual([underway]);
    expect(await storedKeys(userId)).toEqual([underwayKey]);
  });

  it("lets the person delete a waiting photo themselves", async () => {
    const { browser, userId } = await signedUpUser("photo-discard");
    const photoId = photoIdOf(await upload(browser, [{ bytes: bytesOf("unknown"), name: "x.jpg" }]));
    await readingDone(photoId);
    const unknown = await browser.post(`/requests/photo/${photoId}`, { intent: "keep" });
    expect(unknown.status).toBe(400);
    expect(await htmlOf(unknown)).toContain(escapeHtml(UNKNOWN_INTENT_MESSAGE));
    expect(await storedKeys(userId)).not.toEqual([]);
    expect((await browser.post(`/requests/photo/${photoId}`, { intent: "discard" })).status).toBe(303);
    expect(await storedKeys(userId)).toEqual([]);
    expect(await htmlOf(await browser.get(`/requests/photo/${photoId}`))).toContain("This photo is deleted");
  });

  it("deletes every photo of an account that is deleted", { timeout: 30_000 }, async () => {
    const { browser, userId } = await signedUpUser("photo-account");
    const photoId = photoIdOf(await upload(browser, [{ bytes: bytesOf("unknown"), name: "x.jpg" }]));
    await readingDone(photoId);
    expect(await storedKeys(userId)).toHaveLength(1);
    expect((await browser.post("/account/delete", { currentPassword: "secret-123" })).status).toBe(303);
    await expect.poll(() => storedKeys(userId), { timeout: 25_000, interval: 100 }).toEqual([]);
    expect(await db.select().from(mailPhotos).where(eq(mailPhotos.userId, userId))).toEqual([]);
  });
});

function escapeHtml(text: string) {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");
}
