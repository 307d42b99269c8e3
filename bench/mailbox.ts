// npm run bench:mailbox (also a part of npm run bench): a month of the Postal Service's daily
// digests for 50 households, forwarded to their inbound addresses and sent to the Worker's email
// handler through wrangler dev's local endpoint (POST /cdn-cgi/handler/email), as Cloudflare Email
// Routing delivers them. Each digest is shaped like the real one (test/support/digest-emails.ts):
// grayscale scans of the generated mail pieces (test/support/mail-pieces.ts), rendered in
// Chromium, some under the "FROM:" name of a mailer's campaign, some from senders the catalog
// lacks, some addressed to "Current Resident". The queue reads every piece through the text
// reader's stand-in (real OCR). Figures come from D1 and R2. Prints figures; never fails.
//
// Households and their requests go straight into D1 (bench/mailbox-entry.ts), inbound tokens
// included.
//
// Targets (decision 0056): every piece of a sender with a request matched to that request (100%),
// wrong senders at most 1%, at most 4 KB stored per household per year of recorded pieces (D1 rows).
//
// Options: --households N (50), --days D (30, Monday to Saturday digests), --pieces-per-day P
// (1.5 on average), --concurrency C (3 digests in flight), --seed X (1), --wrangler-log FILE.
import { appendFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { CATALOG_SENDERS } from "../drizzle/catalog";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/e2e/browser";
import { digestEmail, type GeneratedPiece } from "../test/support/digest-emails";
import { newDkimKey, publishDkimKey, signDkim } from "../test/support/dkim-sign";
import { type LocalStack, seededStack, startLocalStack } from "../test/support/local-stack";
import { newReplyToken } from "../app/domain/reply-address";
import { MAIL_PIECES, mulberry32, renderMailPieceScan, type MailPiece } from "../test/support/mail-pieces";
import { freePort } from "../test/support/ports";
import { percentile } from "./load";
import {
  MAILBOX_FIGURES_PATH,
  MAILBOX_HOUSEHOLDS_PATH,
  MAILBOX_PROGRESS_PATH,
  MAILBOX_SWEEP_PATH,
  MAILBOX_YEAR_PATH,
  type BenchFigures,
  type BenchHousehold,
} from "./mailbox-routes";
import { bytesByTable, d1File } from "./d1-pages";
import { runBench } from "./run-bench";
import { sized, SMOKE_STACK } from "./smoke";

// Smoke size (--smoke, bench/smoke.ts): one household, three days of digests.
const { values: options } = parseArgs({
  options: {
    smoke: { type: "boolean" },
    households: { type: "string", default: sized("50", "1") },
    days: { type: "string", default: sized("30", "3") },
    "pieces-per-day": { type: "string", default: "1.5" },
    concurrency: { type: "string", default: "3" },
    seed: { type: "string", default: "1" },
    "wrangler-log": { type: "string" },
  },
});
const HOUSEHOLDS = Number(options.households);
const DAYS = Number(options.days);
const PIECES_PER_DAY = Number(options["pieces-per-day"]);
const CONCURRENCY = Number(options.concurrency);

const MAILBOX_DOMAIN = "mailbox.quietmailbox.local";
/** The month's first day, a Monday: the Postal Service sends no digest on Sundays. */
const MONTH_START = Date.parse("2026-11-02T00:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;
const BYTES_PER_YEAR_BUDGET = 4 * 1024;
const WRONG_SENDER_TARGET = 0.01;
const READ_TIMEOUT_MS = 180_000;
/** A call to the local Worker still unanswered after this has hung: the email handler takes a digest in a second or two. */
const CALL_TIMEOUT_MS = 60_000;
/**
 * With no digest read for this long the run stops and names the digests it was waiting on: a queue
 * that stopped reading would otherwise cost each digest left its own READ_TIMEOUT_MS, hours in all.
 */
const STALL_LIMIT_MS = 180_000;

const rand = mulberry32(Number(options.seed));
const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
/** A count with the given mean (Poisson, by Knuth's method). */
function poisson(mean: number) {
  const limit = Math.exp(-mean);
  let count = 0;
  for (let product = rand(); product > limit; product *= rand()) count++;
  return count;
}

const NO_DISTORTION = { rotateDeg: 0, blurPx: 0, contrast: 1, glare: false, smallType: false };
const titles = new Map(CATALOG_SENDERS.map((sender) => [sender.id, sender.name]));

/** A piece as the digest shows it: the scan, and what is true of it. */
type ScanPiece = { key: string; piece: MailPiece; templateId: string | null; resident: boolean };

const catalogPieces: ScanPiece[] = MAIL_PIECES.filter((piece) => piece.templateId).map((piece) => ({
  key: piece.id,
  piece: { ...piece, distortion: NO_DISTORTION },
  templateId: piece.templateId,
  resident: false,
}));
const unknownPieces: ScanPiece[] = MAIL_PIECES.filter((piece) => !piece.templateId).map((piece) => ({
  key: piece.id,
  piece: { ...piece, distortion: NO_DISTORTION },
  templateId: null,
  resident: false,
}));
// Saturation mail: postcards and self-mailers addressed to no one by name.
const residentPieces: ScanPiece[] = MAIL_PIECES.filter((piece) => piece.layout === "postcard" || piece.layout === "self-mailer")
  .slice(0, 10)
  .map((piece, index) => ({
    key: `${piece.id}-resident`,
    piece: { ...piece, distortion: NO_DISTORTION, addressee: index % 2 ? "CURRENT RESIDENT" : "OR CURRENT RESIDENT" },
    templateId: piece.templateId,
    resident: true,
  }));
const requestable = [...new Set(catalogPieces.map((piece) => piece.templateId!))];

type Household = BenchHousehold & { sentBefore: Map<string, number> };
type SentPiece = ScanPiece & { fromName: string | null };
type Digest = { household: Household; day: string; pieces: SentPiece[] };

function makeHouseholds(): Household[] {
  return Array.from({ length: HOUSEHOLDS }, (_, index) => {
    const userId = `mailbox-${index}-${Math.floor(rand() * 1e9).toString(36)}`;
    const chosen = new Set<string>();
    const wanted = 4 + Math.floor(rand() * 5);
    while (chosen.size < wanted) chosen.add(pick(requestable));
    // Half the requests were sent months ago (their mail should have stopped before the month), half lately.
    const requests = [...chosen].map((templateId) => ({
      templateId,
      title: titles.get(templateId) ?? templateId,
      processedAt: MONTH_START - (rand() < 0.5 ? 120 : 10) * DAY_MS,
    }));
    return {
      userId,
      email: `${userId}@quietmailbox.test`,
      token: newReplyToken(Uint8Array.from({ length: 16 }, () => Math.floor(rand() * 256))),
      requests,
      sentBefore: new Map(requests.map((request) => [request.templateId, request.processedAt])),
    };
  });
}

/** The month's digests: Monday to Saturday, each with a few pieces (none some days: no digest then). */
function makeDigests(households: Household[]): Digest[] {
  const digests: Digest[] = [];
  for (let day = 0; day < DAYS; day++) {
    const date = new Date(MONTH_START + day * DAY_MS);
    if (date.getUTCDay() === 0) continue;
    for (const household of households) {
      const count = Math.min(poisson(PIECES_PER_DAY), 6);
      if (count === 0) continue;
      const pieces: SentPiece[] = [];
      for (let index = 0; index < count; index++) {
        const roll = rand();
        const requested = household.requests.map((request) => request.templateId);
        const piece =
          roll < 0.35
            ? pick(catalogPieces.filter((candidate) => requested.includes(candidate.templateId!)))
            : roll < 0.75
              ? pick(catalogPieces)
              : roll < 0.87
                ? pick(unknownPieces)
                : pick(residentPieces);
        const campaign = piece.templateId !== null && !piece.resident && rand() < 0.2;
        pieces.push({ ...piece, fromName: campaign ? (titles.get(piece.templateId!) ?? null) : null });
      }
      digests.push({ household, day: date.toISOString().slice(0, 10), pieces });
    }
  }
  return digests;
}

async function renderScans(pieces: ScanPiece[]) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scans = new Map<string, Uint8Array>();
    for (const piece of pieces) scans.set(piece.key, new Uint8Array(await renderMailPieceScan(page, piece.piece)));
    return scans;
  } finally {
    await browser.close();
  }
}

