// An offline address standardizer in the style of USPS Publication 28 (Postal Addressing
// Standards): upper case, no punctuation, standard suffix, directional and unit abbreviations,
// two-letter state codes, and a ZIP code checked against the state. It cannot tell whether an
// address exists (no delivery point validation); that needs the USPS data Lob has.
// Pure: no I/O, so every rule has a unit test (address.test.ts).
import { stateCode, zipIsInState } from "./us-states";

export { US_STATES, stateCode } from "./us-states";
import { ZIP_PATTERN } from "./zip";

/** The address as the user typed it (product rules: Users and their data: street1, street2, city, state, zipCode). */
export type AddressInput = {
  street1: string;
  street2?: string | null;
  city: string;
  state: string;
  zipCode: string;
};

export type Address = {
  street1: string;
  street2: string;
  city: string;
  state: string;
  zipCode: string;
};

export type AddressField = keyof Address;

/** Text with its ends trimmed and every run of white space made one space; null reads as "". */
export const collapseSpaces = (value: string | null | undefined) => (value ?? "").trim().replace(/\s+/g, " ");
const comparable = (value: string | null | undefined) => collapseSpaces(value).toUpperCase();

/** Whether two addresses are the same one, whatever the case and spacing they were typed in. */
export function isSameAddress(a: AddressInput, b: AddressInput) {
  return (["street1", "street2", "city", "state", "zipCode"] as const).every((field) => comparable(a[field]) === comparable(b[field]));
}

/** An address as envelope lines: the street with its unit, then "CITY, ST ZIP". */
export function envelopeLines(address: AddressInput): [string, string] {
  const street = [collapseSpaces(address.street1), collapseSpaces(address.street2)].filter(Boolean).join(", ");
  return [street, `${collapseSpaces(address.city)}, ${collapseSpaces(address.state)} ${collapseSpaces(address.zipCode)}`];
}

type AddressChange = { field: AddressField; from: string; to: string };

/** Why an address cannot be right, in words for the user, with the field it is about. */
export type AddressProblem = { field: AddressField; message: string };

export type StandardizedAddress = Address & {
  /** Only the fields whose standard form differs from what was typed. */
  changes: AddressChange[];
  /** Why the address cannot be right; empty when none is found. */
  problems: AddressProblem[];
};

/** The parts of a standardized street line, named like Lob's `components`. */
export type StreetParts = {
  primaryNumber: string;
  predirection: string;
  streetName: string;
  suffix: string;
  postdirection: string;
  /** "PO BOX" for a post office box, else the first unit's designator ("APT", "#"). */
  secondaryDesignator: string;
  secondaryNumber: string;
  recordType: "street" | "highrise" | "po_box" | "rural_route" | "other";
};

