// SQL on the shared stack's local D1 (its directory comes from the global setup), as
// `wrangler d1 execute` runs it: for journeys that need rows no page writes.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { inject } from "vitest";
import { REPO_ROOT } from "../support/local-stack";

const BUSY = /SQLITE_BUSY|database is locked/i;

/**
 * Runs one statement on the stack's D1. The running stack writes to the same SQLite file
 * (queue consumers, the cron) and workerd sets no busy timeout, so a write from this second
 * process can meet a lock: it waits and tries again, as a busy handler would.
 */
export async function runSql(sql: string, attempts = 10): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await promisify(execFile)(
        join(REPO_ROOT, "node_modules/.bin/wrangler"),
        ["d1", "execute", "DB", "--local", "--persist-to", inject("persistDir"), "--command", sql],
        { cwd: REPO_ROOT, env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" } },
      );
      return;
    } catch (error) {
      if (attempt >= attempts || !BUSY.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

/** A string as an SQL literal. */
export const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;
