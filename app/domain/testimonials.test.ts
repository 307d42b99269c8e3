import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { hasRecordedConsent, isCalendarDate, TESTIMONIAL_MESSAGES, testimonialSchema } from "./testimonials";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return parseWithZod(data, { schema: testimonialSchema("2026-03-14") });
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
    expect(form({ ...WORDS, consentDate: "2026-03-01" }).error).toEqual({ consentMethod: [TESTIMONIAL_MESSAGES.consentMethodMissing] });
    expect(form({ ...WORDS, consentMethod: "email-reply" }).error).toEqual({ consentDate: [TESTIMONIAL_MESSAGES.consentDateMissing] });
  });

  it.each(["2026-03-15", "2026-02-30", "03/14/2026", "yesterday"])("refuses %s as the day of consent", (consentDate) => {
    expect(form({ ...WORDS, consentDate, consentMethod: "email-reply" }).error?.consentDate).toEqual([TESTIMONIAL_MESSAGES.consentDate]);
  });

  it("refuses a way of consent it does not know, and missing words", () => {
    const result = form({ quote: " ", displayName: "", city: "", consentDate: "2026-03-01", consentMethod: "a nod" });
    expect(result.error).toMatchObject({
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
