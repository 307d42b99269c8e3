// npm run bench:queue: a wave of signups against the job queue, with Mailchimp misbehaving.
//
// 10,000 signups arrive within a minute; the Mailchimp stand-in fails one call in three (its
// 500 problem document) and answers 429 to any call that finds more than 10 calls open. Every job
// must end delivered exactly once or dead with its reason, none lost, and no more than 10 calls
// may be open at Mailchimp at once. Figures come from the app's jobs table and, for what was
// delivered, from the stand-ins' own records. Prints figures; never fails.
//
// The signups do not go through the signup form: it hashes each password with scrypt (about a
// fifth of a second of CPU, decision 0012) and counts signups site-wide (500 an hour, decision
// 0019), so 10,000 in a minute cannot pass it on this machine or any. The bench serves its own
// Worker entry (bench/queue-wave-entry.ts), the app plus one route that makes the account and
// enqueues the jobs a signup enqueues (signupJobs, the function the form calls).
//
// The stack runs without wrangler dev's inspector (decision 0038): it would send wrangler one request
// for every DevTools event of the Worker and keep them all in memory, which is not the product. The
// bench plays Cloudflare's cron: it runs the job sweep every --sweep-every-seconds, as production's
// runs every five minutes.
//
// Options: --signups N (10000), --seconds S (60), --latency-ms M (each Mailchimp call's time, 100),
// --retry-base-seconds B (1; production's first retry delay is 30 s, see the summary),
// --sweep-after-seconds A (60; production's JOB_SWEEP_AFTER_SECONDS is 600), --sweep-every-seconds E (30),
// --wrangler-log FILE, --max-minutes M (60: how long to wait for the drain before reporting what is left).
import { execFileSync } from "node:child_process";
import { appendFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type LocalStack, seededStack, startLocalStack } from "../test/support/local-stack";
import { freePort } from "../test/support/ports";
import type { MailchimpLoadRecord } from "../test/stand-ins/vendors/mailchimp";
import { WAVE_JOBS_PATH, WAVE_SIGNUPS_PATH, type WaveJobs, type WaveSignup, type WaveSignupResult } from "./queue-wave-routes";
import { printTable } from "./load";
import { JOB_SWEEP_CRON, MAX_RESENDS } from "../app/domain/job-envelope";
import { runBench } from "./run-bench";
import { sized, SMOKE_STACK } from "./smoke";

// Smoke size (--smoke, bench/smoke.ts): ten signups in a second, retries at once, a sweep every second.
const { values: options } = parseArgs({
  options: {
    smoke: { type: "boolean" },
    signups: { type: "string", default: sized("10000", "10") },
    seconds: { type: "string", default: sized("60", "1") },
    "latency-ms": { type: "string", default: sized("100", "10") },
    "retry-base-seconds": { type: "string", default: sized("1", "0") },
    "sweep-after-seconds": { type: "string", default: sized("60", "2") },
    "sweep-every-seconds": { type: "string", default: sized("30", "1") },
    "wrangler-log": { type: "string" },
    "max-minutes": { type: "string", default: sized("60", "1") },
  },
});
const SIGNUPS = Number(options.signups);
const WAVE_SECONDS = Number(options.seconds);
const LATENCY_MS = Number(options["latency-ms"]);
const RETRY_BASE_SECONDS = Number(options["retry-base-seconds"]);
const SWEEP_AFTER_SECONDS = Number(options["sweep-after-seconds"]);
const SWEEP_EVERY_SECONDS = Number(options["sweep-every-seconds"]);

/** How often the drain reads the jobs table. */
const DRAIN_POLL_MS = sized(2_000, 250);
const FAIL_EVERY = 3;
const MAX_OPEN = 10;
const SIGNUPS_PER_REQUEST = 10;
const REQUESTS_IN_FLIGHT = 8;
/** The jobs a signup enqueues (signupJobs). */
const JOB_TYPES = ["newsletter.subscribe", "newsletter.notifyNewUser", "billing.createCustomer", "email.send"] as const;
/** wrangler.toml: max_retries = 5, so six attempts. */
const ATTEMPTS = 6;
const PRODUCTION_RETRY_BASE_SECONDS = 30;
/**
 * No job has finished for this long: whatever is left is not coming. Long enough for the sweep to send
 * a stuck job again MAX_RESENDS times and then give it up.
 */
