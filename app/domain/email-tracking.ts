// What Postmark's webhooks say of an email to a sender, and what it means for the request
// (decision 0053). Pure, so each rule has a unit test (email-tracking.test.ts).
import type { EmailOutcome } from "../../drizzle/schema";

/**
 * Postmark's bounce type codes that mean the address itself does not work
 * (https://postmarkapp.com/developer/api/bounce-api#bounce-types): HardBounce and BadEmailAddress.
 */
const ADDRESS_FAILED_TYPE_CODES = new Set([1, 100000]);

/**
 * Bounce types that are notices about a message the receiving server took (postmark.js
 * `BounceTypeCode`: Unsubscribe 16, Subscribe 32, AutoResponder 64, AddressChange 128,
 * SpamNotification 512, OpenRelayTest 1024, VirusNotification 8192, ChallengeVerification 16384,
 * InboundError 100008): none says the request failed to arrive. Every other bounce (SoftBounce
 * 4096, Transient 2, DnsError 256, Unknown 2048, Blocked 100006, DMARCPolicy 100009, ...) means the
 * message was not delivered and Postmark has stopped trying: "When a message status shows as Soft
 * Bounce or Undeliverable, it means we have ceased attempting to send that message"
 * (postmarkapp.com/support/article/1159-how-to-fix-soft-bounces).
 */
const NOTICE_TYPE_CODES = new Set([16, 32, 64, 128, 512, 1024, 8192, 16384, 100008]);

/** The fields of Postmark's Delivery, Bounce and SpamComplaint webhooks the app reads. */
export type PostmarkRecord = {
  RecordType: string;
  MessageID: string;
  /** Bounce and SpamComplaint: the bounce's own id. Delivery has none. */
  ID?: number | string | null;
  /** Delivery: the address it was delivered to. */
  Recipient?: string | null;
  /** Bounce and SpamComplaint: the address that bounced or complained. */
  Email?: string | null;
  DeliveredAt?: string | null;
  BouncedAt?: string | null;
  Type?: string | null;
  TypeCode?: number | null;
  /** Whether Postmark deactivated the address, so that it sends nothing more to it. */
  Inactive?: boolean | null;
  Description?: string | null;
  Details?: string | null;
};

/**
 * "undelivered": Postmark stopped trying to deliver the message, the address itself not in doubt
 * (a soft bounce, a full mailbox, a DNS failure); "notice": a bounce record that says nothing of
 * the request failing (an auto-reply).
 */
export type EmailEventKind = "delivered" | "bounced" | "spamComplaint" | "undelivered" | "notice";

export type EmailEvent = {
  /** RecordType, MessageID and the bounce's ID (or the delivery's time): the same event sent twice has the same key. */
  key: string;
  kind: EmailEventKind;
  messageId: string;
  occurredAt: Date;
  /** For staff: Postmark's type, description and details of a bounce or complaint. */
  reason: string | null;
};

/**
 * Reads one of Postmark's webhook records, or null for a record this app does not act on (opens,
 * clicks, subscription changes, inbound mail). A bounce counts as the address failing when its type
 * says so or when Postmark deactivated the address; a notice (an auto-reply) is kept but changes
 * nothing; any other bounce (soft, transient, DNS, blocked) is a message Postmark stopped trying to
 * deliver.
 */
export function emailEventOf(record: PostmarkRecord, receivedAt = new Date()): EmailEvent | null {
  const occurredAt = (at: string | null | undefined) => {
    const parsed = at ? new Date(at) : receivedAt;
    return Number.isNaN(parsed.getTime()) ? receivedAt : parsed;
  };
  if (record.RecordType === "Delivery") {
    return {
      key: `Delivery:${record.MessageID}:${record.DeliveredAt ?? ""}`,
      kind: "delivered",
      messageId: record.MessageID,
      occurredAt: occurredAt(record.DeliveredAt),
      reason: null,
    };
  }
  if (record.RecordType !== "Bounce" && record.RecordType !== "SpamComplaint") return null;
  const kind: EmailEventKind =
    record.RecordType === "SpamComplaint"
      ? "spamComplaint"
      : ADDRESS_FAILED_TYPE_CODES.has(record.TypeCode ?? -1) || record.Inactive === true
        ? "bounced"
        : NOTICE_TYPE_CODES.has(record.TypeCode ?? -1)
          ? "notice"
          : "undelivered";
  const reason = [record.Type, record.Description, record.Details]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(": ");
  return {
    key: `${record.RecordType}:${record.MessageID}:${record.ID ?? record.BouncedAt ?? ""}`,
    kind,
    messageId: record.MessageID,
    occurredAt: occurredAt(record.BouncedAt),
    reason: reason || null,
  };
}

