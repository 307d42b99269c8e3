import { describe, expect, it } from "vitest";
import { isUnitLine, parseZip, standardizeAddress, stateCode, streetParts, US_STATES, type AddressInput } from "~/domain/address";
import { zipIsInState } from "~/domain/us-states";

const base = { city: "Springfield", state: "IL", zipCode: "62701" };
const street1 = (typed: string) => standardizeAddress({ ...base, street1: typed }).street1;
const lines = (typed: string, street2 = "") => {
  const { street1: first, street2: second } = standardizeAddress({ ...base, street1: typed, street2 });
  return [first, second];
};

describe("standardizeAddress: the product rules' example address", () => {
  it("standardizes a loosely typed address and lists what changed", () => {
    const result = standardizeAddress({
      street1: "12 north main street, apartment 4b",
      city: "springfield",
      state: "illinois",
      zipCode: "62701",
    });
    expect(result).toEqual({
      street1: "12 N MAIN ST",
      street2: "APT 4B",
      city: "SPRINGFIELD",
      state: "IL",
      zipCode: "62701",
      changes: [
        { field: "street1", from: "12 north main street, apartment 4b", to: "12 N MAIN ST" },
        { field: "street2", from: "", to: "APT 4B" },
        { field: "city", from: "springfield", to: "SPRINGFIELD" },
        { field: "state", from: "illinois", to: "IL" },
      ],
      problems: [],
    });
  });

  it("lists nothing for an address already in standard form", () => {
    const result = standardizeAddress({ street1: "12 N MAIN ST", street2: "APT 4B", city: "SPRINGFIELD", state: "IL", zipCode: "62701" });
    expect(result.changes).toEqual([]);
    expect(result.problems).toEqual([]);
  });

  it("does not count extra spaces the user typed as a change", () => {
    const result = standardizeAddress({
      street1: "  12 N  MAIN ST ",
      street2: undefined,
      city: "SPRINGFIELD ",
      state: " IL",
      zipCode: "62701 ",
    });
    expect(result.changes).toEqual([]);
  });
});

describe("street suffixes (Pub 28 Appendix C1)", () => {
  it.each([
    ["100 Fifth Avenue", "100 FIFTH AVE"],
    ["100 Elm Av.", "100 ELM AVE"],
    ["100 Elm Aven", "100 ELM AVE"],
    ["100 Elm Street", "100 ELM ST"],
    ["100 Elm Str", "100 ELM ST"],
    ["100 Elm Road", "100 ELM RD"],
    ["100 Sunset Boulevard", "100 SUNSET BLVD"],
    ["100 Sunset Blvrd", "100 SUNSET BLVD"],
    ["100 Sunset Boul", "100 SUNSET BLVD"],
    ["100 Elm Drive", "100 ELM DR"],
    ["100 Elm Lane", "100 ELM LN"],
    ["100 Elm Court", "100 ELM CT"],
    ["100 Elm Place", "100 ELM PL"],
    ["100 Elm Terrace", "100 ELM TER"],
    ["100 Elm Terr", "100 ELM TER"],
    ["100 Garden State Parkway", "100 GARDEN STATE PKWY"],
    ["1 Pacific Coast Highway", "1 PACIFIC COAST HWY"],
    ["100 Elm Circle", "100 ELM CIR"],
    ["100 Washington Square", "100 WASHINGTON SQ"],
    ["100 Appalachian Trail", "100 APPALACHIAN TRL"],
    ["100 Milky Way", "100 MILKY WAY"],
    ["100 Long Island Expressway", "100 LONG ISLAND EXPY"],
    ["100 Harbor Freeway", "100 HARBOR FWY"],
    ["100 Civic Center Plaza", "100 CIVIC CENTER PLZ"],
    ["100 Eagle Point", "100 EAGLE PT"],
    ["100 Blue Ridge", "100 BLUE RDG"],
    ["100 Deer Crossing", "100 DEER XING"],
    ["100 Shady Hollow", "100 SHADY HOLW"],
    ["100 Mill Creek", "100 MILL CRK"],
    ["100 Oak Heights", "100 OAK HTS"],
  ])("%s → %s", (typed, standard) => {
    expect(street1(typed)).toBe(standard);
  });

  it("abbreviates only the last suffix-like word, so a suffix word inside the name stays", () => {
    expect(street1("1200 Avenue of the Americas")).toBe("1200 AVENUE OF THE AMERICAS");
    expect(street1("300 Avenue B")).toBe("300 AVENUE B");
    expect(street1("12 Highway 9")).toBe("12 HIGHWAY 9");
    expect(street1("40 Park Avenue Place")).toBe("40 PARK AVENUE PL");
  });

  it("keeps a suffix word that is the whole street name", () => {
    expect(street1("10 Boulevard")).toBe("10 BOULEVARD");
  });
});

