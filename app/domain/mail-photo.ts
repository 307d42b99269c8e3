/**
 * Photos of junk mail (decision 0030): what an upload may be, how long its images are kept, and
 * how the text read off a photo becomes a sender suggestion, a customer number and the name on the
 * label. A wrong sender is worse than none: a suggestion is "confident" only when one sender's
 * name stands out on the piece the way mailers print their own (a logo line, a return address, a
 * web address, a company suffix) and no other sender's does.
 */
import { z } from "zod";
import type { MailPhotoState, PhotoSuggestion } from "../../drizzle/schema";
import { ADD_REQUEST_MESSAGES } from "./add-request";
import { editDistance, plainWords, SENDER_QUERY_MAX_LENGTH, type SenderName } from "./sender-search";

export const PHOTO_LIMITS = {
  /** Images of one piece: the front, the label, maybe the back. */
  maxImages: 3,
  maxImageBytes: 8 * 1024 * 1024,
  /** An image nobody identified is deleted after this many days (the daily cron). */
  keepDays: 30,
  /** A photo still "reading" after this long is handed to staff (a job that never ran). */
  readingStuckMinutes: 60,
  /** A photo still "storing" after this long is an upload that stopped half way: it is undone. */
  storingStuckMinutes: 60,
} as const;

export const PHOTO_MESSAGES = {
  noImage: "Please choose a photo of the mail piece.",
  tooMany: `Please send at most ${PHOTO_LIMITS.maxImages} photos of one piece.`,
  empty: (name: string) => `“${name}” is empty. Please choose the photo again.`,
  tooLarge: (name: string) => `“${name}” is larger than ${PHOTO_LIMITS.maxImageBytes / 1024 / 1024} MB. Please choose a smaller photo.`,
  notAnImage: (name: string) =>
    `“${name}” isn't a photo we can read, or it arrived incomplete. Please send a JPEG, PNG or WebP photo (what phone cameras take).`,
  // Digest pieces count too (decision 0065), so the message speaks of what was read, not only of what was sent.
  dailyLimit: (limit: number) =>
    `We've read ${limit} photos of your mail today (yours and your Informed Delivery scans), the most we read in a day. Please try again tomorrow, or type the sender's name instead.`,
  stored: "We couldn't save your photo just now. Nothing was kept; please try again.",
} as const;

/** How a confident suggestion must lead the next sender's score. */
const CONFIDENT_LEAD = 1.5;
/** The least score a sender needs to be suggested at all. */
const SUGGESTION_FLOOR = 1;
/** The least score of a suggestion the person is asked to confirm rather than staff. */
const CONFIDENT_SCORE = 2.5;
/**
 * A name this long (in letters, "Publishers Clearing House", "Credit One Bank") is too particular
 * to be a common word, wherever it is printed.
 */
const LONG_NAME = 12;
/** The first lines read are the top of the piece, where a logo or return address usually is. */
const TOP_LINES = 3;
const TOP_BONUS = 1;
/** Longest name, in words as read, compared against a run of words on the piece. */
const MAX_NAME_WORDS = 6;

/** Words printed after a company's own name: its legal suffix, a web address, its bank charter. */
const COMPANY_MARKS = new Set(["inc", "llc", "co", "corp", "corporation", "company", "ltd", "com", "org", "net", "bank", "na", "usa"]);

/** The postage box and sorting marks printed beside a return address ("PRSRT STD U.S. POSTAGE PAID"). */
const POSTAL_WORDS = new Set([
  "prsrt",
  "prst",
  "std",
  "standard",
  "presorted",
  "first",
  "class",
  "us",
  "u",
  "s",
  "postage",
  "paid",
  "permit",
  "no",
  "nonprofit",
  "org",
  "ecrwss",
  "mail",
]);

/** A line of the prescreen and opt-out notice, as read: "PRESCREEN & OPT-OUT NOTICE", "1-888-5-OPTOUT", "www.optoutprescreen.com". */
const PRESCREEN_NOTICE = /opt[\s-]*out|pre-?screen/i;

/** Lines of the mailing label that are postal sorting marks, not a name or a number of the person's. */
const ENDORSEMENT = /(AUTO|CAR-?RT|5-DIGIT|3-DIGIT|ECRWSS|MIXED ADC|AADC|SCH\b|LOT\b|PRSRT|PRESORT|\*{3,})/i;

