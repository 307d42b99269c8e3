// The Worker entry that bench/followup.ts serves instead of app/worker.ts: the app itself, plus
// routes that make the year's households (straight into D1, their first requests already sent),
// run one day of the year, and read back what the year did. Never deployed: production's entry is
// wrangler.toml's `main`, and nothing in app/ imports this file. The app comes from the server build,
// imported once (bench/built-app.ts).
//
// A day, inside the Worker: the day's pieces recorded by recordPieces (their senders known, as a
// digest's pieces once read, three at a time as the reading queue's batches), then the daily cron (runScheduledTasks, as Cloudflare runs it at
// 14:00 UTC), then every job it queued, run by the app's own queue consumer until none is left.
// The year's clock is the Worker's: while a day runs, `new Date()` and `Date.now()` answer that
// day's time, so what the app stamps with "now" (a job's send, a history line) lands on the day it
// would have. Cloudflare's queue is played here too, without its batch wait (two seconds a batch,
// wrangler.toml), which a year of days could not afford: the messages the app sends go to the
// consumer in batches of ten, a retried one again, one that runs out of tries to the dead letters.
import { and, eq, gte, inArray, isNull, like, lte, sql } from "drizzle-orm";
import type { StaffActor } from "~/models/audit.server";
import type { Db } from "~/utils/db.server";
import { app, worker } from "./built-app";
import {
  FOLLOWUP_DAY_PATH,
  FOLLOWUP_FIGURES_PATH,
  FOLLOWUP_HOUSEHOLDS_PATH,
  FOLLOWUP_STOPPED_PATH,
  type FollowUpDay,
  type FollowUpDayResult,
  type FollowUpFigures,
  type FollowUpHouseholds,
  type FollowUpStopped,
} from "./followup-routes";

const {
  DAY_MS,
  mailClock,
  reachedSenderAt,
  isVerifiedStopped,
  learnedStopDays,
  processedDetail,
  processingKindOf,
  staffChannel,
  runScheduledTasks,
  recordPieces,
  digestShowedSender,
  lastPieceOfRequest,
  markProcessed,
  followUpPiece,
  takeNextFollowUpStep,
  listOpenSenderReviews,
  answerReview,
  getDb,
  parseEnv,
  schema: {
    agentPermissions,
    jobs,
    mailArrivals,
    mailTallies,
    requestLogs,
    requestTemplates,
    requests,
    senderOutcomes,
    senderReviews,
    users,
  },
} = app;

/** Days a household takes to answer its card when it asks whether to ask under the law (assumption). */
const CONFIRM_AFTER_DAYS = 3;
/** wrangler.toml's daily cron. */
const DAILY_CRON = "0 14 * * *";
const CRON_HOUR_MS = 14 * 60 * 60 * 1000;
const PIECES_HOUR_MS = 12 * 60 * 60 * 1000;
const SENT_HOUR_MS = 15 * 60 * 60 * 1000;
const JOBS_QUEUE = "quiet-mailbox-jobs";
const DEAD_LETTER_QUEUE = "quiet-mailbox-jobs-dead";
/** wrangler.toml: max_batch_size = 10, max_retries = 5. */
const BATCH_SIZE = 10;
const MAX_ATTEMPTS = 6;
/** Groups of pieces recorded at once: D1 runs one query at a time, the Worker prepares the next meanwhile. */
const PIECES_IN_FLIGHT = 8;
/**
 * Pieces recorded together: a batch of the reading queue (wrangler.toml, max_batch_size = 3), whose
 * digest pieces the app records in one read and one write (decision 0089).
 */
