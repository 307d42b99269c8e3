// Journey: a new account sends the three recommended senders at once, JavaScript on and off, and
// within a minute each card says which way its request went and why (decision 0066): emailed as the
// person's own request, or a letter mailed to the sender's postal address, with no one on the staff.
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, useBrowser } from "./browser";
import { signedInAccount } from "./accounts-helpers";
import { RECOMMENDED_COUNT, RECOMMENDED_SENDERS } from "~/domain/recommended-senders";

/** The three a new account outside California is recommended first. */
const FIRST_RECOMMENDED = RECOMMENDED_SENDERS.slice(0, RECOMMENDED_COUNT);

const appUrl = inject("appUrl");
const browser = useBrowser();

const WENT = /^(Emailed to .+ on \d\d\/\d\d\/\d{4} as your own request|Letter mailed \d\d\/\d\d\/\d{4} to .+'s? postal address)/;

const statusOf = (page: Page, requestId: string) => page.locator(`#request-${requestId} .status`).first().innerText();

describe.each(JS_MODES)("the recommended three (JavaScript $label)", ({ js, label }) => {
  test("go out at once with no staff touch, and each card says emailed or mailed within a minute", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.setViewportSize({ width: 360, height: 800 });
      await signedInAccount(visit, appUrl, `own-request-${label}`);
      await page.goto(`${appUrl}/dashboard`);
      const chooser = page.locator("form.send-suggested").filter({ has: page.locator('input[name="selection"][value="chosen"]') });
      // The recommended ones come ticked.
      for (const { templateId } of FIRST_RECOMMENDED) {
        expect(await chooser.locator(`input[name="requestIds"][value="${templateId}"]`).isChecked(), templateId).toBe(true);
      }
      await chooser.getByRole("button", { name: "Send the chosen ones" }).click();
      await expect.poll(() => page.locator("#outcome").innerText()).toContain("Sent 3 requests.");
      const sentAt = Date.now();
      for (const { templateId } of FIRST_RECOMMENDED) {
        await expect
          .poll(
            async () => {
              await page.goto(`${appUrl}/dashboard`);
              return statusOf(page, templateId);
            },
            { timeout: 60_000, interval: 1_000 },
          )
          .toMatch(WENT);
      }
      expect(Date.now() - sentAt, "all three within a minute").toBeLessThan(60_000);
      await screenshot(visit, "own-request-sent-360");
      await assertAccessible(visit);
      assertNoErrors(visit);
    });
  });
});
