// The states' consumer privacy laws as data with their sources (decisions 0059 and 0062): whether an
// authorized agent may ask a business, for the person, to delete their data or stop selling it,
// which section gives each ask, how the agent shows its authority, the response deadline, whom the
// law does not reach (nonprofits, financial institutions under Gramm-Leach-Bliley, credit-report
// data under the FCRA, service providers, businesses under its thresholds), and how sure we are.
// Reviewed like the sender catalog: every fact below comes from a listed source; what no source
// settles is "unclear", and an unclear fact never sends a request.
// Pure: the day is passed in, never read from the clock.
import { isoDate, timeZoneForState } from "./dates";

/** What an authorized agent may ask for under the law. */
type AgentRight = "deleteAndOptOut" | "optOutOnly" | "none" | "unclear";

type LawSource = { title: string; url: string; year: number };

/**
 * How the law treats banks, card issuers, lenders and insurers under the Gramm-Leach-Bliley Act:
 * "entity", the institution is outside the law altogether; "data", only the information it keeps
 * under that Act is (and prospect mail is made largely from that and from credit-report data).
 */
type GlbaExemption = "entity" | "data" | "unclear";

/** Whom the law does not reach, with the sources that say so (decision 0062). */
type LawReach = {
  glba: GlbaExemption;
  /** A later amendment that changes the Gramm-Leach-Bliley exemption, from the day it takes effect. */
  glbaFrom?: { day: string; glba: GlbaExemption };
  /** Who the law applies to, in words: the thresholds a business must meet. */
  thresholds: string;
  sources: LawSource[];
};

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
  /** Where the law gives the agent's right, as the sources cite it. */
  agentSection?: string;
  /** How the agent shows its authority, as the sources say it. */
  agentProof: string;
  /** The section that gives the right to opt out of the sale of personal data (and, in California, its sharing). */
  optOutSection?: string;
  /** California only: the section that gives the right to delete what the business collected from the consumer. */
  deleteSection?: string;
  /** The days the business has to answer the request the product sends, once it arrives by the method its notice names. */
  responseDays: number;
  responseInWords: string;
  nonprofitsExempt: boolean | "unclear";
  /** For a law that reaches nonprofits later than businesses: the day it does. */
  nonprofitsCoveredFrom?: string;
  reach: LawReach;
  sources: LawSource[];
  reviewedOn: string;
  /** high: the statute's or a regulator's text was read; medium: summaries agree; low: one summary. */
  confidence: "high" | "medium" | "low";
};

/**
 * Whether the law reaches this sender: "applies" where the sender's kind meets the thresholds by
 * its business (a data broker sells personal data for a living), "ifApplies" where it depends on
 * figures we do not know (a retailer's revenue or how many of the state's residents it holds), so
 * the letter says "if the Act applies to you" and never "you must".
 */
export type LawReachOfSender = "applies" | "ifApplies";

export type LegalAsks = "deleteAndOptOut" | "optOut";

export type LegalRoute =
  | { kind: "send"; law: StatePrivacyLaw; asks: LegalAsks; reach: LawReachOfSender }
  | { kind: "noLaw" | "notInForce" | "agentNotAllowed" | "senderExempt" | "outsideLaw" | "unclear"; reason: string };

/** The catalog category of senders that are nonprofits. */
export const NONPROFIT_CATEGORY = "charities";

/**
 * The kinds of sender the laws treat apart, from the catalog's categories: banks, card issuers,
 * lenders and insurers (Gramm-Leach-Bliley financial institutions); prescreened offers (made from
 * credit reports, FCRA data); mail processors (service providers and processors, who answer to the
 * company they work for); data brokers (who sell personal data for a living); nonprofits; and every
 * other business, which the law reaches only over its thresholds.
 */
type SenderKind = "financial" | "prescreened" | "serviceProvider" | "dataBroker" | "nonprofit" | "business" | "unknown";

const SENDER_KINDS: Record<string, SenderKind> = {
  "credit-cards": "financial",
  loans: "financial",
  insurance: "financial",
  "credit-offers": "prescreened",
  "mail-processor": "serviceProvider",
  "data-broker": "dataBroker",
  [NONPROFIT_CATEGORY]: "nonprofit",
};

