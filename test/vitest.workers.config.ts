import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { readWranglerConfig, TEST_QUEUE_BATCH_TIMEOUT_SECONDS, vendorVars } from "./support/local-stack";
import { WORKERD_SSR_DEPS } from "./support/workerd-deps";

const root = path.resolve(import.meta.dirname, "..");

/** wrangler.toml's queue consumers, each handed its batch as soon as its messages are in. */
function queueConsumersWithoutWaiting() {
  return Object.fromEntries(
    (readWranglerConfig().queues?.consumers ?? []).map((consumer) => [
      consumer.queue,
      {
        maxBatchSize: consumer.max_batch_size,
        maxBatchTimeout: TEST_QUEUE_BATCH_TIMEOUT_SECONDS,
        maxRetries: consumer.max_retries,
        deadLetterQueue: consumer.dead_letter_queue,
      },
    ]),
  );
}

// Tests inside workerd against the built Worker (run `npm run build` first: npm test does).
// Outside services are the stand-ins, started by the global setup on a free port with our text
// reader: the Worker's vendor URLs point at them (vendorVars, as for `npm start`), and tests read
// what the stand-ins received.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(root, "migrations"));
  const queueConsumers = queueConsumersWithoutWaiting();
  return {
    root,
    resolve: { alias: { "~": path.join(root, "app") } },
    plugins: [
      cloudflareTest(({ inject }) => ({
        wrangler: { configPath: path.join(root, "wrangler.toml") },
        miniflare: {
          queueConsumers,
          // Retries without waiting, so a job can run through all of them within a test.
          bindings: {
            APP_ENV: "test",
            JOB_RETRY_BASE_SECONDS: "0",
            HOME_TESTIMONIALS_CACHE_SECONDS: "0",
            PUBLIC_PAGE_CACHE_SECONDS: "0",
            TEST_MIGRATIONS: migrations,
            ...vendorVars({ url: inject("standInsUrl") }, { url: inject("textReaderUrl") }),
          },
        },
      })),
    ],
    test: {
      include: ["test/workers/**/*.test.ts"],
      // Two files at once, each in its own runtime: a file spends about 2 s starting its runtime and
      // loading the built Worker, time the other file's tests use (decision 0080). A request through
      // workerd and D1 can then take seconds, and a photo's reading up to about 11 s.
      maxWorkers: 2,
      testTimeout: 30_000,
      hookTimeout: 30_000,
      globalSetup: ["test/workers/stand-ins-setup.ts"],
      setupFiles: ["test/workers/apply-migrations.ts", "test/workers/console-errors.ts"],
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: WORKERD_SSR_DEPS,
          },
        },
      },
    },
  };
});