/** The number itself: letters, digits, spaces and hyphens, with a digit somewhere in it. */
const LABEL_NUMBER = String.raw`((?=[A-Z0-9 -]*\d)[A-Z0-9][A-Z0-9 -]{2,24}[A-Z0-9])`;

/**
 * A number printed after its label's words: "Customer #: 4471220931", "Acct No. 5521 00", "Key
 * Code PZ77KQ", also with no space left between them. The label's words must say it is a code or a number ("code", "no", "#"); account
 * words may also stand alone before a colon ("Customer: 0047"). Groups: 1 the word that names a
 * number, 2 its "#", 3 the number.
 */
function labelledNumber(words: string, { bareColon }: { bareColon: boolean }) {
  // A reader of small type may run the label into the number ("CustNo500074121",
  // "KeyCodeVQML4U"): "no" may touch a digit, "code" a code with a digit in it.
  const glued = String.raw`(?=\d)|(?<=code)(?=[A-Z0-9-]*\d)`;
  const naming = String.raw`(?:(code|no|num|nbr|number|id)(?:\b\.?\s*[#:]?|${glued})|(#)\s*:?${bareColon ? "|:" : ""})`;
  // The label may be run into the sorting marks before it ("…5-DIGIT 60614Customer #: 0099"), and
  // an "o" in its words read as a zero ("CUSt0mer").
  const spelled = words.replace(/o/g, "[o0]");
  return new RegExp(String.raw`(?:\b|(?<=\d))(?:${spelled})\.?\s*${naming}\s*${LABEL_NUMBER}`, "i");
}

/**
 * The person's own number with the sender: their customer, account or donor number, or the
 * reference of the offer made to them (a reservation number, a quote reference).
 */
const CUSTOMER_NUMBERS = [
  // "ID #" and "ID:" alone are the person's number too ("ID # 4471 2209 3").
  labelledNumber("customer|cust|acct|account|member|membership|donor|client|id", { bareColon: true }),
  labelledNumber(String.raw`reference|ref|quote\s+ref|reservation`, { bareColon: false }),
];
/**
 * The code of the mailing itself, which says which list and which campaign the person's name came
 * from: "Key Code", "Source Code", "Offer Code". Senders look a person up by either, so both are kept.
 */
const KEY_CODE_WORDS = ["source", "key", "promo", "promotion", "priority", "offer", "catalog", "invitation", "mailing"];
/**
 * The end of a key code's first word, run into "Code:" when the reader lost the word's start
 * ("eCode:3FR8XX" for "Source Code: 3FR8XX", "tionCode: …"): only before "code" and a colon.
 */
const CUT_KEY_CODE_WORD = String.raw`(?:${[...new Set(KEY_CODE_WORDS.flatMap((word) => [...word].map((_, start) => word.slice(start)).slice(1)))].join("|")})(?=code\s*:)`;
// "0ffer", "Priorty": how a reader of small type often prints two of these words.
const KEY_CODE = labelledNumber(`source|key|promo|promotion|priori?ty|offer|catalog|invitation|mailing|${CUT_KEY_CODE_WORD}`, {
  bareColon: false,
});
const LABELLED_NUMBERS = [...CUSTOMER_NUMBERS, KEY_CODE];
/** Numbers that are never the person's on a label: a date, a ZIP code. */
const NOT_A_CUSTOMER_NUMBER = /^\d{1,2}[/-]\d{1,2}[/-]\d{2,4}$|^\d{5}(?:-\d{4})?$/;
/** Shaped like a phone number: the person's number only where the label says "number" or "#" before it. */
const PHONE_SHAPED = /^(?:1[-. ]?)?\(?\d{3}\)?[-. ]\d{3}[-. ]\d{4}$/;
/** A keyline: the number some mailers print between # signs above the name. */
const KEYLINE = /#\s*([A-Z0-9][A-Z0-9 ]{3,30}[A-Z0-9])\s*#/i;
/**
 * A keyline whose first or last "#" the reader lost ("#EBHP3D 438108841", "RGXTBDZ 77749645 7#"):
 * the code with a digit in it, alone on its line but for the sorting marks' asterisks beside it.
 */
