// SQL on the shared stack's local D1 (its directory comes from the global setup), as
// `wrangler d1 execute` runs it: for journeys that need rows no page writes.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { inject } from "vitest";
import { REPO_ROOT } from "../support/local-stack";

export async function runSql(sql: string) {
  await promisify(execFile)(
    join(REPO_ROOT, "node_modules/.bin/wrangler"),
    ["d1", "execute", "DB", "--local", "--persist-to", inject("persistDir"), "--command", sql],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
    },
  );
}

/** A string as an SQL literal. */
export const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;
