// Seeds the sender catalog from drizzle/senders.json.
//   tsx drizzle/seed-catalog.ts [--persist-to DIR]   into the local D1 (npm start, browser tests)
//   tsx drizzle/seed-catalog.ts --sql FILE           writes the statements for
//                                                   `wrangler d1 execute DB --remote --file FILE`
// Either way a template that already exists is left alone.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { senderCatalogInserts, seedSenderCatalog } from "../app/models/request-template.server";
import type { CatalogSender } from "../app/domain/sender-catalog";
import { getDb } from "../app/utils/db.server";
import catalog from "./senders.json" with { type: "json" };

const senders = catalog.senders as CatalogSender[];

function option(name: string) {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  return `'${String(value).replace(/'/g, "''")}'`;
}

const sqlFile = option("--sql");
if (sqlFile) {
  // Only builds statements: this database object is never asked to run anything.
  const builder = getDb({} as D1Database);
  const statements = senderCatalogInserts(builder, senders).map((insert) => {
    const { sql, params } = insert.toSQL();
    let index = 0;
    return `${sql.replace(/\?/g, () => sqlLiteral(params[index++]))};`;
  });
  writeFileSync(sqlFile, `${statements.join("\n")}\n`);
  console.log(`sender catalog: ${statements.length} statements for ${senders.length} senders written to ${sqlFile}`);
} else {
  // `wrangler dev --persist-to DIR` and `wrangler d1 ... --persist-to DIR` keep their data under
  // DIR/v3, while getPlatformProxy takes that v3 directory itself (its default is
  // ".wrangler/state/v3"). Accept the same DIR as wrangler so all three see one database.
  const persistPath = option("--persist-to");
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: "wrangler.toml",
    persist: persistPath ? { path: join(persistPath, "v3") } : true,
  });
  try {
    const added = await seedSenderCatalog(getDb(proxy.env.DB), senders);
    console.log(`sender catalog: ${added} added, ${senders.length - added} already present`);
  } finally {
    await proxy.dispose();
  }
}
