// The browser tests' stacks run wrangler dev on a copy of wrangler.toml whose queue consumers take
// their batch at once: the copy must keep every binding, and find the app's files from elsewhere.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "smol-toml";
import { afterEach, beforeEach, expect, it } from "vitest";
import { readWranglerConfig, REPO_ROOT, writeConfigWithBatchTimeout, type WranglerConfig } from "../support/local-stack";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "local-stack-config-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it("copies wrangler.toml with each consumer's batch window changed, its paths absolute and production left out", async () => {
  const path = await writeConfigWithBatchTimeout(dir, 0.05);
  expect(path).toBe(join(dir, "wrangler.toml"));
  const copy = parse(await readFile(path, "utf8")) as WranglerConfig & Record<string, unknown>;
  const original = readWranglerConfig() as WranglerConfig & Record<string, unknown>;

  expect(copy.main).toBe(join(REPO_ROOT, "app/worker.ts"));
  expect(copy.assets?.directory).toBe(join(REPO_ROOT, "build/client"));
  expect(copy.d1_databases?.[0]?.migrations_dir).toBe(join(REPO_ROOT, "migrations"));
  expect(copy.env).toBeUndefined();
  expect(copy.queues?.consumers?.map((consumer) => [consumer.queue, consumer.max_batch_timeout])).toEqual(
    original.queues?.consumers?.map((consumer) => [consumer.queue, 0.05]),
  );
  // Everything else as written: bindings, vars, crons, batch sizes and retries.
  const { main: _main, assets: _assets, d1_databases: _databases, queues: _queues, env: _env, ...rest } = original;
  for (const [key, value] of Object.entries(rest)) expect(copy[key], key).toEqual(value);
  expect(copy.queues?.producers).toEqual(original.queues?.producers);
  expect(copy.queues?.consumers?.map(({ max_batch_timeout: _window, ...consumer }) => consumer)).toEqual(
    original.queues?.consumers?.map(({ max_batch_timeout: _window, ...consumer }) => consumer),
  );
});
