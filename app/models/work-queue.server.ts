import { and, asc, eq, inArray, isNull, not, or, sql } from "drizzle-orm";
import { agentPermissions, jobs, requestLogs, requests, requestTemplates } from "../../drizzle/schema";
import { charityOfRequest, followUpOfRequest, householdOf, writeOptOutLetter } from "~/domain/opt-out-letter";
import { timeZoneForState } from "~/domain/dates";
import {
  groupKeyOf,
  groupWorkQueue,
  processedDetail,
  requestKey,
  type ChannelProblemNote,
  type ProcessingKind,
  type StaffChannel,
} from "~/domain/work-queue";
import { auditEntry, type StaffActor } from "~/models/audit.server";
import { holdLegalRequestsWithoutPermission } from "~/models/follow-up.server";
import { listEarlierAddresses } from "~/models/account.server";
import { ownRequestStatus } from "~/models/own-requests.server";
import { addressKeptAsTypedSql } from "~/models/address-kept-as-typed.server";
import { channelProblemKinds } from "~/models/sender-channels.server";
import { waitingForReturnAddress } from "~/models/return-address-wait.server";
import { listRecipientsOfUsers } from "~/models/recipient.server";
import type { Db } from "~/utils/db.server";
import { sqlRandomUuid } from "~/utils/sql-uuid.server";

/** At most this many requests are listed, and processed by one click. */
const WORK_QUEUE_LIMIT = 200;

// An opt-out email job for the request that has not finished: the letter is on its way (an
// automatic send, or staff's earlier Send before a report put it back). Listing it would invite a
// second copy; if the job dies, the request is listed again (decision 0018). Found through
// jobs_pending_email_idx (migration 0011): its WHERE terms are repeated as literals, and the
// unary + takes the TEXT affinity off the request's id, without which SQLite cannot compare it
// with the index's json_extract values and reads every email job instead.
const emailOnItsWay = sql`exists (select 1 from ${jobs} where ${jobs.type} = 'optOut.email'
  and ${jobs.state} in ('queued', 'running', 'retrying') and json_extract(${jobs.payload}, '$.requestId') = +${requests.id}
  and ${jobs.userId} = ${requests.userId})`;

// The same for a letter on its way through Lob (decision 0052), through jobs_pending_letter_idx: if
// the job dies (Lob down for good, or refusing), the request is listed again, with the reason.
const letterOnItsWay = sql`exists (select 1 from ${jobs} where ${jobs.type} = 'optOut.letter'
  and ${jobs.state} in ('queued', 'running', 'retrying') and json_extract(${jobs.payload}, '$.requestId') = +${requests.id}
  and ${jobs.userId} = ${requests.userId})`;

// Waiting: in queue and not sent by staff yet. Literals, not bound values, so that the premium
// walk can use requests_premium_queue_idx, a partial index with these very terms (migration 0011).
// A request the follow-up ladder holds (a legal request whose permission was withdrawn) waits for
// no one: it is never sent (decision 0058).
const waitingInQueue = sql`${requests.status} = 'inQueue' and ${requests.processedAt} is null and ${requests.followUpHold} is null`;
const ownerIsPremium = sql`${requests.ownerPremium} = 1`;

// The request's address, or that of a person it covers, was kept as typed after a doubt: staff
// check it by hand, so it is flagged in the queue and never emailed at once (decision 0028).
/** Whether the request's own address, or a recipient's, was kept as typed (decision 0028). */
export const addressKeptAsTyped = sql<number>`${sql.raw(addressKeptAsTypedSql('"requests"'))}`;

/**
 * Requests in queue that staff have not sent yet, premium users first, then oldest first. Senders
 * the person files themselves (consumerFiles) are theirs to send, so they are not listed, nor are
 * requests whose letter an email job is sending, nor those still waiting for the person to give
 * the sender's return address (decision 0067).
 *
 * Read as two walks that each stop at `limit` (decisions 0032 and 0036): the premium users'
 * requests, by their own partial index, and all requests in the order of the work-queue index.
 * Sorting every waiting request by "premium first" would read the whole backlog on every visit.
 */
