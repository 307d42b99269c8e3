// npx tsx bench/inbound-html.ts: the CPU the inbound rules spend on hostile HTML (decision 0065).
// For each size, a digest's subject from a stranger with HTML of nothing but "<" (the security
// review's message): recognising it (isDigest), finding its pieces (parseDigest) and reading it as
// a forwarding confirmation (confirmationContent), each timed by process.cpuUsage. Prints figures;
// never fails. `--old` also times the regular expressions these rules used before the tokenizer.
import { parseArgs } from "node:util";
import { isDigest, parseDigest } from "../app/domain/informed-delivery";
import { confirmationContent } from "../app/domain/mailbox";

const { values: options } = parseArgs({ options: { old: { type: "boolean", default: false } } });
const SIZES = [10_000, 20_000, 40_000, 160_000, 15 * 1024 * 1024];

const cpuMs = (run: () => unknown) => {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

const label = (size: number) => (size >= 1024 * 1024 ? `${size / 1024 / 1024} MB` : `${size / 1000}k`);

console.log("size\tisDigest\tparseDigest\tconfirmation\t(ms of CPU)");
for (const size of SIZES) {
  const html = "<".repeat(size);
  const email = {
    from: { address: "m@evil.example" },
    subject: "Your Daily Digest for Sun, 11/29 is ready to view",
    html,
    attachments: [],
  };
  const figures = [
    cpuMs(() => isDigest(email)),
    cpuMs(() => parseDigest(email, "2026-11-29")),
    cpuMs(() => confirmationContent({ subject: "s", html })),
  ];
  console.log(`${label(size)}\t${figures.map((ms) => ms.toFixed(1)).join("\t")}`);
}

if (options.old) {
  console.log("\nbefore: the tag strip /<[^>]*>/g and the piece matcher /<img\\b[^>]*>/gi (160k and 15 MB skipped: minutes)");
  for (const size of SIZES.slice(0, 3)) {
    const html = "<".repeat(size);
    console.log(
      `${label(size)}\t${cpuMs(() => html.replace(/<[^>]*>/g, "")).toFixed(1)}\t${cpuMs(() => [...html.matchAll(/<img\b[^>]*>/gi)]).toFixed(1)}`,
    );
  }
}
