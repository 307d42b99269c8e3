// The follow-up ladder's writes (decision 0058). Each step is one statement guarded by the step it
// moves from, with its history line written only where that statement changed the request: two
// pieces recorded at once, or the cron and a piece, take a step once.
import { alias, type SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  agentPermissions,
  followUpDays,
  jobs,
  mailedLetters,
  requestEmails,
  requestLogs,
  requests,
  requestTemplates,
  senderOutcomes,
  users,
} from "../../drizzle/schema";
import { DAY_MS } from "~/domain/dates";
import { FOLLOW_UP_HISTORY, FOLLOW_UP_NOTICE_JOB_TYPE, PERMISSION_REVOKED_DETAIL } from "~/domain/follow-up";
import { latestRealPiece } from "~/domain/mail-tally";
import type { SendingRecords } from "~/domain/request-evidence";
import { tallyOfRow, tallyRowOf } from "~/models/mail-tally.server";
import { mailedLetterColumns, requestEmailColumns } from "~/models/request-evidence.server";
import { queuedJobColumns } from "~/models/job.server";
import { historyLineWhere } from "~/models/request-history.server";
import { openReviewFor, openReviewIdOf, type HeldFinding } from "~/models/sender-review.server";
import { addressKeptAsTypedSql } from "~/models/address-kept-as-typed.server";
import { channelProblemKinds } from "~/models/sender-channels.server";
import { batchByName } from "~/utils/batch-by-name.server";
import type { Db } from "~/utils/db.server";
import { chunkForD1 } from "~/utils/d1";
import { uuidFromName } from "~/utils/digest";

export type RequestKey = { userId: string; requestId: string };

const thisRequest = ({ userId, requestId }: RequestKey) => and(eq(requests.userId, userId), eq(requests.id, requestId));

// Only a request that is the person's and was sent is followed up: not one cancelled or deleted.
// The unary + keeps the status out of the choice of index: the cron walks requests_still_coming_idx,
// a handful of rows, never every request in queue (decision 0036).
const followedUp = sql`+${requests.status} in ('inQueue', 'confirmedByUser')`;

/**
 * What the next step of one request is decided from, with the evidence of its sendings for the
 * second request's citation, and what showed the mail still coming: the latest piece known to be
 * real matched to it, and the person's latest report (decision 0064).
 */
export async function followUpFactsOf(db: Db, key: RequestKey) {
  const read = await batchByName(db, {
    request: db
      .select({
        userId: requests.userId,
        id: requests.id,
        templateId: requests.templateId,
        senderName: requests.senderName,
        state: requests.state,
        status: requests.status,
        processedAt: requests.processedAt,
        stillComingAt: requests.stillComingAt,
        followUpStep: requests.followUpStep,
        followUpHold: requests.followUpHold,
        category: requestTemplates.category,
        channels: requestTemplates.channels,
        acceptsAgent: requestTemplates.acceptsAgent,
        privacyRequestMethod: requestTemplates.privacyRequestMethod,
        // How a step that sends goes out at once (automaticSendOf), read with the rest.
        consumerFiles: requestTemplates.consumerFiles,
        channelProblems: channelProblemKinds,
        addressKeptAsTyped: sql<number>`${sql.raw(addressKeptAsTypedSql('"requests"'))}`.mapWith(Boolean),
      })
      .from(requests)
      .leftJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
      .where(thisRequest(key))
      .limit(1),
    letters: db
      .select(mailedLetterColumns)
      .from(mailedLetters)
      .where(and(eq(mailedLetters.userId, key.userId), eq(mailedLetters.requestId, key.requestId))),
    emails: db
      .select(requestEmailColumns)
      .from(requestEmails)
      .where(and(eq(requestEmails.userId, key.userId), eq(requestEmails.requestId, key.requestId))),
    sentLines: db
      .select({ requestId: requestLogs.requestId, status: requestLogs.status, createdAt: requestLogs.createdAt })
      .from(requestLogs)
      .where(
        and(
          eq(requestLogs.userId, key.userId),
          eq(requestLogs.requestId, key.requestId),
          inArray(requestLogs.status, ["emailed", "mailed", "filed"]),
        ),
      ),
    tally: tallyRowOf(db, key.userId),
    latestReport: db
      .select({ at: requestLogs.createdAt })
      .from(requestLogs)
      .where(
        and(
          eq(requestLogs.userId, key.userId),
          eq(requestLogs.requestId, key.requestId),
          eq(requestLogs.creator, "user"),
          eq(requestLogs.status, "report"),
        ),
      )
      .orderBy(desc(requestLogs.createdAt))
      .limit(1),
  });
  const [request] = read.request;
  if (!request) return null;
  const records: SendingRecords = { letters: read.letters, sentEmails: read.emails, sentLines: read.sentLines };
  return {
    request,
    records,
    latestPiece: latestRealPiece(tallyOfRow(read.tally[0]), key.requestId),
    latestReport: read.latestReport[0]?.at ?? null,
  };
}

