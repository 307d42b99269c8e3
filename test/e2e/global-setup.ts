// One local stack for the whole browser run: free ports, a fresh D1 in a temp dir, and the
// app's and stand-ins' URLs handed to the tests through vitest's provide/inject.
import { createWriteStream, mkdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { REPO_ROOT, seededStack, startLocalStack, TEST_QUEUE_BATCH_TIMEOUT_SECONDS } from "../support/local-stack";
import { freePort } from "../support/ports";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    standInsUrl: string;
    /** Where the stack's local D1 lives, for a test that writes rows no page can (`wrangler d1 execute --persist-to`). */
    persistDir: string;
  }
}

/** What wrangler and workerd printed (server-side errors included) during the last run. */
export const STACK_LOG = join(REPO_ROOT, "test-results", "e2e-local-stack.log");

export default async function setup(project: TestProject) {
  mkdirSync(join(REPO_ROOT, "test-results"), { recursive: true });
  const logFile = createWriteStream(STACK_LOG);
  const persistDir = await mkdtemp(join(tmpdir(), "quiet-mailbox-e2e-"));
  const started = Date.now();
  const stack = await startLocalStack({
    appPort: await freePort(),
    standInsPort: await freePort(),
    persistDir,
    // The D1 npm test seeded beside the static checks, when it did; else this stack seeds its own.
    ...seededStack(),
    queueBatchTimeoutSeconds: TEST_QUEUE_BATCH_TIMEOUT_SECONDS,
    // Without wrangler's inspector and its proxy, which can lose a request or leave a page's
    // navigation waiting for ever (test/support/wrangler-dev.ts, decision 0087).
    inspector: false,
    log: (line) => logFile.write(`${line}\n`),
  }).catch(async (error: unknown) => {
    logFile.end();
    await rm(persistDir, { recursive: true, force: true });
    throw error;
  });
  console.log(
    `e2e: app on ${stack.appUrl}, stand-ins on ${stack.standIns.url} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s; log: ${STACK_LOG})`,
  );
  project.provide("appUrl", stack.appUrl);
  project.provide("standInsUrl", stack.standIns.url);
  project.provide("persistDir", persistDir);

  return async () => {
    await stack.stop();
    await new Promise<void>((resolve) => logFile.end(() => resolve()));
    await rm(persistDir, { recursive: true, force: true });
  };
}
