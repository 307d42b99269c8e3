// Journey: sending the opt-out letter yourself, JavaScript on and off. The letter of a catalog
// sender with a postal address and an email address shows the address block, prints alone,
// downloads as a text file holding exactly what the page shows, and opens an email with the
// letter filled in; a sender with neither gets no made-up block and no email link. Screenshots of
// the letter at 320, 360 and 1280 px, and as printed.
import { readFileSync } from "node:fs";
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, SCREENSHOT_DIR, useBrowser } from "./browser";
import { signUpThroughForms } from "./accounts-helpers";

const appUrl = inject("appUrl");
const browser = useBrowser();

const EPSILON_ADDRESS = ["Epsilon", "Attention: Privacy", "P.O. Box 1478", "Broomfield, CO 80038"];

describe.each(JS_MODES)("sending the letter yourself (JavaScript $label)", ({ js, label }) => {
  test("the letter has the sender's address, prints alone, downloads as text and opens an email", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await signUpThroughForms(visit, appUrl, { email: `letter.${Date.now()}.js-${label}@quietmailbox.test`, password: "letter-secret-1" });

      await page.goto(`${appUrl}/dashboard?request=epsilon#request-epsilon`);
      const panel = page.locator("#request-epsilon .letter-panel");
      await panel.waitFor();
      const address = panel.locator("address.letter-address span");
      expect(await address.allInnerTexts()).toEqual(EPSILON_ADDRESS);
      const letter = await panel.locator("pre.letter").innerText();
      expect(letter).toContain("To Epsilon (Abacus catalog cooperative):");
      await assertAccessible(visit);

      for (const width of [320, 360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${width} px: the page is wider than the screen`).toBeLessThanOrEqual(0);
        await page.locator("#request-epsilon").screenshot({ path: `${SCREENSHOT_DIR}/letter-${width}-js-${label}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 800 });

      // The email link: to the catalog's address, the subject and the letter filled in.
      const mailto = await panel.getByRole("link", { name: "Email it to optout@epsilon.com" }).getAttribute("href");
      expect(mailto).toMatch(/^mailto:optout@epsilon\.com\?subject=/);
      const query = new URLSearchParams(mailto!.slice(mailto!.indexOf("?") + 1));
      expect(query.get("subject")).toBe("Please add me to your Do Not Mail list");
      expect(query.get("body")).toBe(letter.replace(/\n/g, "\r\n"));

      // The download: exactly the page's address block and letter, CRLF line breaks.
      const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("link", { name: "Download as text" }).click()]);
      expect(download.suggestedFilename()).toBe("opt-out-letter-epsilon-abacus-catalog-cooperative.txt");
      const file = readFileSync((await download.path())!, "utf8");
      expect(file).toBe(`${EPSILON_ADDRESS.join("\n")}\n\n${letter}`.replace(/\n/g, "\r\n"));

      // Print: with JavaScript, a button that opens the browser's print dialog on this page;
      // without, a link to the page of the letter alone.
      if (js) {
        await page.evaluate(() => {
          window.print = () => document.body.setAttribute("data-printed", "yes");
        });
        await panel.getByRole("button", { name: "Print" }).click();
        expect(await page.locator("body").getAttribute("data-printed")).toBe("yes");
      } else {
        expect(await panel.getByRole("button", { name: "Print" }).count(), "no dead button without JavaScript").toBe(0);
        await Promise.all([page.waitForURL(/view=print/), panel.getByRole("link", { name: "Print" }).click()]);
        expect(await page.locator("address.letter-address span").allInnerTexts()).toEqual(EPSILON_ADDRESS);
        expect(await page.locator("pre.letter").innerText()).toBe(letter);
        await assertAccessible(visit);
        await page.goBack();
      }

      // As printed: the address block and the letter, nothing else of the page.
      await page.emulateMedia({ media: "print" });
      for (const hidden of [".site-header", "#page-title", "#request-acxiom", "#request-epsilon .letter-tools", "#request-epsilon h3"]) {
        expect(await page.locator(hidden).first().isVisible(), `${hidden} is not printed`).toBe(false);
      }
      expect(await page.locator("#request-epsilon address.letter-address").isVisible()).toBe(true);
      expect(await page.locator("#request-epsilon pre.letter").isVisible()).toBe(true);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/letter-print-js-${label}.png`, fullPage: true });
      await page.emulateMedia({ media: "screen" });

      // A sender the catalog has no postal or email address for: no block, no email link.
      await page.goto(`${appUrl}/dashboard?request=directmail-com#request-directmail-com`);
      const other = page.locator("#request-directmail-com .letter-panel");
      await other.waitFor();
      expect(await other.locator("address").count(), "no made-up address").toBe(0);
      expect(await other.locator('a[href^="mailto:"]').count()).toBe(0);
      expect(await other.locator("pre.letter").innerText()).toContain("To DirectMail.com Mail Preference Service");
      assertNoErrors(visit);
    });
  });
});
