import type { z } from "zod";
import type { Address } from "./address";
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