const CUT_KEYLINE_CODE = String.raw`((?=[A-Z0-9 ]*\d)[A-Z0-9][A-Z0-9 ]{4,30}[A-Z0-9])`;
/** A street line's words: "1847 N HALSTED ST APT #" is the person's address, not a keyline. */
const STREET_WORD = /\b(?:ST|AVE|RD|DR|LN|BLVD|CT|PL|WAY|HWY|PKWY|APT|STE|UNIT|BOX)\b/i;
const CUT_KEYLINE = new RegExp(String.raw`(?:^|\*)\s*(?:#\s*${CUT_KEYLINE_CODE}|${CUT_KEYLINE_CODE}\s*#)\s*(?:$|\*)`, "i");
const STREET_LINE = /^\s*(\d+[A-Z]?\s+\S+|P\.?\s*O\.?\s*BOX\s+\d+)/i;
const CITY_STATE_ZIP = /\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/i;

export type PhotoReading = {
  /** Best first, at most three. */
  suggestions: PhotoSuggestion[];
  /** Whether the first suggestion may be put to the person; otherwise staff look at the photo. */
  confident: boolean;
  /** The person's number with the sender: customer, account or donor number, or a keyline. */
  customerNumber: string | null;
  /** The code of the mailing: "Key Code", "Source Code", "Offer Code". */
  keyCode: string | null;
  /** The name printed on the mailing label, as printed. */
  addressee: string | null;
  /** The sender's return address, read below its name: "P.O. Box 11539, Des Moines, IA 50306". */
  returnAddress: string | null;
};

type Line = { text: string; words: string[] };

function linesOf(text: string): Line[] {
  return text
    .split(/\r?\n/)
    .map((line) => ({ text: line.trim(), words: plainWords(splitGluedWords(line)) }))
    .filter((line) => line.words.length > 0);
}

/**
 * Reads the text transcribed from a photo (one or more images, their texts joined): who sent it,
 * from the catalog's names (`titles` gives each sender's display title), and the label's number
 * and addressee.
 */
export function readMailPiece(text: string, names: SenderName[], titles: ReadonlyMap<string, string>): PhotoReading {
  const lines = linesOf(text);
  const label = readLabel(lines);
  const scores = scoreSenders(lines, names, titles);

  const ranked = [...scores.entries()]
    .filter(([, score]) => score >= SUGGESTION_FLOOR)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 3);
  const suggestions = ranked.flatMap(([templateId, score]) => {
    const title = titles.get(templateId);
    return title ? [{ templateId, title, score: Math.round(score * 100) / 100 }] : [];
  });
  const [first, second] = suggestions;
  const confident = Boolean(first && first.score >= CONFIDENT_SCORE && (!second || first.score - second.score >= CONFIDENT_LEAD));
  const senderNames = first ? names.filter((name) => name.templateId === first.templateId).map((name) => name.name) : [];
  return { suggestions, confident, ...label, returnAddress: readReturnAddress(lines, senderNames) };
}

/**
 * The return address printed below one of these names of the sender (its title, its aliases), in
 * the text read off a photo: what staff are asked to confirm as the sender's postal address once
 * the sender is known.
 */
export function returnAddressOf(text: string, senderNames: string[]): string | null {
  return readReturnAddress(linesOf(text), senderNames);
}

/**
 * Each sender's evidence on the piece. A name found on a line of its own, or followed by a company
 * mark ("Inc.", ".com"), counts 3 (a long name 3.5); inside a sentence ("Discover our new
 * arrivals") it counts 1; each further line that names it adds 1. A name read with a typo counts
 * a little less. A name shared by several senders (a parent company) counts for none of them.
 */
