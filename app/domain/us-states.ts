// U.S. states, territories and military "states" as USPS writes them, and which 3-digit ZIP
// prefixes each one uses. Pure data and lookups: no I/O.

/**
 * Two-letter USPS codes and their names, in the order the step-1 state select lists them:
 * the 50 states and DC by name, then the territories and freely associated states USPS
 * delivers to, then the Armed Forces codes for APO/FPO/DPO addresses.
 */
export const US_STATES = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
  AS: "American Samoa",
  GU: "Guam",
  MP: "Northern Mariana Islands",
  PR: "Puerto Rico",
  VI: "U.S. Virgin Islands",
  FM: "Federated States of Micronesia",
  MH: "Marshall Islands",
  PW: "Palau",
  AA: "Armed Forces Americas",
  AE: "Armed Forces Europe, Middle East, Africa and Canada",
  AP: "Armed Forces Pacific",
} as const;

export type StateCode = keyof typeof US_STATES;

const isStateCode = (value: string): value is StateCode => Object.hasOwn(US_STATES, value);

// Other ways people write a state: older AP-style and postal abbreviations, and alternative
// names. Keys are compared upper-case with spaces and periods removed ("N. Dak." → "NDAK").
const OTHER_NAMES: Record<string, StateCode> = {
  ALA: "AL",
  ARIZ: "AZ",
  ARK: "AR",
  CAL: "CA",
  CALIF: "CA",
  COLO: "CO",
  CONN: "CT",
  DEL: "DE",
  WASHINGTONDC: "DC",
  FLA: "FL",
  ILL: "IL",
  ILLS: "IL",
  IND: "IN",
  KAN: "KS",
  KANS: "KS",
  MASS: "MA",
  MICH: "MI",
  MINN: "MN",
  MISS: "MS",
  MONT: "MT",
  NEB: "NE",
  NEBR: "NE",
  NEV: "NV",
  NMEX: "NM",
  NDAK: "ND",
  OKLA: "OK",
  ORE: "OR",
  OREG: "OR",
  PENN: "PA",
  PENNA: "PA",
  SDAK: "SD",
  TENN: "TN",
  TEX: "TX",
  VIRGINISLANDS: "VI",
  USVI: "VI",
  WASH: "WA",
  WVA: "WV",
  WIS: "WI",
  WISC: "WI",
  WYO: "WY",
  CNMI: "MP",
  MARIANAISLANDS: "MP",
  MICRONESIA: "FM",
  ARMEDFORCESEUROPE: "AE",
  ARMEDFORCESAFRICA: "AE",
  ARMEDFORCESMIDDLEEAST: "AE",
  ARMEDFORCESCANADA: "AE",
};

const lookupKey = (value: string) => value.toUpperCase().replace(/[^A-Z]/g, "");

const BY_NAME: Map<string, StateCode> = new Map([
  ...Object.entries(US_STATES).map(([code, name]) => [lookupKey(name), code as StateCode] as const),
  ...Object.entries(OTHER_NAMES),
  // The long AE name above is a description; these are what people type.
  ["ARMEDFORCESEUROPEMIDDLEEASTAFRICAANDCANADA", "AE"],
]);

/** The USPS code for a state written as a code (any case), a name, or a common abbreviation. */
export function stateCode(value: string): StateCode | null {
  const key = lookupKey(value);
  if (isStateCode(key)) return key;
  return BY_NAME.get(key) ?? null;
}

// 3-digit ZIP prefixes per state, from the USPS prefix list (the "sectional center" table).
// A prefix can serve more than one state (969: Guam and its Pacific neighbours; 967: Hawaii
// and American Samoa's 96799; 063: Connecticut and Fishers Island, NY), so this is a list per
// state, not a partition. Unused prefixes inside a state's block are left in the block: the
// check is "could be this state", not "is a live ZIP".
type Range = readonly [from: number, to: number];
const ZIP_PREFIXES: Record<StateCode, readonly Range[]> = {
  AL: [[350, 369]],
  AK: [[995, 999]],
  AZ: [[850, 865]],
  AR: [[716, 729]],
  CA: [[900, 961]],
  CO: [[800, 816]],
  CT: [[60, 69]],
  DE: [[197, 199]],
  DC: [
    [200, 200],
    [202, 205],
    [569, 569],
  ],
  FL: [
    [320, 339],
    [341, 349],
  ],
  GA: [
    [300, 319],
    [398, 399],
  ],
  HI: [[967, 968]],
  ID: [[832, 838]],
  IL: [[600, 629]],
  IN: [[460, 479]],
  IA: [[500, 528]],
  KS: [[660, 679]],
  KY: [[400, 427]],
  LA: [[700, 714]],
  ME: [[39, 49]],
  MD: [[206, 219]],
  MA: [
    [10, 27],
    [55, 55],
  ],
  MI: [[480, 499]],
  MN: [[550, 567]],
  MS: [[386, 397]],
  MO: [[630, 658]],
  MT: [[590, 599]],
  NE: [[680, 693]],
  NV: [[889, 898]],
  NH: [[30, 38]],
  NJ: [[70, 89]],
  NM: [[870, 884]],
  NY: [
    [5, 5],
    [63, 63],
    [100, 149],
  ],
  NC: [[270, 289]],
  ND: [[580, 588]],
  OH: [[430, 459]],
  OK: [
    [730, 731],
    [734, 749],
  ],
  OR: [[970, 979]],
  PA: [[150, 196]],
  RI: [[28, 29]],
  SC: [[290, 299]],
  SD: [[570, 577]],
  TN: [[370, 385]],
  TX: [
    [733, 733],
    [750, 799],
    [885, 885],
  ],
  UT: [[840, 847]],
  VT: [
    [50, 54],
    [56, 59],
  ],
  VA: [
    [201, 201],
    [220, 246],
  ],
  WA: [[980, 994]],
  WV: [[247, 268]],
  WI: [[530, 549]],
  WY: [[820, 831]],
  AS: [[967, 967]],
  GU: [[969, 969]],
  MP: [[969, 969]],
  PR: [
    [6, 7],
    [9, 9],
  ],
  VI: [[8, 8]],
  FM: [[969, 969]],
  MH: [[969, 969]],
  PW: [[969, 969]],
  AA: [[340, 340]],
  AE: [[90, 99]],
  AP: [[962, 966]],
};

/** Whether a 5-digit ZIP code's 3-digit prefix is one USPS assigns to the state. */
export function zipIsInState(zip5: string, state: StateCode): boolean {
  const prefix = Number(zip5.slice(0, 3));
  return ZIP_PREFIXES[state].some(([from, to]) => prefix >= from && prefix <= to);
}
