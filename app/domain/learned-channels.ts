import type { SenderChannel } from "../../drizzle/schema";
import { normalizePostalAddress } from "./sender-channels";

// Postal channels learned from everyone's mail (decision 0068): a return address that people in
// two or more households gave, verified deliverable, for the same sender.

/** Households that must have given the same return address before it becomes the sender's channel. */
const HOUSEHOLDS_TO_LEARN = 2;

/** What a learned channel's `source` says, so that staff and the code know where it came from. */
const LEARNED_SOURCE = /^return address confirmed by \d+ households$/;

const learnedSource = (households: number) => `return address confirmed by ${households} households`;

/** Whether a channel was learned from people's return addresses rather than read from a page or added by staff. */
export const isLearnedChannel = (channel: SenderChannel) => channel.kind === "mail" && LEARNED_SOURCE.test(channel.source ?? "");

/**
 * The form two people's returns of the same envelope share: the delivery address without the
 * company's name (people write "Epsilon" or "Epsilon Data Management LLC" above the same box), as
 * normalized, with a ZIP+4 cut to its five digits. Leading parts without a digit are names; every
 * US delivery line carries a number.
 */
export function returnAddressKey(address: string): string {
  const parts = address.split(",").map((part) => part.trim());
  const firstDelivery = parts.findIndex((part) => /\d/.test(part));
  const delivery = firstDelivery > 0 ? parts.slice(firstDelivery) : parts;
  return normalizePostalAddress(delivery.join(", ")).replace(/\b(\d{5})\s*-?\s*\d{4}$/, "$1");
}

/** A person's own home address, as the users table holds it (standardized when it was verified). */
export type HomeAddress = { street1: string; street2: string | null; city: string; state: string; zipCode: string };

/**
 * The household a person belongs to: their own home address, normalized. Two accounts at the same
 * home are one household, so one family (or one person with two accounts) cannot teach a channel alone.
 */
export function householdKey(home: HomeAddress): string {
  const zip = home.zipCode.trim().slice(0, 5);
  return normalizePostalAddress([home.street1, home.street2 ?? "", home.city, home.state, zip].join(" "));
}

/** One request whose person gave the sender's return address, verified deliverable. */
export type ReturnAddressConfirmation = { address: string; home: HomeAddress; at: Date | null };

export type LearnableAddress = { address: string; key: string; households: number };

/**
 * The return address to learn for a sender, or null: the one given by the most households, at
 * least HOUSEHOLDS_TO_LEARN of them, leaving out the addresses staff refused (by their key). Ties go
 * to the address given first; the spelling kept is the first person's, as verified.
 */
export function learnableReturnAddress(
  confirmations: ReturnAddressConfirmation[],
  refusedKeys: ReadonlySet<string>,
): LearnableAddress | null {
  const byKey = new Map<string, { address: string; first: number; households: Set<string> }>();
  const ordered = [...confirmations].sort((a, b) => (a.at?.getTime() ?? 0) - (b.at?.getTime() ?? 0));
  for (const confirmation of ordered) {
    const key = returnAddressKey(confirmation.address);
    if (!key || refusedKeys.has(key)) continue;
    const group = byKey.get(key) ?? { address: confirmation.address.trim(), first: confirmation.at?.getTime() ?? 0, households: new Set() };
    group.households.add(householdKey(confirmation.home));
    byKey.set(key, group);
  }
  let best: LearnableAddress | null = null;
  for (const [key, group] of byKey) {
    const households = group.households.size;
    if (households < HOUSEHOLDS_TO_LEARN) continue;
    if (!best || households > best.households) best = { address: group.address, key, households };
  }
  return best;
}

/** The postal channel learned on `day` (YYYY-MM-DD), with where it came from. */
export function learnedChannel(learnable: LearnableAddress, day: string): SenderChannel {
  return { kind: "mail", value: learnable.address, source: learnedSource(learnable.households), checked: day };
}

/**
 * The postal addresses staff took out of a sender's channels (removed, or corrected to another
 * address), by key: each is refused, so people's returns do not put it back (decision 0068).
 */
export function postalAddressesRemoved(before: SenderChannel[], after: SenderChannel[]): string[] {
  const kept = new Set(after.filter((channel) => channel.kind === "mail").map((channel) => returnAddressKey(channel.value)));
  const removed = before.filter((channel) => channel.kind === "mail" && !kept.has(returnAddressKey(channel.value)));
  return [...new Map(removed.map((channel) => [returnAddressKey(channel.value), channel.value.trim()])).values()];
}

/**
 * The form two people's spellings of the same typed sender share: lower case, punctuation and a
 * company suffix ("Inc.", "LLC") left out, spaces collapsed. "Sunrise Dental Group, LLC" and
 * "sunrise dental group" are one sender; anything else is another.
 */
export function typedSenderKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}&]+/gu, " ")
    .trim()
    .replace(/\s+(inc|llc|l l c|co|corp|corporation|company|ltd)$/, "")
    .trim();
}
