// The states' consumer privacy laws as data with their sources (decision 0059): whether an
// authorized agent may ask a business, for the person, to delete their data or stop selling it,
// how the agent shows its authority, the response deadline, and whether nonprofits are exempt.
// Reviewed like the sender catalog: every fact below comes from a listed source; what no source
// settles is "unclear", and an unclear fact never sends a request.
// Pure: the day is passed in, never read from the clock.
import { isoDate, timeZoneForState } from "./dates";

/** What an authorized agent may ask for under the law. */
type AgentRight = "deleteAndOptOut" | "optOutOnly" | "none" | "unclear";

type LawSource = { title: string; url: string; year: number };

export type StatePrivacyLaw = {
  id: string;
  /** USPS two-letter code. */
  state: string;
  name: string;
  /** The statute as the sources cite it; section numbers only where a source shows them. */
  statute: string;
  /** The day the law's consumer rights took effect, "YYYY-MM-DD". */
  inForceFrom: string;
  agent: AgentRight;
  /** When the agent provisions took effect, if later than the law. */
  agentFrom?: string;
  /** How the agent shows its authority, as the sources say it. */
  agentProof: string;
  /** The days the business has to answer the request the product sends. */
  responseDays: number;
  responseInWords: string;
  nonprofitsExempt: boolean | "unclear";
  /** For a law that reaches nonprofits later than businesses: the day it does. */
  nonprofitsCoveredFrom?: string;
  sources: LawSource[];
  reviewedOn: string;
  /** high: the statute's or a regulator's text was read; medium: summaries agree; low: one summary. */
  confidence: "high" | "medium" | "low";
};

export type LegalRoute =
  | { kind: "send"; law: StatePrivacyLaw; asks: "deleteAndOptOut" | "optOut" }
  | { kind: "noLaw" | "notInForce" | "agentNotAllowed" | "senderExempt" | "unclear"; reason: string };

/** The catalog category of senders that are nonprofits. */
export const NONPROFIT_CATEGORY = "charities";

const REVIEWED_ON = "2026-11-28";

