// npm run bench: how heavy the home page is, and how its throughput compares with a static file of
// exactly the same bytes served by the same workerd, in one run. Prints figures; never fails.
//
// Budgets: the home page's HTML with its inlined CSS fits in 14 KB gzipped (the first round trip
// of a new TCP connection), it loads no JavaScript; answered from the public page cache (decision
// 0035) it keeps at least 90% of the throughput of serving the same bytes as a static asset, and
// rendered for every request (a query string skips the cache) at least 50%.
//
// Requests look like a browser's (Chrome's Accept, Accept-Encoding and User-Agent), with no Do Not
// Track or Global Privacy Control header: the home loader then records the visit after the
// response (ctx.waitUntil; visits are written to D1 in batches about a second apart), exactly the
// work a real visitor causes. A header that skipped the analytics would make the page look cheaper.
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type LocalStack, REPO_ROOT, seededStack, startLocalStack } from "../test/support/local-stack";
import { freePort } from "../test/support/ports";
import { BROWSER_HEADERS, load, percentile, printTable } from "./load";
import { runBench } from "./run-bench";
import { sized, SMOKE_STACK } from "./smoke";

// Smoke size: one short round of each target at low concurrency (bench/smoke.ts).
const CONCURRENCY = sized(16, 2);
const ROUNDS = sized(5, 1);
const ROUND_MS = sized(3_000, 300);
const WARMUP_MS = sized(1_000, 100);
const REQUEST_TIMEOUT_MS = 10_000;
const BUDGET_GZIP_BYTES = 14 * 1024;
const BUDGET_CACHED_RATIO = 0.9;
const BUDGET_RENDERED_RATIO = 0.5;
/** Any query string makes the Worker render the page instead of answering from the cache. */
const RENDERED_QUERY = "?from=bench";
const STATIC_FILE = "bench-home-static.html";
/** How long wrangler dev may take to serve a file added to its assets (about 0.6 s here). */
const STATIC_FILE_WAIT_MS = 15_000;

type Target = { label: string; url: string; latencies: number[]; requests: number; errors: number; elapsedMs: number };

const cleanups: Array<() => Promise<unknown>> = [];
let stack: LocalStack | undefined;

