// Photo uploads sent at the same moment (decision 0039): the daily limit holds however many
// arrive together; a refused upload, or one whose storing fails, keeps nothing and takes nothing
// from the day's allowance.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { mailPhotos } from "../../drizzle/schema";
import { PHOTO_LIMITS, PHOTO_MESSAGES } from "~/domain/mail-photo";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { allowConsoleErrors } from "./console-errors";
import { type Browser, signedUpUser } from "./http";
import { htmlOf } from "./support";

// Each test waits for the queue to read what was taken (its batches close after two seconds).
vi.setConfig({ testTimeout: 30_000 });

const db = getDb(env.DB);
const DAILY_LIMIT = parseEnv(env).PHOTO_DAILY_LIMIT;

// A whole 16 × 16 grey JPEG: ten uploads of three go out at once in no time, and reading it is quick.
const TINY_JPEG = Uint8Array.from(
  atob(
    "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJAA/9k=",
  ),
  (char) => char.charCodeAt(0),
);

/** The photo bucket with another `put`; everything else goes to the real one. */
function photosWithPut(put: (...args: Parameters<R2Bucket["put"]>) => Promise<R2Object | null>): R2Bucket {
  return {
    head: (...args) => env.PHOTOS.head(...args),
    get: ((...args: Parameters<R2Bucket["get"]>) => env.PHOTOS.get(...args)) as R2Bucket["get"],
    put: put as R2Bucket["put"],
    delete: (...args) => env.PHOTOS.delete(...args),
    list: (...args) => env.PHOTOS.list(...args),
    createMultipartUpload: (...args) => env.PHOTOS.createMultipartUpload(...args),
    resumeMultipartUpload: (...args) => env.PHOTOS.resumeMultipartUpload(...args),
  };
}

/**
 * R2 as a phone's photos find it: a put of several megabytes takes a while, so uploads sent
 * together all pass the limit's check before any of them is done storing.
 */
const STORE_MS = 50;
const slowPhotos = photosWithPut(async (...args) => {
  await new Promise((resolve) => setTimeout(resolve, STORE_MS));
  return env.PHOTOS.put(...args);
});

function upload(browser: Browser, images: number) {
  const form = new FormData();
  for (let index = 1; index <= images; index++) form.append("photo", new File([TINY_JPEG], `${index}.jpg`, { type: "image/jpeg" }));
  return browser.postMultipart("/requests/photo", form);
}

const storedKeys = async (userId: string) => (await env.PHOTOS.list({ prefix: `photos/${userId}/` })).objects.map((object) => object.key);
const photoRows = (userId: string) => db.select().from(mailPhotos).where(eq(mailPhotos.userId, userId));

/** Waits for the queue to have read every photo of the user: nothing is left running after the test. */
const readingsDone = (userId: string) =>
  expect.poll(async () => (await photoRows(userId)).some((row) => row.state === "reading"), { timeout: 20_000 }).toBe(false);

const dailyLimitMessage = (limit: number) => PHOTO_MESSAGES.dailyLimit(limit).replaceAll("'", "&#x27;");

describe("photo uploads at the same moment", () => {
  it("takes exactly the daily limit's worth of ten uploads of three sent at once, and stores nothing of the rest", async () => {
    expect(DAILY_LIMIT).toBe(20);
    const { browser, userId } = await signedUpUser("photo-burst");
    const uploads = 10;
    const perUpload = PHOTO_LIMITS.maxImages;
    const accepted = Math.floor(DAILY_LIMIT / perUpload);

    const slowStorage = browser.with({ PHOTOS: slowPhotos });
    const responses = await Promise.all(Array.from({ length: uploads }, () => upload(slowStorage, perUpload)));
    const answers = await Promise.all(
      responses.map(async (response) => ({ status: response.status, body: response.status === 303 ? "" : await htmlOf(response) })),
    );

    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(accepted);
    const refused = answers.filter((answer) => answer.status !== 303);
    expect(refused).toHaveLength(uploads - accepted);
    for (const { status, body } of refused) {
      expect(status).toBe(400);
      expect(body).toContain(dailyLimitMessage(DAILY_LIMIT));
    }
    expect(await storedKeys(userId)).toHaveLength(accepted * perUpload);
    const rows = await photoRows(userId);
    expect(rows).toHaveLength(accepted);
    expect(rows.reduce((images, row) => images + row.imageCount, 0)).toBe(accepted * perUpload);
    expect(rows.flatMap((row) => row.imageKeys).sort()).toEqual((await storedKeys(userId)).sort());

    // The refused uploads took nothing from the day's allowance: what is left is still taken, and no more.
    const left = DAILY_LIMIT - accepted * perUpload;
    expect((await upload(browser, left)).status).toBe(303);
    const overLimit = await upload(browser, 1);
    expect(overLimit.status).toBe(400);
    expect(await htmlOf(overLimit)).toContain(dailyLimitMessage(DAILY_LIMIT));
    expect(await storedKeys(userId)).toHaveLength(DAILY_LIMIT);
    await readingsDone(userId);
  });

  it("gives the images back to the day's allowance when storing them fails half way, and keeps none of them", async () => {
    allowConsoleErrors(/photo not stored:/);
    const { browser, userId } = await signedUpUser("photo-store-fails");
    const limit = PHOTO_LIMITS.maxImages;
    let puts = 0;
    const failingAtTheLast = photosWithPut(async (...args) => {
      if (++puts === limit) throw new Error("R2 is unavailable");
      return env.PHOTOS.put(...args);
    });

    const failed = await upload(browser.with({ PHOTOS: failingAtTheLast, PHOTO_DAILY_LIMIT: String(limit) }), limit);
    expect(failed.status).toBe(400);
    expect(await htmlOf(failed)).toContain(PHOTO_MESSAGES.stored.replaceAll("'", "&#x27;"));
    expect(puts).toBe(limit);
    expect(await storedKeys(userId)).toEqual([]);
    expect(await photoRows(userId)).toEqual([]);

    expect((await upload(browser.with({ PHOTO_DAILY_LIMIT: String(limit) }), limit)).status).toBe(303);
    expect(await storedKeys(userId)).toHaveLength(limit);
    await readingsDone(userId);
  });
});
