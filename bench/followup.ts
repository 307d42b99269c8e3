// npm run bench:followup (also a part of npm run bench): a year of follow-ups, simulated. Households
// ask a handful of senders to stop (their first requests already sent, on a day of the year's first
// four weeks); each sender acts on a request or not, and mails on its own rhythm until the pieces it
// printed before run out, by figures per kind of sender from the published sources of decision 0061
// (bench/followup-model.ts, printed below). Every piece goes through the app's own path for a piece
// whose sender is known (recordPieces, as the reading queue records a batch), every day runs the real daily cron and the jobs it queues
// (second requests by email to the email stand-in or by letter to the Lob stand-in, never the
// network), all in workerd on a local D1, with the Worker's clock at the simulated day
// (bench/followup-entry.ts). A follow-up the app sends gets its own chance to work.
//
// The year runs twice on a fresh D1 each, the follow-up ladder off (FOLLOW_UP_LADDER=off) and on,
// and the figures are printed side by side. Prints figures; never fails.
//
// A year costs a few D1 queries per piece and the daily reminders' jobs: on two shared cores,
// 1,500 households fit the 15-minute budget, 10,000 do not (decision 0061), so 1,500 is the
// default here and `--households 10000` the full size for a larger machine.
//
// Options: --households N (1500), --days D (365), --seed X (1), --runs off,on (both), --wrangler-log FILE,
// --smoke.
import { appendFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { MAIL_STOPS_AFTER_DAYS } from "../app/domain/mail-timing";
import { legalRouteFor } from "../app/domain/state-privacy-laws";
import { LOB_STAND_IN_API_KEY } from "../test/stand-ins/vendors/lob-letters";
import { type LocalStack, seededStack, startLocalStack } from "../test/support/local-stack";
import { freePort } from "../test/support/ports";
import {
  CATEGORY_MODELS,
  DAYS_IN_YEAR,
  LEGAL_LAG_DAYS,
  LEGAL_REQUEST_STOPS,
  PERMISSION_SHARE,
  REQUEST_DAYS,
  SECOND_REQUEST_STOPS,
  SENDERS_PER_HOUSEHOLD,
  STATE_SHARES,
  firstPiecesByDay,
  followUpSent,
  piecesOfDay,
  simulatedWorld,
  type SimulatedWorld,
} from "./followup-model";
import {
  FOLLOWUP_DAY_PATH,
  FOLLOWUP_FIGURES_PATH,
  FOLLOWUP_HOUSEHOLDS_PATH,
  FOLLOWUP_STOPPED_PATH,
  type FollowUpDayResult,
  type FollowUpFigures,
  type FollowUpStopped,
  type SimulatedPiece,
} from "./followup-routes";
import { bytesByTable, d1File } from "./d1-pages";
import { runBench } from "./run-bench";
import { sized, SMOKE_STACK } from "./smoke";

// Smoke size (--smoke, bench/smoke.ts): five households for ten days, the ladder on only.
const { values: options } = parseArgs({
  options: {
    smoke: { type: "boolean" },
    households: { type: "string", default: sized("1500", "5") },
    days: { type: "string", default: sized(String(DAYS_IN_YEAR), "10") },
    seed: { type: "string", default: "1" },
    runs: { type: "string", default: sized("off,on", "on") },
    "wrangler-log": { type: "string" },
  },
});
const HOUSEHOLDS = Number(options.households);
const SEED = Number(options.seed);
const RUNS = options.runs!.split(",").filter((run): run is "on" | "off" => run === "on" || run === "off");

/** The year's first day, a Monday. */
const YEAR_START = Date.parse("2027-01-04T00:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;
/** Days simulated: a year, or fewer to try the bench out (--days). */
const DAYS = Math.min(Number(options.days), DAYS_IN_YEAR);
const CHECK_DAYS = [...new Set([Math.min(120, DAYS), DAYS])];
const BUDGET_MINUTES = 15;
/** The daily tasks named with their minutes, slowest first. */
const CRON_TASKS_SHOWN = 4;
const HOUSEHOLDS_PER_SEED_CALL = 500;
const dayOf = (day: number) => new Date(YEAR_START + day * DAY_MS).toISOString().slice(0, 10);

type YearResult = {
  ladder: "on" | "off";
  requests: number;
  stopped: Record<number, FollowUpStopped>;
  /** By the check day: senders whose last piece had come (the model's truth), and requests verified though their sender still mailed. */
  truth: Record<number, { stopped: number; falselyVerified: number }>;
  figures: FollowUpFigures;
  pieces: { before: number; afterRequest: number; afterShouldHaveStopped: number; notInDigests: number };
  stillComing: number;
  /** Legal steps the households confirmed on their card. */
  confirmed: number;
  /**
   * Requests the ladder escalated to staff, by the model's truth at the escalation: senders that had
   * acted on no request, and those that had acted but whose last piece came after the ladder's clock.
   */
  escalations: { neverActed: number; actedLate: number };
  jobs: { run: number; retried: number; dead: number };
  /** Minutes the Worker spent on pieces, the cron and the cron's jobs. */
  phases: { pieces: number; cron: number; jobs: number };
  /** The cron's minutes by daily task. */
  cronTasks: Record<string, number>;
  seedSeconds: number;
  yearMinutes: number;
  /** Bytes of D1 pages, by table with its indexes, once the households were made and after the year. */
  bytesAfterSeed: Record<string, number>;
  bytesAfterYear: Record<string, number>;
  rowsAfterSeed: Record<string, number>;
};

let stack: LocalStack | null = null;
let persistDir: string | null = null;

async function runYear(ladder: "on" | "off"): Promise<YearResult> {
  const world = simulatedWorld(HOUSEHOLDS, SEED);
  persistDir = await mkdtemp(join(tmpdir(), "bench-followup-"));
  console.log(`\nLadder ${ladder}: starting the local stack (wrangler dev with the bench's entry, and the stand-ins)...`);
  stack = await startLocalStack({
    appPort: await freePort(),
    standInsPort: await freePort(),
    persistDir,
    readsImages: false,
    script: "bench/followup-entry.ts",
    vars: { FOLLOW_UP_LADDER: ladder, LOB_API_KEY: LOB_STAND_IN_API_KEY, JOB_RETRY_BASE_SECONDS: sized("1", "0") },
    inspector: false,
    logLevel: "warn",
    ...seededStack(),
    ...SMOKE_STACK,
    log: options["wrangler-log"] ? (line) => appendFileSync(options["wrangler-log"]!, `${line}\n`) : undefined,
  });
  const app = stack.appUrl;
  // Delivery and tracking events would come back on the real clock: the year has its own.
  for (const vendor of ["email", "lob"])
    await fetch(`${stack.standIns.url}/__stand-ins/${vendor}/webhook-endpoint`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ url: null }),
    });

  const seedStarted = performance.now();
  for (let start = 0; start < world.households.length; start += HOUSEHOLDS_PER_SEED_CALL) {
    const response = await fetch(app + FOLLOWUP_HOUSEHOLDS_PATH, {
      method: "POST",
      body: JSON.stringify({ households: world.households.slice(start, start + HOUSEHOLDS_PER_SEED_CALL), yearStart: dayOf(0) }),
    });
    if (!response.ok) throw new Error(`households not made: ${response.status} ${await response.text()}`);
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const file = d1File(persistDir);
  const bytesAfterSeed = bytesByTable(file);
  const rowsAfterSeed = ((await (await fetch(app + FOLLOWUP_FIGURES_PATH)).json()) as FollowUpFigures).rows;
  console.log(`  ${world.households.length} households and ${world.pairs.length} requests made in ${seedSeconds.toFixed(0)} s.`);

  const yearStarted = performance.now();
  const due = firstPiecesByDay(world);
  const pieces = { before: 0, afterRequest: 0, afterShouldHaveStopped: 0, notInDigests: 0 };
  const jobs = { run: 0, retried: 0, dead: 0 };
  const phases = { pieces: 0, cron: 0, jobs: 0 };
  const cronTasks: Record<string, number> = {};
  const stopped: Record<number, FollowUpStopped> = {};
  const truth: YearResult["truth"] = {};
  let stillComing = 0;
  let confirmed = 0;
  const escalations = { neverActed: 0, actedLate: 0 };
  let afterLogRow = 0;
  for (let day = 0; day < DAYS; day++) {
    const arriving = piecesOfDay(world, day, due);
    const sent: SimulatedPiece[] = [];
    for (const pairNumber of arriving) {
      const pair = world.pairs[pairNumber]!;
      if (day < pair.requestDay) pieces.before++;
      else pieces.afterRequest++;
      if (day > pair.requestDay + MAIL_STOPS_AFTER_DAYS) pieces.afterShouldHaveStopped++;
      // A piece the digests do not image arrives all the same, unseen by the app.
      if (!pair.digestShows) pieces.notInDigests++;
      else sent.push({ userId: pair.userId, templateId: pair.templateId, entryId: `sim-${day}-${pairNumber}` });
    }
    const response = await fetch(app + FOLLOWUP_DAY_PATH, {
      method: "POST",
      body: JSON.stringify({ day: dayOf(day), pieces: sent, afterLogRow }),
    });
    if (!response.ok) throw new Error(`day ${day} failed: ${response.status} ${await response.text()}`);
    const result = (await response.json()) as FollowUpDayResult;
    afterLogRow = result.lastLogRow;
    stillComing += result.stillComing;
    confirmed += result.confirmed;
    jobs.run += result.jobsRun;
    jobs.retried += result.jobsRetried;
    jobs.dead += result.jobsDead;
    phases.pieces += result.piecesMs / 60_000;
    phases.cron += result.cronMs / 60_000;
    phases.jobs += result.jobsMs / 60_000;
    for (const [task, ms] of Object.entries(result.cronTaskMs)) cronTasks[task] = (cronTasks[task] ?? 0) + ms / 60_000;
    applyFollowUps(world, result, day, escalations);
    const checked = CHECK_DAYS.find((check) => check === day + 1);
    if (checked) {
      const verified = (await (await fetch(`${app}${FOLLOWUP_STOPPED_PATH}?day=${dayOf(day)}`)).json()) as FollowUpStopped;
      stopped[checked] = verified;
      truth[checked] = {
        stopped: world.pairs.filter((pair) => pair.stopDay <= day).length,
        falselyVerified: verified.verified.filter((key) => (world.pairs[world.pairIndex.get(key) ?? -1]?.stopDay ?? 0) > day).length,
      };
    }
    if ((day + 1) % 30 === 0)
      console.log(
        `  day ${day + 1}: ${((performance.now() - yearStarted) / 60_000).toFixed(1)} min (pieces ${phases.pieces.toFixed(1)}, cron ${phases.cron.toFixed(1)}, jobs ${phases.jobs.toFixed(1)}), ${jobs.run} jobs run so far`,
      );
  }
  const yearMinutes = (performance.now() - yearStarted) / 60_000;
  const figures = (await (await fetch(app + FOLLOWUP_FIGURES_PATH)).json()) as FollowUpFigures;
  const bytesAfterYear = bytesByTable(file);
  await stack.stop();
  stack = null;
  await rm(persistDir, { recursive: true, force: true });
  persistDir = null;
  return {
    ladder,
    requests: world.pairs.length,
    stopped,
    truth,
    figures,
    pieces,
    stillComing,
    confirmed,
    escalations,
    jobs,
    phases,
    cronTasks,
    seedSeconds,
    yearMinutes,
    bytesAfterSeed,
    bytesAfterYear,
    rowsAfterSeed,
  };
}

