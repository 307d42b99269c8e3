import { describe, expect, it } from "vitest";
import { AGENT_PERMISSION_ALLOWS, FIRST_AGENT_PERMISSION_ALLOWS, SECOND_AGENT_PERMISSION_ALLOWS } from "~/domain/agent-permission";
import {
  letterOfRequest,
  OWN_REQUESTS_LABEL,
  writeOptOutLetter,
  type FollowUpLetter,
  type OptOutLetterInput,
  type PostalAddress,
} from "~/domain/opt-out-letter";
import { lawById, legalAsksOf } from "~/domain/state-privacy-laws";

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

  it("says exactly what evidence exists: the piece by its day, the person's report as their own (decision 0064)", () => {
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
  const legal = (law = california, more: Partial<Extract<FollowUpLetter, { kind: "legal" }>> = {}) =>
    letter({
      followUp: { kind: "legal", law, asks: legalAsksOf(law), reach: "ifApplies", byNoticeMethod: false, permission, ...more },
    });
  /** The legal part: what comes before the own requests' label. */
  const legalPartOf = (text: string) => text.slice(text.indexOf("Part 1,"), text.indexOf(OWN_REQUESTS_LABEL));

  it("is sent as the person's authorized agent under the law, its statute and the agent's section", () => {
    expect(legal()).toContain(
      "Part 1, a request under the California Consumer Privacy Act (Cal. Civ. Code § 1798.100 et seq., as amended by the California Privacy Rights Act of 2020). Quiet Mailbox sends it for me, as my authorized agent under Cal. Code Regs. tit. 11, §§ 7026, 7063; my signed permission is at the end of this letter.",
    );
  });

  it("asks in California only what the statute gives, each with its section: delete what was collected from me, and opt out of sale and sharing", () => {
    expect(legal(california, { reach: "applies" })).toContain(
      "I ask you to delete the personal information you collected from me (Cal. Civ. Code § 1798.105(a)), and I opt out of the sale and sharing of my personal information (Cal. Civ. Code § 1798.120).",
    );
  });

  it("asks elsewhere only to opt out of sale, citing the section: no deletion, no targeted advertising", () => {
    const text = legal(colorado);
    expect(text).toContain(
      "If the Colorado Privacy Act applies to you, I opt out of the sale of my personal data (Colo. Rev. Stat. § 6-1-1306(1)(a)).",
    );
    expect(legalPartOf(text)).not.toMatch(/delete|targeted advertising/);
  });

  it("says 'if the Act applies to you' and never 'you must' where the law may not reach the sender", () => {
    for (const byNoticeMethod of [false, true]) {
      const text = legal(california, { reach: "ifApplies", byNoticeMethod });
      expect(text).toContain("If the California Consumer Privacy Act applies to you, I ask you to delete");
      expect(text).not.toMatch(/must/i);
    }
    expect(legal(california, { reach: "ifApplies", byNoticeMethod: true })).toContain(
      `If it does, the time it gives you to respond is ${california.responseInWords}.`,
    );
  });

  it("states a deadline only for a request sent the way the sender's privacy notice names", () => {
    const byNotice = legal(colorado, { reach: "applies", byNoticeMethod: true });
    expect(byNotice).toContain("Under the Colorado Privacy Act, you must respond within 45 days after receipt");
    const otherWay = legal(colorado, { reach: "applies", byNoticeMethod: false });
    expect(otherWay).not.toMatch(/must|within 45 days|respond/);
  });

  it("keeps the ordinary asks, apart and labelled as the person's own requests, and claims no law for them", () => {
    const text = legal(california, { reach: "applies", byNoticeMethod: true });
    const lawPart = legalPartOf(text);
    expect(lawPart).toMatch(/^Part 1,/);
    expect(lawPart).not.toMatch(/mailing list|Do Not Mail|catalog|suppression|affiliates|where you obtained/i);
    const ownPart = text.slice(text.indexOf(OWN_REQUESTS_LABEL), text.indexOf("Authorization:"));
    expect(ownPart).toContain(
      "Please remove my full name and address from your direct mailing list and add them to your Do Not Mail list.",
    );
    expect(ownPart).toContain("your affiliates included.");
    expect(ownPart).toContain("Please also tell me where you obtained my name and address");
    expect(ownPart).not.toMatch(/Act\b|law gives|under the law|you must/);
  });

  it("attaches the permission: the name typed, the day signed in the person's zone, and what it allows", () => {
    const text = legal();
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
    // Kept from before the reach was recorded: read as "if the Act applies", with no deadline.
    expect(legal).toContain("If the Colorado Privacy Act applies to you, I opt out of the sale of my personal data");
    expect(legal).not.toMatch(/must|within 45 days/);
    const surely = letterOfRequest(
      { ...stored, followUpStep: 2, legalLawId: colorado.id, permission, legalReach: "applies", legalByNoticeMethod: true },
      [],
      { today: base.date, timeZone: "America/Los_Angeles" },
    );
    expect(surely).toContain("you must respond within 45 days after receipt");
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

describe("the permission a legal letter carries", () => {
  const stored = {
    ...home,
    senderName: "Acme Catalogs",
    fullName: "Jane Q Doe",
    customerNumber: null,
    keyCode: null,
    recipientIds: null,
    queuedAt: new Date("2026-09-01T12:00:00Z"),
    followUpStep: 2,
    legalLawId: california.id,
    firstRequestCitation: "sent on 09/01/2026",
  };
  const write = (allows: string) =>
    letterOfRequest({ ...stored, permission: { ...permission, allows } }, [], { today: base.date, timeZone: "America/Los_Angeles" });

  it("names exactly what the letters ask: California's deletion and opt-out of sale and sharing, elsewhere the opt-out of sale", () => {
    expect(AGENT_PERMISSION_ALLOWS).toContain(
      "delete the personal information it collected from me and opts me out of the sale and sharing of my personal information",
    );
    expect(AGENT_PERMISSION_ALLOWS).toContain("it opts me out of the sale of my personal data");
    expect(AGENT_PERMISSION_ALLOWS).not.toMatch(/targeted advertising|stopping their mail/);
  });

  it("still carries a permission signed under the first words, which allowed deletion and a stop to selling or sharing", () => {
    const text = write(FIRST_AGENT_PERMISSION_ALLOWS);
    expect(text).toContain("I ask you to delete the personal information you collected from me");
    expect(text).toContain(`Authorization: I, jane q doe, signed on 01/10/2027: ${FIRST_AGENT_PERMISSION_ALLOWS}`);
  });

  it("still carries a permission signed under the second words, as they were signed", () => {
    const text = write(SECOND_AGENT_PERMISSION_ALLOWS);
    expect(text).toContain("I ask you to delete the personal information you collected from me");
    expect(text).toContain(`Authorization: I, jane q doe, signed on 01/10/2027: ${SECOND_AGENT_PERMISSION_ALLOWS}`);
  });

  it("prints the words signed now as their list, one item a line, under the signature", () => {
    const lines = write(AGENT_PERMISSION_ALLOWS).split("\n\n").at(-1)!.split("\n");
    expect(lines[0]).toBe(
      "Authorization: I, jane q doe, signed on 01/10/2027: I give Quiet Mailbox permission to act as my authorized agent under my state's consumer privacy law, as follows.",
    );
    expect(lines.slice(1).map((line) => line.slice(0, line.indexOf(":")))).toEqual([
      "- What it sends",
      "- To whom",
      "- What the company may ask",
      "- How to withdraw it",
    ]);
  });

  it("writes no legal request under words that allow none of it", () => {
    const text = write("I authorize Quiet Mailbox to read my mail.");
    expect(text).not.toMatch(/Authorization:|authorized agent|Part 1/);
    expect(text).toContain("My first request was sent on 09/01/2026");
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
