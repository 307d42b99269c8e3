import { describe, expect, it } from "vitest";
import {
  groupWorkQueue,
  postalLines,
  processedDetail,
  processingKindOf,
  requestKey,
  staffChannel,
  type QueueRow,
} from "~/domain/work-queue";

const acxiomChannels = [
  { kind: "web" as const, value: "https://www.acxiom.com/optout" },
  { kind: "email" as const, value: "consumeradvo@acxiom.com" },
  { kind: "mail" as const, value: "Acxiom LLC, P.O. Box 2000, Conway, AR 72033" },
];

const row = (overrides: Partial<QueueRow>): QueueRow => ({
  userId: "u1",
  id: "acxiom",
  senderName: "Acxiom",
  templateId: "acxiom",
  channels: acxiomChannels,
  acceptsAgent: "yes",
  premium: false,
  queuedAt: new Date("2026-11-01T00:00:00Z"),
  ...overrides,
});

describe("the channel staff use", () => {
  it("is email whatever the catalog says of agents, then mail, web and phone; mail first where email is left out", () => {
    expect(staffChannel(acxiomChannels)).toEqual({ kind: "email", value: "consumeradvo@acxiom.com" });
    expect(staffChannel(acxiomChannels, { emailFirst: false })).toEqual({
      kind: "mail",
      value: "Acxiom LLC, P.O. Box 2000, Conway, AR 72033",
    });
    expect(
      staffChannel([
        { kind: "phone", value: "1-800-555-0100" },
        { kind: "web", value: "https://x.test" },
      ]).kind,
    ).toBe("web");
    expect(staffChannel(null)).toEqual({ kind: "unknown", value: null });
  });

  it("decides what staff record and what the user reads", () => {
    expect(processingKindOf("email")).toBe("emailed");
    expect(processingKindOf("mail")).toBe("mailed");
    expect(processingKindOf("unknown")).toBe("mailed");
    expect(processingKindOf("phone")).toBe("filed");
    expect(processedDetail("mailed", "Acxiom", "mail")).toBe("We mailed your letter to Acxiom.");
    expect(processedDetail("filed", "Valpak", "web")).toBe("We filed your request on Valpak's opt-out form.");
    expect(processedDetail("filed", "Valpak", "phone")).toBe("We called Valpak with your request.");
  });
});

describe("postal lines", () => {
  it("keeps the city, state and zip together on the last line", () => {
    expect(postalLines("Acxiom LLC, Consumer Care Advocate, P.O. Box 2000, Conway, AR 72033")).toEqual([
      "Acxiom LLC",
      "Consumer Care Advocate",
      "P.O. Box 2000",
      "Conway, AR 72033",
    ]);
    expect(postalLines("Somewhere without a zip, Town")).toEqual(["Somewhere without a zip", "Town"]);
  });
});

describe("grouping", () => {
  it("keeps the order the query gives (a group comes where its first request does), groups custom senders by name, and counts premium and oldest", () => {
    const rows = [
      row({
        userId: "p",
        premium: true,
        id: "epsilon",
        templateId: "epsilon",
        senderName: "Epsilon",
        queuedAt: new Date("2026-11-20T00:00:00Z"),
      }),
      row({ userId: "a", queuedAt: new Date("2026-11-02T00:00:00Z") }),
      row({ userId: "b", id: "c1", templateId: null, senderName: "Garden  Goods", channels: null, acceptsAgent: null }),
      row({ userId: "c", id: "c2", templateId: null, senderName: "garden goods", channels: null, acceptsAgent: null }),
      row({ userId: "d", queuedAt: new Date("2026-10-30T00:00:00Z") }),
    ];
    const groups = groupWorkQueue(rows);
    expect(groups.map((group) => group.key)).toEqual(["epsilon", "acxiom", "custom:garden goods"]);
    expect(groups[0]!.premiumCount).toBe(1);
    expect(groups[1]!.requests.map((request) => request.userId)).toEqual(["a", "d"]);
    expect(groups[1]!.oldestQueuedAt).toEqual(new Date("2026-10-30T00:00:00Z"));
    expect(groups[2]!.channel.kind).toBe("unknown");
  });

  it("names a request by user and id", () => {
    expect(requestKey({ userId: "u-1", id: "acxiom" })).toBe("u-1:acxiom");
  });
});

describe("automatic sending", () => {
  it("offers staff the next channel after an address bounced, and says why", () => {
    const bounced = { kind: "email" as const, reason: "consumeradvo@acxiom.com bounced", since: Date.parse("2026-11-26T15:00:00Z") };
    const [group] = groupWorkQueue([row({ channels: acxiomChannels, acceptsAgent: "yes", channelProblems: [bounced] })]);
    expect(group).toMatchObject({
      channel: { kind: "mail", value: "Acxiom LLC, P.O. Box 2000, Conway, AR 72033" },
      channelProblems: [bounced],
    });
    // A problem of a kind the sender no longer lists is not shown.
    const webOnly = [{ kind: "web" as const, value: "https://isapps.acxiom.com/optout/optout.aspx" }];
    const [other] = groupWorkQueue([row({ channels: webOnly, acceptsAgent: "yes", channelProblems: [bounced] })]);
    expect(other).toMatchObject({ channel: { kind: "web" }, channelProblems: [] });
  });
});
