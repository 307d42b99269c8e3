// Journey: a request whose mail came back is followed up (decision 0058), on a phone, JavaScript on
// and off. The person says the mail is still coming: the card and the timeline show the second
// request, free, citing the first. After the second wait the mail still comes, for a person in
// California: the card asks them to sign their permission to act as their agent; they sign it on
// /account#agent-permission, the daily run asks under California's law, and the card and the
// timeline show the request under the law, with no deadline: the sender's privacy-request method is
// not known, so the law's clock may not have started (decision 0062).
// Then, for a person in Virginia, whose law lets no agent ask: the second request did not stop the
// mail either, and the request joins the sender's review (decision 0091). The admin finds the
// sender under "Senders to review", answers once that the sender ignores requests, and the card
// and the history give the person the finding.
import { describe, expect, inject, test } from "vitest";
import type { Page } from "playwright-core";
import { LOCAL_STAFF } from "../../drizzle/local-staff";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, useBrowser } from "./browser";
import { input, signedInAccount, signInThroughForm, unsubscribeFromDashboard, visibleText } from "./accounts-helpers";
import { quote, runSql } from "./local-d1";

const browser = useBrowser();
const appUrl = inject("appUrl");
const DAY_MS = 24 * 3600 * 1000;
const admin = LOCAL_STAFF.find((staff) => staff.id === "local-admin")!;

/** The request's sending moved back 70 days: its wait is over and its mail should have stopped. */
async function sentLongAgo(email: string, requestId: string, extra = "") {
  const sentAt = Date.now() - 70 * DAY_MS;
  await runSql(
    `update requests set processedAt = ${sentAt}${extra} where id = ${quote(requestId)} and userId = (select id from users where email = ${quote(email)})`,
  );
}

async function sayStillComing(page: Page, requestId: string) {
  expect((await page.goto(`${appUrl}/dashboard`))?.status()).toBe(200);
  await Promise.all([
    page.waitForURL(/notice=report/),
    page.locator(`#request-${requestId}`).getByRole("button", { name: "No, still coming" }).click(),
  ]);
  // The request's letter and history open on its card.
  expect((await page.goto(`${appUrl}/dashboard?request=${requestId}`))?.status()).toBe(200);
  return page.locator(`#request-${requestId}`);
}

