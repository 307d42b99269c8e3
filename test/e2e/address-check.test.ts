// Journey: step 1 with an address that cannot be right, JavaScript on and off. A state and a ZIP
// code that do not exist are refused next to their fields; a ZIP code outside the state is a doubt
// that can be corrected, or kept as typed by an explicit choice. Kept as typed, nothing says it was
// standardized, and staff see the mark on the account. Screenshots at 320, 360 and 1280 px.
import { describe, expect, inject, test } from "vitest";
import { LOCAL_STAFF } from "../../drizzle/local-staff";
import { assertAccessible, JS_MODES, SCREENSHOT_DIR, useBrowser } from "./browser";
import {
  expectFieldError,
  fillStep1,
  input,
  LOOSE_ADDRESS,
  signInThroughForm,
  submitStep2,
  visibleText,
  waitForDashboard,
  waitForEnhancement,
} from "./accounts-helpers";
import { ADDRESS_CHECK_LABELS, ADDRESS_DOUBT_MESSAGES, STAFF_ADDRESS_WARNING } from "~/domain/address-check";
import { ADDRESS_FORM_MESSAGES } from "~/domain/signup";

const appUrl = inject("appUrl");
const browser = useBrowser();
const admin = LOCAL_STAFF.find((staff) => staff.id === "local-admin")!;

describe.each(JS_MODES)("an address that cannot be right (JavaScript $label)", ({ js, label }) => {
  test("a made-up state and ZIP are refused; a ZIP outside the state is corrected, or kept as typed and marked for staff", async () => {
    const email = `doubt.${Date.now()}.js-${label}@quietmailbox.test`;
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      expect((await page.goto(`${appUrl}/start/step1`))?.status()).toBe(200);
      await waitForEnhancement(visit);
      await fillStep1(page, { ...LOOSE_ADDRESS, state: "XX", zipCode: "627" });
      await page.getByRole("button", { name: "Continue", exact: true }).click();
      await expectFieldError(page, "state", ADDRESS_FORM_MESSAGES.stateUnknown);
      await expectFieldError(page, "zipCode", ADDRESS_FORM_MESSAGES.zipInvalid);
      expect(await input(page, "city").inputValue()).toBe(LOOSE_ADDRESS.city);

      // A real state and ZIP code, but the ZIP code is in California.
      await fillStep1(page, { state: "IL", zipCode: "90210" });
      await page.getByRole("button", { name: "Continue", exact: true }).click();
      await page.locator("[data-error-summary]", { hasText: ADDRESS_DOUBT_MESSAGES.summary }).waitFor();
      await expectFieldError(page, "zipCode", "The ZIP code 90210 is not in IL.");
      await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute("data-error-summary"))).toBe(true);
      const keep = page.getByRole("button", { name: "Continue with the address as I typed it" });
      await keep.waitFor();
      for (const width of [320, 360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${width} px: the page is wider than the screen`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/address-doubt-${width}-js-${label}.png`, fullPage: true });
      }
      await assertAccessible(visit);

      if (js) {
        // Corrected: checked again, and written in the Postal Service's form.
        await fillStep1(page, { zipCode: "62701" });
        await Promise.all([page.waitForURL(`${appUrl}/start/step2`), page.getByRole("button", { name: "Continue", exact: true }).click()]);
        await page.locator("main h1", { hasText: "Create Account" }).waitFor();
        expect(await visibleText(page)).toContain(ADDRESS_CHECK_LABELS.standardized);
        expect(await visibleText(page)).toContain("12 N MAIN ST");
        return;
      }

      // Kept as typed: exactly as typed, with no claim that it was standardized.
      await Promise.all([page.waitForURL(`${appUrl}/start/step2`), keep.click()]);
      await page.locator("main h1", { hasText: "Create Account" }).waitFor();
      const step2 = await visibleText(page);
      expect(step2).toContain(ADDRESS_CHECK_LABELS.asTyped);
      expect(step2).toContain(LOOSE_ADDRESS.street1);
      expect(step2).not.toContain("Postal Service's form");
      expect(step2).not.toContain("the way the Postal Service does");
      await page.setViewportSize({ width: 360, height: 900 });
      await page.screenshot({ path: `${SCREENSHOT_DIR}/address-kept-step2-360-js-${label}.png`, fullPage: true });
      await assertAccessible(visit);
      await Promise.all([
        page.waitForURL(`${appUrl}/dashboard`, { timeout: 15_000 }),
        submitStep2(page, { email, password: "doubt-secret-1" }),
      ]);
      await waitForDashboard(page);

      await browser.visit({ js }, async (staff) => {
        await signInThroughForm(staff, appUrl, admin);
        await staff.page.goto(`${appUrl}/admin/users?${new URLSearchParams({ q: email })}`);
        await Promise.all([
          staff.page.waitForURL(/\/admin\/users\/[^?]+$/),
          staff.page.getByRole("link", { name: `Open ${email}` }).click(),
        ]);
        expect(await visibleText(staff.page)).toContain(STAFF_ADDRESS_WARNING);
        await assertAccessible(staff);
      });
    });
  });
});
