import { describe, expect, it } from "vitest";
import type { DkimResult } from "./dkim";
import { digestDayRefusal, isAuthenticDigest, isGoogleSigned, isOwnEmail, wantedSigners } from "./inbound-trust";

const USPS_FROM = { address: "uspsinformeddelivery@email.informeddelivery.usps.com", count: 1 };
const SUBJECT = "Your Daily Digest for Mon, 11/30 is ready to view";
const pass = (domain: string, signedHeaders = ["from", "to", "subject"]): DkimResult => ({
  domain,
  selector: "s1",
  status: "pass",
  signedHeaders,
});
const failed = (domain: string): DkimResult => ({ ...pass(domain), status: "fail" });

describe("a digest", () => {
  it("is the Postal Service's under a valid usps.com signature aligned with its From", () => {
    expect(isAuthenticDigest([pass("usps.com")], USPS_FROM, SUBJECT)).toBe(true);
    expect(isAuthenticDigest([pass("email.informeddelivery.usps.com")], USPS_FROM, SUBJECT)).toBe(true);
  });

  it("is not on its From alone, a failed signature, another domain's, or one that leaves From out", () => {
    expect(isAuthenticDigest([], USPS_FROM, SUBJECT)).toBe(false);
    expect(isAuthenticDigest([failed("usps.com")], USPS_FROM, SUBJECT)).toBe(false);
    expect(isAuthenticDigest([pass("evil.example")], USPS_FROM, SUBJECT)).toBe(false);
    expect(isAuthenticDigest([pass("usps.com", ["subject"])], USPS_FROM, SUBJECT)).toBe(false);
    expect(isAuthenticDigest([pass("usps.com")], { ...USPS_FROM, count: 2 }, SUBJECT)).toBe(false);
  });

  it("forwarded by hand is never, whatever its body or signature", () => {
    expect(isAuthenticDigest([pass("usps.com")], USPS_FROM, `Fwd: ${SUBJECT}`)).toBe(false);
    expect(isAuthenticDigest([pass("gmail.com")], { address: "jane.doe@gmail.com", count: 1 }, `Fwd: ${SUBJECT}`)).toBe(false);
  });

  it("claims a day within a day after receipt and three before, not before the account", () => {
    expect(digestDayRefusal("2026-11-30", "2026-11-30", "2026-01-01")).toBeNull();
    expect(digestDayRefusal("2026-12-01", "2026-11-30", "2026-01-01")).toBeNull();
    expect(digestDayRefusal("2031-01-01", "2026-11-30", "2026-01-01")).toBe("dated after it was received");
    expect(digestDayRefusal("2026-11-20", "2026-11-30", "2026-01-01")).toBe("dated days before it was received");
    expect(digestDayRefusal("2026-11-28", "2026-11-30", "2026-11-30")).toBe("dated before the account existed");
    expect(digestDayRefusal("2026-11-29", "2026-11-30", "2026-11-30")).toBeNull();
  });
});

describe("a photo emailed to the address", () => {
  const own = { address: "jane.doe@gmail.com", count: 1 };
  it("is the person's from their own address under their provider's signature", () => {
    expect(isOwnEmail([pass("gmail.com")], own, "Jane.Doe@gmail.com")).toBe(true);
  });
  it("is not from another address, unsigned, or signed by another domain", () => {
    expect(isOwnEmail([pass("gmail.com")], own, "someone.else@gmail.com")).toBe(false);
    expect(isOwnEmail([], own, "jane.doe@gmail.com")).toBe(false);
    expect(isOwnEmail([pass("evil.example")], own, "jane.doe@gmail.com")).toBe(false);
  });
});

describe("Gmail's forwarding confirmation", () => {
  const google = { address: "forwarding-noreply@google.com", count: 1 };
  it("is Google's only under google.com's signature", () => {
    expect(isGoogleSigned([pass("google.com")], google)).toBe(true);
    expect(isGoogleSigned([], google)).toBe(false);
    expect(isGoogleSigned([pass("evil.example")], google)).toBe(false);
  });
});

describe("signatures worth a DNS lookup", () => {
  it("are those aligned with the From domain", () => {
    const wanted = wantedSigners(USPS_FROM);
    expect(wanted("usps.com")).toBe(true);
    expect(wanted("evil.example")).toBe(false);
    expect(wantedSigners({ address: "", count: 0 })("usps.com")).toBe(false);
  });
});
