// Journey: what a request's card says once it left, with JavaScript on and off. A new user sends a
// request to a sender that takes email and one to a sender reached by post; each card says how it
// went or who acts next, and by when, and the emailed one's letter page shows the email's evidence.
// (Letters mailed through Lob are checked in test/workers/request-evidence.test.ts.)
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, useBrowser } from "./browser";
import { signUpThroughForms, unsubscribeFromDashboard } from "./accounts-helpers";

const appUrl = inject("appUrl");
const browser = useBrowser();
const SCREENS = "/work/screens/issue30";

const statusOf = (page: Page, requestId: string) => page.locator(`#request-${requestId} .status`).innerText();

/** The card's words once the queue has sent the request, reloading the page until it has. */
async function standingOnceSent(page: Page, requestId: string, sent: RegExp) {
  await expect
    .poll(
      async () => {
        await page.goto(`${appUrl}/dashboard`);
        return statusOf(page, requestId);
      },
      { timeout: 20_000, interval: 500 },
    )
    .toMatch(sent);
}

describe.each(JS_MODES)("where a sent request is (JavaScript $label)", ({ js, label }) => {
  test("an emailed request and a letter waiting for staff say how they went or who acts next, and when", async () => {
    const account = { email: `evidence.${Date.now()}.js-${label}@quietmailbox.test`, password: "first-secret-1" };
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await signUpThroughForms(visit, appUrl, account);
      await unsubscribeFromDashboard(page, "acxiom");
      await unsubscribeFromDashboard(page, "experian-marketing");

      await standingOnceSent(page, "acxiom", /^Sent on \d\d\/\d\d\/\d{4} by email/);
      const emailed = await page.locator("#request-acxiom").innerText();
      expect(emailed).toMatch(/Acxiom has until \d\d\/\d\d\/\d{4} to act: 30 days to go; we ask you then whether the mail stopped\./);
      expect(emailed).not.toMatch(/In queue|shortly|Mail already stopped|Has the mail stopped/);

      // Without Lob set up (as here), a letter waits for our staff: the card says so, and by when.
      expect(await statusOf(page, "experian-marketing")).toBe("Our staff send it: usually within 2 working days");

      await page.goto(`${appUrl}/dashboard?request=acxiom#request-acxiom`);
      const emailHistory = await page.locator("#request-acxiom ol.history").innerText();
      expect(emailHistory).toMatch(/Sent by email to \S+@\S+/);
      expect(emailHistory).toContain("Postmark message id");
      await assertAccessible(visit);
      if (js) {
        mkdirSync(SCREENS, { recursive: true });
        await page.setViewportSize({ width: 360, height: 740 });
        await page.goto(`${appUrl}/dashboard#request-acxiom`);
        await page.locator("#request-acxiom").scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENS}/words-emailed-card.png` });
        await page.goto(`${appUrl}/dashboard?request=acxiom#request-acxiom`);
        await page.locator("#request-acxiom ol.history").scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENS}/words-emailed-history.png` });
      }

      assertNoErrors(visit);
    });
  });
});