const READING_BATCH = 3;
/** Statements per D1 batch when the households are made. */
const SEED_BATCH = 400;
/** Every bench household's id starts so (bench/followup-model.ts): the figures are theirs only. */
const BENCH_USER_PREFIX = "followup-";
/** The statuses of the follow-up ladder's history lines (decision 0058). */
const LADDER_STATUSES = ["secondRequest", "legalRequest", "escalated", "followUpHeld", "senderReviewed"];
/** How a sent request shows in its history (markProcessed): a follow-up's sending is when it gets its chance. */
const SENT_STATUSES = ["emailed", "mailed", "filed"];
/** Staff work their queue within the product's promise ("usually within 2 working days"). */
const STAFF_WITHIN_DAYS = 2;
const STAFF: StaffActor = { id: "local-moderator", role: "moderator" };
const PERMISSION_TEXT =
  "I allow Quiet Mailbox to send, as my authorized agent, requests under my state's privacy law to stop selling my data and to delete it.";

/**
 * The return address a household read off a piece of a sender the catalog has no address for, as
 * the first request's letter went there (decision 0067): verified, as the give requires. A follow-up
 * goes there by itself too.
 */
function givenReturnAddress(senderName: string, at: Date) {
  return {
    senderAddress: `${senderName.slice(0, 40).replaceAll(",", " ")}, PO BOX 11539, DES MOINES, IA 50306`,
    senderAddressCheck: "verified" as const,
    senderAddressFrom: "typed" as const,
    senderAddressAt: at,
  };
}

// The year's clock (see above): the real clock shifted to the simulated day.
const RealDate = Date;
let clockOffsetMs = 0;
class SimulatedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(RealDate.now() + clockOffsetMs);
    else super(...(args as [number]));
  }
  static override now() {
    return RealDate.now() + clockOffsetMs;
  }
}
globalThis.Date = SimulatedDate as DateConstructor;
const setClock = (at: number) => {
  clockOffsetMs = at - RealDate.now();
};

const ADDRESSES: Record<string, { city: string; zipCode: string }> = {
  CA: { city: "SACRAMENTO", zipCode: "95814" },
  TX: { city: "AUSTIN", zipCode: "78701" },
  VA: { city: "RICHMOND", zipCode: "23219" },
  CO: { city: "DENVER", zipCode: "80202" },
  CT: { city: "HARTFORD", zipCode: "06103" },
  OR: { city: "SALEM", zipCode: "97301" },
};
// Each household at its own verified address: the figures count one case per household (decision 0064).
const addressIn = (state: string, number: number) => ({
  street1: `${number} MAIN ST`,
  state,
  ...(ADDRESSES[state] ?? { city: "SPRINGFIELD", zipCode: "62701" }),
  addressCheck: "verified" as const,
});
const dayStart = (day: string) => RealDate.parse(`${day}T00:00:00Z`);

async function inBatches(db: Db, statements: Parameters<Db["batch"]>[0][number][]) {
  for (let start = 0; start < statements.length; start += SEED_BATCH) {
    const chunk = statements.slice(start, start + SEED_BATCH);
    await db.batch(chunk as unknown as Parameters<Db["batch"]>[0]);
  }
}

async function makeHouseholds(request: Request, rawEnv: unknown) {
  const db = getDb(parseEnv(rawEnv).DB);
  const { households, yearStart } = (await request.json()) as FollowUpHouseholds & { yearStart: string };
  const templates = new Map(
    (await db.select({ id: requestTemplates.id, requiredDays: requestTemplates.requiredDays }).from(requestTemplates)).map((row) => [
      row.id,
      row.requiredDays,
    ]),
  );
  const start = dayStart(yearStart);
  const statements: Parameters<Db["batch"]>[0][number][] = [];
  for (const [index, household] of households.entries()) {
    const address = addressIn(household.state, index + 1);
    statements.push(
      db.insert(users).values({
        id: household.userId,
        email: household.email,
        passwordHash: "bench$no-password",
        fullName: "Jane Q Public",
        newsletter: false,
        ...address,
        // They signed up the day the year starts.
        createdAt: new RealDate(start),
      }),
    );
    if (household.permission)
      statements.push(
        db
          .insert(agentPermissions)
          .values({ userId: household.userId, typedName: "Jane Q Public", allows: PERMISSION_TEXT, signedAt: new RealDate(start) }),
      );
    for (const planned of household.requests) {
      const sentAt = new RealDate(start + planned.requestDay * DAY_MS + SENT_HOUR_MS);
      const kind = planned.emailed ? "emailed" : "mailed";
      statements.push(
        db.insert(requests).values({
          userId: household.userId,
          id: planned.templateId,
          templateId: planned.templateId,
          senderName: planned.title,
          title: planned.title,
          fullName: "Jane Q Public",
          type: "preset",
          status: "inQueue",
          requiredDays: templates.get(planned.templateId) ?? 30,
          ...address,
          queuedAt: sentAt,
          processedAt: sentAt,
          ...(planned.toGivenAddress ? givenReturnAddress(planned.title, sentAt) : {}),
          createdAt: sentAt,
          updatedAt: sentAt,
        }),
        db.insert(requestLogs).values({
          userId: household.userId,
          requestId: planned.templateId,
          creator: "system",
          status: kind,
          detail: processedDetail(kind, planned.title, planned.emailed ? "email" : "mail"),
          createdAt: sentAt,
        }),
      );
    }
  }
  await inBatches(db, statements);
  return new Response(null, { status: 204 });
}

