import { describe, expect, it } from "vitest";
import { getDb } from "~/utils/db.server";

// Only the binding's identity matters here: no statement is run.
const binding = () => ({}) as unknown as D1Database;

describe("getDb", () => {
  it("makes one database per binding and hands it out again", () => {
    const first = binding();
    const second = binding();
    expect(getDb(first)).toBe(getDb(first));
    expect(getDb(second)).not.toBe(getDb(first));
  });
});
