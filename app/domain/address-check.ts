import type { AddressCheck } from "../../drizzle/schema";
import type { AddressField, AddressProblem } from "~/domain/address";

export type { AddressCheck };

/*
 * How far an address on file was checked (ADDRESS_CHECKS in the schema), so no page claims more
 * than was done:
 * - "verified": a verification service said the Postal Service delivers to it;
 * - "standardized": the offline standardizer found it well formed and wrote it in the Postal
 *   Service's form; it cannot say the address exists;
 * - "asTyped": the person chose to keep it as typed after a doubt; staff check it before a letter
 *   goes out.
 * Rows written before the check was recorded have none (null): nothing is claimed for them.
 */

/** What a page says of an address, by its check. */
export const ADDRESS_CHECK_LABELS: Record<AddressCheck, string> = {
  verified: "Verified: the Postal Service delivers to this address.",
  standardized:
    "Written in the Postal Service's form. We checked how it is written, not that the address exists, so please read it once more.",
  asTyped: "Kept as you typed it. We check it by hand before any letter goes out.",
};

/** What staff see on a request whose address, or one of the people it covers, was kept as typed. */
export const STAFF_ADDRESS_WARNING = "Address kept as typed: check it before printing or sending.";

/** How staff see an account's address check. */
export const ADDRESS_CHECK_STAFF_LABELS: Record<AddressCheck, string> = {
  verified: "Verified by the verification service",
  standardized: "Well formed (offline check: not proven to exist)",
  asTyped: STAFF_ADDRESS_WARNING,
};

/** The verification service's verdict, in the shape of Lob's `deliverability`. */
export const DELIVERABILITIES = [
  "deliverable",
  "deliverable_unnecessary_unit",
  "deliverable_incorrect_unit",
  "deliverable_missing_unit",
  "undeliverable",
] as const;
export type Deliverability = (typeof DELIVERABILITIES)[number];

export const ADDRESS_DOUBT_MESSAGES = {
  summary: "We could not confirm this address. Correct it, or keep it exactly as you typed it with the button under the form.",
  unavailable: "We could not check this address just now.",
  undeliverable: "The Postal Service does not deliver to this address. Check the street, the number and the ZIP code.",
  missingUnit: "This building has more than one unit: add the apartment, suite or unit number.",
  incorrectUnit: "The Postal Service does not know this unit at this address: check its number.",
} as const;

/** Why an address is in doubt: messages for the fields concerned, and one for the form. */
type AddressDoubt = { fieldErrors: Partial<Record<AddressField, string[]>>; formErrors: string[] };

/** What a verification answer means for the person who typed the address. */
export type AddressVerdict<A> = { kind: "accepted"; check: AddressCheck; address: A } | { kind: "doubtful"; doubt: AddressDoubt };

type VerificationOutcome<A> =
  | { kind: "unavailable" }
  | { kind: "service"; deliverability: Deliverability; address: A }
  | { kind: "offline"; problems: AddressProblem[]; address: A };

/**
 * Decides whether an address can be used as verification wrote it. A verification service decides
 * by its deliverability (an unneeded unit is still delivered); the offline standardizer only by
 * the problems it found in the form. No answer at all is a doubt too: the person decides.
 */
export function judgeAddress<A>(outcome: VerificationOutcome<A>): AddressVerdict<A> {
  if (outcome.kind === "unavailable") return doubt({}, ADDRESS_DOUBT_MESSAGES.unavailable);
  if (outcome.kind === "offline") {
    if (outcome.problems.length === 0) return { kind: "accepted", check: "standardized", address: outcome.address };
    const fieldErrors: AddressDoubt["fieldErrors"] = {};
    for (const problem of outcome.problems) (fieldErrors[problem.field] ??= []).push(problem.message);
    return doubt(fieldErrors);
  }
  switch (outcome.deliverability) {
    case "deliverable":
    case "deliverable_unnecessary_unit":
      return { kind: "accepted", check: "verified", address: outcome.address };
    case "deliverable_missing_unit":
      return doubt({ street2: [ADDRESS_DOUBT_MESSAGES.missingUnit] });
    case "deliverable_incorrect_unit":
      return doubt({ street2: [ADDRESS_DOUBT_MESSAGES.incorrectUnit] });
    case "undeliverable":
      return doubt({ street1: [ADDRESS_DOUBT_MESSAGES.undeliverable] });
  }
}

function doubt(fieldErrors: AddressDoubt["fieldErrors"], reason?: string): AddressVerdict<never> {
  return {
    kind: "doubtful",
    doubt: { fieldErrors, formErrors: [reason ? `${reason} ${ADDRESS_DOUBT_MESSAGES.summary}` : ADDRESS_DOUBT_MESSAGES.summary] },
  };
}

/** The submit button's name and value that keep an address as typed after a doubt. */
export const KEEP_AS_TYPED = { name: "keepAsTyped", value: "yes" } as const;

export function wantsAddressAsTyped(formData: FormData) {
  return formData.get(KEEP_AS_TYPED.name) === KEEP_AS_TYPED.value;
}
