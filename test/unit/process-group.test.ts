// A stack is stopped once no process of its group runs: members that have exited and wait to be
// reaped (zombies) do not count, since the machine's init may take seconds to reap them.
import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { groupRuns, processStat } from "../support/local-stack";

let holder: ChildProcess | undefined;
afterEach(() => {
  holder?.kill("SIGKILL");
  holder = undefined;
});

/** Whether `pid` has exited and waits to be reaped. */
const isZombie = (pid: number) => processStat(pid)?.state === "Z";

/**
 * A process group whose one member has exited and is not reaped: a parent outside the group forks a
 * child that makes a group of its own and exits, and the parent never waits for it.
 */
async function groupOfOneZombie(): Promise<number> {
  const script = [
    "import os, time",
    "pid = os.fork()",
    "if pid == 0:",
    "    os.setpgid(0, 0)",
    "    os._exit(0)",
    "print(pid, flush=True)",
    "time.sleep(30)",
  ].join("\n");
  holder = spawn("python3", ["-c", script], { stdio: ["ignore", "pipe", "inherit"] });
  const pid = await new Promise<number>((resolve) => holder!.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString()))));
  for (let tries = 0; tries < 100 && !isZombie(pid); tries++) await new Promise((resolve) => setTimeout(resolve, 20));
  return pid;
}

describe.runIf(process.platform === "linux")("a process group", () => {
  it("whose members have all exited runs no more, though they are not reaped yet", async () => {
    const pgid = await groupOfOneZombie();
    expect(isZombie(pgid), "the group's one member waits to be reaped").toBe(true);
    expect(() => process.kill(-pgid, 0), "the group is still there for kill()").not.toThrow();
    expect(groupRuns(pgid)).toBe(false);
  });

  it("with a member running runs", () => {
    holder = spawn("sleep", ["30"], { detached: true, stdio: "ignore" });
    expect(groupRuns(holder.pid)).toBe(true);
  });
});
