// npm run bench (after the dashboard): the sender catalog's coverage and its search, in one run.
// Prints figures; never fails the run, but says "MISSED" when a target is missed.
//
// 1. Coverage: how many catalog senders have a sourced channel (a channel and the page it comes
//    from), overall and by category.
// 2. Finding: for every name in test/data/typed-sender-names.json (written the way people type
//    them), the share whose expected sender the search puts first (target: 95%), and for names
//    the catalog does not hold, how many get a wrong sender first (target: none); then the same
//    on typed-sender-names-blind.json, written from the company names alone, without seeing the
//    aliases the catalog stores. Through the real path: migrations, the seed and searchSenders
//    (a name sent whole, as "Find sender" sends it) against a local D1 (getPlatformProxy); the
//    D1 `npm test` seeds once (SEEDED_D1) is copied instead of migrated and seeded again, when given.
// 3. Scale: search latency with the real catalog and with 10,000 senders (the real ones plus
//    generated ones), side by side in alternating rounds.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { getPlatformProxy } from "wrangler";
import { CATALOG_SENDERS } from "../drizzle/catalog";
import blindNames from "../test/data/typed-sender-names-blind.json" with { type: "json" };
import typedNames from "../test/data/typed-sender-names.json" with { type: "json" };
import type { CatalogSender } from "../app/domain/sender-catalog";
import { categoryTitle } from "../app/domain/sender-categories";
import { seedSenderCatalog } from "../app/models/request-template.server";
import { searchSenders } from "../app/models/sender-names.server";
import { getDb, type Db } from "../app/utils/db.server";
import { copySeededDatabase, seededStack } from "../test/support/local-stack";
import { percentile } from "./load";
import { sized } from "./smoke";

const TARGET_RANK1 = 0.95;
/** Senders a letter can reach with no one on the staff: a postal channel from a named source (issue: every request reaches its sender). */
const TARGET_POSTAL = 0.9;
// Smoke size: a few hundred generated senders, one round, twenty typed names (bench/smoke.ts).
const SCALE_SENDERS = sized(10_000, CATALOG_SENDERS.length + 200);
const LATENCY_ROUNDS = sized(6, 1);
const LATENCY_QUERIES = sized(Infinity, 20);
/** Names of each set whose finding is measured, of those the catalog holds and of those it lacks. */
const FINDING_NAMES = sized(Infinity, 10);

const withChannel = (sender: CatalogSender) => sender.channels.length > 0;
const sourced = (sender: CatalogSender) => withChannel(sender) && Boolean(sender.source);
const postalChannelOf = (sender: CatalogSender) => sender.channels.find((channel) => channel.kind === "mail");

function printCoverage() {
  const total = CATALOG_SENDERS.length;
  const reachable = CATALOG_SENDERS.filter(withChannel).length;
  const withPage = CATALOG_SENDERS.filter(sourced).length;
  console.log(
    `\nSender catalog: ${total} senders; ${reachable} (${pct(reachable / total)}) with an opt-out channel from a public source, ${withPage} of them with the source page's address; the other ${total - reachable} say "staff look this up".`,
  );
  const postal = CATALOG_SENDERS.filter(postalChannelOf);
  const postalSourced = postal.filter((sender) => Boolean(postalChannelOf(sender)?.source ?? sender.source));
  const postalShare = postal.length / total;
  console.log(
    `Postal channel (a letter goes without staff): ${postal.length} of ${total} senders (${pct(postalShare)}; target ${pct(TARGET_POSTAL)}: ${postalShare >= TARGET_POSTAL ? "holds" : "MISSED"}), ${postalSourced.length} of them naming the page the address was read from.`,
  );
  const byCategory = new Map<string, { total: number; sourced: number }>();
  for (const sender of CATALOG_SENDERS) {
    const entry = byCategory.get(sender.category) ?? { total: 0, sourced: 0 };
    entry.total += 1;
    if (withChannel(sender)) entry.sourced += 1;
    byCategory.set(sender.category, entry);
  }
  const rows = [...byCategory.entries()].sort((a, b) => b[1].total - a[1].total);
  for (const [category, entry] of rows) {
    console.log(
      `  ${categoryTitle(category).padEnd(42)} ${String(entry.total).padStart(4)} senders, ${String(entry.sourced).padStart(3)} with a channel`,
    );
  }
}

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;

async function migrate(d1: D1Database) {
  const files = (await readdir("migrations")).filter((file) => file.endsWith(".sql")).sort();
  for (const file of files) {
    const text = await readFile(join("migrations", file), "utf8");
    // One round trip a migration: its statements in one batch, in order.
    const statements = text.split("--> statement-breakpoint").filter((statement) => statement.trim());
    await d1.batch(statements.map((statement) => d1.prepare(statement)));
  }
}

type TypedName = { typed: string; expected: string | null };