async function main() {
  const persistDir = await mkdtemp(join(tmpdir(), "quiet-mailbox-bench-"));
  cleanups.push(() => rm(persistDir, { recursive: true, force: true }));
  const appPort = await freePort();
  const standInsPort = await freePort();
  const stackOptions = { wranglerArgs: ["--log-level", "warn"], readsImages: false, ...seededStack(), ...SMOKE_STACK };

  // The stack serves a copy of build/client, so that the page's own bytes can be added to it below.
  const assetsDir = await mkdtemp(join(tmpdir(), "quiet-mailbox-bench-assets-"));
  cleanups.push(() => rm(assetsDir, { recursive: true, force: true }));
  await cp(join(REPO_ROOT, "build", "client"), assetsDir, { recursive: true });

  // 1. The home page as a browser gets it.
  console.log("Starting the local stack (a copy of build/client as its assets)...");
  stack = await startLocalStack({ appPort, standInsPort, persistDir, assetsDir, ...stackOptions });
  const home = await get(`${stack.appUrl}/`);
  if (home.status !== 200) throw new Error(`GET / answered ${home.status}`);

  const html = home.body;
  const htmlText = html.toString("utf8");
  const css = [...htmlText.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1] ?? "").join("");
  const scriptFiles = (htmlText.match(/<script\b[^>]*\bsrc\s*=/gi) ?? []).length;
  const modulePreloads = (htmlText.match(/<link\b[^>]*\brel\s*=\s*["']?modulepreload/gi) ?? []).length;
  const htmlGzip = gzipSync(html, { level: 9 }).length;
  const cssBytes = Buffer.byteLength(css);
  const cssGzip = gzipSync(Buffer.from(css), { level: 9 }).length;

  console.log("\nHome page weight (GET /)");
  printTable(
    ["", "raw", "gzip -9"],
    [
      ["HTML, inlined CSS included", bytes(html.length), bytes(htmlGzip)],
      ["  of which inlined CSS", bytes(cssBytes), bytes(cssGzip)],
    ],
  );
  console.log(
    `JavaScript files loaded: ${scriptFiles + modulePreloads} (${scriptFiles} <script src>, ${modulePreloads} <link rel=modulepreload>)`,
  );
  console.log(
    `Budget, HTML+CSS <= ${bytes(BUDGET_GZIP_BYTES)} gzipped: ${htmlGzip <= BUDGET_GZIP_BYTES ? "within budget" : "OVER budget"} (${bytes(htmlGzip)})`,
  );

  // 2. The same bytes as a static asset, served by the same workerd as the page: wrangler dev
  // watches its assets directory and serves a file added there without a restart.
  await writeFile(join(assetsDir, STATIC_FILE), html);
  console.log(`\nAdded ${STATIC_FILE} (the page's bytes) to the stack's assets...`);
  const staticUrl = await servedStaticUrl(`${stack.appUrl}/${STATIC_FILE}`);
  const homeUrl = `${stack.appUrl}/`;
  const renderedUrl = homeUrl + RENDERED_QUERY;
  const [homeAgain, rendered, staticCopy] = await Promise.all([get(homeUrl), get(renderedUrl), get(staticUrl)]);
  const identical = homeAgain.body.equals(staticCopy.body);
  console.log(
    `Static copy at ${new URL(staticUrl).pathname}: ${staticCopy.status}, ${identical ? "byte-identical to GET /" : "DIFFERS from GET / now (the page changed between requests)"}; ` +
      `Content-Encoding home=${homeAgain.encoding || "none"}, static=${staticCopy.encoding || "none"}`,
  );
  console.log(
    `Cache-Status: GET / "${homeAgain.cacheStatus || "none"}", GET /${RENDERED_QUERY} "${rendered.cacheStatus || "none (rendered)"}"`,
  );

  // 3. Throughput and latency, interleaved so drift (CPU heat, GC, the other cores' load) hits both.
  const targets: Target[] = [
    { label: "GET / (page cache)", url: homeUrl, latencies: [], requests: 0, errors: 0, elapsedMs: 0 },
    { label: `GET /${RENDERED_QUERY} (Remix SSR)`, url: renderedUrl, latencies: [], requests: 0, errors: 0, elapsedMs: 0 },
    { label: `GET /${new URL(staticUrl).pathname.slice(1)} (static)`, url: staticUrl, latencies: [], requests: 0, errors: 0, elapsedMs: 0 },
  ];
  for (const target of targets)
    await load(
      { ...target, latencies: [], requests: 0, errors: 0, elapsedMs: 0 },
      { durationMs: WARMUP_MS, concurrency: CONCURRENCY, timeoutMs: REQUEST_TIMEOUT_MS },
    );
  console.log(`\nLoad: ${ROUNDS} rounds x ${ROUND_MS / 1000} s per target, alternating, concurrency ${CONCURRENCY}, 127.0.0.1 only`);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) await load(target, { durationMs: ROUND_MS, concurrency: CONCURRENCY, timeoutMs: REQUEST_TIMEOUT_MS });
  }

  const rows = targets.map((target) => {
    const sorted = [...target.latencies].sort((a, b) => a - b);
    return {
      target,
      rps: (target.requests / target.elapsedMs) * 1000,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
    };
  });
  printTable(
    ["target", "requests", "errors", "req/s", "p50 ms", "p99 ms"],
    rows.map(({ target, rps, p50, p99 }) => [
      target.label,
      String(target.requests),
      String(target.errors),
      rps.toFixed(0),
      p50.toFixed(1),
      p99.toFixed(1),
    ]),
  );
  const [cachedRow, renderedRow, staticRow] = rows;
  if (cachedRow && renderedRow && staticRow && staticRow.rps > 0) {
    for (const [row, budget] of [
      [cachedRow, BUDGET_CACHED_RATIO],
      [renderedRow, BUDGET_RENDERED_RATIO],
    ] as const) {
      const ratio = row.rps / staticRow.rps;
      console.log(
        `Throughput ${row.target.label} / static: ${(ratio * 100).toFixed(0)}% (budget >= ${budget * 100}%: ${ratio >= budget ? "holds" : "MISSED"})`,
      );
    }
    console.log(`Page cache vs rendering: ${(cachedRow.rps / renderedRow.rps).toFixed(2)}x the throughput`);
  }
}

async function get(url: string) {
  const response = await fetch(url, { headers: BROWSER_HEADERS, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  return {
    status: response.status,
    encoding: response.headers.get("content-encoding") ?? "",
    cacheStatus: response.headers.get("cache-status") ?? "",
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** Assets may answer `/x.html` with a redirect to `/x` (html_handling); bench the final URL. */
/** Where the static copy is served (the asset handler drops ".html"), once the stack serves it. */
async function servedStaticUrl(url: string): Promise<string> {
  const deadline = performance.now() + STATIC_FILE_WAIT_MS;
  for (;;) {
    const response = await fetch(url, { headers: BROWSER_HEADERS, redirect: "manual", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    await response.arrayBuffer();
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) return new URL(location, url).toString();
    if (response.ok) return url;
    if (performance.now() > deadline)
      throw new Error(`${url} still answers ${response.status} ${STATIC_FILE_WAIT_MS / 1000} s after the file was added`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function bytes(count: number): string {
  return count >= 1024 ? `${(count / 1024).toFixed(1)} KB (${count} B)` : `${count} B`;
}

async function cleanUp() {
  await stack?.stop().catch(() => {});
  stack = undefined;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
}

await runBench("home", main, cleanUp);
