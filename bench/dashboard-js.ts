// The JavaScript a browser downloads for /dashboard, split into the framework's runtime and the
// app's own code, for bench/dashboard.ts.
//
// Which files: Remix's manifest (build/client/assets/manifest-*.js) names, for the entry and for
// each route, its module and the chunks it imports; /dashboard matches the routes `root` and
// `routes/dashboard`, so the page loads entry + root + dashboard with their imports. (With
// v3_lazyRouteDiscovery the manifest file itself is not loaded: a partial manifest is inlined in
// the HTML.) The bench compares this list with the modulepreloads of the real GET /dashboard.
//
// Who wrote what: a chunk may mix both (Rollup puts @remix-run/react's scroll restoration into the
// root chunk, next to app/root.tsx; react-dom's client entry sits in entry.client). Minified code
// keeps no module boundaries, so the client is built a second time, in a temporary copy of the
// repository, with hidden source maps (`remix vite:build --sourcemapClient hidden`: same chunks,
// byte for byte, plus .map files). Each generated character then belongs to the source file of its
// mapping segment (an unmapped stretch, such as a license comment, to the next mapped source in
// the chunk, else the previous one). A chunk's gzip size is shared out between its categories in
// proportion to the gzip size of each category's own text, so the parts add up to the real file.
//
// Categories: framework = react, react-dom, scheduler, @remix-run/*, react-router(-dom),
// turbo-stream (Remix's single-fetch encoding) and Vite's own helpers; app = files under app/;
// other = any other package in node_modules (the app's choice, so counted with the app's code).
import { spawn } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export type Category = "framework" | "app" | "other";
export const CATEGORIES: Category[] = ["framework", "app", "other"];

export type ChunkWeight = {
  file: string;
  raw: number;
  gzip: number;
  /** Gzipped bytes per category; they add up to `gzip`. */
  gzipBy: Record<Category, number>;
  rawBy: Record<Category, number>;
  /** Source files by category, for the report. */
  sources: Record<Category, string[]>;
};

const FRAMEWORK_PACKAGES = new Set(["react", "react-dom", "scheduler", "react-router", "react-router-dom", "turbo-stream"]);
const COPY_EXCLUDES = new Set(["node_modules", "build", ".wrangler", "test-results", ".git"]);
const GZIP_LEVEL = 9;

/**
 * Builds the client with hidden source maps in a temporary copy of `repoRoot` (the shared build/
 * is left alone) and answers its build/client directory. `cleanups` gets the copy's removal.
 */
export async function buildClientWithSourceMaps(repoRoot: string, cleanups: Array<() => Promise<unknown>>): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), "quiet-mailbox-bench-sourcemaps-"));
  cleanups.push(() => rm(copy, { recursive: true, force: true }));
  for (const entry of await readdir(repoRoot)) {
    if (!COPY_EXCLUDES.has(entry)) await cp(join(repoRoot, entry), join(copy, entry), { recursive: true });
  }
  await symlink(join(repoRoot, "node_modules"), join(copy, "node_modules"));
  await run(join(repoRoot, "node_modules", ".bin", "remix"), ["vite:build", "--sourcemapClient", "hidden", "--logLevel", "error"], copy);
  return join(copy, "build", "client");
}