function scoreSenders(lines: Line[], names: SenderName[], titles: ReadonlyMap<string, string>): Map<string, number> {
  const byKey = new Map<string, Set<string>>();
  for (const name of names) {
    const key = printedKey(name.name);
    if (key.length < 3) continue;
    const owners = byKey.get(key) ?? new Set<string>();
    owners.add(name.templateId);
    byKey.set(key, owners);
  }
  // A parent company's name shared by its brands belongs to the one sender it is the title of, if any.
  for (const [key, owners] of byKey) {
    if (owners.size < 2) continue;
    const titled = [...owners].filter((templateId) => printedKey(titles.get(templateId) ?? "") === key);
    byKey.set(key, new Set(titled.length === 1 ? titled : []));
  }
  const keysByLength = new Map<number, string[]>();
  for (const key of byKey.keys()) keysByLength.set(key.length, [...(keysByLength.get(key.length) ?? []), key]);

  const perSender = new Map<string, number[]>();
  lines.forEach((line, index) => {
    // The notice every prescreened credit offer prints names the credit bureaus and their opt-out
    // service ("www.optoutprescreen.com", often on a line of its own), never the sender.
    if (PRESCREEN_NOTICE.test(line.text)) return;
    const found = new Map<string, number>();
    const words = line.words.filter((word) => word !== "and");
    // A return address: a line that starts with the name, above a street or P.O. Box line.
    const aboveAddress = STREET_LINE.test(lines[index + 1]?.text ?? "");
    for (let start = 0; start < words.length; start += 1) {
      // The longest name that starts here: "Williams-Sonoma, Inc." (the parent of several senders,
      // so no one's) is not also "Williams Sonoma".
      let longest: { key: string; typos: number; end: number } | null = null;
      let run = "";
      for (let end = start; end < Math.min(words.length, start + MAX_NAME_WORDS); end += 1) {
        run += words[end]!;
        const near = nearestKey(run, keysByLength);
        if (near) longest = { ...near, end };
      }
      const [templateId, ...others] = longest ? byKey.get(longest.key)! : [];
      if (!longest || !templateId || others.length > 0) continue;
      const { key, typos, end } = longest;
      const strength = isProminent(line, words, start, end, aboveAddress) ? (key.length >= 8 ? 3.5 : 3) : key.length >= LONG_NAME ? 2 : 1;
      const weight = strength * (typos === 0 ? 1 : 0.8) + (index < TOP_LINES ? TOP_BONUS : 0);
      found.set(templateId, Math.max(found.get(templateId) ?? 0, weight));
    }
    for (const [templateId, weight] of found) perSender.set(templateId, [...(perSender.get(templateId) ?? []), weight]);
  });

  const scores = new Map<string, number>();
  for (const [templateId, weights] of perSender) {
    const sorted = weights.sort((a, b) => b - a);
    scores.set(templateId, sorted[0]! + Math.min(sorted.length - 1, 3));
  }
  return scores;
}

/** OCR glues a scrap of a logo to the name after it ("iWlNational Geographic"): a capital inside a word starts another. */
function splitGluedWords(line: string) {
  return line.replace(/([a-z])([A-Z])/g, "$1 $2");
}

/**
 * A name as it must be printed to count: every word of it ("Save.com" is not the word "save",
 * "Progressive Insurance" is not "Progressive"), unlike the typed search, which forgives the
 * words that only say what kind of mail it is.
 */
function printedKey(name: string) {
  return plainWords(name)
    .filter((word) => word !== "and")
    .join("");
}

/**
 * Whether a name stands out on its line the way a sender prints its own: alone on it (but for
 * postage marks, dates and the one- or two-letter scraps OCR makes of a logo), at the start of a
 * short line above a street or P.O. Box (a return address), or followed by a company mark or in a
 * web address. "Discover our new arrivals" and "Chase away the cold: braisers and Dutch ovens"
 * are not, wherever they are printed.
 */
function isProminent(line: Line, words: string[], start: number, end: number, aboveAddress: boolean) {
  const others = line.words.length - (end - start + 1);
  // Postage marks, dates and one- or two-letter scraps are not words of the line.
  const rest = [...words.slice(0, start), ...words.slice(end + 1)].filter(
    (word) => !POSTAL_WORDS.has(word) && word.length > 2 && !/^\d+$/.test(word),
  );
  const alone = rest.length === 0 || (rest.length === 1 && others <= 1);
  // A return address's first line is the name, perhaps with its legal words ("Insurance Company").
  const returnAddress = start === 0 && aboveAddress && rest.length <= 2;
  return alone || returnAddress || COMPANY_MARKS.has(words[end + 1] ?? "") || /\.com\b/i.test(line.text);
}

/**
 * Letters OCR may have misread in a name of this length. Fewer than a person's typos are forgiven
 * when typing: a short word read with one wrong letter is too often another word ("Chose").
 */
function misreadsAllowed(length: number) {
  if (length < 8) return 0;
  return length < 12 ? 1 : 2;
}

