// A request's letter as Lob prints and mails it (decision 0052): the same letter text staff print,
// as an HTML page for a #10 double-window envelope, with the sender's address from the catalog and
// the person's own return address. Pure, so each rule has a unit test (letter-by-post.test.ts).
import type { PostalAddress } from "./opt-out-letter";

/** Lob's address fields (the `to` and `from` of POST /v1/letters), U.S. addresses only. */
export type LobAddressFields = {
  name?: string;
  company?: string;
  address_line1: string;
  address_line2?: string;
  address_city: string;
  address_state: string;
  address_zip: string;
  address_country: "US";
};

/** Lob takes HTML strings of under 10,000 characters for a letter's `file`. */
export const LOB_HTML_MAX_LENGTH = 10_000;
/** Lob prints `name` and `company` on their own lines, each at most 40 characters. */
const LOB_NAME_MAX_LENGTH = 40;

/** Text as lines of at most 40 characters, broken between words; null when one word alone is longer. */
function nameLines(text: string): string[] | null {
  const lines: string[] = [];
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    if (word.length > LOB_NAME_MAX_LENGTH) return null;
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= LOB_NAME_MAX_LENGTH) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

/**
 * The letter as one HTML page for Lob's `file`, to be mailed with address_placement
 * "top_first_page": Lob prints both addresses at the top of the first page, where the window
 * envelope shows them, so the letter starts below that area. One paragraph per blank-line block,
 * its line breaks kept.
 */
export function letterHtml(letter: string): string {
  const paragraphs = letter
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join("\n");
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><style>
@page { size: 8.5in 11in; margin: 0; }
body { margin: 0; font-family: Georgia, "Times New Roman", serif; font-size: 11pt; line-height: 1.35; color: #000; }
.letter { padding: 3.75in 0.8in 0.8in; }
p { margin: 0 0 0.9em; white-space: pre-wrap; }
</style></head><body><div class="letter">
${paragraphs}
</div></body></html>`;
}

/**
 * The catalog's postal address of a sender ("Epsilon, Attention: Privacy, P.O. Box 1478,
 * Broomfield, CO 80038") as Lob's fields: the first part is the company, the parts between it and
 * the street an attention line, the street, the city, then state and ZIP. Null when it does not
 * read as a U.S. address Lob can take, so the letter goes to staff instead.
 */
export function senderAddressForLob(value: string, senderName: string): LobAddressFields | null {
  const parts = value
    .split(/,\s*/)
    .map((part) => part.trim())
    .filter(Boolean);
  const stateZip = parts.at(-1)?.match(/^([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/);
  if (!stateZip || parts.length < 3) return null;
  const city = parts.at(-2)!;
  const street = parts.at(-3)!;
  const before = parts.slice(0, -3);
  const company = before[0] ?? senderName.trim();
  const attention = before.slice(1).join(", ");
  // A company over Lob's 40 characters goes on two lines, name and company, as it reads; with an
  // attention line as well it no longer fits, and staff address that envelope by hand.
  const companyLines = company ? nameLines(company) : null;
  const attentionLines = attention ? nameLines(attention) : [];
  if (!companyLines?.length || !attentionLines || companyLines.length + attentionLines.length > 2) return null;
  const recipient =
    companyLines.length === 2
      ? { name: companyLines[0]!, company: companyLines[1]! }
      : { ...(attention ? { name: attention } : {}), company };
  return {
    ...recipient,
    address_line1: street,
    address_city: city,
    address_state: stateZip[1]!,
    address_zip: stateZip[2]!,
    address_country: "US",
  };
}

/**
 * The person's name as Lob's `name` and, past its 40 characters, `company`: a name over 40 goes on
 * two lines as it reads. One too long even for two lines keeps its first and last names whole and
 * its middle names as initials; a single word too long is cut into the two lines. The letter itself
 * carries the name in full.
 */
function returnName(fullName: string): Pick<LobAddressFields, "name" | "company"> {
  const full = fullName.trim().replace(/\s+/g, " ");
  const words = full.split(" ");
  const initialled = words.length > 2 ? [words[0], ...words.slice(1, -1).map((word) => `${word[0]}.`), words.at(-1)].join(" ") : full;
  const lines = [nameLines(full), nameLines(initialled)].find((candidate) => candidate && candidate.length <= 2) ?? [
    full.slice(0, LOB_NAME_MAX_LENGTH),
    full.slice(LOB_NAME_MAX_LENGTH, 2 * LOB_NAME_MAX_LENGTH),
  ];
  return lines[1] ? { name: lines[0], company: lines[1] } : { name: lines[0] };
}

/** The person's name and address as the letter's return address. */
export function returnAddressForLob(fullName: string, address: PostalAddress): LobAddressFields {
  return {
    ...returnName(fullName),
    address_line1: address.street1,
    ...(address.street2 ? { address_line2: address.street2 } : {}),
    address_city: address.city,
    address_state: address.state,
    address_zip: address.zipCode,
    address_country: "US",
  };
}
