// Journey: the progress page on a phone, JavaScript on and off: where each sender stands, the
// pieces seen before and after each request, and the chart of pieces per week with the requests
// marked, drawn on the server with its table. Requests and pieces are written straight into the
// shared stack's D1 (its directory comes from the global setup). Screenshot at 360 px.
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, useBrowser } from "./browser";
import { signedInAccount } from "./accounts-helpers";
import { givePiecesSeen, quote, runSql } from "./local-d1";

const browser = useBrowser();
const appUrl = inject("appUrl");
const DAY_MS = 24 * 60 * 60 * 1000;

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

describe.each(JS_MODES)("the progress page (JavaScript $label)", ({ js, label }) => {
  test("shows each sender's standing and the weeks of mail with the requests marked, on a phone", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.setViewportSize({ width: 360, height: 740 });
      const { email } = await signedInAccount(visit, appUrl, `progress-${label}`);
      const user = `(select id from users where email = ${quote(email)})`;
      const sent = (requestId: string, status: string, daysAgo: number, followUpStep = 0) =>
        `update requests set status = ${quote(status)}, processedAt = ${Date.now() - daysAgo * DAY_MS}, ` +
        `queuedAt = ${Date.now() - daysAgo * DAY_MS}, followUpStep = ${followUpStep} where userId = ${user} and id = ${quote(requestId)}`;
      const piece = (requestId: string, daysAgo: number) => ({ arrivedOn: isoDay(daysAgo), templateId: requestId, requestId });
      await runSql([sent("epsilon", "confirmedByUser", 90), sent("acxiom", "inQueue", 40, 1)].join("; "));
      await givePiecesSeen(email, [
        piece("epsilon", 120),
        piece("epsilon", 100),
        piece("epsilon", 80),
        piece("acxiom", 50),
        piece("acxiom", 10),
      ]);

      expect((await page.goto(`${appUrl}/dashboard`))?.status()).toBe(200);
      await page.getByRole("link", { name: "Your progress" }).click();
      await page.waitForURL(`${appUrl}/progress`);
      expect(await page.locator("h1").innerText()).toBe("Your progress");
      const counts = await page.locator(".progress-counts").innerText();
      expect(counts).toContain("1 stopped");
      expect(counts).toContain("1 being followed up");
      expect(await page.locator(".week-chart-bar").count()).toBe(26);
      expect(await page.locator(".week-chart-mark").count()).toBe(2);
      // The weeks dated by month names under the bars, the scale and the legend in text.
      expect((await page.locator(".week-chart-month").allInnerTexts()).length).toBeGreaterThanOrEqual(6);
      expect(await page.locator(".week-chart-scale").innerText()).toMatch(/^1\s+0$/);
      expect(await page.locator(".week-chart-legend").innerText()).toContain("A request sent");
      const scaleSize = await page
        .locator(".week-chart-scale span")
        .first()
        .evaluate((span) => span.getBoundingClientRect().height);
      expect(scaleSize, "the scale's label is readable").toBeGreaterThanOrEqual(10);
      // The picture is hidden from screen readers; one sentence says what it shows, before and after the first request.
      expect(await page.locator(".week-chart-picture").getAttribute("aria-hidden")).toBe("true");
      expect(await page.locator(".week-chart-caption").innerText()).toMatch(
        /^5 pieces seen in your mail in the last 26 weeks, the most in one week 1\. 2 pieces in the 8 weeks before your first request on \d\d\/\d\d\/\d{4}, 2 in the 8 weeks after\.$/,
      );
      const epsilon = page.locator(".progress-senders li", { hasText: "Epsilon" });
      expect(await epsilon.innerText()).toMatch(/^Epsilon .*\(sent \d\d\/\d\d\/\d{4}\): Stopped\. 2 before, 1 after\.$/);
      // The figures as a table, for anyone who does not see the chart: the five weeks with pieces and the two with a request.
      await page.locator(".week-chart-table summary").click();
      expect(await page.locator(".week-chart-table tbody tr").count()).toBe(7);
      expect(await page.locator(".progress-estimate").innerText()).toContain("An estimate:");

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "the page is wider than the phone").toBeLessThanOrEqual(0);
      await screenshot(visit, "progress-360");
      await assertAccessible(visit);
      assertNoErrors(visit);
    });
  });
});