type QueuedMessage = { id: string; body: unknown; attempts: number };

/** Cloudflare's queue as the year needs it: what the app sends waits here until the day's drain. */
function simulatedQueue() {
  const waiting: QueuedMessage[] = [];
  const binding = {
    async send(body: unknown) {
      waiting.push({ id: crypto.randomUUID(), body, attempts: 1 });
    },
    async sendBatch(messages: Iterable<{ body: unknown }>) {
      for (const message of messages) waiting.push({ id: crypto.randomUUID(), body: message.body, attempts: 1 });
    },
  };
  return { binding, waiting };
}

/** Runs every waiting message through the app's consumer, and whatever those queue in turn. */
async function drain(queue: ReturnType<typeof simulatedQueue>, env: unknown) {
  const counts = { run: 0, retried: 0, dead: 0 };
  while (queue.waiting.length > 0) {
    const taken = queue.waiting.splice(0, BATCH_SIZE);
    const retried: QueuedMessage[] = [];
    const messages = taken.map((message) => ({
      id: message.id,
      timestamp: new Date(),
      body: message.body,
      attempts: message.attempts,
      ack() {},
      retry() {
        retried.push(message);
      },
    }));
    const batch = {
      queue: JOBS_QUEUE,
      messages,
      ackAll() {},
      retryAll() {
        retried.push(...taken);
      },
    };
    await worker.queue!(batch as unknown as MessageBatch, env);
    counts.run += taken.length;
    const again = retried.filter((message) => message.attempts < MAX_ATTEMPTS);
    const dead = retried.filter((message) => message.attempts >= MAX_ATTEMPTS);
    counts.retried += again.length;
    queue.waiting.push(...again.map((message) => ({ ...message, attempts: message.attempts + 1 })));
    if (dead.length > 0) {
      counts.dead += dead.length;
      const deadBatch = {
        queue: DEAD_LETTER_QUEUE,
        messages: dead.map((message) => ({ ...message, timestamp: new Date(), ack() {}, retry() {} })),
        ackAll() {},
        retryAll() {},
      };
      await worker.queue!(deadBatch as unknown as MessageBatch, env);
    }
  }
  return counts;
}

