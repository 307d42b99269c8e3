import { describe, expect, it } from "vitest";
import { arrivedAfterStop, digestEntryId, isResidentMail, stillComingDetail } from "~/domain/mail-piece";

describe("saturation mail", () => {
  it("is mail addressed to the current resident, a resident, the postal customer or the occupant", () => {
    for (const label of [
      "CURRENT RESIDENT",
      "Or Current Resident",
      "RESIDENT",
      "POSTAL CUSTOMER",
      "Local Postal Customer",
      "OCCUPANT",
      "To the Resident",
      // As a reader of small type runs the words together.
      "CURRENTRESIDENT",
      "ORCURRENTRESIDENT",
      "POSTALCUSTOMER",
    ])
      expect(isResidentMail(`Two Large Pizzas $24.99\n${label}\n1847 N HALSTED ST\nCHICAGO IL 60614`), label).toBe(true);
  });

  it("is not mail addressed to a person, even where the word appears in its text", () => {
    expect(isResidentMail("JANE Q PUBLIC\n1847 N HALSTED ST\nCHICAGO IL 60614")).toBe(false);
    expect(isResidentMail("Every resident of Chicago deserves fast internet\nJANE Q PUBLIC")).toBe(false);
    expect(isResidentMail("Residential roofing, free estimates\nJANE Q PUBLIC")).toBe(false);
  });
});

describe("a piece after the request's mail should have stopped", () => {
  // Mail printed before may arrive until the end of Jan 21 in Chicago's time.
  const mailStopsBy = new Date("2027-01-21T20:00:00Z");

  it("is a piece of a later day", () => {
    expect(arrivedAfterStop("2027-01-22", mailStopsBy, "America/Chicago")).toBe(true);
  });

  it("is not a piece of that day or before", () => {
    expect(arrivedAfterStop("2027-01-21", mailStopsBy, "America/Chicago")).toBe(false);
    expect(arrivedAfterStop("2026-12-02", mailStopsBy, "America/Chicago")).toBe(false);
  });

  it("is written in the request's history with its day and where it was seen", () => {
    expect(
      stillComingDetail({ arrivedOn: "2027-01-25", source: "digest", senderName: "Williams Sonoma" }, mailStopsBy, "America/Chicago"),
    ).toBe(
      "Mail from Williams Sonoma still came on 01/25/2027 (seen in the Postal Service's daily digest), after 01/21/2027, the last day mail printed before the request could arrive.",
    );
  });
});

it("a digest delivered twice gives its pieces the same entries", () => {
  expect(digestEntryId("msg-1", 0)).toBe(digestEntryId("msg-1", 0));
  expect(digestEntryId("msg-1", 0)).not.toBe(digestEntryId("msg-1", 1));
});
