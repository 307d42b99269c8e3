import { describe, expect, it } from "vitest";
import { putRightCityByZip, zipLineAgreement, zipTable, type ZipLookup } from "./city-by-zip";

const PLACES: Record<string, { city: string; state: string }> = {
  "62701": { city: "Springfield", state: "IL" },
  "49007": { city: "Kalamazoo", state: "MI" },
  "83702": { city: "Boise", state: "ID" },
  "32084": { city: "Saint Augustine", state: "FL" },
  "74103": { city: "Tulsa", state: "OK" },
};
const lookup: ZipLookup = (zip) => PLACES[zip] ?? null;

describe("putRightCityByZip", () => {
  it("puts right a city misread by a letter or two beside its ZIP code", () => {
    expect(putRightCityByZip("Sprngfield, IL 62701", lookup)).toBe("Springfield, IL 62701");
    expect(putRightCityByZip("Kalamaz0o,MI 49007-3321", lookup)).toBe("Kalamazoo, MI 49007-3321");
    expect(putRightCityByZip("SPRINGFlELD IL 62701", lookup)).toBe("SPRINGFIELD IL 62701");
  });

  it("gives back a state the reader lost, or read with a digit for a letter", () => {
    expect(putRightCityByZip("Boise,D83702", lookup)).toBe("Boise, ID 83702");
    expect(putRightCityByZip("Bolse.1D83702", lookup)).toBe("Boise, ID 83702");
    expect(putRightCityByZip("Tulsa, 0K 74103", lookup)).toBe("Tulsa, OK 74103");
  });

  it("spaces a line read without spaces as printed, and writes in full a city whose start was lost", () => {
    expect(putRightCityByZip("SpringfieldIL62701", lookup)).toBe("Springfield IL 62701");
    expect(putRightCityByZip("Tulsa,OK 74103", lookup)).toBe("Tulsa, OK 74103");
    expect(putRightCityByZip("mazoo, MI 49007", lookup)).toBe("Kalamazoo, MI 49007");
    // Not with fewer than three letters left, nor with the state lost as well.
    expect(putRightCityByZip("oo, MI 49007", lookup)).toBe("oo, MI 49007");
    expect(putRightCityByZip("mazoo 49007", lookup)).toBe("mazoo 49007");
  });

  it("writes a ZIP+4 with its hyphen where the reader lost it or read it as a period", () => {
    expect(putRightCityByZip("TulsaOK741031234", lookup)).toBe("Tulsa OK 74103-1234");
    expect(putRightCityByZip("Tulsa, OK 74103.1234", lookup)).toBe("Tulsa, OK 74103-1234");
    // Not a longer run of digits, such as a sorting mark's.
    expect(putRightCityByZip("Tulsa, OK 7741031234", lookup)).toBe("Tulsa, OK 7741031234");
  });

  it("keeps the city's printed form nearest to what was read (“St. Augustine” for the table's “Saint Augustine”)", () => {
    expect(putRightCityByZip("St.Augustlne,FL 32084", lookup)).toBe("St. Augustine, FL 32084");
    expect(putRightCityByZip("Saint Augustlne, FL 32084", lookup)).toBe("Saint Augustine, FL 32084");
  });

  it("leaves a line as read when it is right, when its city is far from the ZIP's, or when the ZIP is unknown", () => {
    expect(putRightCityByZip("Springfield, IL 62701", lookup)).toBe("Springfield, IL 62701");
    expect(putRightCityByZip("CHICAGO IL 62701", lookup)).toBe("CHICAGO IL 62701");
    // Another state read in full: the ZIP or the state is misread, nothing is sure.
    expect(putRightCityByZip("Sprngfield, MO 62701", lookup)).toBe("Sprngfield, MO 62701");
    expect(putRightCityByZip("Sprngfield, IL 99999", lookup)).toBe("Sprngfield, IL 99999");
    expect(putRightCityByZip("Offer ends soon: call 62701", lookup)).toBe("Offer ends soon: call 62701");
  });

  it("reads the package's table of U.S. ZIP codes", () => {
    expect(putRightCityByZip("Minneapolls, MN 55401", zipTable())).toBe("Minneapolis, MN 55401");
    expect(zipTable()("00000")).toBeNull();
  });
});

describe("zipLineAgreement", () => {
  it("says whether a line's city and state agree with its ZIP code as read, once put right, or not at all", () => {
    expect(zipLineAgreement("Springfield, IL 62701", lookup)).toBe(2);
    expect(zipLineAgreement("St. Augustine, FL 32084", lookup)).toBe(2);
    expect(zipLineAgreement("Sprngfield, IL 62701", lookup)).toBe(1);
    expect(zipLineAgreement("Boise,D83702", lookup)).toBe(1);
    expect(zipLineAgreement("Spfd, IL 62701", lookup)).toBe(0);
    expect(zipLineAgreement("Springfield, MO 62701", lookup)).toBe(0);
    expect(zipLineAgreement("Springfield, IL 99999", lookup)).toBe(0);
    expect(zipLineAgreement("4410 W. Belmont Ave", lookup)).toBeNull();
    // A ZIP+4 cut short: the line was not read to its end.
    expect(zipLineAgreement("Springfield, IL 62701-12", lookup)).toBe(0);
    expect(zipLineAgreement("Springfield, IL 62701-1234", lookup)).toBe(2);
  });
});
