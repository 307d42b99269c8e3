// The interactive pages' script (app/browser/enhance.ts) with JavaScript on: served compiled under
// a hashed name and kept for a year, and one post per press while the first is on its way, the
// button saying what is happening. (Focus, copy and print are checked in the journeys that use them.)
import { expect, inject, test } from "vitest";
import { assertNoErrors, useBrowser } from "./browser";
import { expectedStatus, input, waitForEnhancement } from "./accounts-helpers";

const appUrl = inject("appUrl");
const browser = useBrowser();

test("the sign-in form posts once however often it is pressed, and says it is signing in", async () => {
  await browser.visit({ js: true }, async (visit) => {
    const { page } = visit;
    const script = page.waitForResponse((response) => /\/assets\/enhance-[\w-]{8}\.js$/.test(response.url()));
    await page.goto(`${appUrl}/signin`);
    expect((await script).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await script).headers()["x-content-type-options"]).toBe("nosniff");
    await waitForEnhancement(visit);

    await input(page, "email").fill(`nobody.${Date.now()}@quietmailbox.test`);
    await input(page, "password").fill("not-a-password-1");
    // Two presses in a row, the second while the first post is on its way: a listener on window,
    // which hears each submit after the script, notes which of them the script held back.
    const pressed = await page.evaluate(() => {
      const held: boolean[] = [];
      window.addEventListener("submit", (event) => held.push(event.defaultPrevented));
      const button = document.querySelector<HTMLButtonElement>("main form button[type=submit]")!;
      button.click();
      button.click();
      return { held, label: button.textContent, busy: button.form?.getAttribute("aria-busy") };
    });
    expect(pressed).toEqual({ held: [false, true], label: "Signing in…", busy: "true" });

    await page.locator("main form [data-error-summary]").waitFor({ timeout: 15_000 });
    assertNoErrors(visit, { allow: [expectedStatus(appUrl, 401, "/signin")] });
  });
});
