// The local D1's bytes as SQLite stores them, by table with its indexes, for the benches that
// measure what a year of use adds.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

/** The local D1's SQLite file under wrangler's persistence directory. */
export function d1File(dir: string) {
  const folder = join(dir, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(folder).find((name) => name.endsWith(".sqlite"));
  if (!file) throw new Error(`no D1 database in ${folder}`);
  return join(folder, file);
}

/**
 * Every table's bytes in pages, its indexes included: D1 does not offer SQLite's dbstat table, so
 * the local file is read directly, read-only, by Python's sqlite3 (Debian's build has dbstat), as
 * bench/dashboard.ts does.
 */
export function bytesByTable(file: string): Record<string, number> {
  const script = [
    "import json, sqlite3, sys",
    "c = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True)",
    "print(json.dumps(dict(c.execute(sys.argv[2]).fetchall())))",
  ].join("\n");
  const sizes = "select coalesce(m.tbl_name, d.name), sum(d.pgsize) from dbstat d left join sqlite_master m on m.name = d.name group by 1";
  const python = "python3";
  return JSON.parse(execFileSync(python, ["-c", script, file, sizes]).toString()) as Record<string, number>;
}
