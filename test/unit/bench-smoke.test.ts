import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The smoke step of `npm test` (bench/all.ts --smoke, decision 0079) fails when a bench part cannot
// start, throws, or prints no verdict, and passes a part that prints its verdicts. Checked with
// fake parts given by --part, so no stack starts.

const ROOT = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "bench-smoke-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function part(name: string, source: string) {
  const file = path.join(dir, name);
  writeFileSync(file, source);
  return file;
}

function smoke(...files: string[]) {
  const run = spawnSync(process.execPath, ["--import", "tsx", "bench/all.ts", "--smoke", ...files.flatMap((file) => ["--part", file])], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

const printsVerdict = part(
  "prints-verdict.mjs",
  'console.log(process.argv.includes("--smoke") ? "Budget, a figure: holds" : "no --smoke");\n',
);

describe("bench/all.ts --smoke", () => {
  it("passes a part that runs at smoke size and prints its verdicts", () => {
    const { status, output } = smoke(printsVerdict);
    expect(output).toContain("Budget, a figure: holds");
    expect(status).toBe(0);
  });

  it("fails when a part throws at start, and still runs the others", () => {
    const { status, output } = smoke(part("throws-at-start.mjs", 'throw new Error("the stack did not start");\n'), printsVerdict);
    expect(output).toContain("the stack did not start");
    expect(output).toMatch(/FAILED\s+\S*throws-at-start\.mjs\s+[\d.]+ s\s+exit code 1/);
    expect(output).toContain("Budget, a figure: holds");
    expect(status).toBe(1);
  });

  it("fails when a part's runBench main throws, which at full size only prints why", () => {
    const runBench = JSON.stringify(path.join(ROOT, "bench/run-bench.ts"));
    const { status, output } = smoke(
      part(
        "run-bench-throws.mts",
        `import { runBench } from ${runBench};\nawait runBench("fake", async () => { throw new Error("no stack"); }, async () => {});\n`,
      ),
    );
    expect(output).toContain("fake bench could not finish: no stack");
    expect(output).toMatch(/FAILED\s+\S*run-bench-throws\.mts\s+[\d.]+ s\s+exit code 1/);
    expect(status).toBe(1);
  });

  it("fails when a part exits cleanly without printing a verdict", () => {
    const { status, output } = smoke(part("prints-nothing.mjs", 'console.log("started");\n'));
    expect(output).toMatch(/FAILED\s+\S*prints-nothing\.mjs.*no figures/);
    expect(status).toBe(1);
  });
});