async function runDay(request: Request, rawEnv: Record<string, unknown>) {
  const queue = simulatedQueue();
  const simulatedEnv = { ...rawEnv, JOBS: queue.binding, READING: queue.binding };
  const env = parseEnv(simulatedEnv);
  const db = getDb(env.DB);
  const { day, pieces, afterLogRow } = (await request.json()) as FollowUpDay;
  const start = dayStart(day);

  const timings = { piecesMs: 0, cronMs: 0, jobsMs: 0 };
  let phaseStarted = RealDate.now();
  const phaseEnded = (phase: keyof typeof timings) => {
    timings[phase] = RealDate.now() - phaseStarted;
    phaseStarted = RealDate.now();
  };
  setClock(start + PIECES_HOUR_MS);
  const now = new Date(start + PIECES_HOUR_MS);
  let next = 0;
  let stillComing = 0;
  let confirmed = 0;
  await Promise.all(
    Array.from({ length: PIECES_IN_FLIGHT }, async () => {
      while (next < pieces.length) {
        const group = pieces.slice(next, next + READING_BATCH);
        next += group.length;
        const readings = group.map((piece) => ({
          userId: piece.userId,
          entryId: piece.entryId,
          source: "digest" as const,
          arrivedOn: day,
          templateId: piece.templateId,
          senderName: null,
          customerNumber: null,
          keyCode: null,
          residentMail: false,
          // The simulation's digests are the Postal Service's own, signed (decision 0064).
          authenticated: true,
          imageDeleted: true,
        }));
        const recorded = await recordPieces(db, readings, now);
        for (const [index, piece] of group.entries()) {
          if (recorded[index]!.stillComing) stillComing++;
          await followUpPiece(env, piece.userId, recorded[index]!, now);
        }
      }
    }),
  );

  // A person answers their card: a request under the law waits for them (decision 0064); each
  // household presses "Send it again" CONFIRM_AFTER_DAYS after the card first asked.
  const asking = await db
    .select({ userId: requests.userId, requestId: requests.id })
    .from(requests)
    .where(
      and(eq(requests.followUpHold, "confirmationNeeded"), lte(requests.updatedAt, new RealDate(start - CONFIRM_AFTER_DAYS * DAY_MS))),
    );
  for (const key of asking) {
    await db.insert(requestLogs).values({ ...key, creator: "user", status: "report", createdAt: now });
    if ((await takeNextFollowUpStep(env, key, now, { byPerson: true })) !== null) confirmed++;
  }

  const piecesJobs = await drain(queue, simulatedEnv);
  phaseEnded("piecesMs");
  setClock(start + CRON_HOUR_MS);
  const cronTaskMs = await runScheduledTasks({ scheduledTime: start + CRON_HOUR_MS, cron: DAILY_CRON }, env);
  phaseEnded("cronMs");
  const cronJobs = await drain(queue, simulatedEnv);
  phaseEnded("jobsMs");
  const staffSent = await staffSendWaitingFollowUps(db, new Date(start + CRON_HOUR_MS));
  const reviewsAnswered = await staffAnswerSenderReviews(env, new Date(start + CRON_HOUR_MS));
  const counts = {
    run: piecesJobs.run + cronJobs.run,
    retried: piecesJobs.retried + cronJobs.retried,
    dead: piecesJobs.dead + cronJobs.dead,
  };

  const events = await db
    .select({
      userId: requestLogs.userId,
      requestId: requestLogs.requestId,
      status: requestLogs.status,
      creator: requestLogs.creator,
      step: requests.followUpStep,
    })
    .from(requestLogs)
    .innerJoin(requests, and(eq(requests.userId, requestLogs.userId), eq(requests.id, requestLogs.requestId)))
    .where(
      and(
        sql`${requestLogs}.rowid > ${afterLogRow}`,
        like(requestLogs.userId, `${BENCH_USER_PREFIX}%`),
        inArray(requestLogs.status, [...LADDER_STATUSES, ...SENT_STATUSES]),
        gte(requests.followUpStep, 1),
      ),
    );
  const [last] = await db.select({ row: sql<number>`coalesce(max(${requestLogs}.rowid), 0)`.mapWith(Number) }).from(requestLogs);
  const result: FollowUpDayResult = {
    events,
    staffSent,
    reviewsAnswered,
    lastLogRow: last?.row ?? afterLogRow,
    stillComing,
    confirmed,
    jobsRun: counts.run,
    jobsRetried: counts.retried,
    jobsDead: counts.dead,
    ...timings,
    cronTaskMs,
  };
  return Response.json(result);
}

/**
 * Staff send the follow-ups that waited in their work queue for STAFF_WITHIN_DAYS (no channel went
 * without them), by the channel they reach each sender by, as they record it (markProcessed).
 * Escalated requests stay with them: what staff then do is not simulated.
 */
