import { describe, expect, it } from "vitest";
import { channelKindsChanged, normalizePostalAddress } from "./sender-channels";

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

describe("channelKindsChanged", () => {
  const email = { kind: "email" as const, value: "optout@acme.example" };
  const mail = { kind: "mail" as const, value: "Acme, P.O. Box 1, Springfield, IL 62701" };
  it("names the kinds whose addresses staff changed, added or removed, and no other", () => {
    expect(channelKindsChanged([email, mail], [{ ...email, value: "privacy@acme.example" }, mail])).toEqual(["email"]);
    expect(channelKindsChanged([email], [email, mail])).toEqual(["mail"]);
    expect(channelKindsChanged([email, mail], [mail])).toEqual(["email"]);
    expect(channelKindsChanged(null, [email])).toEqual(["email"]);
  });
  it("does not count a note, the case or spaces as a change of address", () => {
    expect(channelKindsChanged([email], [{ ...email, value: " OptOut@acme.example ", note: "their privacy team" }])).toEqual([]);
  });
});
