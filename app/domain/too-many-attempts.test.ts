import { describe, expect, it } from "vitest";
import { MINUTE_MS } from "./dates";
import { tooManyAttemptsMessage, tryAgainIn } from "./too-many-attempts";

describe("the message of a limit", () => {
  it("says the wait in whole minutes, rounded up, and never less than one", () => {
    expect(tryAgainIn(0)).toBe("1 minute");
    expect(tryAgainIn(1_000)).toBe("1 minute");
    expect(tryAgainIn(MINUTE_MS + 1)).toBe("2 minutes");
    expect(tryAgainIn(15 * MINUTE_MS)).toBe("15 minutes");
  });

  it("says what happened and when to try again", () => {
    expect(tooManyAttemptsMessage(59 * MINUTE_MS + 1)).toBe("Too many attempts. Please try again in 60 minutes.");
  });
});
