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

  it("covers the later laws whose agents may opt out, and those in force in 2026, each with what no source settles marked unclear", () => {
    const agents = Object.fromEntries(
      ["NJ", "MT", "DE", "NH", "MN", "MD", "IN", "KY", "RI", "TN", "IA", "NE"].map((state) => [state, lawOfState(state)?.agent]),
    );
    expect(agents).toEqual({
      NJ: "optOutOnly",
      MT: "optOutOnly",
      DE: "optOutOnly",
      NH: "optOutOnly",
      MD: "optOutOnly",
      MN: "unclear",
      IN: "none",
      KY: "unclear",
      RI: "unclear",
      TN: "unclear",
      IA: "none",
      NE: "unclear",
    });
    expect(lawOfState("NJ")).toMatchObject({
      agentSection: "N.J. Stat. § 56:8-166.11(a)",
      inForceFrom: "2025-01-15",
      nonprofitsExempt: false,
    });
    expect(lawOfState("MD")).toMatchObject({ agentSection: "Md. Code, Com. Law § 14-4706", inForceFrom: "2025-10-01" });
    expect(lawOfState("MT")).toMatchObject({ agentSection: "Mont. Code Ann. § 30-14-2809", inForceFrom: "2024-10-01" });
  });

  it("cites Texas as codified, with the agent in § 541.055(e) from 2025, and California's rights from 2020", () => {
    expect(lawOfState("TX")).toMatchObject({
      statute: "Tex. Bus. & Com. Code ch. 541",
      agentSection: "Tex. Bus. & Com. Code § 541.055(e)",
      agentFrom: "2025-01-01",
    });
    expect(lawOfState("TX")?.agentProof).toMatch(/commercially reasonable efforts/);
    expect(lawOfState("CA")).toMatchObject({ inForceFrom: "2020-01-01", deleteSection: "Cal. Civ. Code § 1798.105(a)" });
  });

  it("gives every law whose agent may act the section of the opt-out it asks, and who it does not reach, with sources", () => {
    for (const law of STATE_PRIVACY_LAWS) {
      expect(law.reach.thresholds, law.id).not.toBe("");
      expect(law.reach.sources.length, law.id).toBeGreaterThan(0);
      if (law.agent === "optOutOnly" || law.agent === "deleteAndOptOut")
        expect(law.statute + (law.optOutSection ?? ""), law.id).toMatch(/§|ch\.|ORS/);
    }
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

  it("never sends to a bank, card issuer, lender or insurer: entity-level exempt in CO, TX and VA, data-level in CA and OR", () => {
    for (const category of ["credit-cards", "loans", "insurance"]) {
      for (const state of ["CA", "CO", "CT", "OR", "TX", "NJ", "MD", "MT", "DE", "NH"]) {
        expect(["outsideLaw", "unclear"], `${state} ${category}`).toContain(legalRouteFor(state, { category }, on).kind);
      }
    }
    const reason = (state: string, day = on) => {
      const route = legalRouteFor(state, { category: "credit-cards" }, day);
      return route.kind === "send" ? "" : route.reason;
    };
    expect(reason("CO")).toMatch(/does not apply to financial institutions under the Gramm-Leach-Bliley Act/);
    expect(reason("TX")).toMatch(/does not apply to financial institutions/);
    expect(reason("CA")).toMatch(/does not apply to information kept under the Gramm-Leach-Bliley Act or the Fair Credit Reporting Act/);
    expect(reason("OR")).toMatch(/information kept under/);
    // Connecticut's 2025 amendments narrowed the entity exemption to a data-level one from July 1, 2026.
    expect(reason("CT", new Date("2026-06-15T12:00:00Z"))).toMatch(/financial institutions/);
    expect(reason("CT")).toMatch(/information kept under/);
  });

  it("never sends to a prescreened offer (FCRA data) or to a mail processor (a service provider), in any state", () => {
    for (const law of STATE_PRIVACY_LAWS) {
      expect(legalRouteFor(law.state, { category: "credit-offers" }, on).kind, law.id).not.toBe("send");
      expect(legalRouteFor(law.state, { category: "mail-processor" }, on).kind, law.id).not.toBe("send");
    }
    expect(legalRouteFor("CO", { category: "credit-offers" }, on)).toMatchObject({
      kind: "outsideLaw",
      reason: expect.stringMatching(/Fair Credit Reporting Act/),
    });
    expect(legalRouteFor("CA", { category: "mail-processor" }, on)).toMatchObject({
      kind: "outsideLaw",
      reason: expect.stringMatching(/service provider/),
    });
  });

  it("says a data broker is surely reached, and any other business only if it meets the thresholds", () => {
    expect(legalRouteFor("CA", { category: "data-broker" }, on)).toMatchObject({ kind: "send", reach: "applies" });
    expect(legalRouteFor("CA", catalogs, on)).toMatchObject({ kind: "send", reach: "ifApplies" });
    expect(legalRouteFor("CO", { category: "magazines" }, on)).toMatchObject({ kind: "send", reach: "ifApplies" });
    expect(legalRouteFor("CO", { category: null }, on)).toMatchObject({ kind: "send", reach: "ifApplies" });
  });

  it("reads the state in any case", () => {
    expect(legalRouteFor("ca", catalogs, on).kind).toBe("send");
  });

  it("sends an opt-out only where the law lets an agent do no more", () => {
    for (const state of ["CO", "CT", "OR", "TX", "NJ", "MT", "MD", "DE", "NH"])
      expect(legalRouteFor(state, catalogs, on), state).toMatchObject({ kind: "send", asks: "optOut" });
  });

  it("never sends in Virginia, where no agent may act for an adult", () => {
    expect(legalRouteFor("VA", catalogs, on).kind).toBe("agentNotAllowed");
    expect(legalRouteFor("VA", { category: "data-broker" }, on).kind).toBe("agentNotAllowed");
  });

  it("never sends where the data leaves the agent's right unclear, or gives none", () => {
    for (const state of ["MN", "KY", "RI", "TN", "NE"]) expect(legalRouteFor(state, catalogs, on).kind, state).toBe("unclear");
    for (const state of ["IN", "IA"]) expect(legalRouteFor(state, catalogs, on).kind, state).toBe("agentNotAllowed");
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
  it("says what the person's state lets an agent ask, whom the law does not reach, and when it lets no agent act or has no law", () => {
    expect(agentRightInWords("CA", on)).toBe(
      "In your state, the California Consumer Privacy Act lets an agent ask a company it applies to delete the personal information it collected from you, and to stop selling or sharing it. It does not reach banks, card issuers, lenders and insurers, prescreened offers, charities and other nonprofits, or companies under its size thresholds. It gives no right to stop a company's own catalogs or mail.",
    );
    expect(agentRightInWords("CO", on)).toBe(
      "In your state, the Colorado Privacy Act lets an agent ask a company it applies to stop selling your personal data. It does not reach banks, card issuers, lenders and insurers, prescreened offers, or companies under its size thresholds. It gives no right to stop a company's own catalogs or mail.",
    );
    expect(agentRightInWords("VA", on)).toMatch(
      /gives no authorized agent a right to act for an adult\. So no request under it goes out for you\.$/,
    );
  });

  it("never says it knows of no law where a state has one", () => {
    for (const state of ["NJ", "MT", "DE", "NH", "MN", "MD", "IN", "KY", "RI", "TN", "IA", "NE"]) {
      expect(agentRightInWords(state, on), state).not.toMatch(/no law/i);
      expect(agentRightInWords(state, on), state).toContain(lawOfState(state)!.name);
    }
    expect(agentRightInWords("IL", on)).toBe(
      "Your state is not among the states whose privacy laws we have reviewed for an agent's request, so none goes out for you there for now.",
    );
  });
});
