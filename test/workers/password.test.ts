import { describe, expect, it } from "vitest";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "~/utils/password.server";

describe("password hashing in workerd", () => {
  it("verifies the right password, refuses a wrong one, and salts every hash", async () => {
    const started = performance.now();
    const hash = await hashPassword("correct horse");
    const elapsed = performance.now() - started;
    console.log(`scrypt N=2^14 r=8 p=5 in workerd: ${elapsed.toFixed(0)} ms per hash`);
    expect(hash).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct horsE", hash)).toBe(false);
    expect(await hashPassword("correct horse")).not.toBe(hash);
  });

  it("refuses malformed hashes and the dummy hash", async () => {
    expect(await verifyPassword("x", "bcrypt$whatever")).toBe(false);
    expect(await verifyPassword("", DUMMY_PASSWORD_HASH)).toBe(false);
  });
});
