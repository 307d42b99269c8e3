// Journey: the return address printed on the piece, with JavaScript on and off (decision 0067). A
// new user sends a request to a sender typed by name; its card asks for the sender's return
// address. An address the Postal Service does not deliver to is refused next to its field on the
// request's own page, with what was typed kept; corrected, it is taken, the letter goes out through
// the Lob stand-in, and the card says "Letter mailed … to the return address you gave". Then a
// letter to a catalog sender's postal address comes back (Lob's letter.returned_to_sender, sent by
// the stand-in as Lob signs it): the card asks for the address on a recent piece (decision 0070),
// and the letter goes there.
//
// Letters go through Lob only with LOB_API_KEY set, as under `npm start`; the shared browser stack
// runs without it, so this journey starts a stack of its own.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startLocalStack, TEST_QUEUE_BATCH_TIMEOUT_SECONDS, type LocalStack } from "../support/local-stack";
import { freePort } from "../support/ports";
import { LOB_STAND_IN_API_KEY } from "../stand-ins/vendors/lob-letters";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, useBrowser } from "./browser";
import { expectedStatus, signedInAccount, signUpThroughForms, unsubscribeFromDashboard } from "./accounts-helpers";

const browser = useBrowser();
let stack: LocalStack;
let appUrl: string;
let persistDir: string;

beforeAll(async () => {
  persistDir = await mkdtemp(join(tmpdir(), "quiet-mailbox-e2e-return-address-"));
  stack = await startLocalStack({
    appPort: await freePort(),
    standInsPort: await freePort(),
    persistDir,
    readsImages: false,
    vars: { LOB_API_KEY: LOB_STAND_IN_API_KEY },
    queueBatchTimeoutSeconds: TEST_QUEUE_BATCH_TIMEOUT_SECONDS,
  });
  appUrl = stack.appUrl;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await rm(persistDir, { recursive: true, force: true });
});

/** The card's status once the dashboard is loaded again: letters go out through the queue, after the post answered. */
async function statusAfterReload(page: Page, card: Locator) {
  await page.goto(`${appUrl}/dashboard`);
  return card.locator(".status").innerText();
}

const PIECE = { street1: "P.O. Box 11539", city: "Des Moines", state: "IA", zipCode: "50306" };

describe.each(JS_MODES)("the return address on the piece (JavaScript $label)", ({ js, label }) => {
  test("a typed sender asks for the return address, takes it, and shows the letter mailed there", async () => {
    const account = { email: `return-address.${Date.now()}.js-${label}@quietmailbox.test`, password: "first-secret-1" };
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.setViewportSize({ width: 360, height: 740 });
      await signUpThroughForms(visit, appUrl, account);

      const typed = `Hometown Seed Catalog ${label} ${Date.now()}`;
      await page.goto(`${appUrl}/requests/add`);
      await page.locator('input[name="senderName"]').fill(typed);
      await Promise.all([page.waitForURL(/\/dashboard\?.*request=/), page.getByRole("button", { name: "Send request" }).click()]);
      const card = page.locator("li.request-card", { has: page.locator("h3", { hasText: typed }) });
      expect(await card.locator(".status").innerText()).toBe("Waiting for the sender's return address from you");
      expect(await card.innerText()).toMatch(/Without an answer by \d\d\/\d\d\/\d{4}, our staff look it up instead\./);
      await assertAccessible(visit);

      // A ZIP code of another state: refused next to the street, on the request's own page, with what was typed kept.
      const form = card.locator("form.return-address-form");
      await form.getByLabel("Street address or P.O. Box").fill(PIECE.street1);
      await form.getByLabel("City").fill(PIECE.city);
      await form.getByLabel("State").fill(PIECE.state);
      await form.getByLabel("ZIP code").fill("10001");
      await Promise.all([
        page.waitForURL(/\/requests\/[^/]+\/return-address$/),
        form.getByRole("button", { name: "Mail my letter to this address" }).click(),
      ]);
      const refusedPath = new URL(page.url()).pathname;
      const street = page.getByLabel("Street address or P.O. Box");
      expect(await street.getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator(".field-error").first().innerText()).toContain("The Postal Service does not deliver to this address.");
      expect(await page.getByLabel("ZIP code").inputValue()).toBe("10001");
      expect(await page.getByLabel("Name printed above the address").inputValue()).toBe(typed);
      await assertAccessible(visit);
      await screenshot(visit, "return-address-refused");

      // Corrected: taken, and the letter goes through Lob to it.
      await page.getByLabel("ZIP code").fill(PIECE.zipCode);
      await Promise.all([
        page.waitForURL(/\/dashboard\?notice=returnAddress/),
        page.getByRole("button", { name: "Mail my letter to this address" }).click(),
      ]);
      expect(await page.locator("#outcome").innerText()).toContain("Thank you.");
      await expect
        .poll(() => statusAfterReload(page, card), { timeout: 30_000, interval: 500 })
        .toMatch(/^Letter mailed \d\d\/\d\d\/\d{4} to the return address you gave/);
      expect(await card.locator("form.return-address-form").count(), "the card no longer asks").toBe(0);
      await assertAccessible(visit);
      await screenshot(visit, "return-address-mailed");
      // The refusal answered 400 on purpose, and nothing else went wrong.
      assertNoErrors(visit, { allow: [expectedStatus(appUrl, 400, refusedPath)] });
    });
  });
});

