import { and, asc, desc, eq, exists, isNotNull, isNull, ne, not, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { BatchItem } from "drizzle-orm/batch";
import { agentPermissions, jobs, requestLogs, requests, requestTemplates, users, type AddressCheck } from "../../drizzle/schema";
import { CUSTOM_REQUIRED_DAYS, FREE_REQUEST_ALLOWANCE, STATUS_OF_ACTION, UNDO_LOG_STATUS, type RequestAction } from "~/domain/requests";
import { listEarlierAddresses } from "~/models/account.server";
import { addressColumns } from "~/models/address-columns.server";
import { ownRequestStatus } from "~/models/own-requests.server";
import { listUserRecipients } from "~/models/recipient.server";
import { accountOf } from "~/models/user.server";
import type { RequestStatus } from "../../drizzle/schema";
import type { PermissionForLetter } from "~/domain/opt-out-letter";
import { historyLineWhere } from "~/models/request-history.server";
import { batchByName } from "~/utils/batch-by-name.server";
import type { Db } from "~/utils/db.server";
import { inSenderReview } from "~/models/sender-review.server";

export const requestColumns = {
  id: requests.id,
  templateId: requests.templateId,
  senderName: requests.senderName,
  fullName: requests.fullName,
  type: requests.type,
  status: requests.status,
  requiredDays: requests.requiredDays,
  customerNumber: requests.customerNumber,
  keyCode: requests.keyCode,
  recipientIds: requests.recipientIds,
  ...addressColumns(requests),
  queuedAt: requests.queuedAt,
  processedAt: requests.processedAt,
  createdAt: requests.createdAt,
  updatedAt: requests.updatedAt,
  // What the catalog says about the sender; null for a custom request to a sender it lacks.
  consumerFiles: sql<boolean>`coalesce(${requestTemplates.consumerFiles}, 0)`.mapWith(Boolean),
  channels: requestTemplates.channels,
  needs: requestTemplates.needs,
  takes: requestTemplates.takes,
  category: requestTemplates.category,
  acceptsAgent: requestTemplates.acceptsAgent,
  letterProblem: requests.letterProblem,
  stillComingAt: requests.stillComingAt,
  followUpStep: requests.followUpStep,
  followUpAt: requests.followUpAt,
  followUpHold: requests.followUpHold,
  firstRequestCitation: requests.firstRequestCitation,
  followUpEvidence: requests.followUpEvidence,
  legalLawId: requests.legalLawId,
  legalReach: requests.legalReach,
  legalByNoticeMethod: requests.legalByNoticeMethod,
  charityDonor: requests.charityDonor,
  charityMailingsPerYear: requests.charityMailingsPerYear,
  // The permission a legal request carries while it is in force (decision 0059), for its letter.
  permission: sql<PermissionForLetter | null>`(select json_object('typedName', ${agentPermissions.typedName},
      'signedAt', ${agentPermissions.signedAt}, 'allows', ${agentPermissions.allows}) from ${agentPermissions}
      where ${agentPermissions.id} = ${requests.agentPermissionId} and ${agentPermissions.revokedAt} is null)`.mapWith(permissionOfJson),
};

function permissionOfJson(value: unknown): PermissionForLetter | null {
  if (typeof value !== "string") return null;
  const { typedName, signedAt, allows } = JSON.parse(value) as { typedName: string; signedAt: number; allows: string };
  return { typedName, signedAt: new Date(signedAt), allows };
}

/** The job sending a request by itself right now, if one is: "optOut.email" or "optOut.letter" (through jobs_pending_*_idx). */
export const sendingJob = sql<"optOut.email" | "optOut.letter" | null>`(select ${jobs.type} from ${jobs}
  where ${jobs.type} in ('optOut.email', 'optOut.letter') and ${jobs.state} in ('queued', 'running', 'retrying')
  and json_extract(${jobs.payload}, '$.requestId') = +${requests.id} and ${jobs.userId} = ${requests.userId} limit 1)`;

/** A request that has a card: never sent, or in any status but deleted. */
export const notDeleted = or(isNull(ownRequestStatus), ne(ownRequestStatus, "deleted"));

/** One of this user's requests' history, newest first. */
export function historyOf(db: Db, userId: string, requestId: string) {
  return db
    .select({
      id: requestLogs.id,
      creator: requestLogs.creator,
      status: requestLogs.status,
      detail: requestLogs.detail,
      createdAt: requestLogs.createdAt,
    })
    .from(requestLogs)
    .where(and(eq(requestLogs.userId, userId), eq(requestLogs.requestId, requestId)))
    .orderBy(desc(requestLogs.createdAt));
}

/** One of this user's requests with its whole history, oldest first (what an undo replays). */
export async function getUserRequestWithHistory(db: Db, userId: string, requestId: string) {
  const [request, history] = await Promise.all([getUserRequest(db, userId, requestId), historyOf(db, userId, requestId)]);
  return request ? { request, historyOldestFirst: history.reverse() } : null;
}

/** This user's presets never sent, with the catalog's facts, by sender name. */
export function listUnsentRequests(db: Db, userId: string) {
  return db
    .select(requestColumns)
    .from(requests)
    .leftJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
    .where(and(eq(requests.userId, userId), isNull(ownRequestStatus)))
    .orderBy(asc(requests.senderName));
}

const otherRequest = alias(requests, "other_request");

/**
 * Brings a deleted request of this user back to the status it had, logged as an undo, in one
 * batch. Only a request that is still deleted changes: a second identical post writes nothing.
 * Nor does a request whose sender the user has added again since the delete (another request,
 * not deleted, to the same catalog sender, or to the same name typed): two live requests would
 * send the sender two letters. The check is part of the UPDATE, so an add at the same moment
 * cannot slip between them. Answers whether this post restored it.
 */
export async function restoreDeletedRequest(
  db: Db,
  { userId, requestId, status, now = new Date() }: { userId: string; requestId: string; status: RequestStatus | null; now?: Date },
) {
  const ownRequest = and(eq(requests.userId, userId), eq(requests.id, requestId));
  const sameSenderStillLive = exists(
    db
      .select({ one: sql`1` })
      .from(otherRequest)
      .where(
        and(
          eq(otherRequest.userId, userId),
          ne(otherRequest.id, requestId),
          or(isNull(otherRequest.status), ne(otherRequest.status, "deleted")),
          sql`case when ${requests.templateId} is not null then ${otherRequest.templateId} = ${requests.templateId}
            else ${otherRequest.templateId} is null and lower(${otherRequest.senderName}) = lower(${requests.senderName}) end`,
        ),
      ),
  );
  const [restored] = await db.batch([
    db
      .update(requests)
      .set({ status, updatedAt: now })
      .where(and(ownRequest, eq(requests.status, "deleted"), not(sameSenderStillLive))),
    // changes() is the row count of the update just before, in this batch's transaction.
    logEntryWhere(db, and(ownRequest, sql`changes() = 1`), UNDO_LOG_STATUS, now),
  ]);
  return (restored as D1Result).meta.changes > 0;
}

/**
 * What one of this user's requests' letter is written from, in one D1 batch: the account (its
 * state gives the time zone), the request with the catalog's facts, the recipients and the
 * addresses from before a move. Null for another user's request, a made-up id or a deleted one.
 */
export async function getUserRequestLetterSource(db: Db, userId: string, requestId: string) {
  const read = await batchByName(db, {
    account: accountOf(db, userId),
    request: db
      .select(requestColumns)
      .from(requests)
      .leftJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
      .where(and(eq(requests.userId, userId), eq(requests.id, requestId), notDeleted))
      .limit(1),
    recipients: listUserRecipients(db, userId),
    earlierAddresses: listEarlierAddresses(db, [userId]),
  });
  const [account] = read.account;
  const [request] = read.request;
  if (!account || !request) return null;
  return { account, request, recipients: read.recipients, earlierAddresses: read.earlierAddresses };
}

/** One of this user's requests, or null: another user's id is indistinguishable from a made-up one. */
export async function getUserRequest(db: Db, userId: string, requestId: string) {
  const [row] = await db
    .select(requestColumns)
    .from(requests)
    .leftJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
    .where(and(eq(requests.userId, userId), eq(requests.id, requestId)))
    .limit(1);
  return row ?? null;
}

/**
 * The user's request for a catalog sender that is not deleted: the preset signup gave, else the
 * latest one they added. Null when they have none.
 */
export async function getUserRequestForSender(db: Db, userId: string, templateId: string) {
  const [row] = await db
    .select(requestColumns)
    .from(requests)
    .leftJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
    .where(and(eq(requests.userId, userId), eq(requests.templateId, templateId), notDeleted))
    .orderBy(desc(sql`${requests.type} = 'preset'`), desc(requests.updatedAt))
    .limit(1);
  return row ?? null;
}

const freeRequestsLeft = sql`coalesce(${users.numOfFreeRequest}, ${FREE_REQUEST_ALLOWANCE})`;

/**
 * Uses one free request in a single conditional UPDATE, so two tabs submitting at once can never
 * take the counter below zero. Answers what is left, or null when nothing was left to use.
 */
export async function spendFreeRequest(db: Db, userId: string): Promise<{ left: number; newsletter: boolean } | null> {
  const [row] = await db
    .update(users)
    .set({ numOfFreeRequest: sql`${freeRequestsLeft} - 1`, updatedAt: new Date() })
    .where(and(eq(users.id, userId), sql`${freeRequestsLeft} > 0`))
    .returning({ left: users.numOfFreeRequest, newsletter: users.newsletter });
  return row ? { left: row.left ?? 0, newsletter: row.newsletter } : null;
}

/** Gives back a free request that was taken for a write that did not happen. */
export async function refundFreeRequest(db: Db, userId: string) {
  await db
    .update(users)
    .set({ numOfFreeRequest: sql`${freeRequestsLeft} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

function logEntry(db: Db, userId: string, requestId: string, status: string, createdAt: Date) {
  return db.insert(requestLogs).values({ userId, requestId, creator: "user", status, createdAt });
}

/** The user's history entry for the one request `where` finds, written only if it finds it (a batch's earlier write took effect). */
function logEntryWhere(db: Db, where: SQL | undefined, status: string, now: Date) {
  return historyLineWhere(db, where, { creator: "user", status, detail: null, at: now });
}

export type ActionOutcome =
  /** Applied; `firstQueuing` when this write was the one that first queued the request. */
  | { applied: true; firstQueuing: boolean; spent: { left: number; newsletter: boolean } | null }
  /** Nothing written: it needed a free request and none was left. */
  | { applied: false };

/**
 * A user's action on their own request, in one D1 batch: the time it first went into the queue,
 * the status and updatedAt, and a log entry named after the action. With `chargeFreeRequest`, the
 * first queuing also takes one free request in the same batch, and happens only while one is left:
 * identical clicks from several tabs at once queue the request once, pay once, and all succeed.
 */
export async function applyRequestAction(
  db: Db,
  {
    userId,
    requestId,
    action,
    now = new Date(),
    changes = {},
    chargeFreeRequest = false,
    reportOfSending,
  }: {
    userId: string;
    requestId: string;
    action: RequestAction;
    now?: Date;
    changes?: Pick<typeof requests.$inferInsert, "customerNumber" | "keyCode" | "recipientIds">;
    chargeFreeRequest?: boolean;
    /**
     * For a report: the sending (its processedAt) whose wait was found over. The report applies only
     * while it is still the current one, so a report racing a step the ladder just took changes nothing.
     */
    reportOfSending?: { processedAt: Date | null };
  },
): Promise<ActionOutcome> {
  const status = STATUS_OF_ACTION[action];
  const ownRequest = and(eq(requests.userId, userId), eq(requests.id, requestId));
  const queues = status === "inQueue";
  const charges = queues && chargeFreeRequest;
  // A charged action applies once the request is queued, by this batch or by an earlier one.
  const sameSending = reportOfSending
    ? reportOfSending.processedAt
      ? eq(requests.processedAt, reportOfSending.processedAt)
      : isNull(requests.processedAt)
    : undefined;
  const applies = charges ? and(ownRequest, isNotNull(requests.queuedAt)) : and(ownRequest, sameSending);
  const hasFreeRequest = sql`(select ${freeRequestsLeft} from ${users} where ${users.id} = ${userId}) > 0`;

  const statements: BatchItem<"sqlite">[] = [];
  if (queues) {
    statements.push(
      db
        .update(requests)
        .set({ queuedAt: now })
        .where(and(ownRequest, isNull(requests.queuedAt), charges ? hasFreeRequest : undefined)),
    );
  }
  if (charges) {
    // SQLite's changes() is the row count of the statement just before, in this batch's transaction:
    // the free request is taken exactly when that statement queued the request.
    statements.push(
      db
        .update(users)
        .set({ numOfFreeRequest: sql`${freeRequestsLeft} - 1`, updatedAt: now })
        .where(and(eq(users.id, userId), sql`changes() = 1`))
        .returning({ left: users.numOfFreeRequest, newsletter: users.newsletter }),
    );
  }
  // "Mail still coming" on a request that was sent marks it still coming, for the follow-up ladder's
  // next step (decision 0058); one never sent, or already with staff, goes back to the staff work
  // queue, to be sent again. A ladder its owner stopped by withdrawing their permission is marked
  // too: the report takes it to staff. A request in its sender's review, open or answered with the
  // finding that the sender ignores requests (decision 0091), is marked and stays sent: staff answer
  // the sender, and the same request does not go out again.
  const laddered = sql`((${requests.processedAt} is not null or ${requests.followUpHold} = 'permissionRevoked') and ${requests.followUpStep} < 3)
    or (${requests.processedAt} is not null and ${inSenderReview})`;
  const resend =
    action === "report"
      ? {
          stillComingAt: sql`case when ${laddered} then coalesce(${requests.stillComingAt}, ${now.getTime()}) else ${requests.stillComingAt} end`,
          processedAt: sql`case when ${laddered} then ${requests.processedAt} else null end`,
        }
      : {};
  statements.push(
    db
      .update(requests)
      .set({ ...changes, ...resend, status, updatedAt: now })
      .where(applies),
  );
  statements.push(logEntryWhere(db, applies, action, now));
  const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const firstQueuing = queues && (results[0] as D1Result).meta.changes > 0;
  const [spentRow] = charges ? (results[1] as Array<{ left: number | null; newsletter: boolean }>) : [];
  const applied = (results[charges ? 2 : queues ? 1 : 0] as D1Result).meta.changes > 0;
  if (!applied) return { applied: false };
  return { applied: true, firstQueuing, spent: spentRow ? { left: spentRow.left ?? 0, newsletter: spentRow.newsletter } : null };
}

export type NewCustomRequest = {
  userId: string;
  senderName: string;
  templateId: string | null;
  fullName: string;
  address: { street1: string; street2: string | null; city: string; state: string; zipCode: string; addressCheck: AddressCheck | null };
  customerNumber: string | null;
  /** The key or source code of the mailing, from a photo's label. */
  keyCode?: string | null;
  recipientIds: string[] | null;
  /** A catalog sender's own wait; a request for a name the catalog lacks waits CUSTOM_REQUIRED_DAYS. */
  requiredDays?: number;
};

/** A custom request goes straight into the queue (product rules: Request statuses and actions), logged as created. */
export async function createCustomRequest(db: Db, input: NewCustomRequest, now = new Date()) {
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(requests).values({
      userId: input.userId,
      id,
      templateId: input.templateId,
      senderName: input.senderName,
      title: input.senderName,
      fullName: input.fullName,
      type: "custom",
      status: "inQueue",
      requiredDays: input.requiredDays ?? CUSTOM_REQUIRED_DAYS,
      customerNumber: input.customerNumber,
      keyCode: input.keyCode ?? null,
      recipientIds: input.recipientIds,
      street1: input.address.street1,
      street2: input.address.street2,
      city: input.address.city,
      state: input.address.state,
      zipCode: input.address.zipCode,
      addressCheck: input.address.addressCheck,
      queuedAt: now,
      createdAt: now,
      updatedAt: now,
    }),
    logEntry(db, input.userId, id, "created", now),
  ]);
  return id;
}

/** What the add form offers, in one batch: the user's recipients and the allowance. */
export async function getAddRequestOptions(db: Db, userId: string) {
  const [people, [account]] = await db.batch([listUserRecipients(db, userId), accountOf(db, userId)]);
  return account ? { people, account } : null;
}
