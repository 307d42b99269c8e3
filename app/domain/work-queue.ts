// The staff work queue: requests in queue that no one has sent yet, grouped by sender and by the
// channel staff use for it, premium users first and then oldest first. Pure, so the rules have
// unit tests (work-queue.test.ts).
import type { SenderChannel } from "../../drizzle/schema";

export type ProcessingKind = "emailed" | "mailed" | "filed";

/** How staff reach a sender: the channel they act on, or "unknown" for a custom sender to look up. */
export type StaffChannel = { kind: SenderChannel["kind"] | "unknown"; value: string | null };

/**
 * The channel staff use: email first (one click, and replies come back to the request), then mail,
 * then a web form, then the phone. The person's own request goes by email whatever the catalog
 * says of agents (decision 0066); `emailFirst: false` leaves email out, for a request under the law
 * as the person's agent to a sender not known to take agents' requests by email.
 */
export function staffChannel(channels: SenderChannel[] | null, { emailFirst = true }: { emailFirst?: boolean } = {}): StaffChannel {
  const order: SenderChannel["kind"][] = emailFirst ? ["email", "mail", "web", "phone"] : ["mail", "web", "phone"];
  for (const kind of order) {
    const channel = channels?.find((candidate) => candidate.kind === kind);
    if (channel) return { kind, value: channel.value };
  }
  return { kind: "unknown", value: null };
}

/** A sender's channel that stopped working, with the reason staff read (decision 0054). */
export type ChannelProblemNote = { kind: SenderChannel["kind"]; reason: string; /** Epoch milliseconds. */ since: number };

/** The sender's channels, less those of a kind that stopped working. */
function workingChannels(channels: SenderChannel[] | null, problems: SenderChannel["kind"][] | null | undefined) {
  return (channels ?? []).filter((channel) => !problems?.includes(channel.kind));
}

/** What staff record for a group, by channel: emailing is the Send button's job. */
export function processingKindOf(channel: StaffChannel["kind"]): ProcessingKind {
  if (channel === "email") return "emailed";
  if (channel === "web" || channel === "phone") return "filed";
  return "mailed";
}

/** What staff may record for a channel: a sender not in the catalog is mailed or filed, as staff find it. */
export function allowedKinds(channel: StaffChannel["kind"]): ProcessingKind[] {
  return channel === "unknown" ? ["mailed", "filed"] : [processingKindOf(channel)];
}

/** What the user reads in the request's history once staff have sent it. */
export function processedDetail(kind: ProcessingKind, senderName: string, channel: StaffChannel["kind"]): string {
  if (kind === "emailed") return `We emailed your request to ${senderName}.`;
  if (kind === "mailed") return `We mailed your letter to ${senderName}.`;
  return channel === "phone" ? `We called ${senderName} with your request.` : `We filed your request on ${senderName}'s opt-out form.`;
}

/** "Acxiom LLC, P.O. Box 2000, Conway, AR 72033" as envelope lines, the city, state and zip on the last. */
export function postalLines(address: string): string[] {
  const parts = address.split(/,\s*/).filter(Boolean);
  const last = parts.at(-1) ?? "";
  if (parts.length >= 3 && /^[A-Z]{2}\s+\d{5}(-\d{4})?$/.test(last)) {
    return [...parts.slice(0, -2), `${parts.at(-2)}, ${last}`];
  }
  return parts;
}

export type QueueRow = {
  userId: string;
  id: string;
  senderName: string;
  templateId: string | null;
  channels: SenderChannel[] | null;
  acceptsAgent: "yes" | "no" | "unknown" | null;
  /** The sender's channels that stopped working (a bounce, letters returned) until staff fix them. */
  channelProblems?: ChannelProblemNote[] | null;
  premium: boolean;
  queuedAt: Date | null;
};

export type QueueGroup<Row extends QueueRow> = {
  /** The template id, or "custom:" and the sender's name in lower case. */
  key: string;
  senderName: string;
  channel: StaffChannel;
  /** The sender's listed channels that stopped working, for staff to read (decisions 0053 and 0054). */
  channelProblems: ChannelProblemNote[];
  premiumCount: number;
  oldestQueuedAt: Date | null;
  requests: Row[];
};

export function groupKeyOf(row: Pick<QueueRow, "templateId" | "senderName">): string {
  return row.templateId ?? `custom:${row.senderName.trim().toLowerCase().replace(/\s+/g, " ")}`;
}

/**
 * Groups rows that arrive premium first, then oldest first; a group comes as early as its most
 * urgent request, and keeps that order inside.
 */
export function groupWorkQueue<Row extends QueueRow>(rows: Row[]): QueueGroup<Row>[] {
  const groups = new Map<string, QueueGroup<Row>>();
  for (const row of rows) {
    const key = groupKeyOf(row);
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        senderName: row.senderName,
        channel: staffChannel(
          workingChannels(
            row.channels,
            row.channelProblems?.map((problem) => problem.kind),
          ),
        ),
        channelProblems: (row.channelProblems ?? []).filter((problem) => row.channels?.some((channel) => channel.kind === problem.kind)),
        premiumCount: 0,
        oldestQueuedAt: null,
        requests: [],
      };
      groups.set(key, group);
    }
    group.requests.push(row);
    if (row.premium) group.premiumCount += 1;
    if (row.queuedAt && (!group.oldestQueuedAt || row.queuedAt < group.oldestQueuedAt)) group.oldestQueuedAt = row.queuedAt;
  }
  return [...groups.values()];
}

/** A request as the forms post it: "<userId>:<requestId>" (request ids are unique per user only). */
export function requestKey(row: { userId: string; id: string }) {
  return `${row.userId}:${row.id}`;
}
