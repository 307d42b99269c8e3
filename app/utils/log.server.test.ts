import { afterEach, describe, expect, it, vi } from "vitest";
import { currentRequestId, formatLine, keepRequestId, log, requestIdOf, withRequestId } from "~/utils/log.server";

afterEach(() => vi.restoreAllMocks());

describe("log lines", () => {
  it("start with the id of the request being answered, however deep the call", async () => {
    const logged = vi.spyOn(console, "warn").mockImplementation(() => {});
    await withRequestId("ray-1", async () => {
      await Promise.resolve();
      log.warn("job ping failed:", new Error("timed out"));
    });
    expect(logged).toHaveBeenCalledWith("[ray-1] job ping failed: Error: timed out");
  });

  it("carry no id outside a request (a queue batch, a cron)", () => {
    expect(formatLine(["sweep: 2 stuck jobs sent again"])).toBe("sweep: 2 stuck jobs sent again");
  });

  it("keep the id in a callback called after the request's own code returned", async () => {
    const later = withRequestId("ray-2", () => keepRequestId(() => currentRequestId()));
    expect(currentRequestId()).toBeUndefined();
    expect(later()).toBe("ray-2");
  });

  it("mask an email address that an error message carries", () => {
    expect(formatLine(["Mailchimp answered 400: grace.hopper+mail@example.com is already a list member"], "r")).toBe(
      "[r] Mailchimp answered 400: [email] is already a list member",
    );
  });
});

describe("the request id", () => {
  it("is Cloudflare's Ray ID when the request has one, else a fresh UUID", () => {
    expect(requestIdOf(new Request("https://example.test/", { headers: { "cf-ray": "8f1e2d3c4b5a6978-EWR" } }))).toBe(
      "8f1e2d3c4b5a6978-EWR",
    );
    const first = requestIdOf(new Request("https://example.test/"));
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(requestIdOf(new Request("https://example.test/"))).not.toBe(first);
  });
});