/**
 * A step's history line; `tellsThePerson` also writes the job that emails the person about it
 * (decision 0071), and `sends` the job that sends the request at once (decision 0089).
 */
type StepLine = { status: string; detail: string; tellsThePerson?: boolean; sends?: StepJob | null };

type QueuedJobRow = { id: string; type: string; payload: unknown; createdAt: Date };

/**
 * A step this call took, with the job that tells the person of it (null when the step tells no
 * one) and the job that sends what it sends at once (null when none was given).
 */
export type TakenStep = { notice: QueuedJobRow | null; sending: QueuedJobRow | null };

/** A job a step queues with its own writes: its type and payload. */
export type StepJob = { type: string; payload: Record<string, unknown> };

/**
 * A job written only where the history line `lineId` was: one job per step taken, however often
 * the step is tried at once. Its row is the record; the caller puts it on the queue, and the sweep
 * does if that fails (decision 0038).
 */
function jobOfLine(db: Db, lineId: string, type: string, payload: SQLWrapper) {
  return db
    .insert(jobs)
    .select(
      db
        .select(queuedJobColumns({ id: crypto.randomUUID(), type, payload, userId: requestLogs.userId }))
        .from(requestLogs)
        .where(eq(requestLogs.id, lineId)),
    )
    .returning({ id: jobs.id, type: jobs.type, payload: jobs.payload, createdAt: jobs.createdAt });
}

/** The job that tells the person of the step whose line is `lineId`. */
const noticeJobOf = (db: Db, lineId: string) =>
  jobOfLine(
    db,
    lineId,
    FOLLOW_UP_NOTICE_JOB_TYPE,
    sql`json_object('userId', ${requestLogs.userId}, 'requestId', ${requestLogs.requestId}, 'lineId', ${requestLogs.id})`,
  );

/**
 * Moves one request from step `from`, still marked, with `set`; its history line, and the job that
 * tells the person, only where the move happened. Answers the step when this call took it.
 */
async function takeStep(
  db: Db,
  key: RequestKey,
  from: number,
  guard: SQL | undefined,
  set: SQLiteUpdateSetSource<typeof requests>,
  { tellsThePerson = false, sends = null, ...line }: StepLine,
  now: Date,
  afterMove?: BatchItem<"sqlite">,
): Promise<TakenStep | null> {
  const lineId = crypto.randomUUID();
  const move = db
    .update(requests)
    .set({ ...set, updatedAt: now })
    .where(and(thisRequest(key), eq(requests.followUpStep, from), isNotNull(requests.stillComingAt), followedUp, guard))
    .returning({ id: requests.id });
  const history = historyLineWhere(db, and(thisRequest(key), eq(requests.updatedAt, now), sql`changes() = 1`), {
    creator: "system",
    ...line,
    at: now,
    id: lineId,
  });
  const written = await batchByName(db, {
    move,
    history,
    notice: tellsThePerson ? noticeJobOf(db, lineId) : undefined,
    sending: sends ? jobOfLine(db, lineId, sends.type, sql`${JSON.stringify(sends.payload)}`) : undefined,
    // Last: the history line reads changes() of the move, just before it.
    afterMove,
  });
  if (written.move.length === 0) return null;
  return { notice: written.notice?.[0] ?? null, sending: written.sending?.[0] ?? null };
}

// A step that sends something puts the request back in the queue as not sent, and clears the mark
// it answers; the free allowance is never touched (queuedAt stays).
const sendsAgain = { status: "inQueue" as const, processedAt: null, stillComingAt: null, followUpHold: null };

