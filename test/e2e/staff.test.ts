// Journey: the staff area with a user on the other side. A new user sends a request; the moderator
// finds it in the work queue, prints the letter batch and marks it mailed; the user sees it sent,
// with the staff entry in its history. The user uses up the free requests, the admin grants two
// more with a reason, and the user sends two more. A plain user gets 404 on every staff page.
// The user's pages run with JavaScript on and off; the staff pages ship none either way.
import { describe, expect, inject, test } from "vitest";
import { LOCAL_STAFF } from "../../drizzle/local-staff";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, useBrowser, type Visit } from "./browser";
import { SENT_STANDING, signInThroughForm, signUpThroughForms, unsubscribeFromDashboard, visibleText } from "./accounts-helpers";

const appUrl = inject("appUrl");
const browser = useBrowser();
const [admin, moderator] = [
  LOCAL_STAFF.find((staff) => staff.id === "local-admin")!,
  LOCAL_STAFF.find((staff) => staff.id === "local-moderator")!,
];

const STAFF_PAGES = [
  "/admin",
  "/admin/queue",
  "/admin/users",
  "/admin/senders",
  "/admin/senders/new",
  "/admin/senders/acxiom",
  "/admin/testimonials",
  "/admin/testimonials/new",
  "/admin/jobs",
  "/admin/audit",
];

/** A staff page, looked at: a screenshot and axe. */
async function lookAt(visit: Visit, path: string, name: string) {
  const response = await visit.page.goto(appUrl + path);
  expect(response?.status(), path).toBe(200);
  await screenshot(visit, name);
  await assertAccessible(visit);
}

describe.each(JS_MODES)("staff area (JavaScript $label)", ({ js, label }) => {
  test("the moderator mails a new user's letter, the admin grants two more requests, and a plain user finds no staff page", async () => {
    const email = `staff.${Date.now()}.js-${label}@quietmailbox.test`;
    await browser.visit({ js }, async (user) => {
      const { page } = user;
      await signUpThroughForms(user, appUrl, { email, password: "first-secret-1" });
      await unsubscribeFromDashboard(page, "experian-marketing");

      // A plain user: every staff page is "not found".
      for (const path of STAFF_PAGES) expect((await page.goto(appUrl + path))?.status(), path).toBe(404);
      await page.goto(`${appUrl}/dashboard`);

      // The moderator works the queue.
      await browser.visit({ js }, async (staff) => {
        await signInThroughForm(staff, appUrl, moderator);
        await lookAt(staff, "/admin", `admin-overview`);
        await lookAt(staff, "/admin/queue", "admin-queue");
        const group = staff.page.locator("article.queue-group", {
          has: staff.page.getByRole("heading", { name: "Experian Marketing Services" }),
        });
        await group.getByText("Who is waiting").click();
        expect(await group.innerText()).toContain("Postal mail: Experian, P.O. Box 703, Allen, TX 75013");
        await Promise.all([staff.page.waitForURL(/\/admin\/queue\/print\?/), group.getByRole("link", { name: "Print letters" }).click()]);
        const letters = staff.page.locator("article.print-letter");
        expect(await letters.count()).toBeGreaterThan(0);
        expect(await letters.first().locator("address").innerText()).toBe("Experian\nP.O. Box 703\nAllen, TX 75013");
        await screenshot(staff, "admin-print");
        await assertAccessible(staff);
        await staff.page.emulateMedia({ media: "print" });
        expect(await staff.page.locator(".admin-nav").isVisible(), "the staff nav is not printed").toBe(false);
        await staff.page.emulateMedia({ media: "screen" });
        await Promise.all([
          staff.page.waitForURL(/\/admin\/queue\?done=/),
          staff.page.getByRole("button", { name: /^Mark \d+ mailed$/ }).click(),
        ]);
        expect(await visibleText(staff.page)).toContain("to Experian Marketing Services: mailed.");
        assertNoErrors(staff);
      });

      // The user sees it sent, with the staff entry in its history.
      await page.goto(`${appUrl}/dashboard?request=experian-marketing`);
      const card = page.locator("#request-experian-marketing");
      await card.locator("ol.history").waitFor();
      expect(await card.locator("ol.history li").first().innerText()).toContain("We mailed your letter to Experian Marketing Services.");
      expect(await card.locator(".status").innerText()).toMatch(/^Letter mailed \d\d\/\d\d\/\d{4}/);
      expect(await card.innerText()).toMatch(/Experian Marketing Services has until \d\d\/\d\d\/\d{4} to act/);
      await screenshot(user, "dashboard-after-staff");

      // The free requests run out.
      await page.goto(`${appUrl}/dashboard`);
      await unsubscribeFromDashboard(page, "acxiom");
      await unsubscribeFromDashboard(page, "epsilon");
      // With JavaScript on the count follows once the page has reloaded its data.
      await expect.poll(() => visibleText(page)).toContain("0 of 3 free requests left.");

      // The admin grants two more, with a reason.
      await browser.visit({ js }, async (staff) => {
        await signInThroughForm(staff, appUrl, admin);
        await staff.page.goto(`${appUrl}/admin/users?${new URLSearchParams({ q: email })}`);
        await screenshot(staff, "admin-users");
        await assertAccessible(staff);
        await Promise.all([
          staff.page.waitForURL(/\/admin\/users\/[^/?]+$/),
          staff.page.getByRole("link", { name: /Open/ }).first().click(),
        ]);
        expect(await visibleText(staff.page)).toContain(email);
        await staff.page.getByLabel(/free requests/i).fill("2");
        await staff.page.getByLabel(/reason/i).fill("Goodwill after a late letter");
        await Promise.all([staff.page.waitForURL(/saved=1/), staff.page.getByRole("button", { name: /save/i }).click()]);
        await screenshot(staff, "admin-user");
        await assertAccessible(staff);
        for (const [path, name] of [
          ["/admin/senders", "admin-senders"],
          ["/admin/senders/requested", "admin-senders-requested"],
          ["/admin/senders/acxiom", "admin-sender"],
          ["/admin/senders/new", "admin-sender-new"],
          ["/admin/jobs", "admin-jobs"],
          ["/admin/audit", "admin-audit"],
        ] as const) {
          await lookAt(staff, path, name);
        }
        expect(await visibleText(staff.page)).toContain("Goodwill after a late letter");
        assertNoErrors(staff);
      });

      // The user sends two more.
      await page.goto(`${appUrl}/dashboard`);
      expect(await visibleText(page)).toContain("2 of 3 free requests left.");
      await unsubscribeFromDashboard(page, "transunion-marketing");
      await unsubscribeFromDashboard(page, "wiland");
      await page.goto(`${appUrl}/dashboard`);
      expect(await visibleText(page)).toContain("0 of 3 free requests left.");
      expect(await page.locator("#request-wiland .status").innerText()).toMatch(SENT_STANDING);
      assertNoErrors(user, { allow: [/status of 404/] });
    });
  });
});
