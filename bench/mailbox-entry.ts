// The Worker entry that bench/mailbox.ts serves instead of app/worker.ts: the app itself (its
// email handler, queue consumer and crons), plus routes that make the bench's households (their
// requests and inbound addresses, straight into D1) and read back what their digests became. Never
// deployed: production's entry is wrangler.toml's `main`, and nothing in app/ imports this file. The
// app comes from the server build, imported once (bench/built-app.ts).
import { and, eq, inArray, isNotNull, like, sql } from "drizzle-orm";
import { app, worker } from "./built-app";
import {
  MAILBOX_FIGURES_PATH,
  MAILBOX_HOUSEHOLDS_PATH,
  MAILBOX_PROGRESS_PATH,
  MAILBOX_SWEEP_PATH,
  MAILBOX_YEAR_PATH,
  type BenchFigures,
  type BenchYear,
  type BenchHousehold,
} from "./mailbox-routes";

const {
  receiveMailboxEmail,
  getDb,
  parseEnv,
  sweepMailbox,
  deleteOldMailboxRows,
  recordPiece,
  schema: { mailArrivals, mailboxAddresses, requestLogs, requests, users },
} = app;

const DAY_MS = 86_400_000;

/** The bench's month starts later: its accounts were made half a year before, so no digest predates them. */
const ACCOUNTS_MADE = new Date(Date.parse("2026-05-01T00:00:00Z"));

/** Every bench account's email starts so: the figures are theirs only. */
const BENCH_EMAIL_PREFIX = "mailbox-";
const HOUSEHOLD_ADDRESS = {
  street1: "1847 N HALSTED ST APT 3R",
  city: "CHICAGO",
  state: "IL",
  zipCode: "60614",
  addressCheck: "verified" as const,
};

async function makeHouseholds(request: Request, rawEnv: unknown) {
  const db = getDb(parseEnv(rawEnv).DB);
  const { households } = (await request.json()) as { households: BenchHousehold[] };
  for (const household of households) {
    if (!household.email.startsWith(BENCH_EMAIL_PREFIX))
      return new Response(`emails must start with ${BENCH_EMAIL_PREFIX}`, { status: 400 });
    await db.batch([
      db.insert(users).values({
        id: household.userId,
        email: household.email,
        passwordHash: "bench$no-password",
        fullName: "Jane Q Public",
        ...HOUSEHOLD_ADDRESS,
        createdAt: ACCOUNTS_MADE,
      }),
      db.insert(mailboxAddresses).values({ userId: household.userId, token: household.token }),
      ...household.requests.map((sent) =>
        db.insert(requests).values({
          userId: household.userId,
          id: sent.templateId,
          templateId: sent.templateId,
          senderName: sent.title,
          title: sent.title,
          fullName: "Jane Q Public",
          type: "preset",
          status: "inQueue",
          requiredDays: 30,
          ...HOUSEHOLD_ADDRESS,
          queuedAt: new Date(sent.processedAt),
          processedAt: new Date(sent.processedAt),
        }),
      ),
    ]);
  }
  return new Response(null, { status: 204 });
}

const benchUsers = (db: ReturnType<typeof getDb>) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, `${BENCH_EMAIL_PREFIX}%`));

/** How many of a household's pieces of a day are in, and how many of them are read. */
async function progress(url: URL, rawEnv: unknown) {
  const db = getDb(parseEnv(rawEnv).DB);
  const [row] = await db
    .select({ pieces: sql<number>`count(*)`.mapWith(Number), read: sql<number>`sum(${mailArrivals.state} = 'read')`.mapWith(Number) })
    .from(mailArrivals)
    .where(
      and(eq(mailArrivals.userId, url.searchParams.get("userId") ?? ""), eq(mailArrivals.arrivedOn, url.searchParams.get("day") ?? "")),
    );
  return Response.json({ pieces: row?.pieces ?? 0, read: row?.read ?? 0 });
}

/**
 * The daily sweep, as it runs on the day after the last digest (decision 0084): the bench receives a
 * month of digests in minutes, so each piece's row is first given the moment its digest came, 14:00
 * UTC on its day, as a month of real days would have it. The rows the daily cron deletes then are
 * deleted: the pieces folded more than a day before, and the addresses' old day counts.
 */
async function sweepAfterTheMonth(rawEnv: unknown) {
  const env = parseEnv(rawEnv);
  const db = getDb(env.DB);
  const mine = inArray(mailArrivals.userId, benchUsers(db));
  await db
    .update(mailArrivals)
    .set({ createdAt: sql`cast(unixepoch(${mailArrivals.arrivedOn} || ' 14:00:00') * 1000 as integer)` })
    .where(mine);
  const [latest] = await db
    .select({ at: sql<number>`max(${mailArrivals.createdAt})`.mapWith(Number) })
    .from(mailArrivals)
    .where(mine);
  const dayAfter = new Date((latest?.at ?? Date.now()) + DAY_MS);
  await sweepMailbox(env, dayAfter);
  await deleteOldMailboxRows(db, dayAfter);
  return new Response(null, { status: 204 });
}