/** A second request, free, citing the first and saying exactly what showed the mail still coming (null: nothing). */
export function takeSecondRequest(
  db: Db,
  key: RequestKey,
  second: { citation: string; evidence: string | null; sends: StepJob | null },
  detail: string,
  now: Date,
) {
  return takeStep(
    db,
    key,
    0,
    undefined,
    { ...sendsAgain, followUpStep: 1, followUpAt: now, firstRequestCitation: second.citation, followUpEvidence: second.evidence },
    { status: FOLLOW_UP_HISTORY.second, detail, tellsThePerson: true, sends: second.sends },
    now,
  );
}

/** The first request never left (its Lob letter failed): it goes back in the queue as the first, on the same step. */
export function resendFirstRequest(db: Db, key: RequestKey, sends: StepJob | null, detail: string, now: Date) {
  return takeStep(db, key, 0, undefined, { ...sendsAgain }, { status: FOLLOW_UP_HISTORY.resent, detail, tellsThePerson: true, sends }, now);
}

/**
 * A request under the person's state law, as their agent, with their permission kept on the
 * request, and whether the law surely reaches the sender and the request goes the way its privacy
 * notice names (decision 0062).
 */
export function takeLegalRequest(
  db: Db,
  key: RequestKey,
  legal: { lawId: string; permissionId: string; reach: "applies" | "ifApplies"; byNoticeMethod: boolean; sends: StepJob | null },
  detail: string,
  now: Date,
) {
  return takeStep(
    db,
    key,
    1,
    notStopped,
    {
      ...sendsAgain,
      followUpStep: 2,
      followUpAt: now,
      legalLawId: legal.lawId,
      agentPermissionId: legal.permissionId,
      legalReach: legal.reach,
      legalByNoticeMethod: legal.byNoticeMethod,
    },
    { status: FOLLOW_UP_HISTORY.legal, detail, tellsThePerson: true, sends: legal.sends },
    now,
  );
}

/**
 * To staff, marked escalated, with the whole history: back in their work queue on its own, or, for
 * a catalog sender (decision 0091), into that sender's one open review, opened here when there is
 * none. A sender staff found to ignore requests lately answers it at once with their finding.
 */
export function escalateRequest(
  db: Db,
  key: RequestKey,
  from: number,
  detail: string,
  now: Date,
  review: { templateId: string; heldFinding: HeldFinding | null } | null = null,
) {
  if (!review) {
    return takeStep(
      db,
      key,
      from,
      undefined,
      { ...sendsAgain, followUpStep: 3, followUpAt: now },
      { status: FOLLOW_UP_HISTORY.escalate, detail, tellsThePerson: true },
      now,
    );
  }
  // It was sent; it stays sent, and waits in the review rather than in the queue.
  const escalated = { status: "inQueue" as const, stillComingAt: null, followUpHold: null, followUpStep: 3, followUpAt: now };
  if (review.heldFinding) {
    return takeStep(
      db,
      key,
      from,
      undefined,
      { ...escalated, senderReviewId: review.heldFinding.reviewId },
      { status: FOLLOW_UP_HISTORY.reviewed, detail: review.heldFinding.finding, tellsThePerson: true },
      now,
    );
  }
  const newReviewId = crypto.randomUUID();
  return takeStep(
    db,
    key,
    from,
    undefined,
    { ...escalated, senderReviewId: sql`coalesce(${openReviewIdOf(review.templateId)}, ${newReviewId})` },
    { status: FOLLOW_UP_HISTORY.escalate, detail, tellsThePerson: true },
    now,
    openReviewFor(db, key, review.templateId, newReviewId, now),
  );
}

// Every hold but a withdrawn permission gives way to the step the person or the next day takes.
const notStopped = or(isNull(requests.followUpHold), ne(requests.followUpHold, "permissionRevoked"));

/**
 * The legal step waits: for the person to say so on the card (confirmationNeeded), then for their
 * permission (permissionNeeded, which signing clears). Each hold is written, with its line, once.
 */
export function holdLegalStep(db: Db, key: RequestKey, hold: "permissionNeeded" | "confirmationNeeded", detail: string, now: Date) {
  const from =
    hold === "confirmationNeeded"
      ? isNull(requests.followUpHold)
      : or(isNull(requests.followUpHold), inArray(requests.followUpHold, ["confirmationNeeded", "dailyLimit"]));
  return takeStep(db, key, 1, from, { followUpHold: hold }, { status: FOLLOW_UP_HISTORY.hold, detail, tellsThePerson: true }, now);
}

