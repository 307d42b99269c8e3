// The person's permission for Quiet Mailbox to act as their authorized agent under a state privacy
// law (decision 0059): the words they sign, and the one rule for a typed signature.
import { collapseSpaces } from "./address";
import { lawOfState, legalRouteFor, type LegalAsks } from "./state-privacy-laws";
import { stateCode, US_STATES } from "./us-states";

/**
 * What the permission allows, as a plain list (a lead line, then one "- " line each): what goes
 * out, to whom, what the company may ask, and how to withdraw. Shown on /account above the signature
 * field, stored with the signature exactly as shown, and attached to every request sent under a
 * state law. It names exactly what the legal letters ask (decision 0062), and goes only where the
 * ladder takes the legal step (decisions 0058 and 0064): after two requests, on the person's word.
 * What a company may ask rests on the laws' agent provisions (app/domain/state-privacy-laws.ts,
 * agentProof): California's regulations let a business ask for proof of the signed permission and
 * ask the consumer to verify their identity or confirm the permission directly (11 C.C.R. § 7063);
 * the other laws let it verify, with commercially reasonable effort, the consumer's identity and
 * the agent's authority, and act only if it can.
 */
export const AGENT_PERMISSION_ALLOWS = [
  "I give Quiet Mailbox permission to act as my authorized agent under my state's consumer privacy law, as follows.",
  "- What it sends: a request in my name under that law. In California, it asks the company to delete the personal information it collected from me and opts me out of the sale and sharing of my personal information; in the other states whose law lets an agent ask, it opts me out of the sale of my personal data. It asks nothing else in my name under the law.",
  "- To whom: only a company that I tell Quiet Mailbox is still mailing me after it sent two requests to stop, and only where my state's law reaches that company.",
  "- What the company may ask: proof of this permission from Quiet Mailbox and, where its law allows, that I confirm to it who I am or that I gave this permission. It may turn the request down if this cannot be checked.",
  "- How to withdraw it: I can revoke this permission at any time in my Quiet Mailbox account. No request under the law goes out in my name after that; requests already sent stay sent.",
].join("\n");

/** The words signed from the narrowing of the legal letter (decision 0062) until the plain list above. */
export const SECOND_AGENT_PERMISSION_ALLOWS =
  "I authorize Quiet Mailbox to act as my authorized agent under my state's consumer privacy law, only with companies on my Quiet Mailbox dashboard that keep mailing me after I asked them to stop. Where the law lets an agent ask it (in California), Quiet Mailbox may ask such a company to delete the personal information it collected from me and opt me out of the sale and sharing of my personal information. Where the law lets an agent only opt out, it may opt me out of the sale of my personal data. It asks nothing else in my name under the law, and this lasts until I revoke it in my account.";

/** The words signed from November 2026 until the legal letter was narrowed to the statutes' asks (decision 0062). */
export const FIRST_AGENT_PERMISSION_ALLOWS =
  "I authorize Quiet Mailbox to act as my authorized agent under my state's consumer privacy law: to ask a company that keeps mailing me, after my request to stop, to delete my personal information and to stop selling or sharing it, or to stop selling or sharing it where the law allows no more. This covers only the senders on my Quiet Mailbox dashboard, and only for stopping their mail. It lasts until I revoke it in my account.";

/**
 * Every text people have signed, with the legal asks it allows. Each allowed deletion and a stop to
 * selling or sharing, which covers what the letters ask now; a text not listed here
 * allows nothing, so a letter never asks more than its permission says.
 */
const SIGNED_TEXTS: readonly { text: string; allows: readonly LegalAsks[] }[] = [
  { text: AGENT_PERMISSION_ALLOWS, allows: ["deleteAndOptOut", "optOut"] },
  { text: SECOND_AGENT_PERMISSION_ALLOWS, allows: ["deleteAndOptOut", "optOut"] },
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

/** A signed text's lines: the lead, then the list's items without their dashes; an older text is one paragraph. */
export function permissionLines(text: string): string[] {
  return text.split("\n").map((line) => line.replace(/^- /, ""));
}

export const SIGN_NAME_MISSING = "Type your full name to sign.";

/** The refusal of a name that is not the account's, with the name to type. */
export function signNameMismatch(fullName: string): string {
  return `Type your name as it is on your account: ${collapseSpaces(fullName)}.`;
}

/** A name's words in lower case, an initial's period dropped ("J." is "j"). */
function nameWords(name: string): string[] {
  const collapsed = collapseSpaces(name).toLowerCase();
  return collapsed === "" ? [] : collapsed.split(" ").map((word) => word.replace(/^(\p{L})\.$/u, "$1"));
}

/**
 * A signature matches the account holder's name whatever its case and spacing, with or without
 * its middle names: the first and last names must be the account's, and each middle name typed
 * must be the account's, or its initial. A middle name the account does not have, or another
 * first or last name, is a different name.
 */
export function typedNameMatches(typedName: string, fullName: string): boolean {
  const typed = nameWords(typedName);
  const account = nameWords(fullName);
  if (typed.length < 2 || account.length < 2) return typed.length > 0 && typed.join(" ") === account.join(" ");
  if (typed[0] !== account[0] || typed.at(-1) !== account.at(-1)) return false;
  const typedMiddle = typed.slice(1, -1);
  const accountMiddle = account.slice(1, -1);
  if (typedMiddle.length === 0) return true;
  return (
    typedMiddle.length === accountMiddle.length &&
    typedMiddle.every((word, index) => {
      const theirs = accountMiddle[index]!;
      return word === theirs || (word.length === 1 && theirs.startsWith(word));
    })
  );
}

/**
 * Why there is nothing to sign for a person whose address is in this state on this day, in one
 * sentence; null where the state's law lets an agent ask, or will from a set day. Where no law in
 * the data lets an agent ask, a permission would do nothing, so none is asked for.
 */
export function nothingToSignIn(state: string, on: Date): string | null {
  const route = legalRouteFor(state, { category: "catalogs" }, on);
  switch (route.kind) {
    case "send":
    case "notInForce":
      return null;
    case "noLaw": {
      const code = stateCode(state);
      const where = code ? US_STATES[code] : "your state";
      const place = code === "DC" ? `the ${where}` : where;
      return `No state privacy law we have reviewed lets an agent ask a company anything for you in ${place}, so there is nothing for you to sign.`;
    }
    case "agentNotAllowed":
      return `The ${lawOfState(state)!.name} gives no authorized agent a right to act for an adult, so there is nothing for you to sign.`;
    default:
      return `Our sources do not settle whether an agent may act for you under the ${lawOfState(state)?.name ?? "law of your state"}, so there is nothing for you to sign for now.`;
  }
}

/** Whether to ask for the permission at all: where one of the person's states' laws lets an agent ask. */
export function permissionAskedIn(states: readonly string[], on: Date): boolean {
  return states.some((state) => nothingToSignIn(state, on) === null);
}
