// The city and state of an address line put right from its ZIP code (decision 0030): the Postal
// Service sorts by the ZIP, and a ZIP names one city and state, so a city the recognizer misread
// by a letter or two ("Charloe, NC 28272", "SLPeters,MO 63376"), or a state it lost
// ("Albuquerque,M87176"), is what that ZIP's table says. Only a city near the table's is put
// right: a line whose city is far from it (another line, a misread ZIP) stays as read.
import zipcodes from "zipcodes";

type ZipPlace = { city: string; state: string };
export type ZipLookup = (zip: string) => ZipPlace | null;

/** A ZIP code at the end of a city, state and ZIP: "Omaha, NE 68103-2308", "othbrook.1L60062". */
const ZIP_AT_END = /(\d{5})((?:[-.]\d{4})?)\b(?!.*\d{5})/;
/**
 * What the recognizer leaves of the state before the ZIP: two capitals, perhaps one read as a digit
 * ("1L"), or one left ("M"), after a space, a comma, a period or a lower-case letter.
 */
const STATE_AT_END = /(?:(?<=[\s,.a-z])|^)([A-Z01]{1,2})[,.]?$/;
const FIRST_WORDS: [RegExp, string][] = [
  [/^Saint /, "St. "],
  [/^Fort /, "Ft. "],
  [/^Mount /, "Mt. "],
];

/** The ways a city is printed: as the table has it, and with its first word shortened ("St. Peters"). */
function printedForms(city: string) {
  return [city, ...FIRST_WORDS.filter(([long]) => long.test(city)).map(([long, short]) => city.replace(long, short))];
}

const letters = (text: string) => text.toLowerCase().replace(/[^a-z]/g, "");

/** Letters the recognizer may have misread in a city this long (in letters). */
function misreadsAllowed(length: number) {
  return length < 4 ? 0 : length < 7 ? 1 : length < 10 ? 2 : 3;
}

function editDistance(a: string, b: string) {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The line with its city and state as the ZIP's table has them, when the city read is near the
 * table's and the state read is the table's, or a misreading of it, or lost; otherwise the line
 * as read. A city the table spells another way than printed ("Saint Peters", "St. Peters") keeps
 * the form nearest to what was read, and an upper-case line stays upper case.
 */
export function putRightCityByZip(text: string, lookup: ZipLookup): string {
  const zip = ZIP_AT_END.exec(text);
  if (!zip) return text;
  const place = lookup(zip[1]!);
  if (!place) return text;
  const before = text.slice(0, zip.index).trimEnd();
  const state = STATE_AT_END.exec(before);
  const readAsState = (state?.[1] ?? "").replace(/1/g, "I").replace(/0/g, "O");
  // A state read in full and another than the ZIP's: the ZIP or the state is misread, nothing is sure.
  if (readAsState.length === 2 && readAsState !== place.state) return text;
  const cityPart = (state ? before.slice(0, state.index) : before).replace(/[\s,.]+$/, "");
  // The comma between the city and the state, printed or read as a period.
  const comma = /[,.]/.test(before.slice(cityPart.length, state ? state.index : undefined));
  const words = cityPart.split(/(?<=\s)/);
  let best: { start: number; form: string; distance: number } | null = null;
  for (const form of printedForms(place.city)) {
    const wanted = letters(form);
    const allowed = misreadsAllowed(wanted.length);
    const formWords = form.split(" ").length;
    for (let count = 1; count <= Math.min(words.length, formWords + 1); count += 1) {
      const start = words.length - count;
      const read = letters(words.slice(start).join(""));
      if (read.length === 0) continue;
      const distance = editDistance(read, wanted);
      if (distance <= allowed && (!best || distance < best.distance)) best = { start, form, distance };
    }
  }
  if (!best) return text;
  const cityRead = words.slice(best.start).join("");
  // Upper case as read, but for a letter the reader got wrong ("SPRINGFlELD").
  const upper = cityRead.replace(/[^A-Z]/g, "").length > cityRead.replace(/[^a-z]/g, "").length;
  const city = upper ? best.form.toUpperCase() : best.form;
  const unchanged = best.distance === 0 && state?.[1] === place.state && !/\d/.test(cityRead);
  if (unchanged) return text;
  const prefix = words.slice(0, best.start).join("");
  return `${prefix}${city}${comma ? "," : ""} ${place.state} ${zip[1]}${zip[2]}${text.slice(zip.index + zip[0].length)}`;
}

/** The ZIP code table of the `zipcodes` package (41,000 U.S. ZIP codes, about 30 MB once loaded). */
export function zipTable(): ZipLookup {
  return (zip) => {
    const found = zipcodes.lookup(zip);
    return found ? { city: found.city, state: found.state } : null;
  };
}
