// The whole product on one machine, offline: the vendor stand-ins in this process, our text reader
// in a process of its own, a local D1 with the schema and the sender catalog, and the built Worker served by
// `wrangler dev` (workerd).
// Used by `npm start`, the browser tests and the benchmark.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { cp, mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseToml, stringify as stringifyToml } from "smol-toml";
import { startStandIns, type StandInServer } from "../stand-ins/server";
import { VENDORS } from "../stand-ins/vendors";
import { EMAIL_STAND_IN_TOKEN, EMAIL_STAND_IN_WEBHOOK_PASSWORD, EMAIL_STAND_IN_WEBHOOK_USER } from "../stand-ins/vendors/email";
import { readImagesWith, WORKERS_AI_STAND_IN_TOKEN } from "../stand-ins/vendors/workers-ai";
import { MAILCHIMP_STAND_IN_KEY } from "../stand-ins/vendors/mailchimp";
import { LOB_STAND_IN_WEBHOOK_SECRET } from "../stand-ins/vendors/lob-letters";
import { STRIPE_STAND_IN_KEY, STRIPE_STAND_IN_PRICES, STRIPE_STAND_IN_WEBHOOK_SECRET } from "../stand-ins/vendors/stripe";
import { freePort, isPortFree } from "./ports";
import { startTextReaderProcess, type TextReaderProcess } from "./text-reader-process";
import type { WranglerDevOptions } from "./wrangler-dev";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * The queue consumers' batch window in tests (seconds): each email and job reaches its consumer
 * at once, so a test waiting for one waits milliseconds, where the product waits up to 2 s to fill
 * a batch (wrangler.toml).
 */
export const TEST_QUEUE_BATCH_TIMEOUT_SECONDS = 0.05;

/**
 * Names a local D1 already migrated and seeded (seedLocalDatabase), for stacks to copy instead of
 * making their own: `npm test` makes one beside the static checks for the browser tests' stack and
 * every smoke bench's stacks, and `bench/all.ts --smoke` one when run alone.
 */
export const SEEDED_D1_VARIABLE = "SEEDED_D1";

/** The seeded D1 to copy, when whatever started this process made one. */
export function seededStack(): Pick<LocalStackOptions, "seededFrom"> {
  const seededFrom = process.env[SEEDED_D1_VARIABLE];
  return seededFrom ? { seededFrom } : {};
}

export type LocalStackOptions = {
  appPort: number;
  standInsPort: number;
  /** Where our text reader listens (the Worker reads photos through it: TEXT_READER_URL); a free port when left out. */
  textReaderPort?: number;
  /**
   * false starts no text reader (its models take a core for a second or two): for a stack that is
   * sent no photo and no digest. TEXT_READER_URL then points at a port nothing listens on, so a
   * reading fails as it does while the reader is down.
   */
  readsImages?: boolean;
  /** Same meaning as `wrangler dev --persist-to`: wrangler keeps its data under <persistDir>/v3. */
  persistDir: string;
  /**
   * A persist directory made by seedLocalDatabase (every migration, the sender catalog, the local
   * staff): its D1 is copied into persistDir instead of migrating and seeding again. persistDir
   * itself, when it was seeded so already.
   */
  seededFrom?: string;
  /** Receives every line the child commands print, and the launcher's own progress. Silent when left out. */
  log?: (line: string) => void;
  /** Extra `--var KEY:value` pairs for the Worker; they win over the stand-in URLs of vendorVars(). */
  vars?: Record<string, string>;
  /** Serve static assets from this directory instead of wrangler.toml's ./build/client (`--assets`). */
  assetsDir?: string;
  /** Serve this Worker entry instead of wrangler.toml's `main` (a bench's own entry), with the same bindings. */
  script?: string;
  /** More `wrangler dev` flags, e.g. ["--log-level", "warn"]. */
  wranglerArgs?: string[];
  /**
   * false runs the Worker through wrangler's API with no inspector (test/support/wrangler-dev.ts);
   * wranglerArgs then do not apply, logLevel does.
   */
  inspector?: boolean;
  /** wrangler's log level (`--log-level`). */
  logLevel?: "debug" | "info" | "log" | "warn" | "error" | "none";
  /** Seed the example testimonials of local development (npm start only: tests seed their own). */
  exampleTestimonials?: boolean;
  /** How long to wait for the first answer to GET /. */
  readyTimeoutMs?: number;
  /**
   * The queue consumers' batch window, instead of wrangler.toml's (seconds): the browser tests and
   * the smoke benches hand each email and job to its consumer at once, where the product waits to
   * fill a batch.
   */
  queueBatchTimeoutSeconds?: number;
};

