import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { WORKERD_SSR_DEPS } from "../test/support/workerd-deps";

const root = path.resolve(import.meta.dirname, "..");

// Only for bench/dashboard.ts (it runs this with the JSON reporter and reads what the test left in
// its task meta): the dashboard's KV and D1 round trips, counted inside workerd against the built
// Worker (run `npm run build` first). Same pool setup as test/vitest.workers.config.ts, minus the
// vendor stand-ins, which the dashboard never calls.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(root, "migrations"));
  return {
    root,
    // Its own Vite cache (under node_modules, where the optimized deps still resolve their
    // imports): the workers tests may be optimizing theirs in node_modules/.vite meanwhile.
    cacheDir: path.join(root, "node_modules", ".vite", "bench-dashboard"),
    resolve: { alias: { "~": path.join(root, "app") } },
    plugins: [
      cloudflareTest({
        wrangler: { configPath: path.join(root, "wrangler.toml") },
        miniflare: { bindings: { APP_ENV: "test", TEST_MIGRATIONS: migrations } },
      }),
    ],
    test: {
      include: ["bench/dashboard-round-trips.workerd.ts"],
      testTimeout: 60_000,
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
