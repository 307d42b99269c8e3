// A D1 batch built from an object of queries, whose results come back under the same names: a
// page that reads a dozen things in one round trip cannot take one result for another by its
// position, and a query wanted only sometimes is one more name, not a second list.
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/utils/db.server";

type Query = BatchItem<"sqlite">;

/** Queries by name. A name whose query is undefined (an optional one not wanted this time) runs nothing. */
export type NamedQueries = Record<string, Query | undefined>;

type ResultOf<Entry> = Entry extends Query ? Entry["_"]["result"] : undefined;

/** What each query gave (its rows, or a write's D1Result) under its name; undefined where no query was given. */
export type NamedResults<Queries extends NamedQueries> = { [Name in keyof Queries]: ResultOf<Queries[Name]> };

/**
 * Runs `queries` as one `db.batch` (one round trip, one transaction) in the order their names are
 * written, so a write named first is seen by the reads after it. Names must not look like array
 * indexes ("0", "1"): JavaScript would put those first. Build each query with drizzle's query
 * builders: a `db.run(sql\`...\`)` with bound values cannot join a D1 batch (drizzle 0.45 fails on it).
 */
export async function batchByName<Queries extends NamedQueries>(db: Db, queries: Queries): Promise<NamedResults<Queries>> {
  const [named] = await batchEachByName(db, [queries]);
  return named!;
}

/**
 * batchByName for several objects of queries in one round trip (one for each of several pieces,
 * say): they run in the list's order, each object's in its names' order, and each object's results
 * come back under its names, in the same order.
 */
export async function batchEachByName<Queries extends NamedQueries>(db: Db, each: Queries[]): Promise<NamedResults<Queries>[]> {
  const given = each.map((queries) => Object.entries(queries).filter((entry): entry is [string, Query] => entry[1] !== undefined));
  const [first, ...rest] = given.flat().map(([, query]) => query);
  const results: unknown[] = first ? await db.batch([first, ...rest]) : [];
  let next = 0;
  return each.map((queries, index) => {
    const named: Record<string, unknown> = Object.fromEntries(Object.keys(queries).map((name) => [name, undefined]));
    for (const [name] of given[index]!) named[name] = results[next++];
    return named as NamedResults<Queries>;
  });
}