/** A call to the local Worker, its answer and body within CALL_TIMEOUT_MS: one that never comes fails the run, saying which. */
async function callWorker(what: string, url: string, init: RequestInit = {}) {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    return { ok: response.ok, status: response.status, body: await response.text() };
  } catch (error) {
    if (error instanceof Error && error.name === "TimeoutError") throw new Error(`${what} did not answer in ${CALL_TIMEOUT_MS / 1000} s`);
    throw error;
  }
}

const describe = (digest: Digest) => `the digest of ${digest.day} to ${digest.household.userId}`;

let stack: LocalStack | null = null;
let persistDir: string | null = null;

async function main() {
  const households = makeHouseholds();
  const digests = makeDigests(households);
  // Only the pieces some digest shows.
  const shown = new Set(digests.flatMap((digest) => digest.pieces.map((piece) => piece.key)));
  const allPieces = [...catalogPieces, ...unknownPieces, ...residentPieces].filter((piece) => shown.has(piece.key));
  console.log(`Rendering ${allPieces.length} scans of mail pieces in Chromium...`);
  const scans = await renderScans(allPieces);
  const pieceCount = digests.reduce((total, digest) => total + digest.pieces.length, 0);
  console.log(`${households.length} households, ${digests.length} digests over ${DAYS} days, ${pieceCount} pieces.`);

  persistDir = await mkdtemp(join(tmpdir(), "bench-mailbox-"));
  console.log("Starting the local stack (wrangler dev with the bench's entry, and the stand-ins)...");
  stack = await startLocalStack({
    appPort: await freePort(),
    standInsPort: await freePort(),
    persistDir,
    script: "bench/mailbox-entry.ts",
    vars: {
      MAILBOX_DOMAIN,
      JOB_RETRY_BASE_SECONDS: sized("1", "0"),
      // The reading budget (decision 0065) counts a household's pieces recorded, by the clock, since
      // a day before the digest's date, and the bench records a month of them within the hour: at 20
      // a household's later digests would be taken with none of their pieces kept. Each household
      // here gets at most 6 pieces a day.
      PHOTO_DAILY_LIMIT: String(pieceCount),
    },
    inspector: false,
    logLevel: "warn",
    ...seededStack(),
    ...SMOKE_STACK,
    log: options["wrangler-log"] ? (line) => appendFileSync(options["wrangler-log"]!, `${line}\n`) : undefined,
  });
  const app = stack.appUrl;
  // The Postal Service signs its digests (decision 0063): the bench's key, served by the DNS stand-in.
  const usps = await publishDkimKey(stack.standIns.url, await newDkimKey("usps.com", "bench"));
  const made = await callWorker("making the households", app + MAILBOX_HOUSEHOLDS_PATH, {
    method: "POST",
    body: JSON.stringify({ households }),
  });
  if (!made.ok) throw new Error(`households not made: ${made.status} ${made.body}`);
  // The mail tables as they are before any piece: their first pages are the database's, not a household's.
  const empty = bytesByTable(d1File(persistDir!));

  const send = async (digest: Digest) => {
    const raw = await signDkim(
      digestEmail({
        to: `${digest.household.token}@${MAILBOX_DOMAIN}`,
        date: digest.day,
        pieces: digest.pieces.map((piece): GeneratedPiece => ({ image: scans.get(piece.key)!, fromName: piece.fromName })),
      }),
      usps,
    );
    const from = encodeURIComponent("USPSInformeddelivery@email.informeddelivery.usps.com");
    const to = encodeURIComponent(`${digest.household.token}@${MAILBOX_DOMAIN}`);
    const answer = await callWorker(`the email handler, given ${describe(digest)},`, `${app}/cdn-cgi/handler/email?from=${from}&to=${to}`, {
      method: "POST",
      body: raw,
    });
    if (!answer.ok) throw new Error(`the email endpoint answered ${answer.status}: ${answer.body}`);
    return raw.length;
  };
  const progressOf = async (digest: Digest) => {
    const url = `${app}${MAILBOX_PROGRESS_PATH}?userId=${encodeURIComponent(digest.household.userId)}&day=${digest.day}`;
    return JSON.parse((await callWorker("the progress route", url)).body) as { pieces: number; read: number };
  };
  /** Whether every piece of a digest just sent was read within timeoutMs. */
  const readBy = async (digest: Digest, timeoutMs: number) => {
    const deadline = performance.now() + timeoutMs;
    // wrangler answers once the email handler has returned, so every piece the Worker kept is
    // recorded by now: waiting for one it did not keep would only wait out the timeout.
    let progress = await progressOf(digest);
    if (progress.pieces < digest.pieces.length) {
      throw new Error(
        `the Worker took ${describe(digest)} but kept ${progress.pieces} of its ${digest.pieces.length} pieces (a limit reached, such as PHOTO_DAILY_LIMIT?)`,
      );
    }
    while (progress.read < digest.pieces.length) {
      if (performance.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 250));
      progress = await progressOf(digest);
    }
    return true;
  };

  const [first, ...rest] = digests;
  if (!first) throw new Error("no digest to send");
  const firstStarted = performance.now();
  const messageBytes = [await send(first)];
  if (!(await readBy(first, READ_TIMEOUT_MS))) throw new Error(`${describe(first)} was not read in ${READ_TIMEOUT_MS / 1000} s`);
  console.log(`The first digest was read ${((performance.now() - firstStarted) / 1000).toFixed(0)} s after it was sent.`);
  // The first digest's time includes starting the reader: the figures time the others.
  const seconds: number[] = [];

  const started = performance.now();
  let next = 0;
  let done = 1;
  let unread = 0;
  // What each lane waits on since when, and when a digest was last read: what a stall is told by.
  const inFlight = new Map<Digest, number>();
  let lastRead = started;
  const lanes = Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < rest.length) {
        const digest = rest[next++]!;
        const sentAt = performance.now();
        inFlight.set(digest, sentAt);
        messageBytes.push(await send(digest));
        if (await readBy(digest, READ_TIMEOUT_MS)) {
          seconds.push((performance.now() - sentAt) / 1000);
          lastRead = performance.now();
        } else unread++;
        inFlight.delete(digest);
        if (++done % 100 === 0) console.log(`  ${done} of ${digests.length} digests sent`);
      }
    }),
  );
  let watch: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    watch = setInterval(() => {
      if (performance.now() - lastRead < STALL_LIMIT_MS) return;
      clearInterval(watch);
      void stallReport(inFlight, progressOf).then((waiting) =>
        reject(
          new Error(`no digest was read in ${STALL_LIMIT_MS / 1000} s, after ${done} of ${digests.length}; still waiting on:\n${waiting}`),
        ),
      );
    }, 5_000);
  });
  try {
    // A stalled run's lanes are left to fail once the stack stops.
    await Promise.race([lanes, stalled]);
  } finally {
    clearInterval(watch);
  }
  const elapsedMinutes = (performance.now() - started) / 60_000;
  const figures = JSON.parse((await callWorker("the figures route", app + MAILBOX_FIGURES_PATH)).body) as BenchFigures;
  const stored = await storedPerHousehold(app, households, figures, empty);
  report(households, digests, figures, stored, { seconds, unread, elapsedMinutes, messageBytes });
}

