// The photo path end to end inside the Worker, from a photo already read (so the assertions are
// about what the app does with a reading, whatever the reader): the label's two numbers reach the
// request and its letter, the return address becomes a proposed postal address, the request records
// its "created request" event like any other, and a photo left with staff needs no choice.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { CATALOG_SENDERS } from "../../drizzle/catalog";
import { analyticsEvents, mailPhotos, requests, type PhotoSuggestion } from "../../drizzle/schema";
import { seedSenderCatalog } from "~/models/request-template.server";
import { listPostalChannelProposals } from "~/models/sender-channels.server";
import { lettersFor } from "~/models/work-queue.server";
import { getDb } from "~/utils/db.server";
import { signedInStaff, signedUpUser } from "./http";
import { htmlOf } from "./support";

const db = getDb(env.DB);

beforeAll(async () => {
  await seedSenderCatalog(db, CATALOG_SENDERS);
});

const WILLIAMS_SONOMA: PhotoSuggestion = { templateId: "williams-sonoma", title: "Williams Sonoma", score: 5.5 };
const TRANSCRIPT = [
  "WILLIAMS SONOMA",
  "3250 Van Ness Avenue PRSRT STD",
  "San Francisco, CA 94109 U.S. POSTAGE PAID",
  "Key Code PZ77KQ",
  "Customer #: 4471220931",
  "JANE Q PUBLIC",
  "1847 N HALSTED ST APT 3R",
  "CHICAGO IL 60614-4512",
].join("\n");

/** A photo of the user's, read as the queue would have read it. */
async function readPhoto(userId: string, reading: Partial<typeof mailPhotos.$inferInsert>) {
  const [photo] = await db
    .insert(mailPhotos)
    .values({ userId, state: "suggested", imageCount: 1, imageKeys: [], transcript: TRANSCRIPT, readAt: new Date(), ...reading })
    .returning({ id: mailPhotos.id });
  return photo!.id;
}

async function requestFor(userId: string, senderName: string) {
  const [row] = await db
    .select()
    .from(requests)
    .where(and(eq(requests.userId, userId), eq(requests.senderName, senderName)));
  return row!;
}

async function createdEvents(userId: string) {
  return db
    .select({ properties: analyticsEvents.properties })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.userId, userId), eq(analyticsEvents.name, "created request")));
}

describe("a confirmed photo of a Williams Sonoma catalog", () => {
  it("carries the customer number and the key code to the request, whose letter names both; records the created event; proposes the return address", async () => {
    const { browser, userId } = await signedUpUser("photo-key-code");
    const photoId = await readPhoto(userId, { suggestions: [WILLIAMS_SONOMA], customerNumber: "4471220931", keyCode: "PZ77KQ" });

    const page = await htmlOf(await browser.get(`/requests/photo/${photoId}`));
    expect(page).toContain("Is this from Williams Sonoma?");
    expect(page).toMatch(/<input[^>]*name="customerNumber"[^>]*value="4471220931"/);
    expect(page).toMatch(/<input[^>]*name="keyCode"[^>]*value="PZ77KQ"/);

    const confirmed = await browser.post(`/requests/photo/${photoId}`, {
      intent: "confirm",
      sender: "williams-sonoma",
      customerNumber: "4471220931",
      keyCode: " PZ77KQ ",
    });
    expect(confirmed.status).toBe(303);

    const request = await requestFor(userId, "Williams Sonoma");
    expect(request).toMatchObject({ status: "inQueue", customerNumber: "4471220931", keyCode: "PZ77KQ" });
    // The letter the sender is sent (by email or by post) and the one the person reads.
    const [sent] = await lettersFor(db, [{ userId, requestId: request.id }], { unsentOnly: false });
    expect(sent!.letter).toContain("From your mailing label:\n  Customer number: 4471220931\n  Key code: PZ77KQ");
    expect(await htmlOf(await browser.get(`/dashboard?request=${request.id}`))).toContain("Key code: PZ77KQ");

    expect(await createdEvents(userId)).toEqual([{ properties: { type: "catalog" } }]);

    const proposals = await listPostalChannelProposals(db, "williams-sonoma");
    expect(proposals).toEqual([
      expect.objectContaining({ address: "3250 Van Ness Avenue, San Francisco, CA 94109", sourcePhotoId: photoId, timesSeen: 1 }),
    ]);
    // What was read off it is forgotten, the numbers kept.
    const [after] = await db.select().from(mailPhotos).where(eq(mailPhotos.id, photoId));
    expect(after).toMatchObject({ state: "identified", transcript: null, keyCode: "PZ77KQ" });
  });
});