/**
 * A paid step past the account's daily cap waits for the next day's run, visibly: the card says so
 * and the history has its line, once.
 */
export function holdForDailyLimit(db: Db, key: RequestKey, from: number, detail: string, now: Date) {
  const notHeldYet = or(isNull(requests.followUpHold), eq(requests.followUpHold, "confirmationNeeded"));
  return takeStep(db, key, from, notHeldYet, { followUpHold: "dailyLimit" }, { status: FOLLOW_UP_HISTORY.hold, detail }, now);
}

/**
 * Reserves one of the account's paid follow-up steps for `day` (UTC, YYYY-MM-DD), in one
 * statement: the count goes up only while it is below `cap`, so steps set going at the same moment
 * never pass it. Answers whether this call got one.
 */
export async function reserveFollowUpSend(db: Db, userId: string, day: string, cap: number) {
  const rows = await db
    .insert(followUpDays)
    .values({ userId, day, taken: 1 })
    .onConflictDoUpdate({
      target: [followUpDays.userId, followUpDays.day],
      set: { taken: sql`${followUpDays.taken} + 1` },
      setWhere: sql`${followUpDays.taken} < ${cap}`,
    })
    .returning({ taken: followUpDays.taken });
  return rows.length > 0;
}

/** Gives back a reservation whose step another call took first. */
export async function releaseFollowUpSend(db: Db, userId: string, day: string) {
  await db
    .update(followUpDays)
    .set({ taken: sql`max(0, ${followUpDays.taken} - 1)` })
    .where(and(eq(followUpDays.userId, userId), eq(followUpDays.day, day)));
}

/**
 * What "Mail still coming" is judged from (decision 0064): the request, its catalog sender's wait
 * and learned days, and the letters of its sendings, whose delivery starts the clock.
 */
