// Seeds the sender catalog into a local D1 (npm start, browser tests).
// Usage: tsx drizzle/seed-catalog.ts [--persist-to DIR]
// Production: npm run build && npx tsx drizzle/seed-catalog.ts --remote  is not offered; see README.
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { seedSenderCatalog } from "../app/models/request-template.server";
import type { CatalogSender } from "../app/domain/sender-catalog";
import { getDb } from "../app/utils/db.server";
import catalog from "./senders.json" with { type: "json" };

const persistIndex = process.argv.indexOf("--persist-to");
const persistPath = persistIndex > 0 ? process.argv[persistIndex + 1] : undefined;

// `wrangler dev --persist-to DIR` and `wrangler d1 ... --persist-to DIR` keep their data under
// DIR/v3, while getPlatformProxy takes that v3 directory itself (its default is
// ".wrangler/state/v3"). Accept the same DIR as wrangler so all three see one database.
const proxy = await getPlatformProxy<{ DB: D1Database }>({
  configPath: "wrangler.toml",
  persist: persistPath ? { path: join(persistPath, "v3") } : true,
});
try {
  const added = await seedSenderCatalog(getDb(proxy.env.DB), catalog.senders as CatalogSender[]);
  console.log(`sender catalog: ${added} added, ${catalog.senders.length - added} already present`);
} finally {
  await proxy.dispose();
}
