import { describe, expect, it } from "vitest";
import {
  agentRightInWords,
  legalRouteFor,
  lawById,
  lawOfState,
  STATE_PRIVACY_LAWS,
  type StatePrivacyLaw,
} from "~/domain/state-privacy-laws";

const on = new Date("2026-11-28T17:00:00Z");
const catalogs = { category: "catalogs" };
const charity = { category: "charities" };

describe("the reviewed data", () => {
  it("gives every law an id of its own, a state, a statute, a date in force, sources and a review date", () => {
    expect(new Set(STATE_PRIVACY_LAWS.map((law) => law.id)).size).toBe(STATE_PRIVACY_LAWS.length);
    expect(new Set(STATE_PRIVACY_LAWS.map((law) => law.state)).size).toBe(STATE_PRIVACY_LAWS.length);
    for (const law of STATE_PRIVACY_LAWS) {
      expect(law.state, law.id).toMatch(/^[A-Z]{2}$/);
      expect(law.statute, law.id).not.toBe("");
      expect(law.inForceFrom, law.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(law.reviewedOn, law.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(law.sources.length, law.id).toBeGreaterThan(0);
      for (const source of law.sources) expect(source.url, law.id).toMatch(/^https:\/\//);
      expect(law.responseDays, law.id).toBeGreaterThan(0);
      expect(law.responseInWords, law.id).toContain(String(law.responseDays));
    }
  });

  it("covers California, Colorado, Connecticut, Oregon, Texas and Virginia", () => {
    expect(["CA", "CO", "CT", "OR", "TX", "VA"].map((state) => lawOfState(state)?.state)).toEqual(["CA", "CO", "CT", "OR", "TX", "VA"]);
  });

  it("finds a law by its id, and nothing for an unknown one", () => {
    expect(lawById("ca-ccpa")?.state).toBe("CA");
    expect(lawById("xx-none")).toBeNull();
  });

  it("says California's agent proves authority by signed permission, citing the regulation", () => {
    expect(lawById("ca-ccpa")?.agentProof).toMatch(/signed permission.*§ 7063/i);
  });
});

describe("legalRouteFor", () => {
  it("sends in California to a catalog, asking to delete and to opt out of sale and sharing", () => {
    const route = legalRouteFor("CA", catalogs, on);
    expect(route).toMatchObject({ kind: "send", asks: "deleteAndOptOut", law: { id: "ca-ccpa" } });
  });

  it("reads the state in any case", () => {
    expect(legalRouteFor("ca", catalogs, on).kind).toBe("send");
  });

  it("sends an opt-out only where the law lets an agent do no more", () => {
    for (const state of ["CO", "CT", "OR", "TX"])
      expect(legalRouteFor(state, catalogs, on), state).toMatchObject({ kind: "send", asks: "optOut" });
  });

  it("never sends in Virginia, where no agent may act for an adult", () => {
    expect(legalRouteFor("VA", catalogs, on).kind).toBe("agentNotAllowed");
    expect(legalRouteFor("VA", { category: "data-broker" }, on).kind).toBe("agentNotAllowed");
  });

  it("never sends for a state without a law in the data", () => {
    expect(legalRouteFor("IL", catalogs, on).kind).toBe("noLaw");
    expect(legalRouteFor("", catalogs, on).kind).toBe("noLaw");
  });

  it("never sends before the law is in force, and sends from its first day in the state's own zone", () => {
    expect(legalRouteFor("OR", catalogs, new Date("2024-06-30T12:00:00Z")).kind).toBe("notInForce");
    // 06:30 UTC on July 1 is still June 30 in Oregon.
    expect(legalRouteFor("OR", catalogs, new Date("2024-07-01T06:30:00Z")).kind).toBe("notInForce");
    expect(legalRouteFor("OR", catalogs, new Date("2024-07-01T08:00:00Z")).kind).toBe("send");
  });

  it("waits for agent provisions that took effect after the law", () => {
    expect(legalRouteFor("TX", catalogs, new Date("2024-09-01T12:00:00Z")).kind).toBe("notInForce");
    expect(legalRouteFor("TX", catalogs, new Date("2025-01-02T12:00:00Z")).kind).toBe("send");
  });

  it("never sends to a charity where the law exempts nonprofits", () => {
    for (const state of ["CA", "CT", "TX"]) expect(legalRouteFor(state, charity, on).kind, state).toBe("senderExempt");
  });

  it("sends to a charity where the law covers nonprofits, but not before it does", () => {
    expect(legalRouteFor("CO", charity, on).kind).toBe("send");
    expect(legalRouteFor("OR", charity, new Date("2025-03-01T12:00:00Z")).kind).toBe("senderExempt");
    expect(legalRouteFor("OR", charity, on).kind).toBe("send");
  });

  it("does not send to a sender of unknown category where nonprofits are exempt: it could be one", () => {
    expect(legalRouteFor("CA", { category: null }, on).kind).toBe("unclear");
    expect(legalRouteFor("CO", { category: null }, on).kind).toBe("send");
  });

  describe("with unclear data", () => {
    // The same rule reads every law: a copy with unclear facts must never send.
    const withLaw = (changes: Partial<StatePrivacyLaw>) => {
      const law = STATE_PRIVACY_LAWS.find((candidate) => candidate.state === "CO")!;
      const saved = { ...law };
      Object.assign(law, changes);
      try {
        return { catalog: legalRouteFor("CO", catalogs, on).kind, charity: legalRouteFor("CO", charity, on).kind };
      } finally {
        Object.assign(law, saved);
      }
    };

    it("never sends where whether an agent may act is unclear", () => {
      expect(withLaw({ agent: "unclear" })).toEqual({ catalog: "unclear", charity: "unclear" });
    });

    it("never sends to a charity where whether nonprofits are exempt is unclear", () => {
      expect(withLaw({ nonprofitsExempt: "unclear" })).toEqual({ catalog: "send", charity: "unclear" });
    });
  });

  it("gives a reason whenever it does not send", () => {
    const route = legalRouteFor("VA", catalogs, on);
    expect(route.kind !== "send" && route.reason).toMatch(/Virginia/);
  });
});

describe("agentRightInWords", () => {
  it("says what the person's state lets an agent ask, and when it lets no agent act or has no law", () => {
    expect(agentRightInWords("CA", on)).toBe(
      "In your state, the California Consumer Privacy Act lets an agent ask a company to delete your data and stop selling or sharing it. It does not cover charities and other nonprofits.",
    );
    expect(agentRightInWords("CO", on)).toBe(
      "In your state, the Colorado Privacy Act lets an agent ask a company to stop selling your data.",
    );
    expect(agentRightInWords("VA", on)).toMatch(
      /gives no authorized agent a right to act for an adult\. So no request under it goes out for you\.$/,
    );
    expect(agentRightInWords("IL", on)).toMatch(/^We know of no law in your state/);
  });
});
