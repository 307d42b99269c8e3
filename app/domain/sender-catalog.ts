import type { PrivacyRequestMethod, SenderChannel } from "../../drizzle/schema";
import { staffChannel } from "./work-queue";

/** One sender as gathered in drizzle/senders.json and drizzle/catalog/*.json. */
export type CatalogSender = {
  id: string;
  name: string;
  /** The names and spellings people use: brand names, former names, shortenings. */
  aliases?: string[];
  /** The owning company, when it is not the name. */
  parent?: string | null;
  category: string;
  covers?: string;
  channels: SenderChannel[];
  agent: string;
  needs: string[];
  lasts?: string;
  takes?: string;
  confidence: string;
  source_year: number | null;
  /** The public page the channels come from. */
  source?: string | null;
  /** Given to every new user at signup as a ready-made request (the preference services and brokers). */
  at_signup?: boolean;
  /** How its privacy notice says privacy requests are made, with that notice's address; only where a source gives it. */
  privacy_request?: PrivacyRequestMethod;
};

export type TemplateSeed = {
  id: string;
  title: string;
  category: string;
  covers: string;
  channels: SenderChannel[];
  acceptsAgent: "yes" | "no" | "unknown";
  needs: string[];
  consumerFiles: boolean;
  lasts: string | null;
  takes: string | null;
  confidence: string;
  sourceYear: number | null;
  sourceUrl: string | null;
  notes: string | null;
  privacyRequestMethod: PrivacyRequestMethod | null;
  isActive: boolean;
};

const IDENTITY_NUMBERS = /\b(SSN|social security|date of birth)\b/i;

/** What the service never collects: a sender that asks for it is filed by the person. */
export function asksForIdentityNumber(need: string): boolean {
  return IDENTITY_NUMBERS.test(need);
}

const FEE = /\bfee\b/i;

/** A sender that asks for a fee (DMAchoice's registration fee): the person pays it themselves. */
function asksForFee(need: string): boolean {
  return FEE.test(need);
}

/**
 * Senders that ask for an SSN, a date of birth or a fee are filed by the person. Refusing agents no
 * longer makes a sender the person's to file: the opt-out request is the person's own, sent at
 * their request (decision 0066); the agent field decides only what a legal request may claim.
 */
export function consumerFilesFor(needs: string[]): boolean {
  return needs.some((need) => asksForIdentityNumber(need) || asksForFee(need));
}

/** A sender is offered only once there is a way to reach it. */
export function startsActive(channels: unknown[]): boolean {
  return channels.length > 0;
}

/**
 * Maps a gathered sender to a request template. The service never collects an SSN or a date of
 * birth and pays no fee: those senders are filed by the consumer with our instructions. Only the senders marked for signup are given to every new user (active), and
 * only once a channel is known; every sender can be found by name on /requests/add.
 */
export function templateFromSender(sender: CatalogSender): TemplateSeed {
  const [level = "unknown", ...rest] = sender.confidence.split(":");
  const acceptsAgent = sender.agent === "yes" || sender.agent === "no" ? sender.agent : "unknown";
  return {
    id: sender.id,
    title: sender.name,
    category: sender.category,
    covers: sender.covers ?? "",
    channels: sender.channels,
    acceptsAgent,
    needs: sender.needs,
    consumerFiles: consumerFilesFor(sender.needs),
    lasts: sender.lasts ?? null,
    takes: sender.takes ?? null,
    confidence: level.trim(),
    sourceYear: sender.source_year ?? null,
    sourceUrl: sender.source ?? null,
    notes: rest.join(":").trim() || null,
    privacyRequestMethod: sender.privacy_request ?? null,
    isActive: sender.at_signup === true && startsActive(sender.channels),
  };
}

/** What staff are told when linking what people typed to a sender cannot be done. */
export const CATALOG_LINK_MESSAGES = {
  groupGone: "Those requests are no longer waiting for a sender: someone linked or deleted them. Nothing was changed.",
  senderNotFound: "No sender has that id. Nothing was changed.",
} as const;

const comparable = (value: string | null) => (value ?? "").trim().toLowerCase().replace(/\s+/g, " ");

/**
 * Whether a request to this sender goes the way its privacy notice names for privacy requests: the
 * channel a legal request goes by (staffChannel, email only where agents are taken) is that method, kind and address alike.
 * Several state laws start their clock only for a request made that way (decision 0062), so a
 * letter states a deadline only then. Never true where no method is known.
 */
export function goesByPrivacyRequestMethod(sender: {
  channels: SenderChannel[] | null;
  acceptsAgent: "yes" | "no" | "unknown" | null;
  privacyRequestMethod: PrivacyRequestMethod | null;
}): boolean {
  const method = sender.privacyRequestMethod;
  if (!method?.value.trim()) return false;
  // The legal request goes by email only to a sender that takes agents' requests (decision 0066).
  const used = staffChannel(sender.channels, { emailFirst: sender.acceptsAgent === "yes" });
  return used.kind === method.kind && comparable(used.value) === comparable(method.value);
}
