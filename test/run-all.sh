#!/usr/bin/env bash
# npm test: every check, cheapest first; the first failure stops the run.
set -euo pipefail
cd "$(dirname "$0")/.."

step() {
  printf '\n=== %s ===\n' "$*"
  local started=$SECONDS status=0
  "$@" || status=$?
  printf '=== %s: %d s (%d s since the start)%s ===\n' "${*:1:3}" $((SECONDS - started)) "$SECONDS" "$([ "$status" = 0 ] || echo ", FAILED")"
  return "$status"
}

# Each vitest layer also writes a JSON report, summed into one closing line at the end.
rm -rf test-results/reports
report() {
  printf -- "--reporter=default --reporter=json --outputFile.json=test-results/reports/%s.json" "$1"
}

# One local D1, migrated and seeded, that the browser tests' stack and every smoke bench's stacks
# copy instead of each applying every migration and the catalog (SEEDED_D1, test/support/local-stack.ts).
SEEDED_D1=$(mktemp -d)
export SEEDED_D1
trap 'rm -rf "$SEEDED_D1"' EXIT

# The static checks, the build and that D1 need no stack and hardly wait on each other: three lanes
# at once, each printed whole when it ends; a lane stops at its first failure.
types_and_layers() { step npm run typecheck && step npm run lint:deps && step npm run lint:dead; }
build_and_style() { step npm run build && step npm run lint && step npm run format:check; }
seeded_d1() { step npx tsx test/support/seed-d1.ts "$SEEDED_D1"; }
static_checks_build_and_d1() {
  local dir status=0 lane
  dir=$(mktemp -d)
  local -A pids
  for lane in types_and_layers build_and_style seeded_d1; do
    "$lane" >"$dir/$lane" 2>&1 &
    pids[$lane]=$!
  done
  for lane in types_and_layers build_and_style seeded_d1; do
    wait "${pids[$lane]}" || status=1
    cat "$dir/$lane"
  done
  rm -rf "$dir"
  return "$status"
}
step static_checks_build_and_d1
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
