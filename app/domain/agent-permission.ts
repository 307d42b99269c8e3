// The person's permission for Quiet Mailbox to act as their authorized agent under a state privacy
// law (decision 0059): the words they sign, and the one rule for a typed signature.
import { collapseSpaces } from "./address";
import type { LegalAsks } from "./state-privacy-laws";

/**
 * What the permission allows, in plain words: shown on /account above the signature field, stored
 * with the signature exactly as shown, and attached to every request sent under a state law. It
 * names exactly what the legal letters ask (decision 0062): in California, deletion of what the
 * company collected and an opt-out of sale and sharing; elsewhere, an opt-out of sale.
 */
export const AGENT_PERMISSION_ALLOWS =
  "I authorize Quiet Mailbox to act as my authorized agent under my state's consumer privacy law, only with companies on my Quiet Mailbox dashboard that keep mailing me after I asked them to stop. Where the law lets an agent ask it (in California), Quiet Mailbox may ask such a company to delete the personal information it collected from me and opt me out of the sale and sharing of my personal information. Where the law lets an agent only opt out, it may opt me out of the sale of my personal data. It asks nothing else in my name under the law, and this lasts until I revoke it in my account.";

/** The words signed from November 2026 until the legal letter was narrowed to the statutes' asks (decision 0062). */
export const FIRST_AGENT_PERMISSION_ALLOWS =
  "I authorize Quiet Mailbox to act as my authorized agent under my state's consumer privacy law: to ask a company that keeps mailing me, after my request to stop, to delete my personal information and to stop selling or sharing it, or to stop selling or sharing it where the law allows no more. This covers only the senders on my Quiet Mailbox dashboard, and only for stopping their mail. It lasts until I revoke it in my account.";

/**
 * Every text people have signed, with the legal asks it allows. The first text allowed deletion and
 * a stop to selling or sharing, which covers what the letters ask now; a text not listed here
 * allows nothing, so a letter never asks more than its permission says.
 */
const SIGNED_TEXTS: readonly { text: string; allows: readonly LegalAsks[] }[] = [
  { text: AGENT_PERMISSION_ALLOWS, allows: ["deleteAndOptOut", "optOut"] },
  { text: FIRST_AGENT_PERMISSION_ALLOWS, allows: ["deleteAndOptOut", "optOut"] },
];

/**
 * What a legal letter may ask under a permission with these words: the law's asks where the text
 * allows them, the opt-out alone where it allows only that, or null where it allows nothing.
 */
export function asksWithinPermission(signedText: string, lawAsks: LegalAsks): LegalAsks | null {
  const allows = SIGNED_TEXTS.find((signed) => signed.text === signedText)?.allows ?? [];
  if (allows.includes(lawAsks)) return lawAsks;
  return allows.includes("optOut") ? "optOut" : null;
}

export const SIGN_NAME_MISSING = "Type your full name to sign.";
export const SIGN_NAME_MISMATCH = "Type your full name exactly as it is on your account.";

/** A signature matches the account holder's name whatever its case and spacing. */
export function typedNameMatches(typedName: string, fullName: string): boolean {
  const typed = collapseSpaces(typedName).toLowerCase();
  return typed !== "" && typed === collapseSpaces(fullName).toLowerCase();
}
