// Journey: a new user photographs junk mail instead of typing the sender. A generated photo of an
// L.L.Bean catalog (test/data/photos) is read by the Workers AI stand-in's OCR; the user confirms
// “Is this from L.L.Bean?” and finds the request in queue with the label's customer number on its
// letter. A photo of a sender the catalog lacks waits for staff, and the moderator picks the
// sender from the work queue. With JavaScript on, the browser shrinks the photo and the reading
// page looks for the result by itself; with it off, the form posts the file and “Check again” does.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { LOCAL_STAFF } from "../../drizzle/local-staff";
import { renderMailPiece } from "../support/mail-pieces";
import { PHOTO_FIXTURES, type PhotoFixture } from "../support/photo-fixtures";
import { SENT_STANDING, signInThroughForm, signUpThroughForms, visibleText } from "./accounts-helpers";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, SCREENSHOT_DIR, useBrowser, type Visit } from "./browser";

const appUrl = inject("appUrl");
const browser = useBrowser();
const moderator = LOCAL_STAFF.find((staff) => staff.id === "local-moderator")!;

/**
 * The fixture's mail piece photographed as a phone camera does, at twice the pixels (2400 × 3000
 * for a catalog), so that shrinking it in the browser shows.
 */
async function phonePhoto(visit: Visit, fixture: PhotoFixture) {
  const context = await visit.context.browser()!.newContext({ deviceScaleFactor: 2 });
  try {
    const path = join(SCREENSHOT_DIR, `${fixture.piece.id}-phone.jpg`);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(path, await renderMailPiece(await context.newPage(), fixture.piece));
    return path;
  } finally {
    await context.close();
  }
}