describe("directionals", () => {
  it("abbreviates pre- and post-directionals", () => {
    expect(street1("123 Main Street Northwest")).toBe("123 MAIN ST NW");
    expect(street1("123 West Main Street")).toBe("123 W MAIN ST");
    expect(street1("123 South 4th Street")).toBe("123 S 4TH ST");
    expect(street1("400 Park Avenue South")).toBe("400 PARK AVE S");
    expect(street1("123 Southeast Belmont Street")).toBe("123 SE BELMONT ST");
    expect(street1("123 Main St North East")).toBe("123 MAIN ST NE");
    expect(street1("500 N.W. 5th Ave.")).toBe("500 NW 5TH AVE");
    expect(street1("500 North West 5th Avenue")).toBe("500 NW 5TH AVE");
  });

  it("keeps a directional spelled out when it is the street name itself", () => {
    expect(street1("123 North Street")).toBe("123 NORTH ST");
    expect(street1("123 Northwest Highway")).toBe("123 NORTHWEST HWY");
    expect(street1("4550 East West Highway")).toBe("4550 EAST WEST HWY");
    expect(street1("12 N St")).toBe("12 N ST");
  });
});

describe("secondary units (Pub 28 Appendix C2)", () => {
  it.each([
    ["APARTMENT 4B", "APT 4B"],
    ["Apartment #4b", "APT 4B"],
    ["Apt. 4B", "APT 4B"],
    ["apt no. 4", "APT 4"],
    ["APT4B", "APT 4B"],
    ["Suite 100", "STE 100"],
    ["Ste. 100", "STE 100"],
    ["Unit 7", "UNIT 7"],
    ["Building 2", "BLDG 2"],
    ["Floor 3", "FL 3"],
    ["3rd Floor", "FL 3"],
    ["Room 12", "RM 12"],
    ["Department 40", "DEPT 40"],
    ["Basement", "BSMT"],
    ["Front", "FRNT"],
    ["Lower", "LOWR"],
    ["Upper", "UPPR"],
    ["Rear", "REAR"],
    ["Lobby", "LBBY"],
    ["Office", "OFC"],
    ["Penthouse", "PH"],
    ["Space 14", "SPC 14"],
    ["Stop 3", "STOP 3"],
    ["Trailer 9", "TRLR 9"],
    ["Hanger 2", "HNGR 2"],
    ["Key 5", "KEY 5"],
    ["Lot 12", "LOT 12"],
    ["Pier 39", "PIER 39"],
    ["Side", "SIDE"],
    ["Slip 4", "SLIP 4"],
    ["Building 2, Apartment 4", "BLDG 2 APT 4"],
    ["#4", "# 4"],
    ["# 4b", "# 4B"],
    ["4B", "# 4B"],
  ])("second line %s → %s", (typed, standard) => {
    expect(lines("12 Main St", typed)[1]).toBe(standard);
  });

  it("moves a unit at the end of the first line to an empty second line", () => {
    expect(lines("12 Main Street Apt 4")).toEqual(["12 MAIN ST", "APT 4"]);
    expect(lines("12 Main St #4b")).toEqual(["12 MAIN ST", "# 4B"]);
    expect(lines("12 Main St Ste 200, 3rd floor")).toEqual(["12 MAIN ST", "STE 200 FL 3"]);
    expect(lines("123 Main St Rear")).toEqual(["123 MAIN ST", "REAR"]);
    expect(lines("123 Main St N Apt 2")).toEqual(["123 MAIN ST N", "APT 2"]);
  });

  it("keeps a unit on the first line when the second line already holds something", () => {
    expect(lines("12 Main Street Apt 4", "c/o Jane Smith")).toEqual(["12 MAIN ST APT 4", "C/O JANE SMITH"]);
  });

  it("puts the street first when the unit was typed on the first line", () => {
    expect(lines("Apt 4", "12 Elm St.")).toEqual(["12 ELM ST", "APT 4"]);
  });

  it("does not mistake a street name for a unit", () => {
    expect(lines("100 River Front")).toEqual(["100 RIVER FRONT", ""]);
    expect(lines("100 Front Street")).toEqual(["100 FRONT ST", ""]);
    expect(lines("12 Lot 5")).toEqual(["12 LOT 5", ""]);
    expect(lines("1 Key West Blvd")).toEqual(["1 KEY WEST BLVD", ""]);
    expect(lines("123 Upper Ridge Road")).toEqual(["123 UPPER RIDGE RD", ""]);
  });

  it("tells a line of units from other second lines", () => {
    expect(isUnitLine("APT 4B")).toBe(true);
    expect(isUnitLine("# 4B")).toBe(true);
    expect(isUnitLine("C/O JANE SMITH")).toBe(false);
    expect(isUnitLine("")).toBe(false);
  });
});