/**
 * Each follow-up that went to its sender today (by a job, or by staff) gets its own chance to stop
 * its mail; each escalation is counted by whether its sender had acted at all.
 */
function applyFollowUps(world: SimulatedWorld, result: FollowUpDayResult, day: number, escalations: YearResult["escalations"]) {
  for (const event of result.events) {
    const sent = ["emailed", "mailed", "filed"].includes(event.status);
    const kind = !sent ? null : event.step === 1 ? "second" : event.step === 2 ? "legal" : null;
    const pairNumber = world.pairIndex.get(`${event.userId} ${event.requestId}`);
    if (pairNumber === undefined) continue;
    if (kind) followUpSent(world, pairNumber, kind, day);
    // The escalation's own line, or, where staff's finding answered it at once, the finding's.
    if (event.status === "escalated" || (event.status === "senderReviewed" && event.creator === "system")) {
      if (world.pairs[pairNumber]!.stopDay === Infinity) escalations.neverActed++;
      else escalations.actedLate++;
    }
  }
}

function printModel() {
  const agentLawStates = STATE_SHARES.filter(([state]) => legalRouteFor(state, { category: "catalogs" }, new Date()).kind === "send").map(
    ([state]) => state,
  );
  const agentLawShare = STATE_SHARES.filter(([state]) => agentLawStates.includes(state)).reduce((total, [, share]) => total + share, 0);
  const percent = (share: number) => `${(100 * share).toFixed(0)}%`;
  console.log("The model (bench/followup-model.ts; sources by their ids in decision 0061):");
  for (const model of CATEGORY_MODELS)
    console.log(
      `  ${model.category.padEnd(14)} ${percent(model.weight).padStart(4)} of senders; first request stops ${percent(model.firstStops)} (${model.firstStopsSource});\n` +
        `  ${"".padEnd(14)} last piece ${model.lagDays[0]}-${model.lagDays[1]} days after (${model.lagSource}); a piece every ${model.everyDays[0]}-${model.everyDays[1]} days (${model.everySource});\n` +
        `  ${"".padEnd(14)} digests show its pieces for ${percent(model.digestShows)} of households (${model.digestSource})`,
    );
  console.log(
    `  Assumptions: a second request stops ${percent(SECOND_REQUEST_STOPS)} of the senders it reaches, a legal request ${percent(LEGAL_REQUEST_STOPS)} ` +
      `(last piece ${LEGAL_LAG_DAYS[0]}-${LEGAL_LAG_DAYS[1]} days after: the CCPA's 15 business days, L5, and a mailing already printed);`,
  );
  console.log(
    `  ${SENDERS_PER_HOUSEHOLD[0]}-${SENDERS_PER_HOUSEHOLD[1]} senders a household, first requests sent on days 1-${REQUEST_DAYS} (by email or letter as the catalog's channel, or by letter to the return address the household gave when the catalog has none, reaching the sender that day);`,
  );
  console.log(
    `  ${percent(PERMISSION_SHARE)} of households signed the agent permission; households by state as the 2020 census counts people, ` +
      `${percent(agentLawShare)} in states whose law lets an agent ask a catalog (${agentLawStates.join(", ")});`,
  );
  console.log(
    "  every mailbox is watched (Informed Delivery digests every delivery day, every piece they show read, the others unseen); no one confirms or reports by hand;\n" +
      "  staff send a follow-up no channel could send by itself within 2 days (the product's promise), and answer a sender's\n" +
      "  review within 2 days, finding that it ignores requests (the model's channels are right); one request escalated alone is counted, not worked.",
  );
}