/** Sends a photo of the fixture from /requests/photo and waits until its reading is done. */
async function sendPhoto(visit: Visit, fixture: PhotoFixture, name: string) {
  const { page } = visit;
  await page.goto(`${appUrl}/requests/photo`);
  await screenshot(visit, `photo-upload-${name}`);
  await page.setViewportSize({ width: 360, height: 800 });
  await screenshot(visit, `photo-upload-${name}-360`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await assertAccessible(visit);
  // Photos taken already can be chosen: nothing makes the phone open its camera only.
  const input = page.locator('input[name="photo"]');
  expect(await input.getAttribute("capture")).toBeNull();
  expect(await input.getAttribute("accept")).toBe("image/*");
  expect(await input.getAttribute("multiple")).not.toBeNull();
  await input.setInputFiles(await phonePhoto(visit, fixture));
  await Promise.all([page.waitForURL(/\/requests\/photo\/[0-9a-f-]{36}$/), page.getByRole("button", { name: "Send photo" }).click()]);
  await waitForReading(visit);
}

const heading = (page: Page) => page.locator("main h1").innerText();

/**
 * With JavaScript the page reloads itself once the photo is read; without, the person clicks
 * “Check again” and waits for the next page's load event: the current page has loaded already,
 * so waiting for its load state would let the next look read the page being left.
 */
async function waitForReading({ page, js }: Visit) {
  await expect
    .poll(
      async () => {
        const shown = await heading(page);
        if (!js && shown.startsWith("Reading your photo"))
          await Promise.all([page.waitForEvent("load"), page.getByRole("link", { name: "Check again" }).click()]);
        return shown;
      },
      { timeout: 45_000, interval: 500 },
    )
    .not.toMatch(/^Reading your photo/);
}

describe.each(JS_MODES)("a photo of junk mail (JavaScript $label)", ({ js, label }) => {
  test("photos far over the size limit get the page that says what to do, not a broken connection", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await signUpThroughForms(visit, appUrl, {
        email: `photo-huge.${Date.now()}.js-${label}@quietmailbox.test`,
        password: "photo-secret-1",
      });
      const path = join(SCREENSHOT_DIR, "too-large.jpg");
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      writeFileSync(path, new Uint8Array(30 * 1024 * 1024));
      await page.goto(`${appUrl}/requests/photo`);
      await page.locator('input[name="photo"]').setInputFiles(path);
      await page.getByRole("button", { name: "Send photo" }).click();
      await page.locator("h1", { hasText: "That was more than we can take" }).waitFor({ timeout: 20_000 });
      expect(await visibleText(page)).toContain("send up to 3 photos of at most 8 MB each");
      await screenshot(visit, "photo-too-large");
      // The answer came from the same URL, so wait for the form to be back rather than for the URL.
      await page.getByRole("link", { name: "Choose other photos" }).click();
      await page.locator('input[name="photo"]').waitFor();
      expect(page.url()).toBe(`${appUrl}/requests/photo`);
    });
  });

  test("a photo of an L.L.Bean catalog finds the sender; confirming sends the request with the label's number", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await signUpThroughForms(visit, appUrl, { email: `photo.${Date.now()}.js-${label}@quietmailbox.test`, password: "photo-secret-1" });
      await page.getByRole("link", { name: "Send a photo of the mail" }).click();
      await page.waitForURL(`${appUrl}/requests/photo`);
      const fixture = PHOTO_FIXTURES.catalog;
      await sendPhoto(visit, fixture, "catalog");

      expect(await heading(page)).toBe(`Is this from ${fixture.title}?`);
      expect(await page.getByRole("radio", { name: fixture.title }).isChecked()).toBe(true);
      expect(await page.getByLabel("Customer number (optional)").inputValue()).toBe(fixture.customerNumber);
      expect(await page.getByLabel("Key code (optional)").inputValue()).toBe("");
      // Shrunk by the browser to a long side of 1600 px with JavaScript; as taken (3000 px) without.
      const stored = await page
        .getByRole("img", { name: "Your photo of the mail piece" })
        .evaluate((image: HTMLImageElement) => Math.max(image.naturalWidth, image.naturalHeight));
      expect(stored).toBe(js ? 1600 : 3000);
      // The send says what it uses, before it is pressed.
      expect(await page.locator("#send-request-note").innerText()).toBe("This uses 1 of your 3 free requests.");
      expect(await page.getByRole("button", { name: "Yes, send the request" }).getAttribute("aria-describedby")).toBe("send-request-note");
      await screenshot(visit, "photo-suggested");
      await page.setViewportSize({ width: 360, height: 800 });
      await screenshot(visit, "photo-suggested-360");
      await page.setViewportSize({ width: 1280, height: 800 });
      await assertAccessible(visit);

      await Promise.all([page.waitForURL(/\/dashboard\?.*request=/), page.getByRole("button", { name: "Yes, send the request" }).click()]);
      const text = await visibleText(page);
      expect(text).toContain(`Your request to ${fixture.title} is on its way`);
      const card = page.locator("li.request-card", { has: page.locator("h3", { hasText: fixture.title }) });
      expect(await card.locator(".status").innerText()).toMatch(SENT_STANDING);
      expect(text, "the letter names the customer number").toContain(fixture.customerNumber);
      await screenshot(visit, "photo-request-sent");
      assertNoErrors(visit);
    });
  });

  test("a photo of a sender the catalog lacks waits for staff, who pick the sender from the work queue", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await signUpThroughForms(visit, appUrl, {
        email: `photo-staff.${Date.now()}.js-${label}@quietmailbox.test`,
        password: "photo-secret-1",
      });
      const fixture = PHOTO_FIXTURES.unknown;
      await sendPhoto(visit, fixture, "unknown");
      expect(await heading(page)).toBe("Our staff will look at your photo");
      // Nothing to choose: no sender is offered that is not named.
      expect(await page.getByRole("radio").count()).toBe(0);
      await screenshot(visit, "photo-needs-staff");
      await page.setViewportSize({ width: 360, height: 800 });
      await screenshot(visit, "photo-needs-staff-360");
      await page.setViewportSize({ width: 1280, height: 800 });
      await assertAccessible(visit);
      // The main action leaves the photo with staff, and the dashboard shows it waiting.
      await Promise.all([page.waitForURL(`${appUrl}/dashboard`), page.getByRole("link", { name: "Leave it with our staff" }).click()]);
      expect(await visibleText(page)).toContain("Your photos of mail");

      const sender = `${fixture.printedSender} ${label}`;
      await browser.visit({ js }, async (staff) => {
        await signInThroughForm(staff, appUrl, moderator);
        await staff.page.goto(`${appUrl}/admin/queue`);
        const photos = staff.page.locator("section", { has: staff.page.getByRole("heading", { name: /Photos to identify/ }) });
        await Promise.all([
          staff.page.waitForURL(/\/admin\/photos\//),
          photos
            .getByRole("link", { name: /Identify the photo/ })
            .last()
            .click(),
        ]);
        expect(await visibleText(staff.page)).toContain("Text read off the photo");
        expect(await visibleText(staff.page)).toContain("Lakeview");
        await screenshot(staff, "admin-photo");
        await assertAccessible(staff);
        expect(await staff.page.getByRole("radio").count()).toBe(0);
        await staff.page.getByLabel("Sender's name").fill(sender);
        await Promise.all([
          staff.page.waitForURL(/\/admin\/queue\?done=/),
          staff.page.getByRole("button", { name: "Send the request for this sender" }).click(),
        ]);
        expect(await visibleText(staff.page)).toContain(`the photo's request to ${sender} is in the queue`);
        assertNoErrors(staff);
      });

      await page.goto(`${appUrl}/dashboard`);
      const card = page.locator("li.request-card", { has: page.locator("h3", { hasText: sender }) });
      expect(await card.locator(".status").innerText()).toMatch(SENT_STANDING);
      assertNoErrors(visit);
    });
  });
});
