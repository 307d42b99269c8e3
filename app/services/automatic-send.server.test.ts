import { describe, expect, it } from "vitest";
import { automaticSendOf, staffReasonText, whyRequestsWaitForStaff, type AutomaticSenderFacts } from "~/services/automatic-send.server";

const email = { kind: "email" as const, value: "optout@acme.example" };
const mail = { kind: "mail" as const, value: "Acme, PO Box 1, Springfield, IL 62701" };
const web = { kind: "web" as const, value: "https://acme.example/privacy" };
const phone = { kind: "phone" as const, value: "1-800-555-0100" };
const sender = (facts: Partial<AutomaticSenderFacts>): AutomaticSenderFacts => ({
  channels: [email, mail],
  acceptsAgent: "unknown",
  consumerFiles: false,
  ...facts,
});
const lob = { lettersThroughLob: true };

describe("how a request leaves with no one on the staff", () => {
  it("emails the person's own request whatever the catalog says of agents", () => {
    for (const acceptsAgent of ["yes", "no", "unknown", null] as const) {
      expect(automaticSendOf(sender({ acceptsAgent }), lob)).toEqual({ by: "email", to: email.value });
    }
  });

  it("mails a letter through Lob where no email address works, a web-form-only sender with a postal address among them", () => {
    expect(automaticSendOf(sender({ channels: [web, phone, mail] }), lob)).toEqual({ by: "mail", address: mail.value });
    expect(automaticSendOf(sender({ channelProblems: ["email"] }), lob)).toEqual({ by: "mail", address: mail.value });
  });

  it("leaves it to staff, saying why: no channel, a channel that stopped, a person who files, Lob not set up, a form or phone only", () => {
    const reasonOf = (facts: Partial<AutomaticSenderFacts>, lettersThroughLob = true) => {
      const choice = automaticSendOf(sender(facts), { lettersThroughLob });
      return choice.by === "staff" ? choice.reason : null;
    };
    expect(reasonOf({ channels: [] })).toBe("noChannel");
    expect(reasonOf({ channels: null })).toBe("noChannel");
    expect(reasonOf({ channelProblems: ["email", "mail"] })).toBe("channelStopped");
    expect(reasonOf({ consumerFiles: true })).toBe("personFiles");
    expect(reasonOf({ channels: [mail] }, false)).toBe("lobNotSetUp");
    expect(reasonOf({ channels: [web, phone] })).toBe("formOrPhoneOnly");
    const stopped = automaticSendOf(sender({ channels: [email], channelProblems: ["email"] }), lob);
    expect(stopped.by === "staff" && staffReasonText(stopped)).toContain("email address stopped working");
    expect(whyRequestsWaitForStaff(sender({ channels: [mail] }), false)).toContain("LOB_API_KEY");
    expect(whyRequestsWaitForStaff(sender({}), false)).toBeNull();
  });

  it("lets the agent field decide only a legal request: never alone to a sender that refuses agents, by email only where agents are taken", () => {
    expect(automaticSendOf(sender({ acceptsAgent: "no" }), { ...lob, legal: true })).toMatchObject({ by: "staff", reason: "agentRefused" });
    expect(automaticSendOf(sender({ acceptsAgent: "yes" }), { ...lob, legal: true })).toEqual({ by: "email", to: email.value });
    expect(automaticSendOf(sender({ acceptsAgent: "unknown" }), { ...lob, legal: true })).toEqual({ by: "mail", address: mail.value });
    expect(automaticSendOf(sender({ acceptsAgent: "unknown", channels: [email] }), { ...lob, legal: true })).toMatchObject({
      by: "staff",
      reason: "agentRefused",
    });
  });
});
