// Testimonials on the home page (decision 0026): customers' own words, shown only with their
// recorded consent. Staff write them down in /admin/testimonials.
import { z } from "zod";
import { CONSENT_METHODS, type ConsentMethod } from "../../drizzle/schema";
import { utcDay } from "~/domain/dates";

export { CONSENT_METHODS, type ConsentMethod };

/** The home page shows at most this many (product rules: What the product promises). */
export const HOME_TESTIMONIAL_LIMIT = 6;

export const CONSENT_METHOD_LABELS: Record<ConsentMethod, string> = {
  "email-reply": "Email reply",
  "signed-form": "Signed form",
  "in-app-checkbox": "In-app checkbox",
};

const LIMITS = { quote: 600, displayName: 80, city: 80 } as const;

export const TESTIMONIAL_MESSAGES = {
  quote: "Please enter the person's words.",
  displayName: "Please enter the name as the person agreed to show it.",
  city: "Please enter the city, e.g. Austin, TX.",
  consentDate: "Please enter the day consent was given as YYYY-MM-DD, e.g. 2026-03-14, no later than today.",
  consentDateMissing: "Please enter the day consent was given: a way of consent needs its date.",
  consentMethod: "Please choose how consent was given.",
  consentMethodMissing: "Please choose how consent was given: a date of consent needs its way.",
  publishNeedsConsent: "Record the day and the way the person gave consent before publishing: without it the words cannot be shown.",
  keepConsentWhilePublished: "Unpublish this testimonial before removing its consent: a published testimonial always has one.",
  tooLong: (what: string, max: number) => `Please shorten the ${what} to ${max} characters.`,
} as const;

export type ConsentRecord = { consentDate: string | null; consentMethod: ConsentMethod | null };

/** Consent is recorded when both the day and the way are. */
export function hasRecordedConsent(testimonial: ConsentRecord): boolean {
  return Boolean(testimonial.consentDate) && testimonial.consentMethod !== null;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Today in UTC, YYYY-MM-DD. Every U.S. zone is behind UTC, so a day that is today or earlier
 * for the person entering it is never later than this.
 */
export function todayInUtc(now = new Date()) {
  return utcDay(now);
}

const requiredText = (message: string, max: number, what: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, TESTIMONIAL_MESSAGES.tooLong(what, max));

/** The add and edit forms of /admin/testimonials; `today` bounds the day of consent. */
export function testimonialSchema(today: string) {
  return z
    .object({
      quote: requiredText(TESTIMONIAL_MESSAGES.quote, LIMITS.quote, "words"),
      displayName: requiredText(TESTIMONIAL_MESSAGES.displayName, LIMITS.displayName, "name"),
      city: requiredText(TESTIMONIAL_MESSAGES.city, LIMITS.city, "city"),
      consentDate: z
        .string()
        .trim()
        .optional()
        .refine((text) => !text || (isCalendarDate(text) && text <= today), TESTIMONIAL_MESSAGES.consentDate)
        .transform((text) => text || null),
      consentMethod: z
        .enum(CONSENT_METHODS, { error: TESTIMONIAL_MESSAGES.consentMethod })
        .optional()
        .transform((method) => method ?? null),
    })
    .superRefine((values, context) => {
      if (values.consentDate && !values.consentMethod)
        context.addIssue({ code: "custom", path: ["consentMethod"], message: TESTIMONIAL_MESSAGES.consentMethodMissing });
      if (values.consentMethod && !values.consentDate)
        context.addIssue({ code: "custom", path: ["consentDate"], message: TESTIMONIAL_MESSAGES.consentDateMissing });
    });
}

export type TestimonialFields = z.output<ReturnType<typeof testimonialSchema>>;

/** How a testimonial is signed on the home page: the name the person agreed to, and the city. */
export function attribution({ displayName, city }: { displayName: string; city: string }) {
  return `${displayName}, ${city}`;
}
