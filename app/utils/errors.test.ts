import { describe, expect, it } from "vitest";
import { parseRetryAfter, vendorRetryAfterSeconds } from "~/utils/errors";

describe("Retry-After", () => {
  it("reads delta-seconds and HTTP dates, and nothing else", () => {
    const now = Date.parse("2026-11-24T12:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter("Tue, 24 Nov 2026 12:01:30 GMT", now)).toBe(90);
    expect(parseRetryAfter("Tue, 24 Nov 2026 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
  });

  it("is read off a vendor error only when it is a positive number of seconds", () => {
    const withWait = (retryAfterSeconds: unknown) => Object.assign(new Error("busy"), { retryAfterSeconds });
    expect(vendorRetryAfterSeconds(withWait(2.5))).toBe(3);
    expect(vendorRetryAfterSeconds(withWait(0))).toBeNull();
    expect(vendorRetryAfterSeconds(withWait(null))).toBeNull();
    expect(vendorRetryAfterSeconds(new Error("plain"))).toBeNull();
    expect(vendorRetryAfterSeconds("not an error")).toBeNull();
  });
});
