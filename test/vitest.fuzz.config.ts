import { defineConfig, mergeConfig, type ViteUserConfig } from "vitest/config";
import workersConfig from "./vitest.workers.config";

// Release checks: the workers fuzz suite alone, with many more generated requests than `npm test`
// sends. FUZZ_RUNS (requests per role, default 2000) and FUZZ_SEED (default: the suite's fixed
// seed) reach the suite inside workerd through vitest's provide/inject.
export default defineConfig(async (configEnv) => {
  const base = await (workersConfig as (env: typeof configEnv) => Promise<ViteUserConfig>)(configEnv);
  // The include list is replaced, not merged: only the fuzz suite runs.
  const config = mergeConfig(base, {
    test: {
      provide: {
        fuzzRuns: Number(process.env.FUZZ_RUNS ?? 2000),
        ...(process.env.FUZZ_SEED ? { fuzzSeed: Number(process.env.FUZZ_SEED) } : {}),
      },
    },
  });
  config.test!.include = ["test/workers/fuzz.test.ts"];
  return config;
});
