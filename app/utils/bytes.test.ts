import { describe, expect, it } from "vitest";
import { readAtMost } from "~/utils/bytes";

/** A stream of `count` chunks of `size` bytes that remembers how many were read and whether it was cancelled. */
function countedStream(count: number, size: number) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === count) return controller.close();
      seen.pulled += 1;
      controller.enqueue(new Uint8Array(size).fill(seen.pulled));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

describe("readAtMost", () => {
  it("reads a stream within the limit whole", async () => {
    const { stream, seen } = countedStream(3, 4);
    expect(Array.from((await readAtMost(stream, 12))!)).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
    expect(seen).toEqual({ pulled: 3, cancelled: false });
  });

  it("answers null past the limit, and cancels at once unless told to read on", async () => {
    const { stream, seen } = countedStream(10, 4);
    expect(await readAtMost(stream, 8)).toBeNull();
    expect(seen).toEqual({ pulled: 3, cancelled: true });
  });

  it("reads the rest of a stream over the limit to its end when it stays within what may be drained", async () => {
    const { stream, seen } = countedStream(10, 4);
    expect(await readAtMost(stream, 8, { drainUpTo: 40 })).toBeNull();
    expect(seen).toEqual({ pulled: 10, cancelled: false });
  });

  it("gives up on a stream longer than what may be drained", async () => {
    const { stream, seen } = countedStream(100, 4);
    expect(await readAtMost(stream, 8, { drainUpTo: 20 })).toBeNull();
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(100);
  });
});
