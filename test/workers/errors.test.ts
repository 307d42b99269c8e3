import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../app/worker";
import { sessionCookieFor } from "./support";

const brokenDatabase = new Proxy(
  {},
  {
    get() {
      return () => {
        throw new Error("D1_ERROR: database is locked at secret/path.ts:42");
      };
    },
  },
);

describe("server errors", () => {
  it("show the friendly error page with status 500 and never the error or its stack", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const request = new Request("https://example.test/recipients/edit/abc", {
      headers: { Cookie: await sessionCookieFor("user-with-a-broken-database") },
    }) as Request<unknown, IncomingRequestCfProperties>;
    const response = await worker.fetch(request, { ...env, DB: brokenDatabase }, createExecutionContext());
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("Something went wrong on our side");
    expect(html).not.toContain("database is locked");
    expect(html).not.toContain("secret/path.ts");
    // The operator still gets the reason, with the path and without the query string.
    expect(logged).toHaveBeenCalledWith("error on GET /recipients/edit/abc:", expect.stringContaining("database is locked"));
  });
});