function run(command: string, args: string[], cwd: string) {
  return new Promise<void>((resolvePromise, reject) => {
    let output = "";
    const child = spawn(command, args, { cwd, env: { ...process.env, FORCE_COLOR: "0" }, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
    child.stderr.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${command} ${args.join(" ")} failed (exit ${code}):\n${output}`)),
    );
  });
}

type RemixManifest = {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
};

/** Remix's browser manifest of a build/client directory. */
export async function readRemixManifest(clientDir: string): Promise<RemixManifest> {
  const files = (await readdir(join(clientDir, "assets"))).filter((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (files.length !== 1) throw new Error(`expected one assets/manifest-*.js in ${clientDir}, found ${files.length}`);
  const text = await readFile(join(clientDir, "assets", files[0]!), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return JSON.parse(json) as RemixManifest;
}

/** The JavaScript URLs (/assets/...) a first load of a page matching `routeIds` downloads. */
export function pageModules(manifest: RemixManifest, routeIds: string[]): string[] {
  const urls = [manifest.entry.module, ...(manifest.entry.imports ?? [])];
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in Remix's manifest`);
    urls.push(...(route.imports ?? []), route.module);
  }
  return [...new Set(urls)];
}

/** Weighs one built chunk and attributes its bytes with its source map (`<file>.map`). */
export async function weighChunk(clientDir: string, url: string): Promise<ChunkWeight> {
  const path = join(clientDir, url);
  const code = await readFile(path, "utf8");
  const map = JSON.parse(await readFile(`${path}.map`, "utf8")) as { sources: string[]; mappings: string };
  const categoryOf = map.sources.map(categorize);
  const texts: Record<Category, string[]> = { framework: [], app: [], other: [] };
  const sources: Record<Category, Set<string>> = { framework: new Set(), app: new Set(), other: new Set() };
  map.sources.forEach((source, index) => sources[categoryOf[index]!].add(shortSource(source)));

  for (const span of spans(code, map.mappings)) texts[span.source === null ? "framework" : categoryOf[span.source]!].push(span.text);
  const raw = Buffer.byteLength(code);
  const gzip = gzipSize(code);
  const partGzip = Object.fromEntries(
    CATEGORIES.map((category) => [category, texts[category].length ? gzipSize(texts[category].join("")) : 0]),
  ) as Record<Category, number>;
  const partTotal = CATEGORIES.reduce((sum, category) => sum + partGzip[category], 0);
  const gzipBy = Object.fromEntries(
    CATEGORIES.map((category) => [category, partTotal ? (gzip * partGzip[category]) / partTotal : 0]),
  ) as Record<Category, number>;
  const rawBy = Object.fromEntries(CATEGORIES.map((category) => [category, Buffer.byteLength(texts[category].join(""))])) as Record<
    Category,
    number
  >;
  return {
    file: url.replace(/^\/assets\//, ""),
    raw,
    gzip,
    gzipBy,
    rawBy,
    sources: Object.fromEntries(CATEGORIES.map((category) => [category, [...sources[category]]])) as Record<Category, string[]>,
  };
}

export function gzipSize(text: string | Buffer): number {
  return gzipSync(text, { level: GZIP_LEVEL }).length;
}

/** Framework, app or other, from a source map's `sources` entry (paths relative to the chunk). */
export function categorize(source: string): Category {
  const normalized = source.replace(/\\/g, "/");
  const packageName = normalized.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1];
  if (packageName) return packageName.startsWith("@remix-run/") || FRAMEWORK_PACKAGES.has(packageName) ? "framework" : "other";
  if (/(^|\/)app\//.test(normalized)) return "app";
  // Vite's helpers (preload helper, module preload polyfill) and Remix's virtual modules.
  return "framework";
}

function shortSource(source: string): string {
  const normalized = source.replace(/\\/g, "/");
  const inPackage = normalized.match(/\/node_modules\/(.+)$/)?.[1];
  if (inPackage) return inPackage;
  return normalized.replace(/^(\.\.\/)+/, "");
}

type Span = { text: string; source: number | null };

/** The chunk cut at every mapping segment, each piece with its source index (null: unmapped). */
function spans(code: string, mappings: string): Span[] {
  const lines = code.split("\n");
  const segmentsByLine = decodeMappings(mappings);
  const result: Span[] = [];
  lines.forEach((line, lineIndex) => {
    const segments = segmentsByLine[lineIndex] ?? [];
    let column = 0;
    let source: number | null = null;
    for (const segment of segments) {
      if (segment.column > column) result.push({ text: line.slice(column, segment.column), source });
      column = Math.max(column, segment.column);
      source = segment.source;
    }
    const rest = line.slice(column) + (lineIndex < lines.length - 1 ? "\n" : "");
    if (rest) result.push({ text: rest, source });
  });
  // Unmapped text goes with the next mapped source (a license comment precedes its code).
  let next: number | null = null;
  for (let index = result.length - 1; index >= 0; index--) {
    const span = result[index]!;
    if (span.source === null) span.source = next;
    else next = span.source;
  }
  let previous: number | null = null;
  for (const span of result) {
    if (span.source === null) span.source = previous;
    else previous = span.source;
  }
  return result;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Source map v3 `mappings`: per generated line, the segments' generated column and source index. */
function decodeMappings(mappings: string): Array<Array<{ column: number; source: number | null }>> {
  const lines: Array<Array<{ column: number; source: number | null }>> = [];
  let source = 0;
  for (const line of mappings.split(";")) {
    const segments: Array<{ column: number; source: number | null }> = [];
    let column = 0;
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const fields = decodeVlq(segment);
      column += fields[0]!;
      if (fields.length >= 4) {
        source += fields[1]!;
        segments.push({ column, source });
      } else {
        segments.push({ column, source: null });
      }
    }
    lines.push(segments);
  }
  return lines;
}

function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`invalid source map segment ${segment}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}
