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
