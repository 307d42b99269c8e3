// A local stack's start-up steps (migrating, seeding) are time-boxed: a hung step is stopped with
// what it started, run once more, and fails saying so when it hangs again.
import { mkdtemp, rm } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { processStat, runStartupStep } from "../support/local-stack";

/** Long enough for a step that does not hang to finish on a busy machine. */
const HANG_AFTER_MS = 3_000;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "startup-step-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A step that hangs (with a child of its own holding its output) on its first `hangs` runs, then finishes. */
function step(hangs: number) {
  const script = `
    runs=$(cat "${dir}/runs" 2>/dev/null || echo 0); runs=$((runs + 1)); echo $runs > "${dir}/runs"
    echo "run $runs"
    if [ $runs -le ${hangs} ]; then sleep 30 & echo $! > "${dir}/child-$runs"; wait; fi
    echo done`;
  return ["sh", ["-c", script]] as [string, string[]];
}

/** Whether a process still runs, two seconds' grace given: one killed a moment ago may linger as a zombie. */
async function stillRunning(pid: number) {
  for (let tries = 0; tries < 20; tries++) {
    const state = processStat(pid)?.state;
    if (state === undefined || state === "Z") return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

describe("a start-up step", { timeout: 4 * HANG_AFTER_MS }, () => {
  it("that hangs once is stopped with its child and run again", async () => {
    const lines: string[] = [];
    await runStartupStep("the step", ...step(1), (line) => lines.push(line), HANG_AFTER_MS);
    expect(lines).toContain("the step did not finish in 3 s; stopped it, trying once more");
    expect(lines.filter((line) => line === "done")).toHaveLength(1);
    expect(await stillRunning(Number(readFileSync(join(dir, "child-1"), "utf8")))).toBe(false);
  });

  it("that hangs twice fails, with what it printed", async () => {
    await expect(runStartupStep("the step", ...step(2), () => {}, HANG_AFTER_MS)).rejects.toThrow(/did not finish in 3 s:\nrun 2/);
  });

  it("that fails is not run again", async () => {
    await expect(runStartupStep("the step", "sh", ["-c", `echo x >> "${dir}/runs"; exit 3`], () => {}, 5_000)).rejects.toThrow(/exit 3/);
    expect(readFileSync(join(dir, "runs"), "utf8")).toBe("x\n");
  });
});
