import { describe, expect, it } from "vitest";
import { dropGuideFor } from "~/domain/drop";

describe("dropGuideFor", () => {
  it("guides a Californian who asked a data broker to stop", () => {
    expect(dropGuideFor("CA", ["catalogs", "data-broker"])).toBe(true);
    expect(dropGuideFor("California", ["data-broker"])).toBe(true);
  });

  it("does not guide someone outside California, or without a data broker among their senders", () => {
    expect(dropGuideFor("TX", ["data-broker"])).toBe(false);
    expect(dropGuideFor("CA", ["catalogs", null, "charities"])).toBe(false);
    expect(dropGuideFor("CA", [])).toBe(false);
  });
});