/** The kind a catalog category's senders are, for the law; a sender outside the catalog is unknown. */
function senderKindOf(category: string | null): SenderKind {
  if (category === null) return "unknown";
  return SENDER_KINDS[category] ?? "business";
}

const REVIEWED_ON = "2026-11-29";
const FIRST_REVIEW = "2026-11-28";

const MAYER_BROWN_TRACKER: LawSource = {
  title: "Mayer Brown, State privacy law tracker (rights, authorized agents, days to respond, exemptions)",
  url: "https://www.mayerbrown.com/es/insights/resource-centers/cybersecurity-and-data-privacy-resource-center/state-privacy-law-tracker",
  year: 2026,
};
const FINANCIAL_ROUNDUP: LawSource = {
  title: "National Law Review, State privacy law roundup: what financial services entities need to know",
  url: "https://natlawreview.com/article/state-privacy-law-roundup-what-financial-services-entities-need-to-know",
  year: 2023,
};
const NEW_LAWS_2025: LawSource = {
  title: "Stubbs Alderton, Five new state privacy laws took effect in January 2025 (dates; nonprofits in DE, MD, MN, NJ)",
  url: "https://stubbsalderton.com/client-alert-five-new-state-privacy-laws-took-effect-in-january-2025",
  year: 2025,
};
const NEW_LAWS_2026: LawSource = {
  title: "Koley Jessen, New state privacy laws effective January 1, 2026: Indiana, Kentucky and Rhode Island",
  url: "https://www.koleyjessen.com/insights/publications/new-state-privacy-laws-effective-january-1-2026-indiana-kentucky-and-rhode-island",
  year: 2025,
};

