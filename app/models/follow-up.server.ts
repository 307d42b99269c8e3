// The follow-up ladder's writes (decision 0058). Each step is one statement guarded by the step it
// moves from, with its history line written only where that statement changed the request: two
// pieces recorded at once, or the cron and a piece, take a step once.
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { agentPermissions, mailedLetters, requestEmails, requestLogs, requests, requestTemplates } from "../../drizzle/schema";
import { FOLLOW_UP_HISTORY, PERMISSION_REVOKED_DETAIL } from "~/domain/follow-up";
import type { SendingRecords } from "~/domain/request-evidence";
import { mailedLetterColumns, requestEmailColumns } from "~/models/request-evidence.server";
import { historyLineWhere } from "~/models/request-history.server";
import type { Db } from "~/utils/db.server";

export type RequestKey = { userId: string; requestId: string };

const thisRequest = ({ userId, requestId }: RequestKey) => and(eq(requests.userId, userId), eq(requests.id, requestId));

// Only a request that is the person's and was sent is followed up: not one cancelled or deleted.
// The unary + keeps the status out of the choice of index: the cron walks requests_still_coming_idx,
// a handful of rows, never every request in queue (decision 0036).
const followedUp = sql`+${requests.status} in ('inQueue', 'confirmedByUser')`;

/** What the next step of one request is decided from, with the evidence of its sendings for the second request's citation. */
export async function followUpFactsOf(db: Db, key: RequestKey) {
  const [[request], letters, emails, sentLines] = await db.batch([
    db
      .select({
        userId: requests.userId,
        id: requests.id,
        senderName: requests.senderName,
        state: requests.state,
        status: requests.status,
        processedAt: requests.processedAt,
        stillComingAt: requests.stillComingAt,
        followUpStep: requests.followUpStep,
        followUpHold: requests.followUpHold,
        category: requestTemplates.category,
        channels: requestTemplates.channels,
      })
      .from(requests)
      .leftJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
      .where(thisRequest(key))
      .limit(1),
    db
      .select(mailedLetterColumns)
      .from(mailedLetters)
      .where(and(eq(mailedLetters.userId, key.userId), eq(mailedLetters.requestId, key.requestId))),
    db
      .select(requestEmailColumns)
      .from(requestEmails)
      .where(and(eq(requestEmails.userId, key.userId), eq(requestEmails.requestId, key.requestId))),
    db
      .select({ requestId: requestLogs.requestId, status: requestLogs.status, createdAt: requestLogs.createdAt })
      .from(requestLogs)
      .where(
        and(
          eq(requestLogs.userId, key.userId),
          eq(requestLogs.requestId, key.requestId),
          inArray(requestLogs.status, ["emailed", "mailed", "filed"]),
        ),
      ),
  ]);
  if (!request) return null;
  const records: SendingRecords = { letters, sentEmails: emails, sentLines };
  return { request, records };
}

type StepLine = { status: string; detail: string };

/**
 * Moves one request from step `from`, still marked, with `set`; its history line only where the
 * move happened. Answers whether this call took the step.
 */
async function takeStep(
  db: Db,
  key: RequestKey,
  from: number,
  guard: SQL | undefined,
  set: Partial<typeof requests.$inferInsert>,
  line: StepLine,
  now: Date,
) {
  const [moved] = await db.batch([
    db
      .update(requests)
      .set({ ...set, updatedAt: now })
      .where(and(thisRequest(key), eq(requests.followUpStep, from), isNotNull(requests.stillComingAt), followedUp, guard))
      .returning({ id: requests.id }),
    historyLineWhere(db, and(thisRequest(key), eq(requests.updatedAt, now), sql`changes() = 1`), { creator: "system", ...line, at: now }),
  ]);
  return moved.length > 0;
}

// A step that sends something puts the request back in the queue as not sent, and clears the mark
// it answers; the free allowance is never touched (queuedAt stays).
const sendsAgain = { status: "inQueue" as const, processedAt: null, stillComingAt: null, followUpHold: null };