/** The catalog key equal to a run of words, or else the nearest within the misreads its length allows. */
function nearestKey(run: string, keysByLength: Map<number, string[]>): { key: string; typos: number } | null {
  if (keysByLength.get(run.length)?.includes(run)) return { key: run, typos: 0 };
  const allowed = misreadsAllowed(run.length);
  let best: { key: string; typos: number } | null = null;
  for (let length = run.length - allowed; allowed > 0 && length <= run.length + allowed; length += 1) {
    for (const key of keysByLength.get(length) ?? []) {
      if (key[0] !== run[0] || misreadsAllowed(key.length) === 0) continue;
      const typos = editDistance(key, run);
      if (typos > Math.min(allowed, misreadsAllowed(key.length))) continue;
      if (!best || typos < best.typos || (typos === best.typos && key < best.key)) best = { key, typos };
    }
  }
  return best;
}

/**
 * The mailing label: the street line and the city, state and ZIP line below it, the name above the
 * street, and above that the number the mailer prints for the person (labelled, or between # signs
 * in a keyline). Postal sorting marks ("*****AUTO**5-DIGIT 60614") are never the number.
 */
function readLabel(lines: Line[]): Pick<PhotoReading, "customerNumber" | "keyCode" | "addressee"> {
  let addressee: string | null = null;
  // The last address on the piece: a return address is printed above or before the label.
  let cityIndex = -1;
  for (let index = lines.length - 1; index > 0 && cityIndex < 0; index -= 1) {
    if (CITY_STATE_ZIP.test(lines[index]!.text) && STREET_LINE.test(lines[index - 1]!.text)) cityIndex = index;
  }
  if (cityIndex > 0) {
    for (let index = cityIndex - 2; index >= Math.max(0, cityIndex - 4); index -= 1) {
      const line = lines[index]!;
      if (
        ENDORSEMENT.test(line.text) ||
        LABELLED_NUMBERS.some((labelled) => labelled.test(line.text)) ||
        KEYLINE.test(line.text) ||
        CUT_KEYLINE.test(line.text)
      )
        continue;
      const name = line.text.replace(/^[^A-Za-z]+|[^A-Za-z.]+$/g, "").replace(/\s+/g, " ");
      if (looksLikePersonName(name)) addressee = name;
      break;
    }
  }
  return { customerNumber: findCustomerNumber(lines), keyCode: findLabelledNumber(lines, [KEY_CODE]), addressee };
}

/** The first number one of these labels names, as the person's number can be printed on a label. */
function findLabelledNumber(lines: Line[], labels: RegExp[]): string | null {
  for (const { text } of lines) {
    for (const label of labels) {
      const labelled = label.exec(text);
      if (!labelled) continue;
      const number = numberPart(labelled[3]!);
      const namedANumber = Boolean(labelled[1] || labelled[2]);
      if (ENDORSEMENT.test(number) || NOT_A_CUSTOMER_NUMBER.test(number) || (PHONE_SHAPED.test(number) && !namedANumber)) continue;
      return tidyNumber(number);
    }
  }
  return null;
}

function findCustomerNumber(lines: Line[]): string | null {
  const labelled = findLabelledNumber(lines, CUSTOMER_NUMBERS);
  if (labelled) return labelled;
  for (const { text } of lines) {
    const keyline = KEYLINE.exec(text);
    if (keyline) return tidyNumber(keyline[1]!);
  }
  for (const { text } of lines) {
    const cut = CUT_KEYLINE.exec(text);
    const code = cut?.[1] ?? cut?.[2];
    if (code && !ENDORSEMENT.test(code) && !NOT_A_CUSTOMER_NUMBER.test(code) && !STREET_WORD.test(code)) return tidyNumber(code);
  }
  return null;
}

/**
 * The number without the words printed after it on the same line ("EW981236 Call: 1-800…"): its
 * first group, then every group with a digit in it, or a single check letter.
 */
function numberPart(text: string) {
  const [first = "", ...groups] = text.trim().split(/\s+/);
  const kept = [first];
  for (const group of groups) {
    if (!/\d/.test(group) && group.length > 1) break;
    kept.push(group);
  }
  return kept.join(" ");
}

function tidyNumber(number: string) {
  return number.replace(/\s+/g, " ").trim().toUpperCase();
}

/** Postage marks printed beside a return address, on its lines: "P.O. Box 11539 U.S. POSTAGE". */
const POSTAGE_MARKS = /\s+(?:PRSRT|PRST|PRESORTED|STD|STANDARD|U\.?\s?S\.?\s+POSTAGE|POSTAGE|PAID|PERMIT|NONPROFIT|FIRST[- ]CLASS)\b.*$/i;
/**
 * "P.O. Box 1925", also as read: "PO.Bx1129", "P.O.BOX379909", "PO.Bo15298" (its "x" lost), its
 * "B" read as an 8 ("P.O.8ox71083").
 */
