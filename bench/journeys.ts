// npm run bench (also `npm run bench:journeys` alone): two journeys timed in Chromium on a slow
// phone's profile, with JavaScript on and off, cold and warm. Prints figures; never fails.
//
// Profile, set through the DevTools protocol on the journey's page: 150 ms round trip, 1.6 Mbps
// down, 750 kbps up (Network.emulateNetworkConditions), CPU slowed 4x
// (Emulation.setCPUThrottlingRate).
//
// Journeys:
// - signup: GET / -> click "Get started" -> step 1 filled and sent -> step 2 filled and sent ->
//   the dashboard.
// - sign in, add, letter: GET /signin -> the form sent -> the dashboard -> click "Add a request" ->
//   the sender typed and sent -> the dashboard with the new request's letter open. Each run signs
//   in as a user made beforehand in another context, unthrottled and uncounted, so every run adds
//   its request to a fresh account (the free allowance never runs out).
//
// The clock starts when the first page is asked for and stops when the last page's key content is
// visible (the dashboard's "Your requests" heading; the letter's <pre>) and the document's load
// event has fired. A page reached by a client-side navigation keeps the load event of the document
// it replaced, so the same rule holds in every mode. On the pages before the last, the visitor
// types and clicks as soon as the page's heading is visible, as a person would: a deferred script
// still on its way does not hold them up (they may act before it runs; the page works without it).
// JOURNEY_WAIT_FOR_LOAD=1 makes them wait for every page's load event as well: a page that
// hydrates with React needs that, or what was typed before hydration may be lost.
//
// Cold: a fresh browser context (empty cache, no connection open). Warm: the same context, at once
// after a cold run, the cookies cleared (signed out) and the journey run again with a new account.
// Bytes: the sum of Network.loadingFinished encodedDataLength (what came over the wire, headers
// included; a file from the cache counts 0), across every request of the journey; "fetches" counts
// the requests that brought any bytes.
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "playwright-core";
import { type LocalStack, seededStack, startLocalStack } from "../test/support/local-stack";
import { freePort } from "../test/support/ports";
import { LOOSE_ADDRESS } from "../test/support/fixtures";
import { signUpByPosts } from "../test/support/signup-posts";
import { runBench } from "./run-bench";
import { sized, SMOKE, SMOKE_STACK } from "./smoke";

const CHROMIUM_PATH = "/usr/bin/chromium";
// The same flags as the browser tests (test/e2e/browser.ts): no background traffic to Google.
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const PROFILE = sized(
  { latencyMs: 150, downloadBytesPerSecond: (1.6 * 1_000_000) / 8, uploadBytesPerSecond: (750 * 1_000) / 8, cpuSlowdown: 4 },
  { latencyMs: 0, downloadBytesPerSecond: 125_000_000, uploadBytesPerSecond: 125_000_000, cpuSlowdown: 1 },
);
// Smoke size: one run of each cell, unthrottled, with no unmeasured pass first (bench/smoke.ts).
const RUNS = sized(Number(process.env.JOURNEY_RUNS ?? 3), 1);
const WAIT_FOR_LOAD = process.env.JOURNEY_WAIT_FOR_LOAD === "1";
const STEP_TIMEOUT_MS = 60_000;
const PASSWORD = "journey-password-1";

type Mode = { js: boolean; label: "on" | "off" };
const MODES: Mode[] = [
  { js: true, label: "on" },
  { js: false, label: "off" },
];
type Sample = { seconds: number; bytes: number; requests: number };
type Journey = {
  name: string;
  /** Whatever must exist before the clock starts (an account to sign in to). */
  prepare: () => Promise<string | null>;
  run: (page: Page, prepared: string | null) => Promise<void>;
};

let stack: LocalStack | undefined;
let browser: Browser | undefined;
let appUrl = "";
let accounts = 0;

const newEmail = (what: string) => `journey.${what}.${Date.now()}.${++accounts}@quietmailbox.test`;

