import { getTableColumns } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../drizzle/schema";
import { chunkForD1 } from "~/utils/d1";

function newDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof newDb>;

// Making a drizzle database walks the whole schema for its relational queries: 13% of the Worker's
// busy time in the simulated year (decision 0081), when every model call made its own. One per
// binding, for the isolate's life.
const dbsByBinding = new WeakMap<D1Database, Db>();

export function getDb(d1: D1Database): Db {
  let db = dbsByBinding.get(d1);
  if (!db) {
    db = newDb(d1);
    dbsByBinding.set(d1, db);
  }
  return db;
}

/**
 * Multi-row INSERTs for `rows`, each within D1's bound-parameter limit, to run in one
 * `db.batch`. drizzle binds a value for every column it does not fill with SQL, so the table's
 * column count is what a row costs.
 */
export function chunkedInserts<Table extends SQLiteTable>(db: Db, table: Table, rows: Table["$inferInsert"][]) {
  const parametersPerRow = Object.keys(getTableColumns(table)).length;
  return chunkForD1(rows, parametersPerRow).map((chunk) => db.insert(table).values(chunk));
}