export const STATE_PRIVACY_LAWS: readonly StatePrivacyLaw[] = [
  {
    id: "ca-ccpa",
    state: "CA",
    name: "California Consumer Privacy Act",
    statute: "Cal. Civ. Code § 1798.100 et seq., as amended by the California Privacy Rights Act of 2020",
    inForceFrom: "2023-01-01",
    agent: "deleteAndOptOut",
    agentProof:
      "Signed permission from the consumer (Cal. Code Regs. tit. 11, § 7063); the business may also ask the consumer to verify their identity or to confirm the permission directly.",
    responseDays: 45,
    responseInWords:
      "45 calendar days for a request to delete (extendable once by 45 days with notice), and no later than 15 business days for a request to opt out of sale or sharing",
    nonprofitsExempt: true,
    sources: [
      {
        title: "11 C.C.R. § 7063, Authorized Agents (CCPA Regulations)",
        url: "https://online.flipbuilder.com/bzaa/mvgs/files/basic-html/page96.html",
        year: 2023,
      },
      {
        title: "11 C.C.R. § 7021, Timelines for Responding to Requests to Delete",
        url: "https://advisori.com/cpra/%C2%A7-7021-timelines-for-responding-to-requests-to-delete-requests-to-correct-and-requests-to-know/",
        year: 2023,
      },
      { title: "CCPA training: response timing", url: "https://ccpafreetraining.com/slide-22-response-timing/", year: 2020 },
      {
        title: "California — Data Subject Rights (CCPA/CPRA)",
        url: "https://bifrostindex.ai/guides/california/data-subject-rights",
        year: 2026,
      },
      {
        title: "BCLP, Privacy FAQs: Does the CCPA apply to non-profits?",
        url: "https://www.jdsupra.com/legalnews/privacy-faqs-does-the-ccpa-apply-to-non-95070/",
        year: 2019,
      },
      {
        title: "TrueVault, Does CCPA Apply to Nonprofits?",
        url: "https://www.truevault.com/learn/ccpa/does-ccpa-apply-to-nonprofits",
        year: 2023,
      },
    ],
    reviewedOn: REVIEWED_ON,
    confidence: "high",
  },
  {
    id: "co-cpa",
    state: "CO",
    name: "Colorado Privacy Act",
    statute: "Colo. Rev. Stat. § 6-1-1301 et seq.; authorized agents: § 6-1-1306(1)(a)(II)",
    inForceFrom: "2023-07-01",
    agent: "optOutOnly",
    agentProof:
      "The business must act on an agent's opt-out if it can authenticate, with commercially reasonable effort, the consumer's identity and the agent's authority (§ 6-1-1306(1)(a)(II)).",
    responseDays: 45,
    responseInWords: "45 days after receipt (extendable by 45 days where reasonably necessary)",
    nonprofitsExempt: false,
    sources: [
      {
        title: "Colo. Rev. Stat. § 6-1-1306, Consumer personal data rights",
        url: "https://law.counselstack.com/statute/co/06/6-1-1306",
        year: 2024,
      },
      {
        title: "Colorado: requirements for responding to consumer requests",
        url: "https://reggi.ai/posts/can-i/privacy/can-i-ignore-consumer-requests-for-information-or-deletion-in-colorado-what-are-the-requirements-ec54",
        year: 2024,
      },
      {
        title: "BCLP, The Colorado Privacy Act applies to non-profits",
        url: "https://www.bclplaw.com/en-US/events-insights-news/the-colorado-privacy-act-applies-to-non-profits-is-your-non-profit-ready.html",
        year: 2023,
      },
    ],
    reviewedOn: REVIEWED_ON,
    confidence: "high",
  },
  {
    id: "ct-ctdpa",
    state: "CT",
    name: "Connecticut Data Privacy Act",
    statute: "Conn. Gen. Stat. §§ 42-515 to 42-525; authorized agents: § 42-519",
    inForceFrom: "2023-07-01",
    agent: "optOutOnly",
    agentProof:
      "The business must act on an agent's opt-out if it can verify, with commercially reasonable effort, the consumer's identity and the agent's authority (§ 42-519).",
    responseDays: 45,
    responseInWords: "45 days after receipt (extendable by 45 days when reasonably necessary)",
    nonprofitsExempt: true,
    sources: [
      {
        title: "Conn. Gen. Stat. §§ 42-518 and 42-519 (GDPR and US States Privacy Laws Deskbook)",
        url: "https://online.flipbuilder.com/bzaa/mvgs/files/basic-html/page167.html",
        year: 2023,
      },
      {
        title: "Conn. Gen. Stat. § 42-518(c), response deadlines",
        url: "https://online.flipbuilder.com/bzaa/mvgs/files/basic-html/page166.html",
        year: 2023,
      },
      {
        title: "ZwillGen, Connecticut adopts comprehensive privacy law",
        url: "https://zwillgen.com/privacy/connecticut-adopts-comprehensive-privacy-law",
        year: 2022,
      },
    ],
    reviewedOn: REVIEWED_ON,
    // Nonprofits' exemption read from 2022 summaries of the law as passed.
    confidence: "medium",
  },
  {
    id: "or-ocpa",
    state: "OR",
    name: "Oregon Consumer Privacy Act",
    statute: "ORS 646A.570 to 646A.589; authorized agents: ORS 646A.576(4)",
    inForceFrom: "2024-07-01",
    agent: "optOutOnly",
    agentProof: "The consumer designates the agent to opt out for them (ORS 646A.576(4)); the business may authenticate the request.",
    responseDays: 45,
    responseInWords: "45 days after receipt",
    nonprofitsExempt: false,
    nonprofitsCoveredFrom: "2025-07-01",
    sources: [
      {
        title: "Oregon Consumer Privacy Act (ORS 646A.570 - 646A.589)",
        url: "https://cliclaw.com/library/us-state-laws/oregon/oregon-consumer-privacy-act-ocpa-ors-%C2%A7-646a570-646a589",
        year: 2024,
      },
      { title: "ORS 646A.576", url: "https://lawserver.com/law/state/oregon/or-statutes/oregon_statutes_646a-576", year: 2024 },
      {
        title: "Tonkon Torp, OCPA enforcement takes effect July 1, 2025 for nonprofits",
        url: "https://tonkon.com/alerts/oregon-consumer-privacy-act-enforcement-takes-effect-july-1-2025-for-nonprofits/",
        year: 2025,
      },
      {
        title: "Oregon Consumer Privacy Act and nonprofits",
        url: "https://zephtech.net/feed/2025-09-03-oregon-consumer-privacy-act-nonprofits.html",
        year: 2025,
      },
    ],
    reviewedOn: REVIEWED_ON,
    confidence: "medium",
  },
  {
    id: "tx-tdpsa",
    state: "TX",
    name: "Texas Data Privacy and Security Act",
    statute: "H.B. 4 (2023)",
    inForceFrom: "2024-07-01",
    agent: "optOutOnly",
    agentFrom: "2025-01-01",
    agentProof:
      "From January 1, 2025 a consumer may direct another person to opt out for them; the sources reviewed do not say how the agent must show authority, so the signed permission goes with the request.",
    responseDays: 45,
    responseInWords: "45 days after receipt (extendable by 45 days)",
    nonprofitsExempt: true,
    sources: [
      {
        title: "Texas Attorney General, Texas Data Privacy and Security Act",
        url: "https://texasattorneygeneral.gov/consumer-protection/file-consumer-complaint/consumer-privacy-rights/texas-data-privacy-and-security-act",
        year: 2024,
      },
      {
        title: "Texas Data Privacy and Security Act (TDPSA): timeline",
        url: "https://www.consumerprivacyact.com/texas-data-privacy-and-security-act-tdpsa/",
        year: 2024,
      },
      { title: "Texas data privacy rights", url: "https://www.lawcounty.com/privacy-by-state/texas-data-privacy-rights", year: 2024 },
    ],
    reviewedOn: REVIEWED_ON,
    confidence: "medium",
  },
  {
    id: "va-vcdpa",
    state: "VA",
    name: "Virginia Consumer Data Protection Act",
    statute: "Va. Code § 59.1-575 et seq.; consumer rights: § 59.1-577",
    inForceFrom: "2023-01-01",
    // Only a known child's parent or legal guardian may act for someone (§ 59.1-577 A).
    agent: "none",
    agentProof: "None: only a known child's parent or legal guardian may act for the child (§ 59.1-577 A).",
    responseDays: 45,
    responseInWords: "45 days after receipt (extendable once by 45 days)",
    nonprofitsExempt: true,
    sources: [
      { title: "Code of Virginia § 59.1-577", url: "https://self-law.org/code/va/title-59-1/chapter-53/59-1-577", year: 2026 },
      {
        title: "Virginia Consumer Data Protection Act § 59.1-577 B (Deskbook)",
        url: "https://online.flipbuilder.com/bzaa/mvgs/files/basic-html/page392.html",
        year: 2023,
      },
      { title: "Virginia CDPA: who it affects", url: "https://value-privacy.com/virginia-2/", year: 2023 },
    ],
    reviewedOn: REVIEWED_ON,
    confidence: "high",
  },
];

