// Journey: what a request's card says once it left, with JavaScript on and off. A new user sends a
// request to a sender reached by post, one to a sender that takes email, and one to a sender typed
// by name. The letter goes out through the Lob stand-in and its card says when it was mailed and
// when it is expected; the email's card says it was delivered (the email stand-in's Delivery
// webhook); the typed sender's card asks for the return address printed on the piece. Each letter page shows
// the vendor's evidence.
//
// Letters go through Lob only with LOB_API_KEY set, as under `npm start`; the shared browser stack
// runs without it (its journeys print staff batches and check addresses offline), so this journey
// starts a stack of its own.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startLocalStack, TEST_QUEUE_BATCH_TIMEOUT_SECONDS, type LocalStack } from "../support/local-stack";
import { freePort } from "../support/ports";
import { LOB_STAND_IN_API_KEY } from "../stand-ins/vendors/lob-letters";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, useBrowser } from "./browser";
import { signUpThroughForms, unsubscribeFromDashboard } from "./accounts-helpers";

const browser = useBrowser();
let stack: LocalStack;
let appUrl: string;
let persistDir: string;

beforeAll(async () => {
  persistDir = await mkdtemp(join(tmpdir(), "quiet-mailbox-e2e-lob-"));
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

const statusOf = (page: Page, requestId: string) => page.locator(`#request-${requestId} .status`).innerText();

/** The card's words once the queue and the vendor's webhooks have moved it, reloading until they have. */
async function standingOnceSent(page: Page, requestId: string, sent: RegExp) {
  await expect
    .poll(
      async () => {
        await page.goto(`${appUrl}/dashboard`);
        return statusOf(page, requestId);
      },
      { timeout: 30_000, interval: 500 },
    )
    .toMatch(sent);
}

/**
 * The request's history as read: each sending in one line with its vendor's steps folded under it
 * (`folded`), then with every fold opened by its summary, as a person would, with or without JavaScript.
 */
async function historyOf(page: Page, requestId: string) {
  await page.goto(`${appUrl}/dashboard?request=${requestId}#request-${requestId}`);
  const history = page.locator(`#request-${requestId} ol.history`);
  const folded = await history.innerText();
  for (const summary of await history.locator("details > summary").all()) await summary.click();
  return { folded, open: await history.innerText() };
}

describe.each(JS_MODES)("where a sent request is (JavaScript $label)", ({ js, label }) => {
  test("a letter mailed, an email delivered and a typed sender each say how it went or who acts next, and when", async () => {
    const account = { email: `evidence.${Date.now()}.js-${label}@quietmailbox.test`, password: "first-secret-1" };
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.setViewportSize({ width: 360, height: 740 });
      await signUpThroughForms(visit, appUrl, account);

      // A sender reached by post: Lob prints and mails the letter, with no one on the staff involved.
      await unsubscribeFromDashboard(page, "experian-marketing");
      await standingOnceSent(
        page,
        "experian-marketing",
        /^Letter mailed \d\d\/\d\d\/\d{4} to Experian Marketing Services's postal address/,
      );
      const letterCard = await page.locator("#request-experian-marketing").innerText();
      expect(letterCard).toMatch(/Experian Marketing Services has until \d\d\/\d\d\/\d{4} to act/);
      expect(letterCard).not.toMatch(/In queue|shortly|Mail already stopped|Has the mail stopped/);
      const letterHistory = await historyOf(page, "experian-marketing");
      // One line for the letter, with what Lob confirmed last; its steps folded under it.
      expect(letterHistory.folded).toMatch(/Letter mailed to Experian[^\n]*\n(Tracking|Details) from Lob/);
      expect(letterHistory.folded).not.toMatch(/Lob letter id/);
      expect(letterHistory.open).toMatch(/Lob letter id ltr_\w+/);
      expect(letterHistory.open).toMatch(/Expected at the sender \d\d\/\d\d\/\d{4}/);
      await assertAccessible(visit);
      await screenshot(visit, "evidence-letter-360");

      // A sender that takes email: Postmark's delivery report reaches the card.
      await unsubscribeFromDashboard(page, "acxiom");
      await standingOnceSent(page, "acxiom", /^Emailed to Acxiom on \d\d\/\d\d\/\d{4} as your own request · delivered/);
      const emailed = await page.locator("#request-acxiom").innerText();
      expect(emailed).toMatch(
        /Acxiom has until \d\d\/\d\d\/\d{4} to act: 30 days to go\. Mail printed before may keep coming until \d\d\/\d\d\/\d{4} \(1 to 3 more mailings\); we ask you then whether the mail stopped\./,
      );
      const emailHistory = await historyOf(page, "acxiom");
      expect(emailHistory.folded).toMatch(/Sent by email to \S+@\S+ · delivered to Acxiom's mailbox \d\d\/\d\d\/\d{4}/);
      expect(emailHistory.folded).not.toContain("Postmark message id");
      expect(emailHistory.open).toContain("Postmark message id");
      await screenshot(visit, "evidence-email-360");

      // A sender typed by name, which the catalog does not know: its card first asks the person for
      // the return address printed on the piece, for 7 days before our staff look it up (decision 0067).
      const typed = `Hometown Coupon Flyers ${label} ${Date.now()}`;
      await page.goto(`${appUrl}/requests/add`);
      await page.locator('input[name="senderName"]').fill(typed);
      await Promise.all([page.waitForURL(/\/dashboard\?.*request=/), page.getByRole("button", { name: "Send request" }).click()]);
      const typedCard = page.locator("li.request-card", { has: page.locator("h3", { hasText: typed }) });
      expect(await typedCard.locator(".status").innerText()).toBe("Waiting for the sender's return address from you");
      await screenshot(visit, "evidence-typed-360");

      await assertAccessible(visit);
      assertNoErrors(visit);
    });
  });
});
