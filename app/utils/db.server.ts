import { eq, getTableColumns } from "drizzle-orm";
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
 * The D1 databases users live in (decisions 0031 and 0082): home 0 is `DB`, which also holds what
 * every user shares (the catalog, the jobs, the directory of homes); home n is the binding
 * `USERS_n`, numbered from 1 without gaps. One database today.
 */
export function homeDatabases(env: { DB: D1Database }): D1Database[] {
  const bindings = env as unknown as Record<string, D1Database | undefined>;
  const homes = [env.DB];
  for (let home = 1; bindings[`USERS_${home}`]; home += 1) homes.push(bindings[`USERS_${home}`]!);
  return homes;
}

/** The names a home's binding may have besides `DB`: kept when the environment is checked (parseEnv). */
export const HOME_BINDING_NAME = /^USERS_[1-9][0-9]*$/;

/**
 * The database that holds this user's own rows: the one place a user's home is chosen. With one
 * database it reads nothing; with more, it reads the user's row in `user_homes` (none: home 0).
 */
export async function dbFor(env: { DB: D1Database }, userId: string): Promise<Db> {
  const homes = homeDatabases(env);
  if (homes.length === 1) return getDb(env.DB);
  const [row] = await getDb(env.DB)
    .select({ home: schema.userHomes.home })
    .from(schema.userHomes)
    .where(eq(schema.userHomes.userId, userId));
  const home = row?.home ?? 0;
  const binding = homes[home];
  if (!binding) throw new Error(`A user lives in home ${home}, which has no D1 binding (USERS_${home}).`);
  return getDb(binding);
}

/** Every home's database, for the staff pages that read across users. */
export function everyHomeDb(env: { DB: D1Database }): Db[] {
  return homeDatabases(env).map(getDb);
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
