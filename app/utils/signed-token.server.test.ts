import { describe, expect, it } from "vitest";
import { readToken, signToken } from "./signed-token.server";

const SECRET = "a-test-secret-of-enough-length";

describe("signed tokens", () => {
  it("give back the subject they were signed for, and carry only URL-safe characters", async () => {
    const token = await signToken(SECRET, "reminders-unsubscribe", "6f1c2d3e-user");
    expect(token).toMatch(/^6f1c2d3e-user\.[\w-]{43}$/);
    expect(await readToken(SECRET, "reminders-unsubscribe", token)).toBe("6f1c2d3e-user");
  });

  it("refuse a changed subject, a changed signature, another secret and malformed text", async () => {
    const token = await signToken(SECRET, "reminders-unsubscribe", "user-a");
    const [, signature] = token.split(".");
    expect(await readToken(SECRET, "reminders-unsubscribe", `user-b.${signature}`)).toBeNull();
    const flipped = signature!.startsWith("A") ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    expect(await readToken(SECRET, "reminders-unsubscribe", `user-a.${flipped}`)).toBeNull();
    expect(await readToken("another-secret-of-enough-length", "reminders-unsubscribe", token)).toBeNull();
    for (const malformed of ["", "user-a", ".abc", "user-a.", "user-a.a", "user-a.not base64!", `user-a.${signature}=`]) {
      expect(await readToken(SECRET, "reminders-unsubscribe", malformed), malformed).toBeNull();
    }
  });
});
