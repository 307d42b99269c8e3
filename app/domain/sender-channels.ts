import type { SenderChannel } from "../../drizzle/schema";
import { automaticEmailAddress, automaticLetterAddress, type AutomaticSenderFacts } from "./work-queue";

// Postal addresses proposed as senders' channels from what users' photos show (decision 0054),
// compared as normalized.

const ADDRESS_WORDS: Record<string, string> = {
  street: "st",
  avenue: "ave",
  road: "rd",
  drive: "dr",
  boulevard: "blvd",
  lane: "ln",
  suite: "ste",
  north: "n",
  south: "s",
  east: "e",
  west: "w",
};

/**
 * The form of a postal address two readings of the same envelope share: lower case, without
 * punctuation, "Street" as "st", "P.O. Box" as "po box", one space between words.
 */
export function normalizePostalAddress(address: string): string {
  const words = address
    .toLowerCase()
    .replace(/\bp\s*\.?\s*o\s*\.?\s*box\b/g, "po box")
    .replace(/\bpost office box\b/g, "po box")
    .replace(/[.,#;:'"’]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  return words.map((word) => ADDRESS_WORDS[word] ?? word).join(" ");
}

/**
 * The kinds of channel whose values staff changed: a problem recorded for the old address (a
 * bounce, letters returned) says nothing of the new one, so it is lifted with the change.
 */
export function channelKindsChanged(before: SenderChannel[] | null, after: SenderChannel[] | null): SenderChannel["kind"][] {
  const valuesOf = (channels: SenderChannel[] | null, kind: SenderChannel["kind"]) =>
    (channels ?? [])
      .filter((channel) => channel.kind === kind)
      .map((channel) => channel.value.trim().toLowerCase())
      .sort()
      .join("\n");
  const kinds = [...new Set([...(before ?? []), ...(after ?? [])].map((channel) => channel.kind))];
  return kinds.filter((kind) => valuesOf(before, kind) !== valuesOf(after, kind));
}

/** Why a sender's postal channel left the automatic path: a letter to it came back. */
export function returnedLetterChannelProblem(letterId: string): string {
  return `Lob's letter ${letterId} came back: check the postal address before letters go to it automatically again.`;
}

/**
 * Why a sender's requests wait for staff rather than going out by themselves, or null when they
 * can go: the reasons automaticEmailAddress and automaticLetterAddress say no, in staff's words.
 */
export function whyRequestsWaitForStaff(sender: AutomaticSenderFacts, lettersThroughLob: boolean): string | null {
  if (sender.consumerFiles) return "The person files requests to this sender themselves.";
  if (automaticEmailAddress(sender)) return null;
  if (automaticLetterAddress(sender)) {
    return lettersThroughLob
      ? null
      : "Letters go through Lob only once LOB_API_KEY and LOB_WEBHOOK_SECRET are set: staff print them meanwhile.";
  }
  const working = (sender.channels ?? []).filter((channel) => !sender.channelProblems?.includes(channel.kind));
  if (working.some((channel) => channel.kind === "email") && sender.acceptsAgent !== "yes") {
    return "Its email address is used by itself only once the catalog says it takes requests from agents.";
  }
  return "No channel goes without staff: add an email address (of a sender that takes requests from agents) or a postal address.";
}

/**
 * The channels staff saved, each keeping the page it was read from and the day (`source`, `checked`)
 * when staff kept its kind and address: the form edits `kind: value | note` lines only, and saving
 * would otherwise drop them. A channel saved unchanged is the same object, so nothing reads as changed.
 */
export function keepChannelSources(before: SenderChannel[], after: SenderChannel[]): SenderChannel[] {
  return after.map((channel) => {
    const same = before.find((old) => old.kind === channel.kind && old.value.trim() === channel.value.trim());
    if (!same || (same.source === undefined && same.checked === undefined)) return channel;
    if ((same.note ?? "") === (channel.note ?? "")) return same;
    return { ...channel, ...(same.source ? { source: same.source } : {}), ...(same.checked ? { checked: same.checked } : {}) };
  });
}
