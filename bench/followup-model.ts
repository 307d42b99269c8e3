// The world bench/followup.ts simulates: households, the senders they asked to stop, and what each
// sender does with a request. Pure and seeded, so the same options give the same year. Sources are
// the ids of the service comparison (junk-mail services research, 2026-11), listed in decision 0061:
// P1/P2 PaperKarma's FAQ and "how long for junk mail to stop" (8 to 12 weeks), C7 Catalog Choice
// (up to 12 weeks), D4 California's DCA on DMAchoice (about 90 days), O2 Minnesota's AG on
// OptOutPrescreen (at most 60 days), L5 the CCPA's 15 business days to honor an opt-out, C3/C4/C8
// Catalog Choice's confirmations (173 of 435, 8 of 58, 21 of 154), D1 DMAchoice ("up to 80%"),
// P6 a PaperKarma user's ~75% less mail, M1 a household's 1,561 charity solicitations from 268
// groups in a year, M7 charities the hardest to stop.
import { CATALOG_SENDERS } from "../drizzle/catalog";
import { mulberry32 } from "../test/support/mail-pieces";

export const DAYS_IN_YEAR = 365;

/** What a kind of sender does with a request, and how often it mails. Days are whole days. */
export type CategoryModel = {
  category: string;
  /** Share of a household's senders of this kind. */
  weight: number;
  /** Chance that the first request stops its mail. */
  firstStops: number;
  firstStopsSource: string;
  /** Days from the request reaching the sender to its last piece, when it acts (uniform between). */
  lagDays: readonly [number, number];
  lagSource: string;
  /** Days between two of its pieces (uniform between). */
  everyDays: readonly [number, number];
  everySource: string;
  /** Chance that the person's Informed Delivery digests show this sender's pieces at all (decision 0072). */
  digestShows: number;
  digestSource: string;
};

// Informed Delivery images letter-size mail; flats (catalogs, magazines) appear only when their
// mailer pays for a campaign image (ID1 lob.com/glossary/informed-delivery; ID2 bolgerinc.com/tag/direct-mail).
const LETTERS_SHOWN = { digestShows: 1, digestSource: "ID1: letter-size pieces are imaged" } as const;
const FLATS_SHOWN = {
  digestShows: 0.1,
  digestSource: "ID2: flats, catalogs and magazines only with a mailer's campaign (assumption: 1 in 10)",
} as const;

const CATALOG_CONFIRMED = { of58: 8 / 58, of154: 21 / 154, of435: 173 / 435 };
const EIGHT_TO_TWELVE_WEEKS = [56, 84] as const;

