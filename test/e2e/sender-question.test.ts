// Journey: on a phone-sized screen, a new user misspells a sender ("williams sonmoa") and presses
// "Send request" without choosing. Nothing is sent: the page asks "Did you mean Williams Sonoma?"
// with what was typed kept, and asks again while nothing is chosen. Picking the sender sends it to
// Williams Sonoma; another misspelling goes out as typed only when the person chooses that.
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, type Visit, useBrowser } from "./browser";
import { expectedStatus, input, signUpThroughForms, visibleText } from "./accounts-helpers";

const appUrl = inject("appUrl");
const browser = useBrowser();

const QUESTION_MESSAGE = "Nothing is sent yet. Choose the sender you mean, or send the request with the name as you typed it.";

/** Types the name as a person does (the script suggests senders with JavaScript on) and sends the form without choosing. */
async function sendWithoutChoosing(visit: Visit, typed: string) {
  const { page } = visit;
  await page.goto(`${appUrl}/requests/add`);
  const sender = input(page, "senderName");
  if (visit.js) {
    await sender.pressSequentially(typed, { delay: 20 });
    await page.getByRole("option").first().waitFor();
  } else {
    await sender.fill(typed);
  }
  await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Send request" }).click()]);
  await page.getByRole("group", { name: /^Did you mean/ }).waitFor();
}

const sendRequest = (page: Page) =>
  Promise.all([page.waitForURL(/\/dashboard\?.*request=/), page.getByRole("button", { name: "Send request" }).click()]);

describe.each(JS_MODES)("a misspelled sender is asked about before sending (JavaScript $label)", ({ js, label }) => {
  test("“williams sonmoa” asks “Did you mean Williams Sonoma?” and spends nothing until the person chooses", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.setViewportSize({ width: 360, height: 800 });
      await signUpThroughForms(visit, appUrl, {
        email: `sender-question.${Date.now()}.js-${label}@quietmailbox.test`,
        password: "question-secret-1",
      });

      await sendWithoutChoosing(visit, "williams sonmoa");
      expect(new URL(page.url()).pathname, "the form came back, no request was made").toBe("/requests/add");
      const question = page.getByRole("group", { name: "Did you mean Williams Sonoma?" });
      expect(await question.innerText()).toContain(QUESTION_MESSAGE);
      expect(await input(page, "senderName").inputValue(), "what was typed is kept").toBe("williams sonmoa");
      const suggested = question.getByRole("radio", { name: /^Williams Sonoma/ });
      const asTyped = question.getByRole("radio", { name: "Send it as “williams sonmoa”" });
      expect(await suggested.isChecked()).toBe(false);
      expect(await asTyped.isChecked(), "sending as typed is never chosen for the person").toBe(false);
      if (js) {
        const focused = await page.evaluate(() => document.activeElement?.hasAttribute("data-sender-question") ?? false);
        expect(focused, "focus is on the question").toBe(true);
      }
      await screenshot(visit, "sender-question-360");
      await assertAccessible(visit);

      // Still no choice: asked again, nothing sent.
      await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Send request" }).click()]);
      await question.waitFor();
      expect(new URL(page.url()).pathname).toBe("/requests/add");

      await suggested.check();
      await sendRequest(page);
      expect(await visibleText(page)).toContain("Your request to Williams Sonoma is on its way");
      expect(await visibleText(page), "one request spent for two presses without a choice and one with").toContain(
        "2 of 3 free requests left.",
      );

      // Sending as typed stays possible, by choice.
      await sendWithoutChoosing(visit, "nieman marcus");
      await page.getByRole("radio", { name: "Send it as “nieman marcus”" }).check();
      await screenshot(visit, "sender-question-as-typed-360");
      await sendRequest(page);
      expect(await visibleText(page)).toContain("Your request to nieman marcus is on its way");
      expect(await visibleText(page)).toContain("1 of 3 free requests left.");
      assertNoErrors(visit, { allow: [expectedStatus(appUrl, 400, "/requests/add")] });
    });
  });
});