export type LocalStack = {
  appUrl: string;
  standIns: StandInServer;
  /** Absent with `readsImages: false`. */
  textReader: TextReaderProcess | undefined;
  /** Settles when wrangler exits, whether stop() asked it to or it crashed. */
  appExited: Promise<void>;
  /** The process group of wrangler and the workerd runtimes it started (for a bench to measure them). */
  processGroup: number | undefined;
  /** Stops wrangler with everything it started (workerd, esbuild) and closes the stand-ins. */
  stop: () => Promise<void>;
};

/**
 * The Worker vars that point each vendor's base URL at the stand-ins, with the credentials the
 * stand-ins accept, and photos at our text reader. Used by `npm start`, the browser tests and the
 * workers tests alike. Stripe's SDK takes a host, port and protocol, so STRIPE_API_URL is the bare
 * server URL.
 */
export function vendorVars(standIns: Pick<StandInServer, "url">, textReader: Pick<TextReaderProcess, "url">): Record<string, string> {
  return {
    TEXT_READER_URL: textReader.url,
    MAILCHIMP_API_URL: `${standIns.url}/mailchimp/3.0`,
    MAILCHIMP_API_KEY: MAILCHIMP_STAND_IN_KEY,
    STRIPE_API_URL: standIns.url,
    STRIPE_SECRET_KEY: STRIPE_STAND_IN_KEY,
    STRIPE_WEBHOOK_SECRET: STRIPE_STAND_IN_WEBHOOK_SECRET,
    STRIPE_PRICE_BASIC: STRIPE_STAND_IN_PRICES.basic,
    STRIPE_PRICE_PREMIUM: STRIPE_STAND_IN_PRICES.premium,
    // Checkout and the customer portal are pages of the stand-in.
    STRIPE_HOSTED_ORIGINS: standIns.url,
    EMAIL_API_URL: `${standIns.url}/email`,
    EMAIL_API_KEY: EMAIL_STAND_IN_TOKEN,
    POSTMARK_WEBHOOK_USER: EMAIL_STAND_IN_WEBHOOK_USER,
    POSTMARK_WEBHOOK_PASSWORD: EMAIL_STAND_IN_WEBHOOK_PASSWORD,
    LOB_API_URL: `${standIns.url}/lob/v1`,
    LOB_WEBHOOK_SECRET: LOB_STAND_IN_WEBHOOK_SECRET,
    WORKERS_AI_API_URL: `${standIns.url}/cloudflare/client/v4`,
    WORKERS_AI_API_TOKEN: WORKERS_AI_STAND_IN_TOKEN,
    // DKIM keys of inbound mail (decision 0063).
    DNS_OVER_HTTPS_URL: `${standIns.url}/dns-query`,
    // Not a vendor API: the blog the footer links to, a page of the stand-ins outside production.
    BLOG_URL: `${standIns.url}/path/`,
  };
}

