import { describe, expect, it } from "vitest";
import { normalizePostalAddress } from "./sender-channels";

describe("normalizePostalAddress", () => {
  it("reads two spellings of one envelope as the same address", () => {
    expect(normalizePostalAddress("Lands' End, P.O. Box 1000, Dodgeville, WI 53595")).toBe(
      normalizePostalAddress("LANDS END  PO Box 1000 Dodgeville WI 53595"),
    );
    expect(normalizePostalAddress("1 Lands End Lane, Suite 2, Dodgeville, WI")).toBe("1 lands end ln ste 2 dodgeville wi");
  });

  it("keeps different addresses apart", () => {
    expect(normalizePostalAddress("PO Box 1000, Dodgeville, WI 53595")).not.toBe(
      normalizePostalAddress("PO Box 1001, Dodgeville, WI 53595"),
    );
  });
});