export const STATE_PRIVACY_LAWS: readonly StatePrivacyLaw[] = [
  {
    id: "ca-ccpa",
    state: "CA",
    name: "California Consumer Privacy Act",
    statute: "Cal. Civ. Code § 1798.100 et seq., as amended by the California Privacy Rights Act of 2020",
    // The rights to delete and to opt out of sale since 2020-01-01; the CPRA amendments (sharing) since 2023-01-01.
    inForceFrom: "2020-01-01",
    agent: "deleteAndOptOut",
    agentSection: "Cal. Code Regs. tit. 11, §§ 7026, 7063",
    agentProof:
      "Signed permission from the consumer (Cal. Code Regs. tit. 11, § 7063); the business may also ask the consumer to verify their identity or to confirm the permission directly.",
    optOutSection: "Cal. Civ. Code § 1798.120",
    deleteSection: "Cal. Civ. Code § 1798.105(a)",
    responseDays: 45,
    responseInWords:
      "45 calendar days for a request to delete (extendable once by 45 days with notice), and no later than 15 business days for a request to opt out of sale or sharing",
    nonprofitsExempt: true,
    reach: {
      glba: "data",
      thresholds:
        "a for-profit business with over $26,625,000 in annual revenue, or that buys, sells or shares the personal information of 100,000 or more California consumers or households, or derives half its revenue or more from selling or sharing it (§ 1798.140(d)); information under the Gramm-Leach-Bliley Act and credit-report information under the FCRA are outside it (§ 1798.145(d), (e)), and service providers act for the business",
      sources: [
        MAYER_BROWN_TRACKER,
        {
          title: "Cal. Civ. Code § 1798.145 (exemptions) and § 1798.140(d) (business)",
          url: "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=CIV&sectionNum=1798.145",
          year: 2025,
        },
      ],
    },
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
        title: "Mason & Perry, Your state probably has a privacy law now (CCPA in effect January 1, 2020; CPRA amendments 2023)",
        url: "https://www.masonllp.com/blog/your-state-probably-has-a-privacy-law-now-heres-what-it-lets-you-do/",
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
    statute: "Colo. Rev. Stat. § 6-1-1301 et seq.",
    inForceFrom: "2023-07-01",
    agent: "optOutOnly",
    agentSection: "§ 6-1-1306(1)(a)(II)",
    agentProof:
      "The business must act on an agent's opt-out if it can authenticate, with commercially reasonable effort, the consumer's identity and the agent's authority (§ 6-1-1306(1)(a)(II)).",
    optOutSection: "Colo. Rev. Stat. § 6-1-1306(1)(a)",
    responseDays: 45,
    responseInWords: "45 days after receipt (extendable by 45 days where reasonably necessary)",
    nonprofitsExempt: false,
    reach: {
      glba: "entity",
      thresholds:
        "a controller that holds the personal data of 100,000 or more Colorado consumers a year, or of 25,000 or more and earns revenue or a discount from selling it; financial institutions under the Gramm-Leach-Bliley Act are outside it",
      sources: [MAYER_BROWN_TRACKER, FINANCIAL_ROUNDUP],
    },
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
    statute: "Conn. Gen. Stat. §§ 42-515 to 42-525, as amended by Public Act 25-113 (S.B. 1295)",
    inForceFrom: "2023-07-01",
    agent: "optOutOnly",
    agentSection: "§ 42-519",
    agentProof:
      "The business must act on an agent's opt-out if it can verify, with commercially reasonable effort, the consumer's identity and the agent's authority (§ 42-519).",
    optOutSection: "Conn. Gen. Stat. § 42-518(a)(5)",
    responseDays: 45,
    responseInWords: "45 days after receipt (extendable by 45 days when reasonably necessary)",
    nonprofitsExempt: true,
    reach: {
      // S.B. 1295 (P.A. 25-113), in force 2026-07-01, replaced the entity-level exemption with a
      // data-level one (some named institutions keep an entity-level exemption).
      glba: "entity",
      glbaFrom: { day: "2026-07-01", glba: "data" },
      thresholds:
        "from July 1, 2026: a controller that held the personal data of 35,000 or more Connecticut consumers in the year before, or any sensitive data, or offered personal data for sale (before then: 100,000, or 25,000 with over a quarter of revenue from sales)",
      sources: [
        {
          title: "JD Supra, Connecticut enacts amendments to state privacy law (S.B. 1295)",
          url: "https://production.jdsupra.com/legalnews/connecticut-enacts-amendments-to-state-4615628",
          year: 2025,
        },
        {
          title: "Covington, Inside Privacy: Connecticut legislature amends its privacy statute (in force July 1, 2026)",
          url: "https://www.insideprivacy.com/state-privacy/connecticut-legislature-amends-its-privacy-statute/",
          year: 2025,
        },
        {
          title: "Ballard Spahr, Connecticut amends privacy law",
          url: "https://www.mondaq.com/unitedstates/privacy-protection/1640326/connecticut-amends-privacy-law",
          year: 2025,
        },
      ],
    },
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
      {
        title: "Epstein Becker Green, Connecticut overhauls its Data Privacy Act (P.A. 25-113)",
        url: "https://epstein.sitepilot11.firmseek.com/client/epstein/www/workforce-bulletin/connecticut-overhauls-its-data-privacy-act",
        year: 2025,
      },
    ],
    reviewedOn: REVIEWED_ON,
    // The 2025 summaries read speak of thresholds and the GLBA exemption, not of nonprofits: their
    // exemption is still read from 2022 summaries of the law as passed.
    confidence: "medium",
  },
  {
    id: "or-ocpa",
    state: "OR",
    name: "Oregon Consumer Privacy Act",
    statute: "ORS 646A.570 to 646A.589",
    inForceFrom: "2024-07-01",
    agent: "optOutOnly",
    agentSection: "ORS 646A.576(4)",
    agentProof: "The consumer designates the agent to opt out for them (ORS 646A.576(4)); the business may authenticate the request.",
    optOutSection: "ORS 646A.576",
    responseDays: 45,
    responseInWords: "45 days after receipt (extendable by 45 days)",
    nonprofitsExempt: false,
    nonprofitsCoveredFrom: "2025-07-01",
    reach: {
      glba: "data",
      thresholds:
        "a person that holds the personal data of 100,000 or more Oregon consumers a year, or of 25,000 or more and earns a quarter of its revenue or more from selling it",
      sources: [
        MAYER_BROWN_TRACKER,
        {
          title: "Oregon Consumer Privacy Act (ORS 646A.570 - 646A.589)",
          url: "https://cliclaw.com/library/us-state-laws/oregon/oregon-consumer-privacy-act-ocpa-ors-%C2%A7-646a570-646a589",
          year: 2024,
        },
      ],
    },
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
    statute: "Tex. Bus. & Com. Code ch. 541",
    inForceFrom: "2024-07-01",
    agent: "optOutOnly",
    agentFrom: "2025-01-01",
    agentSection: "Tex. Bus. & Com. Code § 541.055(e)",
    agentProof:
      "From January 1, 2025 a consumer may designate an authorized agent to opt out for them (§ 541.055(e)); the controller verifies, with commercially reasonable efforts, the consumer's identity and the agent's authority.",
    optOutSection: "Tex. Bus. & Com. Code § 541.051",
    responseDays: 45,
    responseInWords: "45 days after receipt (extendable by 45 days)",
    nonprofitsExempt: true,
    reach: {
      glba: "entity",
      thresholds:
        "a person doing business in Texas that processes or sells personal data and is not a small business as the U.S. Small Business Administration defines it; financial institutions under the Gramm-Leach-Bliley Act are outside it",
      sources: [MAYER_BROWN_TRACKER, FINANCIAL_ROUNDUP],
    },
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
    reach: {
      glba: "entity",
      thresholds: "100,000 Virginia consumers a year, or 25,000 with half of revenue from sales",
      sources: [MAYER_BROWN_TRACKER],
    },
    sources: [
      { title: "Code of Virginia § 59.1-577", url: "https://self-law.org/code/va/title-59-1/chapter-53/59-1-577", year: 2026 },
      {
        title: "Virginia Consumer Data Protection Act § 59.1-577 B (Deskbook)",
        url: "https://online.flipbuilder.com/bzaa/mvgs/files/basic-html/page392.html",
        year: 2023,
      },
      { title: "Virginia CDPA: who it affects", url: "https://value-privacy.com/virginia-2/", year: 2023 },
    ],
    reviewedOn: FIRST_REVIEW,
    confidence: "high",
  },
  {
    id: "mt-mcdpa",
    state: "MT",
    name: "Montana Consumer Data Privacy Act",
    statute: "Mont. Code Ann. § 30-14-2801 et seq.",
    inForceFrom: "2024-10-01",
    agent: "optOutOnly",
    agentSection: "Mont. Code Ann. § 30-14-2809",
    agentProof:
      "The controller must act on an agent's opt-out if it can verify, with commercially reasonable effort, the consumer's identity and the agent's authority (§ 30-14-2809(2)).",
    optOutSection: "Mont. Code Ann. § 30-14-2808(1)(e)",
    responseDays: 45,
    responseInWords: "45 days after receipt (extendable by 45 days when reasonably necessary)",
    nonprofitsExempt: true,
    reach: {
      glba: "entity",
      thresholds:
        "a person that holds the personal data of 50,000 or more Montana consumers a year, or of 25,000 or more and earns over a quarter of its revenue from selling it",
      sources: [
        {
          title: "DataGuidance, Montana data protection overview",
          url: "https://www.dataguidance.com/notes/montana-data-protection-overview",
          year: 2024,
        },
      ],
    },
    sources: [
      {
        title: "Montana Code 30-14-2809, Authorized agent",
        url: "https://lawserver.com/law/state/montana/mt-code/montana_code_30-14-2809",
        year: 2024,
      },
      {
        title: "Montana Consumer Data Privacy Act, response within 45 days (Deskbook)",
        url: "https://online.flipbuilder.com/bzaa/mvgs/files/basic-html/page258.html",
        year: 2023,
      },
      {
        title: "DataGuidance, Montana data protection overview",
        url: "https://www.dataguidance.com/notes/montana-data-protection-overview",
        year: 2024,
      },
    ],
    reviewedOn: REVIEWED_ON,
    confidence: "high",
  },
  {
    id: "nj-njdpa",
    state: "NJ",
    name: "New Jersey Data Privacy Act",
    statute: "N.J. Stat. § 56:8-166.4 et seq.",
    inForceFrom: "2025-01-15",
    agent: "optOutOnly",
    agentSection: "N.J. Stat. § 56:8-166.11(a)",
    agentProof:
      "The controller must act on an agent's opt-out if it can verify, with commercially reasonable effort, the consumer's identity and the agent's authority (§ 56:8-166.11(a)).",
    optOutSection: "N.J. Stat. § 56:8-166.10(a)(5)",
    responseDays: 45,
    responseInWords: "45 days after receipt (extendable by 45 days where reasonably necessary)",
    nonprofitsExempt: false,
    reach: {
      glba: "unclear",
      thresholds:
        "a controller that holds the personal data of 100,000 or more New Jersey consumers a year, or of 25,000 or more and earns revenue or a discount from selling it",
      sources: [
        {
          title: "DataGuidance, New Jersey data protection overview",
          url: "https://www.dataguidance.com/notes/new-jersey-data-protection-overview",
          year: 2024,
        },
      ],
    },
    sources: [
      {
        title: "N.J. Stat. § 56:8-166.11, authorized agent",
        url: "https://self-law.org/code/nj/title-56/chapter-8/56-8-166-11",
        year: 2025,
      },
      {
        title: "N.J. Stat. § 56:8-166.10, consumer rights (Deskbook)",
        url: "https://online.flipbuilder.com/bzaa/mvgs/files/basic-html/page348.html",
        year: 2024,
      },
      {
        title: "N.J. Stat. § 56:8-166.7, response period",
        url: "https://casetext.com/statute/new-jersey-statutes/title-56-trade-names-trade-marks-and-unfair-trade-practices/chapter-568/section-568-1667-effective-1152025-personal-data-controller-verified-request-consumer-response-period",
        year: 2024,
      },
      NEW_LAWS_2025,
    ],
    reviewedOn: REVIEWED_ON,
    confidence: "high",
  },
  {
    id: "md-modpa",
    state: "MD",
    name: "Maryland Online Data Privacy Act",
    statute: "Md. Code, Com. Law § 14-4701 et seq.",
    inForceFrom: "2025-10-01",
    agent: "optOutOnly",
    agentSection: "Md. Code, Com. Law § 14-4706",
    agentProof:
      "The controller must act on an agent's opt-out if, with commercially reasonable efforts, it can authenticate the consumer's identity and the agent's authority (§ 14-4706(b)).",
    optOutSection: "Md. Code, Com. Law § 14-4705(b)(7)",
    responseDays: 45,
    responseInWords: "45 days after receipt",
    nonprofitsExempt: false,
    reach: {
      glba: "entity",
      thresholds:
        "a person that holds the personal data of 35,000 or more Maryland consumers a year, or of 10,000 or more and earns over a fifth of its revenue from selling it",
      sources: [
        {
          title: "Koley Jessen, Minnesota, Maryland and Rhode Island pass data privacy laws",
          url: "https://www.koleyjessen.com/insights/publications/minnesota-maryland-and-rhode-island-pass-data-privacy-laws-nineteen-states-will-soon-have-comprehensive-privacy-legislation",
          year: 2024,
        },
      ],
    },
    sources: [
      {
        title: "Md. Code, Com. Law § 14-4706",
        url: "https://mgaleg.maryland.gov/mgawebsite/laws/StatuteText?article=gcl&enactments=false&section=14-4706",
        year: 2025,
      },
      MAYER_BROWN_TRACKER,
      NEW_LAWS_2025,
    ],
    reviewedOn: REVIEWED_ON,
    confidence: "high",
  },
  {
    id: "de-dpdpa",
    state: "DE",
    name: "Delaware Personal Data Privacy Act",
    statute: "Del. Code tit. 6, ch. 12D",
    inForceFrom: "2025-01-01",
    agent: "optOutOnly",
    agentProof:
      "The sources read say a consumer may designate an authorized agent to opt out for them; they do not quote how the agent shows its authority, so the signed permission goes with the request.",
    responseDays: 45,
    responseInWords: "45 days after receipt",
    nonprofitsExempt: false,
    reach: {
      glba: "unclear",
      thresholds: "35,000 Delaware consumers a year, or 10,000 with a fifth of revenue from sales",
      sources: [FINANCIAL_ROUNDUP],
    },
    sources: [
      MAYER_BROWN_TRACKER,
      NEW_LAWS_2025,
      {
        title: "Mason & Perry, state privacy law rights (Delaware)",
        url: "https://mslawgroup.com/practice-areas/privacy-data-security/state-privacy-laws",
        year: 2025,
      },
    ],
    reviewedOn: REVIEWED_ON,
    confidence: "medium",
  },
  {
    id: "nh-nhpa",
    state: "NH",
    name: "New Hampshire Privacy Act",
    statute: "N.H. Rev. Stat. ch. 507-H",
    inForceFrom: "2025-01-01",
    agent: "optOutOnly",
    agentProof:
      "The business must act on an agent's opt-out if it can verify the consumer's identity and the agent's authority, as the summary read says; the signed permission goes with the request.",
    responseDays: 45,
    responseInWords: "45 days after receipt (extendable by 45 days)",
    nonprofitsExempt: "unclear",
    reach: {
      glba: "unclear",
      thresholds:
        "a person that holds the personal data of 35,000 or more New Hampshire consumers a year, or of 10,000 or more and earns over a quarter of its revenue from selling it",
      sources: [
        {
          title: "National Law Review, Updates in the states: consumer data privacy in New Hampshire and Kentucky",
          url: "https://natlawreview.com/article/updates-states-consumer-data-privacy-new-hampshire-kentucky-and-possibly-federal",
          year: 2024,
        },
      ],
    },
    sources: [
      {
        title: "National Law Review, Updates in the states: consumer data privacy in New Hampshire and Kentucky",
        url: "https://natlawreview.com/article/updates-states-consumer-data-privacy-new-hampshire-kentucky-and-possibly-federal",
        year: 2024,
      },
      NEW_LAWS_2025,
    ],
    reviewedOn: REVIEWED_ON,
    // One summary for the agent right; nothing read on nonprofits.
    confidence: "low",
  },
  {
    id: "mn-mcdpa",
    state: "MN",
    name: "Minnesota Consumer Data Privacy Act",
    statute: "Minn. Stat. § 325M.10 et seq.; consumer rights: § 325M.14",
    inForceFrom: "2025-07-31",
    // The statute's rights were read (§ 325M.14), not a provision on agents: not settled.
    agent: "unclear",
    agentProof: "Not settled by the sources read.",
    responseDays: 45,
    responseInWords: "45 days after receipt",
    nonprofitsExempt: false,
    reach: {
      glba: "unclear",
      thresholds: "100,000 Minnesota consumers a year, or 25,000 with a quarter of revenue from sales",
      sources: [NEW_LAWS_2025],
    },
    sources: [{ title: "Minn. Stat. § 325M.14", url: "https://revisor.mn.gov/statutes/cite/325M.14", year: 2025 }, NEW_LAWS_2025],
    reviewedOn: REVIEWED_ON,
    confidence: "low",
  },
  {
    id: "ne-ndpa",
    state: "NE",
    name: "Nebraska Data Privacy Act",
    statute: "Nebraska Data Privacy Act (L.B. 1074, 2024)",
    inForceFrom: "2025-01-01",
    // One tracker marks an agent right; no text of it was read.
    agent: "unclear",
    agentProof: "Not settled by the sources read.",
    responseDays: 45,
    responseInWords: "45 days after receipt",
    nonprofitsExempt: "unclear",
    reach: { glba: "unclear", thresholds: "any business that is not a small business as the SBA defines it", sources: [NEW_LAWS_2025] },
    sources: [MAYER_BROWN_TRACKER, NEW_LAWS_2025],
    reviewedOn: REVIEWED_ON,
    confidence: "low",
  },
  {
    id: "ia-icdpa",
    state: "IA",
    name: "Iowa Consumer Data Protection Act",
    statute: "Iowa Code ch. 715D",
    inForceFrom: "2025-01-01",
    agent: "none",
    agentProof: "None: the tracker read marks no authorized agent right.",
    responseDays: 90,
    responseInWords: "90 days after receipt",
    nonprofitsExempt: "unclear",
    reach: {
      glba: "unclear",
      thresholds: "100,000 Iowa consumers a year, or 25,000 with half of revenue from sales",
      sources: [FINANCIAL_ROUNDUP],
    },
    sources: [MAYER_BROWN_TRACKER, NEW_LAWS_2025],
    reviewedOn: REVIEWED_ON,
    confidence: "medium",
  },
  {
    id: "tn-tipa",
    state: "TN",
    name: "Tennessee Information Protection Act",
    statute: "Tennessee Information Protection Act (2023)",
    inForceFrom: "2025-07-01",
    agent: "unclear",
    agentProof: "Not settled by the sources read.",
    responseDays: 45,
    responseInWords: "45 days after receipt",
    nonprofitsExempt: "unclear",
    reach: {
      glba: "unclear",
      thresholds: "over $25 million in revenue and 175,000 Tennessee consumers a year, or 25,000 with half of revenue from sales",
      sources: [FINANCIAL_ROUNDUP],
    },
    sources: [MAYER_BROWN_TRACKER, NEW_LAWS_2025],
    reviewedOn: REVIEWED_ON,
    confidence: "low",
  },
  {
    id: "in-icdpa",
    state: "IN",
    name: "Indiana Consumer Data Protection Act",
    statute: "Ind. Code art. 24-15",
    inForceFrom: "2026-01-01",
    // The consumer-rights section lets only a known child's parent or legal guardian invoke rights for another (IC 24-15-3-1(a)).
    agent: "none",
    agentProof:
      "None in the text read: only a known child's parent or legal guardian may invoke the rights for the child (Ind. Code § 24-15-3-1(a)).",
    responseDays: 45,
    responseInWords: "45 days after receipt",
    nonprofitsExempt: true,
    reach: {
      glba: "entity",
      thresholds: "100,000 Indiana consumers a year, or 25,000 with over half of revenue from sales",
      sources: [
        {
          title: "DataGuidance, Indiana data protection overview",
          url: "https://www.dataguidance.com/notes/indiana-data-protection-overview",
          year: 2024,
        },
      ],
    },
    sources: [{ title: "Ind. Code § 24-15-3-1", url: "https://law.counselstack.com/statute/in/24-15-3-1", year: 2026 }, NEW_LAWS_2026],
    reviewedOn: REVIEWED_ON,
    confidence: "medium",
  },
  {
    id: "ky-kcdpa",
    state: "KY",
    name: "Kentucky Consumer Data Protection Act",
    statute: "Kentucky Consumer Data Protection Act (H.B. 15, 2024)",
    inForceFrom: "2026-01-01",
    agent: "unclear",
    agentProof: "Not settled by the sources read.",
    responseDays: 45,
    responseInWords: "45 days after receipt",
    nonprofitsExempt: "unclear",
    reach: {
      glba: "unclear",
      thresholds: "100,000 Kentucky consumers a year, or 25,000 with over half of revenue from sales",
      sources: [NEW_LAWS_2026],
    },
    sources: [NEW_LAWS_2026],
    reviewedOn: REVIEWED_ON,
    confidence: "low",
  },
  {
    id: "ri-ridtppa",
    state: "RI",
    name: "Rhode Island Data Transparency and Privacy Protection Act",
    statute: "Rhode Island Data Transparency and Privacy Protection Act (2024)",
    inForceFrom: "2026-01-01",
    agent: "unclear",
    agentProof: "Not settled by the sources read.",
    responseDays: 45,
    responseInWords: "45 days after receipt",
    nonprofitsExempt: "unclear",
    reach: {
      glba: "unclear",
      thresholds: "35,000 Rhode Island consumers a year, or 10,000 with over a fifth of revenue from sales",
      sources: [NEW_LAWS_2026],
    },
    sources: [NEW_LAWS_2026],
    reviewedOn: REVIEWED_ON,
    confidence: "low",
  },
];