describe.each(JS_MODES)("a request followed up (JavaScript $label)", ({ js, label }) => {
  test("mail still coming sends a second request, then a request under the state's law", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.setViewportSize({ width: 360, height: 740 });
      const { email } = await signedInAccount(visit, appUrl, `follow-up-${label}`);
      expect((await page.goto(`${appUrl}/dashboard`))?.status()).toBe(200);
      await unsubscribeFromDashboard(page, "epsilon");
      await sentLongAgo(email, "epsilon");

      const second = await sayStillComing(page, "epsilon");
      expect(await second.locator(".request-follow-up").innerText()).toMatch(
        /^Second request on \d\d\/\d\d\/\d{4}, free, citing your request of/,
      );
      expect(await second.locator("ol.history").innerText()).toContain("Second request, free, citing your first request, sent on");

      // After the second wait the mail still comes, for a person in California: the law allows the
      // next step, which waits for their permission to act as their agent.
      await sentLongAgo(email, "epsilon", ", state = 'CA'");
      const held = await sayStillComing(page, "epsilon");
      expect(await held.locator(".request-follow-up").innerText()).toBe(
        "Waiting for your permission: sign once in your account so we can ask under the California Consumer Privacy Act Sign your permission",
      );
      await screenshot(visit, "follow-up-permission-360");
      await assertAccessible(visit);

      // They sign it on their account page; the next daily run asks under the law.
      await Promise.all([page.waitForURL(/\/account/), held.getByRole("link", { name: "Sign your permission" }).click()]);
      await input(page, "typedName").fill("Ada Lovelace");
      await Promise.all([
        page.waitForURL(/\/account\?saved=agent-signed/),
        page.locator("#agent-permission").getByRole("button", { name: "Sign the permission" }).click(),
      ]);
      // The cron's work runs after /__scheduled answers (the handler hands it to waitUntil): the
      // card is read again until the step shows.
      expect((await fetch(`${appUrl}/__scheduled`)).status).toBe(200);
      const legal = page.locator("#request-epsilon");
      await expect
        .poll(
          async () => {
            expect((await page.goto(`${appUrl}/dashboard?request=epsilon`))?.status()).toBe(200);
            return legal.locator(".request-follow-up").innerText();
          },
          { timeout: 30_000, interval: 500 },
        )
        .toMatch(/^Request under the California Consumer Privacy Act on \d\d\/\d\d\/\d{4}$/);
      const history = await legal.locator("ol.history").innerText();
      expect(history).toContain("Request under the California Consumer Privacy Act (Cal. Civ. Code § 1798.100");
      expect(history).toContain(
        "no deadline is stated, since the law's clock starts only for a request made the way their privacy notice names",
      );
      expect(history, "the second request stays in the timeline").toContain("Second request, free, citing your first request, sent on");
      await legal.scrollIntoViewIfNeeded();
      await screenshot(visit, "follow-up-legal-360");
      await assertAccessible(visit);
      assertNoErrors(visit);
    });
  });

  test("mail still coming after the ladder: the admin answers the sender's review once, and the person reads the finding", async () => {
    // Each mode its own sender: a finding holds for 90 days, and the other mode's would answer this one's request.
    const sender = js ? { id: "wiland", name: "Wiland" } : { id: "alliant", name: "Alliant Cooperative Data Solutions" };
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.setViewportSize({ width: 360, height: 740 });
      const { email } = await signedInAccount(visit, appUrl, `sender-review-${label}`);
      expect((await page.goto(`${appUrl}/dashboard`))?.status()).toBe(200);
      await unsubscribeFromDashboard(page, sender.id);
      await sentLongAgo(email, sender.id, ", state = 'VA'");
      await sayStillComing(page, sender.id);
      await sentLongAgo(email, sender.id);
      const escalated = await sayStillComing(page, sender.id);
      expect(await escalated.locator(".request-follow-up").innerText()).toMatch(/^With our staff since \d\d\/\d\d\/\d{4}$/);

      await browser.visit({ js }, async (staff) => {
        await signInThroughForm(staff, appUrl, admin);
        expect((await staff.page.goto(`${appUrl}/admin/queue`))?.status()).toBe(200);
        const reviews = staff.page.locator('section[aria-labelledby="reviews-title"]');
        const line = reviews.locator("li", { has: staff.page.getByRole("link", { name: sender.name, exact: true }) });
        expect(await line.innerText()).toMatch(new RegExp(`^${sender.name}: 1 request escalated since \\d\\d/\\d\\d/\\d{4}$`));
        await Promise.all([staff.page.waitForURL(/#review-title$/), line.getByRole("link", { name: sender.name, exact: true }).click()]);
        const review = staff.page.locator('section[aria-labelledby="review-title"]');
        const finding = await review.locator("blockquote.finding").innerText();
        expect(finding).toContain(`our staff checked how we reach ${sender.name}: the way we used is right`);
        await staff.page.setViewportSize({ width: 360, height: 740 });
        await review.scrollIntoViewIfNeeded();
        await screenshot(staff, "admin-sender-review-360");
        await assertAccessible(staff);
        await Promise.all([
          staff.page.waitForURL(/reviewed=ignoresRequests&answered=1/),
          review.getByRole("button", { name: "Tell the 1 person" }).click(),
        ]);
        expect(await visibleText(staff.page)).toContain("The finding went to 1 request.");
        expect(await review.innerText()).toContain("No review is open.");
        expect((await staff.page.goto(`${appUrl}/admin/queue`))?.status()).toBe(200);
        expect(await line.count(), "the sender leaves the queue's reviews").toBe(0);
        assertNoErrors(staff);

        const card = page.locator(`#request-${sender.id}`);
        expect((await page.goto(`${appUrl}/dashboard?request=${sender.id}`))?.status()).toBe(200);
        expect(await card.locator(".request-follow-up").innerText()).toMatch(
          /^Our staff found on \d\d\/\d\d\/\d{4} that they kept mailing after our requests: the history says what you can still do$/,
        );
        expect((await card.locator("ol.history").innerText()).replace(/\s+/g, " ")).toContain(finding.replace(/\s+/g, " "));
        expect(await card.getByRole("button", { name: /still coming|Send it again/ }).count(), "a report would send nothing").toBe(0);
        await card.scrollIntoViewIfNeeded();
        await screenshot(visit, "follow-up-sender-reviewed-360");
        await assertAccessible(visit);
        assertNoErrors(visit);
      });
    });
  });
});