type MadeLetter = { id: string; metadata: Record<string, string> };

/** The letters the Lob stand-in made for a catalog sender's request (its id is the sender's), oldest first. */
async function lettersFor(requestId: string): Promise<MadeLetter[]> {
  const made = (await (await fetch(`${stack.standIns.url}/__stand-ins/lob/letters`)).json()) as MadeLetter[];
  return made.filter((letter) => letter.metadata.requestId === requestId);
}

// A sender each: the first letter's return takes its sender's postal address off the automatic path for everyone.
const CAME_BACK_SENDERS = {
  on: { id: "experian-marketing", name: "Experian Marketing Services" },
  off: { id: "transunion-marketing", name: "TransUnion (marketing data)" },
} as const;

describe.each(JS_MODES)("a letter that came back (JavaScript $label)", ({ js, label }) => {
  test("asks for the return address on a recent piece, and mails the letter there", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.setViewportSize({ width: 360, height: 740 });
      await signedInAccount(visit, appUrl, `came-back-${label}`);
      const { id: sender, name } = CAME_BACK_SENDERS[label];
      const before = new Set((await lettersFor(sender)).map((letter) => letter.id));
      await page.goto(`${appUrl}/dashboard`);
      await unsubscribeFromDashboard(page, sender);
      const card = page.locator(`#request-${sender}`);
      await expect
        .poll(() => statusAfterReload(page, card), { timeout: 30_000, interval: 500 })
        .toMatch(/^Letter mailed \d\d\/\d\d\/\d{4} to .+'s postal address/);
      const [letter] = (await lettersFor(sender)).filter((made) => !before.has(made.id));
      expect(letter, "the Lob stand-in made the letter").toBeDefined();

      const returned = await fetch(`${stack.standIns.url}/__stand-ins/lob/letters/${letter!.id}/events`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ type: "letter.returned_to_sender", url: `${appUrl}/api/webhooks/lob` }),
      });
      expect(((await returned.json()) as { status: number }).status).toBe(200);

      await page.goto(`${appUrl}/dashboard`);
      expect(await card.locator(".status").innerText()).toBe("The letter came back: the address we had did not work");
      expect(await card.innerText()).toContain(`Your request did not reach ${name}: the address we had for it did not work.`);
      expect(await page.locator(".dashboard-summary").innerText()).toContain(
        "1 needs your answer: the return address on a piece of the sender's mail",
      );
      await assertAccessible(visit);
      await screenshot(visit, "return-address-came-back");

      const form = card.locator("form.return-address-form");
      await form.getByLabel("Name printed above the address").fill(name.replace(/ \(.*\)$/, ""));
      await form.getByLabel("Street address or P.O. Box").fill(PIECE.street1);
      await form.getByLabel("City").fill(PIECE.city);
      await form.getByLabel("State").fill(PIECE.state);
      await form.getByLabel("ZIP code").fill(PIECE.zipCode);
      await Promise.all([
        page.waitForURL(/\/dashboard\?notice=returnAddress/),
        form.getByRole("button", { name: "Mail my letter to this address" }).click(),
      ]);
      await expect
        .poll(() => statusAfterReload(page, card), { timeout: 30_000, interval: 500 })
        .toMatch(/^Letter mailed \d\d\/\d\d\/\d{4} to the return address you gave/);
      expect((await lettersFor(sender)).filter((made) => !before.has(made.id))).toHaveLength(2);
      assertNoErrors(visit);
    });
  });
});
