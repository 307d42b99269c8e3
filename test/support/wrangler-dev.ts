// `wrangler dev` through wrangler's own API, with no inspector: what the local stack runs when asked
// for `inspector: false` (the benches, decision 0038). The CLI always starts an inspector proxy,
// which sends wrangler's process one HTTP request for every DevTools event of the Worker (each D1
// query, queue send and fetch makes a few) and keeps every event in memory while no DevTools is
// attached. Under a wave of signups that is hundreds of connections to wrangler at once and a
// runtime that only grows, neither of which is the product. Nor does it watch the Worker's files: a
// save would rebuild and restart the Worker, and a request then running (a bench's whole simulated
// day) would fail with "Your worker restarted mid-request".
//
// Nor do requests go through wrangler's own proxy in front of the Worker (decision 0087). It keeps
// its connections to the Worker open between requests, and a request sent on one the Worker's side
// has closed is lost ("Network connection lost"): the proxy answers a POST with a 503 "Your worker
// restarted mid-request", and keeps a GET waiting until another request comes in. Here a small
// proxy of our own takes the stack's port and opens a new connection to the Worker for each request.
//
// Usage: tsx test/support/wrangler-dev.ts '<JSON of WranglerDevOptions>'
import { createServer, request as forward, type IncomingHttpHeaders, type Server } from "node:http";
import { resolve } from "node:path";
import { freePort } from "./ports";

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
const { unstable_DevEnv: DevEnv } = await import("wrangler");

/**
 * wrangler's development environment, noting where the Worker itself answers each time it is
 * (re)started; `started` settles the first time, which may be after wrangler's proxy is ready.
 */
class WorkerAddressNoted extends DevEnv {
  workerUrl: URL | undefined;
  private markStarted = () => {};
  readonly started = new Promise<void>((resolve) => (this.markStarted = resolve));
  override dispatch(event: Parameters<InstanceType<typeof DevEnv>["dispatch"]>[0]) {
    if (event.type === "reloadComplete") {
      const { protocol, hostname, port } = event.proxyData.userWorkerUrl;
      this.workerUrl = new URL(`${protocol}//${hostname}:${port}`);
      this.markStarted();
    }
    super.dispatch(event);
  }
}

const devEnv = new WorkerAddressNoted();
const worker = await devEnv.startWorker({
  config: resolve(options.configPath),
  ...(options.script ? { entrypoint: resolve(options.script) } : {}),
  ...(options.assetsDir ? { assets: resolve(options.assetsDir) } : {}),
  bindings: Object.fromEntries(Object.entries(options.vars).map(([name, value]) => [name, { type: "plain_text", value }])),
  dev: {
    remote: false,
    inspector: false,
    // wrangler's proxy listens where nothing is sent to it: the stack's port is ours (below).
    server: { hostname: options.hostname, port: await freePort() },
    persist: resolve(options.persistTo),
    watch: false,
    // GET /__scheduled runs a cron by hand, as `wrangler dev --test-scheduled` allows.
    testScheduled: true,
    logLevel: options.logLevel ?? "log",
  },
});
await worker.ready;
await devEnv.started;

/** Connection headers are the hop's own: each side of the proxy has its own connection. */
function endToEnd(headers: IncomingHttpHeaders) {
  const { connection: _connection, "keep-alive": _keepAlive, ...rest } = headers;
  return rest;
}

const proxy: Server = createServer((incoming, outgoing) => {
  const target = devEnv.workerUrl!;
  // `agent: false`: a connection of its own, closed after the answer, so none is ever reused.
  const upstream = forward(
    {
      hostname: target.hostname,
      port: target.port,
      method: incoming.method,
      path: incoming.url,
      headers: endToEnd(incoming.headers),
      agent: false,
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
      answer.pipe(outgoing);
    },
  );
  upstream.on("error", (error) => {
    if (!outgoing.headersSent) outgoing.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" });
    outgoing.end(`The Worker did not answer: ${error.message}`);
  });
  incoming.pipe(upstream);
});
await new Promise<void>((listening) => proxy.listen(options.port, options.hostname, listening));
console.log(`Ready on http://${options.hostname}:${options.port}`);

const stop = () => {
  proxy.close();
  void worker
    .dispose()
    .catch(() => {})
    .finally(() => process.exit(0));
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
