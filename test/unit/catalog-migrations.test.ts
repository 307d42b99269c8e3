import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOG_SENDERS } from "../../drizzle/catalog";
import { templateFromSender } from "~/domain/sender-catalog";

// A database seeded before the catalog's texts changed (its notes rewritten for people, its postal
// addresses gathered) gets them from these migrations, in order; a fresh one gets them from the
// seed. Both must end with the same texts.

const MIGRATIONS = [
  "0015_catalog_notes_for_people.sql",
  "0028_catalog_postal_addresses.sql",
  "0030_catalog_postal_addresses_more.sql",
  "0031_catalog_charity_addresses.sql",
].map((name) => path.resolve(import.meta.dirname, "../../migrations", name));
const SQL_TEXT = "'((?:[^']|'')*)'";
const UPDATE = new RegExp(
  `^UPDATE \`request_templates\` SET \`(\\w+)\` = ${SQL_TEXT} WHERE \`id\` = ${SQL_TEXT} AND \`\\1\` = ${SQL_TEXT};`,
);
const unquoted = (text: string) => text.replaceAll("''", "'");

const updates = MIGRATIONS.flatMap((migration) =>
  readFileSync(migration, "utf8")
    .split("--> statement-breakpoint")
    .map((statement) =>
      statement
        .split("\n")
        .filter((line) => !line.startsWith("--"))
        .join("\n")
        .trim(),
    )
    .filter(Boolean)
    .map((statement) => {
      const match = UPDATE.exec(statement);
      expect(match, statement.slice(0, 120)).not.toBeNull();
      const [, field, next, id, previous] = match!;
      return { field: field!, next: unquoted(next!), id: unquoted(id!), previous: unquoted(previous!) };
    }),
);

/** The last text the migrations give each row's field, and each update of a field the text the one before left. */
const latest = new Map<string, (typeof updates)[number]>();

/** A template's column as D1 holds it after the seed: JSON columns as drizzle writes them. */
function seeded(id: string, field: string) {
  const sender = CATALOG_SENDERS.find((candidate) => candidate.id === id);
  expect(sender, id).toBeDefined();
  const value = templateFromSender(sender!)[field as keyof ReturnType<typeof templateFromSender>];
  return typeof value === "string" || value === null ? value : JSON.stringify(value);
}

describe("the migrations of the catalog's texts", () => {
  it("only changes the rows that still hold the seeded text", () => {
    expect(updates.length).toBeGreaterThan(0);
    for (const update of updates) expect(update.previous, `${update.id}.${update.field}`).not.toBe(update.next);
  });

  it("changes a field a later migration changes again from the text the earlier one left", () => {
    for (const update of updates) {
      const key = `${update.id}.${update.field}`;
      const earlier = latest.get(key);
      if (earlier) expect(update.previous, key).toBe(earlier.next);
      latest.set(key, update);
    }
  });

  it("gives every row it changes the text the seed gives a fresh database", () => {
    const last = new Map(updates.map((update) => [`${update.id}.${update.field}`, update]));
    for (const [key, update] of last) expect(update.next, key).toBe(seeded(update.id, update.field));
  });
});
