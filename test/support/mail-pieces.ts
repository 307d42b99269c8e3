// A generated, deterministic set of photos of U.S. junk mail: catalog covers, postcards, window
// envelopes, self-mailers and letters, as a phone photographs them lying on a table. Used to
// benchmark and test reading a photo of junk mail: who sent it, and the customer number on the
// mailing label. Everything comes from a seeded PRNG (mulberry32), so the set and every photo are
// the same on every run. Pages are plain HTML with inline CSS and the fonts of a Debian machine
// (DejaVu, Liberation): no network fetch, no web font, no external image.
import type { Page } from "playwright-core";

type Distortion = {
  rotateDeg: number;
  blurPx: number;
  contrast: number /* 1 = normal, 0.45 = washed out */;
  glare: boolean;
  smallType: boolean;
};

export type MailPiece = {
  id: string; // "piece-01" ...
  layout: "catalog-cover" | "postcard" | "envelope-window" | "self-mailer" | "letter";
  /** The sender as printed: brand name shown in the logo/return address (a catalog sender's real name or a common way it is printed, or an unknown company). */
  printedSender: string;
  /** The catalog sender id (from drizzle/catalog.ts CATALOG_SENDERS) it is from, or null for a sender not in the catalog. */
  templateId: string | null;
  /** The customer number / source code / account number as printed on the label, or null when the label shows none. */
  customerNumber: string | null;
  /** How the number is labelled on the piece, e.g. "Customer #", "Source Code", "Key Code", "Acct No.", "Cust No", or "keyline" for a number printed alone in the optional endorsement line. */
  numberLabel: string | null;
  addressee: string; // name printed on the label, upper case as mailers print it
  /** true when addressed to someone other than the account holder "JANE Q PUBLIC" (another household member or a former resident, e.g. "MICHAEL PUBLIC", "CURRENT RESIDENT" is NOT used here). */
  addressedToOther: boolean;
  street: string;
  cityStateZip: string; // the household address, e.g. "123 MAIN ST APT 4", "CHICAGO IL 60614-1234"
  headline: string; // marketing line, e.g. "Winter Sale: 40% off outerwear"
  distortion: Distortion;
  /** The sender's return address as printed, line by line (its name first); empty when the piece prints none. */
  returnAddress?: string[];
};

type Layout = MailPiece["layout"];

// ---------------------------------------------------------------------------------------------
// Seeded randomness
// ---------------------------------------------------------------------------------------------

type Rand = () => number;

