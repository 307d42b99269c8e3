import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Comments and docs cite a product rule as "product rules: <Heading>" (several headings separated
// by commas) and a decision as "decision 0017", "decisions 0032 and 0036" or a link to
// docs/decisions/0017-reminders.md. Every cited heading must be a heading of
// docs/product-rules.md and every cited decision a file in docs/decisions/.

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["app", "docs", "test", "bench", "README.md"];
const TEXT_FILE = /\.(?:ts|tsx|js|mjs|cjs|md|sh|css|toml)$/;
const THIS_FILE = path.relative(ROOT, import.meta.filename);

type Known = { headings: Set<string>; anchors: Set<string>; decisionFiles: string[] };

/** Lines joined, with the comment markers that start wrapped lines taken out. */
function joinLines(text: string) {
  return text.replace(/[ \t]*\r?\n[ \t]*(?:\/\/+|\*(?!\/)|#+)?[ \t]*/g, " ");
}

function anchorOf(heading: string) {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replace(/ /g, "-");
}

function brokenCitations(text: string, known: Known): string[] {
  const broken: string[] = [];
  const joined = joinLines(text);

  for (const match of joined.matchAll(/product rules:([^.:;()"'`\u2014[\]{}<>*]*)/gi)) {
    const cited = match[1]!.split(",").map((heading) => heading.trim());
    for (const heading of cited) {
      if (!known.headings.has(heading)) broken.push(`product rules heading "${heading}" (in "${match[0].trim()}")`);
    }
  }

  for (const match of joined.matchAll(/product-rules\.md#([\w-]+)/g)) {
    if (!known.anchors.has(match[1]!)) broken.push(`product rules anchor #${match[1]}`);
  }

  const decisionExists = (number: string) => known.decisionFiles.some((file) => file.startsWith(`${number}-`));
  for (const match of joined.matchAll(/\bdecisions? ((?:\d{4}(?:,? and |, | or )?)+)/gi)) {
    for (const number of match[1]!.match(/\d{4}/g)!) {
      if (!decisionExists(number)) broken.push(`decision ${number}`);
    }
  }
  for (const match of joined.matchAll(/decisions\/(\d{4})(-[\w.-]*\.md)?/g)) {
    const [, number, slug] = match;
    const exists = slug ? known.decisionFiles.includes(`${number}${slug}`) : decisionExists(number!);
    if (!exists) broken.push(`decision file ${match[0]}`);
  }
  return broken;
}

function filesUnder(relative: string): string[] {
  const full = path.join(ROOT, relative);
  if (!readdirSync(path.dirname(full)).includes(path.basename(full))) return [];
  if (TEXT_FILE.test(relative)) return [relative];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : filesUnder(child);
    return TEXT_FILE.test(entry.name) ? [child] : [];
  });
}

function knownTargets(): Known {
  const rules = readFileSync(path.join(ROOT, "docs/product-rules.md"), "utf8");
  const headings = [...rules.matchAll(/^## (.+)$/gm)].map((match) => match[1]!.trim());
  return {
    headings: new Set(headings),
    anchors: new Set(headings.map(anchorOf)),
    decisionFiles: readdirSync(path.join(ROOT, "docs/decisions")),
  };
}

describe("cited product rules and decisions", () => {
  const known = knownTargets();

  it("reads the headings and the decisions", () => {
    expect(known.headings).toContain("Request statuses and actions");
    expect(known.decisionFiles).toContain("0017-reminders.md");
  });

  it("finds a citation of a heading or a decision that does not exist", () => {
    const bad = [
      "// (product rules: Request statuses and actions, Free-request use): the rest",
      "// as decisions 0017 and 0999 say; see docs/decisions/0017-remind.md",
      "See [the calls](docs/product-rules.md#no-such-heading).",
    ].join("\n");
    expect(brokenCitations(bad, known)).toEqual([
      'product rules heading "Free-request use" (in "product rules: Request statuses and actions, Free-request use")',
      "product rules anchor #no-such-heading",
      "decision 0999",
      "decision file decisions/0017-remind.md",
    ]);
    const good = "// product rules: Request statuses and actions, Numbers: see decision\n// 0017 and docs/decisions/0017-reminders.md";
    expect(brokenCitations(good, known)).toEqual([]);
  });

  it("every citation in the code, the docs, the tests and the benches names something that exists", () => {
    const broken = SCANNED.flatMap(filesUnder)
      .filter((file) => file !== THIS_FILE)
      .flatMap((file) => brokenCitations(readFileSync(path.join(ROOT, file), "utf8"), known).map((citation) => `${file}: ${citation}`));
    expect(broken).toEqual([]);
  });
});
