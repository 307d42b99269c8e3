import { describe, expect, it } from "vitest";
import { emailChannelProblem, emailEventDetail, emailEventOf, emailProblemForStaff, outcomesBelow } from "./email-tracking";

const RECEIVED = new Date("2026-11-26T15:00:00Z");
// Shaped as Postmark documents its Delivery and Bounce webhooks.
const DELIVERY = {
  RecordType: "Delivery",
  MessageID: "883953f4-6105-42a2-a16a-77a8eac79483",
  Recipient: "consumeradvo@acxiom.com",
  DeliveredAt: "2026-11-26T14:33:54.9070259Z",
  Details: "Test delivery webhook details",
};
const HARD_BOUNCE = {
  RecordType: "Bounce",
  ID: 42,
  Type: "HardBounce",
  TypeCode: 1,
  MessageID: "883953f4-6105-42a2-a16a-77a8eac79483",
  Description: "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
  Details: "Test bounce details",
  Email: "consumeradvo@acxiom.com",
  BouncedAt: "2026-11-26T13:28:10.2735393-04:00",
  Inactive: true,
};

describe("emailEventOf", () => {
  it("reads a delivery, keyed by its message and time", () => {
    expect(emailEventOf(DELIVERY, RECEIVED)).toEqual({
      key: `Delivery:${DELIVERY.MessageID}:${DELIVERY.DeliveredAt}`,
      kind: "delivered",
      messageId: DELIVERY.MessageID,
      occurredAt: new Date("2026-11-26T14:33:54.907Z"),
      reason: null,
    });
  });

  it("reads a hard bounce, keyed by the bounce's id, with Postmark's reason", () => {
    expect(emailEventOf(HARD_BOUNCE, RECEIVED)).toMatchObject({
      key: `Bounce:${HARD_BOUNCE.MessageID}:42`,
      kind: "bounced",
      occurredAt: new Date("2026-11-26T17:28:10.273Z"),
      reason: "HardBounce: The server was unable to deliver your message (ex: unknown user, mailbox not found).: Test bounce details",
    });
  });

  it("counts a bad address, or any bounce after which Postmark deactivated the address, as the address failing", () => {
    expect(emailEventOf({ ...HARD_BOUNCE, Type: "BadEmailAddress", TypeCode: 100000, Inactive: false })?.kind).toBe("bounced");
    expect(emailEventOf({ ...HARD_BOUNCE, Type: "Blocked", TypeCode: 100006, Inactive: true })?.kind).toBe("bounced");
  });

  it("reads a soft bounce, and every bounce Postmark stopped trying after, as undelivered", () => {
    for (const [Type, TypeCode] of [
      ["SoftBounce", 4096],
      ["Transient", 2],
      ["DnsError", 256],
      ["Unknown", 2048],
      ["Blocked", 100006],
      ["DMARCPolicy", 100009],
    ] as const) {
      expect(emailEventOf({ ...HARD_BOUNCE, Type, TypeCode, Inactive: false })?.kind).toBe("undelivered");
    }
  });

  it("keeps the notices about a message the server took apart: they change nothing", () => {
    for (const [Type, TypeCode] of [
      ["AutoResponder", 64],
      ["Unsubscribe", 16],
      ["AddressChange", 128],
      ["ChallengeVerification", 16384],
    ] as const) {
      expect(emailEventOf({ ...HARD_BOUNCE, Type, TypeCode, Inactive: false })?.kind).toBe("notice");
    }
  });

  it("reads a spam complaint", () => {
    expect(emailEventOf({ ...HARD_BOUNCE, RecordType: "SpamComplaint", Type: "SpamComplaint", TypeCode: 100001 })).toMatchObject({
      key: `SpamComplaint:${HARD_BOUNCE.MessageID}:42`,
      kind: "spamComplaint",
    });
  });

  it("acts on nothing else, and takes the time it was received when Postmark's is missing or unreadable", () => {
    expect(emailEventOf({ RecordType: "Open", MessageID: "x" })).toBeNull();
    expect(emailEventOf({ RecordType: "SubscriptionChange", MessageID: "x" })).toBeNull();
    expect(emailEventOf({ ...DELIVERY, DeliveredAt: "soon" }, RECEIVED)?.occurredAt).toEqual(RECEIVED);
    expect(emailEventOf({ ...DELIVERY, DeliveredAt: null }, RECEIVED)?.occurredAt).toEqual(RECEIVED);
  });
});

describe("outcomesBelow", () => {
  it("lets a bounce or a complaint replace a delivery, and never the other way round", () => {
    expect(outcomesBelow("delivered")).toEqual(["sent", "undelivered"]);
    expect(outcomesBelow("bounced")).toEqual(["sent", "undelivered", "delivered"]);
    expect(outcomesBelow("spamComplaint")).toEqual(["sent", "undelivered", "delivered"]);
    // A delivery reported after Postmark gave up outranks the giving up: the email arrived.
    expect(outcomesBelow("undelivered")).toEqual(["sent"]);
    expect(outcomesBelow("sent")).toEqual([]);
  });
});

describe("what people and staff read", () => {
  it("tells the person the sender's address bounced and staff are on it", () => {
    expect(emailEventDetail("bounced", "Acxiom")).toBe("Acxiom's address bounced; our staff are finding another way.");
    expect(emailEventDetail("bounced", "Acxiom", "letter")).toBe("Acxiom's address bounced; we are mailing your letter instead.");
    expect(emailEventDetail("bounced", "Acxiom", "ask")).toBe(
      "Acxiom's address bounced; we asked you for the return address printed on a piece of its mail.",
    );
    expect(emailEventDetail("delivered", "Acxiom")).toBe("Your request reached Acxiom's mailbox.");
    expect(emailEventDetail("notice", "Acxiom")).toBeNull();
    expect(emailEventDetail("undelivered", "Acxiom", "letter")).toBe(
      "Our email did not reach Acxiom's mail server, and Postmark stopped trying; we are mailing your letter instead.",
    );
    expect(emailEventDetail("undelivered", "Acxiom")).toBe(
      "Our email did not reach Acxiom's mail server, and Postmark stopped trying; our staff are finding another way.",
    );
  });

  it("gives staff the address, the message and Postmark's reason", () => {
    const event = emailEventOf(HARD_BOUNCE)!;
    expect(emailProblemForStaff(event, "consumeradvo@acxiom.com")).toBe(
      `Our email to consumeradvo@acxiom.com bounced (Postmark message ${HARD_BOUNCE.MessageID}): ${event.reason}. ` +
        "Find another way to reach the sender, or correct the address in the catalog.",
    );
    expect(emailChannelProblem(event, "consumeradvo@acxiom.com")).toBe(
      `consumeradvo@acxiom.com bounced (${event.reason}): correct the address, or mark it fixed, before requests are emailed to it again.`,
    );
    expect(emailChannelProblem({ kind: "spamComplaint", reason: null }, "consumeradvo@acxiom.com")).toMatch(
      /^consumeradvo@acxiom\.com reported our email as spam: /,
    );
  });
});
