// How a request leaves with no one on the staff involved (decision 0066): the one choice the queue,
// the sender pages, the letter job and the work queue all read. An opt-out request is the person's
// own: it is emailed from their own sending address to a sender's working email address, else
// mailed through Lob to a working postal address, else it waits for staff, who are told why. The
// catalog's agent field holds none of these back; it decides only whether a request under a state
// law, sent as the person's authorized agent, may go by itself (decisions 0059 and 0062).
import type { SenderChannel } from "../../drizzle/schema";
import type { StaffActor } from "~/models/audit.server";
import { auditEntry } from "~/models/audit.server";
import { enqueueJob, sendJobEnvelopes } from "~/queue/producer.server";
import { lobLettersClient } from "~/integrations/lob.server";
import { listChannelProblems } from "~/models/sender-channels.server";
import { givenSenderAddressOf, givenSenderAddressQuery } from "~/models/sender-address.server";
import { getTemplate } from "~/models/request-template.server";
import {
  reserveWaitingRequestsOfSender,
  senderFactsOfWaitingRequest,
  senderFactsQuery,
  type AutomaticSend,
  type QueueKey,
} from "~/models/work-queue.server";
import { batchByName, type NamedResults } from "~/utils/batch-by-name.server";
import { getDb, type Db } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";
import { errorMessage } from "~/utils/errors";
import { log } from "~/utils/log.server";

/** What the catalog says of a sender, to decide how its requests leave. */
export type AutomaticSenderFacts = {
  channels: SenderChannel[] | null;
  acceptsAgent: "yes" | "no" | "unknown" | null;
  consumerFiles: boolean | null;
  /** The kinds of channel that stopped working (a bounce, letters returned) until staff fix them (decision 0054). */
  channelProblems?: SenderChannel["kind"][] | null;
};

/** Why a request could not go out alone, for staff. */
type StaffReason = "personFiles" | "noChannel" | "channelStopped" | "lobNotSetUp" | "formOrPhoneOnly" | "agentRefused";

export type AutomaticSendChoice =
  | { by: "email"; to: string }
  | { by: "mail"; address: string }
  | {
      by: "staff";
      reason: StaffReason;
      /** The kinds of channel that stopped working, for channelStopped. */ stopped: SenderChannel["kind"][];
    };

export type AutomaticSendOptions = {
  /** Whether letters go through Lob here (LOB_API_KEY and LOB_WEBHOOK_SECRET set, decision 0052). */
  lettersThroughLob: boolean;
  /** A request under a state law, sent as the person's authorized agent (follow-up step 2). */
  legal?: boolean;
};

const firstOf = (channels: SenderChannel[], kind: SenderChannel["kind"]) =>
  channels.find((channel) => channel.kind === kind && channel.value.trim() !== "")?.value.trim() ?? null;

/**
 * The one choice of how a request leaves with no one on the staff: email as the person's own
 * request to a working email address; else a letter through Lob to a working postal address, when
 * Lob is set up; else staff, with the reason. A sender the person files with themselves (it asks
 * for an SSN, a date of birth or a fee) is always staff's to explain. A legal request claims the
 * person's authority as their agent: it never goes by itself to a sender the catalog says refuses
 * agents, and goes by email only to one the catalog says takes them.
 */
export function automaticSendOf(
  sender: AutomaticSenderFacts,
  { lettersThroughLob, legal = false }: AutomaticSendOptions,
): AutomaticSendChoice {
  const stopped = (sender.channelProblems ?? []).filter((kind) => (sender.channels ?? []).some((channel) => channel.kind === kind));
  const staff = (reason: StaffReason): AutomaticSendChoice => ({ by: "staff", reason, stopped });
  if (sender.consumerFiles) return staff("personFiles");
  if (legal && sender.acceptsAgent === "no") return staff("agentRefused");
  const working = (sender.channels ?? []).filter((channel) => !stopped.includes(channel.kind));
  const email = firstOf(working, "email");
  if (email && (!legal || sender.acceptsAgent === "yes")) return { by: "email", to: email };
  const address = firstOf(working, "mail");
  if (address) return lettersThroughLob ? { by: "mail", address } : staff("lobNotSetUp");
  if (email) return staff("agentRefused");
  if (stopped.length > 0) return staff("channelStopped");
  if (working.some((channel) => channel.kind === "web" || channel.kind === "phone")) return staff("formOrPhoneOnly");
  return staff("noChannel");
}

const KIND_WORDS: Record<SenderChannel["kind"], string> = {
  email: "email address",
  mail: "postal address",
  web: "web form",
  phone: "phone number",
};

/** Why requests wait for staff, in staff's words. */
export function staffReasonText(choice: Extract<AutomaticSendChoice, { by: "staff" }>): string {
  switch (choice.reason) {
    case "personFiles":
      return "The person files requests to this sender themselves: it asks for an SSN, a date of birth or a fee.";
    case "agentRefused":
      return "A request under the law as the person's agent, and the catalog does not say this sender takes agents' requests by email: staff decide how to send it.";
    case "lobNotSetUp":
      return "Letters go through Lob only once LOB_API_KEY and LOB_WEBHOOK_SECRET are set: staff print them meanwhile.";
    case "channelStopped":
      return `Its ${choice.stopped.map((kind) => KIND_WORDS[kind]).join(" and ")} stopped working, and no other email or postal address is known: fix it and the waiting requests go out.`;
    case "formOrPhoneOnly":
      return "It takes requests only by web form or phone, and no postal address is known: staff file them, or add a postal address and they go out by letter.";
    case "noChannel":
      return "No email or postal address is known for this sender: add one and the waiting requests go out.";
  }
}