export function lawById(id: string): StatePrivacyLaw | null {
  return STATE_PRIVACY_LAWS.find((law) => law.id === id) ?? null;
}

export function lawOfState(state: string): StatePrivacyLaw | null {
  const code = state.trim().toUpperCase();
  return STATE_PRIVACY_LAWS.find((law) => law.state === code) ?? null;
}

/**
 * Whether the product may send, as the person's authorized agent, a request under their state's
 * law to a sender of this catalog category, on this day (in the state's own time zone). Never
 * "send" for a state without a law in the data, before the law or its agent provisions took
 * effect, where no agent may act or the data says "unclear", or to a sender the law exempts.
 * A sender the catalog does not categorize may be a nonprofit: where nonprofits are exempt, that
 * is unclear too.
 */
export function legalRouteFor(state: string, sender: { category: string | null }, on: Date): LegalRoute {
  const law = lawOfState(state);
  if (!law) return { kind: "noLaw", reason: `No consumer privacy law for ${state || "this state"} in our reviewed data.` };
  const today = isoDate(on, timeZoneForState(law.state));
  const agentFrom = law.agentFrom && law.agentFrom > law.inForceFrom ? law.agentFrom : law.inForceFrom;
  if (today < agentFrom) return { kind: "notInForce", reason: `The ${law.name} lets an agent act from ${agentFrom}.` };
  if (law.agent === "none")
    return { kind: "agentNotAllowed", reason: `The ${law.name} gives no authorized agent a right to act for an adult.` };
  if (law.agent === "unclear")
    return { kind: "unclear", reason: `Our sources do not settle whether an agent may act under the ${law.name}.` };

  const nonprofit = sender.category === NONPROFIT_CATEGORY;
  if (law.nonprofitsExempt === "unclear" && (nonprofit || sender.category === null)) {
    return { kind: "unclear", reason: `Our sources do not settle whether the ${law.name} covers nonprofits.` };
  }
  if (law.nonprofitsExempt === true) {
    if (nonprofit) return { kind: "senderExempt", reason: `The ${law.name} exempts nonprofits.` };
    if (sender.category === null) {
      return { kind: "unclear", reason: `The ${law.name} exempts nonprofits, and we do not know whether this sender is one.` };
    }
  }
  if (nonprofit && law.nonprofitsCoveredFrom && today < law.nonprofitsCoveredFrom) {
    return { kind: "senderExempt", reason: `The ${law.name} covers nonprofits from ${law.nonprofitsCoveredFrom}.` };
  }
  return { kind: "send", law, asks: law.agent === "deleteAndOptOut" ? "deleteAndOptOut" : "optOut" };
}

/** What the person's state's law lets an agent ask for, as /account says it beside the permission. */
export function agentRightInWords(state: string, on: Date): string {
  const law = lawOfState(state);
  const route = legalRouteFor(state, { category: "catalogs" }, on);
  if (!law) return "We know of no law in your state that lets an agent make this request, so none goes out for you there for now.";
  if (route.kind !== "send") return `${route.reason} So no request under it goes out for you.`;
  const asks = route.asks === "deleteAndOptOut" ? "delete your data and stop selling or sharing it" : "stop selling your data";
  const nonprofits = law.nonprofitsExempt === true ? " It does not cover charities and other nonprofits." : "";
  return `In your state, the ${law.name} lets an agent ask a company to ${asks}.${nonprofits}`;
}