/** A second request, free, citing the first. */
export function takeSecondRequest(db: Db, key: RequestKey, citation: string, detail: string, now: Date) {
  return takeStep(
    db,
    key,
    0,
    undefined,
    { ...sendsAgain, followUpStep: 1, followUpAt: now, firstRequestCitation: citation },
    { status: FOLLOW_UP_HISTORY.second, detail },
    now,
  );
}

/** The first request never left (its Lob letter failed): it goes back in the queue as the first, on the same step. */
export function resendFirstRequest(db: Db, key: RequestKey, detail: string, now: Date) {
  return takeStep(db, key, 0, undefined, { ...sendsAgain }, { status: FOLLOW_UP_HISTORY.resent, detail }, now);
}

/** A request under the person's state law, as their agent, with their permission kept on the request. */
export function takeLegalRequest(db: Db, key: RequestKey, legal: { lawId: string; permissionId: string }, detail: string, now: Date) {
  return takeStep(
    db,
    key,
    1,
    isNull(requests.followUpHold),
    { ...sendsAgain, followUpStep: 2, followUpAt: now, legalLawId: legal.lawId, agentPermissionId: legal.permissionId },
    { status: FOLLOW_UP_HISTORY.legal, detail },
    now,
  );
}

/** To staff: in their work queue, marked escalated, with the whole history. */
export function escalateRequest(db: Db, key: RequestKey, from: number, detail: string, now: Date) {
  return takeStep(
    db,
    key,
    from,
    undefined,
    { ...sendsAgain, followUpStep: 3, followUpAt: now },
    { status: FOLLOW_UP_HISTORY.escalate, detail },
    now,
  );
}

/** The legal step waits for the person's permission: the card asks them to sign; signing clears the hold. */
export function holdForPermission(db: Db, key: RequestKey, detail: string, now: Date) {
  return takeStep(
    db,
    key,
    1,
    isNull(requests.followUpHold),
    { followUpHold: "permissionNeeded" },
    { status: FOLLOW_UP_HISTORY.hold, detail },
    now,
  );
}

/**
 * The requests the daily cron looks at: marked still coming by `now` with a step left and nothing
 * holding them (a step a crash missed, a hold their signing cleared). Oldest first, by the index on
 * stillComingAt.
 */
export function requestsDueForFollowUp(db: Db, now: Date, limit: number) {
  return db
    .select({ userId: requests.userId, requestId: requests.id })
    .from(requests)
    .where(
      and(
        isNotNull(requests.stillComingAt),
        lte(requests.stillComingAt, now),
        isNull(requests.followUpHold),
        lt(requests.followUpStep, 3),
        followedUp,
      ),
    )
    .orderBy(asc(requests.stillComingAt))
    .limit(limit);
}

/**
 * Legal requests among these whose permission is no longer in force, held so that they are never
 * sent (nor listed for staff) and the ladder stops there, each with its line once. Answers their keys.
 */
export async function holdLegalRequestsWithoutPermission(db: Db, keys: RequestKey[], now: Date) {
  const withdrawn = sql`not exists (select 1 from ${agentPermissions} where ${agentPermissions.id} = ${requests.agentPermissionId}
    and ${agentPermissions.revokedAt} is null)`;
  const held: RequestKey[] = [];
  for (const key of keys) {
    const [rows] = await db.batch([
      db
        .update(requests)
        .set({ followUpHold: "permissionRevoked", processedAt: null, updatedAt: now })
        .where(
          and(
            thisRequest(key),
            eq(requests.followUpStep, 2),
            isNotNull(requests.legalLawId),
            or(isNull(requests.followUpHold), eq(requests.followUpHold, "permissionNeeded")),
            withdrawn,
          ),
        )
        .returning({ id: requests.id }),
      historyLineWhere(db, and(thisRequest(key), eq(requests.updatedAt, now), sql`changes() = 1`), {
        creator: "system",
        status: FOLLOW_UP_HISTORY.hold,
        detail: PERMISSION_REVOKED_DETAIL,
        at: now,
      }),
    ]);
    if (rows.length > 0) held.push(key);
  }
  return held;
}
