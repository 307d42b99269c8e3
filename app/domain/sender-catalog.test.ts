import { describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import { goesByPrivacyRequestMethod, templateFromSender, type CatalogSender } from "~/domain/sender-catalog";

const senders = catalog.senders as CatalogSender[];
const byId = (id: string) => templateFromSender(senders.find((sender) => sender.id === id)!);

describe("templateFromSender", () => {
  it("splits the confidence level from its note", () => {
    expect(byId("money-mailer")).toMatchObject({ confidence: "low", notes: "no current opt-out channel found", isActive: false });
    expect(byId("epsilon")).toMatchObject({ confidence: "medium", notes: null, isActive: true, sourceYear: 2020 });
  });

  it("hands senders that ask for an SSN or a date of birth to the consumer", () => {
    expect(byId("optoutprescreen").consumerFiles).toBe(true);
    expect(byId("acxiom").consumerFiles).toBe(false);
  });

  it("hands a sender asking a fee to the consumer, but no longer one that only refuses agents (decision 0066)", () => {
    expect(byId("dmachoice")).toMatchObject({ acceptsAgent: "no", consumerFiles: true });
    expect(byId("catalogchoice")).toMatchObject({ acceptsAgent: "no", consumerFiles: false });
  });

  it("keeps a missing source year as unknown rather than guessing", () => {
    expect(byId("clipper-magazine").sourceYear).toBeNull();
  });
});

describe("the privacy-request method", () => {
  const email = { kind: "email" as const, value: "privacy@acme.example", source: "https://acme.example/privacy" };
  const channels = [
    { kind: "email" as const, value: "Privacy@Acme.example " },
    { kind: "mail" as const, value: "Acme, P.O. Box 1, Springfield, IL 62701" },
  ];

  it("is unknown by default: no catalog sender has one without a source", () => {
    expect(byId("epsilon").privacyRequestMethod).toBeNull();
    const withMethod = templateFromSender({ ...senders.find((sender) => sender.id === "epsilon")!, privacy_request: email });
    expect(withMethod.privacyRequestMethod).toEqual(email);
  });

  it("is the way a request goes only where the channel used is that method, kind and address alike", () => {
    expect(goesByPrivacyRequestMethod({ channels, acceptsAgent: "yes", privacyRequestMethod: email })).toBe(true);
    // A sender that refuses agents gets a letter, not the email the notice names.
    expect(goesByPrivacyRequestMethod({ channels, acceptsAgent: "no", privacyRequestMethod: email })).toBe(false);
    expect(
      goesByPrivacyRequestMethod({ channels, acceptsAgent: "yes", privacyRequestMethod: { ...email, value: "dsr@acme.example" } }),
    ).toBe(false);
    expect(goesByPrivacyRequestMethod({ channels, acceptsAgent: "yes", privacyRequestMethod: null })).toBe(false);
  });
});