describe("PO boxes and rural routes", () => {
  it.each([
    "P.O. Box 42",
    "PO Box 42",
    "p o box 42",
    "P. O. Box 42",
    "Post Office Box 42",
    "POB 42",
    "PO Box #42",
    "POBox 42",
    "pobox42",
    "PO BOX NO 42",
  ])("%s → PO BOX 42", (typed) => {
    expect(street1(typed)).toBe("PO BOX 42");
  });

  it("standardizes a PO box typed on the second line", () => {
    expect(lines("12 Main St", "P.O. Box 9")).toEqual(["12 MAIN ST", "PO BOX 9"]);
  });

  it("writes rural routes and highway contracts the short way", () => {
    expect(street1("Rural Route 2 Box 12")).toBe("RR 2 BOX 12");
    expect(street1("R.R. 2 Box 12")).toBe("RR 2 BOX 12");
    expect(street1("Highway Contract 68 Box 23A")).toBe("HC 68 BOX 23A");
  });
});

describe("punctuation and spacing", () => {
  it("removes periods and commas but keeps meaningful hyphens, slashes and decimal points", () => {
    expect(street1("  101   1/2 Main St. ")).toBe("101 1/2 MAIN ST");
    expect(street1("123-45 Queens Blvd.")).toBe("123-45 QUEENS BLVD");
    expect(street1("39.2 Road")).toBe("39.2 ROAD");
    expect(street1("12 Main St. - Apt. 4")).toBe("12 MAIN ST");
    expect(standardizeAddress({ ...base, street1: "1 A St", city: "Winston-Salem", state: "NC", zipCode: "27101" }).city).toBe(
      "WINSTON-SALEM",
    );
    expect(standardizeAddress({ ...base, street1: "1 A St", city: "St. Louis", state: "MO", zipCode: "63101" }).city).toBe("ST LOUIS");
    expect(standardizeAddress({ ...base, street1: "1 A St", city: "Coeur d'Alene", state: "ID", zipCode: "83814" }).city).toBe(
      "COEUR DALENE",
    );
    expect(standardizeAddress({ ...base, street1: "1 A St", city: "Española", state: "NM", zipCode: "87532" }).city).toBe("ESPANOLA");
  });
});