export const CATEGORY_MODELS: readonly CategoryModel[] = [
  {
    category: "catalogs",
    weight: 0.3,
    // Confirmed is less than stopped (222 of 435 never answered, C3): the best of the three
    // confirmation rates stands for the share that stops.
    firstStops: CATALOG_CONFIRMED.of435,
    firstStopsSource: "C3 173/435 confirmed (assumption: confirmed = stopped; C4 8/58 and C8 21/154 are lower)",
    lagDays: EIGHT_TO_TWELVE_WEEKS,
    lagSource: "P2, C7: 8 to 12 weeks",
    everyDays: [21, 28],
    everySource: "assumption: a catalog every 3 to 4 weeks",
    ...FLATS_SHOWN,
  },
  {
    category: "credit-cards",
    weight: 0.12,
    firstStops: 0.75,
    firstStopsSource: 'D1 "up to 80%", P6 ~75% less (assumption: 0.75)',
    lagDays: [35, 60],
    lagSource: "O2: prescreened offers stop within 60 days",
    everyDays: [21, 35],
    everySource: "assumption: an offer every 3 to 5 weeks",
    ...LETTERS_SHOWN,
  },
  {
    category: "loans",
    weight: 0.06,
    firstStops: 0.75,
    firstStopsSource: 'D1 "up to 80%", P6 ~75% less (assumption: 0.75)',
    lagDays: [35, 60],
    lagSource: "O2: prescreened offers stop within 60 days",
    everyDays: [28, 42],
    everySource: "assumption: an offer every 4 to 6 weeks",
    ...LETTERS_SHOWN,
  },
  {
    category: "insurance",
    weight: 0.1,
    firstStops: 0.7,
    firstStopsSource: 'D1 "up to 80%" (assumption: 0.7)',
    lagDays: [56, 90],
    lagSource: "D4: about 90 days; P2 8 to 12 weeks",
    everyDays: [28, 56],
    everySource: "assumption: an offer every 4 to 8 weeks",
    ...LETTERS_SHOWN,
  },
  {
    category: "magazines",
    weight: 0.08,
    firstStops: (8 + 21 + 173) / (58 + 154 + 435),
    firstStopsSource: "C3, C4, C8 pooled: 202/647 confirmed",
    lagDays: EIGHT_TO_TWELVE_WEEKS,
    lagSource: "P2, C7: 8 to 12 weeks",
    everyDays: [28, 56],
    everySource: "assumption: a subscription offer every 4 to 8 weeks",
    ...FLATS_SHOWN,
  },
  {
    category: "charities",
    weight: 0.14,
    firstStops: CATALOG_CONFIRMED.of154,
    firstStopsSource: "C8 21/154 confirmed; M1, M7: charities swap lists and are the hardest to stop (assumption)",
    lagDays: EIGHT_TO_TWELVE_WEEKS,
    lagSource: "P2, C7: 8 to 12 weeks",
    everyDays: [49, 77],
    everySource: "M1: 1,561 appeals from 268 groups a year, one every ~9 weeks each",
    ...LETTERS_SHOWN,
  },
  {
    category: "telecom",
    weight: 0.08,
    firstStops: 0.6,
    firstStopsSource: 'D1 "up to 80%" of prospect mail; customers are not covered (D2) (assumption: 0.6)',
    lagDays: [56, 90],
    lagSource: "D4: about 90 days; P2 8 to 12 weeks",
    everyDays: [14, 28],
    everySource: "assumption: an offer every 2 to 4 weeks",
    ...LETTERS_SHOWN,
  },
  {
    category: "home-services",
    weight: 0.07,
    firstStops: 0.6,
    firstStopsSource: 'D1 "up to 80%" of prospect mail (assumption: 0.6)',
    lagDays: [56, 90],
    lagSource: "D4: about 90 days; P2 8 to 12 weeks",
    everyDays: [28, 56],
    everySource: "assumption: an offer every 4 to 8 weeks",
    ...LETTERS_SHOWN,
  },
  {
    category: "coupons",
    weight: 0.05,
    firstStops: 0.5,
    firstStopsSource: 'assumption: 0.5; saturation mail ("Resident") is not stopped by name (P1, D6)',
    lagDays: [28, 56],
    lagSource: "assumption: a month's envelopes are printed ahead",
    everyDays: [7, 28],
    everySource: "assumption: weekly to monthly envelopes",
    digestShows: 0.5,
    digestSource: "assumption: coupon packs come as letter-size envelopes and as flats, half each",
  },
];

/** Chance that a second request, citing the first, stops a sender the first did not (assumption). */
export const SECOND_REQUEST_STOPS = 0.35;
/** Chance that a request under a state privacy law, as the person's agent, stops it (assumption). */
export const LEGAL_REQUEST_STOPS = 0.5;
/** Days from a legal request to its last piece: the law's answer (15 business days, L5) and a mailing already printed (assumption). */
export const LEGAL_LAG_DAYS = [21, 45] as const;
/** The first requests are sent on a day of the year's first weeks. */
export const REQUEST_DAYS = 28;
/** Senders a household asks to stop (uniform between). */
export const SENDERS_PER_HOUSEHOLD = [3, 7] as const;
/** Share of households that signed the permission to act as their agent (assumption). */
export const PERMISSION_SHARE = 0.5;

