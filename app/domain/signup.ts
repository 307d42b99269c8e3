import { z } from "zod";
import { stateCode } from "~/domain/us-states";
import { ZIP_PATTERN } from "~/domain/zip";

// The messages of product rules: Validation messages (word for word). Shared by the server and the browser.
const NAME_AND_ADDRESS_MESSAGES = {
  fullName: "Please enter your full name.",
  street1: "Please enter the street address.",
  city: "Please enter the city name.",
  state: "Please enter the state.",
  zipCode: "Please enter the zip code.",
} as const;

/** Beyond the product rules' messages for an empty field: a value that cannot be a U.S. state or ZIP code. */
export const ADDRESS_FORM_MESSAGES = {
  stateUnknown: "Please enter a U.S. state or territory, like IL or Illinois.",
  zipInvalid: "Please enter a 5-digit ZIP code, or ZIP+4 like 62701-1234.",
} as const;

export const STEP2_MESSAGES = {
  emailRequired: "Please enter your email address.",
  // The product rules' words, then what a valid one looks like.
  emailInvalid: "Invalid email address. It should look like name@example.com.",
  passwordRequired: "Please enter the password.",
  // The identity provider's own rule and message (product rules: Validation messages).
  passwordTooShort: "Password should be at least 6 characters.",
  emailTaken: "Email has already been used.",
  notCreated: "We couldn't create your account just now. Nothing was saved; please try again in a moment.",
} as const;

const MIN_PASSWORD_LENGTH = 6;

/** How long the link that finishes a signup works, when signups are busy (decision 0019). */
export const PENDING_SIGNUP_LIFETIME_HOURS = 24;
const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Longer than any real name or address line: past these, input is a mistake or an attack. */
export const NAME_AND_ADDRESS_MAX = { fullName: 100, street1: 100, street2: 100, city: 60, state: 40, zipCode: 12 } as const;
const FIELD_NAMES = {
  fullName: "full name",
  street1: "street address",
  street2: "apartment, suite or unit",
  city: "city",
  state: "state",
  zipCode: "ZIP code",
};

function shortEnough(field: keyof typeof NAME_AND_ADDRESS_MAX) {
  const max = NAME_AND_ADDRESS_MAX[field];
  return z.string().max(max, `Please shorten the ${FIELD_NAMES[field]} to ${max} characters.`);
}

/** At least two space-separated words. */
export function isFullName(value: string) {
  return value.trim().split(/\s+/).filter(Boolean).length >= 2;
}

export const NameAndAddressSchema = z.object({
  fullName: required(NAME_AND_ADDRESS_MESSAGES.fullName)
    .pipe(shortEnough("fullName"))
    .refine(isFullName, NAME_AND_ADDRESS_MESSAGES.fullName),
  street1: required(NAME_AND_ADDRESS_MESSAGES.street1).pipe(shortEnough("street1")),
  street2: z.string().trim().pipe(shortEnough("street2")).optional(),
  city: required(NAME_AND_ADDRESS_MESSAGES.city).pipe(shortEnough("city")),
  state: required(NAME_AND_ADDRESS_MESSAGES.state)
    .pipe(shortEnough("state"))
    .pipe(z.string().refine((value) => stateCode(value) !== null, ADDRESS_FORM_MESSAGES.stateUnknown)),
  zipCode: required(NAME_AND_ADDRESS_MESSAGES.zipCode)
    .pipe(shortEnough("zipCode"))
    .pipe(z.string().regex(ZIP_PATTERN, ADDRESS_FORM_MESSAGES.zipInvalid)),
});

export const EmailSchema = required(STEP2_MESSAGES.emailRequired).pipe(
  z.string().max(254, STEP2_MESSAGES.emailInvalid).regex(EMAIL_PATTERN, STEP2_MESSAGES.emailInvalid),
);

/** A password someone chooses (signup, reset): the identity provider's minimum length. */
export const NewPasswordSchema = z
  .string({ error: STEP2_MESSAGES.passwordRequired })
  .min(1, STEP2_MESSAGES.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, STEP2_MESSAGES.passwordTooShort);

export const Step2Schema = z.object({ email: EmailSchema, password: NewPasswordSchema });

/** Sign-in checks only that a password was typed: an old account's password may be shorter. */
export const SignInSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: STEP2_MESSAGES.passwordRequired }).min(1, STEP2_MESSAGES.passwordRequired),
});

export const ForgotPasswordSchema = z.object({ email: EmailSchema });

export const RESET_LINK_MESSAGES = {
  broken: "This link does not work any more.",
  spent: "This link has expired or was already used. Ask for a new one.",
} as const;

export const ResetPasswordSchema = z.object({
  token: z.string({ error: RESET_LINK_MESSAGES.broken }).min(1, RESET_LINK_MESSAGES.broken).max(200, RESET_LINK_MESSAGES.broken),
  password: NewPasswordSchema,
});

export type AddressFields = { street1: string; street2: string; city: string; state: string; zipCode: string };

/** The address fields of a step-1-shaped form, with the optional second line filled in. */
export function enteredAddress({ street1, street2 = "", city, state, zipCode }: z.infer<typeof NameAndAddressSchema>): AddressFields {
  return { street1, street2, city, state, zipCode };
}

/** What verification changed, field by field, for step 2 to show. */
export function addressChanges(entered: AddressFields, verified: AddressFields) {
  return (Object.keys(entered) as Array<keyof AddressFields>)
    .filter((field) => entered[field].trim() !== verified[field].trim())
    .map((field) => ({ field, from: entered[field], to: verified[field] }));
}
