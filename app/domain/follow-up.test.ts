import { describe, expect, it } from "vitest";
import {
  firstRequestCitation,
  followUpCardText,
  followUpDetail,
  followUpNoticeEmail,
  nextFollowUp,
  senderReviewFinding,
  type FollowUpFacts,
} from "~/domain/follow-up";
import type { DeliveryEvidence } from "~/domain/request-evidence";
import { lawById } from "~/domain/state-privacy-laws";

const now = new Date("2027-03-01T15:00:00Z");
const timeZone = "America/New_York";
const facts = (overrides: Partial<FollowUpFacts> = {}): FollowUpFacts => ({
  followUpStep: 0,
  followUpHold: null,
  state: "CA",
  category: "catalogs",
  permissionInForce: false,
  byPerson: false,
  ...overrides,
});

describe("nextFollowUp", () => {
  it("sends a second request first, whatever the state", () => {
    expect(nextFollowUp(facts({ state: "IL" }), now)).toEqual({ kind: "second" });
  });

  it("then asks under the law where the state's law lets an agent ask, once the person said so, with the permission in force", () => {
    const next = nextFollowUp(facts({ followUpStep: 1, permissionInForce: true, byPerson: true }), now);
    expect(next.kind).toBe("legal");
    expect(next.kind === "legal" && next.law.state).toBe("CA");
  });

  it("without the person's word, only asks them, once (decision 0064)", () => {
    const next = nextFollowUp(facts({ followUpStep: 1, permissionInForce: true }), now);
    expect(next).toMatchObject({ kind: "hold", hold: "confirmationNeeded" });
    expect(nextFollowUp(facts({ followUpStep: 1, permissionInForce: true, followUpHold: "confirmationNeeded" }), now)).toEqual({
      kind: "none",
    });
    // A step the daily cap held was the person's already.
    expect(nextFollowUp(facts({ followUpStep: 1, permissionInForce: true, followUpHold: "dailyLimit" }), now).kind).toBe("legal");
  });

  it("holds for the permission where the law allows it but none is signed, once", () => {
    const next = nextFollowUp(facts({ followUpStep: 1, byPerson: true }), now);
    expect(next).toMatchObject({ kind: "hold", hold: "permissionNeeded" });
    expect(nextFollowUp(facts({ followUpStep: 1, followUpHold: "permissionNeeded" }), now)).toEqual({ kind: "none" });
  });

  it("goes to staff, saying why, where the law does not reach the sender: a bank, card issuer, lender, insurer, prescreened offer or mail processor", () => {
    for (const category of ["credit-cards", "loans", "insurance", "credit-offers", "mail-processor"]) {
      const next = nextFollowUp(facts({ followUpStep: 1, state: "CO", category, permissionInForce: true }), now);
      expect(next.kind, category).toBe("escalate");
      expect(next.kind === "escalate" && next.reason, category).toMatch(
        /no law lets us ask for you \(.*(Gramm-Leach-Bliley|Fair Credit Reporting|service provider)/,
      );
    }
  });

  it("asks under the law only as far as it reaches the sender: surely a data broker, a retailer only if it meets the thresholds", () => {
    const confirmed = { followUpStep: 1, permissionInForce: true, byPerson: true };
    expect(nextFollowUp(facts({ ...confirmed, category: "data-broker" }), now)).toMatchObject({ kind: "legal", reach: "applies" });
    expect(nextFollowUp(facts(confirmed), now)).toMatchObject({ kind: "legal", reach: "ifApplies" });
  });

  it("says in the history whether the law gives a deadline: only where it surely applies and the request went the notice's way", () => {
    const legal = { kind: "legal" as const, law: lawById("ca-ccpa")!, asks: "deleteAndOptOut" as const };
    expect(followUpDetail({ ...legal, reach: "applies" }, null, { byNoticeMethod: true })).toMatch(/; the law gives them 45 days$/);
    expect(followUpDetail({ ...legal, reach: "applies" })).toMatch(
      /no deadline is stated, since the law's clock starts only for a request made the way their privacy notice names$/,
    );
    expect(followUpDetail({ ...legal, reach: "ifApplies" }, null, { byNoticeMethod: true })).toMatch(
      /, if the law applies to them; if it does, it gives them 45 days$/,
    );
  });

  it("goes to staff where no law lets us ask, or the sender is exempt", () => {
    expect(nextFollowUp(facts({ followUpStep: 1, state: "VA", permissionInForce: true }), now).kind).toBe("escalate");
    expect(nextFollowUp(facts({ followUpStep: 1, state: "IL", permissionInForce: true }), now).kind).toBe("escalate");
    expect(nextFollowUp(facts({ followUpStep: 1, category: "charities", permissionInForce: true }), now).kind).toBe("escalate");
  });

  it("goes to staff after the legal request, and stops there", () => {
    expect(nextFollowUp(facts({ followUpStep: 2 }), now)).toMatchObject({ kind: "escalate", bySenderReview: true });
    expect(nextFollowUp(facts({ followUpStep: 3 }), now)).toEqual({ kind: "none" });
  });

  it("stops at a withdrawn permission, unless the person asks: then staff", () => {
    const revoked = facts({ followUpStep: 1, followUpHold: "permissionRevoked", permissionInForce: true });
    expect(nextFollowUp(revoked, now)).toEqual({ kind: "none" });
    // Only this person's own word stopped it: staff look at the request alone, not at the sender (decision 0091).
    expect(nextFollowUp({ ...revoked, byPerson: true }, now)).toMatchObject({ kind: "escalate", bySenderReview: false });
  });
});

describe("the words", () => {
  const law = lawById("ca-ccpa")!;

  it("cite the first request with its channel, address and delivery", () => {
    const letter: DeliveryEvidence = {
      kind: "letter",
      channel: "mail",
      to: "Acme, 1 Main St, Springfield, IL 62701",
      at: new Date("2027-01-05T15:00:00Z"),
      vendorId: "ltr_1",
      expectedDeliveryDate: "2027-01-09",
      events: [{ state: "delivered", at: new Date("2027-01-09T15:00:00Z"), detail: null }],
    };
    expect(firstRequestCitation([letter], letter.at, timeZone)).toBe(
      "sent on 01/05/2027 by mail to Acme, 1 Main St, Springfield, IL 62701, delivered on 01/09/2027, Lob letter id ltr_1",
    );
    expect(firstRequestCitation([], letter.at, timeZone)).toBe("sent on 01/05/2027");
    expect(followUpDetail({ kind: "second" }, "sent on 01/05/2027")).toBe(
      "Second request, free, citing your first request, sent on 01/05/2027",
    );
  });

  it("never cite a first letter that Lob did not mail", () => {
    const failed: DeliveryEvidence = {
      kind: "letter",
      channel: "mail",
      to: "Acme, 1 Main St, Springfield, IL 62701",
      at: new Date("2027-01-05T15:00:00Z"),
      vendorId: "ltr_1",
      expectedDeliveryDate: "2027-01-09",
      events: [{ state: "failed", at: new Date("2027-01-05T16:00:00Z"), detail: null }],
    };
    // Nothing went out after it: there is no first request to cite; it goes out again as the first.
    expect(firstRequestCitation([failed], failed.at, timeZone, null)).toBeNull();
    for (const state of ["rejected", "deleted"] as const) {
      expect(
        firstRequestCitation([{ ...failed, events: [{ state, at: failed.at, detail: null }] }], failed.at, timeZone, failed.at),
      ).toBeNull();
    }
    // Staff printed and mailed it later: that is the first request, with the day it left.
    const printedAt = new Date("2027-01-07T15:00:00Z");
    expect(firstRequestCitation([failed], printedAt, timeZone, printedAt)).toBe("sent on 01/07/2027");
    // An email that went before it is what is cited.
    const email: DeliveryEvidence = {
      kind: "email",
      channel: "email",
      to: "privacy@acme.test",
      at: new Date("2027-01-02T15:00:00Z"),
      vendorId: "pm-1",
      events: [],
    };
    expect(firstRequestCitation([email, failed], failed.at, timeZone, failed.at)).toBe(
      "sent on 01/02/2027 by email to privacy@acme.test, Postmark message id pm-1",
    );
  });

  it("say where the ladder is on the card", () => {
    const at = new Date("2027-03-01T15:00:00Z");
    const first = new Date("2027-01-05T15:00:00Z");
    const card = (overrides: Partial<Parameters<typeof followUpCardText>[0]>) =>
      followUpCardText(
        { followUpStep: 0, followUpAt: at, followUpHold: null, firstSentAt: first, firstRequestCitation: null, law: null, ...overrides },
        timeZone,
      );
    expect(card({})).toBeNull();
    expect(card({ followUpStep: 1 })?.text).toBe("Second request on 03/01/2027, free, citing your request of 01/05/2027");
    expect(card({ followUpStep: 1, firstSentAt: null, firstRequestCitation: "sent on 01/04/2027 by email" })?.text).toBe(
      "Second request on 03/01/2027, free, citing your request of 01/04/2027",
    );
    // A deadline only where the letter states one: the law surely reaches the sender and the request went the notice's way.
    expect(card({ followUpStep: 2, law })?.text).toBe("Request under the California Consumer Privacy Act on 03/01/2027");
    expect(card({ followUpStep: 2, law, deadlineStated: true })?.text).toBe(
      "Request under the California Consumer Privacy Act on 03/01/2027; the law gives them 45 days",
    );
    expect(card({ followUpStep: 1, followUpHold: "permissionNeeded", law })).toEqual({
      text: "Waiting for your permission: sign once in your account so we can ask under the California Consumer Privacy Act",
      link: "/account#agent-permission",
    });
    expect(card({ followUpStep: 2, followUpHold: "permissionRevoked", law })?.text).toBe("Follow-up stopped: you withdrew your permission");
    expect(card({ followUpStep: 3 })?.text).toBe("With our staff since 03/01/2027");
    expect(card({ followUpStep: 3, senderReviewedAt: new Date("2027-03-04T15:00:00Z") })?.text).toBe(
      "Our staff found on 03/04/2027 that they kept mailing after our requests: the history says what you can still do",
    );
  });
});

describe("staff's finding about a sender (decision 0091)", () => {
  const answeredAt = new Date("2027-03-04T15:00:00Z");
  const sender = { title: "Acme Catalogs", sourceUrl: "https://acme.example/privacy", sourceYear: 2026 };

  it("names the ways to ask the sender oneself, each with the page it was read from and when", () => {
    const finding = senderReviewFinding(
      {
        ...sender,
        channels: [
          { kind: "mail", value: "PO Box 1, Dayton, OH 45401" },
          { kind: "phone", value: "1-800-555-0100" },
          { kind: "web", value: "https://acme.example/optout", source: "https://acme.example/contact", checked: "2026-10-02" },
          { kind: "email", value: "privacy@acme.example" },
        ],
      },
      answeredAt,
      timeZone,
    );
    expect(finding).toBe(
      "On 03/04/2027 our staff checked how we reach Acme Catalogs: the way we used is right, and they kept mailing after the requests we sent in your name. " +
        "We cannot make them stop, so we will not send the same request again. " +
        "You can still ask them yourself: by phone at 1-800-555-0100 (from https://acme.example/privacy, read in 2026); " +
        "on their web form at https://acme.example/optout (from https://acme.example/contact, read 2026-10-02).",
    );
  });

  it("says so plainly when the catalog knows no other way", () => {
    const finding = senderReviewFinding(
      { ...sender, sourceUrl: null, sourceYear: null, channels: [{ kind: "mail", value: "PO Box 1, Dayton, OH 45401" }] },
      answeredAt,
      timeZone,
    );
    expect(finding).toMatch(/ We know no other way to reach them, by phone or web form\.$/);
    expect(finding).not.toContain("You can still ask them yourself");
  });

  it("reaches the person by email, ending the request's ladder, with one period however the finding ends", () => {
    const email = followUpNoticeEmail(
      {
        senderName: "Acme Catalogs",
        status: "senderReviewed",
        detail: "We cannot make them stop.",
        at: answeredAt,
        hold: null,
        law: null,
        requiredDays: 30,
        requestUrl: "https://quietmailbox.test/dashboard#request-acme",
        permissionUrl: "https://quietmailbox.test/account#agent-permission",
        unsubscribeUrl: "https://quietmailbox.test/reminders/unsubscribe?token=t",
      },
      timeZone,
    );
    expect(email?.subject).toBe("What our staff found about Acme Catalogs");
    expect(email?.text).toContain("On 03/04/2027, about Acme Catalogs: We cannot make them stop.\n");
    expect(email?.text).not.toContain("stop..");
    expect(email?.text).toContain("We send nothing more to them for this request.");
  });
});

describe("the email about a step", () => {
  const facts = {
    senderName: "Macy's",
    status: "followUpHeld",
    detail: "Waiting for your permission to ask under the California Consumer Privacy Act",
    at: new Date("2026-11-25T20:00:00Z"),
    hold: "permissionNeeded" as const,
    law: lawById("ca-ccpa"),
    requiredDays: 30,
    requestUrl: "https://quietmailbox.test/dashboard#request-macys",
    permissionUrl: "https://quietmailbox.test/account#agent-permission",
    unsubscribeUrl: "https://quietmailbox.test/reminders/unsubscribe?token=t",
  };

  it("asks the person to sign while the step waits for their permission, and says nothing once it no longer does", () => {
    const email = followUpNoticeEmail(facts, "America/Los_Angeles");
    expect(email?.subject).toBe("Sign once so we can ask Macy's under the California Consumer Privacy Act");
    expect(email?.text).toContain("On 11/25/2026, about Macy's: Waiting for your permission");
    expect(email?.text).toContain("https://quietmailbox.test/account#agent-permission");
    expect(email?.text).toContain("To stop emails about these steps:\nhttps://quietmailbox.test/reminders/unsubscribe?token=t");
    expect(followUpNoticeEmail({ ...facts, hold: null }, "America/Los_Angeles"), "signed since").toBeNull();
  });

  it("names a weekly reminder as one, with how many are left to come", () => {
    const email = followUpNoticeEmail({ ...facts, reminder: { week: 2, of: 4 } }, "America/Los_Angeles");
    expect(email?.subject).toBe("Reminder: Sign once so we can ask Macy's under the California Consumer Privacy Act");
    expect(email?.text).toContain("This is reminder 2 of 4");
  });
});
