import { getTableColumns } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../drizzle/schema";
import { chunkForD1 } from "~/utils/d1";

export function getDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof getDb>;

/**
 * Multi-row INSERTs for `rows`, each within D1's bound-parameter limit, to run in one
 * `db.batch`. drizzle binds a value for every column it does not fill with SQL, so the table's
 * column count is what a row costs.
 */
export function chunkedInserts<Table extends SQLiteTable>(db: Db, table: Table, rows: Table["$inferInsert"][]) {
  const parametersPerRow = Object.keys(getTableColumns(table)).length;
  return chunkForD1(rows, parametersPerRow).map((chunk) => db.insert(table).values(chunk));
}
