// Pages in a browser without cascade layers (decision 0048), JavaScript on and off, at 360 px.
// Chromium cannot turn layers off, so each page's inline stylesheet is rewritten the way such a
// browser reads it: every @layer rule dropped whole, and the base's feature guard (true there,
// as those browsers lack what it asks for) opened. Screenshots: without-layers-<page>-js-*.png.
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { assertAccessible, assertNoErrors, JS_MODES, screenshot, useBrowser, type Visit } from "./browser";
import { signedInAccount } from "./accounts-helpers";

const appUrl = inject("appUrl");
const browser = useBrowser();

const GUARD = "@supports not ((text-emphasis:none) and (accent-color:auto))";

/** Skips a quoted string or a comment starting at `at`; returns the index after it, or `at`. */
function skipQuotedOrComment(css: string, at: number): number {
  const char = css[at];
  if (char === '"' || char === "'") {
    let end = at + 1;
    while (end < css.length && css[end] !== char) end += css[end] === "\\" ? 2 : 1;
    return end + 1;
  }
  if (css.startsWith("/*", at)) return css.indexOf("*/", at + 2) + 2;
  return at;
}

/** The stylesheet as a browser without cascade layers applies it. */
function asReadWithoutLayers(css: string): string {
  let kept = "";
  let at = 0;
  while (at < css.length) {
    const skipped = skipQuotedOrComment(css, at);
    if (skipped !== at) {
      kept += css.slice(at, skipped);
      at = skipped;
    } else if (css.startsWith("@layer", at)) {
      // An unknown at-rule ends at its first `;` or at the end of its block, nested blocks included.
      let end = at;
      let depth = 0;
      while (end < css.length) {
        const next = skipQuotedOrComment(css, end);
        if (next !== end) {
          end = next;
          continue;
        }
        const char = css[end++];
        if (char === ";" && depth === 0) break;
        if (char === "{") depth++;
        if (char === "}" && --depth === 0) break;
      }
      at = end;
    } else {
      kept += css[at++];
    }
  }
  return kept.replaceAll(GUARD, "@media all");
}

/** Every document the app answers reaches the page with its inline stylesheet read without layers. */
async function readStylesWithoutLayers(page: Page) {
  await page.route(`${appUrl}/**`, async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(<style[^>]*>)([\s\S]*?)(<\/style>)/g,
      (_, open: string, css: string, close: string) => open + asReadWithoutLayers(css) + close,
    );
    await route.fulfill({ response, body: html });
  });
}

type Box = { left: number; right: number; top: number; bottom: number; width: number; height: number; text: string };
type Facts = {
  overflow: number;
  hidden: Box[];
  /** Each visible link or button, as its last line box, next to the first line box of the one after it. */
  neighbours: [Box, Box][];
  notUnderlined: string[];
  fields: { field: Box; label: Box | null }[];
  buttons: Box[];
};

// A string, not a function: see assertAccessible in browser.ts.
const READ_FACTS = `(() => {
  const box = (element, rect = element.getBoundingClientRect()) => {
    const { left, right, top, bottom, width, height } = rect;
    return { left, right, top, bottom, width, height, text: (element.textContent || element.value || "").trim().slice(0, 40) };
  };
  const shown = (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden";
  const all = (selector) => [...document.querySelectorAll(selector)];
  const controls = all("a, button").filter(shown);
  return {
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    hidden: all(".skip-link, .visually-hidden").map((element) => box(element)),
    neighbours: controls.slice(1).map((after, index) => {
      const before = controls[index];
      const lines = before.getClientRects();
      return [box(before, lines[lines.length - 1]), box(after, after.getClientRects()[0])];
    }),
    notUnderlined: all("a:not(.button):not(.logo)")
      .filter(shown)
      .filter((link) => !getComputedStyle(link).textDecorationLine.includes("underline"))
      .map((link) => link.textContent.trim()),
    fields: all(".field input:not([type=checkbox]):not([type=radio]):not([type=hidden]), .field select, .field textarea")
      .filter(shown)
      .map((field) => ({ field: box(field), label: field.labels && field.labels[0] ? box(field.labels[0]) : null })),
    buttons: all("main button, main .button").filter(shown).map((element) => box(element)),
  };
})()`;

async function expectUsable(visit: Visit, name: string) {
  const { page } = visit;
  const facts = (await page.evaluate(READ_FACTS)) as Facts;
  expect(facts.overflow, `${name}: the page is wider than the screen`).toBeLessThanOrEqual(0);

  expect(facts.hidden.length, `${name}: the skip link is on the page`).toBeGreaterThan(0);
  for (const hidden of facts.hidden) {
    const offScreen = hidden.right <= 0 || (hidden.width <= 1 && hidden.height <= 1);
    expect(offScreen, `${name}: "${hidden.text}" is meant for screen readers only but shows`).toBe(true);
  }

  for (const [before, after] of facts.neighbours) {
    const sameLine = after.top < before.bottom && before.top < after.bottom && after.left >= before.left;
    if (sameLine) expect(after.left - before.right, `${name}: "${before.text}" and "${after.text}" run together`).toBeGreaterThanOrEqual(4);
  }
  expect(facts.notUnderlined, `${name}: links that look like text`).toEqual([]);

  for (const { field, label } of facts.fields) {
    expect(field.width, `${name}: the field after "${label?.text}" is too narrow to read`).toBeGreaterThanOrEqual(200);
    expect(label, `${name}: a field without a label`).not.toBeNull();
    expect(label!.bottom, `${name}: the label "${label!.text}" is not above its field`).toBeLessThanOrEqual(field.top + 1);
  }
  for (const button of facts.buttons) {
    expect(button.height, `${name}: the button "${button.text}" is too small to tap`).toBeGreaterThanOrEqual(32);
  }

  await screenshot(visit, `without-layers-${name}`);
  await assertAccessible(visit);
}

describe.each(JS_MODES)("pages in a browser without cascade layers (JavaScript $label)", ({ js, label }) => {
  test("home, signup step 1, sign in and the dashboard are usable at 360 px", async () => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      await page.setViewportSize({ width: 360, height: 740 });
      await readStylesWithoutLayers(page);
      for (const [name, path] of [
        ["home", "/"],
        ["signup-step1", "/start/step1"],
        ["signin", "/signin"],
      ] as const) {
        await page.goto(appUrl + path);
        await expectUsable(visit, name);
      }
      await signedInAccount(visit, appUrl, `layers-${label}`);
      await page.goto(`${appUrl}/dashboard`);
      await page.locator("main h1", { hasText: "Your requests" }).waitFor();
      await expectUsable(visit, "dashboard");
      assertNoErrors(visit);
    });
  });
});

describe("the base for browsers without cascade layers", () => {
  test("does not apply in a browser with cascade layers", async () => {
    await browser.visit({ js: false }, async (visit) => {
      await visit.page.goto(appUrl);
      const guards = await visit.page.evaluate(`[...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .filter((rule) => rule instanceof CSSSupportsRule && rule.conditionText.includes("text-emphasis"))
        .map((rule) => ({ condition: rule.conditionText, applies: CSS.supports(rule.conditionText) }))`);
      expect(guards).toEqual([{ condition: GUARD.slice("@supports ".length), applies: false }]);
    });
  });
});