export function lawById(id: string): StatePrivacyLaw | null {
  return STATE_PRIVACY_LAWS.find((law) => law.id === id) ?? null;
}

export function lawOfState(state: string): StatePrivacyLaw | null {
  const code = state.trim().toUpperCase();
  return STATE_PRIVACY_LAWS.find((law) => law.state === code) ?? null;
}

/** What the law lets an agent ask: delete and opt out (California), or opt out alone. */
export function legalAsksOf(law: StatePrivacyLaw): LegalAsks {
  return law.agent === "deleteAndOptOut" ? "deleteAndOptOut" : "optOut";
}

/** The law's Gramm-Leach-Bliley exemption on a day ("YYYY-MM-DD"), amendments included. */
function glbaExemptionOn(law: StatePrivacyLaw, day: string): GlbaExemption {
  const later = law.reach.glbaFrom;
  return later && day >= later.day ? later.glba : law.reach.glba;
}

/** Why a bank, card issuer, lender or insurer is outside the law, by how the law exempts it. */
function financialReason(law: StatePrivacyLaw, glba: GlbaExemption) {
  switch (glba) {
    case "entity":
      return `The ${law.name} does not apply to financial institutions under the Gramm-Leach-Bliley Act, such as banks, card issuers, lenders and insurers.`;
    case "data":
      return `The ${law.name} does not apply to information kept under the Gramm-Leach-Bliley Act or the Fair Credit Reporting Act, which a bank's, lender's or insurer's offers are largely made from.`;
    case "unclear":
      return `Our sources do not settle how far the ${law.name} reaches banks, card issuers, lenders and insurers.`;
  }
}

