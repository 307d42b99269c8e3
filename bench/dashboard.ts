// npm run bench (after the home bench): the dashboard budgets of the requests feature, in one run.
// Prints figures; never fails the run, but says "OVER budget" when one is missed.
//
// The parts, in the order they run:
// 1. The databases: a big one of 100,000 users and 2,000,000 requests (plus request_logs,
//    recipients, jobs and staff_audit in proportion), and two small ones to compare it with: one
//    user for the dashboard, 1,000 users for the staff pages (bench/dashboard-seed.ts). The
//    signed-in user owns the same 20 requests in all of them; a second one owns 200.
// 2. Size: bytes per user in the big database (SQLite's dbstat: rows and indexes apart), and how
//    many users one D1 database holds at its size limit (decision 0031).
// 3. Round trips: GET /dashboard costs one KV read (the session) and at most two D1 round trips
//    (the signed-in user, then one db.batch for everything the page shows), whatever the number
//    of requests. Counted for real on the big database, in the Worker its stack serves
//    (bench/dashboard-entry.ts): the built app on bindings wrapped in counting proxies, for the
//    user with 20 requests, the one with 200, and the 200 again with a request open (its history
//    joins the batch); the staff pages as the local admin are counted for reference. Work left
//    to ctx.waitUntil after the response (the visit analytics, written for the whole isolate in
//    one D1 batch a second) is shown apart.
// 4. Latency at scale: median and p95 of GET /dashboard, signed in, as a browser asks for the
//    document, on the big database at most 1.5x those on the one-user one. The staff pages
//    (overview, work queue, print batch, users list and search, jobs, audit trail), as the local
//    admin, have the same budget against the 1,000-user database, where their lists are as full
//    as on the big one (against one user they would compare empty pages with full ones). The
//    stacks run side by side and are loaded in alternating rounds, so drift (CPU heat, other
//    processes) hits both alike.
// 5. JavaScript: the page loads the framework's runtime plus at most 20 KB gzipped of the app's
//    own code. Files from Remix's manifest, split between framework and app with source maps
//    (bench/dashboard-js.ts explains how), checked against what GET /dashboard preloads. When the
//    page preloads no module (no runtime, decision 0034), its <script src> files are weighed instead.
//
// Requests look like a browser's (Chrome's Accept, Accept-Encoding, User-Agent) and carry the
// analytics consent cookie "yes": the dashboard then records the visit (without consent it records
// nothing), the costlier of the two cases.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import {
  copySeededDatabase,
  type LocalStack,
  REPO_ROOT,
  seededStack,
  seedLocalDatabase,
  startLocalStack,
} from "../test/support/local-stack";
import { freePort } from "../test/support/ports";
import { LOCAL_STAFF } from "../drizzle/local-staff";
import catalog from "../drizzle/senders.json" with { type: "json" };
import { templateFromSender, type CatalogSender } from "../app/domain/sender-catalog";
import { hashPassword } from "../app/utils/password.server";
import {
  buildClientWithSourceMaps,
  CATEGORIES,
  gzipSize,
  pageModules,
  readRemixManifest,
  weighChunk,
  type ChunkWeight,
} from "./dashboard-js";
import { COUNT_ROUND_TRIPS_HEADER, type CountedVisit } from "./dashboard-routes";
import { COUNT_SQL, REQUESTS_PER_USER, SIZE_SQL, seedSql } from "./dashboard-seed";
import { BROWSER_HEADERS, load, percentile } from "./load";
import { runBench } from "./run-bench";
import { SMOKE, SMOKE_STACK, sized } from "./smoke";

const BUDGET_KV_READS = 1;
const BUDGET_D1_ROUND_TRIPS = 2;
const BUDGET_LATENCY_RATIO = 1.5;
const BUDGET_APP_JS_GZIP = 20 * 1024;

// Smoke size: a handful of users, one short round of each page (bench/smoke.ts).
const BIG_USERS = sized(100_000, 3);
const STAFF_SMALL_USERS = sized(1_000, 2);
// Two browsers at a time on a two-core machine: some contention in D1, little queueing in front of it.
const CONCURRENCY = 2;
// Short rounds, often alternated: other processes on a shared machine hit every target alike.
const ROUNDS = sized(6, 1);
const ROUND_MS = sized(1_000, 200);
const WARMUP_MS = sized(1_000, 100);
const REQUEST_TIMEOUT_MS = 15_000;
// The first request to a page on a big local database may also warm SQLite's page cache.
const FIRST_LOAD_TIMEOUT_MS = 60_000;
const CHILD_TIMEOUT_MS = 480_000;