// ---------------------------------------------------------------------------------------------
// Pub 28 Appendix C1: street suffixes. Standard abbreviation → the ways people write it.
// ---------------------------------------------------------------------------------------------
const SUFFIXES: Record<string, string[]> = {
  ALY: ["ALLEY", "ALLEE", "ALLY"],
  ANX: ["ANNEX", "ANEX", "ANNX"],
  ARC: ["ARCADE"],
  AVE: ["AVENUE", "AV", "AVEN", "AVENU", "AVN", "AVNUE", "AVNU"],
  BYU: ["BAYOU", "BAYOO"],
  BCH: ["BEACH"],
  BND: ["BEND"],
  BLF: ["BLUFF", "BLUF"],
  BLFS: ["BLUFFS"],
  BTM: ["BOTTOM", "BOT", "BOTTM"],
  BLVD: ["BOULEVARD", "BOUL", "BOULV", "BOULVD", "BLVRD", "BLV", "BOULEVRD"],
  BR: ["BRANCH", "BRNCH"],
  BRG: ["BRIDGE", "BRDGE"],
  BRK: ["BROOK"],
  BRKS: ["BROOKS"],
  BG: ["BURG"],
  BGS: ["BURGS"],
  BYP: ["BYPASS", "BYPA", "BYPAS", "BYPS"],
  CP: ["CAMP", "CMP"],
  CYN: ["CANYON", "CANYN", "CNYN"],
  CPE: ["CAPE"],
  CSWY: ["CAUSEWAY", "CAUSWA", "CAUSWAY"],
  CTR: ["CENTER", "CEN", "CENT", "CENTR", "CENTRE", "CNTER", "CNTR"],
  CTRS: ["CENTERS"],
  CIR: ["CIRCLE", "CIRC", "CIRCL", "CRCL", "CRCLE"],
  CIRS: ["CIRCLES"],
  CLF: ["CLIFF"],
  CLFS: ["CLIFFS"],
  CLB: ["CLUB"],
  CMN: ["COMMON"],
  CMNS: ["COMMONS"],
  COR: ["CORNER"],
  CORS: ["CORNERS"],
  CRSE: ["COURSE"],
  CT: ["COURT", "CRT"],
  CTS: ["COURTS"],
  CV: ["COVE"],
  CVS: ["COVES"],
  CRK: ["CREEK"],
  CRES: ["CRESCENT", "CRSENT", "CRSNT"],
  CRST: ["CREST"],
  XING: ["CROSSING", "CRSSNG"],
  XRD: ["CROSSROAD"],
  XRDS: ["CROSSROADS"],
  CURV: ["CURVE"],
  DL: ["DALE"],
  DM: ["DAM"],
  DV: ["DIVIDE", "DIV", "DVD"],
  DR: ["DRIVE", "DRIV", "DRV"],
  DRS: ["DRIVES"],
  EST: ["ESTATE"],
  ESTS: ["ESTATES"],
  EXPY: ["EXPRESSWAY", "EXP", "EXPR", "EXPRESS", "EXPW"],
  EXT: ["EXTENSION", "EXTN", "EXTNSN"],
  EXTS: ["EXTENSIONS"],
  FALL: [],
  FLS: ["FALLS"],
  FRY: ["FERRY", "FRRY"],
  FLD: ["FIELD"],
  FLDS: ["FIELDS"],
  FLT: ["FLAT"],
  FLTS: ["FLATS"],
  FRD: ["FORD"],
  FRDS: ["FORDS"],
  FRST: ["FOREST", "FORESTS"],
  FRG: ["FORGE", "FORG"],
  FRGS: ["FORGES"],
  FRK: ["FORK"],
  FRKS: ["FORKS"],
  FT: ["FORT", "FRT"],
  FWY: ["FREEWAY", "FREEWY", "FRWAY", "FRWY"],
  GDN: ["GARDEN", "GARDN", "GRDEN", "GRDN"],
  GDNS: ["GARDENS", "GRDNS"],
  GTWY: ["GATEWAY", "GATEWY", "GATWAY", "GTWAY"],
  GLN: ["GLEN"],
  GLNS: ["GLENS"],
  GRN: ["GREEN"],
  GRNS: ["GREENS"],
  GRV: ["GROVE", "GROV"],
  GRVS: ["GROVES"],
  HBR: ["HARBOR", "HARB", "HARBR", "HRBOR", "HARBOUR"],
  HBRS: ["HARBORS"],
  HVN: ["HAVEN"],
  HTS: ["HEIGHTS", "HT", "HGTS"],
  HWY: ["HIGHWAY", "HIGHWY", "HIWAY", "HIWY", "HWAY"],
  HL: ["HILL"],
  HLS: ["HILLS"],
  HOLW: ["HOLLOW", "HLLW", "HOLLOWS", "HOLWS"],
  INLT: ["INLET"],
  IS: ["ISLAND", "ISLND"],
  ISS: ["ISLANDS", "ISLNDS"],
  ISLE: ["ISLES"],
  JCT: ["JUNCTION", "JCTION", "JCTN", "JUNCTN", "JUNCTON"],
  JCTS: ["JUNCTIONS", "JCTNS"],
  KY: ["KEY"],
  KYS: ["KEYS"],
  KNL: ["KNOLL", "KNOL"],
  KNLS: ["KNOLLS"],
  LK: ["LAKE"],
  LKS: ["LAKES"],
  LAND: [],
  LNDG: ["LANDING", "LNDNG"],
  LN: ["LANE"],
  LGT: ["LIGHT"],
  LGTS: ["LIGHTS"],
  LF: ["LOAF"],
  LCK: ["LOCK"],
  LCKS: ["LOCKS"],
  LDG: ["LODGE", "LDGE", "LODG"],
  LOOP: ["LOOPS"],
  MALL: [],
  MNR: ["MANOR"],
  MNRS: ["MANORS"],
  MDW: ["MEADOW"],
  MDWS: ["MEADOWS", "MEDOWS"],
  MEWS: [],
  ML: ["MILL"],
  MLS: ["MILLS"],
  MSN: ["MISSION", "MISSN", "MSSN"],
  MTWY: ["MOTORWAY"],
  MT: ["MOUNT", "MNT"],
  MTN: ["MOUNTAIN", "MNTAIN", "MNTN", "MOUNTIN", "MTIN"],
  MTNS: ["MOUNTAINS", "MNTNS"],
  NCK: ["NECK"],
  ORCH: ["ORCHARD", "ORCHRD"],
  OVAL: ["OVL"],
  OPAS: ["OVERPASS"],
  PARK: ["PRK", "PARKS"],
  PKWY: ["PARKWAY", "PARKWY", "PKWAY", "PKY", "PARKWAYS", "PKWYS"],
  PASS: [],
  PSGE: ["PASSAGE"],
  PATH: ["PATHS"],
  PIKE: ["PIKES"],
  PNE: ["PINE"],
  PNES: ["PINES"],
  PL: ["PLACE", "PLC"],
  PLN: ["PLAIN"],
  PLNS: ["PLAINS"],
  PLZ: ["PLAZA", "PLZA"],
  PT: ["POINT", "PNT"],
  PTS: ["POINTS"],
  PRT: ["PORT"],
  PRTS: ["PORTS"],
  PR: ["PRAIRIE", "PRR"],
  RADL: ["RADIAL", "RAD", "RADIEL"],
  RAMP: [],
  RNCH: ["RANCH", "RANCHES", "RNCHS"],
  RPD: ["RAPID"],
  RPDS: ["RAPIDS"],
  RST: ["REST"],
  RDG: ["RIDGE", "RDGE"],
  RDGS: ["RIDGES"],
  RIV: ["RIVER", "RVR", "RIVR"],
  RD: ["ROAD"],
  RDS: ["ROADS"],
  RTE: ["ROUTE"],
  ROW: [],
  RUE: [],
  RUN: [],
  SHL: ["SHOAL"],
  SHLS: ["SHOALS"],
  SHR: ["SHORE", "SHOAR"],
  SHRS: ["SHORES", "SHOARS"],
  SKWY: ["SKYWAY"],
  SPG: ["SPRING", "SPNG", "SPRNG"],
  SPGS: ["SPRINGS", "SPNGS", "SPRNGS"],
  SPUR: ["SPURS"],
  SQ: ["SQUARE", "SQR", "SQRE", "SQU"],
  SQS: ["SQUARES", "SQRS"],
  STA: ["STATION", "STATN", "STN"],
  STRA: ["STRAVENUE", "STRAV", "STRAVEN", "STRAVN", "STRVN", "STRVNUE"],
  STRM: ["STREAM", "STREME"],
  ST: ["STREET", "STRT", "STR", "STRE", "STREEET", "SREET"],
  STS: ["STREETS"],
  SMT: ["SUMMIT", "SUMIT", "SUMITT"],
  TER: ["TERRACE", "TERR", "TERACE"],
  TRWY: ["THROUGHWAY"],
  TRCE: ["TRACE", "TRACES"],
  TRAK: ["TRACK", "TRACKS", "TRK", "TRKS"],
  TRFY: ["TRAFFICWAY"],
  TRL: ["TRAIL", "TRAILS", "TRLS"],
  TRLR: ["TRAILER"],
  TUNL: ["TUNNEL", "TUNEL", "TUNLS", "TUNNELS", "TUNNL"],
  TPKE: ["TURNPIKE", "TRNPK", "TURNPK"],
  UPAS: ["UNDERPASS"],
  UN: ["UNION"],
  UNS: ["UNIONS"],
  VLY: ["VALLEY", "VALLY", "VLLY"],
  VLYS: ["VALLEYS"],
  VIA: ["VIADUCT", "VDCT", "VIADCT"],
  VW: ["VIEW"],
  VWS: ["VIEWS"],
  VLG: ["VILLAGE", "VILL", "VILLAG", "VILLG", "VILLIAGE"],
  VLGS: ["VILLAGES"],
  VL: ["VILLE"],
  VIS: ["VISTA", "VIST", "VST", "VSTA"],
  WALK: ["WALKS"],
  WALL: [],
  WAY: ["WY"],
  WAYS: [],
  WL: ["WELL"],
  WLS: ["WELLS"],
};

