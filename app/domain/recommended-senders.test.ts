import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { RECOMMENDED_SENDERS, recommendedRequests } from "~/domain/recommended-senders";
import type { CatalogSender } from "~/domain/sender-catalog";

const preset = (
  templateId: string | null,
  overrides: Partial<{ status: "inQueue" | "cancelled" | null; consumerFiles: boolean }> = {},
) => ({
  id: `request-${templateId}`,
  templateId,
  status: null,
  consumerFiles: false,
  ...overrides,
});

const signupPresets = ["acxiom", "alliant", "epsilon", "harte-hanks", "wiland", "zeta"].map((id) => preset(id));
const recommendedIds = (rows: ReturnType<typeof preset>[]) => recommendedRequests(rows).map(({ request }) => request.templateId);

describe("the recommended first requests", () => {
  it("recommends the three list cooperatives to a new account, best first, each with its reason", () => {
    const recommended = recommendedRequests(signupPresets);
    expect(recommended.map(({ request }) => request.templateId)).toEqual(["epsilon", "wiland", "alliant"]);
    for (const { reason } of recommended) expect(reason).toMatch(/^[A-Z].{20,140}\.$/);
  });

  it("recommends only the rest once some were sent, cancelled or deleted", () => {
    const rows = signupPresets.map((row) => (row.templateId === "epsilon" ? { ...row, status: "inQueue" as const } : row));
    expect(recommendedIds(rows)).toEqual(["wiland", "alliant"]);
    const cancelled = rows.map((row) => (row.templateId === "wiland" ? { ...row, status: "cancelled" as const } : row));
    expect(recommendedIds(cancelled)).toEqual(["alliant"]);
    expect(recommendedIds(cancelled.filter((row) => row.templateId !== "alliant"))).toEqual([]);
  });

  it("never recommends a sender the person must file themselves, nor one the account has no request for", () => {
    expect(recommendedIds([preset("epsilon", { consumerFiles: true }), preset("wiland")])).toEqual(["wiland"]);
    expect(recommendedIds([preset("acxiom"), preset(null)])).toEqual([]);
  });

  it("names senders every new account is given, which the service sends itself and the catalog calls cooperatives", () => {
    const catalog = JSON.parse(readFileSync(new URL("../../drizzle/senders.json", import.meta.url), "utf8")) as {
      senders: CatalogSender[];
    };
    for (const { templateId } of RECOMMENDED_SENDERS) {
      const sender = catalog.senders.find((candidate) => candidate.id === templateId);
      expect(sender, templateId).toBeDefined();
      expect(sender!.at_signup, templateId).toBe(true);
      expect(sender!.agent, templateId).not.toBe("no");
      expect(sender!.channels.length, templateId).toBeGreaterThan(0);
      expect(`${sender!.name} ${sender!.covers}`, templateId).toMatch(/cooperative/i);
    }
  });
});
