import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIRST_REMINDER_AFTER_DAYS } from "~/domain/reminders";
import { CUSTOM_REQUIRED_DAYS, FREE_REQUEST_ALLOWANCE } from "~/domain/requests";
import { EXTRA_MAILINGS, MAIL_STOPS_AFTER, WHY_MAIL_TAKES_WEEKS } from "~/domain/mail-timing";

// Copy that states a product number takes it from its constant (product rules: Numbers), so
// changing the constant changes every text. This fails when a page, an email or a meta text
// types one of those numbers by hand.

const APP = path.resolve(import.meta.dirname, "../../app");
const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

/** The number as digits or, when it has one, as a word: "8" or "eight". */
function spelled(value: number) {
  return NUMBER_WORDS[value] ? `(?:${value}|${NUMBER_WORDS[value]})` : String(value);
}

const HAND_TYPED: { number: string; pattern: RegExp }[] = [
  { number: "MAIL_STOPS_AFTER.weeks", pattern: new RegExp(`\\b${spelled(MAIL_STOPS_AFTER.weeks)}[ -]weeks?\\b`, "i") },
  {
    number: "MAIL_STOPS_AFTER.extraMailings",
    pattern: new RegExp(`\\b${spelled(EXTRA_MAILINGS.fewest)} to ${spelled(EXTRA_MAILINGS.most)}\\b(?![,.]?\\d)`, "i"),
  },
  {
    number: "FREE_REQUEST_ALLOWANCE",
    pattern: new RegExp(
      `\\b(?:first ${spelled(FREE_REQUEST_ALLOWANCE)} requests|${spelled(FREE_REQUEST_ALLOWANCE)} (?:free|opt-out) requests)\\b`,
      "i",
    ),
  },
  { number: "CUSTOM_REQUIRED_DAYS", pattern: new RegExp(`\\b${spelled(CUSTOM_REQUIRED_DAYS)}[ -]days?\\b`, "i") },
];

/** Texts with the same digits that are not these product numbers. */
const OTHER_NUMBERS = [
  "for up to 30 days;", // privacy: the session cookie's lifetime
  "as it was up to 30 days back", // privacy: the database provider's restore window
  "after 30 days, nothing", // privacy: the same window
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("product numbers in copy", () => {
  it("come from their constants, never typed by hand", () => {
    const found: string[] = [];
    for (const file of sourceFiles(APP)) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          const text = OTHER_NUMBERS.reduce((rest, allowed) => rest.replace(allowed, ""), line);
          for (const { number, pattern } of HAND_TYPED) {
            const match = pattern.exec(text);
            if (match) found.push(`${path.relative(APP, file)}:${index + 1}: "${match[0]}" should come from ${number}`);
          }
        });
    }
    expect(found).toEqual([]);
  });

  it("derive the shared sentence and the first reminder from the wait", () => {
    expect(WHY_MAIL_TAKES_WEEKS).toContain(`about ${MAIL_STOPS_AFTER.weeks} weeks`);
    expect(WHY_MAIL_TAKES_WEEKS).toContain(`${MAIL_STOPS_AFTER.extraMailings} extra mailings`);
    expect(FIRST_REMINDER_AFTER_DAYS).toBe(MAIL_STOPS_AFTER.weeks * 7);
  });
});