const BENCH_USER = { id: "bench-dashboard-user", email: "bench-dashboard@quietmailbox.local", fullName: "Bench User" };
const BENCH_PASSWORD = "bench-dashboard-password";
/** A custom request of the bench user with two history entries (bench/dashboard-seed.ts). */
const OPEN_REQUEST_ID = "bench-custom-1";
/** The user whose round trips are counted with many requests (bench/dashboard-seed.ts), and one of theirs with history. */
const HEAVY_USER = {
  id: "bench-dashboard-heavy-user",
  email: "bench-dashboard-heavy@quietmailbox.local",
  fullName: "Heavy User",
  requests: 200,
};
const HEAVY_OPEN_REQUEST_ID = "bench-heavy-1";

const CHILD_ENV = { WRANGLER_SEND_METRICS: "false", FORCE_COLOR: "0", CI: "true" };

const cleanups: Array<() => Promise<unknown>> = [];
const stacks = new Set<LocalStack>();
const children = new Set<ChildProcess>();

async function main() {
  const started = performance.now();
  const databases = await section("1. The databases", seedDatabases);
  if (databases) await section("2. Bytes per user, and users per D1 database", () => measureSize(databases.at(-1)!));
  let html: string | undefined;
  if (databases) {
    try {
      console.log(`\nStarting a local stack per database (wrangler dev, ${databases.length} side by side)...`);
      const running = await startStacks(databases);
      const big = running.find(({ database }) => database.serves === "both")!;
      await section("3. Dashboard loader round trips (counted in the Worker, on the big database)", () =>
        measureRoundTrips(big.stack.appUrl),
      );
      html = await section("4. Dashboard latency at scale", () => measureLatency(running));
    } finally {
      for (const stack of stacks) await stack.stop().catch(() => {});
      stacks.clear();
      for (const database of databases) await rm(database.persistDir, { recursive: true, force: true });
    }
  }
  await section("5. JavaScript on the dashboard", () => measureJavaScript(html ?? null));
  console.log(`\nDashboard bench finished in ${seconds(performance.now() - started)}.`);
}

