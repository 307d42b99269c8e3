// Journey: the permission to act for you on /account, with JavaScript on and off. A name that is
// not the account's is refused next to the field with what was typed kept; the account's name
// signs it; revoking brings the field back.
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, useBrowser } from "./browser";
import { expectedStatus, expectFieldError, input, signedInAccount, visibleText, waitForEnhancement } from "./accounts-helpers";
import { SIGN_NAME_MISMATCH } from "~/domain/agent-permission";

const appUrl = inject("appUrl");
const browser = useBrowser();

describe.each(JS_MODES)("permission to act for you (JavaScript $label)", ({ js }) => {
  test("refused with the wrong name, signed with the account's, then revoked", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await signedInAccount(visit, appUrl, "agent-permission");
      await page.goto(`${appUrl}/account#agent-permission`);
      await waitForEnhancement(visit);
      const section = page.locator("#agent-permission");
      await section.getByRole("heading", { name: "Permission to act for you" }).waitFor();

      await input(page, "typedName").fill("Charles Babbage");
      await section.getByRole("button", { name: "Sign the permission" }).click();
      await section.locator(".field-error").waitFor();
      await expectFieldError(page, "typedName", SIGN_NAME_MISMATCH);
      expect(await input(page, "typedName").inputValue()).toBe("Charles Babbage");
      await screenshot(visit, "agent-permission-refused");
      await assertAccessible(visit);

      await input(page, "typedName").fill("ada lovelace");
      await Promise.all([
        page.waitForURL(/\/account\?saved=agent-signed/),
        section.getByRole("button", { name: "Sign the permission" }).click(),
      ]);
      await section.getByText("Signed by ada lovelace").waitFor();
      expect(await visibleText(page)).toContain("Your permission is signed.");
      await screenshot(visit, "agent-permission-signed");
      await assertAccessible(visit);

      await Promise.all([page.waitForURL(/\/account\?saved=agent-revoked/), section.getByRole("button", { name: "Revoke" }).click()]);
      expect(await visibleText(page)).toContain("Your permission is revoked.");
      expect(await input(page, "typedName").count()).toBe(1);
      // The refused signature is answered 400 on purpose.
      assertNoErrors(visit, { allow: [expectedStatus(appUrl, 400, "/account"), expectedStatus(appUrl, 400, "/account#agent-permission")] });
    });
  });
});
