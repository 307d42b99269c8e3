// Addresses the tests sign up with, shared by the workerd tests and the browser tests.

/** A tidy address that verification leaves as it is, but for the case. */
export const ADDRESS = { fullName: "Ada Lovelace", street1: "12 Main St", street2: "", city: "Springfield", state: "IL", zipCode: "62701" };

/** Step 1 as a person types it loosely: lower case, words spelled out; verification standardizes it. */
export const LOOSE_ADDRESS = {
  fullName: "Ada Lovelace",
  street1: "12 north main street",
  street2: "apartment 4b",
  city: "springfield",
  state: "illinois",
  zipCode: "62701",
} as const;