describe("states", () => {
  it.each([
    ["illinois", "IL"],
    ["Illinois", "IL"],
    ["il", "IL"],
    ["Ill.", "IL"],
    ["New York", "NY"],
    ["new  york", "NY"],
    ["N.Y.", "NY"],
    ["District of Columbia", "DC"],
    ["D.C.", "DC"],
    ["Washington DC", "DC"],
    ["Washington", "WA"],
    ["West Virginia", "WV"],
    ["W. Va.", "WV"],
    ["Calif", "CA"],
    ["Puerto Rico", "PR"],
    ["U.S. Virgin Islands", "VI"],
    ["Guam", "GU"],
    ["American Samoa", "AS"],
    ["Northern Mariana Islands", "MP"],
    ["Armed Forces Europe", "AE"],
    ["Armed Forces Pacific", "AP"],
    ["aa", "AA"],
  ])("%s → %s", (typed, code) => {
    expect(stateCode(typed)).toBe(code);
  });

  it("reports a state it does not know and keeps what was typed", () => {
    const result = standardizeAddress({ ...base, street1: "1 Main St", state: "Ontario" });
    expect(result.state).toBe("ONTARIO");
    expect(result.problems).toEqual([{ field: "state", message: "The state Ontario is not a U.S. state or territory." }]);
  });

  it("lists the 50 states, DC, the territories and the Armed Forces codes for the state select", () => {
    expect(Object.keys(US_STATES)).toHaveLength(50 + 1 + 8 + 3);
    expect(US_STATES.IL).toBe("Illinois");
    expect(Object.keys(US_STATES).slice(0, 3)).toEqual(["AL", "AK", "AZ"]);
    expect(Object.keys(US_STATES).slice(-3)).toEqual(["AA", "AE", "AP"]);
  });
});

describe("ZIP codes", () => {
  it.each([
    ["62701", "62701"],
    ["62701-1234", "62701-1234"],
    ["627011234", "62701-1234"],
    ["62701 1234", "62701-1234"],
    [" 62701 - 1234 ", "62701-1234"],
  ])("%s → %s", (typed, standard) => {
    const result = standardizeAddress({ ...base, street1: "1 Main St", zipCode: typed });
    expect(result.zipCode).toBe(standard);
    expect(result.problems).toEqual([]);
  });

  it.each(["6270", "627012", "62701-12", "ABCDE", "62 701"])("%s is not a ZIP code", (typed) => {
    const result = standardizeAddress({ ...base, street1: "1 Main St", zipCode: typed });
    expect(result.problems).toEqual([{ field: "zipCode", message: "The ZIP code should have 5 digits." }]);
    expect(result.zipCode).toBe(typed.trim());
  });

  it("reports a ZIP code that belongs to another state", () => {
    const result = standardizeAddress({ ...base, street1: "1 Main St", state: "Illinois", zipCode: "10001" });
    expect(result.problems).toEqual([{ field: "zipCode", message: "The ZIP code 10001 is not in IL." }]);
  });

  it("knows the states that use more than one block of prefixes", () => {
    expect(zipIsInState("01201", "MA")).toBe(true);
    expect(zipIsInState("05501", "MA")).toBe(true); // Andover's IRS ZIP, in Vermont's block
    expect(zipIsInState("05401", "VT")).toBe(true);
    expect(zipIsInState("00501", "NY")).toBe(true); // Holtsville's IRS ZIP
    expect(zipIsInState("06390", "NY")).toBe(true); // Fishers Island
    expect(zipIsInState("06103", "CT")).toBe(true);
    expect(zipIsInState("20171", "VA")).toBe(true); // Dulles, in DC's block
    expect(zipIsInState("20500", "DC")).toBe(true);
    expect(zipIsInState("56901", "DC")).toBe(true);
    expect(zipIsInState("73301", "TX")).toBe(true); // Austin's IRS ZIP, in Oklahoma's block
    expect(zipIsInState("73301", "OK")).toBe(false);
    expect(zipIsInState("88510", "TX")).toBe(true); // El Paso, in New Mexico's block
    expect(zipIsInState("39901", "GA")).toBe(true);
    expect(zipIsInState("34002", "AA")).toBe(true);
    expect(zipIsInState("34102", "FL")).toBe(true);
    expect(zipIsInState("34002", "FL")).toBe(false);
    expect(zipIsInState("09001", "AE")).toBe(true);
    expect(zipIsInState("96201", "AP")).toBe(true);
    expect(zipIsInState("96799", "AS")).toBe(true);
    expect(zipIsInState("96910", "GU")).toBe(true);
    expect(zipIsInState("00901", "PR")).toBe(true);
    expect(zipIsInState("00802", "VI")).toBe(true);
    expect(zipIsInState("99501", "AK")).toBe(true);
    expect(zipIsInState("96813", "HI")).toBe(true);
    expect(zipIsInState("83702", "ID")).toBe(true);
    expect(zipIsInState("82001", "WY")).toBe(true);
  });

  it("gives every state and territory at least one prefix", () => {
    for (const code of Object.keys(US_STATES) as (keyof typeof US_STATES)[]) {
      const anyZip = Array.from({ length: 1000 }, (_, prefix) => `${String(prefix).padStart(3, "0")}01`).some((zip) =>
        zipIsInState(zip, code),
      );
      expect(anyZip, code).toBe(true);
    }
  });

  it("parses ZIP and ZIP+4", () => {
    expect(parseZip("12345")).toEqual({ zip5: "12345", plus4: "" });
    expect(parseZip("12345-6789")).toEqual({ zip5: "12345", plus4: "6789" });
    expect(parseZip("1234")).toBeNull();
  });
});

