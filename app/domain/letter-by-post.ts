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
  if (!company || company.length > LOB_NAME_MAX_LENGTH || attention.length > LOB_NAME_MAX_LENGTH) return null;
  return {
    ...(attention ? { name: attention } : {}),
    company,
    address_line1: street,
    address_city: city,
    address_state: stateZip[1]!,
    address_zip: stateZip[2]!,
    address_country: "US",
  };
}

/** The person's name and address as the letter's return address. */
export function returnAddressForLob(fullName: string, address: PostalAddress): LobAddressFields {
  return {
    name: fullName.trim(),
    address_line1: address.street1,
    ...(address.street2 ? { address_line2: address.street2 } : {}),
    address_city: address.city,
    address_state: address.state,
    address_zip: address.zipCode,
    address_country: "US",
  };
}
