// A charity's request (decision 0059): whether the person gives to it, and how many times a year it
// may still write. The letter keeps a donor and asks to stop trading their name; someone who does
// not give asks it to stop mailing.
import { NONPROFIT_CATEGORY } from "./state-privacy-laws";

export const MAILINGS_PER_YEAR = { min: 0, max: 12 } as const;
export const MAILINGS_PER_YEAR_MESSAGE = `“Mail me at most” takes a whole number from ${MAILINGS_PER_YEAR.min} to ${MAILINGS_PER_YEAR.max}, or nothing.`;

export const isCharity = (category: string | null) => category === NONPROFIT_CATEGORY;

/** The typed "times a year": null when left empty, undefined when it is not a whole number in range. */
export function parseMailingsPerYear(value: string | undefined): number | null | undefined {
  const typed = (value ?? "").trim();
  if (typed === "") return null;
  if (!/^\d{1,2}$/.test(typed)) return undefined;
  const count = Number(typed);
  return count >= MAILINGS_PER_YEAR.min && count <= MAILINGS_PER_YEAR.max ? count : undefined;
}

/** The choice as its letter will put it. */
export function charityChoiceText(donor: boolean | null, mailingsPerYear: number | null): string {
  if (donor !== true)
    return donor === false
      ? "you do not give to them; the letter asks them to stop mailing you."
      : "the letter asks them to stop mailing you.";
  if (mailingsPerYear === null) return "you give to them; the letter asks them to keep you as a donor and mail you less often.";
  if (mailingsPerYear === 0) return "you give to them; the letter asks them to keep you as a donor and send only receipts.";
  return `you give to them; the letter asks them to keep you as a donor and mail you at most ${mailingsPerYear === 1 ? "once" : `${mailingsPerYear} times`} a year.`;
}