/**
 * What the pieces add to D1 (dbstat), per household: the piece rows and the mailbox's daily counts
 * the daily sweep keeps after the month, and the tally after the month and after a year (the
 * month's pieces recorded again for each other month, bench/mailbox-entry.ts). Each table's pages
 * before the month (`empty`, a page per table and index however many households) are left out, as
 * the follow-up bench counts what a year adds.
 */
async function storedPerHousehold(app: string, households: Household[], figures: BenchFigures, empty: Record<string, number>) {
  const post = async (path: string, body?: unknown) => {
    const response = await callWorker(path, app + path, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path} failed: ${response.status} ${response.body}`);
  };
  const perHousehold = (table: string, bytes: Record<string, number>) => ((bytes[table] ?? 0) - (empty[table] ?? 0)) / households.length;
  await post(MAILBOX_SWEEP_PATH);
  const afterMonth = bytesByTable(d1File(persistDir!));
  const months = Math.round(365 / DAYS);
  console.log(`Recording the month's pieces again for the year's ${months - 1} other months...`);
  for (const household of households) {
    const pieces = figures.recorded.filter((piece) => piece.userId === household.userId && piece.state === "read");
    if (months > 1 && pieces.length > 0) await post(MAILBOX_YEAR_PATH, { pieces, months, days: DAYS });
  }
  const afterYear = bytesByTable(d1File(persistDir!));
  return {
    rows: perHousehold("mail_arrivals", afterMonth),
    days: perHousehold("mailbox_days", afterMonth),
    tallyAfterMonth: perHousehold("mail_tallies", afterMonth),
    tallyAfterYear: perHousehold("mail_tallies", afterYear),
    emptyTables: ["mail_arrivals", "mailbox_days", "mail_tallies"].reduce((sum, table) => sum + (empty[table] ?? 0), 0) / households.length,
  };
}

/** Each digest a lane still waits on, how long since it was sent, and how far its pieces got. */
async function stallReport(inFlight: Map<Digest, number>, progressOf: (digest: Digest) => Promise<{ pieces: number; read: number }>) {
  const lines = await Promise.all(
    [...inFlight].map(async ([digest, sentAt]) => {
      const progress = await progressOf(digest).then(
        ({ pieces, read }) => `${pieces} of its ${digest.pieces.length} pieces recorded, ${read} read`,
        (error: unknown) => `its progress unknown (${error instanceof Error ? error.message : String(error)})`,
      );
      return `  ${describe(digest)}, sent ${((performance.now() - sentAt) / 1000).toFixed(0)} s ago: ${progress}`;
    }),
  );
  // Pieces recorded and not read point at the reading queue or at the text reader behind it.
  const reader = stack?.textReader;
  const healthy = reader
    ? await fetch(`${reader.url}/health`, { signal: AbortSignal.timeout(5_000) }).then(
        (response) => response.ok,
        () => false,
      )
    : false;
  lines.push(`  (the text reader ${healthy ? "answers" : "does not answer"} its health check)`);
  return lines.join("\n");
}

function report(
  households: Household[],
  digests: Digest[],
  figures: BenchFigures,
  stored: Awaited<ReturnType<typeof storedPerHousehold>>,
  run: { seconds: number[]; unread: number; elapsedMinutes: number; messageBytes: number[] },
) {
  const percent = (part: number, whole: number) => (whole === 0 ? "-" : `${((100 * part) / whole).toFixed(1)}%`);
  // Each household's pieces of a day, as sent and as recorded, paired in order of sender (a digest's
  // rows do not say which image they came from, so the pairing is by what was read).
  const byDay = new Map<string, BenchFigures["recorded"]>();
  for (const row of figures.recorded) {
    const key = `${row.userId} ${row.arrivedOn}`;
    byDay.set(key, [...(byDay.get(key) ?? []), row]);
  }
  let catalogSent = 0;
  let identified = 0;
  let wrongSender = 0;
  let unknownSent = 0;
  let unknownKeptOut = 0;
  let residentSent = 0;
  let residentFound = 0;
  let withRequest = 0;
  let rightRequest = 0;
  let wrongRequest = 0;
  const expectedStillComing = new Set<string>();
  for (const digest of digests) {
    const recorded = [...(byDay.get(`${digest.household.userId} ${digest.day}`) ?? [])];
    for (const piece of digest.pieces) {
      const truth = piece.resident ? null : piece.templateId;
      // The recorded piece that best answers this one: same sender first, then one with no sender.
      const at = recorded.findIndex((row) => row.residentMail === piece.resident && row.templateId === truth);
      const index = at >= 0 ? at : recorded.findIndex((row) => row.residentMail === piece.resident);
      const found = index >= 0 ? recorded.splice(index, 1)[0]! : recorded.shift();
      const sentAt = piece.templateId ? digest.household.sentBefore.get(piece.templateId) : undefined;
      if (piece.resident) {
        residentSent++;
        if (found?.residentMail) residentFound++;
        if (found?.requestId) wrongRequest++;
        continue;
      }
      if (piece.templateId) {
        catalogSent++;
        if (found?.templateId === piece.templateId) identified++;
        else if (found?.templateId) wrongSender++;
      } else {
        unknownSent++;
        if (found && !found.templateId) unknownKeptOut++;
        else if (found?.templateId) wrongSender++;
      }
      if (sentAt !== undefined) {
        withRequest++;
        if (found?.requestId === piece.templateId) rightRequest++;
        // Emailed requests reach the sender when sent; mail printed before stops 8 weeks on.
        if (Date.parse(`${digest.day}T12:00:00Z`) > sentAt + 56 * DAY_MS + DAY_MS)
          expectedStillComing.add(`${digest.household.userId} ${piece.templateId}`);
      } else if (found?.requestId) {
        wrongRequest++;
      }
    }
  }
  const marked = new Set(figures.stillComing.map((row) => `${row.userId} ${row.requestId}`));
  const markedRight = [...expectedStillComing].filter((key) => marked.has(key)).length;
  const piecesSent = digests.reduce((total, digest) => total + digest.pieces.length, 0);
  const bytesPerHouseholdYear = stored.tallyAfterYear + stored.rows + stored.days;
  const sorted = [...run.seconds].sort((a, b) => a - b);

  console.log(
    `\nMailbox: ${households.length} households, ${digests.length} digests, ${piecesSent} pieces over ${DAYS} days, sent to the app's email handler.`,
  );
  console.log(`  pieces recorded:                 ${figures.recorded.length} of ${piecesSent} (${run.unread} digests not read in time)`);
  console.log(
    `  authenticated (USPS signature):  ${figures.recorded.filter((row) => row.authenticated).length} of ${figures.recorded.length}`,
  );
  console.log(`  senders identified:              ${identified} of ${catalogSent} catalog pieces (${percent(identified, catalogSent)})`);
  console.log(
    `  senders the catalog lacks:       ${unknownKeptOut} of ${unknownSent} kept without a catalog sender (${percent(unknownKeptOut, unknownSent)})`,
  );
  console.log(`  "Current Resident" recognised:   ${residentFound} of ${residentSent} (${percent(residentFound, residentSent)})`);
  console.log(
    `  wrong senders:                   ${wrongSender} of ${piecesSent - residentSent} (${percent(wrongSender, piecesSent - residentSent)})`,
  );
  console.log(
    `  matched to the right request:    ${rightRequest} of ${withRequest} pieces of requested senders (${percent(rightRequest, withRequest)}); ${wrongRequest} matched to a request they are not from`,
  );
  console.log(
    `  marked still coming:             ${markedRight} of ${expectedStillComing.size} requests whose mail came after its stop date; ${marked.size - markedRight} others; ${figures.stillComingLines} history lines`,
  );
  console.log(`  images left in R2:               ${figures.imagesLeft}`);
  console.log(
    `  time per digest (send to read):  median ${percentile(sorted, 0.5).toFixed(1)} s, p95 ${percentile(sorted, 0.95).toFixed(1)} s; ${(piecesSent / Math.max(run.elapsedMinutes, 1e-9)).toFixed(0)} pieces a minute`,
  );
  console.log(
    `  message size:                    median ${(
      percentile(
        [...run.messageBytes].sort((a, b) => a - b),
        0.5,
      ) / 1024
    ).toFixed(0)} KB`,
  );
  console.log(
    `  D1 pages a household adds (dbstat, the tables' ${(stored.emptyTables / 1024).toFixed(2)} KB a household of pages before the month left out): tally ${(stored.tallyAfterMonth / 1024).toFixed(2)} KB after ${DAYS} days, ${(stored.tallyAfterYear / 1024).toFixed(2)} KB after a year; what the sweep keeps: piece rows ${(stored.rows / 1024).toFixed(2)} KB, daily counts ${(stored.days / 1024).toFixed(2)} KB`,
  );
  console.log(
    `\nTarget: every piece of a requested sender matched to its request: ${rightRequest === withRequest ? "holds" : "MISSED"} (${percent(rightRequest, withRequest)})`,
  );
  console.log(
    `Target: wrong senders at most ${WRONG_SENDER_TARGET * 100}%: ${wrongSender <= WRONG_SENDER_TARGET * (piecesSent - residentSent) ? "holds" : "MISSED"} (${percent(wrongSender, piecesSent - residentSent)})`,
  );
  console.log(
    `Budget: pieces stored per household per year at most ${BYTES_PER_YEAR_BUDGET / 1024} KB: ${bytesPerHouseholdYear <= BYTES_PER_YEAR_BUDGET ? "within budget" : "OVER budget"} (${(bytesPerHouseholdYear / 1024).toFixed(1)} KB at ${((piecesSent / households.length) * (365 / DAYS)).toFixed(0)} pieces a year)`,
  );
}

async function cleanUp() {
  await stack?.stop();
  if (persistDir) await rm(persistDir, { recursive: true, force: true });
}

await runBench("mailbox", main, cleanUp);
