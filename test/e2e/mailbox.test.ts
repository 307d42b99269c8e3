// Journey: a person's private mailbox address, with JavaScript on and off. The dashboard points to
// it; /account shows it with the setup help; a new address replaces it; it is turned off and on;
// Gmail's forwarding confirmation, sent through the local email endpoint, shows on the page until
// the person removes it. A digest sent the same way becomes the senders the dashboard offers to
// stop, each with one press.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, useBrowser } from "./browser";
import { signedInAccount, visibleText, waitForDashboard } from "./accounts-helpers";
import { DIGEST_FROM, digestEmail } from "../support/digest-emails";
import { DIGEST_FIXTURES, digestFixturePath } from "../support/digest-fixtures";
import { newDkimKey, publishDkimKey, signDkim } from "../support/dkim-sign";

const appUrl = inject("appUrl");
// Google signs its confirmation and the Postal Service its digest (decision 0063): test keys, served
// by the stand-ins' DNS over HTTPS.
const signer = (domain: string) => {
  const key = newDkimKey(domain, `e2e${crypto.randomUUID().slice(0, 8)}`).then((made) => publishDkimKey(inject("standInsUrl"), made));
  return async (raw: string) => signDkim(raw, await key);
};
const signedByGoogle = signer("google.com");
const signedByUsps = signer("usps.com");
const browser = useBrowser();
const ADDRESS_PATTERN = /\b[a-z2-7]{26}@mailbox\.quietmailbox\.local\b/;

/** Sends an email to the Worker as Email Routing would, through wrangler's local email endpoint. */
async function sendEmail(to: string, raw: string, from = "forwarding-noreply@google.com") {
  const query = new URLSearchParams({ from, to });
  const response = await fetch(`${appUrl}/cdn-cgi/handler/email?${query}`, { method: "POST", body: raw });
  expect(response.status).toBe(200);
}

function gmailConfirmation(to: string) {
  return signedByGoogle(
    [
      "From: Gmail Team <forwarding-noreply@google.com>",
      `To: ${to}`,
      "Subject: (#482913375) Gmail Forwarding Confirmation - Receive Mail from jane.doe@gmail.com",
      `Message-ID: <${crypto.randomUUID()}@google.com>`,
      "Content-Type: text/plain; charset=UTF-8",
      "",
      `jane.doe@gmail.com has requested to automatically forward mail to your email address ${to}.`,
      "Confirmation code: 482913375",
      "",
    ].join("\r\n"),
  );
}

const addressOn = async (page: Page) => ADDRESS_PATTERN.exec(await visibleText(page))?.[0] ?? null;

