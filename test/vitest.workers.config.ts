import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig, type Plugin } from "vitest/config";
import { startStandIns, type StandInServer } from "./stand-ins/server";
import { VENDORS } from "./stand-ins/vendors";
import { readImagesWith } from "./stand-ins/vendors/workers-ai";
import { readWranglerConfig, TEST_QUEUE_BATCH_TIMEOUT_SECONDS, vendorVars } from "./support/local-stack";
import { freePort } from "./support/ports";
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

/**
 * A stand-in server for each test file, started as the pool starts the file's runtime: two files
 * run at once, and a fault one sets on purpose (the next call to Postmark fails) must not fall on
 * the other's calls. All are closed when the run ends.
 */
const fileStandIns: StandInServer[] = [];
async function standInsForOneFile(textReaderUrl: string) {
  readImagesWith(textReaderUrl);
  const standIns = await startStandIns({ port: await freePort(), vendors: VENDORS });
  fileStandIns.push(standIns);
  return standIns;
}
const closeFileStandIns: Plugin = {
  name: "close-file-stand-ins",
  configureVitest({ vitest }) {
    vitest.onClose(async () => {
      await Promise.all(fileStandIns.splice(0).map((standIns) => standIns.close()));
    });
  },
};

// Tests inside workerd against the built Worker (run `npm run build` first: npm test does).
// Outside services are the stand-ins, one server per test file, with the text reader the global
// setup starts: the Worker's vendor URLs point at them (vendorVars, as for `npm start`), and tests
// read what their file's stand-ins received (STAND_INS_URL).
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(root, "migrations"));
  const queueConsumers = queueConsumersWithoutWaiting();
  return {
    root,
    resolve: { alias: { "~": path.join(root, "app") } },
    plugins: [
      closeFileStandIns,
      cloudflareTest(async ({ inject }) => {
        const standIns = await standInsForOneFile(inject("textReaderUrl"));
        return {
          wrangler: { configPath: path.join(root, "wrangler.toml") },
          miniflare: {
            queueConsumers,
            // A second users' database (decision 0082), empty until a test applies the migrations:
            // not named USERS_1, so only the tests that hand it to the Worker as USERS_1 have two homes.
            d1Databases: { SECOND_HOME: "second-home" },
            // Retries without waiting, so a job can run through all of them within a test.
            bindings: {
              APP_ENV: "test",
              JOB_RETRY_BASE_SECONDS: "0",
              HOME_TESTIMONIALS_CACHE_SECONDS: "0",
              PUBLIC_PAGE_CACHE_SECONDS: "0",
              TEST_MIGRATIONS: migrations,
              ...vendorVars(standIns, { url: inject("textReaderUrl") }),
              STAND_INS_URL: standIns.url,
            },
          },
        };
      }),
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
