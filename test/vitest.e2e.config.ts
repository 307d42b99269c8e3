// Browser journeys: `npm run test:e2e` (needs `npm run build` and /usr/bin/chromium).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  // The product's own messages, for the journeys to look for.
  resolve: { alias: { "~": `${root}app` } },
  test: {
    name: "e2e",
    root,
    environment: "node",
    include: ["test/e2e/**/*.test.ts"],
    globalSetup: ["test/e2e/global-setup.ts"],
    // One wrangler and one Chromium on two cores: files run one after another, in one process
    // (no file sets up anything global), which spares each file a process start (decision 0080).
    fileParallelism: false,
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
