// Journey: a person's own account, with JavaScript on and off. Sign up, move house (the count of
// requests sent again shown before confirming), take the data (JSON file and printable page),
// delete the account with the password, land on the home page, and sign up again with the same email.
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, useBrowser } from "./browser";
import { expectedStatus, fillStep1, input, signUpThroughForms, visibleText, waitForEnhancement } from "./accounts-helpers";

const appUrl = inject("appUrl");
const browser = useBrowser();

const NEW_HOME = { fullName: "Ada Lovelace", street1: "40 elm street", street2: "", city: "Peoria", state: "IL", zipCode: "61602" };

describe.each(JS_MODES)("your account (JavaScript $label)", ({ js, label }) => {
  const account = { email: `account.${Date.now()}.js-${label}@quietmailbox.test`, password: "account-secret-1" };

  test("sign up, move house, export, delete, and sign up again with the same email", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await signUpThroughForms(visit, appUrl, account);
      // One request in the queue, so that the move has something to send again.
      await page.goto(`${appUrl}/requests/add`);
      await input(page, "senderName").fill("Journey Catalogs");
      await Promise.all([page.waitForURL(/\/dashboard/), page.getByRole("button", { name: "Send request" }).click()]);

      // The Settings menu leads to the account page.
      await page.locator("summary", { hasText: "Settings" }).click();
      await Promise.all([page.waitForURL(`${appUrl}/account`), page.getByRole("link", { name: "Account", exact: true }).click()]);
      await page.locator("main h1", { hasText: "Your account" }).waitFor();
      await screenshot(visit, "account-page");
      await assertAccessible(visit);

      // Moving house: the new address is checked, and the confirmation says how many requests go again.
      await page.getByRole("link", { name: /Change name or address/ }).click();
      await page.locator("main h1", { hasText: "Name and address" }).waitFor();
      await waitForEnhancement(visit);
      await fillStep1(page, NEW_HOME);
      await page.getByLabel("I moved: this is my new address").check();
      await Promise.all([page.waitForURL(`${appUrl}/account/address/confirm`), page.getByRole("button", { name: "Continue" }).click()]);
      await page.locator("main h1", { hasText: "Confirm your move" }).waitFor();
      expect(await visibleText(page)).toContain("Your 1 open request goes back to the sender for this address, free of charge.");
      expect(await visibleText(page)).toContain("40 ELM ST");
      await screenshot(visit, "account-move-confirm");
      await assertAccessible(visit);
      await Promise.all([
        page.waitForURL(`${appUrl}/account?saved=moved`),
        page.getByRole("button", { name: "Move and send 1 request again" }).click(),
      ]);
      await page.locator("main .notice", { hasText: "Your new address is saved." }).waitFor();
      expect(await visibleText(page)).toContain("Earlier addresses, named on every letter too:");

      // The data: a JSON file, and a page to print.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download my data (JSON)" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^quiet-mailbox-data-\d{4}-\d{2}-\d{2}\.json$/);
      const exported = JSON.parse(await readDownload(download)) as {
        account: { email: string; street1: string };
        earlierAddresses: unknown[];
        requests: { senderName: string; letter: string }[];
      };
      expect(exported.account).toMatchObject({ email: account.email, street1: "40 ELM ST" });
      expect(exported.earlierAddresses).toHaveLength(1);
      const letter = exported.requests.find((request) => request.senderName === "Journey Catalogs")?.letter ?? "";
      expect(letter).toContain("40 ELM ST");
      expect(letter).toContain("Ada Lovelace, at 12 N MAIN ST");
      await page.goto(`${appUrl}/account/export`);
      expect(await visibleText(page)).toContain(account.email);
      await assertAccessible(visit);

      // Deleting: a wrong password is refused next to the field; the right one deletes.
      await page.goto(`${appUrl}/account/delete`);
      await input(page, "currentPassword").fill("not-my-password");
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.locator("main .field-error", { hasText: "That is not your current password." }).waitFor();
      await assertAccessible(visit);
      await screenshot(visit, "account-delete-refused");
      await input(page, "currentPassword").fill(account.password);
      await Promise.all([page.waitForURL(`${appUrl}/?deleted=1`), page.getByRole("button", { name: "Delete my account" }).click()]);
      await page.locator("main .notice", { hasText: "Your account is deleted" }).waitFor();
      await screenshot(visit, "account-deleted");
      expect((await page.goto(`${appUrl}/account`))?.url()).toContain("/signin");

      // The same email signs up again.
      await signUpThroughForms(visit, appUrl, account);
      assertNoErrors(visit, { allow: [expectedStatus(appUrl, 401, "/account/delete")] });
    });
  });

  test("a pending change of email can be cancelled, and a spent signup link says what to do", async () => {
    const other = { email: `cancel.${Date.now()}.js-${label}@quietmailbox.test`, password: "account-secret-2" };
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await signUpThroughForms(visit, appUrl, other);
      await page.goto(`${appUrl}/account/email`);
      await input(page, "email").fill(`moved.${other.email}`);
      await input(page, "currentPassword").fill(other.password);
      await Promise.all([
        page.waitForURL(`${appUrl}/account?saved=email-link`),
        page.getByRole("button", { name: "Send the link" }).click(),
      ]);
      expect(await visibleText(page)).toContain(`Waiting for you to open the link we sent to moved.${other.email}`);
      await screenshot(visit, "account-email-pending");
      await assertAccessible(visit);
      await Promise.all([
        page.waitForURL(`${appUrl}/account?saved=email-cancelled`),
        page.getByRole("button", { name: "Cancel this change" }).click(),
      ]);
      expect(await visibleText(page)).toContain("The change of email is cancelled");
      expect(await visibleText(page)).not.toContain("Waiting for you to open the link");

      await page.locator("summary", { hasText: "Settings" }).click();
      await Promise.all([page.waitForURL(`${appUrl}/`), page.getByRole("button", { name: "Sign Out", exact: true }).click()]);
      await page.goto(`${appUrl}/start/confirm?token=spent`);
      expect(await visibleText(page)).toContain("This link has expired or was already used. Please sign up again.");
      await screenshot(visit, "signup-link-spent");
      await assertAccessible(visit);
      assertNoErrors(visit);
    });
  });
});

async function readDownload(download: { createReadStream(): Promise<NodeJS.ReadableStream> }) {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}
