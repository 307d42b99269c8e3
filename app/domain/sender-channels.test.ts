import { describe, expect, it } from "vitest";
import { channelKindsChanged, normalizePostalAddress, whyRequestsWaitForStaff } from "./sender-channels";

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

describe("whyRequestsWaitForStaff", () => {
  const mail = { kind: "mail" as const, value: "Acme, PO Box 1, Springfield, IL 62701" };
  const email = { kind: "email" as const, value: "optout@acme.example" };

  it("is nothing when the requests go by themselves", () => {
    expect(whyRequestsWaitForStaff({ channels: [email], acceptsAgent: "yes", consumerFiles: false }, false)).toBeNull();
    expect(whyRequestsWaitForStaff({ channels: [mail], acceptsAgent: "unknown", consumerFiles: false }, true)).toBeNull();
  });

  it("names what holds them back", () => {
    expect(whyRequestsWaitForStaff({ channels: [mail], acceptsAgent: "unknown", consumerFiles: false }, false)).toContain("LOB_API_KEY");
    expect(whyRequestsWaitForStaff({ channels: [email], acceptsAgent: "unknown", consumerFiles: false }, true)).toContain(
      "takes requests from agents",
    );
    expect(whyRequestsWaitForStaff({ channels: [], acceptsAgent: "unknown", consumerFiles: false }, true)).toContain(
      "No channel goes without staff",
    );
    expect(
      whyRequestsWaitForStaff({ channels: [mail], acceptsAgent: "unknown", consumerFiles: false, channelProblems: ["mail"] }, true),
    ).toContain("No channel goes without staff");
    expect(whyRequestsWaitForStaff({ channels: [mail], acceptsAgent: "unknown", consumerFiles: true }, true)).toContain("files requests");
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
