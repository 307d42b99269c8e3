// Browser journeys: `npm run test:e2e` (needs `npm run build` and /usr/bin/chromium).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "e2e",
    root: fileURLToPath(new URL("..", import.meta.url)),
    environment: "node",
    include: ["test/e2e/**/*.test.ts"],
    globalSetup: ["test/e2e/global-setup.ts"],
    // One wrangler and one Chromium on two cores: files run one after another.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