/**
 * Whether the product may send, as the person's authorized agent, a request under their state's
 * law to a sender of this catalog category, on this day (in the state's own time zone), and
 * whether the law surely reaches it (decision 0062). Never "send" for a state without a law in the
 * data, before the law or its agent provisions took effect, where no agent may act or the data says
 * "unclear", or to a sender the law does not reach: a bank, card issuer, lender or insurer, a
 * prescreened offer, a mail processor, or a nonprofit where nonprofits are exempt. A sender the
 * catalog does not categorize may be a nonprofit: where nonprofits are exempt, that is unclear too.
 */
export function legalRouteFor(state: string, sender: { category: string | null }, on: Date): LegalRoute {
  const law = lawOfState(state);
  if (!law) return { kind: "noLaw", reason: `${state || "This state"} is not among the states whose privacy laws we have reviewed.` };
  const today = isoDate(on, timeZoneForState(law.state));
  const agentFrom = law.agentFrom && law.agentFrom > law.inForceFrom ? law.agentFrom : law.inForceFrom;
  if (today < agentFrom) return { kind: "notInForce", reason: `The ${law.name} lets an agent act from ${agentFrom}.` };
  if (law.agent === "none")
    return { kind: "agentNotAllowed", reason: `The ${law.name} gives no authorized agent a right to act for an adult.` };
  if (law.agent === "unclear")
    return { kind: "unclear", reason: `Our sources do not settle whether an agent may act under the ${law.name}.` };

  const kind = senderKindOf(sender.category);
  switch (kind) {
    case "serviceProvider":
      return {
        kind: "outsideLaw",
        reason: `A mail processor handles mail for other companies as their service provider: the ${law.name}'s requests go to the company it works for.`,
      };
    case "prescreened":
      return {
        kind: "outsideLaw",
        reason: `Prescreened offers are made from credit reports, which the ${law.name} leaves to the federal Fair Credit Reporting Act.`,
      };
    case "financial": {
      const glba = glbaExemptionOn(law, today);
      return { kind: glba === "unclear" ? "unclear" : "outsideLaw", reason: financialReason(law, glba) };
    }
  }
  const nonprofit = kind === "nonprofit";
  if (law.nonprofitsExempt === "unclear" && (nonprofit || kind === "unknown")) {
    return { kind: "unclear", reason: `Our sources do not settle whether the ${law.name} covers nonprofits.` };
  }
  if (law.nonprofitsExempt === true) {
    if (nonprofit) return { kind: "senderExempt", reason: `The ${law.name} exempts nonprofits.` };
    if (kind === "unknown") {
      return { kind: "unclear", reason: `The ${law.name} exempts nonprofits, and we do not know whether this sender is one.` };
    }
  }
  if (nonprofit && law.nonprofitsCoveredFrom && today < law.nonprofitsCoveredFrom) {
    return { kind: "senderExempt", reason: `The ${law.name} covers nonprofits from ${law.nonprofitsCoveredFrom}.` };
  }
  // A data broker sells personal data for a living, which meets every reviewed law's thresholds;
  // whether a retailer or any other business meets them depends on figures we do not have.
  return {
    kind: "send",
    law,
    asks: legalAsksOf(law),
    reach: kind === "dataBroker" ? "applies" : "ifApplies",
  };
}

/** What the person's state's law lets an agent ask for, as /account says it beside the permission. */
export function agentRightInWords(state: string, on: Date): string {
  const law = lawOfState(state);
  if (!law) {
    return "Your state is not among the states whose privacy laws we have reviewed for an agent's request, so none goes out for you there for now.";
  }
  const route = legalRouteFor(state, { category: "catalogs" }, on);
  if (route.kind !== "send") return `${route.reason} So no request under it goes out for you.`;
  const asks =
    route.asks === "deleteAndOptOut"
      ? "delete the personal information it collected from you, and to stop selling or sharing it"
      : "stop selling your personal data";
  const nonprofits = law.nonprofitsExempt === true ? ", charities and other nonprofits" : "";
  return (
    `In your state, the ${law.name} lets an agent ask a company it applies to ${asks}. ` +
    `It does not reach banks, card issuers, lenders and insurers, prescreened offers${nonprofits}, or companies under its size thresholds. ` +
    "It gives no right to stop a company's own catalogs or mail."
  );
}