const PO_BOX = /\bP\.?\s*O\.?\s*[B8](?:[O0]?X|[O0])\.?\s*(\d+)/i;
/**
 * The city, state and ZIP as printed, without what follows the ZIP. Groups: 1 the city, 2 the
 * state, 3 the ZIP. The reader often leaves out the space after the city's comma or before the
 * ZIP ("Lynchburg,VA 24506", "Washington, DC20076"), and reads the comma as a period.
 */
const CITY_LINE = /([A-Za-z][A-Za-z .'-]*?)\s*(?:[,.]\s*|\s)([A-Z]{2})[,.]?\s*(\d{5}(?:-\d{4})?)\b/;
/** The words that start the second part of a street line ("Suite 200", "Dept. 142", "Suite300" as read). */
const SECONDARY_UNIT = String.raw`(?:Suite|Ste|Apt|Unit|Dept|Floor|Fl|Bldg|Building|Room|Rm)(?:\b|(?=\d))`;
/** How many lines above its street line a return address's name may be (a name can take two lines). */
const NAME_LINES_ABOVE = 2;

/**
 * A return address: a city, state and ZIP line with the street or P.O. Box line above it, under a
 * line that names the sender (then the street line may be anything: "One GEICO Plaza"); or, when
 * no name is found, the first address above the mailing label whose street starts with a number
 * or a P.O. Box and that is not under a person's name. The address is given as one line in the
 * usual form ("P.O. Box 11539, Des Moines, IA 50306"), without the postage marks printed beside it.
 */
function readReturnAddress(lines: Line[], senderNames: string[]): string | null {
  const keys = senderNames.map(printedKey).filter((key) => key.length >= 2);
  const namesSender = (line: Line) => keys.some((key) => printedKey(line.text).includes(key));
  const blocks: { street: number; address: string; named: boolean }[] = [];
  for (let street = 0; street + 1 < lines.length; street += 1) {
    const city = CITY_LINE.exec(lines[street + 1]!.text);
    if (!city) continue;
    // The street may name the sender ("One GEICO Plaza"), and then it is the sender's own even when
    // the name above it was misread; but a line that is only its name is not a street.
    const named =
      lines.slice(Math.max(0, street - NAME_LINES_ABOVE), street + 1).some(namesSender) && !keys.includes(printedKey(lines[street]!.text));
    const streetText = tidyStreet(lines[street]!.text, named);
    const cityName = city[1]!
      .replace(/\s+/g, " ")
      .replace(/[\s.,]+$/, "")
      .trim();
    if (streetText) blocks.push({ street, named, address: `${streetText}, ${cityName}, ${city[2]} ${city[3]}` });
  }
  const named = blocks.find((block) => block.named);
  if (named) return named.address;
  // The last city line is the mailing label's, even where its street was misread past being one; an
  // address under a person's name is someone's label too.
  let labelCity = -1;
  lines.forEach((line, index) => {
    if (index > 0 && CITY_LINE.test(line.text)) labelCity = index;
  });
  const unnamed = blocks.find((block) => {
    if (block.street + 1 === labelCity) return false;
    const above = lines[block.street - 1];
    return above && !looksLikePersonName(above.text.replace(/[^A-Za-z.' ]+/g, " ").trim());
  });
  return unnamed?.address ?? null;
}

/**
 * A return address's street line without the postage marks beside it, "P.O. Box" spelled one way;
 * null when it is not one: a street starts with a number or is a P.O. Box, unless the sender's
 * name is right above it.
 */
function tidyStreet(text: string, underSenderName: boolean): string | null {
  const box = PO_BOX.exec(text);
  if (!box && !STREET_LINE.test(text) && !underSenderName) return null;
  const street = (box ? text.slice(box.index).replace(PO_BOX, "P.O. Box $1") : text)
    .replace(POSTAGE_MARKS, "")
    .replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9.]+$/g, "")
    // The spaces the reader leaves out after a house number ("101Channel Drive", "2934N. Broadway"),
    // after a direction's period ("N.Broadway") and after a saint's "St." ("StJude Place").
    .replace(/^(\d+)(?=[A-Z][a-z]{2}|[NSEW]\.|St\.?[A-Z][a-z])/, "$1 ")
    .replace(/\b([NSEW]\.)(?=[A-Z][a-z])/g, "$1 ")
    .replace(/\bSt\.?(?=[A-Z][a-z])/g, "St. ")
    // Right after the house number "St" is a saint's, whose period the reader lost ("501 St Jude Place"):
    // no street's name starts with "Street".
    .replace(/^(\d+[A-Z]?\s)St\s+(?=[A-Z][a-z])/, "$1St. ")
    // The comma before a suite or a department, read as a period or with no space after it.
    .replace(new RegExp(String.raw`([A-Za-z0-9])\s*[.,]\s*(?=${SECONDARY_UNIT})`, "g"), "$1, ")
    .replace(/\s+/g, " ")
    .trim();
  return /\d|[A-Za-z]{3}/.test(street) ? street : null;
}

/** Two to five words of letters (an initial may have a dot), none a postal or company word, nor a company mark run into one. */
function looksLikePersonName(text: string) {
  const words = text.trim().split(/\s+/);
  if (words.length < 2 || words.length > 5) return false;
  if (/\b(resident|occupant|postal|customer|household)\b/i.test(text)) return false;
  // A company mark may be run into the word before it ("Bank.NA", "Bank.N.A").
  const marked = words.some((word) =>
    word
      .toLowerCase()
      .split(".")
      .some((part) => COMPANY_MARKS.has(part)),
  );
  return words.every((word) => /^[A-Za-z][A-Za-z'’.-]*$/.test(word)) && !marked;
}

const TITLES = new Set(["mr", "mrs", "ms", "miss", "mx", "dr"]);
const withoutTitles = (words: string[]) => (TITLES.has(words[0] ?? "") ? words.slice(1) : words);

/**
 * Whether the name on a label is one of these people: the same last word, and the same first name
 * or its initial ("J PUBLIC" and "MICHAEL J PUBLIC" are "Michael Public").
 */
export function isSamePerson(labelName: string, fullName: string): boolean {
  const label = withoutTitles(plainWords(labelName));
  const person = withoutTitles(plainWords(fullName));
  if (label.length < 2 || person.length < 2) return false;
  if (label.at(-1) !== person.at(-1)) return false;
  const [labelFirst, personFirst] = [label[0]!, person[0]!];
  return (
    labelFirst === personFirst ||
    (labelFirst.length === 1 && personFirst.startsWith(labelFirst)) ||
    (personFirst.length === 1 && labelFirst.startsWith(personFirst))
  );
}

export const CONFIRM_PHOTO_MESSAGES = {
  chooseSender: "Please choose who sent it, or type the sender's name.",
  typeName: "Please type the sender's name.",
  notShown: "Please choose one of the senders shown, or type the name.",
  keyCodeTooLong: "Please shorten the key code to 60 characters.",
} as const;

/** The choice that stands for "another sender", typed in `otherName`. */
export const OTHER_SENDER = "other";

/** Read, and waiting for the person or staff to name its sender. */
export const isWaitingForSender = (state: MailPhotoState) => state === "suggested" || state === "needsStaff";

/** The field a refusal of the chosen sender is shown next to: the typed name, or the choice. */
export const senderFieldOf = (sender: string) => (sender === OTHER_SENDER ? "otherName" : "sender");

/** The photo page's form: the sender (a suggestion's id, or another typed), the label's numbers, the people named. */
export const ConfirmPhotoSchema = z
  .object({
    sender: z.string({ error: CONFIRM_PHOTO_MESSAGES.chooseSender }).trim().min(1, CONFIRM_PHOTO_MESSAGES.chooseSender).max(80),
    otherName: z.string().trim().max(SENDER_QUERY_MAX_LENGTH, ADD_REQUEST_MESSAGES.senderNameTooLong).optional(),
    customerNumber: z.string().trim().max(60, ADD_REQUEST_MESSAGES.customerNumberTooLong).optional(),
    keyCode: z.string().trim().max(60, CONFIRM_PHOTO_MESSAGES.keyCodeTooLong).optional(),
    recipientIds: z.array(z.string()).default([]),
  })
  .superRefine((value, context) => {
    if (value.sender === OTHER_SENDER && !value.otherName) {
      context.addIssue({ code: "custom", path: ["otherName"], message: CONFIRM_PHOTO_MESSAGES.typeName });
    }
  });
