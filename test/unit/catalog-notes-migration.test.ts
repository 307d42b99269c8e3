import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOG_SENDERS } from "../../drizzle/catalog";
import { templateFromSender } from "~/domain/sender-catalog";

// A database seeded before the catalog's notes were rewritten for people gets them from this
// migration; a fresh one gets them from the seed. Both must end with the same texts.

const MIGRATION = path.resolve(import.meta.dirname, "../../migrations/0015_catalog_notes_for_people.sql");
const SQL_TEXT = "'((?:[^']|'')*)'";
const UPDATE = new RegExp(
  `^UPDATE \`request_templates\` SET \`(\\w+)\` = ${SQL_TEXT} WHERE \`id\` = ${SQL_TEXT} AND \`\\1\` = ${SQL_TEXT};`,
);
const unquoted = (text: string) => text.replaceAll("''", "'");

const updates = readFileSync(MIGRATION, "utf8")
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
  });

/** A template's column as D1 holds it after the seed: JSON columns as drizzle writes them. */
function seeded(id: string, field: string) {
  const sender = CATALOG_SENDERS.find((candidate) => candidate.id === id);
  expect(sender, id).toBeDefined();
  const value = templateFromSender(sender!)[field as keyof ReturnType<typeof templateFromSender>];
  return typeof value === "string" || value === null ? value : JSON.stringify(value);
}

describe("the migration of the catalog's notes", () => {
  it("only changes the rows that still hold the seeded text", () => {
    expect(updates.length).toBeGreaterThan(0);
    for (const update of updates) expect(update.previous, `${update.id}.${update.field}`).not.toBe(update.next);
  });

  it("gives every row it changes the text the seed gives a fresh database", () => {
    for (const update of updates) expect(update.next, `${update.id}.${update.field}`).toBe(seeded(update.id, update.field));
  });
});
