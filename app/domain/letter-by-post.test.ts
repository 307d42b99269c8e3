import { describe, expect, it } from "vitest";
import { letterHtml, LOB_HTML_MAX_LENGTH, returnAddressForLob, senderAddressForLob } from "./letter-by-post";
import { writeOptOutLetter } from "./opt-out-letter";

describe("letterHtml", () => {
  const letter = writeOptOutLetter({
    senderName: "Acxiom",
    holder: {
      fullName: "Ada <Lovelace> & Co",
      address: { street1: "12 Main St", street2: null, city: "Springfield", state: "IL", zipCode: "62701" },
    },
    household: [],
    date: new Date("2026-11-27T15:00:00Z"),
  });
  const html = letterHtml(letter);

  it("holds the letter's every paragraph, with what the person typed escaped", () => {
    expect(html).toContain("<p>To Acxiom:</p>");
    expect(html).toContain("Sincerely,\nAda &lt;Lovelace&gt; &amp; Co</p>");
    expect(html).not.toContain("<Lovelace>");
    expect(html.match(/<p>/g)).toHaveLength(letter.split("\n\n").length);
  });

  it("leaves the top of the first page to the addresses the window envelope shows, within Lob's size", () => {
    expect(html).toMatch(/\.letter \{ padding: 3\.75in /);
    expect(html.length).toBeLessThan(LOB_HTML_MAX_LENGTH);
  });
});

describe("senderAddressForLob", () => {
  it("reads the catalog's company, attention line, street, city, state and ZIP", () => {
    expect(senderAddressForLob("Epsilon, Attention: Privacy, P.O. Box 1478, Broomfield, CO 80038", "Epsilon")).toEqual({
      name: "Attention: Privacy",
      company: "Epsilon",
      address_line1: "P.O. Box 1478",
      address_city: "Broomfield",
      address_state: "CO",
      address_zip: "80038",
      address_country: "US",
    });
  });

  it("takes the sender's name as the company when the address starts at the street", () => {
    expect(senderAddressForLob("301 Fields Lane, Brewster, NY 10509", "Alliant")).toMatchObject({
      company: "Alliant",
      address_line1: "301 Fields Lane",
    });
  });

  it("puts a sender's name over Lob's 40 characters on two lines, name and company, as it reads", () => {
    const long = "Comenity Capital Bank Credit Card Services Division";
    expect(senderAddressForLob(`${long}, P.O. Box 182273, Columbus, OH 43218`, "Comenity")).toEqual({
      name: "Comenity Capital Bank Credit Card",
      company: "Services Division",
      address_line1: "P.O. Box 182273",
      address_city: "Columbus",
      address_state: "OH",
      address_zip: "43218",
      address_country: "US",
    });
    expect(senderAddressForLob("301 Fields Lane, Brewster, NY 10509", long)).toMatchObject({ name: "Comenity Capital Bank Credit Card" });
    // With an attention line too it no longer fits: staff address that envelope.
    expect(senderAddressForLob(`${long}, Attention: Privacy, P.O. Box 182273, Columbus, OH 43218`, "Comenity")).toBeNull();
  });

  it("gives up on what is not a U.S. address Lob can take", () => {
    expect(senderAddressForLob("Somewhere, Ontario, Canada", "Maple")).toBeNull();
    expect(senderAddressForLob("Acme, 1 Long Street, Springfield, IL 62701", "x".repeat(41))).toMatchObject({ company: "Acme" });
    expect(senderAddressForLob(`${"x".repeat(41)}, 1 Long Street, Springfield, IL 62701`, "Acme")).toBeNull();
  });
});

it("returnAddressForLob gives the person's name and address, the second line only when there is one", () => {
  expect(
    returnAddressForLob(" Ada Lovelace ", { street1: "12 MAIN ST", street2: null, city: "SPRINGFIELD", state: "IL", zipCode: "62701" }),
  ).toEqual({
    name: "Ada Lovelace",
    address_line1: "12 MAIN ST",
    address_city: "SPRINGFIELD",
    address_state: "IL",
    address_zip: "62701",
    address_country: "US",
  });
});

describe("the person's name on the return address", () => {
  const address = { street1: "12 MAIN ST", street2: null, city: "SPRINGFIELD", state: "IL", zipCode: "62701" };
  const fields = (fullName: string) => {
    const { name, company } = returnAddressForLob(fullName, address);
    return { name, company };
  };

  it("goes on two lines past Lob's 40 characters, nothing left out", () => {
    const fullName = "Maria Guadalupe Fernandez-Rodriguez de la Cruz Santiago";
    expect(fields(fullName)).toEqual({ name: "Maria Guadalupe Fernandez-Rodriguez de", company: "la Cruz Santiago" });
    expect(`${fields(fullName).name} ${fields(fullName).company}`).toBe(fullName);
  });

  it("keeps every line within 40 characters however long the name", () => {
    for (const fullName of [
      "Alexandra Konstantinovna Vasilyeva-Rimskaya Korsakova Ostrogorskaya Belozerskaya",
      "A".repeat(100),
      "Ada Lovelace",
    ]) {
      const { name, company } = fields(fullName);
      expect(name!.length).toBeLessThanOrEqual(40);
      expect((company ?? "").length).toBeLessThanOrEqual(40);
    }
    expect(fields("Ada Lovelace")).toEqual({ name: "Ada Lovelace", company: undefined });
    expect(fields("Alexandra Konstantinovna Vasilyeva-Rimskaya Korsakova Ostrogorskaya Belozerskaya")).toEqual({
      name: "Alexandra K. V. K. O. Belozerskaya",
      company: undefined,
    });
  });
});