/** Runs one part; a part that cannot finish says why and lets the others run (at smoke size it fails the bench). */
async function section<T>(title: string, part: () => Promise<T>): Promise<T | undefined> {
  console.log(`\n== ${title} ==`);
  try {
    return await part();
  } catch (error) {
    if (SMOKE) throw error;
    console.log(`could not measure: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// 1. The databases

/**
 * Which pages a database is loaded with: the one-user database is the dashboard's baseline (the
 * issue's budget), the 1,000-user one the staff pages' (their lists are full there, as on the big
 * one, so the comparison measures the growth of the data, not empty pages against full ones), and
 * the big one carries both.
 */
type Serves = "dashboard" | "staff" | "both";
type Database = {
  label: string;
  otherUsers: number;
  serves: Serves;
  persistDir: string;
  seedMs: number;
  dataMs: number;
  counts: Record<string, number>;
};
type Target = {
  label: string;
  /** The page, the same on both databases: small and big are compared by it. */
  page: string;
  database: Database;
  open: boolean;
  url: string;
  /** The page's HTML as first loaded: the same length on both databases means the same work to render. */
  htmlBytes: number;
  cookie: string;
  latencies: number[];
  requests: number;
  errors: number;
  elapsedMs: number;
};

async function seedDatabases(): Promise<Database[]> {
  const activeTemplates = (catalog.senders as CatalogSender[]).map(templateFromSender).filter((template) => template.isActive).length;
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const now = Date.now();

  const big = [`${BIG_USERS.toLocaleString("en-US")} users`, BIG_USERS - 1, "both"] as const;
  // At smoke size the big database alone, which serves both kinds of page: one stack, not three.
  const sizes = sized(
    [["1 user", 0, "dashboard"], [`${STAFF_SMALL_USERS.toLocaleString("en-US")} users`, STAFF_SMALL_USERS - 1, "staff"], big] as const,
    [big] as const,
  );
  const databases: Database[] = [];
  for (const [label, otherUsers, serves] of sizes) {
    const persistDir = await temporaryDir("quiet-mailbox-bench-dashboard-d1-");
    const seedStarted = performance.now();
    const { seededFrom } = seededStack();
    if (seededFrom) await copySeededDatabase(seededFrom, persistDir);
    else await seedLocalDatabase(persistDir);
    const sqlFile = join(persistDir, "bench-seed.sql");
    const seed = seedSql({ otherUsers, presetsPerUser: activeTemplates, bench: BENCH_USER, heavy: HEAVY_USER, passwordHash, now });
    await writeFile(sqlFile, seed);
    const dataStarted = performance.now();
    await mustRun(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--file", sqlFile]);
    const dataMs = performance.now() - dataStarted;
    const seedMs = performance.now() - seedStarted;
    const counts = await countRows(persistDir);
    databases.push({ label, otherUsers, serves, persistDir, seedMs, dataMs, counts });
  }
  printTable(
    ["database", "users", "requests", "request_logs", "recipients", "jobs", "staff_audit", "seeding (of which data)"],
    databases.map((database) => [
      database.label,
      number(database.counts.users),
      number(database.counts.requests),
      number(database.counts.requestLogs),
      number(database.counts.recipients),
      number(database.counts.jobs),
      number(database.counts.staffAudit),
      `${seconds(database.seedMs)} (${seconds(database.dataMs)})`,
    ]),
  );
  console.log(
    `The signed-in user owns ${REQUESTS_PER_USER} requests in each (${activeTemplates} presets + ${REQUESTS_PER_USER - activeTemplates} custom), ` +
      `a second one ${HEAVY_USER.requests}; each also holds the ${LOCAL_STAFF.length} local staff accounts (counted among its users).`,
  );
  return databases;
}

/** A stack per database, all at once (each waits mostly on its own wrangler), serving the bench's entry. */
async function startStacks(databases: Database[]) {
  const running = await Promise.all(
    databases.map(async (database) => {
      const stack = await startLocalStack({
        appPort: await freePort(),
        standInsPort: await freePort(),
        persistDir: database.persistDir,
        script: "bench/dashboard-entry.ts",
        readsImages: false,
        // Seeded above, the bench's rows included.
        seededFrom: database.persistDir,
        ...SMOKE_STACK,
        wranglerArgs: ["--log-level", "warn"],
      });
      stacks.add(stack);
      return { database, stack };
    }),
  );
  return running;
}

// ---------------------------------------------------------------------------------------------
// 3. Round trips

type Visit = { label: string; path: string; cookie: string };

/** GET `path` on counting bindings (bench/dashboard-entry.ts): what it cost, not its page. */
async function countedVisit(appUrl: string, { path, cookie }: Visit): Promise<CountedVisit> {
  const response = await fetch(`${appUrl}${path}`, {
    headers: { ...BROWSER_HEADERS, Cookie: `${cookie}; tracking_consent=yes`, [COUNT_ROUND_TRIPS_HEADER]: "1" },
    redirect: "manual",
    signal: AbortSignal.timeout(FIRST_LOAD_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`counting GET ${path} answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
  return (await response.json()) as CountedVisit;
}

/**
 * Each visit is counted alone, its work after the response waited for: the visit analytics are
 * kept for the whole isolate, so a visit in flight beside it would have its writes counted elsewhere.
 */
async function measureRoundTrips(appUrl: string) {
  const [light, heavy, admin] = await Promise.all([
    signIn(appUrl),
    signIn(appUrl, { email: HEAVY_USER.email, password: BENCH_PASSWORD }),
    signIn(appUrl, { email: LOCAL_STAFF[0].email, password: LOCAL_STAFF[0].password }),
  ]);
  const dashboardVisits: Visit[] = [
    { label: `${REQUESTS_PER_USER} requests`, path: "/dashboard", cookie: light },
    { label: `${HEAVY_USER.requests} requests`, path: "/dashboard", cookie: heavy },
    { label: `${HEAVY_USER.requests} requests, one open`, path: `/dashboard?request=${HEAVY_OPEN_REQUEST_ID}`, cookie: heavy },
  ];
  const staffVisits: Visit[] = (await staffPaths(appUrl, admin)).map(({ label, path }) => ({
    label: `staff: ${label}`,
    path,
    cookie: admin,
  }));
  // The first request of an isolate pays for setting its modules up: kept out of the figures.
  await countedVisit(appUrl, dashboardVisits[0]!);
  const visits: Array<CountedVisit & Visit> = [];
  for (const visit of [...dashboardVisits, ...staffVisits]) visits.push({ ...visit, ...(await countedVisit(appUrl, visit)) });

  const rows: string[][] = [];
  const verdicts: string[] = [];
  for (const measured of visits) {
    const during = measured.roundTrips.filter((trip) => !trip.afterResponse);
    const after = measured.roundTrips.filter((trip) => trip.afterResponse);
    const kv = during.filter((trip) => trip.binding === "KV");
    const kvReads = kv.filter((trip) => trip.call === "get" || trip.call === "getWithMetadata").length;
    const d1 = during.filter((trip) => trip.binding === "D1");
    rows.push([
      `GET ${measured.path}, ${measured.label}`,
      `${measured.status}, ${measured.cards} cards`,
      String(kvReads) + (kv.length > kvReads ? ` (+${kv.length - kvReads} other)` : ""),
      String(d1.length),
      d1.map((trip) => describeD1(trip.call)).join(" + "),
      after.length ? after.map((trip) => `${trip.binding} ${describeD1(trip.call)}`).join(" + ") : "none",
    ]);
    if (measured.label.startsWith("staff:")) continue;
    const ok = measured.status === 200 && kvReads <= BUDGET_KV_READS && kv.length === kvReads && d1.length <= BUDGET_D1_ROUND_TRIPS;
    verdicts.push(`${measured.label}: ${ok ? "within budget" : "OVER budget"}`);
  }
  printTable(["case", "answer", "KV reads", "D1 round trips", "D1 calls", "after the response (waitUntil)"], rows);
  console.log(
    `Budget, ${BUDGET_KV_READS} KV read + <= ${BUDGET_D1_ROUND_TRIPS} D1 round trips (a db.batch is one) before the response: ${verdicts.join("; ") || "nothing measured"}`,
  );
  console.log(
    "Staff pages (the admin, over the same database): counted for reference; none depends on the number of rows, " +
      "the overview reads running totals (decision 0032).",
  );
}

/** `raw: select "id", ...` → "1 select (raw)"; batches stay as they are. */
function describeD1(call: string): string {
  const match = call.match(/^(first|all|run|raw): (\w+)/);
  return match ? `1 ${match[2]!.toLowerCase()} (${match[1]})` : call;
}

// ---------------------------------------------------------------------------------------------
// 4. Latency at scale

/** Signs in on each stack, checks the pages, then loads them in turn. */
async function measureLatency(running: Array<{ database: Database; stack: LocalStack }>): Promise<string> {
  const targets: Target[] = [];
  let smallHtml = "";
  for (const { database, stack } of running) {
    if (database.serves === "staff") continue;
    const cookie = `${await signIn(stack.appUrl)}; tracking_consent=yes`;
    for (const path of ["/dashboard", `/dashboard?request=${OPEN_REQUEST_ID}`]) {
      const url = `${stack.appUrl}${path}`;
      const started = performance.now();
      const page = await fetchPage(url, cookie, FIRST_LOAD_TIMEOUT_MS);
      console.log(`First load of GET ${path}, ${database.label}: ${(performance.now() - started).toFixed(0)} ms`);
      const cards = (page.text.match(/<li id="request-/g) ?? []).length;
      if (page.status !== 200) throw new Error(`GET ${path} on the ${database.label} database answered ${page.status}`);
      if (cards !== REQUESTS_PER_USER)
        throw new Error(`GET ${path} on the ${database.label} database shows ${cards} requests, not ${REQUESTS_PER_USER}`);
      // The smallest database's dashboard (the first), for the JavaScript measurement.
      if (path === "/dashboard" && !smallHtml) smallHtml = page.text;
      targets.push({
        label: `GET ${path}, ${database.label}`,
        page: path,
        database,
        open: path !== "/dashboard",
        url,
        htmlBytes: Buffer.byteLength(page.text),
        cookie,
        latencies: [],
        requests: 0,
        errors: 0,
        elapsedMs: 0,
      });
    }
  }

  for (const { database, stack } of running)
    if (database.serves !== "dashboard") targets.push(...(await staffTargets(database, stack.appUrl)));

  for (const target of targets)
    await load(
      { ...target, latencies: [], requests: 0, errors: 0, elapsedMs: 0 },
      { durationMs: WARMUP_MS, concurrency: CONCURRENCY, timeoutMs: REQUEST_TIMEOUT_MS },
    );
  console.log(`Load: ${ROUNDS} rounds x ${ROUND_MS / 1000} s per target, alternating, concurrency ${CONCURRENCY}, 127.0.0.1 only`);
  const loadBefore = loadavg()[0]!;
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of round % 2 === 0 ? targets : [...targets].reverse())
      await load(target, { durationMs: ROUND_MS, concurrency: CONCURRENCY, timeoutMs: REQUEST_TIMEOUT_MS });
  }
  console.log(
    `Machine load average (1 min) before / after the load: ${loadBefore.toFixed(1)} / ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
  );
  printLatency(targets);
  return smallHtml;
}

/** The staff pages measured, each with its label: the print batch is the work queue's first group. */
async function staffPaths(appUrl: string, cookie: string): Promise<Array<{ label: string; path: string }>> {
  const queue = await fetchPage(`${appUrl}/admin/queue`, cookie, FIRST_LOAD_TIMEOUT_MS).catch(() => ({ status: 0, text: "" }));
  const group = queue.text.match(/href="\/admin\/queue\/print\?group=([^"]+)"/)?.[1]?.replaceAll("&amp;", "&");
  if (!group) console.log(`No print batch at ${appUrl}: the work queue lists no group to print.`);
  return [
    { label: "overview", path: "/admin" },
    { label: "work queue", path: "/admin/queue" },
    ...(group ? [{ label: "print batch (first group)", path: `/admin/queue/print?group=${group}` }] : []),
    { label: "users list", path: "/admin/users" },
    { label: "users search", path: "/admin/users?q=user12" },
    { label: "jobs", path: "/admin/jobs" },
    { label: "audit trail", path: "/admin/audit" },
  ];
}

/** The staff pages as the local admin, each checked once before it is loaded. */
async function staffTargets(database: Database, appUrl: string): Promise<Target[]> {
  const admin = LOCAL_STAFF[0];
  const cookie = await signIn(appUrl, { email: admin.email, password: admin.password });
  const targets: Target[] = [];
  const firstLoads: string[] = [];
  for (const { path } of await staffPaths(appUrl, cookie)) {
    const started = performance.now();
    const page = await fetchPage(`${appUrl}${path}`, cookie, FIRST_LOAD_TIMEOUT_MS).catch((error: unknown) => ({
      status: 0,
      text: error instanceof Error ? error.message : String(error),
    }));
    firstLoads.push(`${path} ${(performance.now() - started).toFixed(0)} ms`);
    if (page.status !== 200) {
      // A page that cannot answer in time is a missed budget, not a reason to stop the bench.
      console.log(`GET ${path} on the ${database.label} database: ${page.status || page.text}; not loaded, budget MISSED.`);
      continue;
    }
    const label = path.startsWith("/admin/queue/print") ? "/admin/queue/print (first group)" : path;
    targets.push({
      label: `GET ${label}, ${database.label}`,
      page: label,
      database,
      open: false,
      url: `${appUrl}${path}`,
      htmlBytes: Buffer.byteLength(page.text),
      cookie,
      latencies: [],
      requests: 0,
      errors: 0,
      elapsedMs: 0,
    });
  }
  console.log(`First load of each staff page, ${database.label}: ${firstLoads.join(", ")}`);
  return targets;
}

function printLatency(targets: Target[]) {
  const stats = targets.map((target) => {
    const sorted = [...target.latencies].sort((a, b) => a - b);
    return { target, rps: (target.requests / target.elapsedMs) * 1000, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
  });
  printTable(
    ["target", "requests", "errors", "req/s", "median ms", "p95 ms"],
    stats.map(({ target, rps, p50, p95 }) => [
      target.label,
      String(target.requests),
      String(target.errors),
      rps.toFixed(0),
      p50.toFixed(1),
      p95.toFixed(1),
    ]),
  );
  const pages = [...new Set(targets.map((target) => target.page))];
  const rows: string[][] = [];
  for (const page of pages) {
    const many = stats.find(({ target }) => target.page === page && target.database.serves === "both");
    // At smoke size the one database stands on both sides: the figures mean nothing, the code runs.
    const one = stats.find(({ target }) => target.page === page && target.database.serves !== "both") ?? (SMOKE ? many : undefined);
    if (!one || !many) continue;
    const within = many.p50 <= one.p50 * BUDGET_LATENCY_RATIO && many.p95 <= one.p95 * BUDGET_LATENCY_RATIO;
    const budgeted = page !== `/dashboard?request=${OPEN_REQUEST_ID}`;
    rows.push([
      `GET ${page} (small: ${one.target.database.label})`,
      `${one.p50.toFixed(1)} / ${one.p95.toFixed(1)}`,
      `${many.p50.toFixed(1)} / ${many.p95.toFixed(1)}`,
      `${(one.target.htmlBytes / 1024).toFixed(1)} / ${(many.target.htmlBytes / 1024).toFixed(1)}`,
      ratio(many.p50, one.p50),
      ratio(many.p95, one.p95),
      `${within ? "holds" : "MISSED"}${budgeted ? "" : " (reference)"}`,
    ]);
  }
  console.log(
    `\nSide by side, ${BIG_USERS.toLocaleString("en-US")} users vs a small database: 1 user for the dashboard, ` +
      `${STAFF_SMALL_USERS.toLocaleString("en-US")} for the staff pages (budget <= ${BUDGET_LATENCY_RATIO}x on median and p95):`,
  );
  printTable(["page", "small median / p95 ms", "big median / p95 ms", "HTML KB small / big", "median ratio", "p95 ratio", "budget"], rows);
}

async function countRows(persistDir: string): Promise<Record<string, number>> {
  const { output } = await mustRun(bin("wrangler"), [
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    persistDir,
    "--json",
    "--command",
    COUNT_SQL,
  ]);
  const json = output.slice(output.indexOf("["), output.lastIndexOf("]") + 1);
  const [first] = JSON.parse(json) as Array<{ results: Array<Record<string, number>> }>;
  const counts = first?.results[0];
  if (!counts) throw new Error(`no row counts in:\n${output}`);
  return counts;
}

// D1's limit on one database (developers.cloudflare.com/d1/platform/limits/, Workers Paid).
const D1_MAX_DATABASE_BYTES = 10 * 1000 ** 3;

/**
 * Bytes per user in the big database, rows and indexes apart, and what that makes of D1's limit.
 * D1 does not offer SQLite's dbstat table, so the local database file is read directly, read-only,
 * by Python's sqlite3 (Debian's build has dbstat); without it, only the file's size is reported.
 */
async function measureSize(database: Database) {
  const root = join(database.persistDir, "v3", "d1");
  const files = (await readdir(root, { recursive: true })).filter((name) => name.endsWith(".sqlite"));
  const sized = await Promise.all(files.map(async (name) => ({ path: join(root, name), bytes: (await stat(join(root, name))).size })));
  const file = sized.sort((a, b) => b.bytes - a.bytes)[0];
  if (!file) throw new Error(`no SQLite file under ${root}`);
  const users = database.counts.users ?? 1;
  const script = [
    "import json, sqlite3, sys",
    "c = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True)",
    `print(json.dumps(c.execute(${JSON.stringify(SIZE_SQL)}).fetchall()))`,
  ].join("\n");
  const { code, output } = await run("python3", ["-c", script, file.path]);
  if (code !== 0) {
    console.log(`dbstat not available (${output.trim().split("\n").at(-1)}); the file alone: ${mb(file.bytes)} MB.`);
    reportUsersPerDatabase(file.bytes, null, users);
    return;
  }
  const objects = (JSON.parse(output) as Array<[string, string | null, string | null, number]>).map(([name, type, tableName, bytes]) => ({
    name,
    type,
    tableName,
    bytes,
  }));
  const byTable = new Map<string, { rows: number; indexes: number }>();
  for (const object of objects) {
    // Automatic indexes (primary keys, UNIQUE) have no row in sqlite_master: named sqlite_autoindex_<table>_<n>.
    const table = object.tableName ?? object.name.replace(/^sqlite_autoindex_(.+)_\d+$/, "$1");
    const entry = byTable.get(table) ?? { rows: 0, indexes: 0 };
    if (object.type === "table" && object.name === table) entry.rows += object.bytes;
    else entry.indexes += object.bytes;
    byTable.set(table, entry);
  }
  const sorted = [...byTable].sort((a, b) => b[1].rows + b[1].indexes - (a[1].rows + a[1].indexes));
  const total = sorted.reduce((sum, [, entry]) => sum + entry.rows + entry.indexes, 0);
  const rowsTotal = sorted.reduce((sum, [, entry]) => sum + entry.rows, 0);
  printTable(
    ["table", "rows MB", "indexes MB", "bytes per user"],
    [
      ...sorted
        .filter(([, entry]) => entry.rows + entry.indexes >= 64 * 1024)
        .map(([table, entry]) => [table, mb(entry.rows), mb(entry.indexes), ((entry.rows + entry.indexes) / users).toFixed(0)]),
      ["total", mb(rowsTotal), mb(total - rowsTotal), (total / users).toFixed(0)],
    ],
  );
  reportUsersPerDatabase(total, rowsTotal, users);
}

function reportUsersPerDatabase(total: number, rowsTotal: number | null, users: number) {
  const perUser = total / users;
  const split = rowsTotal === null ? "" : ` (${(rowsTotal / users).toFixed(0)} rows + ${((total - rowsTotal) / users).toFixed(0)} indexes)`;
  console.log(
    `${number(users)} users take ${mb(total)} MB: ${perUser.toFixed(0)} bytes per user${split}, with ${REQUESTS_PER_USER} requests each. ` +
      `One D1 database (${D1_MAX_DATABASE_BYTES / 1000 ** 3} GB) holds about ${number(Math.floor(D1_MAX_DATABASE_BYTES / perUser))} such users; ` +
      `kept under 80% full (room for growth and migrations), ${number(Math.floor((D1_MAX_DATABASE_BYTES * 0.8) / perUser))}.`,
  );
}

function mb(value: number): string {
  return (value / 1024 / 1024).toFixed(1);
}

/** Signs the bench user in through /signin as a browser's form post; answers the session cookie. */
async function signIn(
  appUrl: string,
  who: { email: string; password: string } = { email: BENCH_USER.email, password: BENCH_PASSWORD },
): Promise<string> {
  const response = await fetch(`${appUrl}/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { ...BROWSER_HEADERS, "Content-Type": "application/x-www-form-urlencoded", Origin: appUrl, "Sec-Fetch-Site": "same-origin" },
    body: new URLSearchParams(who),
    signal: AbortSignal.timeout(FIRST_LOAD_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  const session = response.headers.getSetCookie().find((header) => header.startsWith("__session="));
  if (response.status !== 303 || !session) throw new Error(`signing in at ${appUrl} answered ${response.status} without a session`);
  return session.split(";")[0]!;
}

async function fetchPage(url: string, cookie: string, timeoutMs = REQUEST_TIMEOUT_MS) {
  const response = await fetch(url, {
    headers: { ...BROWSER_HEADERS, Cookie: cookie },
    redirect: "manual",
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, text: await response.text() };
}

// ---------------------------------------------------------------------------------------------
// 3. JavaScript

async function measureJavaScript(dashboardHtml: string | null) {
  if (dashboardHtml && !/rel="modulepreload"/.test(dashboardHtml)) return measurePageScripts(dashboardHtml);
  console.log("Building the client once more with hidden source maps, in a temporary copy...");
  const mappedClient = await buildClientWithSourceMaps(REPO_ROOT, cleanups);
  const modules = pageModules(await readRemixManifest(mappedClient), ["root", "routes/dashboard"]);
  const chunks: ChunkWeight[] = [];
  for (const url of modules) chunks.push(await weighChunk(mappedClient, url));

  const kb = (value: number) => (value / 1024).toFixed(1);
  const totals = Object.fromEntries(
    CATEGORIES.map((category) => [category, chunks.reduce((sum, chunk) => sum + chunk.gzipBy[category], 0)]),
  );
  printTable(
    ["file", "raw", "gzip -9", "framework", "app/", "other pkgs", "sources besides the framework"],
    [
      ...chunks.map((chunk) => [
        chunk.file,
        kb(chunk.raw),
        kb(chunk.gzip),
        kb(chunk.gzipBy.framework),
        kb(chunk.gzipBy.app),
        kb(chunk.gzipBy.other),
        [...chunk.sources.app, ...chunk.sources.other].map((source) => source.replace(/^app\//, "")).join(", ") || "-",
      ]),
      [
        "total (KB)",
        kb(chunks.reduce((sum, chunk) => sum + chunk.raw, 0)),
        kb(chunks.reduce((sum, chunk) => sum + chunk.gzip, 0)),
        kb(totals.framework!),
        kb(totals.app!),
        kb(totals.other!),
        "",
      ],
    ],
  );
  const appCode = totals.app! + totals.other!;
  console.log(
    `Framework runtime (react, react-dom, @remix-run/*, react-router, turbo-stream, Vite helpers): ${bytes(totals.framework!)} gzipped`,
  );
  console.log(
    `Budget, app's own code <= ${bytes(BUDGET_APP_JS_GZIP)} gzipped (app/ ${bytes(totals.app!)} + other packages ${bytes(totals.other!)}): ` +
      `${appCode <= BUDGET_APP_JS_GZIP ? "within budget" : "OVER budget"} (${bytes(appCode)})`,
  );
  await compareWithPage(modules, mappedClient, dashboardHtml);
}

/**
 * A dashboard without the framework's runtime (decision 0034): its script files, as GET /dashboard
 * names them, all counted as the app's own code.
 */
async function measurePageScripts(html: string) {
  console.log("GET /dashboard loads no framework runtime (no modulepreload): its own script files only.");
  const urls = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
  const rows: string[][] = [];
  let total = 0;
  for (const url of urls) {
    const file = await readFile(join(REPO_ROOT, "build", "client", new URL(url, "http://x").pathname)).catch(() => null);
    const gzip = file ? gzipSize(file) : 0;
    total += gzip;
    rows.push([url, file ? bytes(file.length) : "missing in build/client", bytes(gzip)]);
  }
  printTable(["file", "raw", "gzip -9"], rows.length ? rows : [["(none)", "-", "-"]]);
  console.log(
    `Framework runtime: none. Budget, app's own code <= ${bytes(BUDGET_APP_JS_GZIP)} gzipped: ` +
      `${total <= BUDGET_APP_JS_GZIP ? "within budget" : "OVER budget"} (${bytes(total)})`,
  );
}

/** The manifest's list against what the page really preloads, and the source-mapped build against build/client. */
async function compareWithPage(modules: string[], mappedClient: string, html: string | null) {
  const names = (urls: Iterable<string>) => new Set([...urls].map((url) => url.replace(/^.*\/assets\//, "")));
  const identical: string[] = [];
  const differing: string[] = [];
  for (const url of modules) {
    const [served, mapped] = await Promise.all([
      readFile(join(REPO_ROOT, "build", "client", url)).catch(() => null),
      readFile(join(mappedClient, url)),
    ]);
    (served?.equals(mapped) ? identical : differing).push(url.replace(/^\/assets\//, ""));
  }
  console.log(
    differing.length === 0
      ? `The source-mapped build is byte-identical to build/client for these ${identical.length} files.`
      : `build/client differs from the source-mapped build for ${differing.join(", ")} (sources changed between the builds?): figures are for the current sources.`,
  );
  if (!html) {
    console.log("No GET /dashboard page to compare with (part 2 did not run).");
    return;
  }
  const preloaded = names([...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)].map((match) => match[1]!));
  const expected = names(modules);
  const missing = [...expected].filter((name) => !preloaded.has(name));
  const extra = [...preloaded].filter((name) => !expected.has(name));
  console.log(
    missing.length === 0 && extra.length === 0
      ? `GET /dashboard (served from build/client) preloads exactly these ${preloaded.size} files.`
      : `GET /dashboard preloads differ from the manifest: missing ${missing.join(", ") || "none"}, extra ${extra.join(", ") || "none"}.`,
  );
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "").join("");
  console.log(
    `Not counted above: the HTML's inline scripts (partial route manifest, loader data for ${REQUESTS_PER_USER} requests), ` +
      `${bytes(gzipSize(inline))} gzipped of the ${bytes(gzipSize(html))} document.`,
  );
}

// ---------------------------------------------------------------------------------------------
// Helpers

async function temporaryDir(prefix: string) {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function bin(name: string): string {
  return join(REPO_ROOT, "node_modules", ".bin", name);
}

/**
 * A child in its own process group (so that stopping it stops what it started, workerd included),
 * output kept; stopped after CHILD_TIMEOUT_MS so that a stuck child cannot hang the bench.
 */
function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolvePromise, reject) => {
    let output = "";
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, ...CHILD_ENV },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    children.add(child);
    const timer = setTimeout(() => {
      output += `\n(stopped after ${seconds(CHILD_TIMEOUT_MS)})`;
      signalGroup(child, "SIGKILL");
    }, CHILD_TIMEOUT_MS);
    const keep = (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-200_000));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.once("error", (error) => {
      clearTimeout(timer);
      children.delete(child);
      reject(error);
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      children.delete(child);
      resolvePromise({ code, output });
    });
  });
}

async function mustRun(command: string, args: string[]) {
  const result = await run(command, args);
  if (result.code !== 0)
    throw new Error(
      `\`${[command.replace(`${REPO_ROOT}/`, ""), ...args].join(" ")}\` failed (exit ${result.code}):\n${result.output.slice(-3000)}`,
    );
  return result;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function stopChildren() {
  for (const child of children) signalGroup(child, "SIGTERM");
}

function ratio(value: number, base: number): string {
  return `${(value / base).toFixed(2)}x`;
}

function number(value: number | undefined): string {
  return value === undefined ? "?" : value.toLocaleString("en-US");
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function bytes(count: number): string {
  const rounded = Math.round(count);
  return rounded >= 1024 ? `${(rounded / 1024).toFixed(1)} KB (${rounded} B)` : `${rounded} B`;
}

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 || column === header.length - 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ")
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

async function cleanUp() {
  stopChildren();
  for (const stack of stacks) await stack.stop().catch(() => {});
  stacks.clear();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
}

await runBench("dashboard", main, cleanUp);
