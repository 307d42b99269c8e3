// Journey (f): the account screens with JavaScript on and off. Signup step 1 and 2 with their
// errors, the signed-up user's dashboard and Setting menu, sign out, sign in (wrong password,
// going back where the visitor was headed), forgotten password and reset through the email
// stand-in, the staff area's 404 for a normal user, and the visit-counting question.
// Each journey runs alone: those about an existing account make their own with two form posts.
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, SCREENSHOT_DIR, screenshot, useBrowser } from "./browser";
import {
  type Account,
  expectedStatus,
  expectFieldError,
  fieldErrors,
  fillStep1,
  headerState,
  input,
  LOOSE_ADDRESS,
  reachStep2,
  resetLinkFor,
  signedInAccount,
  signedUpAccount,
  submitSignIn,
  submitStep2,
  visibleText,
  waitForDashboard,
  waitForEnhancement,
  watchPostAnswers,
} from "./accounts-helpers";

const appUrl = inject("appUrl");
const standInsUrl = inject("standInsUrl");

// The messages of product rules: Validation messages (word for word).
const NAME_AND_ADDRESS_MESSAGES = {
  fullName: "Please enter your full name.",
  street1: "Please enter the street address.",
  city: "Please enter the city name.",
  state: "Please enter the state.",
  zipCode: "Please enter the zip code.",
} as const;

const WRONG_CREDENTIALS = "Wrong email or password.";
// The product rules' words, then an example of a valid address.
const INVALID_EMAIL = "Invalid email address. It should look like name@example.com.";

const browser = useBrowser();

