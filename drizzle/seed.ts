// Seeds the sender catalog (drizzle/catalog.ts: senders.json and catalog/*.json) with the names
// each sender is found by, and local staff accounts.
//   tsx drizzle/seed.ts [--persist-to DIR] [--local-staff] [--local-examples]
//                                                   into the local D1 (npm start, browser tests;
//                                                   only npm start adds the example testimonials)
//   tsx drizzle/seed.ts --sql FILE                   writes the catalog statements for
//                                                   `wrangler d1 execute DB --remote --file FILE`
// Either way a template or an account that already exists is left alone.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { senderCatalogInserts, seedSenderCatalog } from "../app/models/request-template.server";
import { seedExampleTestimonials } from "../app/models/testimonial.server";
import { createUserWithPresets, getSessionUser } from "../app/models/user.server";
import { hashPassword } from "../app/utils/password.server";
import { EXAMPLE_TESTIMONIALS } from "./local-examples";
import { LOCAL_STAFF } from "./local-staff";
import type { CatalogSender } from "../app/domain/sender-catalog";
import { getDb } from "../app/utils/db.server";
import { CATALOG_SENDERS } from "./catalog";

const senders: CatalogSender[] = CATALOG_SENDERS;

async function seedLocalStaff(db: ReturnType<typeof getDb>) {
  for (const staff of LOCAL_STAFF) {
    if (await getSessionUser(db, staff.id)) continue;
    await createUserWithPresets(db, {
      id: staff.id,
      email: staff.email,
      passwordHash: await hashPassword(staff.password),
      fullName: staff.fullName,
      street1: "1 MAIN ST",
      street2: null,
      city: "SPRINGFIELD",
      state: "IL",
      zipCode: "62701",
      newsletter: false,
    });
    console.log(`local ${staff.id.replace("local-", "")}: ${staff.email} / ${staff.password}`);
  }
}

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
  const { templates, names } = senderCatalogInserts(builder, senders);
  const statements = [...templates, ...names].map((insert) => {
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
    const db = getDb(proxy.env.DB);
    const added = await seedSenderCatalog(db, senders);
    console.log(`sender catalog: ${added} added, ${senders.length - added} already present`);
    if (process.argv.includes("--local-staff")) await seedLocalStaff(db);
    if (process.argv.includes("--local-examples")) {
      const examples = await seedExampleTestimonials(db, EXAMPLE_TESTIMONIALS);
      console.log(examples > 0 ? `example testimonials: ${examples} added` : "example testimonials: testimonials present, none added");
    }
  } finally {
    await proxy.dispose();
  }
}