async function staffSendWaitingFollowUps(db: Db, now: Date) {
  const waiting = await db
    .select({
      userId: requests.userId,
      requestId: requests.id,
      templateId: requestTemplates.id,
      senderName: requests.senderName,
      channels: requestTemplates.channels,
      acceptsAgent: requestTemplates.acceptsAgent,
    })
    .from(requests)
    .innerJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
    .where(
      and(
        like(requests.userId, `${BENCH_USER_PREFIX}%`),
        eq(requests.status, "inQueue"),
        isNull(requests.processedAt),
        isNull(requests.followUpHold),
        inArray(requests.followUpStep, [1, 2]),
        lte(requests.followUpAt, new Date(now.getTime() - STAFF_WITHIN_DAYS * DAY_MS)),
      ),
    );
  const bySender = new Map<string, typeof waiting>();
  for (const row of waiting) bySender.set(row.templateId, [...(bySender.get(row.templateId) ?? []), row]);
  for (const [templateId, rows] of bySender) {
    const channel = staffChannel(rows[0]!.channels);
    await markProcessed(
      db,
      STAFF,
      {
        keys: rows.map(({ userId, requestId }) => ({ userId, requestId })),
        kind: processingKindOf(channel.kind),
        senderName: rows[0]!.senderName,
        channel: channel.kind,
        groupKey: templateId,
      },
      now,
    );
  }
  return waiting.length;
}

/**
 * Staff answer each sender review open for STAFF_WITHIN_DAYS (decision 0091), finding that the
 * sender ignores requests: the model's channels are right, so no review is one of a wrong channel.
 * The finding's notices go on the queue, and run with the next day's jobs.
 */
async function staffAnswerSenderReviews(env: Parameters<typeof answerReview>[0], now: Date) {
  const due = (await listOpenSenderReviews(getDb(env.DB))).filter(
    (review) => review.openedAt.getTime() <= now.getTime() - STAFF_WITHIN_DAYS * DAY_MS,
  );
  for (const review of due) await answerReview(env, STAFF, { templateId: review.templateId, reviewId: review.id }, "ignoresRequests", now);
  return due.length;
}

/**
 * Every request verified stopped on this day, by the one rule. Each household's mailbox is watched
 * (its digests come every delivery day), so it was seen that day.
 */
async function stopped(url: URL, rawEnv: unknown) {
  const db = getDb(parseEnv(rawEnv).DB);
  const day = url.searchParams.get("day") ?? "";
  // The tally holds the pieces of the days run so far: none after this day.
  const lastPieceOn = lastPieceOfRequest;
  const rows = await db
    .select({
      userId: requests.userId,
      templateId: requests.templateId,
      status: requests.status,
      processedAt: requests.processedAt,
      stillComingAt: requests.stillComingAt,
      followUpStep: requests.followUpStep,
      requiredDays: requests.requiredDays,
      lastPieceOn,
      digestShowedSender,
      category: requestTemplates.category,
      cases: senderOutcomes.cases,
      p90Days: senderOutcomes.p90Days,
    })
    .from(requests)
    .innerJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
    .leftJoin(senderOutcomes, eq(senderOutcomes.templateId, requests.templateId))
    .where(like(requests.userId, `${BENCH_USER_PREFIX}%`));
  const result: FollowUpStopped = { day, requests: rows.length, verified: [], byCategory: {} };
  for (const row of rows) {
    const reached = reachedSenderAt(row.processedAt);
    const learned = row.cases === null ? null : learnedStopDays({ cases: row.cases, p90Days: row.p90Days });
    const verified = isVerifiedStopped({
      status: row.status,
      processedAt: row.processedAt,
      stillComingAt: row.stillComingAt,
      followUpStep: row.followUpStep,
      mailStopsBy: reached ? mailClock(reached, row.requiredDays, learned).mailStopsBy : null,
      digestShowedSender: row.digestShowedSender,
      lastPieceOn: row.lastPieceOn,
      mailboxSeenOn: day,
    });
    const category = (result.byCategory[row.category] ??= { requests: 0, verified: 0 });
    category.requests++;
    if (verified) {
      category.verified++;
      result.verified.push(`${row.userId} ${row.templateId}`);
    }
  }
  return Response.json(result);
}