/** Key content visible (and with JOURNEY_WAIT_FOR_LOAD=1, the load event too). */
async function shown(page: Page, selector: string, text?: string) {
  await page
    .locator(selector, text ? { hasText: text } : {})
    .first()
    .waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
  if (WAIT_FOR_LOAD) await page.waitForLoadState("load", { timeout: STEP_TIMEOUT_MS });
}

/** The last page: key content visible, then the load event of the document showing it. */
async function arrived(page: Page, selector: string, text?: string) {
  await shown(page, selector, text);
  await page.waitForLoadState("load", { timeout: STEP_TIMEOUT_MS });
}

const field = (page: Page, name: string) => page.locator(`main form [name="${name}"]`);

/** From the home page's "Get started" to the dashboard. */
async function signUp(page: Page, email: string) {
  await page.goto(`${appUrl}/`, { waitUntil: "commit", timeout: STEP_TIMEOUT_MS });
  await shown(page, "main h1", "Stop junk mail");
  await page.locator("main").getByRole("link", { name: "Get started" }).first().click();
  await shown(page, "main h1", "Basic Information");
  for (const [name, value] of Object.entries(LOOSE_ADDRESS)) await field(page, name).fill(value);
  await page.getByRole("button", { name: "Continue" }).click();
  await shown(page, "main h1", "Create Account");
  await field(page, "email").fill(email);
  await field(page, "password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await arrived(page, "main h1", "Your requests");
}

const JOURNEYS: Journey[] = [
  {
    name: "signup",
    prepare: async () => null,
    run: (page) => signUp(page, newEmail("signup")),
  },
  {
    name: "sign in, add, letter",
    // The account is made with signup's two form posts: it is not what this journey measures.
    prepare: async () => {
      const email = newEmail("signin");
      await signUpByPosts(appUrl, { email, password: PASSWORD }, LOOSE_ADDRESS);
      return email;
    },
    run: async (page, email) => {
      await page.goto(`${appUrl}/signin`, { waitUntil: "commit", timeout: STEP_TIMEOUT_MS });
      await shown(page, "main h1", "Sign in");
      await field(page, "email").fill(email!);
      await field(page, "password").fill(PASSWORD);
      await page.locator("main form").getByRole("button", { name: "Sign in", exact: true }).click();
      await shown(page, "main h1", "Your requests");
      await page.locator("main").getByRole("link", { name: "Add a request" }).first().click();
      await shown(page, "main h1", "Add a request");
      await field(page, "senderName").fill("Garden Goods Catalog");
      await page.getByRole("button", { name: "Send request" }).click();
      await arrived(page, "main pre.letter");
    },
  },
];

/** The profile on this page, and a running count of the bytes its requests brought. */
async function throttle(page: Page): Promise<{ cdp: CDPSession; bytes: () => number; requests: () => number; reset: () => void }> {
  const cdp = await page.context().newCDPSession(page);
  let bytes = 0;
  let requests = 0;
  cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
    if (event.encodedDataLength > 0) requests += 1;
  });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: PROFILE.downloadBytesPerSecond,
    uploadThroughput: PROFILE.uploadBytesPerSecond,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PROFILE.cpuSlowdown });
  return {
    cdp,
    bytes: () => bytes,
    requests: () => requests,
    reset: () => {
      bytes = 0;
      requests = 0;
    },
  };
}

async function timed(journey: Journey, page: Page, meter: Awaited<ReturnType<typeof throttle>>): Promise<Sample> {
  const prepared = await journey.prepare();
  meter.reset();
  const started = performance.now();
  await journey.run(page, prepared);
  const seconds = (performance.now() - started) / 1000;
  // Responses still finishing (none expected) are counted in this run, not the next.
  await page.waitForTimeout(200);
  return { seconds, bytes: meter.bytes(), requests: meter.requests() };
}

