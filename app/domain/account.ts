import { z } from "zod";
import { EmailSchema, NameAndAddressSchema, NewPasswordSchema, STEP2_MESSAGES } from "~/domain/signup";

export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: "Please enter your current password.",
  wrongPassword: "That is not your current password.",
  sameEmail: "This is already your email address.",
  sameAddress: "This is the address we already have. To move, enter your new address.",
  emailTaken: STEP2_MESSAGES.emailTaken,
} as const;

const currentPassword = z
  .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
  .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
  .max(1000, ACCOUNT_MESSAGES.wrongPassword);

// An unticked checkbox is absent from the form: absent is false.
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

/** The name and address form of the account page: signup step 1's rules, and whether this is a move. */
export const AccountAddressSchema = NameAndAddressSchema.extend({ moved: checkbox });

export const ChangeEmailSchema = z.object({ email: EmailSchema, currentPassword });

export const ChangePasswordSchema = z.object({ currentPassword, password: NewPasswordSchema });

export const EmailPreferencesSchema = z.object({ newsletter: checkbox, reminderEmails: checkbox, followUpEmails: checkbox });
export type EmailPreferences = z.infer<typeof EmailPreferencesSchema>;

export const DeleteAccountSchema = z.object({ currentPassword });