async function measureFinding(db: Db, title: string, names: TypedName[]) {
  const known = names.filter((name) => name.expected).slice(0, FINDING_NAMES);
  const unknown = names.filter((name) => !name.expected).slice(0, FINDING_NAMES);
  const misses: string[] = [];
  let first = 0;
  for (const name of known) {
    const [top] = await searchSenders(db, name.typed);
    if (top?.id === name.expected) first += 1;
    else misses.push(`"${name.typed}" gave ${top?.id ?? "nothing"}, not ${name.expected}`);
  }
  const wrong: string[] = [];
  for (const name of unknown) {
    const [top] = await searchSenders(db, name.typed);
    if (top) wrong.push(`"${name.typed}" gave ${top.id}`);
  }
  const share = first / known.length;
  console.log(
    `\n${title} (${known.length} in the catalog, ${unknown.length} not): ${pct(share)} found at rank 1 (target ${pct(TARGET_RANK1)}: ${share >= TARGET_RANK1 ? "holds" : "MISSED"}); ${wrong.length} wrong sender first for names the catalog lacks (target 0: ${wrong.length === 0 ? "holds" : "MISSED"}).`,
  );
  for (const miss of misses) console.log(`  missed: ${miss}`);
  for (const miss of wrong) console.log(`  wrong: ${miss}`);
}

const SYLLABLES = [
  "bar",
  "ton",
  "mer",
  "ka",
  "lo",
  "ven",
  "dor",
  "is",
  "ra",
  "quin",
  "sel",
  "po",
  "tri",
  "mo",
  "gan",
  "el",
  "fu",
  "sha",
  "wick",
  "den",
];
const KINDS = [
  "Outfitters",
  "Home",
  "Goods",
  "Supply",
  "Gifts",
  "Bank",
  "Insurance",
  "Foundation",
  "Media",
  "Services",
  "Seeds",
  "Traders",
];

/** Made-up senders, each with two aliases, deterministic so runs compare. */
function generatedSenders(count: number): CatalogSender[] {
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed;
  };
  const word = () => {
    const parts = 2 + (next() % 2);
    const text = Array.from({ length: parts }, () => SYLLABLES[next() % SYLLABLES.length]).join("");
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
  return Array.from({ length: count }, (_, index) => {
    const name = `${word()} ${KINDS[next() % KINDS.length]}`;
    return {
      id: `generated-${index}`,
      name,
      aliases: [`${word()} ${word()}`, `${name} Co`],
      category: "catalogs",
      channels: [],
      agent: "unknown",
      needs: [],
      confidence: "low: generated for the bench",
      source_year: null,
    };
  });
}

/**
 * A local D1 holding the real catalog and `generated` senders besides. It starts from the seeded D1
 * of the run that started this one when there is one (SEEDED_D1: the same migrations and seed,
 * applied by wrangler), else from nothing: migrations, then the seed.
 */
async function withCatalog<Result>(generated: CatalogSender[], run: (db: Db) => Promise<Result>): Promise<Result> {
  const dir = await mkdtemp(join(tmpdir(), "catalog-bench-"));
  const { seededFrom } = seededStack();
  if (seededFrom) await copySeededDatabase(seededFrom, dir);
  // getPlatformProxy's path is what `wrangler dev --persist-to` keeps under v3.
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: "wrangler.toml", persist: { path: join(dir, "v3") } });
  try {
    if (!seededFrom) await migrate(proxy.env.DB);
    const db = getDb(proxy.env.DB);
    const senders = seededFrom ? generated : [...CATALOG_SENDERS, ...generated];
    // The seed's statements in slices, so one batch never grows past what D1 takes at once.
    for (let start = 0; start < senders.length; start += 500) await seedSenderCatalog(db, senders.slice(start, start + 500));
    return await run(db);
  } finally {
    await proxy.dispose();
    await rm(dir, { recursive: true, force: true });
  }
}

async function timeQueries(db: Db, queries: string[]) {
  const times: number[] = [];
  for (const query of queries) {
    const start = performance.now();
    await searchSenders(db, query);
    times.push(performance.now() - start);
  }
  return times;
}

async function main() {
  printCoverage();
  const queries = (typedNames.names as Array<{ typed: string }>).map((name) => name.typed).slice(0, LATENCY_QUERIES);
  const small: number[] = [];
  const large: number[] = [];
  await withCatalog([], async (smallDb) => {
    await measureFinding(smallDb, "Finding senders from typed names (test/data/typed-sender-names.json)", typedNames.names);
    await measureFinding(
      smallDb,
      "The same on a blind set written from the company names alone, without the catalog's aliases (typed-sender-names-blind.json)",
      blindNames.names,
    );
    // The large catalog opened beside the real one: both measured in alternating rounds, so that drift hits both alike.
    await withCatalog(generatedSenders(SCALE_SENDERS - CATALOG_SENDERS.length), async (largeDb) => {
      await timeQueries(smallDb, queries.slice(0, 20));
      await timeQueries(largeDb, queries.slice(0, 20));
      for (let round = 0; round < LATENCY_ROUNDS; round += 1) {
        small.push(...(await timeQueries(smallDb, queries)));
        large.push(...(await timeQueries(largeDb, queries)));
      }
    });
  });
  small.sort((a, b) => a - b);
  large.sort((a, b) => a - b);
  const line = (label: string, times: number[]) =>
    `  ${label.padEnd(34)} median ${percentile(times, 0.5).toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms`;
  console.log(`\nSearch latency (searchSenders against local D1, ${queries.length} typed names x ${LATENCY_ROUNDS} rounds):`);
  console.log(line(`real catalog (${CATALOG_SENDERS.length} senders)`, small));
  console.log(line(`${SCALE_SENDERS.toLocaleString("en-US")} senders`, large));
  console.log(
    `  ratio at ${SCALE_SENDERS.toLocaleString("en-US")} senders: ${(percentile(large, 0.5) / percentile(small, 0.5)).toFixed(2)}x the median`,
  );
}

await main();
