// npm run bench: every part in turn, one after the other so that no part slows another, then
// every budget's verdict in one list. Each part prints its own figures; a part that cannot finish
// says so and the next one runs. Never fails.
//
// `npx tsx bench/all.ts home dashboard` runs only the parts named.
//
// `npx tsx bench/all.ts --smoke` (a step of `npm test`, decision 0079) runs every part at its smoke
// size (bench/smoke.ts) and fails when a part exits non-zero or prints no verdict: a bench that
// cannot start is a failing test. The verdicts themselves are printed, never checked: timings at
// that size say nothing. The local D1 every stack starts from is migrated and seeded once, while
// the parts that need none run, and each stack copies it. `--part <file>` (repeatable) runs the
// given files as the parts instead (the harness's own test). Two parts run at once at smoke size,
// one at full size (`--jobs N`).
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT, SEEDED_D1_VARIABLE, seedLocalDatabase } from "../test/support/local-stack";

type Part = {
  name: string;
  file: string;
  what: string;
  stack: boolean;
  /** About how long the part takes at smoke size on a 2-core machine: the longest start first, and the short ones fill the end. */
  smokeSeconds: number;
};

const PARTS: Part[] = [
  {
    name: "home",
    file: "bench/home-vs-static.ts",
    what: "home page weight and throughput against a static file",
    stack: true,
    smokeSeconds: 5,
  },
  {
    name: "dashboard",
    file: "bench/dashboard.ts",
    what: "dashboard round trips, latency at scale, JavaScript",
    stack: true,
    smokeSeconds: 17,
  },
  { name: "catalog", file: "bench/catalog.ts", what: "sender catalog coverage and search", stack: false, smokeSeconds: 6 },
  { name: "photo", file: "bench/photo.ts", what: "photos of mail read by our text reader", stack: true, smokeSeconds: 11 },
  {
    name: "journeys",
    file: "bench/journeys.ts",
    what: "signup and sign-in journeys in Chromium on a slow phone, JavaScript on and off",
    stack: true,
    smokeSeconds: 17,
  },
  { name: "queue", file: "bench/queue-wave.ts", what: "the queue under a wave of 10,000 signups", stack: true, smokeSeconds: 4 },
  {
    name: "delivery",
    file: "bench/delivery.ts",
    what: "a month of requests to senders, letters through Lob, before and after",
    stack: true,
    smokeSeconds: 7,
  },
  {
    name: "mailbox",
    file: "bench/mailbox.ts",
    what: "a month of Informed Delivery digests for 50 households, read and matched",
    stack: true,
    smokeSeconds: 16,
  },
  {
    name: "followup",
    file: "bench/followup.ts",
    what: "a year of follow-ups for 1,500 households (10,000 with --households), the ladder off and on",
    stack: true,
    smokeSeconds: 4,
  },
];

/** Lines in which a part says whether one of its budgets or targets holds. */
const VERDICT = /\b(holds|MISSED|within budget|OVER budget)\b/;

const { values: flags, positionals: chosen } = parseArgs({
  allowPositionals: true,
  options: {
    smoke: { type: "boolean", default: false },
    part: { type: "string", multiple: true, default: [] },
    jobs: { type: "string" },
  },
});
const smoke = flags.smoke;
const parts: Part[] =
  flags.part.length > 0
    ? flags.part.map((file) => ({ name: file, file, what: "a part given on the command line", stack: false, smokeSeconds: 0 }))
    : chosen.length > 0
      ? PARTS.filter((part) => chosen.includes(part.name))
      : PARTS;

/**
 * Parts run at once: one at full size, so that no part slows another; two at smoke size, where no
 * timing counts and each part mostly waits on its own wrangler and Chromium (`--jobs N`).
 */
const jobs = Math.max(1, Number(flags.jobs ?? (smoke ? 2 : 1)));

/** At smoke size, a part still running after this is stopped (Ctrl-C: it stops what it started) and fails. */
const SMOKE_PART_LIMIT_MS = 5 * 60_000;

/** Runs a part; with `quiet`, what it prints is kept and given back instead of passed through. */
async function runPart(
  file: string,
  env: NodeJS.ProcessEnv,
  onLine: (line: string) => void,
  quiet: boolean,
): Promise<{ code: number | null; output: string; overran: boolean }> {
  const child = spawn(process.execPath, ["--import", "tsx", file, ...(smoke ? ["--smoke"] : [])], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "pipe", quiet ? "pipe" : "inherit"],
  });
  let pending = "";
  let output = "";
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => {
    if (quiet) output += chunk;
    else process.stdout.write(chunk);
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) onLine(line);
  });
  let overran = false;
  const limit = smoke
    ? setTimeout(() => {
        overran = true;
        child.kill("SIGINT");
      }, SMOKE_PART_LIMIT_MS)
    : undefined;
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => (output += chunk));
  return new Promise((resolve) => {
    child.on("error", (error) => resolve({ code: null, output: `${output}${error.message}\n`, overran }));
    child.on("close", (code) => {
      clearTimeout(limit);
      if (pending) onLine(pending);
      resolve({ code, output, overran });
    });
  });
}