export async function listWorkQueue(db: Db, { limit = WORK_QUEUE_LIMIT, now = new Date() }: { limit?: number; now?: Date } = {}) {
  const waiting = (premiumOnly: boolean) =>
    db
      .select({
        userId: requests.userId,
        id: requests.id,
        senderName: requests.senderName,
        templateId: requests.templateId,
        channels: requestTemplates.channels,
        acceptsAgent: requestTemplates.acceptsAgent,
        channelProblems: channelProblemNotes,
        queuedAt: requests.queuedAt,
        premium: requests.ownerPremium,
        addressAsTyped: addressKeptAsTyped,
        emailProblem: requests.emailProblem,
        escalated: sql<boolean>`${requests.followUpStep} = 3`.mapWith(Boolean),
        legal: sql<boolean>`${requests.followUpStep} = 2`.mapWith(Boolean),
      })
      .from(requests)
      .leftJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
      .where(
        and(
          premiumOnly ? and(ownerIsPremium, waitingInQueue) : waitingInQueue,
          or(isNull(requestTemplates.consumerFiles), eq(requestTemplates.consumerFiles, false)),
          not(emailOnItsWay),
          not(letterOnItsWay),
          // Its first days, a request to a sender with no channel waits for the person to give the
          // return address printed on the piece (decision 0067), not for staff.
          not(waitingForReturnAddress(now)),
        ),
      )
      .orderBy(asc(requests.queuedAt))
      .limit(limit);
  const [premium, all] = await db.batch([waiting(true), waiting(false)]);
  const listed = new Set(premium.map(requestKey));
  const rows = [...premium, ...all.filter((row) => !listed.has(requestKey(row)))].slice(0, limit);
  return rows.map((row) => ({ ...row, addressAsTyped: Boolean(row.addressAsTyped) }));
}

/**
 * The queue as it is now across every home's database (decision 0082), grouped by sender; the pages
 * and the actions read it the same way. Each home gives its first WORK_QUEUE_LIMIT, premium first
 * then oldest first, and the merged list keeps that order and that length. Each request says which
 * home it is in (its index in `homes`), for the actions that write it.
 */
export async function currentQueue(homes: readonly Db[]) {
  const lists = await Promise.all(homes.map(async (db, home) => (await listWorkQueue(db)).map((row) => ({ ...row, home }))));
  const merged = lists
    .flat()
    .sort((a, b) => Number(b.premium) - Number(a.premium) || (a.queuedAt?.getTime() ?? 0) - (b.queuedAt?.getTime() ?? 0))
    .slice(0, WORK_QUEUE_LIMIT);
  return groupWorkQueue(merged);
}

export type QueueKey = { userId: string; requestId: string };

/** A request of the queue and the home its rows are in (currentQueue). */
export type HomedQueueKey = QueueKey & { home: number };

/** The keys by the home they are in, each home's in their order. */
export function keysByHome(keys: HomedQueueKey[]) {
  const byHome = new Map<number, QueueKey[]>();
  for (const { home, userId, requestId } of keys) byHome.set(home, [...(byHome.get(home) ?? []), { userId, requestId }]);
  return [...byHome].sort(([a], [b]) => a - b);
}

/** lettersFor, for requests of any home: each home's letters, home by home. */
export async function lettersInHomes(homes: readonly Db[], keys: HomedQueueKey[], options: { unsentOnly: boolean; now?: Date }) {
  const letters = await Promise.all(keysByHome(keys).map(([home, homeKeys]) => lettersFor(homes[home]!, homeKeys, options)));
  return letters.flat();
}

// The same with the reasons, for staff to read.
const channelProblemNotes = sql<string>`(select json_group_array(json_object('kind', "kind", 'reason', "reason", 'since', "createdAt"))
  from "sender_channel_problems" where "sender_channel_problems"."templateId" = ${requestTemplates.id})`.mapWith((value: string | null) =>
  value ? (JSON.parse(value) as ChannelProblemNote[]) : [],
);

/**
 * What the catalog says about the sender of a request in queue that no one has sent yet, to decide
 * whether it is emailed at once; null for a custom sender or a request no longer waiting.
 */
export async function senderFactsOfWaitingRequest(
  db: Db,
  key: QueueKey,
  options: { /** Also a request sent already: what its sender allows once it comes back. */ alsoSent?: boolean } = {},
) {
  const [row] = await senderFactsQuery(db, key, options);
  return row ?? null;
}

/** senderFactsOfWaitingRequest's query, for a caller's batch: one row, or none. */
export function senderFactsQuery(db: Db, { userId, requestId }: QueueKey, { alsoSent = false }: { alsoSent?: boolean } = {}) {
  return db
    .select({
      channels: requestTemplates.channels,
      acceptsAgent: requestTemplates.acceptsAgent,
      consumerFiles: requestTemplates.consumerFiles,
      channelProblems: channelProblemKinds,
      // A request under a state law, sent as the person's agent (decision 0066): the agent field decides whether it goes alone.
      legal: sql<number>`${requests.followUpStep} = 2`.mapWith(Boolean),
    })
    .from(requests)
    .innerJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
    .where(
      and(
        eq(requests.userId, userId),
        eq(requests.id, requestId),
        eq(requests.status, "inQueue"),
        alsoSent ? undefined : isNull(requests.processedAt),
        not(addressKeptAsTyped),
      ),
    )
    .limit(1);
}

