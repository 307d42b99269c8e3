import { describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import { CATALOG_SENDERS } from "../../drizzle/catalog";
import { senderAddressForLob } from "~/domain/letter-by-post";
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

describe("the catalog's postal addresses", () => {
  const postal = CATALOG_SENDERS.flatMap((sender) =>
    sender.channels.filter((channel) => channel.kind === "mail").map((channel) => ({ sender, channel })),
  );

  it("are each one U.S. address Lob can take, company first and city, state and ZIP last", () => {
    expect(postal.length).toBeGreaterThan(0);
    const refused = postal.filter(({ sender, channel }) => senderAddressForLob(channel.value, sender.name) === null);
    expect(refused.map(({ sender, channel }) => `${sender.id}: ${channel.value}`)).toEqual([]);
  });

  it("name the page each was read from, with the day it was checked, where the sender's own source does not cover it", () => {
    const unsourced = postal.filter(({ sender, channel }) => !channel.source && !sender.source);
    // Addresses gathered before channels carried their own source: no page stating them was found again.
    expect(unsourced.map(({ sender }) => sender.id).sort()).toEqual(
      ["alliant", "epsilon", "experian-marketing", "transunion-marketing", "wiland"].sort(),
    );
    for (const { channel } of postal.filter(({ channel }) => channel.source)) {
      expect(channel.source).toMatch(/^https?:\/\/\S+$/);
      expect(channel.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});