describe.each(JS_MODES)("accounts (JavaScript $label)", ({ js, label }) => {
  test("1. step 1 shows each message next to its field and keeps what was typed", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      expect((await page.goto(`${appUrl}/start/step1`))?.status()).toBe(200);
      await waitForEnhancement(visit);
      await assertAccessible(visit);
      const answers = watchPostAnswers(page, appUrl, "/start/step1");

      await page.getByRole("button", { name: "Continue" }).click();
      await expect.poll(() => fieldErrors(page), { timeout: 10_000 }).toHaveLength(5);
      expect(await fieldErrors(page)).toEqual(Object.values(NAME_AND_ADDRESS_MESSAGES));
      for (const [name, message] of Object.entries(NAME_AND_ADDRESS_MESSAGES)) await expectFieldError(page, name, message);
      expect.soft(await input(page, "street2").getAttribute("aria-invalid"), "the optional field is not invalid").not.toBe("true");
      await screenshot(visit, "accounts-step1-errors");
      await assertAccessible(visit);

      const typed = { ...LOOSE_ADDRESS, fullName: "Ada" };
      await waitForEnhancement(visit);
      await fillStep1(page, typed);
      await page.getByRole("button", { name: "Continue" }).click();
      await expect.poll(() => fieldErrors(page), { timeout: 10_000 }).toEqual([NAME_AND_ADDRESS_MESSAGES.fullName]);
      expect(new URL(page.url()).pathname).toBe("/start/step1");
      await expectFieldError(page, "fullName", NAME_AND_ADDRESS_MESSAGES.fullName);
      for (const [name, value] of Object.entries(typed)) expect.soft(await input(page, name).inputValue(), `${name} kept`).toBe(value);
      await assertAccessible(visit);

      // The rules live on the server alone, JavaScript on or off: it answers each refused post 400
      // (decision 0034).
      expect((await answers.all()).length, "form posts answered by the server").toBe(2);
      assertNoErrors(visit, { allow: [expectedStatus(appUrl, 400, "/start/step1")] });
    });
  });

  test("2. a loosely typed address comes back standardized on step 2, with what changed", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await reachStep2(visit, appUrl);
      const address = page.locator("main address");
      const lines = (await address.innerText()).split("\n").map((line) => line.trim());
      expect(lines).toEqual(["Ada Lovelace", "12 N MAIN ST, APT 4B", "SPRINGFIELD, IL 62701"]);
      const changes = (await page.locator("main .notice li").allInnerTexts()).map((text) => text.trim());
      expect.soft(changes).toContain("State: “illinois” became “IL”");
      expect.soft(changes).toContain("City: “springfield” became “SPRINGFIELD”");
      expect.soft(changes).toContain("Street: “12 north main street” became “12 N MAIN ST”");
      expect.soft(changes).toContain("Apartment, suite, unit: “apartment 4b” became “APT 4B”");
      expect
        .soft(
          changes.some((change) => change.startsWith("ZIP code")),
          "the ZIP code did not change",
        )
        .toBe(false);
      await screenshot(visit, "accounts-step2");
      await assertAccessible(visit);
      assertNoErrors(visit);
    });
  });

  test("3. step 2 shows the product rules' messages and keeps the email, never the password", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await reachStep2(visit, appUrl);
      const answers = watchPostAnswers(page, appUrl, "/start/step2");

      await page.getByRole("button", { name: "Create account" }).click();
      await expect.poll(() => fieldErrors(page), { timeout: 10_000 }).toHaveLength(2);
      await expectFieldError(page, "email", "Please enter your email address.");
      await expectFieldError(page, "password", "Please enter the password.");
      await assertAccessible(visit);

      await waitForEnhancement(visit);
      await submitStep2(page, { email: "bad-email", password: "abc" });
      await expect.poll(() => fieldErrors(page), { timeout: 10_000 }).toEqual([INVALID_EMAIL, "Password should be at least 6 characters."]);
      await expectFieldError(page, "email", INVALID_EMAIL);
      await expectFieldError(page, "password", "Password should be at least 6 characters.");
      expect(new URL(page.url()).pathname).toBe("/start/step2");
      expect.soft(await input(page, "email").inputValue(), "email kept").toBe("bad-email");
      // The server answers and must not send the password back.
      expect.soft(await input(page, "password").inputValue(), "password not sent back").toBe("");
      expect.soft(await page.content(), "the password nowhere in the page").not.toContain('value="abc"');
      await assertAccessible(visit);
      const bodies = await answers.all();
      expect(bodies.length, "form posts answered by the server").toBe(2);
      for (const body of bodies) expect.soft(body, "the password in the server's answer").not.toContain(`value="abc"`);
      assertNoErrors(visit, { allow: [expectedStatus(appUrl, 400, "/start/step2")] });
    });
  });

  test("4. signing up lands on the dashboard with the Setting menu", async () => {
    const account: Account = { email: `ada.${Date.now()}.js-${label}@quietmailbox.test`, password: "first-secret-1" };
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await reachStep2(visit, appUrl);
      await Promise.all([page.waitForURL(`${appUrl}/dashboard`, { timeout: 15_000 }), submitStep2(page, account)]);
      await waitForDashboard(page);
      expect(await headerState(page)).toEqual({ settings: 1, signInLinks: 0 });
      await screenshot(visit, "accounts-dashboard");
      await assertAccessible(visit);
      assertNoErrors(visit);
    });
  });

  test("5. signing up again with the same email says so on step 2, offers sign in and reset, and loses nothing else", async () => {
    const { email } = await signedUpAccount(appUrl, `taken-js-${label}`);
    await browser.visit({ js }, async (visit) => {
      const { page, context } = visit;
      await page.setViewportSize({ width: 360, height: 800 });
      await reachStep2(visit, appUrl);
      const answers = watchPostAnswers(page, appUrl, "/start/step2");
      await submitStep2(page, { email, password: "another-secret" });
      await expect.poll(() => fieldErrors(page), { timeout: 15_000 }).toEqual(["Email has already been used."]);
      expect(new URL(page.url()).pathname).toBe("/start/step2");
      await expectFieldError(page, "email", "Email has already been used.");
      expect.soft(await input(page, "email").inputValue(), "email kept").toBe(email);
      // Without JavaScript the page is the server's answer, so the field comes back empty; with it,
      // the page stays and so does what was typed. Either way the answer never holds the password.
      if (!js) expect.soft(await input(page, "password").inputValue(), "password not sent back").toBe("");
      const bodies = await answers.all();
      expect(bodies.length, "the server answered the form").toBeGreaterThan(0);
      for (const body of bodies) expect.soft(body, "the password in the server's answer").not.toContain("another-secret");
      const lines = (await page.locator("main address").innerText()).split("\n").map((line) => line.trim());
      expect.soft(lines, "name and address still there").toEqual(["Ada Lovelace", "12 N MAIN ST, APT 4B", "SPRINGFIELD, IL 62701"]);
      expect.soft(await page.locator("main .notice li").count(), "the list of changes still there").toBeGreaterThan(0);
      expect.soft(await headerState(page), "still a visitor").toEqual({ settings: 0, signInLinks: 1 });

      // The way on sits under the message, and the email field names it too.
      const field = input(page, "email").locator("xpath=ancestor::div[contains(@class, 'field')][1]");
      const help = field.locator(".field-error-help");
      expect(((await help.textContent()) ?? "").replace(/\s+/g, " ").trim()).toBe("Is it yours? Sign in or reset your password.");
      const helpId = await help.getAttribute("id");
      expect
        .soft((await input(page, "email").getAttribute("aria-describedby"))?.split(" "), "the field names the way on")
        .toContain(helpId);
      expect
        .soft(await page.evaluate(() => document.documentElement.scrollWidth), "nothing wider than the screen at 360 px")
        .toBeLessThanOrEqual(360);
      await screenshot(visit, "accounts-step2-email-taken");
      await assertAccessible(visit);

      // Both links work: the reset page in a new tab, sign in in this one.
      const [resetTab] = await Promise.all([
        context.waitForEvent("page"),
        help.getByRole("link", { name: "reset your password" }).click({ modifiers: ["Control"] }),
      ]);
      await resetTab.waitForLoadState();
      expect(new URL(resetTab.url()).pathname).toBe("/password/forgot");
      await resetTab.getByRole("heading", { level: 1, name: "Forgot your password?" }).waitFor();
      await resetTab.close();
      await Promise.all([page.waitForURL(`${appUrl}/signin`), help.getByRole("link", { name: "Sign in", exact: true }).click()]);
      await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
      assertNoErrors(visit, { allow: [expectedStatus(appUrl, 400, "/start/step2")] });
    });
  });

  test("6. Sign Out in the Setting menu ends the session", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await signedInAccount(visit, appUrl, `sign-out-js-${label}`);
      await page.goto(`${appUrl}/dashboard`);
      await waitForDashboard(page);
      const menu = page.locator("header details").filter({ has: page.locator("summary", { hasText: "Settings" }) });
      expect(await menu.getAttribute("open"), "the menu starts closed").toBeNull();
      await menu.locator("summary").click();
      expect(await menu.getAttribute("open"), "clicking Settings opens it").not.toBeNull();
      const signOut = menu.getByRole("button", { name: "Sign Out" });
      expect(await signOut.isVisible()).toBe(true);
      await assertAccessible(visit);

      await Promise.all([page.waitForURL(`${appUrl}/`), signOut.click()]);
      await page.locator("header").getByRole("link", { name: "Sign in", exact: true }).waitFor();
      expect(await headerState(page)).toEqual({ settings: 0, signInLinks: 1 });
      await assertAccessible(visit);

      await page.goto(`${appUrl}/dashboard`);
      expect(page.url()).toBe(`${appUrl}/signin?redirectTo=%2Fdashboard`);
      assertNoErrors(visit);
    });
  });

  test("7. a wrong password is refused with the product rules' message; the right one signs in", async () => {
    const current = await signedUpAccount(appUrl, `wrong-password-js-${label}`);
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      expect((await page.goto(`${appUrl}/signin`))?.status()).toBe(200);
      await waitForEnhancement(visit);
      await assertAccessible(visit);

      const answers = watchPostAnswers(page, appUrl, "/signin");
      await submitSignIn(visit, { email: current.email, password: "not-the-password" });
      const error = page.locator("main form [data-error-summary] .error-summary-form", { hasText: WRONG_CREDENTIALS });
      await error.waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe("/signin");
      expect.soft(await input(page, "email").inputValue(), "email kept").toBe(current.email);
      if (!js) expect.soft(await input(page, "password").inputValue(), "password not sent back").toBe("");
      const bodies = await answers.all();
      expect(bodies.length, "the server answered the form").toBeGreaterThan(0);
      for (const body of bodies) expect.soft(body, "the password in the server's answer").not.toContain("not-the-password");
      expect.soft(await input(page, "email").getAttribute("aria-invalid")).toBe("true");
      expect.soft(await input(page, "email").getAttribute("aria-describedby")).toBe(await error.getAttribute("id"));
      // Focus moves from the button, gone with the page, to the summary that holds the message.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest("[data-error-summary]")?.textContent ?? ""), { timeout: 5_000 })
        .toBe(`There is a problem${WRONG_CREDENTIALS}`);
      await screenshot(visit, "accounts-signin-error");
      await assertAccessible(visit);

      await Promise.all([page.waitForURL(`${appUrl}/dashboard`, { timeout: 15_000 }), submitSignIn(visit, current)]);
      await waitForDashboard(page);
      expect(await headerState(page)).toEqual({ settings: 1, signInLinks: 0 });
      assertNoErrors(visit, { allow: [expectedStatus(appUrl, 401, "/signin")] });
    });
  });

  test("8. a visitor sent from /dashboard to sign in goes back to /dashboard", async () => {
    const current = await signedUpAccount(appUrl, `back-to-dashboard-js-${label}`);
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      const response = await page.goto(`${appUrl}/dashboard`);
      expect(page.url()).toBe(`${appUrl}/signin?redirectTo=%2Fdashboard`);
      expect(response?.status()).toBe(200);
      await assertAccessible(visit);
      await Promise.all([page.waitForURL(`${appUrl}/dashboard`, { timeout: 15_000 }), submitSignIn(visit, current)]);
      await waitForDashboard(page);
      expect(await headerState(page)).toEqual({ settings: 1, signInLinks: 0 });
      assertNoErrors(visit);
    });
  });

  test("9. a forgotten password is reset through the emailed link, which works once", async () => {
    const current = await signedUpAccount(appUrl, `reset-js-${label}`);
    const newPassword = `second-secret-${label}`;
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      expect((await page.goto(`${appUrl}/password/forgot`))?.status()).toBe(200);
      await assertAccessible(visit);
      await input(page, "email").fill(current.email);
      await Promise.all([page.waitForURL(`${appUrl}/password/forgot?sent=1`), page.getByRole("button", { name: "Send the link" }).click()]);
      const confirmation = page.locator("main [role=status]");
      await confirmation.waitFor();
      expect((await confirmation.innerText()).replace(/\s+/g, " ")).toContain(
        "If an account uses that email, we have sent it a link to choose a new password.",
      );
      await assertAccessible(visit);

      const link = await resetLinkFor(standInsUrl, current.email);
      expect(link.origin, "the link points at this app").toBe(appUrl);
      expect((await page.goto(link.href))?.status()).toBe(200);
      expect(await page.locator("main h1").innerText()).toBe("Choose a new password");
      expect(await input(page, "password").count(), "the new password field").toBe(1);
      await screenshot(visit, "accounts-reset-form");
      await assertAccessible(visit);

      await input(page, "password").fill(newPassword);
      await Promise.all([
        page.waitForURL(`${appUrl}/dashboard`, { timeout: 15_000 }),
        page.getByRole("button", { name: "Save the new password" }).click(),
      ]);
      expect(await headerState(page)).toEqual({ settings: 1, signInLinks: 0 });
      const oldPassword = current.password;
      current.password = newPassword;
      assertNoErrors(visit);

      await browser.visit({ js }, async (other) => {
        const otherPage = other.page;
        expect((await otherPage.goto(`${appUrl}/signin`))?.status()).toBe(200);
        await submitSignIn(other, { email: current.email, password: oldPassword });
        await otherPage.locator("main form [data-error-summary]", { hasText: WRONG_CREDENTIALS }).waitFor({ timeout: 15_000 });
        await Promise.all([otherPage.waitForURL(`${appUrl}/dashboard`, { timeout: 30_000 }), submitSignIn(other, current)]);

        expect((await otherPage.goto(link.href))?.status()).toBe(200);
        expect(await visibleText(otherPage)).toContain("This link has expired or was already used.");
        expect(await input(otherPage, "password").count(), "no password field on a used link").toBe(0);
        await assertAccessible(other);
        assertNoErrors(other, { allow: [expectedStatus(appUrl, 401, "/signin")] });
      });
    });
  });

  test("10. a signed-in user who is not staff gets 404 on /admin", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await signedInAccount(visit, appUrl, `not-staff-js-${label}`);
      const response = await page.goto(`${appUrl}/admin`);
      expect(response?.status()).toBe(404);
      expect(page.url()).toBe(`${appUrl}/admin`);
      expect(await page.locator("main h1").innerText()).toBe("We can't find that page");
      expect(await page.locator('main a[href="/"]').count(), "a link home").toBeGreaterThan(0);
      expect(await headerState(page), "still signed in").toEqual({ settings: 1, signInLinks: 0 });
      await assertAccessible(visit);
      assertNoErrors(visit, { allow: [expectedStatus(appUrl, 404, "/admin")] });
    });
  });

  test('11. "No thanks" to counting visits returns to the same page without the question', async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      const path = "/signin?redirectTo=%2Frecipients";
      expect((await page.goto(appUrl + path))?.status()).toBe(200);
      await waitForEnhancement(visit);
      const question = page.getByRole("complementary", { name: "Visit counting" });
      expect(await question.count()).toBe(1);
      expect(await question.innerText()).toContain("May we count your visit?");
      expect(await question.isVisible()).toBe(true);
      // Both answers have the same quiet weight: neither is the page's main action.
      expect(await question.locator("button.button-quiet").count()).toBe(2);
      await assertAccessible(visit);
      await page.setViewportSize({ width: 360, height: 800 });
      await page.screenshot({ path: `${SCREENSHOT_DIR}/consent-question-360-js-${visit.js ? "on" : "off"}.png` });
      await page.setViewportSize({ width: 1280, height: 800 });

      await question.getByRole("button", { name: "No thanks" }).click();
      await question.waitFor({ state: "detached" });
      await page.locator("main h1").waitFor();
      expect(page.url()).toBe(appUrl + path);
      expect(await page.getByText("May we count your visit?").count()).toBe(0);
      await assertAccessible(visit);

      // The answer is remembered: the next page does not ask again.
      await page.goto(`${appUrl}/learn`);
      expect(await page.getByText("May we count your visit?").count()).toBe(0);
      assertNoErrors(visit);
    });
  });
});
