import type { SenderChannel } from "../../drizzle/schema";

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