const CHILD_ENV = { WRANGLER_SEND_METRICS: "false", FORCE_COLOR: "0" };

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const { appPort, standInsPort, log = () => {}, readyTimeoutMs = 90_000 } = options;
  const persistDir = resolve(options.persistDir);
  assertBuildExists();

  for (const [what, port] of [
    ["app", appPort],
    ["stand-ins", standInsPort],
    ["text reader", options.textReaderPort ?? 0],
  ] as const) {
    if (port === 0) continue;
    if (!(await isPortFree(port))) {
      throw new Error(`Port ${port} (for the ${what}) is already in use on 127.0.0.1. Is another \`npm start\` running?`);
    }
  }

  const standIns = await startStandIns({ port: standInsPort, vendors: VENDORS });
  log(`stand-ins listening on ${standIns.url}`);
  let textReader: TextReaderProcess | undefined;
  let wrangler: WranglerProcess | undefined;
  try {
    // The reader loads its models while the database is made: neither waits for the other.
    const [readerStarted, databaseMade] = await Promise.allSettled([
      options.readsImages === false ? undefined : startTextReaderProcess({ port: options.textReaderPort ?? (await freePort()), log }),
      options.seededFrom
        ? copySeededDatabase(options.seededFrom, persistDir, log)
        : seedLocalDatabase(persistDir, { log, exampleTestimonials: options.exampleTestimonials }),
    ]);
    if (readerStarted.status === "fulfilled") textReader = readerStarted.value;
    if (readerStarted.status === "rejected") throw readerStarted.reason;
    if (databaseMade.status === "rejected") throw databaseMade.reason;
    const reader = readerStarted.value;
    if (reader) readImagesWith(reader.url);

    // Links in emails are built from APP_ORIGIN, never from the request: here, this stack's own URL.
    const readerUrl = reader?.url ?? `http://127.0.0.1:${await freePort()}`;
    const vars = { ...vendorVars(standIns, { url: readerUrl }), APP_ORIGIN: `http://127.0.0.1:${appPort}`, ...options.vars };
    log(`starting wrangler dev on 127.0.0.1:${appPort}`);
    wrangler =
      options.inspector === false
        ? spawnWrangler(
            bin("tsx"),
            [join(REPO_ROOT, "test/support/wrangler-dev.ts"), JSON.stringify(await quietDevOptions(options, vars))],
            log,
          )
        : spawnWrangler(bin("wrangler"), await wranglerDevArgs(options, vars), log);
    const appUrl = `http://127.0.0.1:${appPort}`;
    await waitUntilAnswering(`${appUrl}/`, wrangler, readyTimeoutMs);
    log(`app answering on ${appUrl}`);
    await forwardStripeEvents(standIns, `${appUrl}${STRIPE_WEBHOOK_PATH}`);
    log(`Stripe events go to ${appUrl}${STRIPE_WEBHOOK_PATH}`);
    await forwardLobEvents(standIns, `${appUrl}${LOB_WEBHOOK_PATH}`);
    await forwardEmailEvents(standIns, `${appUrl}${POSTMARK_WEBHOOK_PATH}`);

    const running = wrangler;
    let stopping: Promise<void> | undefined;
    return {
      appUrl,
      standIns,
      textReader: reader,
      appExited: running.exited,
      processGroup: running.child.pid,
      stop: () =>
        (stopping ??= (async () => {
          await running.stop();
          await Promise.all([standIns.close(), reader?.close()]);
        })()),
    };
  } catch (error) {
    await wrangler?.stop();
    await Promise.all([standIns.close(), textReader?.close()]);
    throw error;
  }
}

/**
 * A local D1 under persistDir with every migration, the sender catalog and the local staff: what
 * each stack starts from. Made once, it can be copied for many stacks (seededFrom).
 */
export async function seedLocalDatabase(
  persistDir: string,
  { log = () => {}, exampleTestimonials = false }: { log?: (line: string) => void; exampleTestimonials?: boolean } = {},
) {
  const dir = resolve(persistDir);
  log(`applying D1 migrations to ${dir}`);
  await runStartupStep(
    "applying the D1 migrations",
    bin("wrangler"),
    ["d1", "migrations", "apply", "DB", "--local", "--persist-to", dir],
    log,
  );
  log("seeding the sender catalog");
  const seedArgs = ["drizzle/seed.ts", "--persist-to", dir, "--local-staff", ...(exampleTestimonials ? ["--local-examples"] : [])];
  await runStartupStep("seeding the sender catalog", bin("tsx"), seedArgs, log);
}