const STALL_MS = Math.max(180_000, (MAX_RESENDS + 2) * (SWEEP_AFTER_SECONDS + SWEEP_EVERY_SECONDS) * 1000);
const PRODUCTION_SWEEP_AFTER_SECONDS = 600;
const LIST_ID = "local-list";
const STAFF_EMAIL = "staff@quietmailbox.local";

const cleanups: Array<() => Promise<unknown>> = [];
let stack: LocalStack | undefined;

async function main() {
  const persistDir = await mkdtemp(join(tmpdir(), "quiet-mailbox-queue-wave-"));
  cleanups.push(() => rm(persistDir, { recursive: true, force: true }));
  console.log(
    "Signups skip the signup form (scrypt and its 500-an-hour limit make 10,000 a minute impossible): the bench's own Worker entry,\n" +
      "bench/queue-wave-entry.ts, makes each account and enqueues exactly the jobs the form enqueues (signupJobs). It is never deployed.",
  );
  console.log("Starting the local stack with that entry...");
  stack = await startLocalStack({
    appPort: await freePort(),
    standInsPort: await freePort(),
    persistDir,
    readsImages: false,
    script: "bench/queue-wave-entry.ts",
    vars: { JOB_RETRY_BASE_SECONDS: String(RETRY_BASE_SECONDS), JOB_SWEEP_AFTER_SECONDS: String(SWEEP_AFTER_SECONDS), STAFF_EMAIL },
    inspector: false,
    logLevel: "warn",
    ...seededStack(),
    ...SMOKE_STACK,
    log: options["wrangler-log"] ? (line) => appendFileSync(options["wrangler-log"]!, `${line}\n`) : undefined,
  });
  const { appUrl, standIns } = stack;
  const runtimeAtStart = runtimeMemory(stack.processGroup);
  const loadAtStart = loadavg()[0]!;
  await controlMailchimp("PUT", { failEvery: FAIL_EVERY, maxOpen: MAX_OPEN, latencyMs: LATENCY_MS });
  console.log(
    `Mailchimp stand-in: every ${ordinal(FAIL_EVERY)} call answers 500, more than ${MAX_OPEN} open calls answer 429, each call takes ${LATENCY_MS} ms`,
  );

  // Cloudflare's cron, played by the bench from the first signup to the end of the drain.
  const sweeps = { runs: 0, failed: 0 };
  let sweeping = true;
  void (async () => {
    for (await sleep(SWEEP_EVERY_SECONDS * 1000); sweeping; await sleep(SWEEP_EVERY_SECONDS * 1000)) {
      const response = await fetch(`${appUrl}/__scheduled?cron=${encodeURIComponent(JOB_SWEEP_CRON)}`, {
        signal: AbortSignal.timeout(120_000),
      }).catch(() => null);
      await response?.arrayBuffer();
      if (response?.ok) sweeps.runs += 1;
      else sweeps.failed += 1;
    }
  })();

  // 1. The wave: SIGNUPS spread evenly over WAVE_SECONDS, a few requests in flight.
  const runId = Date.now().toString(36);
  const signups: WaveSignup[] = Array.from({ length: SIGNUPS }, (_, index) => ({
    email: `wave-${runId}-${index}@quietmailbox.test`,
    fullName: `Wave Person${index}`,
  }));
  const chunks = chunk(signups, SIGNUPS_PER_REQUEST);
  const intervalMs = (WAVE_SECONDS * 1000) / chunks.length;
  const results: WaveSignupResult[] = [];
  let failedRequests = 0;
  let firstFailure: string | undefined;
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: REQUESTS_IN_FLIGHT }, async () => {
      for (let index = next++; index < chunks.length; index = next++) {
        const due = started + index * intervalMs;
        if (due > Date.now()) await sleep(due - Date.now());
        const response = await fetch(`${appUrl}${WAVE_SIGNUPS_PATH}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ signups: chunks[index] }),
          signal: AbortSignal.timeout(120_000),
        }).catch(() => null);
        if (response?.ok) {
          results.push(...((await response.json()) as WaveSignupResult[]));
        } else {
          failedRequests += 1;
          firstFailure ??= response ? `${response.status}: ${(await response.text()).slice(0, 300)}` : "no answer";
        }
      }
    }),
  );
  const sentMs = Date.now() - started;
  const refused = results.reduce((total, result) => total + result.jobsRefused, 0);
  console.log(
    `\nSignups made: ${results.length} of ${SIGNUPS} in ${seconds(sentMs)} (target ${WAVE_SECONDS} s)` +
      `${failedRequests ? `, ${failedRequests} requests of ${SIGNUPS_PER_REQUEST} failed (first: ${firstFailure})` : ""}${refused ? `, ${refused} enqueues refused` : ""}`,
  );

  // 2. Drain: until every job is succeeded or dead, or nothing has moved for STALL_MS.
  const expected = results.length * JOB_TYPES.length;
  let jobs = await readJobs(appUrl);
  let lastProgress = Date.now();
  let lastTerminal = -1;
  for (;;) {
    const terminal = countJobs(jobs, ["succeeded", "dead"]);
    const rows = countJobs(jobs, null);
    if (terminal !== lastTerminal) {
      lastTerminal = terminal;
      lastProgress = Date.now();
    }
    if (rows >= expected && terminal === rows) break;
    if (Date.now() - lastProgress > STALL_MS || Date.now() - started > Number(options["max-minutes"]) * 60_000) break;
    process.stdout.write(`\r  draining: ${terminal} of ${expected} jobs finished after ${seconds(Date.now() - started)}   `);
    await sleep(DRAIN_POLL_MS);
    jobs = await readJobs(appUrl);
  }
  const drainedMs = Date.now() - started;
  const drained = countJobs(jobs, ["succeeded", "dead"]) === countJobs(jobs, null);
  process.stdout.write("\n");
  sweeping = false;
  const runtimeAtEnd = runtimeMemory(stack.processGroup);
  const loadAtEnd = loadavg()[0]!;

  // 3. What the vendors say they received.
  const mailchimp = (await controlMailchimp("GET")) as MailchimpLoadRecord;
  const emailsPerJob = new Map<string, { to: string; sends: number }>();
  for (const request of standIns.recorded("email")) {
    if (request.method !== "POST" || request.path !== "/email" || (request.answeredStatus ?? 500) >= 300) continue;
    const body = request.body as { To?: string; Metadata?: { job?: string } };
    const job = body.Metadata?.job ?? "(no job id)";
    const seen = emailsPerJob.get(job) ?? { to: body.To ?? "", sends: 0 };
    seen.sends += 1;
    emailsPerJob.set(job, seen);
  }
  const customersPerUser = new Map<string, number>();
  const events = (await (await fetch(`${standIns.url}/__stand-ins/stripe/events?type=customer.created`)).json()) as { payload: string }[];
  for (const event of events) {
    const userId = (JSON.parse(event.payload) as { data: { object: { metadata?: { userId?: string } } } }).data.object.metadata?.userId;
    if (userId) customersPerUser.set(userId, (customersPerUser.get(userId) ?? 0) + 1);
  }

  const deliveries: Record<(typeof JOB_TYPES)[number], number[]> = {
    "newsletter.subscribe": Object.values(mailchimp.members).map(({ upserts }) => upserts),
    "newsletter.notifyNewUser": [...emailsPerJob.values()].filter(({ to }) => to.includes(STAFF_EMAIL)).map(({ sends }) => sends),
    "email.send": [...emailsPerJob.values()].filter(({ to }) => !to.includes(STAFF_EMAIL)).map(({ sends }) => sends),
    "billing.createCustomer": [...customersPerUser.values()],
  };

  // 4. Side by side.
  console.log(`\nJobs by type: the app's jobs table, and what the vendors' stand-ins received`);
  const rows = JOB_TYPES.map((type) => {
    const rowsOf = jobs.byState.filter((row) => row.type === type);
    const enqueued = rowsOf.reduce((total, row) => total + row.jobs, 0);
    // Attempts after the first, of the jobs that ran at least once (a queued job has 0 attempts).
    const retries = rowsOf.filter((row) => row.state !== "queued").reduce((total, row) => total + row.attempts - row.jobs, 0);
    const resends = rowsOf.reduce((total, row) => total + row.resends, 0);
    const succeeded = rowsOf.find((row) => row.state === "succeeded")?.jobs ?? 0;
    const dead = rowsOf.find((row) => row.state === "dead")?.jobs ?? 0;
    const counts = deliveries[type];
    const once = counts.filter((sends) => sends === 1).length;
    const duplicates = counts.filter((sends) => sends > 1).length;
    const delivered = counts.filter((sends) => sends > 0).length;
    const unfinished = enqueued - succeeded - dead;
    // Neither delivered nor dead, nor still on its way when the bench stopped waiting.
    const lost = Math.max(0, enqueued - delivered - dead - unfinished);
    return {
      type,
      enqueued,
      succeeded,
      dead,
      retries,
      resends,
      once,
      duplicates,
      lost,
      unfinished,
    };
  });
  printTable(
    ["type", "enqueued", "succeeded", "dead", "retries", "sent again", "delivered once", "duplicates", "still open", "lost"],
    rows.map((row) =>
      [row.type, row.enqueued, row.succeeded, row.dead, row.retries, row.resends, row.once, row.duplicates, row.unfinished, row.lost].map(
        String,
      ),
    ),
  );
  const total = (key: "enqueued" | "succeeded" | "dead" | "retries" | "resends" | "once" | "duplicates" | "lost" | "unfinished") =>
    rows.reduce((sum, row) => sum + row[key], 0);

  console.log("\nDead jobs and their reasons (the staff Jobs page lists the same rows)");
  if (jobs.dead.length === 0) console.log("  none");
  for (const { type, reason, jobs: count } of jobs.dead) console.log(`  ${String(count).padStart(5)}  ${type}: ${reason ?? "(no reason)"}`);

  const answered = (status: number) => mailchimp.answered[status] ?? 0;
  const lost = total("lost");
  const stillOpen = total("unfinished");
  const budgets = [
    ["peak concurrent Mailchimp calls", `${mailchimp.peakOpen}`, `<= ${MAX_OPEN}`, mailchimp.peakOpen <= MAX_OPEN],
    ["duplicates (delivered more than once)", `${total("duplicates")}`, "0", total("duplicates") === 0],
    ["lost (neither delivered nor dead)", stillOpen ? `${lost}, ${stillOpen} still open` : `${lost}`, "0", lost === 0 && stillOpen === 0],
  ] as const;

  console.log("\nSummary");
  printTable(
    ["", "figure"],
    [
      [
        "signups made",
        `${results.length} of ${SIGNUPS} in ${seconds(sentMs)}${failedRequests ? ` (${SIGNUPS - results.length} in requests that failed)` : ""}`,
      ],
      ["jobs enqueued", `${total("enqueued")} (${JOB_TYPES.length} per signup)`],
      ["time to drain (from the first signup)", drained ? seconds(drainedMs) : `not drained: stopped after ${seconds(drainedMs)}`],
      [
        "Mailchimp calls",
        `${mailchimp.calls}: ${Object.entries(mailchimp.answered)
          .map(([status, count]) => `${count} x ${status}`)
          .join(", ")}`,
      ],
      ["peak concurrent Mailchimp calls", String(mailchimp.peakOpen)],
      ["retries (app: attempts after the first)", String(total("retries"))],
      ["  caused by 429 / by 5xx (stand-in answers)", `${answered(429)} / ${answered(500)}`],
      [
        "jobs sent again by the sweep",
        `${total("resends")} (${sweeps.runs} sweeps run${sweeps.failed ? `, ${sweeps.failed} failed` : ""})`,
      ],
      ["delivered exactly once", `${total("once")} of ${total("enqueued")}`],
      ["duplicates", String(total("duplicates"))],
      ["dead, with a reason", String(total("dead"))],
      ["lost", String(lost)],
      ["still open when the bench stopped waiting", String(stillOpen)],
      ["runtime memory (workerd RSS) at start / end", `${runtimeAtStart} / ${runtimeAtEnd}`],
      ["load average (1 min) at start / end", `${loadAtStart.toFixed(2)} / ${loadAtEnd.toFixed(2)}`],
    ],
  );
  console.log("\nBudgets");
  printTable(
    ["budget", "measured", "limit", "holds"],
    budgets.map(([name, measured, limit, holds]) => [name, measured, limit, holds ? "holds" : "MISSED"]),
  );
  const productionWait = Array.from({ length: ATTEMPTS - 1 }, (_, index) => PRODUCTION_RETRY_BASE_SECONDS * 2 ** index).reduce(
    (sum, delay) => sum + delay,
    0,
  );
  const localWait = Array.from({ length: ATTEMPTS - 1 }, (_, index) => RETRY_BASE_SECONDS * 2 ** index).reduce(
    (sum, delay) => sum + delay,
    0,
  );
  console.log(
    `\nRetry delays: this run's first delay is ${RETRY_BASE_SECONDS} s (JOB_RETRY_BASE_SECONDS), so a job that fails five times waits ${localWait} s in all ` +
      `before its sixth attempt; the local queue honours each delay. Production's first delay is ${PRODUCTION_RETRY_BASE_SECONDS} s: ` +
      `${productionWait} s (${(productionWait / 60).toFixed(1)} min) of waiting alone for such a job, so with one call in three failing ` +
      `(about 1 in ${3 ** 5} jobs fails five times in a row) a wave there takes at least that long to drain.`,
  );
  console.log(
    `Sweep: this run sends a job again once the queue has held it ${SWEEP_AFTER_SECONDS} s past its turn, looking every ${SWEEP_EVERY_SECONDS} s; ` +
      `production waits ${PRODUCTION_SWEEP_AFTER_SECONDS} s and looks every five minutes. A job sent again ${MAX_RESENDS} times without running is dead with the reason.`,
  );
}

/** The workerd runtimes of the stack, each one's resident memory. */
function runtimeMemory(processGroup: number | undefined) {
  if (!processGroup) return "unknown";
  try {
    const lines = execFileSync("ps", ["-o", "comm=,rss=", "-g", String(processGroup)], { encoding: "utf8" })
      .trim()
      .split("\n");
    const runtimes = lines.map((line) => line.trim().split(/\s+/)).filter(([command]) => command === "workerd");
    return runtimes.map(([, rssKb]) => `${Math.round(Number(rssKb) / 1024)} MB`).join(" + ") || "none";
  } catch {
    return "unknown";
  }
}

async function controlMailchimp(method: "PUT" | "GET", body?: unknown) {
  const response = await fetch(`${stack!.standIns.url}/__stand-ins/mailchimp/lists/${LIST_ID}/load`, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`the Mailchimp stand-in answered ${response.status} to ${method} load`);
  return response.status === 204 ? null : ((await response.json()) as unknown);
}

async function readJobs(appUrl: string): Promise<WaveJobs> {
  const response = await fetch(`${appUrl}${WAVE_JOBS_PATH}`, { signal: AbortSignal.timeout(60_000) });
  if (!response.ok) throw new Error(`${WAVE_JOBS_PATH} answered ${response.status}`);
  return (await response.json()) as WaveJobs;
}

/** Jobs in any of `states`, or all of them for null. */
function countJobs(jobs: WaveJobs, states: string[] | null) {
  return jobs.byState.filter((row) => !states || states.includes(row.state)).reduce((total, row) => total + row.jobs, 0);
}

function chunk<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ordinal = (n: number) => (n === 2 ? "2nd" : n === 3 ? "3rd" : `${n}th`);

async function cleanUp() {
  await stack?.stop().catch(() => {});
  stack = undefined;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
}

await runBench("queue wave", main, cleanUp);
