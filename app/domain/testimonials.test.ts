import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { hasRecordedConsent, isCalendarDate, TESTIMONIAL_MESSAGES, testimonialSchema } from "./testimonials";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return parseWithZod(data, { schema: testimonialSchema("2026-03-14") });
}

/** The messages per field of a refused form (none when it is taken). */
function errorsOf(fields: Record<string, string>) {
  const result = form(fields);
  return result.status === "success" ? undefined : result.error;
}

const WORDS = { quote: "Quiet at last.", displayName: "Jo", city: "Tulsa, OK" };

describe("the testimonial form", () => {
  it("takes words without consent, to be published later", () => {
    const result = form(WORDS);
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({ ...WORDS, consentDate: null, consentMethod: null });
  });

  it("takes a consent with its day and its way", () => {
    const result = form({ ...WORDS, consentDate: "2026-03-14", consentMethod: "signed-form" });
    expect(result.status === "success" && hasRecordedConsent(result.value)).toBe(true);
  });

  it("refuses half a consent, next to the missing half", () => {
    expect(errorsOf({ ...WORDS, consentDate: "2026-03-01" })).toEqual({ consentMethod: [TESTIMONIAL_MESSAGES.consentMethodMissing] });
    expect(errorsOf({ ...WORDS, consentMethod: "email-reply" })).toEqual({ consentDate: [TESTIMONIAL_MESSAGES.consentDateMissing] });
  });

  it.each(["2026-03-15", "2026-02-30", "03/14/2026", "yesterday"])("refuses %s as the day of consent", (consentDate) => {
    expect(errorsOf({ ...WORDS, consentDate, consentMethod: "email-reply" })?.consentDate).toEqual([TESTIMONIAL_MESSAGES.consentDate]);
  });

  it("refuses a way of consent it does not know, and missing words", () => {
    expect(errorsOf({ quote: " ", displayName: "", city: "", consentDate: "2026-03-01", consentMethod: "a nod" })).toMatchObject({
      quote: [TESTIMONIAL_MESSAGES.quote],
      displayName: [TESTIMONIAL_MESSAGES.displayName],
      city: [TESTIMONIAL_MESSAGES.city],
      consentMethod: [TESTIMONIAL_MESSAGES.consentMethod],
    });
  });
});

describe("isCalendarDate", () => {
  it("knows real days from impossible ones", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2025-02-29")).toBe(false);
    expect(isCalendarDate("2025-13-01")).toBe(false);
  });
});

describe("hasRecordedConsent", () => {
  it("needs both the day and the way", () => {
    expect(hasRecordedConsent({ consentDate: "2026-01-01", consentMethod: null })).toBe(false);
    expect(hasRecordedConsent({ consentDate: "", consentMethod: "email-reply" })).toBe(false);
    expect(hasRecordedConsent({ consentDate: "2026-01-01", consentMethod: "email-reply" })).toBe(true);
  });
});