/** The D1 of a seeded persist directory, copied into another (wrangler keeps D1 under v3/d1). */
export async function copySeededDatabase(seededFrom: string, persistDir: string, log: (line: string) => void = () => {}) {
  if (resolve(seededFrom) === resolve(persistDir)) return;
  const from = join(resolve(seededFrom), "v3", "d1");
  if (!existsSync(from)) throw new Error(`${seededFrom} holds no seeded D1 (run seedLocalDatabase on it first).`);
  const to = join(resolve(persistDir), "v3", "d1");
  await mkdir(dirname(to), { recursive: true });
  await cp(from, to, { recursive: true });
  log(`D1 copied from ${seededFrom}`);
}

/** `wrangler dev`'s command line for this stack. */
async function wranglerDevArgs(options: LocalStackOptions, vars: Record<string, string>) {
  return [
    "dev",
    "--config",
    await configPathOf(options),
    ...(options.script ? [resolve(options.script)] : []),
    "--ip",
    "127.0.0.1",
    "--port",
    String(options.appPort),
    // The default inspector port (9229) would clash between two stacks running side by side.
    "--inspector-port",
    String(await freePort()),
    "--persist-to",
    resolve(options.persistDir),
    "--show-interactive-dev-session=false",
    // Lets the daily cron be run by hand: GET /__scheduled (README).
    "--test-scheduled",
    ...(options.assetsDir ? ["--assets", resolve(options.assetsDir)] : []),
    ...Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
    ...(options.logLevel ? ["--log-level", options.logLevel] : []),
    ...(options.wranglerArgs ?? []),
  ];
}

/** What the tests read or change of wrangler.toml. */
export type WranglerConfig = {
  main: string;
  assets?: { directory?: string };
  d1_databases?: Array<{ migrations_dir?: string }>;
  queues?: {
    producers?: Array<{ binding: string; queue: string }>;
    consumers?: Array<{
      queue: string;
      max_batch_size?: number;
      max_batch_timeout?: number;
      max_retries?: number;
      dead_letter_queue?: string;
    }>;
  };
  env?: unknown;
};

export function readWranglerConfig(): WranglerConfig {
  return parseToml(readFileSync(join(REPO_ROOT, "wrangler.toml"), "utf8")) as WranglerConfig;
}

/**
 * wrangler.toml with every queue consumer's batch window set to `seconds`, written into the
 * stack's persist directory, its paths made absolute (wrangler reads them from the config's
 * folder). Production's environment is left out: this is a local stack.
 */
export async function writeConfigWithBatchTimeout(persistDir: string, seconds: number) {
  const config = readWranglerConfig();
  delete config.env;
  config.main = resolve(REPO_ROOT, config.main);
  if (config.assets?.directory) config.assets.directory = resolve(REPO_ROOT, config.assets.directory);
  for (const database of config.d1_databases ?? []) {
    if (database.migrations_dir) database.migrations_dir = resolve(REPO_ROOT, database.migrations_dir);
  }
  for (const consumer of config.queues?.consumers ?? []) consumer.max_batch_timeout = seconds;
  await mkdir(persistDir, { recursive: true });
  const path = join(persistDir, "wrangler.toml");
  await writeFile(path, stringifyToml(config));
  return path;
}

/** wrangler.toml, or the stack's copy of it with its own queue window (queueBatchTimeoutSeconds). */
async function configPathOf(options: LocalStackOptions) {
  return options.queueBatchTimeoutSeconds === undefined
    ? join(REPO_ROOT, "wrangler.toml")
    : await writeConfigWithBatchTimeout(resolve(options.persistDir), options.queueBatchTimeoutSeconds);
}

/** The same stack for test/support/wrangler-dev.ts, which runs it with no inspector. */
async function quietDevOptions(options: LocalStackOptions, vars: Record<string, string>): Promise<WranglerDevOptions> {
  return {
    configPath: await configPathOf(options),
    script: options.script,
    hostname: "127.0.0.1",
    port: options.appPort,
    persistTo: options.persistDir,
    vars,
    assetsDir: options.assetsDir,
    logLevel: options.logLevel,
  };
}

/** Where the app takes Stripe's events (app/routes/api.webhooks.stripe.ts). */
const STRIPE_WEBHOOK_PATH = "/api/webhooks/stripe";

