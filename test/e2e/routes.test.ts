// Journey (e): every path of the product rules' route table answers (not 404, no server error).
import type { Response } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { assertNoErrors, JS_MODES, useBrowser } from "./browser";

const appUrl = inject("appUrl");

const SPEC_ROUTES = [
  "/",
  "/dashboard",
  "/requests/add",
  "/recipients",
  "/recipients/add",
  "/recipients/edit/abc",
  "/learn",
  "/start/step1",
  "/start/step2",
  "/subscription",
  "/signin",
  "/password/forgot",
  "/password/reset",
  "/terms",
  "/privacy",
  "/sitemap",
  "/admin",
];

const browser = useBrowser();

/** Every response on the way, redirects included: "GET /dashboard 302", then "GET /signin 200". */
async function responseChain(final: Response | null): Promise<string[]> {
  const chain: string[] = [];
  let request = final?.request() ?? null;
  while (request) {
    const response = await request.response();
    chain.unshift(`${request.method()} ${new URL(request.url()).pathname} ${response?.status() ?? "no response"}`);
    request = request.redirectedFrom();
  }
  return chain;
}

describe.each(JS_MODES)("route table (JavaScript $label)", ({ js }) => {
  test.each(SPEC_ROUTES)("%s answers", async (path) => {
    await browser.visit({ js }, async (visit) => {
      const { page } = visit;
      const response = await page.goto(appUrl + path);
      const chain = await responseChain(response);
      expect(chain.length, "responses").toBeGreaterThan(0);
      for (const step of chain) {
        const status = Number(step.split(" ").pop());
        expect(status === 404 || status >= 500 || Number.isNaN(status), step).toBe(false);
      }
      assertNoErrors(visit);
    });
  });
});
