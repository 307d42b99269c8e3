import type { z } from "zod";
import type { Address, AddressInput } from "./address";
import { Step1Schema } from "./signup";

/**
 * A recipient is validated like signup step 1: a full name of two words or more and an address,
 * with spec section 5's messages.
 */
export const RecipientSchema = Step1Schema;

export type RecipientForm = z.infer<typeof RecipientSchema>;

/** The form's address with the optional second line filled in, as verification answers it. */
export function enteredAddress({ street1, street2 = "", city, state, zipCode }: RecipientForm): Address {
  return { street1, street2, city, state, zipCode };
}

const comparable = (value: string | null | undefined) => (value ?? "").trim().replace(/\s+/g, " ").toUpperCase();

/** Whether two addresses are the same one, whatever the case and spacing they were typed in. */
export function isSameAddress(a: AddressInput, b: AddressInput) {
  return (["street1", "street2", "city", "state", "zipCode"] as const).every((field) => comparable(a[field]) === comparable(b[field]));
}

/** The lines of an envelope: the name, the street (with its unit), then city, state and ZIP code. */
export function envelopeLines(name: string, address: AddressInput) {
  const street = address.street2 ? `${address.street1}, ${address.street2}` : address.street1;
  return [name, street, `${address.city}, ${address.state} ${address.zipCode}`];
}
