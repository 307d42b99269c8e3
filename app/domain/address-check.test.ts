import { describe, expect, it } from "vitest";
import { ADDRESS_DOUBT_MESSAGES, DELIVERABILITIES, judgeAddress, wantsAddressAsTyped, KEEP_AS_TYPED } from "./address-check";

const address = { street1: "12 MAIN ST", street2: "", city: "SPRINGFIELD", state: "IL", zipCode: "62701" };

describe("judgeAddress", () => {
  it("accepts what the offline standardizer finds well formed as written in the Postal Service's form, never as verified", () => {
    expect(judgeAddress({ kind: "offline", problems: [], address })).toEqual({ kind: "accepted", check: "standardized", address });
  });

  it("puts each offline problem next to its field and says what to do in the form's message", () => {
    const verdict = judgeAddress({
      kind: "offline",
      problems: [{ field: "zipCode", message: "The ZIP code 10001 is not in IL." }],
      address,
    });
    expect(verdict).toEqual({
      kind: "doubtful",
      doubt: { fieldErrors: { zipCode: ["The ZIP code 10001 is not in IL."] }, formErrors: [ADDRESS_DOUBT_MESSAGES.summary] },
    });
  });

  it("calls an address verified only when the service says it is delivered to", () => {
    const verdicts = Object.fromEntries(
      DELIVERABILITIES.map((deliverability) => [deliverability, judgeAddress({ kind: "service", deliverability, address })]),
    );
    expect(verdicts.deliverable).toEqual({ kind: "accepted", check: "verified", address });
    // An unneeded unit is still delivered.
    expect(verdicts.deliverable_unnecessary_unit).toEqual({ kind: "accepted", check: "verified", address });
    expect(verdicts.deliverable_missing_unit).toMatchObject({
      kind: "doubtful",
      doubt: { fieldErrors: { street2: [ADDRESS_DOUBT_MESSAGES.missingUnit] } },
    });
    expect(verdicts.deliverable_incorrect_unit).toMatchObject({
      kind: "doubtful",
      doubt: { fieldErrors: { street2: [ADDRESS_DOUBT_MESSAGES.incorrectUnit] } },
    });
    expect(verdicts.undeliverable).toMatchObject({
      kind: "doubtful",
      doubt: { fieldErrors: { street1: [ADDRESS_DOUBT_MESSAGES.undeliverable] } },
    });
  });

  it("leaves the choice to the person when no answer came", () => {
    expect(judgeAddress({ kind: "unavailable" })).toEqual({
      kind: "doubtful",
      doubt: { fieldErrors: {}, formErrors: [`${ADDRESS_DOUBT_MESSAGES.unavailable} ${ADDRESS_DOUBT_MESSAGES.summary}`] },
    });
  });
});

describe("wantsAddressAsTyped", () => {
  it("is true only for the keep-as-typed button's own value", () => {
    const form = (value?: string) => {
      const data = new FormData();
      if (value !== undefined) data.set(KEEP_AS_TYPED.name, value);
      return data;
    };
    expect(wantsAddressAsTyped(form(KEEP_AS_TYPED.value))).toBe(true);
    expect(wantsAddressAsTyped(form())).toBe(false);
    expect(wantsAddressAsTyped(form("no"))).toBe(false);
  });
});
