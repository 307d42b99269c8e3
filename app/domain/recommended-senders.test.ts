import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import type { SenderChannel } from "../../drizzle/schema";
import { RECOMMENDED_COUNT, RECOMMENDED_SENDERS, reachRank, recommendedRequests } from "~/domain/recommended-senders";
import type { CatalogSender } from "~/domain/sender-catalog";

const catalog = JSON.parse(readFileSync(new URL("../../drizzle/senders.json", import.meta.url), "utf8")) as {
  senders: CatalogSender[];
};
const catalogSender = (id: string) => catalog.senders.find((candidate) => candidate.id === id);

type Row = {
  id: string;
  templateId: string | null;
  status: "inQueue" | "cancelled" | null;
  consumerFiles: boolean;
  category: string | null;
  channels: SenderChannel[] | null;
};

/** A request of a new account to a catalog sender, with the catalog's category and channels. */
const preset = (templateId: string | null, overrides: Partial<Row> = {}): Row => {
  const sender = templateId ? catalogSender(templateId) : undefined;
  return {
    id: `request-${templateId}`,
    templateId,
    status: null,
    consumerFiles: false,
    category: sender?.category ?? null,
    channels: (sender?.channels as SenderChannel[] | undefined) ?? null,
    ...overrides,
  };
};

// Every sender a new account is given, as the signup catalog lists them.
const signupPresets = catalog.senders.filter((sender) => sender.at_signup).map((sender) => preset(sender.id));
const ILLINOIS = { state: "IL" };
const CALIFORNIA = { state: "CA" };
const recommendedIds = (rows: Row[], where = ILLINOIS) => recommendedRequests(rows, where).map(({ request }) => request.templateId);

describe("the recommended first requests", () => {
  it("recommends the three list cooperatives to a new account outside California, best first, each with its reason", () => {
    const recommended = recommendedRequests(signupPresets, ILLINOIS);
    expect(recommended.map(({ request }) => request.templateId)).toEqual(["epsilon", "wiland", "alliant"]);
    for (const { reason } of recommended) expect(reason).toMatch(/^[A-Z].{20,140}\.$/);
  });

  it("recommends to a Californian senders DROP does not reach, ahead of every data broker", () => {
    const recommended = recommendedIds(signupPresets, CALIFORNIA);
    expect(recommended).toEqual(["harte-hanks", "vericast-save", "valpak"]);
    for (const id of recommended) expect(catalogSender(id!)!.category, id!).not.toBe("data-broker");
    // "California" spelled out is the same state.
    expect(recommendedIds(signupPresets, { state: "California" })).toEqual(recommended);
  });

  it("recommends a data broker to a Californian only once no sender DROP leaves out is left to recommend", () => {
    const fewer = signupPresets.filter((row) => !["vericast-save", "valpak"].includes(row.templateId!));
    expect(recommendedIds(fewer, CALIFORNIA)).toEqual(["harte-hanks", "epsilon", "wiland"]);
  });

  it("puts a sender the service reaches at once before one that waits for our staff", () => {
    const formOnly: SenderChannel[] = [{ kind: "web", value: "https://legal.epsilon.com/dsr/" }];
    expect(recommendedIds(signupPresets.map((row) => (row.templateId === "epsilon" ? { ...row, channels: formOnly } : row)))).toEqual([
      "wiland",
      "alliant",
      "harte-hanks",
    ]);
    // A postal address only goes by letter: after the senders with an email address.
    const postalOnly = (row: Row): Row => ({ ...row, channels: (row.channels ?? []).filter((channel) => channel.kind === "mail") });
    expect(
      recommendedIds(
        signupPresets.map((row) => (row.templateId === "harte-hanks" ? postalOnly(row) : row)),
        CALIFORNIA,
      ),
    ).toEqual(["vericast-save", "valpak", "harte-hanks"]);
    expect([
      reachRank([{ kind: "email", value: "a@b.example" }]),
      reachRank([{ kind: "mail", value: "PO Box 1" }]),
      reachRank(null),
    ]).toEqual([0, 1, 2]);
  });

  it("recommends only the rest once some were sent, cancelled or deleted, without bringing in others", () => {
    const rows = signupPresets.map((row) => (row.templateId === "epsilon" ? { ...row, status: "inQueue" as const } : row));
    expect(recommendedIds(rows)).toEqual(["wiland", "alliant"]);
    const cancelled = rows.map((row) => (row.templateId === "wiland" ? { ...row, status: "cancelled" as const } : row));
    expect(recommendedIds(cancelled)).toEqual(["alliant"]);
    expect(recommendedIds(cancelled.map((row) => (row.templateId === "alliant" ? { ...row, status: "inQueue" as const } : row)))).toEqual(
      [],
    );
  });

  it("never recommends a sender the person must file themselves, nor one the account has no request for", () => {
    expect(recommendedIds([preset("epsilon", { consumerFiles: true }), preset("wiland")])).toEqual(["wiland"]);
    expect(recommendedIds([preset("acxiom"), preset(null)])).toEqual([]);
  });

  it("names senders every new account is given, which the service reaches at once, with a reason from the catalog's own words", () => {
    expect(RECOMMENDED_SENDERS.length).toBeGreaterThanOrEqual(2 * RECOMMENDED_COUNT);
    for (const { templateId } of RECOMMENDED_SENDERS) {
      const sender = catalogSender(templateId);
      expect(sender, templateId).toBeDefined();
      expect(sender!.at_signup, templateId).toBe(true);
      expect(sender!.agent, templateId).not.toBe("no");
      expect(reachRank(sender!.channels as SenderChannel[]), templateId).toBe(0);
    }
    // The first ones are the cooperatives; enough of the rest are not data brokers for a Californian's first three.
    for (const { templateId } of RECOMMENDED_SENDERS.slice(0, RECOMMENDED_COUNT)) {
      const sender = catalogSender(templateId)!;
      expect(`${sender.name} ${sender.covers}`, templateId).toMatch(/cooperative/i);
    }
    expect(
      RECOMMENDED_SENDERS.filter(({ templateId }) => catalogSender(templateId)!.category !== "data-broker").length,
    ).toBeGreaterThanOrEqual(RECOMMENDED_COUNT);
  });
});
