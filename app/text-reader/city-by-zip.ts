// The city and state of an address line put right from its ZIP code (decision 0030): the Postal
// Service sorts by the ZIP, and a ZIP names one city and state, so a city the recognizer misread
// by a letter or two ("Charloe, NC 28272", "SLPeters,MO 63376"), or a state it lost
// ("Albuquerque,M87176"), is what that ZIP's table says. Only a city near the table's is put
// right: a line whose city is far from it (another line, a misread ZIP) stays as read.
import zipcodes from "zipcodes";

type ZipPlace = { city: string; state: string };
export type ZipLookup = (zip: string) => ZipPlace | null;

/**
 * A ZIP code at the end of a city, state and ZIP: "Omaha, NE 68103-2308", "othbrook.1L60062", also
 * a ZIP+4 whose hyphen the reader lost or read as a period ("LasVegasNV891938872").
 */
const ZIP_AT_END = /(?<!\d)(\d{5})((?:[-.]?\d{4})?)\b(?!.*\d{5})/;
/** A ZIP code at the end of a line whose four digits after the hyphen were not all read. */
const CUT_PLUS_FOUR = /(?<!\d)\d{5}[-.]\d{0,3}$/;
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

/** The fewest letters left of a city that lost its start for the ZIP's city to be written in full. */
const LOST_START_MIN_LETTERS = 3;

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

type ZipLine = {
  zip: RegExpExecArray;
  place: ZipPlace;
  /** What stood for the state before the ZIP, if anything. */
  state: RegExpExecArray | null;
  /** The city as the table has it, in its printed form nearest to what was read, and how far the reading is from it. */
  city: { start: number; form: string; distance: number } | null;
  words: string[];
  comma: boolean;
};

/**
 * A line ending in a known ZIP code, with the city read before it matched to the ZIP's: null when
 * the line ends in no ZIP the table knows, or the state is read in full and is another (the ZIP or
 * the state is misread, nothing is sure); `city` null when the city read is far from the ZIP's.
 */
function readZipLine(text: string, lookup: ZipLookup): ZipLine | null {
  const zip = ZIP_AT_END.exec(text);
  if (!zip) return null;
  const place = lookup(zip[1]!);
  if (!place) return null;
  const before = text.slice(0, zip.index).trimEnd();
  const state = STATE_AT_END.exec(before);
  const readAsState = (state?.[1] ?? "").replace(/1/g, "I").replace(/0/g, "O");
  if (readAsState.length === 2 && readAsState !== place.state) return null;
  const cityPart = (state ? before.slice(0, state.index) : before).replace(/[\s,.]+$/, "");
  // The comma between the city and the state, printed or read as a period.
  const comma = /[,.]/.test(before.slice(cityPart.length, state ? state.index : undefined));
  const words = cityPart.split(/(?<=\s)/);
  let city: ZipLine["city"] = null;
  for (const form of printedForms(place.city)) {
    const wanted = letters(form);
    const allowed = misreadsAllowed(wanted.length);
    const formWords = form.split(" ").length;
    for (let count = 1; count <= Math.min(words.length, formWords + 1); count += 1) {
      const start = words.length - count;
      const read = letters(words.slice(start).join(""));
      if (read.length === 0) continue;
      const distance = editDistance(read, wanted);
      if (distance <= allowed && (!city || distance < city.distance)) city = { start, form, distance };
    }
  }
  // A city whose start was lost at the edge of the photo or a fold ("gton, DE 19850" for Wilmington):
  // its last word read as the end of the ZIP's city, with the state read in full as the ZIP's.
  const lastWord = letters(words.at(-1) ?? "");
  if (!city && state?.[1] === place.state && lastWord.length >= LOST_START_MIN_LETTERS) {
    const form = printedForms(place.city).find((printed) => letters(printed).endsWith(lastWord));
    if (form) city = { start: words.length - 1, form, distance: letters(form).length - lastWord.length };
  }
  return { zip, place, state, city, words, comma };
}

/** The city read as the table has it, the state as printed, and no digit among the city's letters. */
function readAsPrinted({ state, place, city, words }: ZipLine) {
  return city !== null && city.distance === 0 && state?.[1] === place.state && !/\d/.test(words.slice(city.start).join(""));
}

/**
 * The line with its city and state as the ZIP's table has them, spaced as printed ("Sioux Falls,
 * SD 57117" for "SiouxFallsSD57117"), when the city read is near the table's, or is the end of it,
 * and the state read is the table's, or a misreading of it, or lost; otherwise the line as read. A
 * city the table spells another way than printed ("Saint Peters", "St. Peters") keeps the form
 * nearest to what was read, and an upper-case line stays upper case.
 */
export function putRightCityByZip(text: string, lookup: ZipLookup): string {
  const line = readZipLine(text, lookup);
  if (!line?.city) return text;
  const { zip, place, city, words, comma } = line;
  const cityRead = words.slice(city.start).join("");
  // Upper case as read, but for a letter the reader got wrong ("SPRINGFlELD").
  const upper = cityRead.replace(/[^A-Z]/g, "").length > cityRead.replace(/[^a-z]/g, "").length;
  const printedCity = upper ? city.form.toUpperCase() : city.form;
  const prefix = words.slice(0, city.start).join("");
  // A ZIP+4 is printed with its hyphen.
  const plusFour = zip[2] ? `-${zip[2].replace(/^[-.]/, "")}` : "";
  return `${prefix}${printedCity}${comma ? "," : ""} ${place.state} ${zip[1]}${plusFour}${text.slice(zip.index + zip[0].length)}`;
}

/**
 * How well a line ending in a ZIP code agrees with the ZIP's table, to choose between two readings
 * of one line: 2 when its city and state are read as the table has them, 1 when they can be put
 * right (putRightCityByZip), 0 when they cannot (a city far from the ZIP's, another state, an
 * unknown ZIP) or the line was cut short in its ZIP+4; null for a line that ends in no ZIP code.
 */
export function zipLineAgreement(text: string, lookup: ZipLookup): 0 | 1 | 2 | null {
  if (!ZIP_AT_END.test(text)) return null;
  // A ZIP+4 cut short ("60197-603", "19850-52"): the line was not read to its end.
  if (CUT_PLUS_FOUR.test(text)) return 0;
  const line = readZipLine(text, lookup);
  if (!line?.city) return 0;
  return readAsPrinted(line) ? 2 : 1;
}

/** The ZIP code table of the `zipcodes` package (41,000 U.S. ZIP codes, about 30 MB once loaded). */
export function zipTable(): ZipLookup {
  return (zip) => {
    const found = zipcodes.lookup(zip);
    return found ? { city: found.city, state: found.state } : null;
  };
}