/**
 * The letters of some requests in queue, as staff print or email them: each request's own name and
 * address, the people it covers and the label's customer number. `unsentOnly` leaves out the
 * ones already processed (a print batch, an automatic email); staff's Send processes its requests
 * before their email jobs read them.
 */
export async function lettersFor(db: Db, keys: QueueKey[], options: { unsentOnly: boolean; now?: Date }) {
  const letters = [];
  for (let start = 0; start < keys.length; start += LETTER_KEYS_PER_QUERY) {
    letters.push(...(await lettersOfChunk(db, keys.slice(start, start + LETTER_KEYS_PER_QUERY), options)));
  }
  return letters;
}

// Each key binds at most a user id and a request id: 45 keys stay within D1's 100 bound parameters.
const LETTER_KEYS_PER_QUERY = 45;

async function lettersOfChunk(db: Db, keys: QueueKey[], { unsentOnly, now = new Date() }: { unsentOnly: boolean; now?: Date }) {
  if (keys.length === 0) return [];
  const userIds = [...new Set(keys.map((key) => key.userId))];
  const wanted = new Set(keys.map((key) => requestKey({ userId: key.userId, id: key.requestId })));
  const [rows, people, earlier] = await db.batch([
    db
      .select({
        userId: requests.userId,
        id: requests.id,
        senderName: requests.senderName,
        templateId: requests.templateId,
        fullName: requests.fullName,
        street1: requests.street1,
        street2: requests.street2,
        city: requests.city,
        state: requests.state,
        zipCode: requests.zipCode,
        customerNumber: requests.customerNumber,
        keyCode: requests.keyCode,
        recipientIds: requests.recipientIds,
        queuedAt: requests.queuedAt,
        addressAsTyped: addressKeptAsTyped,
        letterProblem: requests.letterProblem,
        followUpStep: requests.followUpStep,
        followUpHold: requests.followUpHold,
        firstRequestCitation: requests.firstRequestCitation,
        followUpEvidence: requests.followUpEvidence,
        legalLawId: requests.legalLawId,
        legalReach: requests.legalReach,
        legalByNoticeMethod: requests.legalByNoticeMethod,
        charityDonor: requests.charityDonor,
        charityMailingsPerYear: requests.charityMailingsPerYear,
        permission: {
          typedName: agentPermissions.typedName,
          signedAt: agentPermissions.signedAt,
          allows: agentPermissions.allows,
        },
      })
      .from(requests)
      .leftJoin(agentPermissions, and(eq(agentPermissions.id, requests.agentPermissionId), isNull(agentPermissions.revokedAt)))
      .where(
        and(
          inArray(requests.userId, userIds),
          inArray(requests.id, [...new Set(keys.map((key) => key.requestId))]),
          eq(ownRequestStatus, "inQueue"),
          unsentOnly ? isNull(requests.processedAt) : undefined,
        ),
      ),
    listRecipientsOfUsers(db, userIds),
    listEarlierAddresses(db, userIds),
  ]);
  const ofKeys = rows.filter((row) => wanted.has(requestKey(row)));
  // A legal request goes out only with the person's permission in force as it is written.
  const withoutPermission = ofKeys.filter((row) => row.followUpStep === 2 && row.legalLawId && (!row.permission || row.followUpHold));
  await holdLegalRequestsWithoutPermission(
    db,
    withoutPermission.filter((row) => !row.followUpHold).map((row) => ({ userId: row.userId, requestId: row.id })),
    now,
  );
  return ofKeys
    .filter((row) => !withoutPermission.includes(row))
    .map((row) => ({
      userId: row.userId,
      id: row.id,
      senderName: row.senderName,
      templateId: row.templateId,
      groupKey: groupKeyOf(row),
      fullName: row.fullName,
      returnAddress: { street1: row.street1, street2: row.street2, city: row.city, state: row.state, zipCode: row.zipCode },
      addressAsTyped: Boolean(row.addressAsTyped),
      letterProblem: row.letterProblem,
      /** A request under a state law, sent as the person's agent: it goes from the service, not as the person's own (decision 0066). */
      legal: row.followUpStep === 2 && row.legalLawId !== null,
      letter: writeOptOutLetter({
        senderName: row.senderName,
        holder: { fullName: row.fullName, address: row },
        household: householdOf(
          row.recipientIds,
          people.filter((person) => person.userId === row.userId),
        ),
        earlierAddresses: earlier.filter((address) => address.userId === row.userId),
        customerNumber: row.customerNumber,
        keyCode: row.keyCode,
        date: now,
        timeZone: timeZoneForState(row.state),
        followUp: followUpOfRequest(row),
        charity: charityOfRequest(row),
      }),
    }));
}