// ---------------------------------------------------------------------------------------------
// Pub 28 Appendix C2: secondary unit designators. `id` says whether a number must follow.
// ---------------------------------------------------------------------------------------------
type UnitKind = { id: "required" | "optional" };
const UNIT_DESIGNATORS: Record<string, UnitKind & { spellings: string[] }> = {
  APT: { id: "required", spellings: ["APARTMENT", "APPT", "APART", "APRT", "APTMT"] },
  BLDG: { id: "required", spellings: ["BUILDING", "BLD", "BLDNG", "BUILD", "BLG"] },
  DEPT: { id: "required", spellings: ["DEPARTMENT", "DPT"] },
  FL: { id: "required", spellings: ["FLOOR", "FLR"] },
  HNGR: { id: "required", spellings: ["HANGER", "HANGAR"] },
  KEY: { id: "required", spellings: [] },
  LOT: { id: "required", spellings: [] },
  PIER: { id: "required", spellings: [] },
  RM: { id: "required", spellings: ["ROOM"] },
  SLIP: { id: "required", spellings: [] },
  SPC: { id: "required", spellings: ["SPACE"] },
  STOP: { id: "required", spellings: [] },
  STE: { id: "required", spellings: ["SUITE", "SUIT", "SUTE"] },
  TRLR: { id: "required", spellings: ["TRAILER"] },
  UNIT: { id: "required", spellings: ["UNT"] },
  BSMT: { id: "optional", spellings: ["BASEMENT"] },
  FRNT: { id: "optional", spellings: ["FRONT"] },
  LBBY: { id: "optional", spellings: ["LOBBY"] },
  LOWR: { id: "optional", spellings: ["LOWER"] },
  OFC: { id: "optional", spellings: ["OFFICE"] },
  PH: { id: "optional", spellings: ["PENTHOUSE"] },
  REAR: { id: "optional", spellings: [] },
  SIDE: { id: "optional", spellings: [] },
  UPPR: { id: "optional", spellings: ["UPPER"] },
};

