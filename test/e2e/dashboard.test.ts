// Journey: the dashboard says where things stand and offers the next step, JavaScript on and off.
// Sending chosen suggestions at once, a request filed by the person, Delete that asks first and
// its Undo, the summary and the groups, the notice after each post (focused with JavaScript), and
// the used-up allowance leading to the plans, and times on the 12-hour clock in the account's time
// zone; the welcome of a new account. Screenshots at 320, 360 and 1280 px.
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, SCREENSHOT_DIR, screenshot, useBrowser, type Visit } from "./browser";
import { expectedStatus, SENT_STANDING, showAllSenders, signedInAccount, signUpThroughForms, visibleText } from "./accounts-helpers";
import { CHOOSE_ONE_MESSAGE } from "~/domain/dashboard";
import { formatDateTime } from "~/domain/dates";
import { RECOMMENDED_COUNT, RECOMMENDED_SENDERS } from "~/domain/recommended-senders";

const appUrl = inject("appUrl");
const browser = useBrowser();

const card = (page: Page, requestId: string) => page.locator(`#request-${requestId}`);
const group = (page: Page, id: "needsYou" | "onItsWay" | "done" | "suggested") => page.locator(`section[aria-labelledby="group-${id}"]`);
const outcome = (page: Page) => page.locator("#outcome");
/** The three a new account outside California is recommended first. */
const FIRST_RECOMMENDED = RECOMMENDED_SENDERS.slice(0, RECOMMENDED_COUNT);

/** Posts with a click and waits for the notice it leads to; with JavaScript, focus is on it. */
async function expectOutcome(visit: Visit, click: () => Promise<void>, text: string) {
  await click();
  await expect.poll(() => outcome(visit.page).innerText()).toContain(text);
  expect(new URL(visit.page.url()).pathname).toBe("/dashboard");
  if (visit.js) await expect.poll(() => visit.page.evaluate(() => document.activeElement?.id)).toBe("outcome");
}

