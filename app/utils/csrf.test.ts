import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "~/utils/csrf.server";

const post = (path: string, headers: Record<string, string>) => new Request(`https://app.test${path}`, { method: "POST", headers });

describe("isCrossSiteRequest", () => {
  it("lets same-origin posts and every GET through", () => {
    expect(isCrossSiteRequest(post("/signin", { Origin: "https://app.test", "Sec-Fetch-Site": "same-origin" }))).toBe(false);
    expect(isCrossSiteRequest(post("/signin", { Origin: "https://app.test" }))).toBe(false);
    expect(isCrossSiteRequest(new Request("https://app.test/signin", { headers: { Origin: "https://evil.test" } }))).toBe(false);
  });

  it("refuses another origin, and another site even on the same registrable domain", () => {
    expect(isCrossSiteRequest(post("/signin", { Origin: "https://evil.test" }))).toBe(true);
    expect(isCrossSiteRequest(post("/signin", { Origin: "null" }))).toBe(true);
    expect(isCrossSiteRequest(post("/signin", { "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossSiteRequest(post("/signin", { "Sec-Fetch-Site": "same-site", Origin: "https://app.test" }))).toBe(true);
  });

  it("leaves signed webhooks, which carry no Origin, to their signature check, and refuses one from a browser on another site", () => {
    expect(isCrossSiteRequest(post("/api/webhooks/stripe", {}))).toBe(false);
    expect(isCrossSiteRequest(post("/api/webhooks/stripe", { Origin: "https://evil.test" }))).toBe(true);
  });
});
