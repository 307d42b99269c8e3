import { describe, expect, it } from "vitest";
import {
  AGENT_PERMISSION_ALLOWS,
  asksWithinPermission,
  FIRST_AGENT_PERMISSION_ALLOWS,
  nothingToSignIn,
  permissionLines,
  SECOND_AGENT_PERMISSION_ALLOWS,
  typedNameMatches,
} from "./agent-permission";

const ON = new Date("2026-11-29T12:00:00Z");

describe("typedNameMatches", () => {
  it.each([
    ["Frank J Moreno", "Frank J Moreno"],
    ["  frank   j  MORENO ", "Frank J Moreno"],
    ["Frank Moreno", "Frank J Moreno"],
    ["frank  moreno", "Frank J Moreno"],
    ["Frank J. Moreno", "Frank J Moreno"],
    ["Frank J Moreno", "Frank J. Moreno"],
    ["Frank J Moreno", "Frank James Moreno"],
    ["Frank Moreno", "Frank James Moreno"],
    ["Ada Lovelace", "Ada Lovelace"],
  ])("takes %j for the account's %j", (typed, fullName) => {
    expect(typedNameMatches(typed, fullName)).toBe(true);
  });

  it.each([
    ["", "Frank J Moreno"],
    ["   ", "Frank J Moreno"],
    ["Frank", "Frank J Moreno"],
    ["Moreno", "Frank J Moreno"],
    ["Frank K Moreno", "Frank J Moreno"],
    ["Frank Morena", "Frank J Moreno"],
    ["Fran J Moreno", "Frank J Moreno"],
    ["Frank J Moreno", "Frank Moreno"],
    ["Charles Babbage", "Ada Lovelace"],
    ["Frank Joseph Moreno", "Frank James Moreno"],
  ])("refuses %j for the account's %j", (typed, fullName) => {
    expect(typedNameMatches(typed, fullName)).toBe(false);
  });
});

describe("the words people sign", () => {
  it("are a plain list: what goes out, to whom, what the company may ask, and how to withdraw", () => {
    const [lead, ...items] = permissionLines(AGENT_PERMISSION_ALLOWS);
    expect(lead).toMatch(/^I give Quiet Mailbox permission to act as my authorized agent under my state's consumer privacy law/);
    expect(items.map((item) => item.split(":")[0])).toEqual(["What it sends", "To whom", "What the company may ask", "How to withdraw it"]);
    expect(AGENT_PERMISSION_ALLOWS).toContain("two requests to stop");
    expect(AGENT_PERMISSION_ALLOWS).toContain("only where my state's law reaches that company");
    expect(AGENT_PERMISSION_ALLOWS).not.toMatch(/dashboard|only for stopping|must answer|must respond/i);
  });

  it("reads an older text, signed as one paragraph, as that one paragraph", () => {
    expect(permissionLines(FIRST_AGENT_PERMISSION_ALLOWS)).toEqual([FIRST_AGENT_PERMISSION_ALLOWS]);
    expect(permissionLines(SECOND_AGENT_PERMISSION_ALLOWS)).toEqual([SECOND_AGENT_PERMISSION_ALLOWS]);
  });

  it("allow what the letters ask, the older texts as before", () => {
    for (const text of [AGENT_PERMISSION_ALLOWS, SECOND_AGENT_PERMISSION_ALLOWS, FIRST_AGENT_PERMISSION_ALLOWS]) {
      expect(asksWithinPermission(text, "deleteAndOptOut")).toBe("deleteAndOptOut");
      expect(asksWithinPermission(text, "optOut")).toBe("optOut");
    }
    expect(asksWithinPermission("as my agent", "optOut")).toBeNull();
  });
});

describe("nothingToSignIn", () => {
  it("asks for a signature where the law lets an agent ask, or will from a set day", () => {
    expect(nothingToSignIn("CA", ON)).toBeNull();
    expect(nothingToSignIn("co", ON)).toBeNull();
    expect(nothingToSignIn("TX", new Date("2024-10-01T12:00:00Z"))).toBeNull();
  });

  it("says in one sentence why there is nothing to sign where no law we hold lets an agent ask", () => {
    expect(nothingToSignIn("DC", ON)).toBe(
      "No state privacy law we have reviewed lets an agent ask a company anything for you in the District of Columbia, so there is nothing for you to sign.",
    );
    expect(nothingToSignIn("VA", ON)).toBe(
      "The Virginia Consumer Data Protection Act gives no authorized agent a right to act for an adult, so there is nothing for you to sign.",
    );
    expect(nothingToSignIn("MN", ON)).toMatch(
      /^Our sources do not settle whether an agent may act for you under the .+, so there is nothing for you to sign for now\.$/,
    );
    expect(nothingToSignIn("IL", ON)).toMatch(/in Illinois, so there is nothing for you to sign\.$/);
    expect(nothingToSignIn("", ON)).toMatch(/in your state, so there is nothing for you to sign\.$/);
  });
});