describe("missing fields", () => {
  it("names each missing field with the product rules' words", () => {
    const result = standardizeAddress({ street1: " ", city: "", state: "", zipCode: "" });
    expect(result.problems).toEqual([
      { field: "street1", message: "Please enter the street address." },
      { field: "city", message: "Please enter the city name." },
      { field: "state", message: "Please enter the state." },
      { field: "zipCode", message: "Please enter the zip code." },
    ]);
  });
});

describe("streetParts", () => {
  it("names the parts of a street line like Lob's components", () => {
    expect(streetParts({ street1: "123 N MAIN ST NW", street2: "APT 4B" })).toEqual({
      primaryNumber: "123",
      predirection: "N",
      streetName: "MAIN",
      suffix: "ST",
      postdirection: "NW",
      secondaryDesignator: "APT",
      secondaryNumber: "4B",
      recordType: "highrise",
    });
    expect(streetParts({ street1: "PO BOX 42", street2: "" })).toMatchObject({
      secondaryDesignator: "PO BOX",
      secondaryNumber: "42",
      recordType: "po_box",
    });
  });
});

describe("idempotence", () => {
  const typed: AddressInput[] = [
    { street1: "12 north main street, apartment 4b", city: "springfield", state: "illinois", zipCode: "62701" },
    { street1: "1200 Avenue of the Americas", street2: "Suite 5", city: "New York", state: "ny", zipCode: "10036-1234" },
    { street1: "123 Main Street Northwest", street2: "#4", city: "Washington", state: "D.C.", zipCode: "200011234" },
    { street1: "P.O. Box 42", city: "Austin", state: "Tex.", zipCode: "78701 1234" },
    { street1: "4550 East West Highway", city: "Bethesda", state: "Maryland", zipCode: "20814" },
    { street1: "123 North Street", street2: "Rear", city: "Pittsfield", state: "MA", zipCode: "01201" },
    { street1: "500 N.W. 5th Ave., 3rd Floor", city: "Miami", state: "FL", zipCode: "33128" },
    { street1: "101 1/2 Main Blvrd", street2: "4B", city: "Winston-Salem", state: "NC", zipCode: "27101" },
    { street1: "Rural Route 2 Box 12", city: "Ames", state: "Iowa", zipCode: "50010" },
    { street1: "12 Main St", street2: "c/o Jane Smith", city: "Boston", state: "Massachusetts", zipCode: "2134" },
    { street1: "Apt 4", street2: "12 Elm St.", city: "St. Louis", state: "mo", zipCode: "63101" },
  ];

  it.each(typed)("standardizing a standardized address changes nothing: %j", (input) => {
    const once = standardizeAddress(input);
    const twice = standardizeAddress(once);
    expect(twice.changes).toEqual([]);
    expect(twice.problems).toEqual(once.problems);
  });
});