const DIRECTIONALS: Record<string, string> = {
  NORTH: "N",
  SOUTH: "S",
  EAST: "E",
  WEST: "W",
  NORTHEAST: "NE",
  NORTHWEST: "NW",
  SOUTHEAST: "SE",
  SOUTHWEST: "SW",
  N: "N",
  S: "S",
  E: "E",
  W: "W",
  NE: "NE",
  NW: "NW",
  SE: "SE",
  SW: "SW",
};

const invert = (table: Record<string, string[]>) => {
  const map = new Map<string, string>();
  for (const [standard, spellings] of Object.entries(table)) {
    map.set(standard, standard);
    for (const spelling of spellings) map.set(spelling, standard);
  }
  return map;
};

const SUFFIX_OF = invert(SUFFIXES);
const UNIT_OF = invert(Object.fromEntries(Object.entries(UNIT_DESIGNATORS).map(([code, { spellings }]) => [code, spellings])));

const isDirectional = (token: string | undefined) => token !== undefined && token in DIRECTIONALS;
const isNorthSouth = (token: string | undefined) => token !== undefined && (DIRECTIONALS[token] === "N" || DIRECTIONALS[token] === "S");
const isEastWest = (token: string | undefined) => token !== undefined && (DIRECTIONALS[token] === "E" || DIRECTIONALS[token] === "W");
const ORDINAL = /^(\d+)(ST|ND|RD|TH)$/;
/** A unit's identifier: "4B", "12-A", "B", "PH"; a word like "MAIN" is not one. */
const isUnitId = (token: string | undefined) =>
  token !== undefined && token !== "#" && /^[A-Z0-9][A-Z0-9/-]*$/.test(token) && (/\d/.test(token) || token.length <= 2);

