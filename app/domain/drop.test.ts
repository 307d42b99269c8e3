import { describe, expect, it } from "vitest";
import { dropGuideFor, dropReaches } from "~/domain/drop";

describe("dropGuideFor", () => {
  it("shows DROP to every Californian, before any request", () => {
    expect(dropGuideFor("CA")).toBe(true);
    expect(dropGuideFor("California")).toBe(true);
  });

  it("does not show it to someone outside California", () => {
    expect(dropGuideFor("TX")).toBe(false);
    expect(dropGuideFor("")).toBe(false);
  });
});

describe("dropReaches", () => {
  it("reaches, for a Californian, the senders the catalog files as data brokers, and no others", () => {
    expect(dropReaches("CA", "data-broker")).toBe(true);
    expect(dropReaches("CA", "coupons")).toBe(false);
    expect(dropReaches("CA", null)).toBe(false);
    expect(dropReaches("IL", "data-broker")).toBe(false);
  });
});
