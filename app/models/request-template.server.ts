import { requestTemplates } from "../../drizzle/schema";
import { templateFromSender, type CatalogSender } from "~/domain/sender-catalog";
import { chunkedInserts, type Db } from "~/utils/db.server";

/**
 * The INSERT statements that add the gathered senders to the catalog, sized to D1's parameter
 * limit. Existing templates are left as they are, so staff corrections survive a second run.
 */
export function senderCatalogInserts(db: Db, senders: CatalogSender[]) {
  return chunkedInserts(db, requestTemplates, senders.map(templateFromSender)).map((insert) =>
    insert.onConflictDoNothing({ target: requestTemplates.id }),
  );
}

/** Seeds the catalog; answers how many templates were added. */
export async function seedSenderCatalog(db: Db, senders: CatalogSender[]): Promise<number> {
  const [first, ...rest] = senderCatalogInserts(db, senders);
  if (!first) return 0;
  const results = await db.batch([first, ...rest]);
  return results.reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
}