describe.each(JS_MODES)("the dashboard (JavaScript $label)", ({ js, label }) => {
  test("puts the recommended three and their send button in a phone's first screen, folds the rest, and the add page says what sending uses", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.setViewportSize({ width: 360, height: 640 });
      await signedInAccount(visit, appUrl, `advice-${label}`);
      expect((await page.goto(`${appUrl}/dashboard`))?.status()).toBe(200);

      // The first screen: the welcome, the three ticked with why, and the button that sends them.
      const sendChosen = page.locator("form.send-suggested").getByRole("button", { name: "Send the chosen ones" });
      const box = await sendChosen.boundingBox();
      expect(box, "the send button is shown").not.toBeNull();
      expect(box!.y + box!.height, "the send button ends inside the first screen of a phone").toBeLessThanOrEqual(640);
      expect(await page.locator(".first-step .choice-reason").allInnerTexts()).toEqual(FIRST_RECOMMENDED.map(({ reason }) => reason));
      expect(await page.getByRole("link", { name: "Add a request" }).getAttribute("class"), "quiet before the first send").toBe(
        "button button-quiet",
      );
      await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-first-screen-360-js-${label}.png` });
      await assertAccessible(visit);

      // Every sender's card is folded under "See all N senders", the recommended ones first.
      const cards = group(page, "suggested").locator(".request-card");
      expect(await cards.first().isVisible(), "folded").toBe(false);
      const summary = page.locator("details.all-senders > summary");
      expect(await summary.innerText()).toBe(`See all ${await cards.count()} senders`);
      await showAllSenders(page);
      const firstThree = await cards.evaluateAll((items) => items.slice(0, 4).map((item) => item.id));
      expect(firstThree).toEqual([...FIRST_RECOMMENDED.map(({ templateId }) => `request-${templateId}`), expect.any(String)]);
      for (const { templateId, reason } of FIRST_RECOMMENDED) {
        const recommendation = card(page, templateId).locator(".recommendation");
        expect(await recommendation.innerText()).toBe(`Recommended ${reason}`);
        expect(await recommendation.isVisible()).toBe(true);
        const note = card(page, templateId).locator(".free-requests-note");
        expect(await note.innerText()).toBe("This uses 1 of your 3 free requests.");
        const unsubscribe = card(page, templateId).getByRole("button", { name: "Unsubscribe" });
        expect(await unsubscribe.getAttribute("aria-describedby")).toBe(await note.getAttribute("id"));
      }
      expect(await page.locator(".recommendation").count(), "only three are recommended").toBe(3);
      const chosen = await page
        .locator("form.send-suggested input[type=checkbox]:checked")
        .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
      expect(chosen).toEqual(FIRST_RECOMMENDED.map(({ templateId }) => templateId));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "the page is wider than the phone").toBeLessThanOrEqual(0);
      await card(page, "epsilon").scrollIntoViewIfNeeded();
      await screenshot(visit, "dashboard-recommended-360");
      await assertAccessible(visit);

      expect((await page.goto(`${appUrl}/requests/add`))?.status()).toBe(200);
      const send = page.getByRole("button", { name: "Send request" });
      const sendNote = page.locator("#send-request-note");
      expect(await sendNote.innerText()).toBe("This uses 1 of your 3 free requests.");
      expect(await send.getAttribute("aria-describedby")).toBe("send-request-note");
      expect(await sendNote.isVisible()).toBe(true);
      await screenshot(visit, "requests-add-cost-360");
      await assertAccessible(visit);
      assertNoErrors(visit);
    });
  });

  test("sums up, groups, sends chosen suggestions, deletes with a confirmation and undoes it, then leads to the plans", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await signUpThroughForms(visit, appUrl, {
        email: `dashboard.${Date.now()}.js-${label}@quietmailbox.test`,
        password: "dashboard-secret-1",
      });
      // Nothing to sum up before the first request.
      expect(await page.locator(".dashboard-summary").count()).toBe(0);
      // A new account is greeted with its first step, readable on a phone.
      const welcome = page.locator("#first-step-title");
      await page.setViewportSize({ width: 360, height: 800 });
      expect(await welcome.isVisible()).toBe(true);
      expect(await welcome.innerText()).toBe("Welcome, Ada. Start here.");
      await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-welcome-360-js-${label}.png` });
      await page.setViewportSize({ width: 1280, height: 800 });
      await assertAccessible(visit);

      // Three free requests and more suggestions than that: the user picks which, the recommended three ticked.
      const chooser = page.locator("form.send-suggested");
      const choices = chooser.locator("fieldset#send-several");
      const count = chooser.locator("[data-choice-count]");
      expect(await choices.locator("legend").innerText()).toBe("The senders we recommend first");
      const recommended = ["Epsilon (Abacus catalog cooperative)", "Wiland", "Alliant Cooperative Data Solutions"];
      for (const name of recommended) expect(await chooser.getByLabel(name).isChecked(), name).toBe(true);
      // The note says what the ticks use: live with JavaScript, as the page came without it.
      const note = chooser.locator(js ? "[data-choice-count]" : "[data-choice-note]");
      expect(await note.innerText()).toBe(
        js ? "As ticked, this uses 3 of your 3 free requests. No more can be chosen." : "As ticked, this uses 3 of your 3 free requests.",
      );
      expect(await chooser.locator("[data-choice-note]").isVisible()).toBe(!js);
      for (const name of recommended) await chooser.getByLabel(name).uncheck();
      // Nothing ticked: the message sits at the boxes, on a phone's width, with no way to the plans.
      await page.setViewportSize({ width: 360, height: 800 });
      await chooser.getByRole("button", { name: "Send the chosen ones" }).click();
      await expect.poll(() => choices.locator(".field-error").innerText()).toBe(CHOOSE_ONE_MESSAGE);
      expect(await choices.getAttribute("aria-describedby")).toContain("send-several-error");
      // The message is in view, right above the button it is about, which it describes; with JavaScript, focus is on the boxes.
      const message = await choices.locator(".field-error").boundingBox();
      const button = await chooser.getByRole("button", { name: "Send the chosen ones" }).first().boundingBox();
      expect(message!.y, "in the screen").toBeGreaterThanOrEqual(0);
      expect(button!.y + button!.height, "in the screen").toBeLessThanOrEqual(800);
      expect(button!.y - (message!.y + message!.height), "right above the button").toBeLessThan(40);
      expect(await chooser.getByRole("button", { name: "Send the chosen ones" }).first().getAttribute("aria-describedby")).toContain(
        "send-several-error",
      );
      if (js) await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("send-several");
      expect(await outcome(page).count()).toBe(0);
      expect(await chooser.getByRole("link", { name: "See plans" }).count()).toBe(0);
      if (js) {
        // The count follows the ticks, and the boxes stop at the allowance.
        expect(await count.innerText()).toBe("3 more can be chosen.");
        // The other senders are folded under the button; their boxes count the same.
        await chooser.locator("details.more-choices > summary").click();
        for (const name of ["Zeta Global", "Alliant Cooperative Data Solutions", "Wiland"]) await chooser.getByLabel(name).check();
        expect(await count.innerText()).toBe("As ticked, this uses 3 of your 3 free requests. No more can be chosen.");
        expect(await choices.locator(".field-error").isVisible()).toBe(false);
        expect(await chooser.getByLabel("Epsilon (Abacus catalog cooperative)").isDisabled()).toBe(true);
        await chooser.getByLabel("Wiland").focus();
        await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-send-several-360-js-${label}.png` });
        for (const name of ["Zeta Global", "Alliant Cooperative Data Solutions"]) await chooser.getByLabel(name).uncheck();
        expect(await count.innerText()).toBe("As ticked, this uses 1 of your 3 free requests. 2 more can be chosen.");
        await chooser.getByLabel("Wiland").uncheck();
        expect(await choices.locator(".field-error").isVisible()).toBe(true);
      } else {
        await choices.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-send-several-360-js-${label}.png` });
      }
      await assertAccessible(visit);
      await page.setViewportSize({ width: 1280, height: 800 });
      await chooser.getByLabel("Epsilon (Abacus catalog cooperative)").check();
      await chooser.getByLabel("Wiland").check();
      const sentAfter = new Date();
      await expectOutcome(visit, () => chooser.getByRole("button", { name: "Send the chosen ones" }).first().click(), "Sent 2 requests.");
      // The card's time is on the 12-hour clock in the account's zone (Illinois: Central), which goes
      // without saying; it fits a phone's width.
      const sentAround = [sentAfter, new Date()].map((date) => formatDateTime(date, "America/Chicago"));
      await page.setViewportSize({ width: 360, height: 800 });
      const updated = (await card(page, "wiland").innerText()).match(/Updated (\S+ [AP]M \d\d\/\d\d\/\d{4})/)?.[1];
      expect(sentAround).toContain(updated);
      expect(await visibleText(page)).not.toContain("Times are U.S. Eastern.");
      await card(page, "wiland").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-card-time-360-js-${label}.png` });
      await page.setViewportSize({ width: 1280, height: 800 });
      for (const id of ["epsilon", "wiland"]) expect(await group(page, "onItsWay").locator(`#request-${id}`).count()).toBe(1);
      expect(await welcome.count(), "the welcome goes once a request is sent").toBe(0);
      expect(await page.getByRole("link", { name: "Add a request" }).getAttribute("class"), "filled after the first send").toBe("button");
      // Both went out by email, or their jobs are sending them now: none waits for our staff.
      const summaryText = await page.locator(".dashboard-summary").innerText();
      const counted = (pattern: RegExp) => Number(summaryText.match(pattern)?.[1] ?? 0);
      expect(
        counted(/(\d+) requests? (?:is|are) sent and waiting for the sender/) + counted(/(\d+) requests? (?:is|are) going out now/),
      ).toBe(2);
      expect(summaryText).not.toContain("waiting for our staff");
      expect(await visibleText(page)).toContain("1 of 3 free requests left.");
      expect(await page.locator("form.send-suggested").count(), "with one left, the card's own button does the same").toBe(0);
      await showAllSenders(page);
      expect(
        await group(page, "suggested").locator(".request-card").first().getAttribute("id"),
        "the recommended one left comes first",
      ).toBe("request-alliant");
      expect(await card(page, "alliant").locator(".free-requests-note").innerText()).toBe("This uses your last free request.");
      // On its way, "Mail stopped" is not the button the card leads with.
      expect(await card(page, "wiland").locator("button.button:not(.button-quiet)").count()).toBe(0);
      await assertAccessible(visit);

      // A request the person files themselves: shown as theirs, with the sender's own wait.
      await showAllSenders(page);
      await expectOutcome(visit, () => card(page, "dmachoice").getByRole("button", { name: "I filed it" }).click(), "you filed it with");
      const filed = await card(page, "dmachoice").innerText();
      expect(filed).toContain("Filed by you");
      expect(filed).toContain("says it takes 60 to 90 days");
      expect(filed).not.toContain("about 30 days");

      // Delete asks first, then can be undone.
      await card(page, "wiland").getByRole("link", { name: "Delete Wiland" }).click();
      await expect.poll(() => card(page, "wiland").locator(".delete-confirmation").count()).toBe(1);
      expect(await card(page, "wiland").innerText()).toContain(
        "Delete the request to Wiland? It leaves your dashboard; you can bring it back for 7 days.",
      );
      if (js) await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains("delete-confirmation"))).toBe(true);
      await page.setViewportSize({ width: 320, height: 800 });
      await card(page, "wiland").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-confirm-delete-320-js-${label}.png` });
      await page.setViewportSize({ width: 1280, height: 800 });
      await assertAccessible(visit);
      await card(page, "wiland").getByRole("link", { name: "Keep it" }).click();
      await expect.poll(() => card(page, "wiland").locator(".delete-confirmation").count()).toBe(0);
      await card(page, "wiland").getByRole("link", { name: "Delete Wiland" }).click();
      await expectOutcome(
        visit,
        () => card(page, "wiland").getByRole("button", { name: "Delete", exact: true }).click(),
        "Deleted the request to Wiland.",
      );
      expect(await card(page, "wiland").count()).toBe(0);
      expect(await page.locator("#recently-deleted").count()).toBe(1);
      await screenshot(visit, "dashboard-deleted");
      await assertAccessible(visit);
      await expectOutcome(
        visit,
        () => outcome(page).getByRole("button", { name: "Undo: bring back Wiland" }).click(),
        "The request to Wiland is back",
      );
      expect(await group(page, "onItsWay").locator("#request-wiland .status").innerText()).toMatch(SENT_STANDING);

      // Before mail printed before should have stopped, no one can tell whether the mail stopped: the card does not ask.
      expect(
        await card(page, "epsilon")
          .getByRole("button", { name: /stopped/ })
          .count(),
      ).toBe(0);
      expect(await card(page, "epsilon").innerText()).not.toContain("Has the mail stopped?");
      // Cancelling moves the request to Done.
      await expectOutcome(
        visit,
        () => card(page, "epsilon").getByRole("button", { name: "Cancel" }).click(),
        "Cancelled the request to Epsilon",
      );
      expect(await group(page, "done").locator("#request-epsilon").count()).toBe(1);
      expect(await page.locator(".dashboard-summary").innerText()).toMatch(/1\s+done/);

      // The last free request, with what happens next.
      await showAllSenders(page);
      await expectOutcome(
        visit,
        () => card(page, "alliant").getByRole("button", { name: "Unsubscribe" }).click(),
        "Your request to Alliant Cooperative Data Solutions is on its way",
      );
      expect(await outcome(page).innerText()).toContain("Once a sender gets your request, it has 30 days to act");

      // None left: every button that would spend one is a way to the plans, explained once.
      await showAllSenders(page);
      const suggested = group(page, "suggested");
      expect(await suggested.getByRole("button", { name: "Unsubscribe" }).count()).toBe(0);
      expect(await suggested.locator("form.send-suggested").count()).toBe(0);
      expect(await suggested.getByText("You have used your 3 free requests.").count()).toBe(1);
      expect(await suggested.getByRole("link", { name: "Upgrade to send" }).count()).toBeGreaterThan(5);
      expect(await page.locator(".recommendation, .free-requests-note").count(), "no advice or cost once nothing can be sent").toBe(0);
      expect(await card(page, "optoutprescreen").getByRole("button", { name: "I filed it" }).count(), "filing it oneself stays free").toBe(
        1,
      );
      await assertAccessible(visit);

      await page.goto(`${appUrl}/dashboard`);
      for (const width of [320, 360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${width} px: the page is wider than the screen`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-${width}-js-${label}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 800 });

      await showAllSenders(page);
      await Promise.all([
        page.waitForURL(`${appUrl}/subscription`),
        card(page, "zeta").getByRole("link", { name: "Upgrade to send" }).click(),
      ]);
      await assertAccessible(visit);
      assertNoErrors(visit, { allow: [expectedStatus(appUrl, 400, "/dashboard#send-several")] });
    });
  });
});
