import { describe, expect, it } from "vitest";
import {
  householdKey,
  isLearnedChannel,
  learnableReturnAddress,
  learnedChannel,
  postalAddressesRemoved,
  returnAddressKey,
  typedSenderKey,
  type HomeAddress,
} from "./learned-channels";

const home = (street1: string, fields: Partial<HomeAddress> = {}): HomeAddress => ({
  street1,
  street2: null,
  city: "Springfield",
  state: "IL",
  zipCode: "62701",
  ...fields,
});
const at = (minute: number) => new Date(Date.UTC(2026, 10, 30, 12, minute));

describe("returnAddressKey", () => {
  it("reads the same box under two spellings of the company as one address", () => {
    expect(returnAddressKey("Epsilon, PO Box 1478, Broomfield, CO 80038")).toBe(
      returnAddressKey("EPSILON DATA MANAGEMENT LLC, P.O. Box 1478, Broomfield, CO 80038-1478"),
    );
    expect(returnAddressKey("PO Box 1478, Broomfield, CO 80038")).toBe(returnAddressKey("Epsilon, PO Box 1478, Broomfield, CO 80038"));
  });

  it("keeps different boxes apart", () => {
    expect(returnAddressKey("Epsilon, PO Box 1478, Broomfield, CO 80038")).not.toBe(
      returnAddressKey("Epsilon, PO Box 1479, Broomfield, CO 80038"),
    );
  });
});

describe("householdKey", () => {
  it("takes two accounts at one home, however written, as one household", () => {
    expect(householdKey(home("12 Main Street"))).toBe(householdKey(home("12 MAIN ST", { city: "SPRINGFIELD", zipCode: "62701-1234" })));
    expect(householdKey(home("12 Main St"))).not.toBe(householdKey(home("14 Main St")));
    expect(householdKey(home("12 Main St", { street2: "Apt 1" }))).not.toBe(householdKey(home("12 Main St", { street2: "Apt 2" })));
  });
});

describe("learnableReturnAddress", () => {
  const box = "Acme, PO Box 7, Springfield, IL 62701";

  it("learns an address two households gave, in the first person's spelling", () => {
    expect(
      learnableReturnAddress(
        [
          { address: "ACME INC, P.O. Box 7, Springfield, IL 62701", home: home("14 Main St"), at: at(2) },
          { address: box, home: home("12 Main St"), at: at(1) },
        ],
        new Set(),
      ),
    ).toEqual({ address: box, key: returnAddressKey(box), households: 2 });
  });

  it("does not learn from one household, even from two of its accounts", () => {
    const confirmations = [
      { address: box, home: home("12 Main St"), at: at(1) },
      { address: box, home: home("12 MAIN STREET"), at: at(2) },
    ];
    expect(learnableReturnAddress(confirmations, new Set())).toBeNull();
  });

  it("does not learn an address staff refused", () => {
    const confirmations = [
      { address: box, home: home("12 Main St"), at: at(1) },
      { address: box, home: home("14 Main St"), at: at(2) },
    ];
    expect(learnableReturnAddress(confirmations, new Set([returnAddressKey(box)]))).toBeNull();
  });

  it("takes the address most households gave", () => {
    const other = "Acme, 1 Long St, Springfield, IL 62701";
    const confirmations = [
      { address: box, home: home("1 Main St"), at: at(1) },
      { address: box, home: home("2 Main St"), at: at(2) },
      { address: other, home: home("3 Main St"), at: at(3) },
      { address: other, home: home("4 Main St"), at: at(4) },
      { address: other, home: home("5 Main St"), at: at(5) },
    ];
    expect(learnableReturnAddress(confirmations, new Set())).toMatchObject({ address: other, households: 3 });
  });
});

describe("a learned channel", () => {
  it("says where it came from and when, and is known as learned", () => {
    const channel = learnedChannel({ address: "Acme, PO Box 7, Springfield, IL 62701", key: "k", households: 2 }, "2026-11-30");
    expect(channel).toEqual({
      kind: "mail",
      value: "Acme, PO Box 7, Springfield, IL 62701",
      source: "return address confirmed by 2 households",
      checked: "2026-11-30",
    });
    expect(isLearnedChannel(channel)).toBe(true);
    expect(isLearnedChannel({ kind: "mail", value: "x", source: "https://acme.example/privacy" })).toBe(false);
  });
});

describe("postalAddressesRemoved", () => {
  it("names the postal addresses staff removed or corrected, not those kept", () => {
    const before = [
      { kind: "mail" as const, value: "Acme, PO Box 7, Springfield, IL 62701" },
      { kind: "mail" as const, value: "Acme, 1 Long St, Springfield, IL 62701" },
      { kind: "email" as const, value: "optout@acme.example" },
    ];
    const after = [
      { kind: "mail" as const, value: "ACME, P.O. Box 7, Springfield, IL 62701" },
      { kind: "mail" as const, value: "Acme, 2 Long St, Springfield, IL 62701" },
    ];
    expect(postalAddressesRemoved(before, after)).toEqual(["Acme, 1 Long St, Springfield, IL 62701"]);
  });
});

describe("the key of a sender typed by name", () => {
  it("is the same for spellings that differ in case, punctuation, spaces and a company suffix", () => {
    expect(typedSenderKey("Sunrise Dental Group, LLC")).toBe("sunrise dental group");
    expect(typedSenderKey("  SUNRISE   dental group inc. ")).toBe("sunrise dental group");
    expect(typedSenderKey("Sunrise Dental Group")).toBe(typedSenderKey("sunrise-dental group"));
  });

  it("keeps apart names that differ in a word", () => {
    expect(typedSenderKey("Sunrise Dental Group")).not.toBe(typedSenderKey("Sunrise Dental"));
    expect(typedSenderKey("Co-op Market")).toBe("co op market");
  });
});