/** One cold run in a fresh context, then a warm one in the same context. */
async function coldThenWarm(journey: Journey, mode: Mode): Promise<{ cold: Sample; warm: Sample }> {
  const context: BrowserContext = await browser!.newContext({ javaScriptEnabled: mode.js, viewport: { width: 412, height: 915 } });
  try {
    const page = await context.newPage();
    const meter = await throttle(page);
    const cold = await timed(journey, page, meter);
    await context.clearCookies();
    const warm = await timed(journey, page, meter);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function summary(samples: Sample[]) {
  return {
    seconds: median(samples.map((sample) => sample.seconds)),
    kb: median(samples.map((sample) => sample.bytes)) / 1024,
    requests: median(samples.map((sample) => sample.requests)),
  };
}

async function main() {
  const persistDir = await mkdtemp(join(tmpdir(), "quiet-mailbox-bench-journeys-"));
  try {
    console.log("Starting the local stack (build/client assets)...");
    stack = await startLocalStack({
      appPort: await freePort(),
      standInsPort: await freePort(),
      persistDir,
      readsImages: false,
      wranglerArgs: ["--log-level", "warn"],
      ...seededStack(),
      ...SMOKE_STACK,
    });
    appUrl = stack.appUrl;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

    // One unmeasured pass per journey: the Worker's modules and D1 are warm before the first sample.
    if (!SMOKE) for (const journey of JOURNEYS) await coldThenWarm(journey, MODES[0]!);

    console.log(
      `\nJourneys on ${PROFILE.latencyMs} ms RTT, ${(PROFILE.downloadBytesPerSecond * 8e-6).toFixed(1)} Mbps down, ` +
        `${(PROFILE.uploadBytesPerSecond * 8e-3).toFixed(0)} kbps up, CPU ${PROFILE.cpuSlowdown}x slower; median of ${RUNS} runs per cell`,
    );
    const rows: string[][] = [];
    const verdicts: string[] = [];
    for (const journey of JOURNEYS) {
      const samples = new Map<string, { cold: Sample[]; warm: Sample[] }>(MODES.map((mode) => [mode.label, { cold: [], warm: [] }]));
      for (let run = 0; run < RUNS; run++) {
        // Alternate which mode goes first, so drift on a shared machine hits both alike.
        for (const mode of run % 2 === 0 ? MODES : [...MODES].reverse()) {
          const { cold, warm } = await coldThenWarm(journey, mode);
          samples.get(mode.label)!.cold.push(cold);
          samples.get(mode.label)!.warm.push(warm);
        }
      }
      const figures = Object.fromEntries(
        MODES.map((mode) => {
          const { cold, warm } = samples.get(mode.label)!;
          return [mode.label, { cold: summary(cold), warm: summary(warm) }];
        }),
      );
      for (const mode of MODES) {
        const { cold, warm } = figures[mode.label]!;
        rows.push([
          journey.name,
          `JS ${mode.label}`,
          cold.seconds.toFixed(2),
          cold.kb.toFixed(0),
          String(cold.requests),
          warm.seconds.toFixed(2),
          warm.kb.toFixed(0),
          String(warm.requests),
        ]);
      }
      const on = figures.on!;
      const off = figures.off!;
      verdicts.push(
        `${journey.name}: JS on cold <= JS off cold: ${on.cold.seconds <= off.cold.seconds ? "holds" : "MISSED"} ` +
          `(${on.cold.seconds.toFixed(2)} s vs ${off.cold.seconds.toFixed(2)} s); ` +
          `JS on warm < JS off warm: ${on.warm.seconds < off.warm.seconds ? "holds" : "MISSED"} ` +
          `(${on.warm.seconds.toFixed(2)} s vs ${off.warm.seconds.toFixed(2)} s)`,
      );
    }
    // Other work on a shared machine slows the throttled CPU further: say how busy it was.
    console.log(`Load average at the end: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs`);
    printTable(["journey", "mode", "cold s", "cold KB", "cold fetches", "warm s", "warm KB", "warm fetches"], rows);
    for (const verdict of verdicts) console.log(verdict);
  } finally {
    await browser?.close().catch(() => {});
    await stack?.stop().catch(() => {});
    stack = undefined;
    await rm(persistDir, { recursive: true, force: true });
  }
}

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

await runBench("journeys", main, () => Promise.allSettled([browser?.close(), stack?.stop()]));