/**
 * Where households live: every state and D.C. by its share of the U.S. resident population (2020
 * census, rounded to a tenth of a percent). Whether a state's law lets an agent ask is the
 * product's own rule (legalRouteFor), not the model's.
 */
export const STATE_SHARES: readonly (readonly [string, number])[] = [
  ["CA", 0.118],
  ["TX", 0.088],
  ["FL", 0.065],
  ["NY", 0.061],
  ["PA", 0.039],
  ["IL", 0.039],
  ["OH", 0.036],
  ["GA", 0.033],
  ["NC", 0.032],
  ["MI", 0.03],
  ["NJ", 0.028],
  ["VA", 0.026],
  ["WA", 0.023],
  ["AZ", 0.022],
  ["MA", 0.021],
  ["TN", 0.021],
  ["IN", 0.021],
  ["MD", 0.019],
  ["MO", 0.019],
  ["WI", 0.018],
  ["CO", 0.017],
  ["MN", 0.017],
  ["SC", 0.016],
  ["AL", 0.015],
  ["LA", 0.014],
  ["KY", 0.014],
  ["OR", 0.013],
  ["OK", 0.012],
  ["CT", 0.011],
  ["UT", 0.01],
  ["IA", 0.01],
  ["NV", 0.009],
  ["AR", 0.009],
  ["MS", 0.009],
  ["KS", 0.009],
  ["NM", 0.006],
  ["NE", 0.006],
  ["ID", 0.006],
  ["WV", 0.005],
  ["HI", 0.004],
  ["NH", 0.004],
  ["ME", 0.004],
  ["RI", 0.003],
  ["MT", 0.003],
  ["DE", 0.003],
  ["SD", 0.003],
  ["ND", 0.002],
  ["AK", 0.002],
  ["DC", 0.002],
  ["VT", 0.002],
  ["WY", 0.002],
];

export type PlannedRequest = {
  templateId: string;
  title: string;
  category: string;
  requestDay: number;
  emailed: boolean;
  /** A sender the catalog knows no email or postal address for: its letter went to the return address the person gave (decision 0067). */
  toGivenAddress: boolean;
};
export type PlannedHousehold = { userId: string; email: string; state: string; permission: boolean; requests: PlannedRequest[] };

/** One household's sender, as the year goes: when its mail stops, when its next piece is due. */
export type Pair = {
  household: number;
  userId: string;
  templateId: string;
  model: CategoryModel;
  requestDay: number;
  /** The last day a piece may arrive: after the request that worked and its lag; Infinity while none did. */
  stopDay: number;
  nextPieceDay: number;
  /** Whether the household's digests show this sender's pieces (a letter-size mailer, or a flat with a campaign image). */
  digestShows: boolean;
};

export type SimulatedWorld = {
  households: PlannedHousehold[];
  pairs: Pair[];
  /** The index of each pair by `${userId} ${templateId}`. */
  pairIndex: Map<string, number>;
  random: () => number;
  /** The follow-ups' own draws, so that both runs of a year see the same pieces until one is sent. */
  followUpRandom: () => number;
};

const between = (random: () => number, [low, high]: readonly [number, number]) => low + Math.floor(random() * (high - low + 1));

function pickWeighted<T>(random: () => number, items: readonly T[], weightOf: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0);
  let roll = random() * total;
  for (const item of items) {
    roll -= weightOf(item);
    if (roll < 0) return item;
  }
  return items[items.length - 1]!;
}

/** A catalog sender's first channel, so that the first request says how it went. */
const sendersByCategory = new Map(
  CATEGORY_MODELS.map((model) => [model.category, CATALOG_SENDERS.filter((sender) => sender.category === model.category)]),
);

