import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");

// Tests inside workerd against the built Worker (run `npm run build` first: npm test does).
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(root, "migrations"));
  return {
    root,
    resolve: { alias: { "~": path.join(root, "app") } },
    plugins: [
      cloudflareTest({
        wrangler: { configPath: path.join(root, "wrangler.toml") },
        miniflare: {
          bindings: { APP_ENV: "test", TEST_MIGRATIONS: migrations },
        },
      }),
    ],
    test: {
      include: ["test/workers/**/*.test.ts"],
      setupFiles: ["test/workers/apply-migrations.ts"],
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: [
              "@remix-run/cloudflare",
              "@remix-run/server-runtime",
              "@remix-run/router",
              "@remix-run/react",
              "cookie",
              "set-cookie-parser",
              "react",
              "react-dom",
              "react-dom/server",
            ],
          },
        },
      },
    },
  };
});
