import { describe, expect, it } from "vitest";
import { senderAddressForLob } from "./letter-by-post";
import {
  RETURN_ADDRESS_WAIT_DAYS,
  SenderAddressSchema,
  returnAddressWait,
  senderAddressFromReading,
  senderAddressLine,
} from "./sender-address";

describe("the return address as one line", () => {
  it("is written in the catalog's form, which the letter reads back as Lob's fields", () => {
    const line = senderAddressLine("Williams-Sonoma, Inc.", {
      street1: "3250 VAN NESS AVE",
      street2: "STE 5",
      city: "SAN FRANCISCO",
      state: "ca",
      zipCode: "94109",
    });
    expect(line).toBe("Williams-Sonoma Inc., 3250 VAN NESS AVE STE 5, SAN FRANCISCO, CA 94109");
    expect(senderAddressForLob(line, "Williams-Sonoma")).toEqual({
      company: "Williams-Sonoma Inc.",
      address_line1: "3250 VAN NESS AVE STE 5",
      address_city: "SAN FRANCISCO",
      address_state: "CA",
      address_zip: "94109",
      address_country: "US",
    });
  });
});

describe("a return address read on a piece", () => {
  it("fills the form's fields under the sender's name", () => {
    expect(senderAddressFromReading("P.O. Box 11539, Des Moines, IA 50306", "L.L.Bean")).toEqual({
      company: "L.L.Bean",
      street1: "P.O. Box 11539",
      street2: "",
      city: "Des Moines",
      state: "IA",
      zipCode: "50306",
    });
  });

  it("is nothing to confirm when it does not end in a city, a state and a ZIP", () => {
    expect(senderAddressFromReading("P.O. Box 11539, Des Moines", "L.L.Bean")).toBeNull();
    expect(senderAddressFromReading("P.O. Box 11539, Des Moines, ZZ 50306", "L.L.Bean")).toBeNull();
  });
});

describe("the form", () => {
  it("names each missing or malformed field", () => {
    const result = SenderAddressSchema.safeParse({ company: " ", street1: "", city: "Des Moines", state: "Iowa", zipCode: "5030" });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(fields).toEqual({
      company: "Please enter the name printed above the return address.",
      street1: "Please enter the street address or P.O. Box.",
      zipCode: "Please enter a 5-digit ZIP code, or ZIP+4 like 62701-1234.",
    });
  });
});

describe("the wait for the person's answer", () => {
  it("is the person's for 7 days from the queuing, then staff's", () => {
    const queuedAt = new Date("2026-11-30T15:00:00Z");
    expect(RETURN_ADDRESS_WAIT_DAYS).toBe(7);
    expect(returnAddressWait({ queuedAt, cameBackAt: null }, new Date("2026-12-07T14:59:59Z"))).toMatchObject({ withStaff: false });
    expect(returnAddressWait({ queuedAt, cameBackAt: null }, new Date("2026-12-07T15:00:00Z"))).toEqual({
      askedAt: queuedAt,
      staffFrom: new Date("2026-12-07T15:00:00Z"),
      withStaff: true,
      cameBack: false,
    });
  });

  it("counts from the day the request came back, for a request that did", () => {
    const queuedAt = new Date("2026-11-01T15:00:00Z");
    const cameBackAt = new Date("2026-11-30T15:00:00Z");
    expect(returnAddressWait({ queuedAt, cameBackAt }, new Date("2026-12-07T14:59:59Z"))).toEqual({
      askedAt: cameBackAt,
      staffFrom: new Date("2026-12-07T15:00:00Z"),
      withStaff: false,
      cameBack: true,
    });
  });
});