/**
 * One household's month of pieces, as read, recorded again for each following month of the year
 * (their days moved on by the month's length): what a year adds to its tally, through the product's
 * own recordPiece, without reading the images again.
 */
/** A digest's message key (16 hex digits, as takeDigest makes them) for a household's day of a month of the year. */
function benchDigestKey(userId: string, month: number, day: string) {
  let hash = 0x811c9dc5;
  for (const char of `${userId} ${month} ${day}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return (hash.toString(16) + (month * 1000 + Number(day.slice(8))).toString(16)).padStart(16, "0").slice(-16);
}

async function recordTheYear(request: Request, rawEnv: unknown) {
  const db = getDb(parseEnv(rawEnv).DB);
  const { pieces, months, days } = (await request.json()) as BenchYear;
  for (let month = 1; month < months; month++) {
    for (const [index, piece] of pieces.entries()) {
      const arrivedOn = new Date(Date.parse(`${piece.arrivedOn}T00:00:00Z`) + month * days * DAY_MS).toISOString().slice(0, 10);
      // Received on its day, as sweepAfterTheMonth dates the month's own pieces.
      const now = new Date(`${arrivedOn}T14:00:00Z`);
      await recordPiece(
        db,
        {
          userId: piece.userId,
          // As a digest's piece: one digest a day, so the tally remembers the month's last days' digests as it would.
          entryId: `d:${benchDigestKey(piece.userId, month, piece.arrivedOn)}:${index + 1}`,
          source: "digest",
          arrivedOn,
          templateId: piece.templateId,
          senderName: piece.senderName,
          customerNumber: piece.customerNumber,
          keyCode: null,
          residentMail: piece.residentMail,
          authenticated: piece.authenticated,
          imageDeleted: true,
        },
        now,
      );
    }
  }
  return new Response(null, { status: 204 });
}

async function figures(rawEnv: unknown) {
  const env = parseEnv(rawEnv);
  const db = getDb(env.DB);
  const mine = inArray(mailArrivals.userId, benchUsers(db));
  const recorded = await db
    .select({
      userId: mailArrivals.userId,
      arrivedOn: mailArrivals.arrivedOn,
      state: mailArrivals.state,
      templateId: mailArrivals.templateId,
      senderName: mailArrivals.senderName,
      requestId: mailArrivals.requestId,
      residentMail: mailArrivals.residentMail,
      customerNumber: mailArrivals.customerNumber,
      authenticated: mailArrivals.authenticated,
    })
    .from(mailArrivals)
    .where(mine);
  const stillComing = await db
    .select({ userId: requests.userId, requestId: requests.id })
    .from(requests)
    .where(and(inArray(requests.userId, benchUsers(db)), isNotNull(requests.stillComingAt)));
  const [lines] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(requestLogs)
    .where(and(inArray(requestLogs.userId, benchUsers(db)), eq(requestLogs.status, "stillComing")));
  const listed = await env.PHOTOS.list({ prefix: "mailbox/", limit: 1000 });
  const result: BenchFigures = {
    recorded,
    stillComing,
    stillComingLines: lines?.count ?? 0,
    imagesLeft: listed.objects.length,
  };
  return Response.json(result);
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname === MAILBOX_HOUSEHOLDS_PATH) return makeHouseholds(request, env);
    if (request.method === "GET" && url.pathname === MAILBOX_PROGRESS_PATH) return progress(url, env);
    if (request.method === "GET" && url.pathname === MAILBOX_FIGURES_PATH) return figures(env);
    if (request.method === "POST" && url.pathname === MAILBOX_SWEEP_PATH) return sweepAfterTheMonth(env);
    if (request.method === "POST" && url.pathname === MAILBOX_YEAR_PATH) return recordTheYear(request, env);
    return worker.fetch(request, env, ctx);
  },
  queue: worker.queue,
  scheduled: worker.scheduled,
  // Each digest is one day's, but the bench sends a month of them in minutes: the digest is received
  // at the moment its Date header says, so its day is one a digest may claim (decision 0063), and
  // it is counted on that day of the address, which the sweep forgets as it would.
  async email(message, rawEnv) {
    const env = parseEnv(rawEnv);
    const sent = new Date(message.headers.get("date") ?? "");
    return receiveMailboxEmail(message, env, Number.isNaN(sent.getTime()) ? new Date() : sent);
  },
} satisfies ExportedHandler;