/** The outcome an event stands for; a notice stands for none. */
export function outcomeOfEvent(kind: EmailEventKind): EmailOutcome | null {
  return kind === "notice" ? null : kind;
}

// A delivery reported after Postmark gave up on a message outranks the giving up: it arrived.
const RANK: Record<EmailOutcome, number> = { sent: 0, undelivered: 1, delivered: 2, bounced: 3, spamComplaint: 3 };

/**
 * The outcomes an email may be in for this one to replace it: only a higher rank moves it, so a
 * delivery that arrives after a bounce of the same message leaves the bounce, and the first of a
 * bounce and a complaint stays.
 */
export function outcomesBelow(outcome: EmailOutcome): EmailOutcome[] {
  return (Object.keys(RANK) as EmailOutcome[]).filter((candidate) => RANK[candidate] < RANK[outcome]);
}

/** Whether an event takes the sender's email channel off the automatic path and sends the request back to staff. */
export function failsTheAddress(kind: EmailEventKind): boolean {
  return kind === "bounced" || kind === "spamComplaint";
}

/** Whether an event sends the request back, to staff or the next way: the email did not get there. */
export function putsTheRequestBack(kind: EmailEventKind): boolean {
  return failsTheAddress(kind) || kind === "undelivered";
}

/** Where a request whose email did not get through goes next: by post, to the person for the return address on the piece (decision 0070), or to staff. */
export type EmailCameBackNext = "letter" | "ask" | "staff";

const NEXT_WAY_WORDS: Record<EmailCameBackNext, string> = {
  letter: "we are mailing your letter instead",
  ask: "we asked you for the return address printed on a piece of its mail",
  staff: "our staff are finding another way",
};

function possessive(name: string): string {
  return `${name}'s`;
}

/** The line the request's history gets for an event; a notice gets none. `next` is where a request whose email came back goes. */
export function emailEventDetail(kind: EmailEventKind, senderName: string, next: EmailCameBackNext = "staff"): string | null {
  switch (kind) {
    case "delivered":
      return `Your request reached ${possessive(senderName)} mailbox.`;
    case "bounced":
      return `${possessive(senderName)} address bounced; ${NEXT_WAY_WORDS[next]}.`;
    case "spamComplaint":
      return `${possessive(senderName)} mailbox refused our email as spam; ${NEXT_WAY_WORDS[next]}.`;
    case "undelivered":
      return `Our email did not reach ${possessive(senderName)} mail server, and Postmark stopped trying; ${NEXT_WAY_WORDS[next]}.`;
    case "notice":
      return null;
  }
}

/** What staff read on a request whose email came back. */
export function emailProblemForStaff(event: Pick<EmailEvent, "kind" | "messageId" | "reason">, address: string): string {
  const what =
    event.kind === "spamComplaint"
      ? "was reported as spam"
      : event.kind === "undelivered"
        ? "was not delivered, and Postmark stopped trying"
        : "bounced";
  return (
    `Our email to ${address} ${what} (Postmark message ${event.messageId})${event.reason ? `: ${event.reason.replace(/[.\s]+$/, "")}` : ""}. ` +
    (event.kind === "undelivered"
      ? "Send the request again, or another way: the address itself was not refused."
      : "Find another way to reach the sender, or correct the address in the catalog.")
  );
}

/** Why the sender's email channel leaves the automatic path, as staff read it on the sender's page and in the queue. */
export function emailChannelProblem(event: Pick<EmailEvent, "kind" | "reason">, address: string): string {
  const what = event.kind === "spamComplaint" ? "reported our email as spam" : "bounced";
  return `${address} ${what}${event.reason ? ` (${event.reason})` : ""}: correct the address, or mark it fixed, before requests are emailed to it again.`;
}
