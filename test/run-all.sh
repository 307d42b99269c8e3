#!/usr/bin/env bash
# npm test: every check, cheapest first; the first failure stops the run.
set -euo pipefail
cd "$(dirname "$0")/.."

step() {
  printf '\n=== %s ===\n' "$*"
  local started=$SECONDS
  "$@"
  printf '=== %s: %d s (%d s since the start) ===\n' "${*:1:3}" $((SECONDS - started)) "$SECONDS"
}

# Each vitest layer also writes a JSON report, summed into one closing line at the end.
rm -rf test-results/reports
report() {
  printf -- "--reporter=default --reporter=json --outputFile.json=test-results/reports/%s.json" "$1"
}

step npm run typecheck
step npm run lint:deps
step npm run lint:dead
step npm run lint
step npm run format:check
step npm run build
# shellcheck disable=SC2046
step npm run test:unit -- $(report unit)
step bash test/ensure-chromium.sh
# Every bench part at its smoke size, on the build above: a bench that cannot start fails here (decision 0079).
step npx tsx bench/all.ts --smoke
# shellcheck disable=SC2046
step npm run test:workers -- $(report workers)
# shellcheck disable=SC2046
step npm run test:e2e -- $(report e2e)

node -e '
const { readdirSync, readFileSync } = require("node:fs");
let passed = 0, failed = 0, skipped = 0;
for (const file of readdirSync("test-results/reports")) {
  const report = JSON.parse(readFileSync(`test-results/reports/${file}`, "utf8"));
  passed += report.numPassedTests; failed += report.numFailedTests; skipped += report.numPendingTests + report.numTodoTests;
}
console.log(`\nAll checks passed.\n${passed} passed, ${failed} failed, ${skipped} skipped`);
'