/** The year's households, their requests and their senders' behaviour, from one seed. */
export function simulatedWorld(households: number, seed: number): SimulatedWorld {
  const random = mulberry32(seed);
  // Its own draws, so that the households, senders and pieces stay those of every earlier year.
  const digestRandom = mulberry32(seed + 2);
  const planned: PlannedHousehold[] = [];
  const pairs: Pair[] = [];
  const pairIndex = new Map<string, number>();
  const states = STATE_SHARES;
  for (let index = 0; index < households; index++) {
    const userId = `followup-${index}`;
    const [state] = pickWeighted(random, states, ([, share]) => share);
    const wanted = between(random, SENDERS_PER_HOUSEHOLD);
    const chosen = new Map<string, PlannedRequest>();
    while (chosen.size < wanted) {
      const model = pickWeighted(random, CATEGORY_MODELS, (candidate) => candidate.weight);
      const senders = sendersByCategory.get(model.category) ?? [];
      const sender = senders[Math.floor(random() * senders.length)];
      if (!sender || chosen.has(sender.id)) continue;
      chosen.set(sender.id, {
        templateId: sender.id,
        title: sender.name,
        category: model.category,
        requestDay: Math.floor(random() * REQUEST_DAYS),
        emailed: sender.channels.some((channel) => channel.kind === "email"),
        toGivenAddress: !sender.channels.some((channel) => channel.kind === "email" || channel.kind === "mail"),
      });
    }
    const requests = [...chosen.values()];
    planned.push({ userId, email: `${userId}@quietmailbox.test`, state, permission: random() < PERMISSION_SHARE, requests });
    for (const request of requests) {
      const model = CATEGORY_MODELS.find((candidate) => candidate.category === request.category)!;
      const stops = random() < model.firstStops;
      pairIndex.set(`${userId} ${request.templateId}`, pairs.length);
      pairs.push({
        household: index,
        userId,
        templateId: request.templateId,
        model,
        requestDay: request.requestDay,
        stopDay: stops ? request.requestDay + between(random, model.lagDays) : Infinity,
        // Each sender's mailings fall on days of their own.
        nextPieceDay: Math.floor(random() * model.everyDays[1]),
        digestShows: digestRandom() < model.digestShows,
      });
    }
  }
  return { households: planned, pairs, pairIndex, random, followUpRandom: mulberry32(seed + 1) };
}

/** The pairs whose piece arrives on this day; each then has its next piece due. */
export function piecesOfDay(world: SimulatedWorld, day: number, due: Map<number, number[]>): number[] {
  const arriving: number[] = [];
  for (const pairNumber of due.get(day) ?? []) {
    const pair = world.pairs[pairNumber]!;
    if (day > pair.stopDay) continue;
    arriving.push(pairNumber);
    pair.nextPieceDay = day + between(world.random, pair.model.everyDays);
    if (pair.nextPieceDay < DAYS_IN_YEAR) dueOn(due, pair.nextPieceDay).push(pairNumber);
  }
  due.delete(day);
  return arriving;
}

/** The first piece of every pair, by day. */
export function firstPiecesByDay(world: SimulatedWorld): Map<number, number[]> {
  const due = new Map<number, number[]>();
  world.pairs.forEach((pair, pairNumber) => dueOn(due, pair.nextPieceDay).push(pairNumber));
  return due;
}

function dueOn(due: Map<number, number[]>, day: number) {
  let pairs = due.get(day);
  if (!pairs) due.set(day, (pairs = []));
  return pairs;
}

/** A follow-up the app sent on this day gets its own chance to stop the sender's mail. */
export function followUpSent(world: SimulatedWorld, pairNumber: number, kind: "second" | "legal", day: number) {
  const pair = world.pairs[pairNumber]!;
  const random = world.followUpRandom;
  const works = random() < (kind === "second" ? SECOND_REQUEST_STOPS : LEGAL_REQUEST_STOPS);
  if (!works) return;
  const lag = kind === "second" ? between(random, pair.model.lagDays) : between(random, LEGAL_LAG_DAYS);
  pair.stopDay = Math.min(pair.stopDay, day + lag);
}
