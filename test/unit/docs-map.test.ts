import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The map a newcomer reads first: the README's Layout, and the decision records with their index
// (docs/decisions/README.md). Each record opens with one line that says what was decided, and the
// index repeats that line, so a record added without it, or left out of the index, fails here.

const ROOT = path.resolve(import.meta.dirname, "../..");
const DECISIONS = path.join(ROOT, "docs/decisions");
const INDEX = path.join(DECISIONS, "README.md");
const ONE_LINE = "**In one line:** ";
/** "About 30 words": room for a few more, not for a paragraph. */
const MOST_WORDS = 40;

type DecisionRecord = { file: string; number: string; title: string | undefined; oneLine: string | undefined };

function decisionRecords(): DecisionRecord[] {
  return readdirSync(DECISIONS)
    .filter((file) => /^\d{4}-[\w-]+\.md$/.test(file))
    .sort()
    .map((file) => {
      const lines = readFileSync(path.join(DECISIONS, file), "utf8").split(/\r?\n/);
      const heading = /^# (\d+)\. (.+)$/.exec(lines[0] ?? "");
      const number = file.slice(0, 4);
      const firstText = lines.slice(1).find((line) => line.trim() !== "");
      return {
        file,
        number,
        title: heading && Number(heading[1]) === Number(number) ? heading[2]!.trim() : undefined,
        oneLine: firstText?.startsWith(ONE_LINE) ? firstText.slice(ONE_LINE.length).trim() : undefined,
      };
    });
}

type IndexEntry = { number: string; file: string; title: string; oneLine: string; status: string };

/** `- [0002](0002-….md) **Title.** The one line. _In force._` (or `_Superseded in part by …_`). */
const ENTRY = /^- \[(\d{4})\]\(([^)\s]+)\) \*\*(.+?)\*\* (.+) _((?:In force|Superseded)[^_]*)_$/;

function indexEntries(text: string) {
  const entries: IndexEntry[] = [];
  const unreadable: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!/^- \[\d{4}\]/.test(line)) continue;
    const match = ENTRY.exec(line);
    if (!match) {
      unreadable.push(line.slice(0, 60));
      continue;
    }
    const [, number, file, title, oneLine, status] = match;
    entries.push({ number: number!, file: file!, title: title!.replace(/\.$/, ""), oneLine: oneLine!.trim(), status: status!.trim() });
  }
  return { entries, unreadable };
}

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("the decision records", () => {
  const records = decisionRecords();

  it("each opens with its number, its title and one line of what was decided", () => {
    expect(records.length).toBeGreaterThan(0);
    const problems = records.flatMap(({ file, title, oneLine }) => [
      ...(title ? [] : [`${file}: the first line is not "# <its number>. <title>"`]),
      ...(oneLine ? [] : [`${file}: no "${ONE_LINE.trim()}" line right under the title`]),
      ...(oneLine && wordsOf(oneLine) > MOST_WORDS ? [`${file}: the one line has ${wordsOf(oneLine)} words (at most ${MOST_WORDS})`] : []),
    ]);
    expect(problems).toEqual([]);
  });

  it("are all in the index, once each, with their title, their one line and whether they still hold", () => {
    const { entries, unreadable } = indexEntries(readFileSync(INDEX, "utf8"));
    expect(unreadable).toEqual([]);
    const byNumber = new Map<string, IndexEntry[]>();
    for (const entry of entries) byNumber.set(entry.number, [...(byNumber.get(entry.number) ?? []), entry]);

    const problems: string[] = [];
    for (const record of records) {
      const found = byNumber.get(record.number) ?? [];
      if (found.length !== 1) {
        problems.push(`${record.file}: listed ${found.length} times in the index`);
        continue;
      }
      const entry = found[0]!;
      if (entry.file !== record.file) problems.push(`${record.number}: the index links to ${entry.file}, not ${record.file}`);
      if (record.title && entry.title !== record.title.replace(/\.$/, ""))
        problems.push(`${record.number}: the index's title differs from the record's`);
      if (record.oneLine && entry.oneLine !== record.oneLine)
        problems.push(`${record.number}: the index's one line differs from the record's`);
    }
    const numbers = new Set(records.map((record) => record.number));
    for (const entry of entries) {
      if (!numbers.has(entry.number)) problems.push(`the index lists ${entry.number}, which has no record`);
    }
    expect(problems).toEqual([]);
  });

  it("are linked from the index only where a record is", () => {
    const files = new Set(records.map((record) => record.file));
    const links = [...readFileSync(INDEX, "utf8").matchAll(/\]\(([^)\s]+\.md)\)/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((link) => !files.has(link))).toEqual([]);
  });
});

/** The entries of the README's Layout block: `app/`, `  routes/`, `  worker.ts` … as paths from the root. */
function layoutPaths() {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const section = readme.split(/^## Layout$/m)[1]?.split(/^## /m)[0] ?? "";
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  const parents: string[] = [];
  const paths: string[] = [];
  for (const line of block.split("\n")) {
    // An entry sits at depth 0, 1 or 2 (two spaces each); deeper lines continue a description.
    const entry = /^((?: {2}){0,2})([\w.[\]-]+\/?)(?: |$)/.exec(line);
    if (!entry || !/\/$|\./.test(entry[2]!)) continue;
    const depth = entry[1]!.length / 2;
    parents.length = depth;
    const name = entry[2]!;
    paths.push([...parents, name].join(""));
    if (name.endsWith("/")) parents[depth] = name;
  }
  return paths;
}

function directoriesIn(relative: string, leaveOut: Set<string> = new Set()) {
  return readdirSync(path.join(ROOT, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !leaveOut.has(entry.name))
    .map((entry) => `${relative ? `${relative}/` : ""}${entry.name}/`);
}

describe("the README's layout", () => {
  const listed = layoutPaths();

  it("names every folder of the repository's top level, of app/ and of test/", () => {
    // What git does not keep (.gitignore's plain names) is no part of the layout.
    const ignored = readFileSync(path.join(ROOT, ".gitignore"), "utf8")
      .split("\n")
      .map((line) => line.trim().replace(/^\//, "").replace(/\/$/, ""))
      .filter((line) => line && !/[*/]/.test(line));
    const folders = [...directoriesIn("", new Set([".git", ...ignored])), ...directoriesIn("app"), ...directoriesIn("test")];
    expect(folders.filter((folder) => !listed.includes(folder))).toEqual([]);
  });

  it("names nothing that is not there", () => {
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((entry) => !existsSync(path.join(ROOT, entry)))).toEqual([]);
  });
});
