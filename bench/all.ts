// npm run bench: every part in turn, one after the other so that no part slows another, then
// every budget's verdict in one list. Each part prints its own figures; a part that cannot finish
// says so and the next one runs. Never fails.
//
// `npx tsx bench/all.ts home dashboard` runs only the parts named.
import { spawn } from "node:child_process";
import { REPO_ROOT } from "../test/support/local-stack";

const PARTS = [
  { name: "home", file: "bench/home-vs-static.ts", what: "home page weight and throughput against a static file" },
  { name: "dashboard", file: "bench/dashboard.ts", what: "dashboard round trips, latency at scale, JavaScript" },
  { name: "catalog", file: "bench/catalog.ts", what: "sender catalog coverage and search" },
  { name: "photo", file: "bench/photo.ts", what: "photos of mail read by the stand-in" },
  { name: "journeys", file: "bench/journeys.ts", what: "signup and sign-in journeys in Chromium on a slow phone, JavaScript on and off" },
  { name: "queue", file: "bench/queue-wave.ts", what: "the queue under a wave of 10,000 signups" },
  { name: "delivery", file: "bench/delivery.ts", what: "a month of requests to senders, letters through Lob, before and after" },
  { name: "mailbox", file: "bench/mailbox.ts", what: "a month of Informed Delivery digests for 50 households, read and matched" },
  {
    name: "followup",
    file: "bench/followup.ts",
    what: "a year of follow-ups for 1,500 households (10,000 with --households), the ladder off and on",
  },
];

/** Lines in which a part says whether one of its budgets or targets holds. */
const VERDICT = /\b(holds|MISSED|within budget|OVER budget)\b/;

async function runPart(file: string, onLine: (line: string) => void): Promise<number | null> {
  const child = spawn(process.execPath, ["--import", "tsx", file], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "inherit"] });
  let pending = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    process.stdout.write(chunk);
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) onLine(line);
  });
  return new Promise((resolve) => {
    child.on("close", (code) => {
      if (pending) onLine(pending);
      resolve(code);
    });
  });
}

const chosen = process.argv.slice(2);
const parts = chosen.length > 0 ? PARTS.filter((part) => chosen.includes(part.name)) : PARTS;
const verdicts: Array<{ part: string; line: string }> = [];
const started = performance.now();

for (const part of parts) {
  console.log(`\n==== ${part.name}: ${part.what} (${part.file}) ====\n`);
  const partStarted = performance.now();
  const code = await runPart(part.file, (line) => {
    if (VERDICT.test(line)) verdicts.push({ part: part.name, line: line.trim() });
  });
  const seconds = ((performance.now() - partStarted) / 1000).toFixed(0);
  console.log(`\n(${part.name} took ${seconds} s${code === 0 ? "" : `, exit code ${code}`})`);
}

console.log(`\n==== Budgets and targets, ${parts.length} parts in ${((performance.now() - started) / 60_000).toFixed(1)} min ====\n`);
for (const { part, line } of verdicts) console.log(`${/MISSED|OVER budget/.test(line) ? "MISSED" : "holds "}  ${part.padEnd(10)}  ${line}`);
const missed = verdicts.filter(({ line }) => /MISSED|OVER budget/.test(line)).length;
console.log(`\n${verdicts.length - missed} hold, ${missed} missed.`);