function report(results: YearResult[]) {
  const percent = (part: number, whole: number) => (whole === 0 ? "-" : `${((100 * part) / whole).toFixed(1)}%`);
  const column = (values: string[]) => values.map((value) => value.padStart(16)).join("");
  const row = (label: string, values: string[]) => console.log(`  ${label.padEnd(52)}${column(values)}`);
  const requests = (result: YearResult) => result.requests;
  const line = (result: YearResult, status: string) => result.figures.lines[status] ?? 0;
  // Follow-ups staff sent, those still waiting for them, and escalations: each sender review is one
  // look, whatever the number of requests it answers (decision 0091), each request escalated alone one.
  const staffTouches = (result: YearResult) =>
    (result.figures.staffLines["emailed"] ?? 0) +
    (result.figures.staffLines["mailed"] ?? 0) +
    (result.figures.staffLines["filed"] ?? 0) +
    result.figures.reviews.opened +
    result.figures.escalatedAlone +
    Object.entries(result.figures.waitingForStaff)
      .filter(([step]) => step !== "3" && step !== "0")
      .reduce((total, [, count]) => total + count, 0);

  console.log(`\nA year, simulated: ${HOUSEHOLDS} households, ${requests(results[0]!)} requests (household-sender pairs).`);
  row(
    "",
    results.map((result) => `ladder ${result.ladder}`),
  );
  for (const check of CHECK_DAYS) {
    row(
      `verified stopped by day ${check} (isVerifiedStopped)`,
      results.map((result) => percent(result.stopped[check]?.verified.length ?? 0, requests(result))),
    );
    row(
      "  of which the sender in fact still mailed",
      results.map((result) => percent(result.truth[check]?.falselyVerified ?? 0, requests(result))),
    );
    row(
      `stopped in fact by day ${check} (the model's truth)`,
      results.map((result) => percent(result.truth[check]?.stopped ?? 0, requests(result))),
    );
  }
  row(
    "pieces per household, before the request",
    results.map((result) => (result.pieces.before / HOUSEHOLDS).toFixed(1)),
  );
  row(
    "pieces per household, after the request",
    results.map((result) => (result.pieces.afterRequest / HOUSEHOLDS).toFixed(1)),
  );
  row(
    `pieces per household after should-have-stopped (${MAIL_STOPS_AFTER_DAYS} d)`,
    results.map((result) => (result.pieces.afterShouldHaveStopped / HOUSEHOLDS).toFixed(1)),
  );
  row(
    "pieces per household the digests never showed",
    results.map((result) => (result.pieces.notInDigests / HOUSEHOLDS).toFixed(1)),
  );
  row(
    "requests marked still coming",
    results.map((result) => String(line(result, "stillComing"))),
  );
  row(
    "second requests sent",
    results.map((result) => String(line(result, "secondRequest"))),
  );
  row(
    "steps the households confirmed on their card",
    results.map((result) => String(result.confirmed)),
  );
  row(
    "legal requests sent",
    results.map((result) => String(line(result, "legalRequest"))),
  );
  row(
    "held for the person's permission",
    results.map((result) => String(line(result, "followUpHeld"))),
  );
  row(
    "escalated to staff",
    results.map((result) => String(result.figures.steps["3"] ?? 0)),
  );
  row(
    "  of which the sender had acted on no request",
    results.map((result) => String(result.escalations.neverActed)),
  );
  row(
    "  of which it had acted, slower than the clock",
    results.map((result) => String(result.escalations.actedLate)),
  );
  row(
    "  sender reviews opened (answered by staff)",
    results.map((result) => `${result.figures.reviews.opened} (${result.figures.reviews.answered})`),
  );
  row(
    "  requests a finding answered with no new look",
    results.map((result) => String(result.figures.reviews.answeredByAFinding)),
  );
  row(
    "  requests escalated alone (no sender review)",
    results.map((result) => String(result.figures.escalatedAlone)),
  );
  row(
    "follow-ups sent by staff (no channel went without them)",
    results.map((result) =>
      String(["emailed", "mailed", "filed"].reduce((total, status) => total + (result.figures.staffLines[status] ?? 0), 0)),
    ),
  );
  row(
    "staff touches per 1,000 requests",
    results.map((result) => ((1000 * staffTouches(result)) / Math.max(requests(result), 1)).toFixed(1)),
  );
  row(
    "jobs run (retried, dead)",
    results.map((result) => `${result.jobs.run} (${result.jobs.retried}, ${result.jobs.dead})`),
  );
  row(
    "machine time: households made, the year",
    results.map((result) => `${result.seedSeconds.toFixed(0)} s, ${result.yearMinutes.toFixed(1)} min`),
  );
  row(
    "  the year's minutes: pieces, cron, cron's jobs",
    results.map((result) => `${result.phases.pieces.toFixed(1)}, ${result.phases.cron.toFixed(1)}, ${result.phases.jobs.toFixed(1)}`),
  );

  for (const result of results) {
    const slowest = Object.entries(result.cronTasks)
      .sort(([, a], [, b]) => b - a)
      .slice(0, CRON_TASKS_SHOWN);
    console.log(
      `\n  The cron's slowest daily tasks (ladder ${result.ladder}), minutes in the year: ${slowest.map(([task, minutes]) => `${task} ${minutes.toFixed(2)}`).join(", ")}`,
    );
  }

  for (const result of results) {
    const tables = new Set([...Object.keys(result.bytesAfterYear), ...Object.keys(result.bytesAfterSeed)]);
    const grown = [...tables]
      .map((table) => ({ table, bytes: (result.bytesAfterYear[table] ?? 0) - (result.bytesAfterSeed[table] ?? 0) }))
      .filter((entry) => entry.bytes > 0)
      .sort((a, b) => b.bytes - a.bytes);
    const total = grown.reduce((sum, entry) => sum + entry.bytes, 0);
    const rowsAdded = Object.entries(result.figures.rows).map(
      ([table, count]) => [table, count - (result.rowsAfterSeed[table] ?? 0)] as const,
    );
    console.log(
      `\n  The year adds per household (ladder ${result.ladder}): ${(total / HOUSEHOLDS / 1024).toFixed(1)} KB of D1 pages (dbstat), ` +
        rowsAdded
          .filter(([, count]) => count > 0)
          .map(([table, count]) => `${(count / HOUSEHOLDS).toFixed(1)} ${table} rows`)
          .join(", "),
    );
    console.log(`    by table: ${grown.map((entry) => `${entry.table} ${(entry.bytes / HOUSEHOLDS).toFixed(0)} B`).join(", ")}`);
  }
  for (const result of results)
    console.log(
      `\nBudget: the year in under ${BUDGET_MINUTES} minutes (ladder ${result.ladder}, ${HOUSEHOLDS} households): ${result.yearMinutes <= BUDGET_MINUTES ? "within budget" : "OVER budget"} (${result.yearMinutes.toFixed(1)} min)`,
    );
}

async function main() {
  printModel();
  const results: YearResult[] = [];
  for (const ladder of RUNS) results.push(await runYear(ladder));
  report(results);
}

async function cleanUp() {
  await stack?.stop();
  if (persistDir) await rm(persistDir, { recursive: true, force: true });
}

await runBench("followup", main, cleanUp);