describe.each(JS_MODES)("your mailbox address (JavaScript $label)", ({ js, label }) => {
  test("find it, get a new one, turn it off and on, and read a forwarding confirmation", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await signedInAccount(visit, appUrl, `mailbox-${label}`);
      await page.goto(`${appUrl}/dashboard`);
      await waitForDashboard(page);
      const shown = await addressOn(page);
      expect(shown).not.toBeNull();
      await page.setViewportSize({ width: 360, height: 800 });
      await screenshot(visit, "mailbox-dashboard-360");
      await page.setViewportSize({ width: 1280, height: 800 });

      await Promise.all([page.waitForURL(`${appUrl}/account#mailbox`), page.getByRole("link", { name: "How to set it up" }).click()]);
      await page.locator("main h2", { hasText: "Your mailbox address" }).waitFor();
      expect(await addressOn(page)).toBe(shown);
      await page.getByText("Gmail", { exact: true }).click();
      await page.getByText("Add a forwarding address").waitFor();
      await page.setViewportSize({ width: 360, height: 800 });
      await screenshot(visit, "mailbox-account-360");
      await page.setViewportSize({ width: 1280, height: 800 });
      await assertAccessible(visit);

      await Promise.all([
        page.waitForURL(`${appUrl}/account?saved=mailbox-new#mailbox`),
        page.getByRole("button", { name: "Get a new address" }).click(),
      ]);
      await page.locator("main .notice", { hasText: "Your mailbox address is new." }).waitFor();
      const fresh = await addressOn(page);
      expect(fresh).not.toBeNull();
      expect(fresh).not.toBe(shown);

      await Promise.all([
        page.waitForURL(`${appUrl}/account?saved=mailbox-off#mailbox`),
        page.getByRole("button", { name: "Turn off" }).click(),
      ]);
      await page.getByText("Turned off: mail sent to this address is refused.").waitFor();
      await page.goto(`${appUrl}/dashboard`);
      await waitForDashboard(page);
      expect(await addressOn(page)).toBeNull();
      await page.goto(`${appUrl}/account`);
      await Promise.all([
        page.waitForURL(`${appUrl}/account?saved=mailbox-on#mailbox`),
        page.getByRole("button", { name: "Turn on" }).click(),
      ]);
      await page.locator("main .notice", { hasText: "Your mailbox address is turned on again." }).waitFor();

      await sendEmail(fresh!, await gmailConfirmation(fresh!));
      await page.goto(`${appUrl}/dashboard`);
      await waitForDashboard(page);
      await Promise.all([
        page.waitForURL(`${appUrl}/account#mailbox-confirmations`),
        page.getByRole("link", { name: "Finish setting up forwarding" }).click(),
      ]);
      expect(await visibleText(page)).toContain("Type 482913375 in Gmail");
      await page.setViewportSize({ width: 360, height: 800 });
      await screenshot(visit, "mailbox-confirmation-360");
      await page.setViewportSize({ width: 1280, height: 800 });
      await Promise.all([
        page.waitForURL(`${appUrl}/account?saved=confirmation-done#mailbox`),
        page.getByRole("button", { name: "Done, remove this message" }).click(),
      ]);
      await page.locator("main .notice", { hasText: "The confirmation message is removed." }).waitFor();
      expect(await visibleText(page)).not.toContain("482913375");
      assertNoErrors(visit);
    });
  });
});

describe.each(JS_MODES)("a daily digest forwarded to the mailbox address (JavaScript $label)", ({ js, label }) => {
  test("its new sender is offered on the dashboard and stopped with one press", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await signedInAccount(visit, appUrl, `digest-${label}`);
      await page.goto(`${appUrl}/account`);
      const address = await addressOn(page);
      expect(address).not.toBeNull();

      const { campaign, resident } = DIGEST_FIXTURES;
      const today = new Date().toISOString().slice(0, 10);
      const raw = digestEmail({
        to: address!,
        date: today,
        pieces: [
          { image: readFileSync(digestFixturePath(campaign)), fromName: campaign.fromName },
          { image: readFileSync(digestFixturePath(resident)) },
        ],
      });
      await sendEmail(address!, await signedByUsps(raw), DIGEST_FROM);

      // The pieces are read by the queue, one after the other: the dashboard shows them once both are.
      const seen = page.locator("section.seen-in-mail");
      await expect
        .poll(
          async () => {
            await page.goto(`${appUrl}/dashboard`);
            return (await seen.count()) ? seen.innerText() : "";
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toMatch(/Orvis[\s\S]*Current Resident/);
      const orvis = seen.locator("li", { hasText: "Orvis" });
      const [year, month, day] = today.split("-");
      expect(await orvis.locator(".seen-line").innerText()).toBe(`Seen in your mail on ${month}/${day}/${year}: Orvis`);
      expect(await seen.locator(".seen-resident").innerText()).toContain("Current Resident");
      await page.setViewportSize({ width: 360, height: 800 });
      await seen.scrollIntoViewIfNeeded();
      await screenshot(visit, "mailbox-digest-seen-360");
      await assertAccessible(visit);

      await Promise.all([page.waitForURL(/\/dashboard\?notice=/), orvis.getByRole("button", { name: "Stop it Orvis" }).click()]);
      await expect.poll(() => page.locator("#outcome").innerText()).toContain("Your request to Orvis is on its way");
      expect(await page.locator("section.seen-in-mail").innerText()).not.toContain("Orvis");
      await screenshot(visit, "mailbox-digest-sent-360");
      assertNoErrors(visit);
    });
  });
});
