// The registry mirror these machines use serves only the linux-x64-gnu builds of some native
// packages (rollup, tailwind's oxide). npm then leaves the other platforms' optional packages out
// of package-lock.json, and `npm ci` refuses the lock ("Missing: ... from lock file").
// This adds a lock entry for each missing optional package, with the version its parent pins and
// the os/cpu/libc its name states, so npm ci skips it on other platforms without fetching it.
// Run after `npm install` changes the lock: node .ci/complete-lockfile.mjs
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const packages = lock.packages;

const OSES = ["android", "darwin", "freebsd", "linux", "openbsd", "openharmony", "win32"];
const CPUS = ["arm64", "x64", "ia32", "loong64", "ppc64", "riscv64", "s390x", "arm"];

function platformOf(name) {
  const base = name.split("/").pop();
  if (base.includes("wasm32")) return { cpu: ["wasm32"] };
  const os = OSES.find((candidate) => base.includes(`-${candidate}-`) || base.endsWith(`-${candidate}`));
  const cpu = CPUS.find((candidate) => new RegExp(`-${candidate}(-|$)`).test(base));
  if (!os) return null;
  const platform = { os: [os] };
  if (cpu) platform.cpu = [cpu];
  if (base.includes("musl")) platform.libc = ["musl"];
  else if (os === "linux" && base.includes("gnu")) platform.libc = ["glibc"];
  return platform;
}

const added = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const nestedKey = `${path}/node_modules/${name}`;
    if (packages[key] || packages[nestedKey]) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    packages[key] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added.push(`${name}@${version}`);
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length
    ? `added ${added.length} optional platform packages:\n  ${added.join("\n  ")}`
    : "the lock already lists every optional platform package",
);
