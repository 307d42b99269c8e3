// The dead-code check of `npm test` (decision 0045): files, exports and dependencies nothing uses.
import type { KnipConfig } from "knip";
import routes from "./app/routes";

type RouteEntry = { file: string; children?: RouteEntry[] };
const routeFiles = (entries: RouteEntry[]): string[] =>
  entries.flatMap((entry) => [`app/${entry.file}`, ...routeFiles(entry.children ?? [])]);

export default {
  entry: [
    // The route table names every route module; a file under app/routes/ it does not name is dead.
    ...routeFiles(routes),
    "app/root.tsx",
    "app/entry.server.tsx",
    // Declares the load context's type for every loader; nothing imports it.
    "app/load-context.ts",
    "app/**/*.test.ts",
    "test/**/*.test.ts",
    "test/stand-ins/{main,start-local}.ts",
    // The text reader's program: the container's command, and `tsx app/text-reader/main.ts` by hand.
    "app/text-reader/main.ts",
    // Run by hand with tsx after the photo fixtures change (test/support/photo-fixtures.ts).
    "test/support/render-photo-fixtures.ts",
    // Run by hand with tsx after the digest fixtures change (test/support/digest-fixtures.ts).
    "test/support/render-digest-fixtures.ts",
    // Run by test/run-all.sh beside the static checks.
    "test/support/seed-d1.ts",
    "bench/**/*.ts",
    // Run by tsx from test/support/local-stack.ts, bench/dashboard.ts and the README.
    "drizzle/seed.ts",
  ],
  project: ["app/**/*.{ts,tsx,js,css}", "drizzle/**/*.ts", "test/**/*.ts", "bench/**/*.ts"],
  // Route modules are the route table's, not every file under app/routes/ as the plugin would have it.
  remix: false,
  vitest: { config: ["test/vitest.*.config.ts", "bench/vitest.*.config.ts"] },
  drizzle: { config: ["drizzle/drizzle.config.ts"] },
  ignoreDependencies: [
    // Named, not imported, in test/support/workerd-deps.ts: the workers pool pre-bundles it from the root.
    "@remix-run/server-runtime",
  ],
  ignoreIssues: {
    // A post to a missing path answers as a visit does: the action is the loader, by design.
    "app/routes/not-found.tsx": ["duplicates"],
  },
} satisfies KnipConfig;