/**
 * Why a sender's requests wait for staff rather than going out by themselves, or null when they
 * can go (the sender page shows it above its waiting count).
 */
export function whyRequestsWaitForStaff(sender: AutomaticSenderFacts, lettersThroughLob: boolean): string | null {
  const choice = automaticSendOf(sender, { lettersThroughLob });
  return choice.by === "staff" ? staffReasonText(choice) : null;
}

/** A group of the staff work queue, as far as why it waits goes. */
type WaitingGroup = {
  requests: {
    templateId: string | null;
    channels: SenderChannel[] | null;
    acceptsAgent: "yes" | "no" | "unknown" | null;
    channelProblems?: { kind: SenderChannel["kind"] }[] | null;
    legal: boolean;
    escalated: boolean;
    addressAsTyped: boolean;
  }[];
};

/**
 * Why a group of the work queue could not go out alone, in staff's words: what automaticSendOf
 * says for its sender, or, where the sender's requests could go alone, what held these back.
 */
export function whyGroupWaits(group: WaitingGroup, lettersThroughLob: boolean): string {
  const [first] = group.requests;
  if (!first) return "";
  if (first.templateId === null) {
    return "A sender the person typed, not in the catalog: link it to a sender, or look up where to send it.";
  }
  const facts = {
    channels: first.channels,
    acceptsAgent: first.acceptsAgent,
    consumerFiles: false,
    channelProblems: (first.channelProblems ?? []).map((problem) => problem.kind),
  };
  const choice = automaticSendOf(facts, { lettersThroughLob, legal: group.requests.every((row) => row.legal) });
  if (choice.by === "staff") return staffReasonText(choice);
  if (group.requests.every((row) => row.escalated))
    return "Escalated after the follow-up ladder: a second request and the law did not stop the mail.";
  if (group.requests.some((row) => row.addressAsTyped)) return "An address was kept as typed: check it by hand before it goes.";
  return "Its requests go out alone; these came back (an email that did not get through, a letter Lob did not mail) or were put back after a report.";
}

/** Whether letters to postal senders go through Lob by themselves here (decision 0052). */
export function lettersGoThroughLob(env: AppEnv) {
  return lobLettersClient(env) !== null;
}

/** The facts with the email channel taken out: a request whose email did not get through goes by post. */
const withoutEmail = <Facts extends AutomaticSenderFacts>(facts: Facts): Facts => ({
  ...facts,
  channelProblems: [...(facts.channelProblems ?? []), "email"],
});

/** The reasons a request waits for staff that a return address from the person's piece answers. */
const ANSWERED_BY_THE_PIECE: readonly StaffReason[] = ["noChannel", "formOrPhoneOnly", "channelStopped"];

/**
 * Where a request's letter goes, the one choice the letter job and the at-once send read: the
 * catalog's postal address, by automaticSendOf (decision 0066), with the email taken out for a
 * request whose email did not get through; else, for a typed sender or one the catalog knows no
 * way to reach, the return address the person gave from the piece or the one learned for it
 * (decisions 0067, 0068 and 0070), which also carries its follow-ups. Never to a sender the person
 * files with themselves, nor a request under the law to a sender that refuses agents. Null when
 * the request is no longer one a letter goes for (sent meanwhile, its address kept as typed).
 */
async function letterAddressOf(db: Db, key: QueueKey, options: { insteadOfEmail?: boolean } = {}): Promise<string | null> {
  return letterAddressFrom(await batchByName(db, letterAddressReads(db, key)), options);
}

/** What letterAddressOf reads, for a caller's batch (letterAddressFrom takes the answers). */
export function letterAddressReads(db: Db, key: QueueKey) {
  return { senderFacts: senderFactsQuery(db, key), givenAddress: givenSenderAddressQuery(db, key) };
}

/** letterAddressOf, from what letterAddressReads read. */
export function letterAddressFrom(
  { senderFacts: [facts], givenAddress }: NamedResults<ReturnType<typeof letterAddressReads>>,
  { insteadOfEmail = false }: { insteadOfEmail?: boolean } = {},
): string | null {
  if (facts) {
    const choice = automaticSendOf(insteadOfEmail ? withoutEmail(facts) : facts, { lettersThroughLob: true, legal: facts.legal });
    if (choice.by === "mail") return choice.address;
    if (choice.by === "staff" && !ANSWERED_BY_THE_PIECE.includes(choice.reason)) return null;
  }
  return givenSenderAddressOf(givenAddress);
}

/** The job that sends a request at once: an email job, or a letter job. */
export type SendingJob =
  { type: "optOut.email"; payload: QueueKey & { to: string; automatic: true } } | { type: "optOut.letter"; payload: QueueKey };

