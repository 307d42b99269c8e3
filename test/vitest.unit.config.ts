import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");

// Pure rules (app/domain, app/utils without I/O): fast, in Node.
export default defineConfig({
  root,
  resolve: { alias: { "~": path.join(root, "app") } },
  test: {
    include: ["app/**/*.test.ts", "test/unit/**/*.test.ts"],
    environment: "node",
    // No test mocks modules or globals: files share their processes, each started once (decision 0080).
    isolate: false,
  },
});
