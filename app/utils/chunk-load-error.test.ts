import { describe, expect, it } from "vitest";
import { isChunkLoadError } from "~/utils/chunk-load-error";

describe("isChunkLoadError", () => {
  it.each([
    new TypeError("Failed to fetch dynamically imported module: https://example.test/assets/root-abc.js"),
    new TypeError("error loading dynamically imported module"),
    new TypeError("Importing a module script failed."),
  ])("recognises %s", (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it("leaves other errors to the generic screen", () => {
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });
});
