// `wrangler dev` through wrangler's own API, with no inspector: what the local stack runs when asked
// for `inspector: false` (the queue bench, decision 0038). The CLI always starts an inspector proxy,
// which sends wrangler's process one HTTP request for every DevTools event of the Worker (each D1
// query, queue send and fetch makes a few) and keeps every event in memory while no DevTools is
// attached. Under a wave of signups that is hundreds of connections to wrangler at once and a
// runtime that only grows, neither of which is the product. Nor does it watch the Worker's files: a
// save would rebuild and restart the Worker, and a request then running (a bench's whole simulated
// day) would fail with "Your worker restarted mid-request".
//
// Usage: tsx test/support/wrangler-dev.ts '<JSON of WranglerDevOptions>'
import { resolve } from "node:path";

export type WranglerDevOptions = {
  configPath: string;
  /** A Worker entry other than wrangler.toml's `main`. */
  script?: string;
  hostname: string;
  port: number;
  persistTo: string;
  vars: Record<string, string>;
  assetsDir?: string;
  logLevel?: "debug" | "info" | "log" | "warn" | "error" | "none";
};

const options = JSON.parse(process.argv[2] ?? "{}") as WranglerDevOptions;
// wrangler's own messages follow WRANGLER_LOG, read when it is loaded.
process.env.WRANGLER_LOG = options.logLevel ?? "log";
const { unstable_startWorker } = await import("wrangler");

const worker = await unstable_startWorker({
  config: resolve(options.configPath),
  ...(options.script ? { entrypoint: resolve(options.script) } : {}),
  ...(options.assetsDir ? { assets: resolve(options.assetsDir) } : {}),
  bindings: Object.fromEntries(Object.entries(options.vars).map(([name, value]) => [name, { type: "plain_text", value }])),
  dev: {
    remote: false,
    inspector: false,
    server: { hostname: options.hostname, port: options.port },
    persist: resolve(options.persistTo),
    watch: false,
    // GET /__scheduled runs a cron by hand, as `wrangler dev --test-scheduled` allows.
    testScheduled: true,
    logLevel: options.logLevel ?? "log",
  },
});
await worker.ready;
console.log(`Ready on ${(await worker.url).href}`);

const stop = () => {
  void worker
    .dispose()
    .catch(() => {})
    .finally(() => process.exit(0));
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