/** Like `stripe listen --forward-to`: the Stripe stand-in posts every event it emits, signed, to the app. */
async function forwardStripeEvents(standIns: StandInServer, url: string) {
  const response = await fetch(`${standIns.url}/__stand-ins/stripe/webhook-endpoint`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ url }),
  });
  if (!response.ok) throw new Error(`the Stripe stand-in refused the webhook endpoint: ${response.status}`);
}

/** Where the app takes Lob's tracking events (app/routes/api.webhooks.lob.ts). */
const LOB_WEBHOOK_PATH = "/api/webhooks/lob";

/** Lob's webhook, pointed at the app: each letter the Lob stand-in makes sends its tracking events there. */
async function forwardLobEvents(standIns: StandInServer, url: string) {
  const response = await fetch(`${standIns.url}/__stand-ins/lob/webhook-endpoint`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ url }),
  });
  if (!response.ok) throw new Error(`the Lob stand-in refused the webhook endpoint: ${response.status}`);
}

/** Where the app takes Postmark's delivery and bounce records (app/routes/api.webhooks.postmark.ts). */
const POSTMARK_WEBHOOK_PATH = "/api/webhooks/postmark";

/** Postmark's webhook, pointed at the app: each message the email stand-in sends is followed by its Delivery or Bounce. */
async function forwardEmailEvents(standIns: StandInServer, url: string) {
  const response = await fetch(`${standIns.url}/__stand-ins/email/webhook-endpoint`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ url }),
  });
  if (!response.ok) throw new Error(`the email stand-in refused the webhook endpoint: ${response.status}`);
}

function assertBuildExists() {
  const missing = ["build/server/index.js", "build/client"].filter((path) => !existsSync(join(REPO_ROOT, path)));
  if (missing.length > 0) {
    throw new Error(`No build to serve (missing ${missing.join(", ")}). Run \`npm run build\` first.`);
  }
}

/** The project's own copy of a CLI, as `npx <name>` would find it, without npm in between. */
function bin(name: string): string {
  const path = join(REPO_ROOT, "node_modules", ".bin", name);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm ci\`.`);
  return path;
}

function forwardLines(stream: NodeJS.ReadableStream | null, sink: (line: string) => void) {
  if (!stream) return;
  let pending = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    pending += chunk;
    const lines = pending.split(/\r?\n/);
    pending = lines.pop() ?? "";
    for (const line of lines) sink(line);
  });
  stream.on("end", () => {
    if (pending) sink(pending);
    pending = "";
  });
}

/** Keeps the last lines a child printed so a failure can say why. */
function tail(limit = 60) {
  const lines: string[] = [];
  return {
    push: (line: string) => {
      lines.push(line);
      if (lines.length > limit) lines.shift();
    },
    text: () => lines.join("\n"),
  };
}

/** How long one start-up step (migrating, seeding) may take before it counts as hung. */
const STARTUP_STEP_TIMEOUT_MS = 180_000;

class StepHung extends Error {}

/**
 * A start-up step run to its end, time-boxed: a step that hangs (a child blocked on a pipe, a
 * runtime that never exits) is killed with everything it started and run once more, then fails
 * saying what it printed.
 */
export async function runStartupStep(
  what: string,
  command: string,
  args: string[],
  log: (line: string) => void,
  timeoutMs = STARTUP_STEP_TIMEOUT_MS,
) {
  try {
    await runCommand(command, args, { env: { CI: "true" }, log, timeoutMs });
  } catch (error) {
    if (!(error instanceof StepHung)) throw error;
    log(`${what} did not finish in ${timeoutMs / 1000} s; stopped it, trying once more`);
    await runCommand(command, args, { env: { CI: "true" }, log, timeoutMs });
  }
}