/**
 * The job that sends a waiting request at once by the one choice (automaticSendOf), from its
 * sender's facts; null when the choice is staff's, where a return address the person gave may
 * still carry a letter (sendAtOnceWhenSenderAllows looks).
 */
export function sendingJobOf(
  facts: AutomaticSenderFacts & { legal: boolean },
  key: QueueKey,
  lettersThroughLob: boolean,
): SendingJob | null {
  const choice = automaticSendOf(facts, { lettersThroughLob, legal: facts.legal });
  if (choice.by === "email") return { type: "optOut.email", payload: { ...key, to: choice.to, automatic: true } };
  if (choice.by === "mail") return { type: "optOut.letter", payload: { ...key } };
  return null;
}

/**
 * Called when a request goes into the queue (first, second or legal): it leaves at once by the
 * choice above, with no one on the staff involved; a sender with no channel of its own gets its
 * letter at the return address the person gave for it, when they gave one. An address kept as
 * typed, or a job that cannot be queued, leaves the request in the staff work queue, so this never
 * fails the person's action.
 */
export async function sendAtOnceWhenSenderAllows(env: AppEnv, key: QueueKey): Promise<boolean> {
  try {
    const db = getDb(env.DB);
    const lettersThroughLob = lettersGoThroughLob(env);
    const facts = await senderFactsOfWaitingRequest(db, key);
    const job = facts ? sendingJobOf(facts, key, lettersThroughLob) : null;
    if (job?.type === "optOut.email") {
      await enqueueJob(env, job.type, job.payload, { userId: key.userId });
      return true;
    }
    if (job?.type === "optOut.letter" || (lettersThroughLob && (await letterAddressOf(db, key)) !== null)) {
      await enqueueJob(env, "optOut.letter", key, { userId: key.userId });
      return true;
    }
    return false;
  } catch (error) {
    log.error(`automatic send of request ${key.userId}:${key.requestId} not queued:`, errorMessage(error));
    return false;
  }
}

/**
 * Whether a request whose email Postmark stopped trying to deliver (decision 0053) can go by post
 * instead: it is in queue, its sender has a postal address that works, and letters go through Lob.
 */
export async function canMailInsteadOfEmail(env: AppEnv, key: QueueKey): Promise<boolean> {
  if (!lettersGoThroughLob(env)) return false;
  const facts = await senderFactsOfWaitingRequest(getDb(env.DB), key, { alsoSent: true });
  return facts !== null && automaticSendOf(withoutEmail(facts), { lettersThroughLob: true, legal: facts.legal }).by === "mail";
}

/** Queues the letter of a request whose email did not get through; a job that cannot be queued leaves it with staff. */
export async function mailInsteadOfEmail(env: AppEnv, key: QueueKey) {
  try {
    await enqueueJob(env, "optOut.letter", { ...key, insteadOfEmail: true }, { userId: key.userId });
  } catch (error) {
    log.error(`letter of request ${key.userId}:${key.requestId} not queued:`, errorMessage(error));
  }
}

export type WaitingSent = { sent: number; by: "email" | "mail" | null };

/**
 * Sends every request of a sender still waiting for staff, now that the sender has a channel that
 * goes without them (one added, a proposal confirmed, a problem fixed; decision 0054): an automatic
 * email job per request, or a Lob letter job per request. Each request is reserved once, in one
 * statement, however often this runs at once; one audit entry names them. A legal request goes
 * only where the same choice holds for it; otherwise it stays with staff. Answers how many were sent.
 */
export async function sendWaitingRequestsOfSender(env: AppEnv, actor: StaffActor, templateId: string): Promise<WaitingSent> {
  const db = getDb(env.DB);
  const [template, problems] = await Promise.all([getTemplate(db, templateId), listChannelProblems(db, templateId)]);
  if (!template) return { sent: 0, by: null };
  const facts = { ...template, channelProblems: problems.map((problem) => problem.kind) };
  const lettersThroughLob = lettersGoThroughLob(env);
  const own = automaticSendOf(facts, { lettersThroughLob });
  if (own.by === "staff") return { sent: 0, by: null };
  const send: AutomaticSend = own.by === "email" ? { type: "optOut.email", to: own.to } : { type: "optOut.letter" };
  const legal = automaticSendOf(facts, { lettersThroughLob, legal: true });
  const reserved = await reserveWaitingRequestsOfSender(db, templateId, send, { legalToo: legal.by === own.by });
  if (reserved.length === 0) return { sent: 0, by: null };
  const by = own.by;
  await auditEntry(db, actor, {
    action: "requests.sentOnNewChannel",
    targetType: "template",
    targetId: templateId,
    details: {
      sender: template.title,
      channel: by,
      sent: reserved.length,
      requests: reserved.map((job) => `${job.userId}:${job.payload.requestId}`),
    },
  });
  const enqueuedAt = new Date().toISOString();
  await sendJobEnvelopes(
    env,
    reserved.map((job) => ({ id: job.id, type: send.type, payload: job.payload, enqueuedAt })),
  );
  return { sent: reserved.length, by };
}