/**
 * At smoke size, the one D1 every stack copies: the one `npm test` made (SEEDED_D1), else one made
 * in the background from the start, while the parts without a stack run and the others wait for it.
 */
function seededDatabase() {
  if (!smoke || !parts.some((part) => part.stack)) return null;
  const given = process.env[SEEDED_D1_VARIABLE];
  if (given) return { dir: Promise.resolve(given), made: false };
  const making = (async () => {
    const dir = await mkdtemp(join(tmpdir(), "quiet-mailbox-bench-seeded-"));
    const started = performance.now();
    await seedLocalDatabase(dir);
    console.log(`\n(the seeded D1 every stack copies took ${seconds(performance.now() - started)} s)`);
    return dir;
  })();
  making.catch(() => {});
  return { dir: making, made: true };
}

const verdicts: Array<{ part: string; line: string }> = [];
const outcomes: Array<{ part: string; seconds: string; failure: string | null }> = [];
const started = performance.now();
const seeded = seededDatabase();
// At smoke size the longest parts first, so that the short ones fill the end beside the last long
// one; the parts without a stack before all, while the D1 is being made.
const longestFirst = [...parts].sort((a, b) => b.smokeSeconds - a.smokeSeconds);
const order = !smoke
  ? parts
  : seeded?.made
    ? [...longestFirst.filter((part) => !part.stack), ...longestFirst.filter((part) => part.stack)]
    : longestFirst;

async function run(part: Part) {
  const header = `\n==== ${part.name}: ${part.what} (${part.file}${smoke ? ", smoke size" : ""}) ====\n`;
  const quiet = jobs > 1;
  if (!quiet) console.log(header);
  const env = { ...process.env };
  if (part.stack && seeded) {
    const dir = await seeded.dir.catch((error: unknown) => {
      outcomes.push({ part: part.name, seconds: "0", failure: `no seeded D1: ${error instanceof Error ? error.message : String(error)}` });
      return null;
    });
    if (!dir) return;
    env[SEEDED_D1_VARIABLE] = dir;
  }
  const partStarted = performance.now();
  const lines: Array<{ part: string; line: string }> = [];
  const { code, output, overran } = await runPart(
    part.file,
    env,
    (line) => {
      if (VERDICT.test(line)) lines.push({ part: part.name, line: line.trim() });
    },
    quiet,
  );
  verdicts.push(...lines);
  const took = seconds(performance.now() - partStarted);
  const failure = overran
    ? `stopped after ${SMOKE_PART_LIMIT_MS / 60_000} min`
    : code !== 0
      ? `exit code ${code}`
      : lines.length === 0
        ? "no figures: it printed no verdict"
        : null;
  outcomes.push({ part: part.name, seconds: took, failure });
  // Parts run side by side print whole, one after the other.
  if (quiet) process.stdout.write(`${header}\n${output}`);
  console.log(`\n(${part.name} took ${took} s${failure ? `, ${failure}` : ""})`);
}

let next = 0;
await Promise.all(
  Array.from({ length: Math.min(jobs, order.length) }, async () => {
    while (next < order.length) await run(order[next++]!);
  }),
);
const seededDir = seeded?.made ? await seeded.dir.catch(() => null) : null;
if (seededDir) await rm(seededDir, { recursive: true, force: true });

const minutes = ((performance.now() - started) / 60_000).toFixed(1);
console.log(`\n==== Budgets and targets, ${parts.length} parts in ${minutes} min${smoke ? " (smoke size: not checked)" : ""} ====\n`);
for (const { part, line } of verdicts) console.log(`${/MISSED|OVER budget/.test(line) ? "MISSED" : "holds "}  ${part.padEnd(10)}  ${line}`);
const missed = verdicts.filter(({ line }) => /MISSED|OVER budget/.test(line)).length;
console.log(`\n${verdicts.length - missed} hold, ${missed} missed.`);

if (smoke) {
  console.log(`\n==== Smoke run, ${seconds(performance.now() - started)} s ====\n`);
  for (const { part, seconds: took, failure } of outcomes)
    console.log(`${failure ? "FAILED" : "ran   "}  ${part.padEnd(10)}  ${took} s${failure ? `  ${failure}` : ""}`);
  const failed = outcomes.filter((outcome) => outcome.failure).length;
  if (failed > 0) {
    console.log(`\n${failed} of ${parts.length} parts failed at smoke size.`);
    process.exit(1);
  }
}

function seconds(ms: number) {
  return (ms / 1000).toFixed(1);
}