/** Who processed requests: a member of staff, or the system for an automatic send (decision 0018). */
export type ProcessingActor = StaffActor | "system";

/**
 * Records that these requests went to the sender: the processing time (the wait starts here; product rules: What the
 * product promises) and a history entry the user sees (creator staff, or system), in one batch with one
 * audit entry when staff did it. A request someone else processed in the meantime keeps its time
 * and gets no second entry: its log row is only written where this batch's update took effect.
 */
export async function markProcessed(
  db: Db,
  actor: ProcessingActor,
  input: { keys: QueueKey[]; kind: ProcessingKind; senderName: string; channel: StaffChannel["kind"]; groupKey: string },
  now = new Date(),
) {
  if (input.keys.length === 0) return;
  const detail = processedDetail(input.kind, input.senderName, input.channel);
  const creator = actor === "system" ? "system" : "staff";
  const statements = input.keys.flatMap(({ userId, requestId }) => {
    const thisRequest = and(eq(requests.userId, userId), eq(requests.id, requestId));
    return [
      db
        .update(requests)
        .set({ processedAt: now, updatedAt: now, letterProblem: null, emailProblem: null })
        .where(and(thisRequest, eq(requests.status, "inQueue"), isNull(requests.processedAt))),
      db.insert(requestLogs).select(
        db
          .select({
            id: sql<string>`${crypto.randomUUID()}`.as("id"),
            userId: requests.userId,
            requestId: requests.id,
            creator: sql<typeof creator>`${creator}`.as("creator"),
            status: sql<string>`${input.kind}`.as("status"),
            detail: sql<string>`${detail}`.as("detail"),
            createdAt: sql<number>`${now.getTime()}`.as("createdAt"),
          })
          .from(requests)
          .where(and(thisRequest, eq(requests.processedAt, now))),
      ),
    ];
  });
  const audit =
    actor === "system"
      ? []
      : [
          auditEntry(db, actor, {
            action: `requests.${input.kind}`,
            targetType: "template",
            targetId: input.groupKey,
            details: {
              sender: input.senderName,
              channel: input.channel,
              requests: input.keys.map((key) => requestKey({ userId: key.userId, id: key.requestId })),
            },
          }),
        ];
  await db.batch([...statements, ...audit] as unknown as Parameters<Db["batch"]>[0]);
}

/**
 * How many of a sender's requests wait for staff: in queue, not sent, with no email or letter on
 * its way (by requests_waiting_sender_idx).
 */
export async function countWaitingRequestsOfSender(db: Db, templateId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(requests)
    .where(and(eq(requests.templateId, templateId), waitingInQueue, not(emailOnItsWay), not(letterOnItsWay)));
  return row?.count ?? 0;
}

/** The job that sends a sender's waiting requests with no one on the staff involved: an email to this address, or a letter through Lob. */
export type AutomaticSend = { type: "optOut.email"; to: string } | { type: "optOut.letter" };

/**
 * Reserves, in one statement, a job for every request of this sender still waiting for staff
 * (decision 0054): in queue, not sent, its address not kept as typed, and with no email or letter
 * job already on its way. The statement reads and writes at once, so two members of staff pressing
 * together, or one pressing twice, reserve each request once: the second finds the first's jobs.
 * Answers the jobs' rows, for the caller to put on the queue.
 */
export async function reserveWaitingRequestsOfSender(
  db: Db,
  templateId: string,
  send: AutomaticSend,
  { legalToo = true }: { /** Whether requests under a state law (follow-up step 2) go the same way. */ legalToo?: boolean } = {},
) {
  const payload =
    send.type === "optOut.email"
      ? sql`json_object('userId', ${requests.userId}, 'requestId', ${requests.id}, 'to', ${send.to}, 'automatic', json('true'))`
      : sql`json_object('userId', ${requests.userId}, 'requestId', ${requests.id})`;
  const rows = await db.all<{ id: string; userId: string; payload: string }>(sql`insert into ${jobs} ("id", "type", "payload", "userId")
    select ${sqlRandomUuid}, ${send.type}, ${payload}, ${requests.userId} from ${requests}
    where ${requests.templateId} = ${templateId} and ${waitingInQueue}
      and not ${addressKeptAsTyped} and not ${emailOnItsWay} and not ${letterOnItsWay}
      ${legalToo ? sql`` : sql`and ${requests.followUpStep} is not 2`}
    returning "id", "userId", "payload"`);
  return rows.map((row) => ({ id: row.id, userId: row.userId, payload: JSON.parse(row.payload) as { userId: string; requestId: string } }));
}