export async function reportFactsOf(db: Db, key: RequestKey) {
  const [[request], letters] = await db.batch([
    db
      .select({
        senderName: requests.senderName,
        status: requests.status,
        state: requests.state,
        consumerFiles: requestTemplates.consumerFiles,
        takes: requestTemplates.takes,
        requiredDays: requests.requiredDays,
        queuedAt: requests.queuedAt,
        processedAt: requests.processedAt,
        followUpStep: requests.followUpStep,
        followUpHold: requests.followUpHold,
        outcomeCases: senderOutcomes.cases,
        outcomeP90Days: senderOutcomes.p90Days,
      })
      .from(requests)
      .leftJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
      .leftJoin(senderOutcomes, eq(senderOutcomes.templateId, requests.templateId))
      .where(thisRequest(key))
      .limit(1),
    db
      .select(mailedLetterColumns)
      .from(mailedLetters)
      .where(and(eq(mailedLetters.userId, key.userId), eq(mailedLetters.requestId, key.requestId))),
  ]);
  return request ? { request, letters } : null;
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
        // A step held for the daily cap goes the next day; every other hold waits for the person.
        or(isNull(requests.followUpHold), eq(requests.followUpHold, "dailyLimit")),
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

const laterLines = alias(requestLogs, "later_lines");

/**
 * What the email about one step is written from: the step's history line, the request as it is
 * now, whether a later step followed it, and the person's address and choice. Null when any is
 * gone (the account or request deleted).
 */
export async function followUpNoticeFactsOf(db: Db, key: RequestKey, lineId: string) {
  const [row] = await followUpNoticeFactsQuery(db, key, lineId);
  return row ?? null;
}

/** followUpNoticeFactsOf's statement, for a batch of the caller's: its one row, or none. */
export function followUpNoticeFactsQuery(db: Db, key: RequestKey, lineId: string) {
  return db
    .select({
      email: users.email,
      followUpEmails: users.followUpEmails,
      senderName: requests.senderName,
      state: requests.state,
      status: requests.status,
      requiredDays: requests.requiredDays,
      followUpHold: requests.followUpHold,
      legalLawId: requests.legalLawId,
      category: requestTemplates.category,
      // Named apart from the request's own columns: D1 answers a batch's rows keyed by column name.
      lineStatus: sql<string>`${requestLogs.status}`.as("lineStatus"),
      lineDetail: sql<string | null>`${requestLogs.detail}`.as("lineDetail"),
      lineAt: sql<Date>`${requestLogs.createdAt}`.mapWith(requestLogs.createdAt).as("lineAt"),
      // A later step of the ladder on the same request (written after it, at the same moment too): a hold it answered is no longer news.
      laterStep:
        sql<number>`exists (select 1 from ${requestLogs} ${sql.raw(`"later_lines"`)} where ${laterLines.userId} = ${requestLogs.userId}
        and ${laterLines.requestId} = ${requestLogs.requestId} and ${laterLines.creator} = 'system'
        and ${inArray(laterLines.status, Object.values(FOLLOW_UP_HISTORY))} and (${laterLines.createdAt} > ${requestLogs.createdAt}
          or (${laterLines.createdAt} = ${requestLogs.createdAt} and "later_lines".rowid > ${requestLogs}.rowid)))`.mapWith(Boolean),
    })
    .from(requestLogs)
    .innerJoin(requests, and(eq(requests.userId, requestLogs.userId), eq(requests.id, requestLogs.requestId)))
    .innerJoin(users, eq(users.id, requests.userId))
    .leftJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
    .where(and(eq(requestLogs.id, lineId), eq(requestLogs.userId, key.userId), eq(requestLogs.requestId, key.requestId)))
    .limit(1);
}

/**
 * Requests whose ladder waits for the person (their word, or their permission) and whose hold line
 * is at least a week old but younger than `reminders` weeks and a day: the weekly reminder's
 * candidates, with the hold's line and how many whole weeks it has waited. A page in key order
 * after `after`, by the still-coming index.
 */
export async function heldRequestsToRemind(
  db: Db,
  now: Date,
  reminders: number,
  { after, limit }: { after: RequestKey | null; limit: number },
) {
  const weekMs = 7 * DAY_MS;
  const latestHold = sql`(select max(${requestLogs.createdAt}) from ${requestLogs} where ${requestLogs.userId} = ${requests.userId}
    and ${requestLogs.requestId} = ${requests.id} and ${requestLogs.status} = ${FOLLOW_UP_HISTORY.hold})`;
  const rows = await db
    .select({ userId: requests.userId, requestId: requests.id, lineId: requestLogs.id, heldAt: requestLogs.createdAt })
    .from(requests)
    .innerJoin(
      requestLogs,
      and(eq(requestLogs.userId, requests.userId), eq(requestLogs.requestId, requests.id), eq(requestLogs.createdAt, latestHold)),
    )
    .where(
      and(
        isNotNull(requests.stillComingAt),
        inArray(requests.followUpHold, ["permissionNeeded", "confirmationNeeded"]),
        followedUp,
        eq(requestLogs.status, FOLLOW_UP_HISTORY.hold),
        lte(requestLogs.createdAt, new Date(now.getTime() - weekMs)),
        gt(requestLogs.createdAt, new Date(now.getTime() - (reminders + 1) * weekMs)),
        after ? or(gt(requests.userId, after.userId), and(eq(requests.userId, after.userId), gt(requests.id, after.requestId))) : undefined,
      ),
    )
    .orderBy(asc(requests.userId), asc(requests.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, week: Math.floor((now.getTime() - row.heldAt.getTime()) / weekMs) }));
}

/**
 * The week's reminder job of each held request, once: its id names the hold's line and the week,
 * so a second run the same week, even at the same moment, writes nothing. Answers the jobs written.
 */
export async function createHoldReminderJobs(db: Db, held: { userId: string; requestId: string; lineId: string; week: number }[]) {
  if (held.length === 0) return [];
  const rows = await Promise.all(
    held.map(async ({ userId, requestId, lineId, week }) => ({
      id: await uuidFromName(`${FOLLOW_UP_NOTICE_JOB_TYPE}:${lineId}:${week}`),
      type: FOLLOW_UP_NOTICE_JOB_TYPE,
      payload: { userId, requestId, lineId, week },
      userId,
    })),
  );
  // Within D1's bound parameters: drizzle binds every column a row does not fill with SQL.
  const [first, ...rest] = chunkForD1(rows, Object.keys(getTableColumns(jobs)).length).map((chunk) =>
    db
      .insert(jobs)
      .values(chunk)
      .onConflictDoNothing()
      .returning({ id: jobs.id, type: jobs.type, payload: jobs.payload, createdAt: jobs.createdAt }),
  );
  return (await db.batch([first!, ...rest])).flat();
}
