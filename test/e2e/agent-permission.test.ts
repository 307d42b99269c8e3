// Journey: the permission to act for you on /account, on a phone, with JavaScript on and off. For a
// Californian named Frank J Moreno: the name to type is shown next to the field; another name is
// refused, the page's error summary says so at the top with focus on it and links to the field,
// and what was typed is kept; the name without its middle initial signs; revoking brings the field
// back. A person in the District of Columbia, whose law gives an agent no right, is not asked.
import { describe, expect, inject, test } from "vitest";
import type { Page } from "playwright-core";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, useBrowser } from "./browser";
import { expectedStatus, expectFieldError, input, signedInAccount, visibleText, waitForEnhancement } from "./accounts-helpers";
import { quote, runSql } from "./local-d1";
import { nothingToSignIn, signNameMismatch } from "~/domain/agent-permission";

const appUrl = inject("appUrl");
const browser = useBrowser();

/** Moves the account to an address in another state, under another name: no page changes the state alone. */
async function movedTo(email: string, fields: { fullName: string; street1: string; city: string; state: string; zipCode: string }) {
  const set = Object.entries(fields)
    .map(([column, value]) => `${column} = ${quote(value)}`)
    .join(", ");
  await runSql(`update users set ${set} where email = ${quote(email)}`);
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

describe.each(JS_MODES)("permission to act for you (JavaScript $label)", ({ js }) => {
  test("another name refused at the top with focus, the name without its middle initial signed, then revoked", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.setViewportSize({ width: 360, height: 740 });
      const { email } = await signedInAccount(visit, appUrl, "agent-permission");
      await movedTo(email, { fullName: "Frank J Moreno", street1: "100 MAIN ST", city: "LOS ANGELES", state: "CA", zipCode: "90012" });
      await page.goto(`${appUrl}/account#agent-permission`);
      await waitForEnhancement(visit);
      const section = page.locator("#agent-permission");
      await section.getByRole("heading", { name: "Permission to act for you" }).waitFor();
      expect(await section.locator("#agent-permission-name-hint").innerText()).toBe("Type: Frank J Moreno");
      expect(await section.locator(".agent-permission-text li").allInnerTexts()).toHaveLength(4);
      await screenshot(visit, "agent-permission-form-360");
      await assertAccessible(visit);

      await input(page, "typedName").fill("Francis Moreno");
      await section.getByRole("button", { name: "Sign the permission" }).click();
      const summary = page.locator("#form-errors");
      await summary.waitFor();
      const message = signNameMismatch("Frank J Moreno");
      await expect.poll(() => focusedId(page), { timeout: 5_000 }).toBe("form-errors");
      expect(await summary.getByRole("link").innerText()).toBe(message);
      expect(await summary.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(400);
      await expectFieldError(page, "typedName", message);
      expect(await input(page, "typedName").inputValue()).toBe("Francis Moreno");
      await screenshot(visit, "agent-permission-refused-360");
      await assertAccessible(visit);

      // The summary's link leads to the field, where the name is typed again.
      await summary.getByRole("link").click();
      await expect.poll(() => focusedId(page)).toBe("agent-permission-name");
      await input(page, "typedName").fill("frank moreno");
      await Promise.all([
        page.waitForURL(/\/account\?saved=agent-signed/),
        section.getByRole("button", { name: "Sign the permission" }).click(),
      ]);
      await section.getByText("Signed by frank moreno").waitFor();
      expect(await visibleText(page)).toContain("Your permission is signed.");
      await screenshot(visit, "agent-permission-signed-360");
      await assertAccessible(visit);

      await Promise.all([page.waitForURL(/\/account\?saved=agent-revoked/), section.getByRole("button", { name: "Revoke" }).click()]);
      expect(await visibleText(page)).toContain("Your permission is revoked.");
      expect(await input(page, "typedName").count()).toBe(1);
      // The refused signature is answered 400 on purpose.
      assertNoErrors(visit, { allow: [expectedStatus(appUrl, 400, "/account")] });
    });
  });

  test("a person in the District of Columbia is not asked to sign", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.setViewportSize({ width: 360, height: 740 });
      const { email } = await signedInAccount(visit, appUrl, "agent-permission-dc");
      await movedTo(email, {
        fullName: "Ada Lovelace",
        street1: "1350 PENNSYLVANIA AVE NW",
        city: "WASHINGTON",
        state: "DC",
        zipCode: "20004",
      });
      await page.goto(`${appUrl}/account#agent-permission`);
      const section = page.locator("#agent-permission");
      await section.getByRole("heading", { name: "Permission to act for you" }).waitFor();
      expect((await section.innerText()).replace(/\s+/g, " ")).toBe(`Permission to act for you ${nothingToSignIn("DC", new Date())}`);
      expect(await page.locator('[name="typedName"]').count()).toBe(0);
      await section.scrollIntoViewIfNeeded();
      await screenshot(visit, "agent-permission-dc-360");
      await assertAccessible(visit);
      assertNoErrors(visit);
    });
  });
});
