// Journey: a new user's recipients with JavaScript on and off. Adding one (after a field error),
// editing it, adding another at an earlier address and removing it.
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, useBrowser } from "./browser";
import { expectedStatus, expectFieldError, fieldErrors, input, reachStep2, submitStep2, visibleText } from "./accounts-helpers";

const appUrl = inject("appUrl");

// The signup journey's loosely typed address, as signup stores it.
const ACCOUNT_ADDRESS = { street1: "12 N MAIN ST", street2: "APT 4B", city: "SPRINGFIELD", state: "IL", zipCode: "62701" };

const browser = useBrowser();

async function fill(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await input(page, name).fill(value);
}

/** Each listed recipient's lines (name, street, city) and the line under them, in page order. */
async function listed(page: Page) {
  return page.locator("main li.card").evaluateAll((cards) =>
    cards.map((card) => ({
      lines: (card.querySelector("address") as HTMLElement).innerText.split("\n").map((line) => line.trim()),
      where: (card.querySelector(".muted") as HTMLElement).innerText.trim(),
    })),
  );
}

/** Waits for the page titled `title`: with JavaScript on, the URL can change before the page does. */
async function reached(page: Page, path: string | RegExp, title: string) {
  await page.waitForURL(typeof path === "string" ? appUrl + path : path);
  await page.locator("main h1", { hasText: title }).waitFor();
}

/** Clicks the form's button and waits for the list it goes back to. */
async function submit(page: Page, button: string) {
  await Promise.all([reached(page, "/recipients", "Recipients"), page.getByRole("button", { name: button }).click()]);
}

describe.each(JS_MODES)("recipients (JavaScript $label)", ({ js, label }) => {
  test("a new user adds, edits and removes the people on their letters", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await reachStep2(visit, appUrl);
      await Promise.all([
        page.waitForURL(`${appUrl}/dashboard`, { timeout: 15_000 }),
        submitStep2(page, { email: `recipients.${Date.now()}.js-${label}@quietmailbox.test`, password: "first-secret-1" }),
      ]);

      // From the dashboard's link, as a user gets there.
      await Promise.all([reached(page, "/recipients", "Recipients"), page.locator('main a[href="/recipients"]').first().click()]);
      const empty = await visibleText(page);
      expect(empty).toContain("No one added yet");
      expect(empty).toContain("You, Ada Lovelace, are always covered");
      await screenshot(visit, "recipients-empty");
      await assertAccessible(visit);

      await Promise.all([reached(page, "/recipients/add", "Add a person"), page.getByRole("link", { name: "Add a person" }).click()]);
      expect(await input(page, "fullName").inputValue()).toBe("");
      for (const [name, value] of Object.entries(ACCOUNT_ADDRESS))
        expect.soft(await input(page, name).inputValue(), `${name} prefilled`).toBe(value);
      await assertAccessible(visit);

      await fill(page, { fullName: "Ada" });
      await page.getByRole("button", { name: "Add person" }).click();
      await expect.poll(() => fieldErrors(page), { timeout: 10_000 }).toEqual(["Please enter your full name."]);
      expect(new URL(page.url()).pathname).toBe("/recipients/add");
      await expectFieldError(page, "fullName", "Please enter your full name.");
      expect(await input(page, "fullName").inputValue(), "the name kept").toBe("Ada");
      expect(await input(page, "street1").inputValue(), "the address kept").toBe(ACCOUNT_ADDRESS.street1);
      await screenshot(visit, "recipients-add-error");
      await assertAccessible(visit);

      await fill(page, { fullName: "Ada King" });
      await submit(page, "Add person");

      await Promise.all([reached(page, "/recipients/add", "Add a person"), page.getByRole("link", { name: "Add a person" }).click()]);
      await fill(page, {
        fullName: "Augusta Byron",
        street1: "5 elm avenue",
        street2: "",
        city: "london",
        state: "kentucky",
        zipCode: "40741",
      });
      await submit(page, "Add person");
      await expect
        .poll(() => listed(page))
        .toEqual([
          { lines: ["Ada King", "12 N MAIN ST, APT 4B", "SPRINGFIELD, IL 62701"], where: "At your address" },
          { lines: ["Augusta Byron", "5 ELM AVE", "LONDON, KY 40741"], where: "At an earlier address" },
        ]);
      await screenshot(visit, "recipients-list");
      await assertAccessible(visit);

      await Promise.all([
        reached(page, /\/recipients\/edit\/[\w-]+$/, "Edit Ada King"),
        page.getByRole("link", { name: "Edit Ada King" }).click(),
      ]);
      expect(await input(page, "fullName").inputValue()).toBe("Ada King");
      await assertAccessible(visit);
      await screenshot(visit, "recipients-edit");
      await fill(page, { fullName: "Ada Byron King" });
      await submit(page, "Save changes");

      await submit(page, "Remove Augusta Byron");
      await expect
        .poll(() => listed(page))
        .toEqual([{ lines: ["Ada Byron King", "12 N MAIN ST, APT 4B", "SPRINGFIELD, IL 62701"], where: "At your address" }]);
      await assertAccessible(visit);
      assertNoErrors(visit, { allow: [expectedStatus(appUrl, 400, "/recipients/add")] });
    });
  });
});
