import { describe, expect, it } from "vitest";
import { AGENT_PERMISSION_ALLOWS } from "~/domain/agent-permission";
import { letterOfRequest, writeOptOutLetter, type OptOutLetterInput, type PostalAddress } from "~/domain/opt-out-letter";
import { lawById } from "~/domain/state-privacy-laws";

const home: PostalAddress = { street1: "12 N MAIN ST", street2: null, city: "LOS ANGELES", state: "CA", zipCode: "90012" };
const base: OptOutLetterInput = {
  senderName: "Acme Catalogs",
  holder: { fullName: "Jane Q Doe", address: home },
  household: [],
  date: new Date("2027-03-01T17:00:00Z"),
  timeZone: "America/Los_Angeles",
};
const letter = (overrides: Partial<OptOutLetterInput> = {}) => writeOptOutLetter({ ...base, ...overrides });
const california = lawById("ca-ccpa")!;
const colorado = lawById("co-cpa")!;
const permission = { typedName: "jane  q doe", signedAt: new Date("2027-01-10T20:00:00Z"), allows: AGENT_PERMISSION_ALLOWS };

describe("the second request", () => {
  const second = letter({ followUp: { kind: "second", citation: "sent by letter on 01/05/2027 and delivered on 01/09/2027" } });

  it("cites the first and asks again, right after the greeting, claiming nothing about the mail since without evidence", () => {
    const paragraphs = second.split("\n\n");
    expect(paragraphs[2]).toBe(
      "This is my second request. My first request was sent by letter on 01/05/2027 and delivered on 01/09/2027. Please act on it now.",
    );
    expect(second).toContain("Please remove my full name and address from your direct mailing list and add them to your Do Not Mail list.");
  });

  it("says exactly what evidence exists: the piece by its day, the person's report as their own (decision 0065)", () => {
    const cited = letter({
      followUp: {
        kind: "second",
        citation: "sent on 01/05/2027",
        evidence: "Since then, a piece from you arrived on 03/02/2027, as the Postal Service's Informed Delivery showed.",
      },
    });
    expect(cited.split("\n\n")[2]).toBe(
      "This is my second request. My first request was sent on 01/05/2027. Since then, a piece from you arrived on 03/02/2027, as the Postal Service's Informed Delivery showed. Please act on it now.",
    );
    expect(cited).not.toContain("kept coming");
  });

  it("claims nothing under a law", () => {
    expect(second).not.toMatch(/authorized agent|Authorization:|Civ\. Code/);
  });

  it("is the first letter plus its citation: nothing else changes", () => {
    const first = letter();
    expect(second.replace(/\n\nThis is my second request\.[^\n]*/, "")).toBe(first);
  });
});

describe("the request under a state law", () => {
  it("is sent as the person's authorized agent under the law and its statute", () => {
    const text = letter({ followUp: { kind: "legal", law: california, asks: "deleteAndOptOut", permission } });
    expect(text).toContain(
      "This is a request under the California Consumer Privacy Act (Cal. Civ. Code § 1798.100 et seq., as amended by the California Privacy Rights Act of 2020). Quiet Mailbox sends it for me, as my authorized agent",
    );
  });

  it("asks to delete and to stop selling or sharing where the law allows it, and states the deadline", () => {
    const text = letter({ followUp: { kind: "legal", law: california, asks: "deleteAndOptOut", permission } });
    expect(text).toContain("I ask you to delete the personal information you hold about me, and not to sell or share it.");
    expect(text).toContain(`you must respond within ${california.responseInWords}.`);
  });

  it("asks only to opt out where the law lets an agent do no more", () => {
    const text = letter({ followUp: { kind: "legal", law: colorado, asks: "optOut", permission } });
    expect(text).toContain("I opt out of the sale of my personal information and of its processing for targeted advertising.");
    expect(text).not.toContain("delete the personal information");
    expect(text).toContain("Under the Colorado Privacy Act, you must respond within 45 days after receipt");
  });

  it("attaches the permission: the name typed, the day signed in the person's zone, and what it allows", () => {
    const text = letter({ followUp: { kind: "legal", law: california, asks: "deleteAndOptOut", permission } });
    expect(text.split("\n\n").at(-1)).toBe(`Authorization: I, jane q doe, signed on 01/10/2027: ${AGENT_PERMISSION_ALLOWS}`);
  });

  it("goes through letterOfRequest too, from the request's own facts, dated the day it was followed up", () => {
    const stored = {
      ...home,
      senderName: "Acme Catalogs",
      fullName: "Jane Q Doe",
      customerNumber: null,
      keyCode: null,
      recipientIds: null,
      queuedAt: new Date("2026-09-01T12:00:00Z"),
    };
    const legal = letterOfRequest(
      { ...stored, followUpStep: 2, followUpAt: new Date("2026-12-01T18:00:00Z"), legalLawId: colorado.id, permission },
      [],
      { today: base.date, timeZone: "America/Los_Angeles" },
    );
    expect(legal).toContain("Authorization: I, jane q doe");
    expect(legal).toContain("12/01/2026");
    // Without the permission in force, the legal letter is not written: the second request's, at most.
    const revoked = letterOfRequest(
      { ...stored, followUpStep: 2, legalLawId: colorado.id, permission: null, firstRequestCitation: "sent on 09/01/2026" },
      [],
      { today: base.date, timeZone: "America/Los_Angeles" },
    );
    expect(revoked).not.toContain("Authorization:");
    expect(revoked).toContain("My first request was sent on 09/01/2026");
    const plain = letterOfRequest(stored, [], { today: base.date, timeZone: "America/Los_Angeles" });
    expect(plain).not.toContain("My first request");
    expect(plain).toContain("09/01/2026");
  });
});

describe("a charity's letter", () => {
  it("keeps a donor, mailing at most N times a year, and asks to stop trading the name", () => {
    const text = letter({ senderName: "Friends of the Park", charity: { donor: true, mailingsPerYear: 2 } });
    expect(text).toContain(
      "I support your work and want to stay a donor. Please keep me on your donor file, and mail me no more than 2 times a year.",
    );
    expect(text).toContain("Please stop trading my name: do not rent, exchange or share it with other organizations.");
    expect(text).not.toContain("Do Not Mail list");
    expect(text).not.toContain("so that no further mail is sent");
  });

  it("says once a year, no appeals at all, or less often, as the donor chose", () => {
    expect(letter({ charity: { donor: true, mailingsPerYear: 1 } })).toContain("mail me no more than once a year.");
    expect(letter({ charity: { donor: true, mailingsPerYear: 0 } })).toContain("send me no appeals by mail: only receipts for my gifts.");
    expect(letter({ charity: { donor: true, mailingsPerYear: null } })).toContain("and mail me less often.");
  });

  it("asks someone who does not give to stop mailing, and still to stop trading the name", () => {
    for (const donor of [false, null]) {
      const text = letter({ charity: { donor, mailingsPerYear: 4 } });
      expect(text).toContain("add them to your Do Not Mail list.");
      expect(text).toContain("do not sell, rent, exchange or share my name");
      expect(text).toContain("with any other organization, your affiliates included.");
      expect(text).not.toContain("4 times a year");
    }
  });
});
