// Journey: what the dashboard does with the pieces seen in a person's mail, on a phone, JavaScript
// on and off. Pieces are written straight into D1 (reading the digests is another journey's): a
// catalog sender seen three times, a name the catalog lacks and "Current Resident" mail. "Stop it"
// sends the sender's request with one press; a request whose mail came after the day it should
// have stopped says it is still coming instead of asking, and its history lists the pieces.
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, useBrowser } from "./browser";
import { SENT_STANDING, signedInAccount, unsubscribeFromDashboard } from "./accounts-helpers";
import { givePiecesSeen, quote, runSql, type SeenPiece } from "./local-d1";

const browser = useBrowser();
const appUrl = inject("appUrl");

/** Pieces seen in the mail of the account with this email, read already and known to be real (decisions 0063, 0064). */
const seenInMailOf = (email: string, pieces: SeenPiece[]) =>
  givePiecesSeen(
    email,
    pieces.map((piece) => ({ ...piece, authenticated: true })),
  );

describe.each(JS_MODES)("the mail seen (JavaScript $label)", ({ js, label }) => {
  test("a sender seen in the mail is stopped with one press; mail after the stop date says still coming", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.setViewportSize({ width: 360, height: 740 });
      const { email } = await signedInAccount(visit, appUrl, `seen-${label}`);
      await seenInMailOf(email, [
        { arrivedOn: "2026-11-18", templateId: "williams-sonoma" },
        { arrivedOn: "2026-11-20", templateId: "williams-sonoma", source: "photo" },
        { arrivedOn: "2026-11-24", templateId: "williams-sonoma" },
        { arrivedOn: "2026-11-19", senderName: "Acme Windows" },
        { arrivedOn: "2026-11-23", residentMail: true },
      ]);

      expect((await page.goto(`${appUrl}/dashboard`))?.status()).toBe(200);
      const seen = page.locator("section.seen-in-mail");
      const williams = seen.locator("li", { hasText: "Williams Sonoma" });
      expect(await williams.locator(".seen-line").innerText()).toBe("Seen in your mail, 3 pieces, last on 11/24/2026: Williams Sonoma");
      expect(await williams.locator(".free-requests-note").innerText()).toBe("This uses 1 of your 3 free requests.");
      expect(await seen.innerText()).toContain("Also seen, not in our list yet: Acme Windows (on 11/19/2026), add a request");
      const resident = seen.locator(".seen-resident");
      expect(await resident.innerText()).toMatch(
        /^Addressed to “Current Resident”: 1 piece on 11\/23\/2026\. Mail sent to every address on a carrier's route/,
      );
      expect(await resident.locator("button, form").count(), "resident mail offers no request").toBe(0);
      const box = await seen.boundingBox();
      const firstCard = await page.locator(".request-card").first().boundingBox();
      expect(box!.y, "above the cards").toBeLessThan(firstCard!.y);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "the page is wider than the phone").toBeLessThanOrEqual(0);
      await seen.scrollIntoViewIfNeeded();
      await screenshot(visit, "seen-in-mail-360");
      await assertAccessible(visit);

      await Promise.all([
        page.waitForURL(/\/dashboard\?notice=unsubscribe/),
        williams.getByRole("button", { name: "Stop it Williams Sonoma" }).click(),
      ]);
      await expect.poll(() => page.locator("#outcome").innerText()).toContain("Your request to Williams Sonoma is on its way");
      expect(await page.locator("section.seen-in-mail").innerText()).not.toContain("Williams Sonoma");
      expect(await page.locator(".request-card", { hasText: "Williams Sonoma" }).locator(".status").innerText()).toMatch(SENT_STANDING);
      await screenshot(visit, "seen-in-mail-sent-360");

      // Epsilon was sent 70 days ago and a piece came after the day its mail should have stopped.
      await unsubscribeFromDashboard(page, "epsilon");
      const sentAt = Date.now() - 70 * 24 * 3600 * 1000;
      await runSql(
        `update requests set processedAt = ${sentAt}, queuedAt = ${sentAt}, stillComingAt = ${Date.now()} where id = 'epsilon' and userId = (select id from users where email = ${quote(email)})`,
      );
      await seenInMailOf(email, [
        { arrivedOn: "2027-02-03", templateId: "epsilon", requestId: "epsilon" },
        { arrivedOn: "2027-01-10", templateId: "epsilon", requestId: "epsilon", source: "photo" },
      ]);
      expect((await page.goto(`${appUrl}/dashboard?request=epsilon#request-epsilon`))?.status()).toBe(200);
      const card = page.locator("#request-epsilon");
      expect(await card.locator(".request-still-coming").innerText()).toBe(
        "Still coming: seen in your mail on 02/03/2027, after it should have stopped.",
      );
      expect(await card.locator(".request-seen").innerText()).toContain("“Send it again” sends Epsilon");
      expect(await card.innerText()).not.toContain("Has the mail stopped?");
      const history = await card.locator("ol.history").innerText();
      expect(history).toContain("02/03/2027 Seen in your mail (Informed Delivery)");
      expect(history).toContain("01/10/2027 Seen in your mail (photo)");
      await card.scrollIntoViewIfNeeded();
      await screenshot(visit, "seen-in-mail-still-coming-360");
      await assertAccessible(visit);

      await Promise.all([page.waitForURL(/notice=report/), card.getByRole("button", { name: "Send it again" }).click()]);
      await expect.poll(() => page.locator("#outcome").innerText()).toContain("Sent to Epsilon");
      expect(await page.locator("#request-epsilon").innerText()).not.toContain("Still coming:");
      assertNoErrors(visit);
    });
  });
});
