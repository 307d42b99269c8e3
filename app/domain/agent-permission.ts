// The person's permission for Quiet Mailbox to act as their authorized agent under a state privacy
// law (decision 0059): the words they sign, and the one rule for a typed signature.
import { collapseSpaces } from "./address";

/**
 * What the permission allows, in plain words: shown on /account above the signature field, stored
 * with the signature exactly as shown, and attached to every request sent under a state law.
 */
export const AGENT_PERMISSION_ALLOWS =
  "I authorize Quiet Mailbox to act as my authorized agent under my state's consumer privacy law: to ask a company that keeps mailing me, after my request to stop, to delete my personal information and to stop selling or sharing it, or to stop selling or sharing it where the law allows no more. This covers only the senders on my Quiet Mailbox dashboard, and only for stopping their mail. It lasts until I revoke it in my account.";

export const SIGN_NAME_MISSING = "Type your full name to sign.";
export const SIGN_NAME_MISMATCH = "Type your full name exactly as it is on your account.";

/** A signature matches the account holder's name whatever its case and spacing. */
export function typedNameMatches(typedName: string, fullName: string): boolean {
  const typed = collapseSpaces(typedName).toLowerCase();
  return typed !== "" && typed === collapseSpaces(fullName).toLowerCase();
}
