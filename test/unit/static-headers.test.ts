// The headers Workers Static Assets adds to the files it serves itself (public/_headers, which the
// build copies to build/client/ beside the hashed files under /assets): the Worker's own answers
// get theirs in code (utils/response-headers.server.ts), but these never pass through it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** The rules of a _headers file: a path pattern ("*" matches anything) and its indented headers. */
function rulesOf(file: string) {
  const rules: { pattern: RegExp; headers: Record<string, string> }[] = [];
  for (const line of file.split("\n")) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      const pattern = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
        .replace(/\*/g, ".*");
      rules.push({ pattern: new RegExp(`^${pattern}$`), headers: {} });
      continue;
    }
    const [name, ...value] = line.trim().split(":");
    rules.at(-1)!.headers[name!.toLowerCase()] = value.join(":").trim();
  }
  return rules;
}

/** Every matching rule applies, as Cloudflare's static assets do. */
const headersFor = (rules: ReturnType<typeof rulesOf>, urlPath: string) =>
  Object.assign({}, ...rules.filter((rule) => rule.pattern.test(urlPath)).map((rule) => rule.headers)) as Record<string, string>;

describe("static files", () => {
  const rules = rulesOf(readFileSync(path.join(root, "public/_headers"), "utf8"));

  it("are never sniffed into another type, the hashed scripts and styles under /assets included", () => {
    for (const urlPath of ["/assets/enhance-R266cPjZ.js", "/assets/admin-CSe0kG3j.css", "/favicon.svg", "/speculation-rules.json"]) {
      expect(headersFor(rules, urlPath)["x-content-type-options"], urlPath).toBe("nosniff");
    }
    expect(headersFor(rules, "/assets/enhance-R266cPjZ.js")["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});
