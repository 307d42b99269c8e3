import { describe, expect, it } from "vitest";
import { chunkForD1 } from "~/utils/d1";

describe("chunkForD1", () => {
  it("keeps every chunk within 100 bound parameters", () => {
    const rows = Array.from({ length: 23 }, (_, index) => index);
    const chunks = chunkForD1(rows, 17);
    expect(chunks.map((chunk) => chunk.length)).toEqual([5, 5, 5, 5, 3]);
    expect(chunks.flat()).toEqual(rows);
  });

  it("still makes progress when one row has more than 100 columns", () => {
    expect(chunkForD1([1, 2], 150)).toEqual([[1], [2]]);
  });
});