export function mulberry32(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: a seed from a string, so each piece's drawing details depend on the piece alone. */
function hashSeed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const pick = <T>(r: Rand, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
const round = (x: number, step: number) => Math.round(x / step) * step;
const fixed = (x: number, digits: number) => Number(x.toFixed(digits));

function shuffled<T>(r: Rand, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const DIGITS = "0123456789";
const LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"; // mailers leave out I and O
const ALNUM = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const chars = (r: Rand, alphabet: string, n: number) => Array.from({ length: n }, () => pick(r, [...alphabet])).join("");
const digits = (r: Rand, n: number) => chars(r, DIGITS, n);
const letters = (r: Rand, n: number) => chars(r, LETTERS, n);
/** Letters and digits with at least one of each, as source codes are. */
function code(r: Rand, n: number): string {
  for (;;) {
    const c = chars(r, ALNUM, n);
    if (/\d/.test(c) && /[A-Z]/.test(c)) return c;
  }
}

// ---------------------------------------------------------------------------------------------
// Fonts, brand styles, senders
// ---------------------------------------------------------------------------------------------

const FONTS = {
  sans: "'DejaVu Sans', 'Liberation Sans', sans-serif",
  arial: "'Liberation Sans', 'DejaVu Sans', sans-serif",
  narrow: "'Liberation Sans Narrow', 'DejaVu Sans Condensed', sans-serif",
  cond: "'DejaVu Sans Condensed', 'Liberation Sans Narrow', sans-serif",
  serif: "'Liberation Serif', 'DejaVu Serif', serif",
  dserif: "'DejaVu Serif', 'Liberation Serif', serif",
  mono: "'Liberation Mono', 'DejaVu Sans Mono', monospace",
  dmono: "'DejaVu Sans Mono', 'Liberation Mono', monospace",
} as const;
type FontKey = keyof typeof FONTS;

type Mark = "octagon" | "swoosh" | "circle" | "globe" | "leaf" | "star" | "shield" | "heart" | "house" | "drop" | "bars" | "sun";

type Brand = {
  color: string;
  /** A second colour for panels and stripes. */
  accent: string;
  font: FontKey;
  weight?: number;
  italic?: boolean;
  /** Letter spacing in em. */
  spacing?: number;
  /** The logo is light text on a block of the brand colour. */
  block?: boolean;
  mark?: Mark;
};

/** The kind of number a sender prints, which decides its label and format. */
type NumberStyle = "catalog" | "credit" | "insurance" | "telecom" | "home" | "charity" | "magazine" | "local";

type Spec = {
  templateId: string | null;
  sender: string;
  layout: Layout;
  style: NumberStyle;
  /** The return address as printed; the first line is the name used there. Empty: no return address block. */
  returnAddress: string[];
  headline: string;
  blurb: string;
  brand: Brand;
  /** Addressed to someone other than the account holder. */
  to?: string;
  /** The label never shows a number (local businesses mailing by route). */
  noNumber?: boolean;
};

const b = (color: string, accent: string, font: FontKey, extra: Omit<Brand, "color" | "accent" | "font"> = {}): Brand => ({
  color,
  accent,
  font,
  ...extra,
});

// Return addresses look like real ones; they are not a reference for where to write.
const SPECS: Spec[] = [
  // Catalogs and retailers
  {
    templateId: "ll-bean",
    sender: "L.L.Bean",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["L.L.Bean", "Freeport, Maine 04033"],
    headline: "Warm Up to Winter: Flannel Sheets, Boots & More",
    blurb: "Free shipping. Free returns. Guaranteed to last.",
    brand: b("#23472b", "#e9e2cf", "serif", { weight: 700, block: true }),
  },
  {
    templateId: "ll-bean",
    sender: "L.L.Bean",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["L.L.Bean Inc.", "15 Casco Street", "Freeport, ME 04033-0001"],
    headline: "Spring Outdoor Guide: Trail-Tested Gear",
    blurb: "Discover our new arrivals for hiking, paddling and camp.",
    brand: b("#23472b", "#d9e4d2", "serif", { weight: 700, block: true }),
    to: "MICHAEL PUBLIC",
  },
  {
    templateId: "lands-end",
    sender: "LANDS' END",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["Lands' End", "1 Lands' End Lane", "Dodgeville, WI 53595"],
    headline: "Swim Sale: Up to 50% Off Every Suit",
    blurb: "Express shipping on orders over $50. Free hemming, always.",
    brand: b("#0b2f5b", "#f2ede3", "arial", { weight: 700, spacing: 0.12 }),
  },
  {
    templateId: "j-crew",
    sender: "J.CREW",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["J.Crew", "P.O. Box 1925", "Lynchburg, VA 24506"],
    headline: "The Cashmere Issue",
    blurb: "New colors, same softness. In stores and online now.",
    brand: b("#111111", "#efe9e1", "serif", { weight: 400, spacing: 0.18 }),
  },
  {
    templateId: "pottery-barn",
    sender: "POTTERY BARN",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["Pottery Barn", "P.O. Box 379909", "Las Vegas, NV 89137"],
    headline: "Gather 'Round: The Holiday Table",
    blurb: "Free shipping on thousands of items. Key Rewards members earn 10% back.",
    brand: b("#1c1c1c", "#f1ebe2", "dserif", { weight: 400, spacing: 0.2 }),
  },
  {
    templateId: "williams-sonoma",
    sender: "WILLIAMS SONOMA",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["Williams Sonoma", "3250 Van Ness Avenue", "San Francisco, CA 94109"],
    headline: "Chase Away the Cold: Braisers & Dutch Ovens",
    blurb: "Our cooks' favorite soups and stews, plus free shipping over $59.",
    brand: b("#2b2b2b", "#f5f0e6", "serif", { weight: 400, spacing: 0.16 }),
  },
  {
    templateId: "rh",
    sender: "RH",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["RH", "15 Koch Road, Suite K", "Corte Madera, CA 94925"],
    headline: "The World of RH Outdoor",
    blurb: "Teak, marble and all-weather woven collections. Source Book 2026.",
    brand: b("#3a3631", "#e4ded4", "dserif", { weight: 400, spacing: 0.3 }),
  },
  {
    templateId: "crate-and-barrel",
    sender: "Crate&Barrel",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["Crate and Barrel", "1250 Techny Road", "Northbrook, IL 60062"],
    headline: "Fresh for Spring: Dinnerware & Table Linens",
    blurb: "Registry members save 10% with a completion discount.",
    brand: b("#111111", "#f3f1ec", "arial", { weight: 700, spacing: -0.02 }),
  },
  {
    templateId: "orvis",
    sender: "ORVIS",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["The Orvis Company", "178 Conservation Way", "Sunderland, VT 05250"],
    headline: "Fly Fishing Essentials 2026",
    blurb: "Rods, reels and waders, with our 60-day guarantee.",
    brand: b("#4b3a1e", "#ece4d2", "serif", { weight: 700, spacing: 0.1 }),
  },
  {
    templateId: "duluth-trading",
    sender: "DULUTH TRADING CO.",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["Duluth Trading Co.", "P.O. Box 200", "Belleville, WI 53508"],
    headline: "Tough Workwear for Hardworking Folks",
    blurb: "Free shipping nationwide on orders over $50. No bull guarantee.",
    brand: b("#7a2417", "#efe3c8", "narrow", { weight: 700, spacing: 0.04, block: true }),
  },
  {
    templateId: "harbor-freight",
    sender: "HARBOR FREIGHT",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["Harbor Freight Tools", "26541 Agoura Road", "Calabasas, CA 91302"],
    headline: "SUPER COUPON: 20% Off Any Single Item",
    blurb: "Quality tools at ridiculously low prices. Limited time only.",
    brand: b("#c8102e", "#fff3c4", "arial", { weight: 700, italic: true, block: true }),
  },
  {
    templateId: "omaha-steaks",
    sender: "Omaha Steaks",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["Omaha Steaks", "P.O. Box 3300", "Omaha, NE 68103"],
    headline: "The Grilling Collection + 4 FREE Burgers",
    blurb: "Plus chewy caramel apple tartlets with every order.",
    brand: b("#7f1d1d", "#f4e7d4", "dserif", { weight: 700, italic: true }),
  },
  {
    templateId: "garnet-hill",
    sender: "GARNET HILL",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["Garnet Hill", "231 Main Street", "Franconia, NH 03580"],
    headline: "Spring Bedding in Fresh Florals",
    blurb: "Petal-soft percale sheets in 14 new prints.",
    brand: b("#8c2042", "#f7eef0", "dserif", { weight: 400, spacing: 0.22 }),
  },
  {
    templateId: "vermont-country-store",
    sender: "The Vermont Country Store",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["The Vermont Country Store", "P.O. Box 6999", "Rutland, VT 05702-6999"],
    headline: "Purveyors of the Practical and Hard-to-Find",
    blurb: "Old-fashioned candy, flannel nightgowns and more since 1946.",
    brand: b("#6b2b17", "#f3ead5", "serif", { weight: 700 }),
  },
  {
    templateId: "burpee",
    sender: "Burpee",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["W. Atlee Burpee & Co.", "300 Park Avenue", "Warminster, PA 18974"],
    headline: "2026 Garden Seeds & Plants",
    blurb: "Help your garden prosper with 150 new varieties.",
    brand: b("#1f6b2a", "#fdf3d0", "arial", { weight: 700, block: true, mark: "leaf" }),
  },
  {
    templateId: "hammacher-schlemmer",
    sender: "Hammacher Schlemmer",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["Hammacher Schlemmer", "9180 Le Saint Drive", "Fairfield, OH 45014"],
    headline: "Offering the Best, the Only and the Unexpected",
    blurb: "America's longest running catalog, since 1848.",
    brand: b("#1a1a1a", "#ebe6da", "serif", { weight: 400, italic: true }),
  },
  {
    templateId: "oriental-trading",
    sender: "ORIENTAL TRADING",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["Oriental Trading Company", "P.O. Box 2308", "Omaha, NE 68103-2308"],
    headline: "Party Supplies, Crafts & Classroom Fun",
    blurb: "Over 40,000 products, many under $10.",
    brand: b("#e0301e", "#fff6d6", "arial", { weight: 700, mark: "star" }),
  },
  {
    templateId: "frontgate",
    sender: "FRONTGATE",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["Frontgate", "5566 West Chester Road", "West Chester, OH 45069"],
    headline: "Outdoor Living: The Summer Collection",
    blurb: "Optimum comfort in all-weather wicker and teak.",
    brand: b("#1d3b2f", "#efece4", "dserif", { weight: 400, spacing: 0.25 }),
    to: "ROBERT SMITH",
  },
  {
    templateId: "kohls",
    sender: "KOHL'S",
    layout: "postcard",
    style: "catalog",
    returnAddress: ["Kohl's", "N56 W17000 Ridgewood Drive", "Menomonee Falls, WI 53051"],
    headline: "Take $10 Off Your Purchase of $25 or More",
    blurb: "Plus earn $10 Kohl's Cash for every $50 spent.",
    brand: b("#7b2d8e", "#f3e9f6", "arial", { weight: 700, spacing: 0.06, block: true }),
  },
  {
    templateId: "home-depot",
    sender: "The Home Depot",
    layout: "postcard",
    style: "catalog",
    returnAddress: ["The Home Depot", "2455 Paces Ferry Road", "Atlanta, GA 30339"],
    headline: "Spring Black Friday Savings",
    blurb: "Mulch 5 for $10. Bring this card to your local store.",
    brand: b("#f96302", "#fff1e6", "narrow", { weight: 700, block: true }),
  },
  // Home services
  {
    templateId: "adt",
    sender: "ADT",
    layout: "postcard",
    style: "home",
    returnAddress: ["ADT Security Services", "P.O. Box 650485", "Dallas, TX 75265"],
    headline: "Save $200 on a Smart Home Security System",
    blurb: "24/7 professional monitoring. Call 1-855-412-9037 today.",
    brand: b("#ffffff", "#0061aa", "arial", { weight: 700, block: true, mark: "octagon" }),
  },
  {
    templateId: "trugreen",
    sender: "TruGreen",
    layout: "postcard",
    style: "home",
    returnAddress: ["TruGreen", "1790 Kirby Parkway", "Memphis, TN 38138"],
    headline: "Your Lawn Deserves Better: 50% Off Your First Application",
    blurb: "Healthy Lawn Analysis at no cost. Call 1-866-287-1105.",
    brand: b("#2e7d32", "#eaf5e4", "arial", { weight: 700, mark: "leaf" }),
  },
  {
    templateId: "renewal-by-andersen",
    sender: "Renewal by Andersen",
    layout: "postcard",
    style: "home",
    returnAddress: ["Renewal by Andersen", "9900 Jamaica Avenue South", "Cottage Grove, MN 55016"],
    headline: "Buy 1 Window, Get 1 Window 40% Off",
    blurb: "Plus no money down, no payments, no interest for 1 year.",
    brand: b("#5a7f2b", "#f1f3e6", "serif", { weight: 700 }),
  },
  {
    templateId: "leaffilter",
    sender: "LeafFilter",
    layout: "postcard",
    style: "home",
    returnAddress: ["LeafFilter Gutter Protection", "1595 Georgetown Road", "Hudson, OH 44236"],
    headline: "Never Clean Your Gutters Again: 30% Off",
    blurb: "Free inspection and estimate. Lifetime no-clog warranty.",
    brand: b("#1b5e20", "#e8f1e4", "arial", { weight: 700, italic: true, mark: "leaf" }),
  },
  {
    templateId: "roto-rooter",
    sender: "ROTO-ROOTER",
    layout: "postcard",
    style: "home",
    returnAddress: ["Roto-Rooter Plumbing & Water Cleanup", "255 E. Fifth Street", "Cincinnati, OH 45202"],
    headline: "$50 Off Any Plumbing or Drain Service",
    blurb: "Available 24/7, 365 days a year. Call 1-800-768-6911.",
    brand: b("#c62828", "#fdecea", "narrow", { weight: 700, block: true }),
  },
  {
    templateId: "carshield",
    sender: "CarShield",
    layout: "self-mailer",
    style: "home",
    returnAddress: ["CarShield", "P.O. Box 1129", "St. Peters, MO 63376"],
    headline: "Your Vehicle's Factory Warranty May Have Expired",
    blurb: "Protect yourself from costly repairs. Plans from $99/month.",
    brand: b("#0d47a1", "#e3edf9", "arial", { weight: 700, mark: "shield" }),
  },
  {
    templateId: "valpak",
    sender: "Valpak",
    layout: "envelope-window",
    style: "home",
    returnAddress: ["Valpak", "805 Executive Center Drive W", "St. Petersburg, FL 33702"],
    headline: "Savings Inside from Local Businesses",
    blurb: "Dining, auto care, home services and more.",
    brand: b("#ffffff", "#1565c0", "arial", { weight: 700, italic: true, block: true }),
  },
  // Credit cards and loans
  {
    templateId: "chase",
    sender: "Chase",
    layout: "envelope-window",
    style: "credit",
    returnAddress: ["JPMorgan Chase Bank, N.A.", "P.O. Box 15298", "Wilmington, DE 19850-5298"],
    headline: "You're pre-approved for Chase Sapphire Preferred",
    blurb: "Earn 60,000 bonus points.",
    brand: b("#117aca", "#e6f1fa", "arial", { weight: 700, spacing: 0.12, mark: "octagon" }),
  },
  {
    templateId: "chase",
    sender: "CHASE",
    layout: "letter",
    style: "credit",
    returnAddress: ["Chase Card Services", "P.O. Box 15123", "Wilmington, DE 19850-5123"],
    headline: "Earn 1.5% cash back on every purchase with Chase Freedom Unlimited",
    blurb: "Plus an extra 1.5% on everything you buy, up to $20,000 spent in the first year.",
    brand: b("#117aca", "#e6f1fa", "arial", { weight: 700, spacing: 0.12, mark: "octagon" }),
    to: "MICHAEL J PUBLIC",
  },
  {
    templateId: "capital-one",
    sender: "Capital One",
    layout: "envelope-window",
    style: "credit",
    returnAddress: ["Capital One", "P.O. Box 30285", "Salt Lake City, UT 84130-0285"],
    headline: "Jane, you're pre-approved for Quicksilver",
    blurb: "Unlimited 1.5% cash back. $0 annual fee.",
    brand: b("#004977", "#e5eef4", "arial", { weight: 700, italic: true, mark: "swoosh" }),
  },
  {
    templateId: "capital-one",
    sender: "Capital One",
    layout: "envelope-window",
    style: "credit",
    returnAddress: ["Capital One Bank (USA), N.A.", "P.O. Box 71083", "Charlotte, NC 28272-1083"],
    headline: "An exclusive Venture Rewards offer for Emily",
    blurb: "Earn 75,000 bonus miles.",
    brand: b("#004977", "#e5eef4", "arial", { weight: 700, italic: true, mark: "swoosh" }),
    to: "EMILY R PUBLIC",
  },
  {
    templateId: "discover",
    sender: "DISCOVER",
    layout: "envelope-window",
    style: "credit",
    returnAddress: ["Discover Bank", "P.O. Box 30943", "Salt Lake City, UT 84130-0943"],
    headline: "We'll match all the cash back you earn in your first year",
    blurb: "No annual fee. Apply by 04/30/2026.",
    brand: b("#222222", "#fdebd9", "arial", { weight: 700, spacing: 0.08, mark: "sun" }),
  },
  {
    templateId: "american-express",
    sender: "AMERICAN EXPRESS",
    layout: "envelope-window",
    style: "credit",
    returnAddress: ["American Express", "P.O. Box 297879", "Fort Lauderdale, FL 33329-7879"],
    headline: "An Invitation to Apply for the Gold Card",
    blurb: "Time-sensitive materials enclosed.",
    brand: b("#ffffff", "#006fcf", "arial", { weight: 700, spacing: 0.04, block: true }),
  },
  {
    templateId: "citi",
    sender: "citi",
    layout: "letter",
    style: "credit",
    returnAddress: ["Citibank, N.A.", "P.O. Box 6500", "Sioux Falls, SD 57117"],
    headline: "0% Intro APR for 21 Months on Balance Transfers",
    blurb: "Pay down debt faster with the Citi Simplicity Card.",
    brand: b("#056dae", "#e6f0f7", "arial", { weight: 700, mark: "swoosh" }),
  },
  {
    templateId: "bank-of-america",
    sender: "BANK OF AMERICA",
    layout: "envelope-window",
    style: "credit",
    returnAddress: ["Bank of America, N.A.", "P.O. Box 15019", "Wilmington, DE 19886-5019"],
    headline: "Open a new checking account and get $300",
    blurb: "Offer code inside. Member FDIC.",
    brand: b("#012169", "#f4e6e8", "arial", { weight: 700, spacing: 0.05, mark: "bars" }),
  },
  {
    templateId: "credit-one-bank",
    sender: "CREDIT ONE BANK",
    layout: "letter",
    style: "credit",
    returnAddress: ["Credit One Bank, N.A.", "P.O. Box 98872", "Las Vegas, NV 89193-8872"],
    headline: "You're pre-qualified for a Platinum Visa with cash back rewards",
    blurb: "See if you're approved in seconds. No impact to your credit score to check.",
    brand: b("#1c3f94", "#e8edf7", "narrow", { weight: 700, spacing: 0.05 }),
  },
  {
    templateId: "first-premier-bank",
    sender: "First PREMIER Bank",
    layout: "envelope-window",
    style: "credit",
    returnAddress: ["First PREMIER Bank", "P.O. Box 5524", "Sioux Falls, SD 57117-5524"],
    headline: "Your Mastercard credit card is waiting",
    blurb: "Credit limit up to $700. Respond today.",
    brand: b("#00377b", "#e6ecf4", "serif", { weight: 700 }),
  },
  {
    templateId: "sofi",
    sender: "SoFi",
    layout: "envelope-window",
    style: "credit",
    returnAddress: ["SoFi Bank, N.A.", "2750 E. Cottonwood Parkway, Suite 300", "Cottonwood Heights, UT 84121"],
    headline: "Jane, consolidate your credit cards with one low rate",
    blurb: "Personal loans from $5K to $100K. No fees required.",
    brand: b("#00a2c7", "#e3f5f9", "sans", { weight: 700 }),
  },
  {
    templateId: "rocket-mortgage",
    sender: "Rocket Mortgage",
    layout: "letter",
    style: "credit",
    returnAddress: ["Rocket Mortgage, LLC", "1050 Woodward Avenue", "Detroit, MI 48226"],
    headline: "Your home's equity could pay off your high-interest debt",
    blurb: "Homeowners in your area have tapped an average of $42,000 in cash.",
    brand: b("#c8102e", "#fbe9eb", "arial", { weight: 700 }),
  },
  // Insurance
  {
    templateId: "geico",
    sender: "GEICO",
    layout: "letter",
    style: "insurance",
    returnAddress: ["GEICO", "One GEICO Plaza", "Washington, DC 20076-0001"],
    headline: "15 minutes could save you 15% or more on car insurance",
    blurb: "Get a quote online or call 1-800-861-8380.",
    brand: b("#154b8b", "#e8eef6", "arial", { weight: 700, italic: true }),
  },
  {
    templateId: "geico",
    sender: "GEICO",
    layout: "self-mailer",
    style: "insurance",
    returnAddress: ["Government Employees Insurance Company", "One GEICO Plaza", "Washington, DC 20076"],
    headline: "Michael, bundle home and auto and save",
    blurb: "Switching is easy. Get a quote in minutes.",
    brand: b("#154b8b", "#e8eef6", "arial", { weight: 700, italic: true }),
    to: "MICHAEL PUBLIC",
  },
  {
    templateId: "progressive",
    sender: "PROGRESSIVE",
    layout: "letter",
    style: "insurance",
    returnAddress: ["Progressive Casualty Insurance Company", "6300 Wilson Mills Road", "Mayfield Village, OH 44143"],
    headline: "Drivers who switch save over $700 on average",
    blurb: "Name Your Price tool. Snapshot discounts for safe drivers.",
    brand: b("#0077c8", "#e6f2fa", "arial", { weight: 700, spacing: 0.06 }),
  },
  {
    templateId: "state-farm",
    sender: "State Farm",
    layout: "letter",
    style: "insurance",
    returnAddress: ["State Farm Mutual Automobile Insurance Company", "One State Farm Plaza", "Bloomington, IL 61710"],
    headline: "Like a good neighbor, your local agent is here",
    blurb: "Bundle home and auto and save up to $1,273.",
    brand: b("#d62311", "#fbe8e6", "arial", { weight: 700, mark: "circle" }),
  },
  {
    templateId: "allstate",
    sender: "Allstate",
    layout: "letter",
    style: "insurance",
    returnAddress: ["Allstate Insurance Company", "P.O. Box 660598", "Dallas, TX 75266-0598"],
    headline: "Are you in good hands? Compare your auto rate today",
    blurb: "Safe drivers save with Drivewise.",
    brand: b("#0033a0", "#e6ebf5", "arial", { weight: 400, mark: "circle" }),
  },
  {
    templateId: "liberty-mutual",
    sender: "Liberty Mutual Insurance",
    layout: "letter",
    style: "insurance",
    returnAddress: ["Liberty Mutual Insurance", "175 Berkeley Street", "Boston, MA 02116"],
    headline: "Only pay for what you need",
    blurb: "Customize your car insurance and save $947 on average.",
    brand: b("#1a1446", "#fff3c4", "arial", { weight: 700 }),
  },
  {
    templateId: "the-hartford",
    sender: "The Hartford",
    layout: "envelope-window",
    style: "insurance",
    returnAddress: ["AARP Auto Insurance Program from The Hartford", "P.O. Box 14273", "Lexington, KY 40512"],
    headline: "Savings for drivers 50 and over",
    blurb: "Open immediately: your free quote inside.",
    brand: b("#6b1e2e", "#f6e9ec", "serif", { weight: 700, mark: "star" }),
  },
  {
    templateId: "colonial-penn",
    sender: "Colonial Penn",
    layout: "letter",
    style: "insurance",
    returnAddress: ["Colonial Penn Life Insurance Company", "399 Market Street", "Philadelphia, PA 19181"],
    headline: "Guaranteed acceptance life insurance for ages 50 to 85",
    blurb: "No medical exam. No health questions. Rates locked in.",
    brand: b("#003b71", "#e6edf4", "serif", { weight: 700 }),
  },
  {
    templateId: "mutual-of-omaha",
    sender: "Mutual of Omaha",
    layout: "letter",
    style: "insurance",
    returnAddress: ["Mutual of Omaha Insurance Company", "Mutual of Omaha Plaza", "Omaha, NE 68175"],
    headline: "Your Medicare Supplement rate quote is enclosed",
    blurb: "Keep your doctors. No networks. Call 1-800-775-6000.",
    brand: b("#004b87", "#e6eef5", "serif", { weight: 700 }),
  },
  {
    templateId: "aarp-unitedhealthcare",
    sender: "UnitedHealthcare",
    layout: "self-mailer",
    style: "insurance",
    returnAddress: ["AARP Medicare Plans from UnitedHealthcare", "P.O. Box 30770", "Salt Lake City, UT 84130"],
    headline: "Medicare Annual Enrollment ends December 7",
    blurb: "$0 premium plans available in Cook County.",
    brand: b("#002677", "#e6eaf4", "arial", { weight: 700, mark: "shield" }),
  },
  // Telecom
  {
    templateId: "comcast-xfinity",
    sender: "xfinity",
    layout: "self-mailer",
    style: "telecom",
    returnAddress: ["Comcast", "1701 JFK Boulevard", "Philadelphia, PA 19103"],
    headline: "Get Xfinity Internet for $35/mo with a 1-year price guarantee",
    blurb: "Add Xfinity Mobile and save even more.",
    brand: b("#000000", "#ece7f7", "sans", { weight: 400, spacing: 0.02 }),
  },
  {
    templateId: "spectrum",
    sender: "Spectrum",
    layout: "self-mailer",
    style: "telecom",
    returnAddress: ["Charter Communications", "P.O. Box 6030", "Carol Stream, IL 60197-6030"],
    headline: "Internet speeds up to 1 Gig, no data caps",
    blurb: "Free modem. No contracts. Call 1-855-243-8892.",
    brand: b("#0b5cab", "#e6eef8", "arial", { weight: 700, mark: "bars" }),
  },
  {
    templateId: "spectrum",
    sender: "Spectrum",
    layout: "postcard",
    style: "telecom",
    returnAddress: ["Spectrum", "400 Washington Blvd", "Stamford, CT 06902"],
    headline: "Mobile + Internet: Unlimited for $30/line",
    blurb: "Switch and save. Limited time offer.",
    brand: b("#0b5cab", "#e6eef8", "arial", { weight: 700, mark: "bars" }),
    to: "ROBERT SMITH",
  },
  {
    templateId: "att",
    sender: "AT&T",
    layout: "self-mailer",
    style: "telecom",
    returnAddress: ["AT&T", "P.O. Box 5014", "Carol Stream, IL 60197-5014"],
    headline: "AT&T Fiber is now available at your address",
    blurb: "Symmetrical speeds up to 5 GIG. Equipment included.",
    brand: b("#009fdb", "#e5f5fb", "arial", { weight: 400, mark: "globe" }),
  },
  {
    templateId: "t-mobile",
    sender: "T-Mobile",
    layout: "postcard",
    style: "telecom",
    returnAddress: ["T-Mobile USA, Inc.", "P.O. Box 37380", "Albuquerque, NM 87176"],
    headline: "Home Internet for $50/mo. Set up in 15 minutes.",
    blurb: "No annual contract. No equipment fees.",
    brand: b("#e20074", "#fde6f1", "arial", { weight: 700 }),
  },
  // Magazines and publishers
  {
    templateId: "trusted-media-brands",
    sender: "Reader's Digest",
    layout: "self-mailer",
    style: "magazine",
    returnAddress: ["Reader's Digest", "P.O. Box 6095", "Harlan, IA 51593-1595"],
    headline: "12 Issues for Just $10: Save 83%",
    blurb: "Laugh, learn and be inspired every month.",
    brand: b("#c4161c", "#fdecea", "dserif", { weight: 700 }),
    to: "DOROTHY KOWALSKI",
  },
  {
    templateId: "publishers-clearing-house",
    sender: "Publishers Clearing House",
    layout: "self-mailer",
    style: "magazine",
    returnAddress: ["Publishers Clearing House", "101 Channel Drive", "Port Washington, NY 11050"],
    headline: "$7,000.00 A Week For Life: Final Notice",
    blurb: "Return your entry by the deadline to claim your eligibility.",
    brand: b("#0a3d91", "#fff3c0", "serif", { weight: 700, mark: "star" }),
  },
  {
    templateId: "national-geographic",
    sender: "National Geographic",
    layout: "envelope-window",
    style: "magazine",
    returnAddress: ["National Geographic", "P.O. Box 37545", "Boone, IA 50037-0545"],
    headline: "Your free world map is waiting",
    blurb: "Subscribe today and save 70% off the cover price.",
    brand: b("#111111", "#ffd200", "sans", { weight: 700, spacing: 0.1, mark: "bars" }),
  },
  {
    templateId: "aarp",
    sender: "AARP",
    layout: "self-mailer",
    style: "magazine",
    returnAddress: ["AARP", "P.O. Box 199", "Long Beach, CA 90801"],
    headline: "Your AARP Membership Card Is Enclosed",
    blurb: "Join for just $12 a year with automatic renewal.",
    brand: b("#ec1300", "#fdeae8", "arial", { weight: 700, spacing: 0.04 }),
  },
  // Charities
  {
    templateId: "st-jude",
    sender: "St. Jude Children's Research Hospital",
    layout: "envelope-window",
    style: "charity",
    returnAddress: [
      "St. Jude Children's Research Hospital",
      "ALSAC, Danny Thomas, Founder",
      "501 St. Jude Place",
      "Memphis, TN 38105-9959",
    ],
    headline: "Will you help a child like Ava today?",
    blurb: "Families never receive a bill from St. Jude.",
    brand: b("#b41e3b", "#fbeef1", "serif", { weight: 700 }),
  },
  {
    templateId: "st-jude",
    sender: "St. Jude",
    layout: "envelope-window",
    style: "charity",
    returnAddress: ["ALSAC / St. Jude Children's Research Hospital", "P.O. Box 1000, Dept. 142", "Memphis, TN 38148-0142"],
    headline: "Your free 2026 calendar is enclosed",
    blurb: "Treatment. Research. Hope.",
    brand: b("#b41e3b", "#fbeef1", "serif", { weight: 700 }),
    to: "LINDA M SMITH",
  },
  {
    templateId: "aspca",
    sender: "ASPCA",
    layout: "envelope-window",
    style: "charity",
    returnAddress: ["ASPCA", "P.O. Box 96929", "Washington, DC 20077-7127"],
    headline: "Official Rescue Supporter documents enclosed",
    blurb: "Free ASPCA tote with your gift.",
    brand: b("#f26522", "#fdeee5", "arial", { weight: 700, spacing: 0.06, mark: "heart" }),
  },
  {
    templateId: "wounded-warrior-project",
    sender: "WOUNDED WARRIOR PROJECT",
    layout: "envelope-window",
    style: "charity",
    returnAddress: ["Wounded Warrior Project", "P.O. Box 758516", "Topeka, KS 66675-8516"],
    headline: "Stand with our wounded veterans",
    blurb: "Your gift doubled through March 31.",
    brand: b("#1b2a48", "#eaecf1", "narrow", { weight: 700, spacing: 0.04, mark: "star" }),
  },
  {
    templateId: "dav",
    sender: "DAV",
    layout: "envelope-window",
    style: "charity",
    returnAddress: ["DAV (Disabled American Veterans)", "P.O. Box 14301", "Cincinnati, OH 45250-0301"],
    headline: "Personalized address labels enclosed",
    blurb: "Fulfilling our promises to the men and women who served.",
    brand: b("#002868", "#e6eaf2", "serif", { weight: 700, spacing: 0.1, mark: "star" }),
  },
  {
    templateId: "shriners-childrens",
    sender: "Shriners Children's",
    layout: "envelope-window",
    style: "charity",
    returnAddress: ["Shriners Children's", "2900 N. Rocky Point Drive", "Tampa, FL 33607-1435"],
    headline: "Love to the rescue: please open today",
    blurb: "Care regardless of the families' ability to pay.",
    brand: b("#c8102e", "#fbe9ec", "arial", { weight: 700 }),
  },
  {
    templateId: "arbor-day-foundation",
    sender: "Arbor Day Foundation",
    layout: "envelope-window",
    style: "charity",
    returnAddress: ["Arbor Day Foundation", "211 N. 12th Street", "Lincoln, NE 68508"],
    headline: "10 free trees when you join",
    blurb: "Plant trees. Inspire change.",
    brand: b("#2e7d32", "#e8f3e6", "serif", { weight: 700, mark: "leaf" }),
  },
  // Senders not in the catalog
  {
    templateId: null,
    sender: "Lakeview Family Dental",
    layout: "postcard",
    style: "local",
    returnAddress: ["Lakeview Family Dental", "2934 N. Broadway, Suite 200", "Chicago, IL 60657"],
    headline: "New Patient Special: Exam, X-Rays & Cleaning $79",
    blurb: "Evening and Saturday hours. Most insurance accepted.",
    brand: b("#00838f", "#e0f4f5", "arial", { weight: 700, mark: "drop" }),
    noNumber: true,
  },
  {
    templateId: null,
    sender: "Windy City Roofing & Exteriors",
    layout: "postcard",
    style: "local",
    returnAddress: ["Windy City Roofing & Exteriors", "4410 W. Belmont Ave", "Chicago, IL 60641"],
    headline: "Free Storm Damage Inspection",
    blurb: "Licensed, bonded and insured. Call 773-555-0148.",
    brand: b("#37474f", "#eceff1", "narrow", { weight: 700, mark: "house" }),
    noNumber: true,
  },
  {
    templateId: null,
    sender: "Tony Russo's Pizzeria",
    layout: "postcard",
    style: "local",
    returnAddress: ["Tony Russo's Pizzeria", "1620 W. Fullerton Ave", "Chicago, IL 60614"],
    headline: "Two Large 1-Topping Pizzas $24.99",
    blurb: "Free delivery to Lincoln Park. Order online or call 773-555-0192.",
    brand: b("#b71c1c", "#fff4e0", "dserif", { weight: 700, italic: true }),
    noNumber: true,
  },
  {
    templateId: null,
    sender: "Prairie Hollow Seed Co.",
    layout: "catalog-cover",
    style: "catalog",
    returnAddress: ["Prairie Hollow Seed Co.", "P.O. Box 212", "Decorah, IA 52101"],
    headline: "Heirloom Seeds for Northern Gardens 2026",
    blurb: "Open-pollinated, family-grown and tested in Zone 4.",
    brand: b("#5d4037", "#f6efd9", "serif", { weight: 700, mark: "sun" }),
  },
  {
    templateId: null,
    sender: "Clearview Eye Associates",
    layout: "postcard",
    style: "local",
    returnAddress: ["Clearview Eye Associates", "3150 N. Lincoln Ave", "Chicago, IL 60657"],
    headline: "Progressive Lenses 30% Off This Month",
    blurb: "Comprehensive eye exams. Most vision plans accepted.",
    brand: b("#283593", "#e8eaf6", "arial", { weight: 700, mark: "circle" }),
    noNumber: true,
  },
  {
    templateId: null,
    sender: "Lakeshore Community Credit Union",
    layout: "envelope-window",
    style: "credit",
    returnAddress: ["Lakeshore Community Credit Union", "P.O. Box 14690", "Chicago, IL 60614-0690"],
    headline: "Target your savings: 4.25% APY share certificate",
    blurb: "Federally insured by NCUA.",
    brand: b("#004d40", "#e0f2f1", "arial", { weight: 700, mark: "house" }),
  },
  {
    templateId: null,
    sender: "Keystone Heritage Life",
    layout: "letter",
    style: "insurance",
    returnAddress: ["Keystone Heritage Life Insurance Company", "P.O. Box 8080", "Harrisburg, PA 17105"],
    headline: "Final expense coverage you can count on",
    blurb: "Guaranteed acceptance for ages 50 to 80. Benefits up to $25,000.",
    brand: b("#4a148c", "#f1e8f7", "dserif", { weight: 700, mark: "shield" }),
  },
  {
    templateId: null,
    sender: "Bauer Brothers Heating & Cooling",
    layout: "self-mailer",
    style: "local",
    returnAddress: ["Bauer Brothers Heating & Cooling", "6021 N. Western Ave", "Chicago, IL 60659"],
    headline: "Furnace Tune-Up $69: Beat the Winter Rush",
    blurb: "Family owned since 1962. Call 773-555-0117.",
    brand: b("#e65100", "#fff1e5", "narrow", { weight: 700, mark: "sun" }),
    noNumber: true,
  },
];

// ---------------------------------------------------------------------------------------------
// Numbers on the label
// ---------------------------------------------------------------------------------------------

type NumberFormat = { label: string; sep: string; make: (r: Rand) => string };

const SEASONS = ["FALL", "SPR", "HOL", "WIN", "SUM", "JAN"];
const keyline: NumberFormat = {
  label: "keyline",
  sep: "",
  make: (r) =>
    pick(r, [
      () => `${letters(r, 7)} ${digits(r, 8)} ${digits(r, 1)}`,
      () => `${letters(r, 3)}${digits(r, 7)}`,
      () => `${digits(r, 4)} ${letters(r, 2)}${digits(r, 6)} ${letters(r, 1)}`,
    ])(),
};
const customerNo: NumberFormat = { label: "Customer #", sep: ": ", make: (r) => digits(r, int(r, 7, 10)) };
const acctGrouped: NumberFormat = { label: "Acct No.", sep: " ", make: (r) => `${digits(r, 4)} ${digits(r, 2)}${digits(r, int(r, 3, 5))}` };

const FORMATS: Record<NumberStyle, NumberFormat[]> = {
  catalog: [
    customerNo,
    { label: "CUST NO", sep: " ", make: (r) => `${digits(r, 4)}-${digits(r, 4)}-${digits(r, 2)}` },
    { label: "Source Code", sep: ": ", make: (r) => code(r, 6) },
    { label: "Key Code", sep: " ", make: (r) => `${digits(r, 1)}${pick(r, SEASONS)}${digits(r, 2)}${letters(r, 1)}` },
    { label: "Cust No", sep: " ", make: (r) => digits(r, int(r, 8, 11)) },
    keyline,
    keyline,
  ],
  credit: [
    { label: "Reservation Number", sep: ": ", make: (r) => `${code(r, 4)}-${code(r, 4)}-${code(r, 4)}` },
    { label: "Invitation Code", sep: ": ", make: (r) => code(r, 10) },
    { label: "Priority Code", sep: ": ", make: (r) => `${letters(r, 2)}${digits(r, 6)}` },
    acctGrouped,
    keyline,
  ],
  insurance: [
    { label: "Offer Code", sep: ": ", make: (r) => `${letters(r, 2)}${digits(r, 1)}-${digits(r, 5)}` },
    { label: "Quote Ref #", sep: " ", make: (r) => `${digits(r, 3)}-${digits(r, 3)}-${digits(r, 4)}` },
    { label: "Priority Code", sep: ": ", make: (r) => `${letters(r, 3)}${digits(r, 5)}` },
    customerNo,
    keyline,
  ],
  telecom: [
    { label: "Acct No.", sep: " ", make: (r) => `${digits(r, 4)} ${digits(r, 2)} ${digits(r, 3)} ${digits(r, 7)}` },
    { label: "Offer Code", sep: ": ", make: (r) => code(r, 8) },
    customerNo,
    keyline,
  ],
  home: [
    customerNo,
    { label: "Offer Code", sep: ": ", make: (r) => code(r, 7) },
    { label: "Key Code", sep: " ", make: (r) => code(r, 6) },
    keyline,
  ],
  charity: [
    { label: "Donor ID", sep: ": ", make: (r) => digits(r, int(r, 8, 10)) },
    { label: "ID #", sep: " ", make: (r) => `${digits(r, 4)} ${digits(r, 4)} ${digits(r, 1)}` },
    { label: "Key Code", sep: " ", make: (r) => `${digits(r, 2)}${letters(r, 1)}${digits(r, 1)}${code(r, 4)}` },
    acctGrouped,
    keyline,
    keyline,
  ],
  magazine: [acctGrouped, { label: "Acct No.", sep: " ", make: (r) => `${letters(r, 3)}${digits(r, 8)}` }, customerNo, keyline, keyline],
  local: [customerNo, { label: "Acct No.", sep: " ", make: (r) => digits(r, 6) }],
};

// ---------------------------------------------------------------------------------------------
// The set
// ---------------------------------------------------------------------------------------------

const HOLDER_NAMES = [
  "JANE Q PUBLIC",
  "JANE Q PUBLIC",
  "JANE Q PUBLIC",
  "JANE PUBLIC",
  "JANE Q. PUBLIC",
  "MS JANE Q PUBLIC",
  "JANE QUINN PUBLIC",
];
const STREETS = [
  "1847 N HALSTED ST APT 3R",
  "1847 N HALSTED ST APT 3R",
  "1847 N HALSTED ST # 3R",
  "1847 NORTH HALSTED STREET APT 3R",
  "1847 N HALSTED ST UNIT 3R",
];
const CITIES = ["CHICAGO IL 60614-4512", "CHICAGO IL 60614-4512", "CHICAGO IL 60614", "CHICAGO, IL 60614-4512"];

/** Distortions with each range covered evenly: each value is drawn from its own slice of the range. */
function assignDistortions(r: Rand, count: number): Distortion[] {
  const ids = Array.from({ length: count }, (_, i) => i);
  const order = shuffled(r, ids);
  const clean = new Set(order.slice(0, 6));
  const rest = order.slice(6);
  const m = rest.length;
  const spread = (lo: number, hi: number) =>
    shuffled(
      r,
      Array.from({ length: m }, (_, k) => lo + ((k + r()) / m) * (hi - lo)),
    );
  // Most phone photos are held nearly square to the piece; a few are taken at a slant.
  const rotations = spread(0, 1).map((q) => (r() < 0.5 ? -1 : 1) * 12 * q ** 2);
  const blurs = spread(0, 1).map((q) => 1.4 * q ** 1.25);
  const contrasts = spread(0.4, 1);
  // Glare and tiny type never fall on the same piece: glare over a tiny label would wipe it out.
  const quarter = Math.round(count * 0.25);
  const mixed = shuffled(r, rest);
  const glare = new Set(mixed.slice(0, quarter));
  const small = new Set(mixed.slice(quarter, 2 * quarter));
  const out: Distortion[] = [];
  for (const i of ids) {
    if (clean.has(i)) {
      out.push({ rotateDeg: 0, blurPx: 0, contrast: 1, glare: false, smallType: false });
      continue;
    }
    const k = rest.indexOf(i);
    const straight = r() < 0.12;
    const smallType = small.has(i);
    let blurPx = fixed(round(blurs[k]!, 0.1), 1);
    let contrast = fixed(round(contrasts[k]!, 0.05), 2);
    // Hard but fair: a person could still read every label. Tiny type is never also badly out of
    // focus or washed out, and glare never falls on an already washed-out photo.
    if (smallType) {
      blurPx = fixed(Math.min(blurPx, 0.5), 1);
      contrast = Math.max(contrast, 0.6);
    }
    if (glare.has(i)) contrast = Math.max(contrast, 0.55);
    out.push({ rotateDeg: straight ? 0 : fixed(round(rotations[k]!, 0.5), 1), blurPx, contrast, glare: glare.has(i), smallType });
  }
  return out;
}

const DESIGNS = new Map<string, Spec>();

/** The benchmark's set. Another seed draws the same designs in another order, with other distortions and numbers. */
const MAIL_PIECES_SEED = 20260314;

export function buildPieces(seed = MAIL_PIECES_SEED): MailPiece[] {
  const r = mulberry32(seed);
  const specs = shuffled(r, SPECS);
  const distortions = assignDistortions(r, specs.length);
  // A fifth of the labels show no number: the local businesses mailing by route, and others drawn at random.
  const withoutNumber = new Set(specs.filter((spec) => spec.noNumber));
  for (const spec of shuffled(r, specs)) {
    if (withoutNumber.size >= Math.round(specs.length * 0.2)) break;
    withoutNumber.add(spec);
  }
  return specs.map((spec, i) => {
    const id = `piece-${seed === MAIL_PIECES_SEED ? "" : `${seed}-`}${String(i + 1).padStart(2, "0")}`;
    DESIGNS.set(id, spec);
    const hasNumber = !withoutNumber.has(spec);
    const format = pick(r, FORMATS[spec.style]);
    const number = format.make(r);
    return {
      id,
      layout: spec.layout,
      printedSender: spec.sender,
      templateId: spec.templateId,
      customerNumber: hasNumber ? number : null,
      numberLabel: hasNumber ? format.label : null,
      addressee: spec.to ?? pick(r, HOLDER_NAMES),
      addressedToOther: spec.to !== undefined,
      street: pick(r, STREETS),
      cityStateZip: pick(r, CITIES),
      headline: spec.headline,
      distortion: distortions[i]!,
      returnAddress: spec.returnAddress,
    };
  });
}

export const MAIL_PIECES: MailPiece[] = buildPieces();

// ---------------------------------------------------------------------------------------------
// Drawing
// ---------------------------------------------------------------------------------------------

const GEOMETRY: Record<Layout, { w: number; h: number; vw: number; vh: number }> = {
  "catalog-cover": { w: 900, h: 1130, vw: 1200, vh: 1500 },
  postcard: { w: 1180, h: 640, vw: 1520, vh: 1000 },
  "envelope-window": { w: 1220, h: 530, vw: 1520, vh: 900 },
  "self-mailer": { w: 1120, h: 740, vw: 1500, vh: 1060 },
  letter: { w: 880, h: 1140, vw: 1180, vh: 1500 },
};

const esc = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function fallbackSpec(piece: MailPiece): Spec {
  const r = mulberry32(hashSeed(piece.printedSender));
  const hue = Math.floor(r() * 360);
  return {
    templateId: piece.templateId,
    sender: piece.printedSender,
    layout: piece.layout,
    style: "catalog",
    returnAddress: [piece.printedSender, `P.O. Box ${int(r, 100, 99999)}`, "Des Moines, IA 50306"],
    headline: piece.headline,
    blurb: "",
    brand: b(`hsl(${hue} 60% 32%)`, `hsl(${hue} 40% 93%)`, pick(r, ["arial", "serif", "sans"] as const), { weight: 700 }),
  };
}

function markSvg(mark: Mark, color: string, cut: string, size: number): string {
  const s = size;
  const open = `<svg width="${s}" height="${s}" viewBox="0 0 100 100" style="vertical-align:middle;margin-right:${Math.round(s * 0.18)}px">`;
  const shapes: Record<Mark, string> = {
    octagon: `<polygon points="30,5 70,5 95,30 95,70 70,95 30,95 5,70 5,30" fill="${color}"/><rect x="35" y="35" width="30" height="30" fill="${cut}"/>`,
    swoosh: `<path d="M5 70 Q50 10 95 35 Q55 30 20 80 Z" fill="${color}"/>`,
    circle: `<circle cx="50" cy="50" r="44" fill="none" stroke="${color}" stroke-width="12"/><circle cx="50" cy="50" r="16" fill="${color}"/>`,
    globe: `<circle cx="50" cy="50" r="45" fill="${color}"/><path d="M8 40 H92 M8 60 H92 M50 5 Q20 50 50 95 M50 5 Q80 50 50 95" stroke="${cut}" stroke-width="6" fill="none"/>`,
    leaf: `<path d="M15 85 Q10 20 85 12 Q90 80 15 85 Z" fill="${color}"/><path d="M15 85 L70 30" stroke="${cut}" stroke-width="5"/>`,
    star: `<polygon points="50,5 61,38 95,38 67,59 78,93 50,72 22,93 33,59 5,38 39,38" fill="${color}"/>`,
    shield: `<path d="M50 5 L90 20 Q90 70 50 95 Q10 70 10 20 Z" fill="${color}"/>`,
    heart: `<path d="M50 88 L12 50 Q-5 25 22 14 Q40 8 50 28 Q60 8 78 14 Q105 25 88 50 Z" fill="${color}"/>`,
    house: `<path d="M10 50 L50 12 L90 50 L80 50 L80 90 L20 90 L20 50 Z" fill="${color}"/>`,
    drop: `<path d="M50 5 Q85 50 80 68 Q72 95 50 95 Q28 95 20 68 Q15 50 50 5 Z" fill="${color}"/>`,
    bars: `<rect x="8" y="55" width="18" height="40" fill="${color}"/><rect x="41" y="30" width="18" height="65" fill="${color}"/><rect x="74" y="5" width="18" height="90" fill="${color}"/>`,
    sun: `<circle cx="50" cy="50" r="28" fill="${color}"/><g stroke="${color}" stroke-width="8"><path d="M50 2 V16 M50 84 V98 M2 50 H16 M84 50 H98 M16 16 L26 26 M74 74 L84 84 M84 16 L74 26 M16 84 L26 74"/></g>`,
  };
  return `${open}${shapes[mark]}</svg>`;
}

/** The brand name as a logo. On a light ground unless onDark. */
function logoHtml(piece: MailPiece, brand: Brand, sizePx: number, onDark = false): string {
  const blockColor = brand.color === "#ffffff" ? brand.accent : brand.color;
  const text = esc(piece.printedSender);
  const style = [
    `font-family:${FONTS[brand.font]}`,
    `font-size:${sizePx}px`,
    `font-weight:${brand.weight ?? 700}`,
    `font-style:${brand.italic ? "italic" : "normal"}`,
    `letter-spacing:${brand.spacing ?? 0}em`,
    "line-height:1.05",
    "white-space:nowrap",
  ];
  const light = brand.block || onDark;
  const mark = brand.mark
    ? markSvg(brand.mark, light ? "#ffffff" : blockColor, light ? blockColor : "#ffffff", Math.round(sizePx * 1.05))
    : "";
  if (brand.block && !onDark) {
    style.push(
      `background:${blockColor}`,
      "color:#fff",
      `padding:${Math.round(sizePx * 0.22)}px ${Math.round(sizePx * 0.4)}px`,
      "display:inline-block",
    );
  } else {
    style.push(`color:${onDark ? "#ffffff" : blockColor}`, "display:inline-block");
  }
  return `<span style="${style.join(";")}">${mark}${text}</span>`;
}

function returnBlock(lines: string[], fontPx: number, color: string, font: string): string {
  if (lines.length === 0) return "";
  return `<div style="font-family:${font};font-size:${fontPx}px;line-height:1.25;color:${color}">${lines
    .map((line, i) => `<div${i === 0 ? ' style="font-weight:700"' : ""}>${esc(line)}</div>`)
    .join("")}</div>`;
}

function indicia(r: Rand, style: NumberStyle, fontPx: number): string {
  const permit = int(r, 2, 9800);
  const cities = [
    "LEBANON JCT KY",
    "BOLINGBROOK IL",
    "DES MOINES IA",
    "SOUTHERN MD",
    "LANCASTER PA",
    "MADISON WI",
    "CAROL STREAM IL",
    "PONTIAC IL",
  ];
  const lines =
    style === "charity"
      ? ["NONPROFIT ORG", "U.S. POSTAGE", "PAID", pick(r, ["NPS", "MAIL SVCS", "IMS"])]
      : style === "credit" || style === "insurance"
        ? pick(r, [
            ["PRESORTED", "FIRST-CLASS MAIL", "U.S. POSTAGE", "PAID", pick(r, cities)],
            ["FIRST-CLASS MAIL", "U.S. POSTAGE PAID", `PERMIT NO ${permit}`],
          ])
        : ["PRSRT STD", "U.S. POSTAGE", "PAID", pick(r, cities), `PERMIT NO. ${permit}`];
  return `<div style="border:1.5px solid #222;padding:4px 6px;font-family:${FONTS.arial};font-size:${fontPx}px;line-height:1.2;text-align:center;color:#222;display:inline-block">${lines
    .map(esc)
    .join("<br>")}</div>`;
}

/** An Intelligent Mail barcode: 65 bars of four heights. */
function barcode(r: Rand, heightPx: number, barPx: number): string {
  const w = 65 * barPx * 2;
  const h = heightPx;
  const bars: string[] = [];
  for (let i = 0; i < 65; i += 1) {
    const kind = int(r, 0, 3);
    const top = kind === 0 || kind === 1 ? 0 : h * 0.33;
    const bottom = kind === 0 || kind === 2 ? h : h * 0.67;
    bars.push(`<rect x="${i * barPx * 2}" y="${top.toFixed(1)}" width="${barPx}" height="${(bottom - top).toFixed(1)}"/>`);
  }
  return `<svg width="${w}" height="${h}" style="display:block;margin-top:${Math.round(h * 0.3)}px" fill="#111">${bars.join("")}</svg>`;
}

function numberFormatFor(piece: MailPiece): NumberFormat | undefined {
  const all = Object.values(FORMATS).flat();
  return all.find((format) => format.label === piece.numberLabel);
}

/** About how wide one character of each font is, in ems (upper case and digits). */
const CHAR_WIDTH: Record<FontKey, number> = {
  sans: 0.74,
  arial: 0.68,
  narrow: 0.56,
  cond: 0.66,
  serif: 0.66,
  dserif: 0.74,
  mono: 0.6,
  dmono: 0.61,
};

type LabelOptions = {
  fontPx: number;
  font: FontKey;
  /** The room the label has, in px: no line runs past it. */ maxWidth: number;
  barcode?: boolean;
};

/** The mailing label: endorsement line, keyline or number line, the name and the address. */
function labelHtml(piece: MailPiece, r: Rand, opts: LabelOptions): string {
  const fits = (line: string) => line.length * opts.fontPx * CHAR_WIDTH[opts.font] <= opts.maxWidth;
  const zip5 = /\b(\d{5})/.exec(piece.cityStateZip)?.[1] ?? "60614";
  const presort = pick(r, ["", "", ` P${int(r, 1, 9)} T${int(r, 1, 40)}`, ` S${int(r, 1, 60)} P${int(r, 1, 4)}`, ` ${int(r, 1000, 9999)}`]);
  let starCount = int(r, 3, 16);
  const sort = pick(r, [
    `AUTO**5-DIGIT ${zip5}`,
    `AUTO**SCH 5-DIGIT ${zip5}`,
    `AUTO**ALL FOR AADC ${zip5.slice(0, 3)}`,
    `AUTO**MIXED AADC ${zip5.slice(0, 3)}`,
    `ECRLOT**C-0${int(r, 10, 99)}`,
  ]);
  let endorsement: string | null = r() < 0.72 ? `${"*".repeat(starCount)}${sort}${presort}` : null;
  while (endorsement && !fits(endorsement) && starCount > 2) {
    starCount -= 1;
    endorsement = `${"*".repeat(starCount)}${sort}${presort}`;
  }
  const format = numberFormatFor(piece);
  const numberText =
    piece.customerNumber === null
      ? null
      : piece.numberLabel === "keyline"
        ? `#${piece.customerNumber}#`
        : `${piece.numberLabel ?? ""}${format?.sep ?? ": "}${piece.customerNumber}`;
  const gap = "   ";
  let placement =
    piece.numberLabel === "keyline"
      ? pick(r, ["oel", "oel", "oel-left"] as const)
      : pick(r, ["above", "above", "above", "below", "oel-right"] as const);
  if (!numberText || !endorsement) placement = placement === "below" ? "below" : "above";
  else if (placement === "oel-left" && !fits(numberText + gap + endorsement)) placement = "oel";
  else if (placement === "oel-right" && !fits(endorsement + gap + numberText)) placement = "above";
  const lines: string[] = [];
  if (placement === "oel-left") lines.push(numberText + gap + endorsement);
  else if (placement === "oel-right") lines.push(endorsement + gap + numberText);
  else {
    if (endorsement) lines.push(endorsement);
    if (numberText && placement !== "below") lines.push(numberText);
  }
  lines.push(piece.addressee, piece.street, piece.cityStateZip);
  if (numberText && placement === "below") lines.push(numberText);
  const rows = lines.map((line) => `<div style="white-space:pre">${esc(line)}</div>`).join("");
  const code = opts.barcode === false ? "" : barcode(r, Math.round(opts.fontPx * 1.1), opts.fontPx < 12 ? 1.5 : 2);
  return `<div style="font-family:${FONTS[opts.font]};font-size:${opts.fontPx}px;line-height:1.28;color:#141414">${rows}${code}</div>`;
}

function heroBackground(r: Rand, brand: Brand): string {
  const hue = int(r, 0, 359);
  const sky = `hsl(${hue} ${int(r, 25, 55)}% ${int(r, 55, 78)}%)`;
  const skyLow = `hsl(${(hue + 20) % 360} ${int(r, 20, 45)}% ${int(r, 72, 88)}%)`;
  const ground = `hsl(${(hue + 140) % 360} ${int(r, 20, 40)}% ${int(r, 28, 45)}%)`;
  const groundDark = `hsl(${(hue + 150) % 360} ${int(r, 20, 40)}% ${int(r, 15, 28)}%)`;
  const sunX = int(r, 15, 85);
  const horizon = int(r, 48, 66);
  return [
    `radial-gradient(circle at ${sunX}% ${horizon - 25}%, rgba(255,250,230,.85) 0 5%, rgba(255,250,230,0) 14%)`,
    `radial-gradient(ellipse at ${100 - sunX}% ${horizon + 10}%, ${brand.accent} 0 9%, rgba(0,0,0,0) 24%)`,
    `linear-gradient(178deg, ${sky} 0%, ${skyLow} ${horizon}%, ${ground} ${horizon + 0.5}%, ${groundDark} 100%)`,
  ].join(",");
}

/** A few soft shapes standing for the products in a catalog photo. */
function productShapes(r: Rand, w: number, h: number): string {
  const out: string[] = [];
  const n = int(r, 2, 4);
  for (let i = 0; i < n; i += 1) {
    const pw = int(r, Math.round(w * 0.14), Math.round(w * 0.26));
    const ph = int(r, Math.round(h * 0.18), Math.round(h * 0.34));
    const x = int(r, 20, w - pw - 20);
    const y = int(r, Math.round(h * 0.42), h - ph - 10);
    const color = `hsl(${int(r, 0, 359)} ${int(r, 25, 65)}% ${int(r, 30, 70)}%)`;
    const radius = pick(r, ["18px", "50% 50% 12px 12px", "40%", "8px"]);
    out.push(
      `<div style="position:absolute;left:${x}px;top:${y}px;width:${pw}px;height:${ph}px;border-radius:${radius};background:linear-gradient(150deg, ${color}, rgba(0,0,0,.35));box-shadow:4px 8px 14px rgba(0,0,0,.3)"></div>`,
    );
  }
  return out.join("");
}

type Parts = { piece: MailPiece; spec: Spec; r: Rand; labelPx: number; labelFont: FontKey; w: number; h: number };

/** The label at (left, top) in its panel, kept left of the panel's right edge at maxRight. */
function placed(
  r: Rand,
  left: number,
  top: number,
  maxRight: number,
  piece: MailPiece,
  fontPx: number,
  font: FontKey,
  withBarcode = true,
): string {
  return `<div style="position:absolute;left:${left}px;top:${top}px">${labelHtml(piece, r, { fontPx, font, maxWidth: maxRight - left, barcode: withBarcode })}</div>`;
}

function catalogCover({ piece, spec, r, labelPx, labelFont, w, h }: Parts): string {
  const band = 300;
  const heroH = h - band;
  const logoSize = piece.printedSender.length > 16 ? 50 : piece.printedSender.length > 9 ? 64 : 84;
  const textColor = r() < 0.5 ? "#ffffff" : "#1a1a1a";
  const shadow = textColor === "#ffffff" ? "text-shadow:0 2px 6px rgba(0,0,0,.45)" : "text-shadow:0 1px 3px rgba(255,255,255,.6)";
  return `
  <div style="position:absolute;left:0;top:0;width:${w}px;height:${heroH}px;background:${heroBackground(r, spec.brand)};overflow:hidden">
    ${productShapes(r, w, heroH)}
    <div style="position:absolute;left:0;right:0;top:38px;text-align:center">${logoHtml(piece, spec.brand, logoSize)}</div>
    <div style="position:absolute;left:50px;right:50px;top:${int(r, 170, 260)}px;text-align:${pick(r, ["left", "center"])};font-family:${FONTS[pick(r, ["serif", "arial", "dserif"] as const)]};color:${textColor};${shadow}">
      <div style="font-size:40px;font-weight:700;line-height:1.15">${esc(piece.headline)}</div>
      <div style="font-size:20px;margin-top:14px">${esc(spec.blurb)}</div>
    </div>
    <div style="position:absolute;right:26px;bottom:18px;font-family:${FONTS.arial};font-size:15px;color:${textColor};${shadow}">${esc(pick(r, ["Shop online anytime", "Call toll-free 1-800-555-0100", "Page 2: New arrivals", "Prices good through 3/31"]))}</div>
  </div>
  <div style="position:absolute;left:0;top:${heroH}px;width:${w}px;height:${band}px;background:#fbfaf6">
    <div style="position:absolute;left:36px;top:24px;width:320px">${returnBlock(spec.returnAddress, 14, "#333", FONTS.arial)}</div>
    <div style="position:absolute;left:36px;bottom:22px;font-family:${FONTS.serif};font-size:17px;color:${spec.brand.color === "#ffffff" ? spec.brand.accent : spec.brand.color};font-style:italic">${esc(pick(r, ["Questions? We're here 24 hours a day.", "Order by phone, online or by mail.", "Satisfaction guaranteed."]))}</div>
    <div style="position:absolute;right:32px;top:20px">${indicia(r, spec.style, 11)}</div>
    ${placed(r, int(r, 350, 390), int(r, 112, 126), w - 24, piece, labelPx, labelFont)}
  </div>`;
}

function postcard({ piece, spec, r, labelPx, labelFont, w, h }: Parts): string {
  const half = Math.round(w * 0.5);
  const panel = spec.brand.color === "#ffffff" ? spec.brand.accent : spec.brand.color;
  const darkPanel = r() < 0.6;
  const fg = darkPanel ? "#ffffff" : "#1a1a1a";
  const phone = `1-8${int(r, 0, 8)}${int(r, 0, 9)}-${digits(r, 3)}-${digits(r, 4)}`;
  const logoSize = piece.printedSender.length > 18 ? 34 : 46;
  return `
  <div style="position:absolute;left:0;top:0;width:${half}px;height:${h}px;background:${darkPanel ? panel : spec.brand.accent};color:${fg};font-family:${FONTS.arial}">
    <div style="position:absolute;left:40px;top:36px;${darkPanel ? "background:#fff;padding:8px 12px;border-radius:6px" : ""}">${logoHtml(piece, spec.brand, logoSize)}</div>
    <div style="position:absolute;left:40px;right:36px;top:150px">
      <div style="font-size:40px;font-weight:700;line-height:1.12">${esc(piece.headline)}</div>
      <div style="font-size:19px;margin-top:16px;line-height:1.35">${esc(spec.blurb)}</div>
    </div>
    <div style="position:absolute;left:40px;right:36px;bottom:36px;border:3px dashed ${fg};padding:12px 16px;font-size:17px;line-height:1.35">
      <b>${esc(pick(r, ["Call now", "Limited offer", "Schedule today", "Don't wait"]))}: ${phone}</b><br>Offer expires ${int(r, 1, 12)}/${int(r, 1, 28)}/26. Not valid with other offers.
    </div>
  </div>
  <div style="position:absolute;left:${half}px;top:0;width:${w - half}px;height:${h}px;background:#fdfdfb">
    <div style="position:absolute;left:32px;top:30px;width:300px">
      ${r() < 0.6 ? `<div style="margin-bottom:8px">${logoHtml(piece, { ...spec.brand, block: false }, 22)}</div>` : ""}
      ${returnBlock(spec.returnAddress, 13, "#333", FONTS.arial)}
    </div>
    <div style="position:absolute;right:30px;top:28px">${indicia(r, spec.style, 11)}</div>
    ${placed(r, int(r, 60, 110), int(r, 270, 330), w - half - 24, piece, labelPx, labelFont)}
  </div>`;
}

function envelope({ piece, spec, r, labelPx, labelFont }: Parts): string {
  const tint = piece.templateId === "valpak" ? "#dbe9f7" : pick(r, ["#fdfdfb", "#fbfaf5", "#f7f6f0", "#fdfdfd"]);
  const accent = spec.brand.color === "#ffffff" ? spec.brand.accent : spec.brand.color;
  const teaserTop = int(r, 200, 250);
  const windowLeft = int(r, 80, 130);
  const windowTop = int(r, 250, 290);
  const logoSize = piece.printedSender.length > 22 ? 22 : piece.printedSender.length > 12 ? 28 : 36;
  return `
  <div style="position:absolute;inset:0;background:${tint}"></div>
  <div style="position:absolute;left:36px;top:28px;width:520px">
    <div style="margin-bottom:10px">${logoHtml(piece, spec.brand, logoSize)}</div>
    ${returnBlock(spec.returnAddress, 13, "#2a2a2a", FONTS.arial)}
  </div>
  <div style="position:absolute;right:40px;top:30px">${indicia(r, spec.style, 11)}</div>
  <div style="position:absolute;left:${windowLeft + 620}px;right:40px;top:${teaserTop}px;font-family:${FONTS[pick(r, ["arial", "serif", "dserif"] as const)]};color:${accent}">
    <div style="font-size:26px;font-weight:700;line-height:1.15">${esc(piece.headline)}</div>
    <div style="font-size:16px;margin-top:10px;color:#333">${esc(spec.blurb)}</div>
  </div>
  <div style="position:absolute;left:${windowLeft}px;top:${windowTop}px;width:560px;height:200px;border-radius:10px;border:1px solid rgba(0,0,0,.18);background:linear-gradient(160deg, rgba(255,255,255,.95), rgba(236,240,243,.9) 60%, rgba(250,251,252,.95));box-shadow:inset 0 0 6px rgba(0,0,0,.08);overflow:hidden">
    ${placed(r, int(r, 22, 44), int(r, 18, 30), 560 - 16, piece, labelPx, labelFont)}
  </div>
  ${r() < 0.4 ? `<div style="position:absolute;left:${windowLeft}px;top:${windowTop - 36}px;font-family:${FONTS.arial};font-size:14px;font-weight:700;letter-spacing:.12em;color:${accent}">${esc(pick(r, ["IMPORTANT INFORMATION ENCLOSED", "TIME-SENSITIVE MATERIALS", "DO NOT BEND", "PLEASE RESPOND BY 04/30"]))}</div>` : ""}`;
}

function selfMailer({ piece, spec, r, labelPx, labelFont, w, h }: Parts): string {
  const left = Math.round(w * 0.38);
  const panel = spec.brand.color === "#ffffff" ? spec.brand.accent : spec.brand.color;
  const logoSize = piece.printedSender.length > 24 ? 22 : piece.printedSender.length > 18 ? 26 : piece.printedSender.length > 10 ? 34 : 46;
  return `
  <div style="position:absolute;left:0;top:0;width:${w}px;height:16px;background:${panel}"></div>
  <div style="position:absolute;left:0;top:16px;width:${left}px;height:${h - 16}px;background:${panel};color:#fff;font-family:${FONTS.arial}">
    <div style="position:absolute;left:30px;top:34px">${logoHtml(piece, spec.brand, logoSize, true)}</div>
    <div style="position:absolute;left:30px;right:26px;top:150px">
      <div style="font-size:32px;font-weight:700;line-height:1.15">${esc(piece.headline)}</div>
      <div style="font-size:17px;margin-top:16px;line-height:1.35">${esc(spec.blurb)}</div>
    </div>
    <div style="position:absolute;left:30px;right:26px;bottom:30px;font-size:13px;line-height:1.3;opacity:.9">${esc(pick(r, ["See inside for details and important terms.", "Offer ends soon. Restrictions apply.", "Open here. Pull tab to open."]))}</div>
  </div>
  <div style="position:absolute;left:${left}px;top:16px;width:${w - left}px;height:${h - 16}px;background:#fdfdfb">
    <div style="position:absolute;left:34px;top:28px;width:360px">${returnBlock(spec.returnAddress, 13, "#333", FONTS.arial)}</div>
    <div style="position:absolute;right:30px;top:26px">${indicia(r, spec.style, 11)}</div>
    <div style="position:absolute;left:34px;top:180px;font-family:${FONTS.arial};font-size:18px;font-weight:700;color:${panel}">${esc(pick(r, ["Special offer for:", "Exclusive savings for our neighbors at", "Prepared for:", "Personal invitation for:"]))}</div>
    ${placed(r, int(r, 90, 150), int(r, 260, 320), w - left - 24, piece, labelPx, labelFont)}
  </div>`;
}

function letter({ piece, spec, r, labelPx, labelFont, w }: Parts): string {
  const accent = spec.brand.color === "#ffffff" ? spec.brand.accent : spec.brand.color;
  const first = piece.addressee.replace(/^(MS|MR|MRS)\s+/, "").split(" ")[0] ?? "Friend";
  const name = first.length > 1 ? first[0] + first.slice(1).toLowerCase() : first;
  const month = pick(r, ["January", "February", "March", "April", "September", "October"]);
  const body: Record<NumberStyle, string[]> = {
    credit: [
      "Because of your excellent credit history, you have been selected to receive this offer. There is no annual fee, and you can check whether you are approved in about 60 seconds without affecting your credit score.",
      "Simply respond by the date shown with the code printed on this letter. Use your card for everyday purchases and pay over time at a competitive variable APR.",
    ],
    insurance: [
      "Thousands of drivers and homeowners in Illinois have already switched and saved. Your personalized quote takes only minutes, and there is no obligation.",
      "Call us or visit us online and have this letter handy. A licensed representative will review your coverage options and the discounts you may qualify for.",
    ],
    catalog: ["Thank you for being a valued customer."],
    telecom: ["Service is now available at your address."],
    home: ["Our technicians are in your neighborhood."],
    charity: ["Your gift today makes a difference."],
    magazine: ["Your subscription offer is enclosed."],
    local: ["We look forward to serving you."],
  };
  const legal =
    spec.style === "credit"
      ? 'PRESCREEN & OPT-OUT NOTICE: This "prescreened" offer of credit is based on information in your credit report indicating that you meet certain criteria. If you do not want to receive prescreened offers of credit from this and other companies, call the consumer reporting agencies toll-free, 1-888-5OPTOUT (1-888-567-8688); or write: Equifax Options, P.O. Box 740123, Atlanta, GA 30374; Experian Opt Out, P.O. Box 919, Allen, TX 75013; TransUnion Opt Out Request, P.O. Box 505, Woodlyn, PA 19094; or visit www.optoutprescreen.com.'
      : `Coverage is subject to terms, conditions and availability. Not available in all states. ${spec.returnAddress[0] ?? piece.printedSender}. To stop receiving these offers, call the number above.`;
  const numberBox =
    r() < 0.5
      ? `<div style="position:absolute;right:60px;top:200px;width:250px;border:2px solid ${accent};padding:12px 14px;font-family:${FONTS.arial};font-size:14px;line-height:1.4;color:#222"><b>Respond by:</b> ${month} ${int(r, 10, 28)}, 2026<br><b>Call:</b> 1-800-${digits(r, 3)}-${digits(r, 4)}<br>${esc(pick(r, ["Mention this letter when you call.", "Or respond online.", "Reference this letter."]))}</div>`
      : "";
  return `
  <div style="position:absolute;inset:0;background:#fefefd"></div>
  <div style="position:absolute;left:64px;top:48px">${logoHtml(piece, spec.brand, piece.printedSender.length > 14 ? 30 : 40)}</div>
  <div style="position:absolute;left:64px;top:110px;width:440px">${returnBlock(spec.returnAddress, 12, "#444", FONTS.arial)}</div>
  <div style="position:absolute;right:64px;top:58px;font-family:${FONTS.serif};font-size:15px;color:#222">${month} ${int(r, 1, 28)}, 2026</div>
  ${numberBox}
  ${placed(r, int(r, 80, 100), int(r, 235, 260), numberBox ? w - 60 - 250 - 20 : w - 64, piece, labelPx, labelFont, r() < 0.6)}
  <div style="position:absolute;left:64px;right:64px;top:470px;font-family:${FONTS.serif};color:#1c1c1c">
    <div style="font-family:${FONTS.arial};font-size:24px;font-weight:700;line-height:1.2;color:${accent}">${esc(piece.headline)}</div>
    <div style="font-size:15px;line-height:1.5;margin-top:22px">Dear ${esc(name)},</div>
    ${body[spec.style].map((p) => `<p style="font-size:15px;line-height:1.5;margin:14px 0">${esc(p)}</p>`).join("")}
    <p style="font-size:15px;line-height:1.5;margin:14px 0">${esc(spec.blurb)}</p>
    <div style="font-size:15px;margin-top:24px">Sincerely,</div>
    <div style="font-family:${FONTS.dserif};font-style:italic;font-size:24px;margin:6px 0;color:#2a3f7a">${esc(pick(r, ["M. Reynolds", "Karen L. Whitfield", "D. Alvarez", "Thomas Greer"]))}</div>
    <div style="font-size:13px">${esc(pick(r, ["Vice President, Marketing", "Customer Acquisition", "President"]))}</div>
  </div>
  <div style="position:absolute;left:64px;right:64px;bottom:40px;font-family:${FONTS.arial};font-size:9.5px;line-height:1.35;color:#555">${esc(legal)}</div>`;
}

const DRAW: Record<Layout, (parts: Parts) => string> = {
  "catalog-cover": catalogCover,
  postcard,
  "envelope-window": envelope,
  "self-mailer": selfMailer,
  letter,
};

/** Table tops: a ground colour with a grain made of fractal noise (wood is noise stretched along the grain). */
const TABLES: { ground: string; grain: string; strength: number }[] = [
  { ground: "linear-gradient(180deg, #8b5a33, #74482a)", grain: "0.004 0.11", strength: 0.35 }, // wood
  { ground: "linear-gradient(170deg, #caa478, #b88f63)", grain: "0.003 0.09", strength: 0.3 }, // light oak
  { ground: "linear-gradient(175deg, #4c3527, #3a281d)", grain: "0.005 0.13", strength: 0.4 }, // dark walnut
  { ground: "linear-gradient(160deg, #a3a39e, #8f8f8a)", grain: "0.7", strength: 0.18 }, // grey laminate
  { ground: "radial-gradient(circle at 30% 40%, #e2dfd8, #cfcac0)", grain: "0.05", strength: 0.22 }, // light stone counter
  { ground: "linear-gradient(180deg, #6d7f8f, #5d6e7d)", grain: "0.9 0.45", strength: 0.2 }, // blue-grey linen
];

function tableHtml(r: Rand, vw: number, vh: number): string {
  const table = pick(r, TABLES);
  const angle = int(r, -6, 6);
  return `<div style="position:absolute;inset:0;background:${table.ground}"></div>
  <svg width="${vw}" height="${vh}" style="position:absolute;left:0;top:0;opacity:${table.strength};mix-blend-mode:multiply">
    <filter id="table"><feTurbulence type="fractalNoise" baseFrequency="${table.grain}" numOctaves="3" seed="${int(r, 1, 999)}"/><feColorMatrix type="saturate" values="0"/></filter>
    <rect x="-200" y="-200" width="${vw + 400}" height="${vh + 400}" filter="url(#table)" transform="rotate(${angle} ${vw / 2} ${vh / 2})"/>
  </svg>`;
}

/** The page for one piece: the piece on a table, photographed. */
function mailPieceHtml(piece: MailPiece): string {
  const spec = DESIGNS.get(piece.id) ?? fallbackSpec(piece);
  const geometry = GEOMETRY[piece.layout];
  const r = mulberry32(hashSeed(`${piece.id}|${piece.printedSender}|${piece.layout}`));
  const d = piece.distortion;
  const clean = d.rotateDeg === 0 && d.blurPx === 0 && d.contrast === 1 && !d.glare && !d.smallType;
  const labelPx = d.smallType ? pick(r, [9, 9.5, 10]) : piece.layout === "envelope-window" ? int(r, 15, 18) : int(r, 14, 17);
  // Tiny type is never also condensed: that would be past reading.
  const labelFont = d.smallType
    ? pick(r, ["arial", "mono", "sans", "dmono"] as const)
    : pick(r, ["arial", "mono", "narrow", "sans", "dmono", "arial"] as const);
  const { w, h, vw, vh } = geometry;
  const rad = (Math.abs(d.rotateDeg) * Math.PI) / 180;
  const boxW = w * Math.cos(rad) + h * Math.sin(rad);
  const boxH = w * Math.sin(rad) + h * Math.cos(rad);
  const slackX = Math.max(0, vw - boxW - 40);
  const slackY = Math.max(0, vh - boxH - 40);
  const left = (vw - w) / 2 + (r() - 0.5) * slackX;
  const top = (vh - h) / 2 + (r() - 0.5) * slackY;
  const tiltX = clean ? 0 : fixed((r() - 0.5) * 5, 1);
  const tiltY = clean ? 0 : fixed((r() - 0.5) * 5, 1);
  const table = tableHtml(r, vw, vh);
  const inner = DRAW[piece.layout]({ piece, spec, r, labelPx, labelFont, w, h });
  const brightness = fixed(1 + (1 - d.contrast) * 0.35, 3);
  const glareX = left + w * (0.15 + r() * 0.7);
  const glareY = top + h * (0.15 + r() * 0.7);
  const glareR = Math.round(Math.max(w, h) * (0.22 + r() * 0.16));
  const glareAlpha = fixed(0.55 + r() * 0.2, 2);
  const glare = d.glare
    ? `<div style="position:absolute;left:${Math.round(glareX - glareR)}px;top:${Math.round(glareY - glareR * 0.7)}px;width:${glareR * 2}px;height:${Math.round(glareR * 1.4)}px;border-radius:50%;background:radial-gradient(ellipse at center, rgba(255,255,255,${glareAlpha}) 0%, rgba(255,255,255,${fixed(glareAlpha * 0.75, 2)}) 30%, rgba(255,255,255,0) 70%);transform:rotate(${int(r, -40, 40)}deg)"></div>`
    : "";
  const lightX = int(r, 10, 90);
  const lightY = int(r, 0, 40);
  return `<!doctype html>
<html><head><meta charset="utf-8"><style>
html,body{margin:0;padding:0;width:${vw}px;height:${vh}px;overflow:hidden;background:#555}
*{box-sizing:border-box}
</style></head><body>
<div style="position:absolute;inset:0;filter:${d.blurPx > 0 ? `blur(${d.blurPx}px) ` : ""}contrast(${d.contrast}) brightness(${brightness})">
  ${table}
  <div style="position:absolute;left:${left.toFixed(1)}px;top:${top.toFixed(1)}px;width:${w}px;height:${h}px;transform:perspective(2400px) rotateX(${tiltX}deg) rotateY(${tiltY}deg) rotate(${d.rotateDeg}deg);box-shadow:${int(r, 3, 9)}px ${int(r, 6, 14)}px ${int(r, 14, 26)}px rgba(0,0,0,.38);background:#fbfaf6;overflow:hidden">
    ${inner}
  </div>
  ${glare}
  <div style="position:absolute;inset:0;background:radial-gradient(ellipse at ${lightX}% ${lightY}%, rgba(255,250,235,.10) 0%, rgba(0,0,0,0) 45%, rgba(0,0,0,.20) 100%)"></div>
  <svg width="${vw}" height="${vh}" style="position:absolute;left:0;top:0;opacity:${clean ? 0.05 : 0.09};mix-blend-mode:multiply">
    <filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="2" seed="${int(r, 1, 999)}" stitchTiles="stitch"/><feColorMatrix type="saturate" values="0"/></filter>
    <rect width="100%" height="100%" filter="url(#grain)"/>
  </svg>
</div>
</body></html>`;
}

/** Renders a piece to a JPEG photo (about 1400-1600 px on the long side, quality ~80), as a phone would take it. */
export async function renderMailPiece(page: Page, piece: MailPiece): Promise<Buffer> {
  const { vw, vh } = GEOMETRY[piece.layout];
  await page.setViewportSize({ width: vw, height: vh });
  await page.setContent(mailPieceHtml(piece), { waitUntil: "load" });
  return page.screenshot({ type: "jpeg", quality: 80 });
}

// ---------------------------------------------------------------------------------------------
// What a reader should find on a piece
// ---------------------------------------------------------------------------------------------

/**
 * The labels whose number is the code of the mailing (which list, which campaign), kept apart from
 * the person's own customer or account number: both go on the letter.
 */
const KEY_CODE_LABELS = new Set(["Source Code", "Key Code", "Offer Code", "Priority Code", "Invitation Code"]);

/** The piece's number as the two fields of a request: the person's number, or the mailing's key code. */
export function labelFieldsOf(piece: MailPiece): { customerNumber: string | null; keyCode: string | null } {
  const isKeyCode = piece.numberLabel !== null && KEY_CODE_LABELS.has(piece.numberLabel);
  return { customerNumber: isKeyCode ? null : piece.customerNumber, keyCode: isKeyCode ? piece.customerNumber : null };
}

/**
 * The return address printed on the piece as one line, its street and its city lines
 * ("P.O. Box 11539, Des Moines, IA 50306"); null when it prints none with a street, a state and a ZIP.
 */
export function printedReturnAddress(piece: MailPiece): string | null {
  const lines = (DESIGNS.get(piece.id) ?? fallbackSpec(piece)).returnAddress;
  const [street, city] = lines.slice(-2);
  return lines.length >= 3 && street && city && /\b[A-Z]{2} \d{5}(?:-\d{4})?$/.test(city) ? `${street}, ${city}` : null;
}

/**
 * The piece's printed text as a perfect reader would transcribe it, top to bottom: the return
 * address, the headline, and the mailing label with its number.
 */
export function transcriptOf(piece: MailPiece): string {
  const spec = DESIGNS.get(piece.id) ?? fallbackSpec(piece);
  const format = numberFormatFor(piece);
  const number =
    piece.customerNumber === null
      ? []
      : [
          piece.numberLabel === "keyline"
            ? `#${piece.customerNumber}#`
            : `${piece.numberLabel ?? ""}${format?.sep ?? ": "}${piece.customerNumber}`,
        ];
  return [...spec.returnAddress, spec.headline, ...number, piece.addressee, piece.street, piece.cityStateZip].join("\n");
}

/**
 * Renders a piece as the Postal Service's sorting equipment scans it for the Informed Delivery
 * digest: the whole piece, flat, in grayscale, `widthPx` wide (a small JPEG, as the digest's are).
 */
export async function renderMailPieceScan(page: Page, piece: MailPiece, widthPx = 760): Promise<Buffer> {
  const spec = DESIGNS.get(piece.id) ?? fallbackSpec(piece);
  const { w, h } = GEOMETRY[piece.layout];
  const r = mulberry32(hashSeed(`${piece.id}|${piece.printedSender}|${piece.layout}|scan`));
  const labelPx = piece.layout === "envelope-window" ? 17 : 16;
  const inner = DRAW[piece.layout]({ piece, spec, r, labelPx, labelFont: "arial", w, h });
  const scale = widthPx / w;
  await page.setViewportSize({ width: widthPx, height: Math.round(h * scale) });
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;padding:0;overflow:hidden;background:#fff}*{box-sizing:border-box}</style></head><body>
<div style="position:relative;width:${w}px;height:${h}px;overflow:hidden;background:#fbfaf6;transform:scale(${scale.toFixed(4)});transform-origin:0 0;filter:grayscale(1) contrast(1.1)">${inner}</div>
</body></html>`,
    { waitUntil: "load" },
  );
  return page.screenshot({ type: "jpeg", quality: 62 });
}
