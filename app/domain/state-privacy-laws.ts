// STAND-IN until the state privacy laws' data lands: one law, California's, so that
// the follow-up ladder can be built and tested against the interface. Replaced whole by the data.
export type StatePrivacyLaw = {
  id: string;
  state: string;
  name: string;
  statute: string;
  inForceFrom: string;
  agent: "deleteAndOptOut" | "optOutOnly" | "none" | "unclear";
  responseDays: number;
  nonprofitsExempt: boolean | "unclear";
  sources: { title: string; url: string; year: number }[];
  reviewedOn: string;
};

export type LegalRoute =
  | { kind: "send"; law: StatePrivacyLaw; asks: "deleteAndOptOut" | "optOut" }
  | { kind: "noLaw" | "notInForce" | "agentNotAllowed" | "senderExempt" | "unclear"; reason: string };

const LAWS: StatePrivacyLaw[] = [
  {
    id: "ca-ccpa",
    state: "CA",
    name: "California Consumer Privacy Act",
    statute: "Cal. Civ. Code § 1798.100 et seq.",
    inForceFrom: "2020-01-01",
    agent: "deleteAndOptOut",
    responseDays: 45,
    nonprofitsExempt: true,
    sources: [{ title: "California Consumer Privacy Act", url: "https://oag.ca.gov/privacy/ccpa", year: 2024 }],
    reviewedOn: "2026-11-28",
  },
  {
    id: "va-vcdpa",
    state: "VA",
    name: "Virginia Consumer Data Protection Act",
    statute: "Va. Code § 59.1-575 et seq.",
    inForceFrom: "2023-01-01",
    agent: "none",
    responseDays: 45,
    nonprofitsExempt: true,
    sources: [
      { title: "Virginia Consumer Data Protection Act", url: "https://law.lis.virginia.gov/vacodefull/title59.1/chapter53/", year: 2024 },
    ],
    reviewedOn: "2026-11-28",
  },
];

export function lawById(id: string): StatePrivacyLaw | null {
  return LAWS.find((law) => law.id === id) ?? null;
}

export function legalRouteFor(state: string, sender: { category: string | null }, on: Date): LegalRoute {
  const law = LAWS.find((candidate) => candidate.state === state);
  if (!law) return { kind: "noLaw", reason: "no consumer privacy law in this state" };
  if (on.toISOString().slice(0, 10) < law.inForceFrom) return { kind: "notInForce", reason: `the ${law.name} is not in force yet` };
  if (law.agent === "none") return { kind: "agentNotAllowed", reason: `the ${law.name} does not let an agent ask for you` };
  if (sender.category === "charities" && law.nonprofitsExempt)
    return { kind: "senderExempt", reason: `the ${law.name} exempts nonprofits` };
  return { kind: "send", law, asks: "deleteAndOptOut" };
}