function runCommand(
  command: string,
  args: string[],
  { env, log, timeoutMs }: { env: Record<string, string>; log: (line: string) => void; timeoutMs: number },
) {
  return new Promise<void>((resolvePromise, reject) => {
    const output = tail();
    const sink = (line: string) => {
      output.push(line);
      log(line);
    };
    const commandLine = [command, ...args].join(" ");
    // A group of its own, so that a hung step is stopped with the runtimes it started.
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, ...CHILD_ENV, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const timer = setTimeout(() => {
      signalGroup(child.pid, "SIGKILL");
      reject(new StepHung(`\`${commandLine}\` did not finish in ${Math.round(timeoutMs / 1000)} s:\n${output.text()}`));
    }, timeoutMs);
    forwardLines(child.stdout, sink);
    forwardLines(child.stderr, sink);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolvePromise();
      else reject(new Error(`\`${commandLine}\` failed (${signal ?? `exit ${code}`}):\n${output.text()}`));
    });
  });
}

type WranglerProcess = {
  child: ChildProcess;
  exited: Promise<void>;
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * wrangler runs in a process group of its own (detached), so that stopping it reaches the workerd
 * and esbuild processes it starts, and so that a Ctrl-C in the terminal reaches only the launcher,
 * which then stops everything in order.
 */
function spawnWrangler(command: string, args: string[], log: (line: string) => void): WranglerProcess {
  const output = tail();
  const sink = (line: string) => {
    output.push(line);
    log(line);
  };
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...CHILD_ENV },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  forwardLines(child.stdout, sink);
  forwardLines(child.stderr, sink);
  const exited = new Promise<void>((resolvePromise) => {
    if (child.exitCode !== null || child.signalCode !== null) resolvePromise();
    else child.once("exit", () => resolvePromise());
    child.once("error", () => resolvePromise());
  });
  const pgid = child.pid;

  // Last resort if the host process exits without calling stop(): never leave a workerd behind.
  const killOnExit = () => signalGroup(pgid, "SIGKILL");
  process.once("exit", killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      signalGroup(pgid, "SIGTERM");
      if (!(await groupGone(pgid, exited, 8_000))) {
        log(`wrangler (process group ${pgid}) did not stop on SIGTERM; sending SIGKILL`);
        signalGroup(pgid, "SIGKILL");
        await groupGone(pgid, exited, 3_000);
      }
      process.removeListener("exit", killOnExit);
    })());

  return { child, exited, output: output.text, stop };
}

function signalGroup(pgid: number | undefined, signal: NodeJS.Signals) {
  if (!pgid) return;
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/**
 * Whether a process of the group still runs. A member that has exited but is not yet reaped (a
 * zombie) does not count: once wrangler exits, its workerd and esbuild children pass to the
 * machine's init, which may reap them a second or two later, and waiting for that cost every
 * stack's stop about 1.5 s. Where there is no /proc, any member counts.
 */
export function groupRuns(pgid: number | undefined): boolean {
  if (!pgid) return false;
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  if (!existsSync("/proc/self/stat")) return true;
  return readdirSync("/proc").some((entry) => /^\d+$/.test(entry) && runsInGroup(entry, pgid));
}

function runsInGroup(pid: string, pgid: number): boolean {
  const stat = processStat(Number(pid));
  return stat !== null && stat.pgrp === pgid && stat.state !== "Z" && stat.state !== "X";
}

/**
 * A process's state ("R", "S", "Z" for one exited and not yet reaped...) and group, from
 * /proc/<pid>/stat ("pid (name) state ppid pgrp ...", the name may hold spaces or parentheses);
 * null when there is no such process (or no /proc).
 */
export function processStat(pid: number): { state: string; pgrp: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return state ? { state, pgrp: Number(pgrp) } : null;
}

async function groupGone(pgid: number | undefined, exited: Promise<void>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const leaderExited = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((resolvePromise) => (timer = setTimeout(() => resolvePromise(false), timeoutMs))),
  ]);
  clearTimeout(timer);
  if (!leaderExited) return false;
  while (groupRuns(pgid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

async function waitUntilAnswering(url: string, wrangler: WranglerProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void wrangler.exited.then(() => (exited = true));
  for (;;) {
    if (exited) throw new Error(`wrangler dev exited before ${url} answered:\n${wrangler.output()}`);
    try {
      const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s. wrangler said:\n${wrangler.output()}`);
    }
    await sleep(250);
  }
}

function sleep(ms: number) {
  return new Promise<void>((resolvePromise) => setTimeout(resolvePromise, ms));
}
