// Our text reader (app/text-reader/main.ts) as its own Node process, as the container runs it in
// production: for `npm start`, the tests and the benchmarks. It loads its models once, when it starts.
import { spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO_ROOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

const STOP_SIGNALS: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/** How long close() gives the reader to stop on SIGTERM before it is killed. */
const STOP_GRACE_MS = 5_000;

export type TextReaderProcess = {
  url: string;
  close: () => Promise<void>;
};

/** Starts the reader on `port` and resolves once it answers its health check. */
export async function startTextReaderProcess({
  port,
  log = () => {},
  readyTimeoutMs = 60_000,
}: {
  port: number;
  log?: (line: string) => void;
  readyTimeoutMs?: number;
}): Promise<TextReaderProcess> {
  // Node itself with tsx's loader, not the tsx command: that one runs the program in a child of
  // its own, which a SIGKILL of the command would leave behind.
  const child = spawn(process.execPath, ["--import", "tsx", join(REPO_ROOT_DIR, "app/text-reader/main.ts"), String(port)], {
    cwd: REPO_ROOT_DIR,
    env: { ...process.env, HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      for (const line of chunk.split(/\r?\n/).filter(Boolean)) {
        output.push(line);
        log(line);
      }
    });
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // The reader goes with whatever started it: its end, or a Ctrl-C or kill that would otherwise end
  // it with no "exit" event and leave the reader running (its models hold about 1 GB).
  const killOnExit = () => child.kill("SIGKILL");
  const killOnSignal = (signal: NodeJS.Signals) => {
    killOnExit();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  process.once("exit", killOnExit);
  for (const signal of STOP_SIGNALS) process.once(signal, killOnSignal);
  const close = async () => {
    process.removeListener("exit", killOnExit);
    for (const signal of STOP_SIGNALS) process.removeListener(signal, killOnSignal);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    // A reader stuck in a read (or stopped) may never get to SIGTERM: a stack's stop must not wait on it.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, STOP_GRACE_MS)))]);
    clearTimeout(timer);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`The text reader exited before it answered:\n${output.join("\n")}`);
    const healthy = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return { url, close };
    if (Date.now() > deadline) {
      await close();
      throw new Error(`The text reader did not answer on ${url} within ${readyTimeoutMs / 1000} s:\n${output.join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
