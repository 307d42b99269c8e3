import { describe, expect, it } from "vitest";
import { charityChoiceText, isCharity, parseMailingsPerYear } from "~/domain/charity-choice";

describe("parseMailingsPerYear", () => {
  it("takes a whole number from 0 to 12, and nothing as no limit said", () => {
    expect(parseMailingsPerYear("0")).toBe(0);
    expect(parseMailingsPerYear(" 12 ")).toBe(12);
    expect(parseMailingsPerYear("")).toBeNull();
    expect(parseMailingsPerYear(undefined)).toBeNull();
  });

  it("refuses anything else", () => {
    for (const typed of ["13", "-1", "2.5", "two", "1e1"]) expect(parseMailingsPerYear(typed), typed).toBeUndefined();
  });
});

describe("charityChoiceText", () => {
  it("says what the letter asks, by the choice", () => {
    expect(charityChoiceText(true, 1)).toContain("mail you at most once a year");
    expect(charityChoiceText(true, 3)).toContain("mail you at most 3 times a year");
    expect(charityChoiceText(true, 0)).toContain("send only receipts");
    expect(charityChoiceText(false, 3)).toBe("you do not give to them; the letter asks them to stop mailing you.");
    expect(charityChoiceText(null, null)).toBe("the letter asks them to stop mailing you.");
  });
});

it("knows a charity by its catalog category", () => {
  expect(isCharity("charities")).toBe(true);
  expect(isCharity("catalogs")).toBe(false);
  expect(isCharity(null)).toBe(false);
});
