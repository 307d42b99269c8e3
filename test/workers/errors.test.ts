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
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^\[[\w-]+\] error on GET \/recipients\/edit\/abc: .*database is locked/));
  });

  it("carry one request id in the answer's header, on the error page and on every line logged", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const request = new Request("https://example.test/recipients/edit/abc", {
      headers: { Cookie: await sessionCookieFor("user-quoting-a-reference") },
    }) as Request<unknown, IncomingRequestCfProperties>;
    const response = await worker.fetch(request, { ...env, DB: brokenDatabase }, createExecutionContext());
    const requestId = response.headers.get("X-Request-Id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.text()).toContain(`quote this reference: ${requestId}`);
    const lines = logged.mock.calls.map(([line]) => String(line));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.startsWith(`[${requestId}] `)).toBe(true);
  });

  it("take Cloudflare's Ray ID as the request id, also on the plain pages the Worker builds itself", async () => {
    const request = new Request("https://example.test/signin", { method: "DELETE", headers: { "cf-ray": "8f1e2d3c4b5a6978-EWR" } });
    const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env, createExecutionContext());
    expect(response.status).toBe(405);
    expect(response.headers.get("X-Request-Id")).toBe("8f1e2d3c4b5a6978-EWR");
    expect(await response.text()).toContain("quote this reference: 8f1e2d3c4b5a6978-EWR");
  });
});
