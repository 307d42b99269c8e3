import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { requestLogs, requests, requestTemplates, users } from "../../drizzle/schema";
import { householdOf, writeOptOutLetter } from "~/domain/opt-out-letter";
import { timeZoneForState } from "~/domain/dates";
import { groupWorkQueue, processedDetail, type ProcessingKind, type StaffChannel } from "~/domain/work-queue";
import { auditEntry, type StaffActor } from "~/models/audit.server";
import { listRecipientsOfUsers } from "~/models/recipient.server";
import type { Db } from "~/utils/db.server";

/** At most this many requests are listed, and processed by one click. */
export const WORK_QUEUE_LIMIT = 200;

const isPremium = sql<number>`(${users.plan} = 'premium' and ${users.stripeSubscriptionId} is not null)`;

/**
 * Requests in queue that staff have not sent yet, premium users first, then oldest first. Senders
 * the person files themselves (consumerFiles) are theirs to send, so they are not listed.
 */
export async function listWorkQueue(db: Db, { limit = WORK_QUEUE_LIMIT }: { limit?: number } = {}) {
  const rows = await db
    .select({
      userId: requests.userId,
      id: requests.id,
      senderName: requests.senderName,
      templateId: requests.templateId,
      channels: requestTemplates.channels,
      acceptsAgent: requestTemplates.acceptsAgent,
      queuedAt: requests.queuedAt,
      premium: isPremium,
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId))
    .leftJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
    .where(
      and(
        eq(requests.status, "inQueue"),
        isNull(requests.processedAt),
        or(isNull(requestTemplates.consumerFiles), eq(requestTemplates.consumerFiles, false)),
      ),
    )
    .orderBy(desc(isPremium), asc(requests.queuedAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, premium: Boolean(row.premium) }));
}

/** The queue as it is now, grouped by sender; the pages and the actions read it the same way. */
export async function currentQueue(db: Db) {
  return groupWorkQueue(await listWorkQueue(db));
}

export type QueueKey = { userId: string; requestId: string };

/**
 * The letters of some requests in queue, as staff print or email them: each request's own name and
 * address, the people it covers and the label's customer number. `unsentOnly` leaves out the
 * ones staff already processed (a print batch); the email job reads its own after processing.
 */
export async function lettersFor(db: Db, keys: QueueKey[], { unsentOnly, now = new Date() }: { unsentOnly: boolean; now?: Date }) {
  if (keys.length === 0) return [];
  const userIds = [...new Set(keys.map((key) => key.userId))];
  const wanted = new Set(keys.map((key) => `${key.userId}:${key.requestId}`));
  const [rows, people] = await db.batch([
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
        recipientIds: requests.recipientIds,
        queuedAt: requests.queuedAt,
      })
      .from(requests)
      .where(
        and(
          inArray(requests.userId, userIds),
          inArray(requests.id, [...new Set(keys.map((key) => key.requestId))]),
          eq(requests.status, "inQueue"),
          unsentOnly ? isNull(requests.processedAt) : undefined,
        ),
      ),
    listRecipientsOfUsers(db, userIds),
  ]);
  return rows
    .filter((row) => wanted.has(`${row.userId}:${row.id}`))
    .map((row) => ({
      userId: row.userId,
      id: row.id,
      senderName: row.senderName,
      fullName: row.fullName,
      letter: writeOptOutLetter({
        senderName: row.senderName,
        holder: { fullName: row.fullName, address: row },
        household: householdOf(
          row.recipientIds,
          people.filter((person) => person.userId === row.userId),
        ),
        customerNumber: row.customerNumber,
        date: now,
        timeZone: timeZoneForState(row.state),
      }),
    }));
}

/**
 * Records that staff sent these requests to the sender: the processing time (the wait of spec
 * section 1 starts here), a history entry the user sees (creator staff), and one audit entry, in
 * one batch. A request someone else processed in the meantime keeps its time and gets no second
 * entry: its log row is only written where this batch's update took effect.
 */
export async function markProcessed(
  db: Db,
  actor: StaffActor,
  input: { keys: QueueKey[]; kind: ProcessingKind; senderName: string; channel: StaffChannel["kind"]; groupKey: string },
  now = new Date(),
) {
  if (input.keys.length === 0) return;
  const detail = processedDetail(input.kind, input.senderName, input.channel);
  const statements = input.keys.flatMap(({ userId, requestId }) => {
    const thisRequest = and(eq(requests.userId, userId), eq(requests.id, requestId));
    return [
      db
        .update(requests)
        .set({ processedAt: now, updatedAt: now })
        .where(and(thisRequest, eq(requests.status, "inQueue"), isNull(requests.processedAt))),
      db.insert(requestLogs).select(
        db
          .select({
            id: sql<string>`${crypto.randomUUID()}`.as("id"),
            userId: requests.userId,
            requestId: requests.id,
            creator: sql<"staff">`'staff'`.as("creator"),
            status: sql<string>`${input.kind}`.as("status"),
            detail: sql<string>`${detail}`.as("detail"),
            createdAt: sql<number>`${now.getTime()}`.as("createdAt"),
          })
          .from(requests)
          .where(and(thisRequest, eq(requests.processedAt, now))),
      ),
    ];
  });
  await db.batch([
    ...statements,
    auditEntry(db, actor, {
      action: `requests.${input.kind}`,
      targetType: "template",
      targetId: input.groupKey,
      details: { sender: input.senderName, channel: input.channel, requests: input.keys.map((key) => `${key.userId}:${key.requestId}`) },
    }),
  ] as unknown as Parameters<Db["batch"]>[0]);
}

