/**
 * Finding a catalog sender from what a person types ("lands end", "LL Bean catalog", "capital one
 * offers"). Every name and alias of a sender is stored with its key (senderKey); a search reads the
 * stored names that share the start of the typed key (or, for a typo in the first letter, the rest
 * of it) and ranks them here. A wrong sender is worse than none: below MATCH_FLOOR nothing is
 * offered, and the person's own words become a custom request that staff look up.
 */

/** What the search box and the add form accept. */
export const SENDER_QUERY_MAX_LENGTH = 120;

/** Words that say what kind of mail it is, not whose: dropped from the end of a name. */
const TRAILING_NOISE = new Set([
  "inc",
  "incorporated",
  "co",
  "company",
  "companies",
  "corp",
  "corporation",
  "llc",
  "ltd",
  "lp",
  "plc",
  "com",
  "catalog",
  "catalogs",
  "catalogue",
  "catalogues",
  "magazine",
  "magazines",
  "offer",
  "offers",
  "mail",
  "mailer",
  "mailers",
  "mailing",
  "mailings",
  "junk",
  "flyer",
  "flyers",
  "card",
  "cards",
  "credit",
  "insurance",
  "bank",
  "usa",
  // What the piece is or what it sells, as people add it after the name ("aspca donation",
  // "uline shipping supplies", "kohls cash"): never the part that says whose it is.
  "donation",
  "donations",
  "donate",
  "appeal",
  "letter",
  "letters",
  "postcard",
  "postcards",
  "brochure",
  "coupon",
  "coupons",
  "sweepstakes",
  "subscription",
  "subscriptions",
  "renewal",
  "membership",
  "newsletter",
  "loan",
  "loans",
  "personal",
  "mortgage",
  "refinance",
  "rewards",
  "cash",
  "preferred",
  "supplies",
  "shipping",
  "clothing",
  "apparel",
  "internet",
  "cable",
  "wireless",
  "warranty",
  "auto",
  "estimate",
  "quote",
  "service",
  "services",
  "marketing",
  "advertising",
  "ads",
  "sale",
  "special",
]);

const LEADING_NOISE = new Set(["the", "www"]);

/**
 * The words of a name as the search compares them: lower case, accents and apostrophes gone
 * ("Lands’ End" is "lands end"), "&" read as "and", other punctuation a space, and the words that
 * only say what kind of mail it is dropped from the end ("Inc.", "catalog", "credit card offers").
 * A name made only of such words keeps them.
 */
export function senderWords(text: string): string[] {
  const words = plainWords(text);
  let start = 0;
  let end = words.length;
  while (end - start > 1 && LEADING_NOISE.has(words[start]!)) start += 1;
  while (end - start > 1 && TRAILING_NOISE.has(words[end - 1]!)) end -= 1;
  return words.slice(start, end);
}