describe("a photo left with staff", () => {
  it("offers leaving it with staff as its main action, with no sender to choose that is not named", async () => {
    const { browser, userId } = await signedUpUser("photo-leave-staff");
    const photoId = await readPhoto(userId, {
      state: "needsStaff",
      transcript: "Lakeview Gutter Masters\nSpring gutter cleaning: $89",
      readProblem: "no catalog sender found",
    });
    const page = await htmlOf(await browser.get(`/requests/photo/${photoId}`));
    expect(page).toContain("Our staff will look at your photo");
    expect(page).toMatch(/<a (?=[^>]*href="\/dashboard")(?=[^>]*class="button")[^>]*>Leave it with our staff<\/a>/);
    expect(page).not.toContain('type="radio"');
    expect(page).not.toContain("The sender named below");
    // The page the main action leads to says the photo waits.
    const dashboard = await htmlOf(await browser.get("/dashboard"));
    expect(dashboard).toContain(`/requests/photo/${photoId}`);
    expect((await db.select().from(mailPhotos).where(eq(mailPhotos.id, photoId)))[0]!.state).toBe("needsStaff");

    // Knowing the sender, the person types the name alone: the form says whose name it is.
    expect(page).toMatch(/<input type="hidden" name="sender" value="other"\/>/);
    const sent = await browser.post(`/requests/photo/${photoId}`, {
      intent: "confirm",
      sender: "other",
      otherName: "Lakeview Gutter Masters",
      customerNumber: "",
      keyCode: "",
    });
    expect(sent.status).toBe(303);
    expect(await requestFor(userId, "Lakeview Gutter Masters")).toMatchObject({ status: "inQueue", keyCode: null });
    expect(await createdEvents(userId)).toEqual([{ properties: { type: "custom" } }]);
  });

  it("is identified by staff with the key code they read, and the owner's request records its created event", async () => {
    const { userId } = await signedUpUser("photo-staff-key-code");
    const photoId = await readPhoto(userId, { state: "needsStaff", suggestions: [], readProblem: "no catalog sender found" });
    const { browser: moderator } = await signedInStaff("moderator");
    const page = await htmlOf(await moderator.get(`/admin/photos/${photoId}`));
    expect(page).toContain("Key code (optional)");
    expect(page).not.toContain('type="radio"');

    const picked = await moderator.post(`/admin/photos/${photoId}`, {
      sender: "other",
      otherName: "Garnet Hill",
      customerNumber: "4471220931",
      keyCode: "PZ77KQ",
    });
    expect(picked.status).toBe(303);
    expect(await requestFor(userId, "Garnet Hill")).toMatchObject({ templateId: "garnet-hill", keyCode: "PZ77KQ" });
    expect(await createdEvents(userId)).toEqual([{ properties: { type: "catalog" } }]);
  });
});

describe("a photo straight from a phone, sent without JavaScript", () => {
  const fixtures = inject("photoFixtures");

  it("is taken at 2.5 MB", async () => {
    const { browser } = await signedUpUser("photo-large");
    const jpeg = Uint8Array.from(atob(fixtures.catalog.base64), (char) => char.charCodeAt(0));
    // A phone's photo carries large metadata segments (maker notes, a preview): padded to 2.5 MB with them.
    const segment = new Uint8Array(65_535 + 2);
    segment.set([0xff, 0xe2, 0xff, 0xff]);
    const count = Math.ceil((2.5 * 1024 * 1024 - jpeg.length) / segment.length);
    const photo = new Uint8Array(jpeg.length + count * segment.length);
    photo.set(jpeg.subarray(0, 2));
    for (let index = 0; index < count; index += 1) photo.set(segment, 2 + index * segment.length);
    photo.set(jpeg.subarray(2), 2 + count * segment.length);
    expect(photo.length).toBeGreaterThanOrEqual(2.5 * 1024 * 1024);

    const form = new FormData();
    form.append("photo", new File([photo], "IMG_4032.jpg", { type: "image/jpeg" }));
    const response = await browser.postMultipart("/requests/photo", form);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/^\/requests\/photo\/[0-9a-f-]{36}$/);
  });
});
