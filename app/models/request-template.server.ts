import { getTableColumns } from "drizzle-orm";
import { requestTemplates } from "../../drizzle/schema";
import { templateFromSender, type CatalogSender } from "~/domain/sender-catalog";
import { chunkForD1 } from "~/utils/d1";
import type { Db } from "~/utils/db.server";

/**
 * Adds the gathered senders to the catalog. Existing templates are left as they are, so staff
 * corrections survive a second run.
 */
export async function seedSenderCatalog(db: Db, senders: CatalogSender[]): Promise<number> {
  const rows = senders.map(templateFromSender);
  if (rows.length === 0) return 0;
  // drizzle binds a value for every column it does not fill with SQL, so count the table's columns.
  const parametersPerRow = Object.keys(getTableColumns(requestTemplates)).length;
  const inserts = chunkForD1(rows, parametersPerRow).map((chunk) =>
    db.insert(requestTemplates).values(chunk).onConflictDoNothing({ target: requestTemplates.id }),
  );
  const [first, ...rest] = inserts;
  const results = await db.batch([first!, ...rest]);
  return results.reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
}
