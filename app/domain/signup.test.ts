import { describe, expect, it } from "vitest";
import { addressChanges, isFullName, SignInSchema, NameAndAddressSchema, Step2Schema } from "~/domain/signup";

const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("step 1", () => {
  it("gives the product rules' message for each missing field", () => {
    expect(messages(NameAndAddressSchema.safeParse({}))).toEqual({
      fullName: "Please enter your full name.",
      street1: "Please enter the street address.",
      city: "Please enter the city name.",
      state: "Please enter the state.",
      zipCode: "Please enter the zip code.",
    });
  });

  it("wants at least two words in the full name", () => {
    expect(isFullName("Ada")).toBe(false);
    expect(isFullName("  Ada   Lovelace ")).toBe(true);
    expect(
      messages(NameAndAddressSchema.safeParse({ fullName: "Ada", street1: "1 A St", city: "X", state: "IL", zipCode: "62701" })),
    ).toEqual({
      fullName: "Please enter your full name.",
    });
  });

  it("asks to shorten a field longer than any real name or address line, and keeps the product rules' message for a missing one", () => {
    const long = {
      fullName: `Ada ${"L".repeat(100)}`,
      street1: "1".repeat(101),
      street2: "2".repeat(101),
      city: "C".repeat(61),
      state: "S".repeat(41),
      zipCode: "6".repeat(13),
    };
    expect(messages(NameAndAddressSchema.safeParse(long))).toEqual({
      fullName: "Please shorten the full name to 100 characters.",
      street1: "Please shorten the street address to 100 characters.",
      street2: "Please shorten the apartment, suite or unit to 100 characters.",
      city: "Please shorten the city to 60 characters.",
      state: "Please shorten the state to 40 characters.",
      zipCode: "Please shorten the ZIP code to 12 characters.",
    });
    expect(
      NameAndAddressSchema.safeParse({
        ...long,
        fullName: "Ada Lovelace",
        street1: "12 Main St",
        street2: "",
        city: "Springfield",
        state: "IL",
        zipCode: "62701-1234",
      }).success,
    ).toBe(true);
  });

  it("refuses a state that is not a U.S. state or territory and a ZIP that is not 5 digits or ZIP+4, accepting names and codes in any case", () => {
    const base = { fullName: "Ada Lovelace", street1: "12 Main St", city: "Springfield", state: "IL", zipCode: "62701" };
    expect(messages(NameAndAddressSchema.safeParse({ ...base, state: "XX", zipCode: "627" }))).toEqual({
      state: "Please enter a U.S. state or territory, like IL or Illinois.",
      zipCode: "Please enter a 5-digit ZIP code, or ZIP+4 like 62701-1234.",
    });
    for (const zipCode of ["abc", "<b>62701</b>", "62701-12", "6270"]) {
      expect(messages(NameAndAddressSchema.safeParse({ ...base, zipCode })).zipCode).toBe(
        "Please enter a 5-digit ZIP code, or ZIP+4 like 62701-1234.",
      );
    }
    for (const [state, zipCode] of [
      ["il", "62701"],
      ["Illinois", "62701-1234"],
      ["puerto rico", "00901"],
      ["AE", "09001"],
      [" IL", "62701 1234"],
    ]) {
      expect(NameAndAddressSchema.safeParse({ ...base, state, zipCode }).success, `${state} ${zipCode}`).toBe(true);
    }
  });

  it("treats blank as missing and street2 as optional", () => {
    const result = NameAndAddressSchema.safeParse({ fullName: "Ada Lovelace", street1: "   ", city: "X", state: "IL", zipCode: "62701" });
    expect(messages(result)).toEqual({ street1: "Please enter the street address." });
  });
});

describe("step 2 and sign in", () => {
  it("gives the product rules' messages", () => {
    expect(messages(Step2Schema.safeParse({}))).toEqual({
      email: "Please enter your email address.",
      password: "Please enter the password.",
    });
    expect(messages(Step2Schema.safeParse({ email: "not-an-email", password: "abc" }))).toEqual({
      email: "Invalid email address. It should look like name@example.com.",
      password: "Password should be at least 6 characters.",
    });
  });

  it("accepts an email in any case", () => {
    expect(Step2Schema.safeParse({ email: "Ada@Example.COM", password: "secret1" }).success).toBe(true);
    expect(SignInSchema.safeParse({ email: "ada@example.com", password: "x" }).success).toBe(true);
  });
});

describe("addressChanges", () => {
  it("lists the fields verification changed", () => {
    const entered = { street1: "12 north main street", street2: "apartment 4b", city: "Springfield", state: "illinois", zipCode: "62701" };
    const verified = { street1: "12 N MAIN ST", street2: "APT 4B", city: "SPRINGFIELD", state: "IL", zipCode: "62701" };
    expect(addressChanges(entered, verified).map((change) => change.field)).toEqual(["street1", "street2", "city", "state"]);
  });
});