const countsBy = (rows: { key: string | number | null; count: number }[]) =>
  Object.fromEntries(rows.map((row) => [String(row.key), row.count]));

async function figures(rawEnv: unknown) {
  const db = getDb(parseEnv(rawEnv).DB);
  const count = sql<number>`count(*)`.mapWith(Number);
  const benchRequests = like(requests.userId, `${BENCH_USER_PREFIX}%`);
  const [lines, staffLines, steps, waiting, holds, jobRows] = await Promise.all([
    db
      .select({ key: requestLogs.status, count })
      .from(requestLogs)
      .where(like(requestLogs.userId, `${BENCH_USER_PREFIX}%`))
      .groupBy(requestLogs.status),
    db
      .select({ key: requestLogs.status, count })
      .from(requestLogs)
      .where(and(like(requestLogs.userId, `${BENCH_USER_PREFIX}%`), eq(requestLogs.creator, "staff")))
      .groupBy(requestLogs.status),
    db.select({ key: requests.followUpStep, count }).from(requests).where(benchRequests).groupBy(requests.followUpStep),
    db
      .select({ key: requests.followUpStep, count })
      .from(requests)
      .where(and(benchRequests, eq(requests.status, "inQueue"), isNull(requests.processedAt)))
      .groupBy(requests.followUpStep),
    db.select({ key: requests.followUpHold, count }).from(requests).where(benchRequests).groupBy(requests.followUpHold),
    db
      .select({ key: sql<string>`${jobs.type} || ' ' || ${jobs.state}`, count })
      .from(jobs)
      .groupBy(jobs.type, jobs.state),
  ]);
  const [reviewRows, byAFinding, alone] = await Promise.all([
    db.select({ opened: count, answered: sql<number>`count(${senderReviews.answeredAt})`.mapWith(Number) }).from(senderReviews),
    db
      .select({ count })
      .from(requestLogs)
      .where(
        and(like(requestLogs.userId, `${BENCH_USER_PREFIX}%`), eq(requestLogs.status, "senderReviewed"), eq(requestLogs.creator, "system")),
      ),
    db
      .select({ count })
      .from(requests)
      .where(and(benchRequests, eq(requests.followUpStep, 3), isNull(requests.senderReviewId))),
  ]);
  const rows: Record<string, number> = {};
  for (const [name, table] of [
    ["users", users],
    ["requests", requests],
    ["request_logs", requestLogs],
    ["mail_arrivals", mailArrivals],
    ["mail_tallies", mailTallies],
    ["agent_permissions", agentPermissions],
    ["sender_outcomes", senderOutcomes],
    ["sender_reviews", senderReviews],
    ["jobs", jobs],
  ] as const) {
    const [row] = await db.select({ count }).from(table);
    rows[name] = row?.count ?? 0;
  }
  const result: FollowUpFigures = {
    lines: countsBy(lines),
    staffLines: countsBy(staffLines),
    steps: countsBy(steps),
    waitingForStaff: countsBy(waiting),
    holds: countsBy(holds),
    reviews: { opened: reviewRows[0]?.opened ?? 0, answered: reviewRows[0]?.answered ?? 0, answeredByAFinding: byAFinding[0]?.count ?? 0 },
    escalatedAlone: alone[0]?.count ?? 0,
    jobs: countsBy(jobRows),
    rows,
  };
  return Response.json(result);
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname === FOLLOWUP_HOUSEHOLDS_PATH) return makeHouseholds(request, env);
    if (request.method === "POST" && url.pathname === FOLLOWUP_DAY_PATH) return runDay(request, env);
    if (request.method === "GET" && url.pathname === FOLLOWUP_STOPPED_PATH) return stopped(url, env);
    if (request.method === "GET" && url.pathname === FOLLOWUP_FIGURES_PATH) return figures(env);
    return worker.fetch(request, env, ctx);
  },
  queue: worker.queue,
  scheduled: worker.scheduled,
  email: worker.email,
} satisfies ExportedHandler<Record<string, unknown>>;