// ---------------------------------------------------------------------------------------------
// Text clean-up shared by every field (Pub 28: upper case, punctuation only where it means
// something: the hyphen in "123-45" or "WINSTON-SALEM", the slash in "1/2", the decimal point
// in "39.2 RD").
// ---------------------------------------------------------------------------------------------
function cleanText(value: string | null | undefined): string {
  return (
    (value ?? "")
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toUpperCase()
      .replace(/\b[A-Z](?:\.[A-Z])+\.?(?![A-Z])/g, (initials) => initials.replaceAll(".", "")) // P.O., N.W., D.C.
      .replace(/(\d)\.(\d)/g, "$1\u0000$2")
      .replace(/['\u2018\u2019`]/g, "")
      .replace(/#/g, " # ")
      // eslint-disable-next-line no-control-regex -- NUL stands in for a kept period
      .replace(/[^A-Z0-9#&/\-\u0000]+/g, " ")
      // eslint-disable-next-line no-control-regex -- NUL stands in for a kept period
      .replace(/\u0000/g, ".")
      .split(" ")
      .map((token) => token.replace(/^[-/]+|[-/]+$/g, ""))
      .filter(Boolean)
      .join(" ")
  );
}

// ---------------------------------------------------------------------------------------------
// Secondary units ("APT 4B", "STE 100", "# 4B", "FL 3", "REAR")
// ---------------------------------------------------------------------------------------------
type Unit = { designator: string; id: string };
const formatUnits = (units: Unit[]) => units.map(({ designator, id }) => (id ? `${designator} ${id}` : designator)).join(" ");

const GLUED_UNIT = /^(APARTMENT|APT|SUITE|STE|UNIT|ROOM|RM|BLDG|LOT|TRLR|SPC|DEPT|FL|PH)(\d[A-Z0-9-]*)$/;

/** Reads units from tokens[start] to the end; null unless every token is part of a unit. */
function readUnits(tokens: string[], start: number): Unit[] | null {
  const units: Unit[] = [];
  let index = start;
  while (index < tokens.length) {
    const token = tokens[index]!;
    const glued = GLUED_UNIT.exec(token);
    if (glued) {
      units.push({ designator: UNIT_OF.get(glued[1]!)!, id: glued[2]! });
      index += 1;
      continue;
    }
    // "3RD FLOOR" → "FL 3"
    const ordinal = ORDINAL.exec(token);
    if (ordinal && UNIT_OF.get(tokens[index + 1] ?? "") === "FL") {
      units.push({ designator: "FL", id: ordinal[1]! });
      index += 2;
      continue;
    }
    if (token === "#") {
      if (!isUnitId(tokens[index + 1])) return null;
      units.push({ designator: "#", id: tokens[index + 1]! });
      index += 2;
      continue;
    }
    const designator = UNIT_OF.get(token);
    if (!designator) return null;
    const kind = UNIT_DESIGNATORS[designator]!;
    let next = index + 1;
    // "APT #4B", "APT NO 4", "SUITE NUMBER 100": the designator already says what follows.
    if (["#", "NO", "NUM", "NUMBER", "NBR"].includes(tokens[next] ?? "") && isUnitId(tokens[next + 1])) next += 1;
    if (isUnitId(tokens[next])) {
      const id = tokens[next]!;
      units.push({ designator, id: designator === "FL" ? id.replace(ORDINAL, "$1") : id });
      index = next + 1;
    } else if (kind.id === "optional") {
      units.push({ designator, id: "" });
      index += 1;
    } else {
      return null;
    }
  }
  return units.length > 0 ? units : null;
}

const isNumberLike = (token: string) => /^\d[\d/-]*[A-Z]?$/.test(token);
const isNameWord = (token: string) => !isNumberLike(token) && !isDirectional(token);

/**
 * Finds units at the end of a street line: the earliest point from which everything left is
 * units, provided a street name stands before it ("12 LOT 5" is a street). A designator that
 * needs no number ("REAR", "FRONT") counts only after a suffix or a post-directional, so
 * "100 RIVER FRONT" and "123 WEST SIDE" stay streets.
 */
function splitTrailingUnits(tokens: string[]): { street: string[]; units: Unit[] } {
  for (let start = 1; start < tokens.length; start += 1) {
    const before = tokens.slice(0, start);
    if (!before.some((token) => !isNumberLike(token))) continue;
    const units = readUnits(tokens, start);
    if (!units) continue;
    const first = units[0]!;
    if (!first.id && first.designator !== "#") {
      const previous = before[before.length - 1]!;
      const endsStreet = (SUFFIX_OF.has(previous) || isDirectional(previous)) && before.slice(0, -1).some(isNameWord);
      if (!endsStreet) continue;
    }
    return { street: before, units };
  }
  return { street: tokens, units: [] };
}

// ---------------------------------------------------------------------------------------------
// Street lines
// ---------------------------------------------------------------------------------------------
type StreetLine =
  | { kind: "street"; number: string; pre: string; name: string[]; suffix: string; post: string; units: Unit[] }
  | { kind: "po_box"; box: string }
  | { kind: "rural_route"; text: string }
  | { kind: "other"; text: string };

const PO_BOX =
  /^(?:POST OFFICE BOX|POST OFFICE BX|POST BOX|P O BOX|PO BOX|P O B|POB|PO BX|P O BX|POBOX)(?: (?:#|NO|NUMBER))? ([A-Z0-9][A-Z0-9-]*)$/;
const PO_BOX_GLUED = /^(?:POBOX|POB|PO BOX|P O BOX)(\d[A-Z0-9-]*)$/;
const RURAL_ROUTE = /^(?:RURAL ROUTE|RURAL RTE|RURAL RT|RR|R R) (\d+[A-Z]?) (?:BOX|BX) (?:# )?([A-Z0-9-]+)$/;
const HIGHWAY_CONTRACT =
  /^(?:HIGHWAY CONTRACT|HWY CONTRACT|HIGHWAY CONTRACT ROUTE|STAR ROUTE|HC) (\d+[A-Z]?) (?:BOX|BX) (?:# )?([A-Z0-9-]+)$/;

function parseStreetLine(cleaned: string): StreetLine {
  if (!cleaned) return { kind: "other", text: "" };
  const box = PO_BOX.exec(cleaned) ?? PO_BOX_GLUED.exec(cleaned);
  if (box) return { kind: "po_box", box: box[1]! };
  const rural = RURAL_ROUTE.exec(cleaned);
  if (rural) return { kind: "rural_route", text: `RR ${rural[1]} BOX ${rural[2]}` };
  const contract = HIGHWAY_CONTRACT.exec(cleaned);
  if (contract) return { kind: "rural_route", text: `HC ${contract[1]} BOX ${contract[2]}` };

  const { street, units } = splitTrailingUnits(cleaned.split(" "));
  let start = 0;
  let number = "";
  if (/^\d/.test(street[0] ?? "") && !ORDINAL.test(street[0]!) && street.length > 1) {
    number = street[0]!;
    start = 1;
    // "101 1/2 MAIN ST"
    if (/^\d+\/\d+$/.test(street[1] ?? "") && street.length > 2) {
      number = `${number} ${street[1]}`;
      start = 2;
    }
  }
  let end = street.length;
  const hasNameWord = (from: number, to: number) => street.slice(from, to).some((token) => !isDirectional(token));

  // Post-directional: "MAIN ST NORTHWEST" → "MAIN ST NW"; "MAIN ST NORTH WEST" too.
  let post = "";
  if (end - start >= 3 && isNorthSouth(street[end - 2]) && isEastWest(street[end - 1]) && hasNameWord(start, end - 2)) {
    post = DIRECTIONALS[street[end - 2]!]! + DIRECTIONALS[street[end - 1]!]!;
    end -= 2;
  } else if (end - start >= 2 && isDirectional(street[end - 1]) && hasNameWord(start, end - 1)) {
    post = DIRECTIONALS[street[end - 1]!]!;
    end -= 1;
  }

  // Suffix: only the last word of the name, so "AVENUE OF THE AMERICAS" and "HIGHWAY 9" stay.
  let suffix = "";
  if (end - start >= 2 && SUFFIX_OF.has(street[end - 1]!)) {
    suffix = SUFFIX_OF.get(street[end - 1]!)!;
    end -= 1;
  }

  // Pre-directional, unless it is the whole name: "123 NORTH ST" and "EAST WEST HWY" stay.
  let pre = "";
  if (end - start >= 3 && isNorthSouth(street[start]) && isEastWest(street[start + 1]) && hasNameWord(start + 2, end)) {
    pre = DIRECTIONALS[street[start]!]! + DIRECTIONALS[street[start + 1]!]!;
    start += 2;
  } else if (end - start >= 2 && isDirectional(street[start]) && hasNameWord(start + 1, end)) {
    pre = DIRECTIONALS[street[start]!]!;
    start += 1;
  }

  return { kind: "street", number, pre, name: street.slice(start, end), suffix, post, units };
}

const formatStreet = (line: Extract<StreetLine, { kind: "street" }>) =>
  [line.number, line.pre, ...line.name, line.suffix, line.post].filter(Boolean).join(" ");

function formatLine(line: StreetLine): string {
  switch (line.kind) {
    case "po_box":
      return `PO BOX ${line.box}`;
    case "rural_route":
    case "other":
      return line.text;
    case "street":
      return [formatStreet(line), formatUnits(line.units)].filter(Boolean).join(" ");
  }
}

/** A second address line: units, a PO box, a bare unit number ("4B" → "# 4B"), or free text. */
function standardizeSecondLine(cleaned: string): string {
  if (!cleaned) return "";
  const tokens = cleaned.split(" ");
  const units = readUnits(tokens, 0);
  if (units) return formatUnits(units);
  if (tokens.length === 1 && isUnitId(tokens[0]) && (/\d/.test(tokens[0]!) || tokens[0]!.length === 1)) return `# ${tokens[0]}`;
  const line = parseStreetLine(cleaned);
  return line.kind === "po_box" ? formatLine(line) : cleaned;
}

// ---------------------------------------------------------------------------------------------
// ZIP codes
// ---------------------------------------------------------------------------------------------
/** "12345", "12345-6789", "123456789" and "12345 6789" → { zip5, plus4 }; null otherwise. */
export function parseZip(value: string): { zip5: string; plus4: string } | null {
  const match = ZIP_PATTERN.exec(value.trim());
  return match ? { zip5: match[1]!, plus4: match[2] ?? "" } : null;
}

// ---------------------------------------------------------------------------------------------
// The whole address
// ---------------------------------------------------------------------------------------------

/** Standardizes an address the way USPS Publication 28 writes it, offline. */
export function standardizeAddress(input: AddressInput): StandardizedAddress {
  const problems: AddressProblem[] = [];

  let line1 = parseStreetLine(cleanText(input.street1));
  let street2 = standardizeSecondLine(cleanText(input.street2));

  // "Apt 4B" typed on the first line and "12 Main St" on the second: swap them.
  const firstLineUnits = readUnits(cleanText(input.street1).split(" "), 0);
  const secondLine = parseStreetLine(cleanText(input.street2));
  if (firstLineUnits && secondLine.kind === "street" && secondLine.number) {
    street2 = formatUnits([...firstLineUnits, ...secondLine.units]);
    line1 = { ...secondLine, units: [] };
  }
  // A unit at the end of the first line moves to the empty second line.
  if (line1.kind === "street" && line1.units.length > 0 && !street2) {
    street2 = formatUnits(line1.units);
    line1 = { ...line1, units: [] };
  }
  const street1 = formatLine(line1);
  if (!street1) problems.push({ field: "street1", message: "Please enter the street address." });

  const city = cleanText(input.city);
  if (!city) problems.push({ field: "city", message: "Please enter the city name." });

  const typedState = collapseSpaces(input.state);
  const code = stateCode(typedState);
  const state = code ?? cleanText(typedState);
  if (!typedState) problems.push({ field: "state", message: "Please enter the state." });
  else if (!code) problems.push({ field: "state", message: `The state ${typedState} is not a U.S. state or territory.` });

  const typedZip = collapseSpaces(input.zipCode);
  const zip = parseZip(typedZip);
  const zipCode = zip ? (zip.plus4 ? `${zip.zip5}-${zip.plus4}` : zip.zip5) : typedZip;
  if (!typedZip) problems.push({ field: "zipCode", message: "Please enter the zip code." });
  else if (!zip) problems.push({ field: "zipCode", message: "The ZIP code should have 5 digits." });
  else if (code && !zipIsInState(zip.zip5, code))
    problems.push({ field: "zipCode", message: `The ZIP code ${zip.zip5} is not in ${code}.` });

  const standard: Address = { street1, street2, city, state, zipCode };
  const changes = (Object.keys(standard) as AddressField[])
    .map((field) => ({ field, from: collapseSpaces(input[field]), to: standard[field] }))
    .filter(({ from, to }) => from !== to);

  return { ...standard, changes, problems };
}

/** The parts of a standardized address's street, for answers shaped like Lob's `components`. */
export function streetParts(address: Pick<Address, "street1" | "street2">): StreetParts {
  const line = parseStreetLine(cleanText(address.street1));
  const units = line.kind === "street" && line.units.length > 0 ? line.units : (readUnits(cleanText(address.street2).split(" "), 0) ?? []);
  const firstUnit = units[0];
  const empty = { primaryNumber: "", predirection: "", streetName: "", suffix: "", postdirection: "" };
  switch (line.kind) {
    case "po_box":
      return { ...empty, secondaryDesignator: "PO BOX", secondaryNumber: line.box, recordType: "po_box" };
    case "rural_route":
      return { ...empty, streetName: line.text, secondaryDesignator: "", secondaryNumber: "", recordType: "rural_route" };
    case "other":
      return { ...empty, streetName: line.text, secondaryDesignator: "", secondaryNumber: "", recordType: "other" };
    case "street":
      return {
        primaryNumber: line.number,
        predirection: line.pre,
        streetName: line.name.join(" "),
        suffix: line.suffix,
        postdirection: line.post,
        secondaryDesignator: firstUnit?.designator ?? "",
        secondaryNumber: firstUnit?.id ?? "",
        recordType: firstUnit ? "highrise" : "street",
      };
  }
}

/**
 * Moves units at the end of a first line to an empty second line and changes nothing else, so
 * a line another verifier already standardized keeps its words: Lob writes the unit into
 * `primary_line` ("185 BERRY ST STE 6100"), the form keeps it on its own line.
 */
export function moveUnitToSecondLine(street1: string, street2: string): { street1: string; street2: string } {
  if (street2.trim()) return { street1, street2 };
  const { street, units } = splitTrailingUnits(cleanText(street1).split(" "));
  if (units.length === 0) return { street1, street2 };
  return { street1: street.join(" "), street2: formatUnits(units) };
}

/** Whether a standardized second line holds only units ("APT 4B", "# 4B", "BLDG 2 FL 3"). */
export function isUnitLine(street2: string): boolean {
  return readUnits(cleanText(street2).split(" "), 0) !== null;
}