/** The words as written, in lower case, without accents, apostrophes or punctuation; "&" is "and". */
export function plainWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’‘`´]/g, "")
    .replace(/[&+]/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
}

/**
 * The compact form names are stored and compared by: the words without spaces and without "and"
 * ("L.L.Bean" and "LL Bean" are both "llbean"; "Crate & Barrel" and "crate barrel" are both
 * "cratebarrel"). Empty when nothing searchable was typed.
 */
export function senderKey(text: string): string {
  const words = senderWords(text);
  const kept = words.length > 1 ? words.filter((word) => word !== "and") : words;
  return kept.join("");
}

/** The key without its first character: finds a name whose first letter was mistyped. */
export function keyTail(key: string): string {
  return key.slice(1);
}

/** How many leading characters of the key a search reads the index by. */
const KEY_PREFIX_LENGTH = 3;

/**
 * The ranges of stored keys that can match a typed key: names starting like it, and names whose
 * tail starts like its tail. Short keys are read by the whole key.
 */
export function candidateRanges(key: string) {
  const prefix = key.slice(0, KEY_PREFIX_LENGTH);
  const tailPrefix = keyTail(key).slice(0, KEY_PREFIX_LENGTH);
  return { prefix, tailPrefix: key.length > KEY_PREFIX_LENGTH ? tailPrefix : null };
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swapped neighbours. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j += 1) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** Typos forgiven in a key of this length: none in short names, where one letter makes another company. */
function typosAllowed(length: number): number {
  if (length < 5) return 0;
  if (length < 9) return 1;
  return 2;
}

/** A name as it is stored and shown: single spaces, no space at either end. */
export function tidyName(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** A stored name of a sender: its display name, and the key it is found by. */
export type SenderName = { templateId: string; name: string; key: string };

export type SenderMatch = {
  templateId: string;
  /** The name that matched, which may be an alias ("Chase" for the card issuer). */
  matchedName: string;
  score: number;
  how: "exact" | "typo" | "start" | "words";
};

/** Below this, a name is not offered: a person typing a company the catalog lacks sees no wrong one. */
const MATCH_FLOOR = 0.5;

/**
 * How well a stored name fits what was typed, from 0 to 1:
 * - the same key: 1;
 * - the same key but for a typo or two (fewer for short names): 0.9 less 0.1 a typo;
 * - the typed key is the start of the name ("lands" while typing "Lands' End"), or the start of
 *   it but for one typo once at least five letters are typed: 0.55 to 0.85, more the more of the
 *   name was typed. While the person is still typing (`typing`), any start counts; a name sent
 *   whole must cover at least START_COVERAGE of the stored one ("harpers" is not "Harper's
 *   Bazaar", "american family" is not "American Family Life Assurance");
 * - every word of a name of two words or more starts what was typed ("lands end winter sale"): 0.7.
 */
function scoreName(
  typed: { key: string; words: string[] },
  stored: { key: string; words: string[] },
  typing = false,
): { score: number; how: SenderMatch["how"] } | null {
  const { key } = typed;
  if (!key || !stored.key) return null;
  if (key === stored.key) return { score: 1, how: "exact" };

  const allowed = typosAllowed(Math.min(key.length, stored.key.length));
  const distance = allowed > 0 && Math.abs(key.length - stored.key.length) <= allowed ? editDistance(key, stored.key) : Infinity;
  if (distance <= allowed) return { score: 0.9 - 0.1 * distance, how: "typo" };

  const coverage = key.length / stored.key.length;
  if (!typing && coverage < START_COVERAGE) return wordsFit(typed, stored);
  if (stored.key.startsWith(key)) return { score: 0.55 + 0.3 * coverage, how: "start" };
  if (key.length >= 5 && key.length < stored.key.length && editDistance(key, stored.key.slice(0, key.length)) <= 1) {
    return { score: 0.5 + 0.3 * coverage, how: "start" };
  }

  return wordsFit(typed, stored);
}

/** A name sent whole finds a stored name by its start only when it covers this much of it. */
const START_COVERAGE = 0.6;

/**
 * From this score a match is what the person most likely meant, and a name sent without choosing
 * a sender is asked about before anything is spent ("Did you mean Williams Sonoma?"). Every fit a
 * name sent whole can have passes: a typo or two (0.7 to 0.8), the name followed by more words
 * (0.7), a start covering 60% of the name (0.73 and up, 0.68 with a typo). A shorter start only
 * the suggestions offer while typing ("will" for Williams Sonoma, 0.64) does not.
 */
const LIKELY_MATCH = 0.65;

export function isLikelyMatch(match: Pick<SenderMatch, "score">): boolean {
  return match.score >= LIKELY_MATCH;
}

function wordsFit(typed: { words: string[] }, stored: { words: string[] }): { score: number; how: "words" } | null {
  // A one-word name followed by more words is too often another company ("Chase Plumbing").
  const nameWords = stored.words;
  if (nameWords.length > 1 && nameWords.length < typed.words.length && nameWords.every((word, index) => typed.words[index] === word)) {
    return { score: 0.7, how: "words" };
  }
  return null;
}

/**
 * The senders that fit what was typed, best first, one entry per sender (its best-fitting name),
 * at most `limit`; `typing` while the person is still typing (suggestions), not for a name sent. Ties go to the shorter name, then alphabetical order, so the order never
 * depends on how the database returned the rows.
 */
export function rankSenders(
  query: string,
  names: SenderName[],
  { limit = 8, typing = false }: { limit?: number; typing?: boolean } = {},
): SenderMatch[] {
  // Whole words as written: "Time Warner Cable" does not start "Time Warner Realty".
  const wordsOf = (text: string) => plainWords(text).filter((word) => word !== "and" && !LEADING_NOISE.has(word));
  const typed = { key: senderKey(query), words: wordsOf(query) };
  if (!typed.key) return [];
  const best = new Map<string, SenderMatch & { length: number }>();
  for (const name of names) {
    const fit = scoreName(typed, { key: name.key, words: wordsOf(name.name) }, typing);
    if (!fit || fit.score < MATCH_FLOOR) continue;
    const current = best.get(name.templateId);
    if (current && (current.score > fit.score || (current.score === fit.score && current.length <= name.key.length))) continue;
    best.set(name.templateId, { templateId: name.templateId, matchedName: name.name, ...fit, length: name.key.length });
  }
  return [...best.values()]
    .sort((a, b) => b.score - a.score || a.length - b.length || a.matchedName.localeCompare(b.matchedName))
    .slice(0, limit)
    .map(({ length: _length, ...match }) => match);
}

/**
 * Every name a catalog sender is found by: its name, the name without what is in brackets
 * ("Epsilon (Abacus catalog cooperative)" is also "Epsilon"), its aliases and its parent company,
 * once per key.
 */
export function namesOfSender(sender: { id: string; name: string; aliases?: string[]; parent?: string | null }): SenderName[] {
  const written = [sender.name, sender.name.replace(/\s*\([^)]*\)\s*/g, " "), ...(sender.aliases ?? []), sender.parent ?? ""];
  const names = new Map<string, SenderName>();
  for (const text of written) {
    const name = tidyName(text);
    const key = senderKey(name);
    if (key && !names.has(key)) names.set(key, { templateId: sender.id, name, key });
  }
  return [...names.values()];
}

/**
 * The key custom requests are grouped by for staff: "lands end", "Lands End Inc" and "LANDS' END"
 * are one group. A name with nothing searchable in it groups by its trimmed lower case.
 */
export function customGroupKey(senderName: string): string {
  return senderKey(senderName) || senderName.trim().toLowerCase();
}

/** A catalog id suggested for a name: its words in lower case with dashes ("Acme Seeds Inc." is "acme-seeds"). */
export function senderIdFor(name: string): string {
  return senderWords(name).join("-").slice(0, 60).replace(/-+$/, "");
}
