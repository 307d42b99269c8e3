// Journey: the mailbox set up by the person (decision 0073), on a phone, JavaScript on and off.
// Once the first request is sent, the dashboard's card "Let us see your mail" sits near the top
// with the address; with JavaScript "Copy address" puts it on the clipboard and says "Copied.",
// without it the button is not there; "Email me the address and the steps" sends them to the
// person's inbox either way. Gmail's forwarding confirmation then shows its code in large type.
import type { Page } from "playwright-core";
import { describe, expect, inject, test, vi } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, SCREENSHOT_DIR, screenshot, useBrowser } from "./browser";
import { signedInAccount, unsubscribeFromDashboard, visibleText, waitForDashboard } from "./accounts-helpers";
import { newDkimKey, publishDkimKey, signDkim } from "../support/dkim-sign";
import { gmailForwardingConfirmation } from "../support/inbound-emails";

const appUrl = inject("appUrl");
const standInsUrl = inject("standInsUrl");
const browser = useBrowser();
const googleKey = newDkimKey("google.com", `e2e${crypto.randomUUID().slice(0, 8)}`).then((made) => publishDkimKey(standInsUrl, made));
const ADDRESS_PATTERN = /\b[a-z2-7]{26}@mailbox\.quietmailbox\.local\b/;
const CODE = "482913375";
const LINK = "https://mail-settings.google.com/mail/vf-%5BANGjdJ8example%5D-abc123";

/** Sends Gmail's confirmation to the Worker as Email Routing would, through wrangler's local email endpoint. */
async function sendConfirmation(to: string) {
  const raw = await signDkim(gmailForwardingConfirmation({ to, code: CODE, link: LINK }), await googleKey);
  const query = new URLSearchParams({ from: "forwarding-noreply@google.com", to });
  expect((await fetch(`${appUrl}/cdn-cgi/handler/email?${query}`, { method: "POST", body: raw })).status).toBe(200);
}

type RecordedEmail = { body?: { To?: string; TextBody?: string; Subject?: string } | null };

/** The steps email the email stand-in received for `email` (it goes through the queue, in batches every 2 s). */
function stepsEmailFor(email: string) {
  return vi.waitFor(
    async () => {
      const recorded = (await (await fetch(`${standInsUrl}/__stand-ins/requests?vendor=email`)).json()) as RecordedEmail[];
      const found = recorded.filter(
        (entry) =>
          (entry.body?.To ?? "").toLowerCase().includes(email.toLowerCase()) &&
          entry.body?.Subject === "Your Quiet Mailbox address and how to set it up",
      );
      if (found.length === 0) throw new Error(`No steps email for ${email} yet (${recorded.length} recorded).`);
      return found;
    },
    { timeout: 30_000, interval: 250 },
  );
}

const card = (page: Page) => page.locator("#mailbox-setup");

describe.each(JS_MODES)("setting up the mailbox from the dashboard (JavaScript $label)", ({ js, label }) => {
  test("the card near the top, copy or email the address, and Gmail's code in large type", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page, context } = visit;
      await page.setViewportSize({ width: 360, height: 640 });
      const account = await signedInAccount(visit, appUrl, `setup-${label}`);
      await page.goto(`${appUrl}/dashboard`);
      await waitForDashboard(page);
      expect(await card(page).count(), "no card before a request is sent").toBe(0);
      await unsubscribeFromDashboard(page, "epsilon");
      await page.goto(`${appUrl}/dashboard`);
      await waitForDashboard(page);

      await card(page).getByRole("heading", { name: "Let us see your mail" }).waitFor();
      const top = (await card(page).boundingBox())!.y;
      console.log(`the setup card starts at y = ${Math.round(top)} px at 360 px wide (JavaScript ${label})`);
      expect(top, "within the first two screens of a phone").toBeLessThan(1280);
      const text = await card(page).innerText();
      expect(text).toContain("You’ll need a computer once, about 10 minutes.");
      const address = ADDRESS_PATTERN.exec(text)?.[0];
      expect(address).toBeDefined();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "the address wraps rather than widen the page").toBeLessThanOrEqual(0);

      const copy = card(page).getByRole("button", { name: "Copy address" });
      const emailButton = card(page).getByRole("button", { name: "Email me the address and the steps" });
      expect(await emailButton.isVisible()).toBe(true);
      if (js) {
        await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: appUrl });
        await copy.waitFor();
        await copy.click();
        await expect.poll(() => card(page).getByRole("status").innerText()).toBe("Copied.");
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
      } else {
        expect(await copy.count(), "without JavaScript there is no copy button to press").toBe(0);
      }
      await card(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/mailbox-setup-card-viewport-js-${label}.png` });
      await screenshot(visit, "mailbox-setup-dashboard-360");
      await assertAccessible(visit);

      await Promise.all([page.waitForURL(`${appUrl}/dashboard?mailbox=emailed#mailbox-setup`), emailButton.click()]);
      await card(page).getByText("We emailed you the address and the steps. Open that email on your computer.").waitFor();
      const [sent] = await stepsEmailFor(account.email);
      expect(sent!.body!.TextBody).toContain(address);
      expect(sent!.body!.TextBody).toContain("checks that you live at the address");
      await card(page).screenshot({ path: `${SCREENSHOT_DIR}/mailbox-setup-emailed-js-${label}.png` });
      await assertAccessible(visit);

      // A second press the same day is refused on /account, beside the button, with the time to ask again.
      await Promise.all([
        page.waitForURL(`${appUrl}/account`),
        card(page).getByRole("button", { name: "Email me the address and the steps" }).click(),
      ]);
      await page.locator("[data-error-summary]").getByText("You can ask again after").waitFor();
      expect(await visibleText(page)).toMatch(/We emailed you the address and the steps at \d{1,2}:\d\d [AP]M/);
      await assertAccessible(visit);

      await sendConfirmation(address!);
      await page.goto(`${appUrl}/dashboard`);
      await waitForDashboard(page);
      await Promise.all([
        page.waitForURL(`${appUrl}/account#mailbox-confirmations`),
        page.getByRole("link", { name: "Finish setting up forwarding" }).click(),
      ]);
      const code = page.locator("#mailbox-confirmations .confirmation-code");
      expect(await code.innerText()).toBe(`Type ${CODE} in Gmail`);
      const fontSize = await code.locator("strong").evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
      expect(fontSize, "the code in large type").toBeGreaterThanOrEqual(28);
      expect(await page.getByRole("link", { name: "Gmail’s confirmation link" }).getAttribute("href")).toBe(LINK);
      expect(await page.getByText(`Confirmation code: ${CODE}`).isVisible(), "the whole message is folded").toBe(false);
      await page.locator("#mailbox-confirmations").screenshot({ path: `${SCREENSHOT_DIR}/mailbox-setup-code-js-${label}.png` });
      await page.locator("#mailbox").screenshot({ path: `${SCREENSHOT_DIR}/mailbox-setup-account-section-js-${label}.png` });
      await assertAccessible(visit);
      assertNoErrors(visit, { allow: [/status of 429/] });
    });
  });
});
