import { describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import { templateFromSender, type CatalogSender } from "~/domain/sender-catalog";

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

  it("keeps a missing source year as unknown rather than guessing", () => {
    expect(byId("clipper-magazine").sourceYear).toBeNull();
  });
});
