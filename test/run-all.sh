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

# The static checks and the build need no stack and hardly wait on each other: two lanes at once,
# one per core, each printed whole when it ends; a lane stops at its first failure.
lane() {
  local out=$1
  shift
  for script in "$@"; do step npm run "$script" || return 1; done >"$out" 2>&1
}
static_checks_and_build() {
  local dir status=0
  dir=$(mktemp -d)
  lane "$dir/a" typecheck lint:deps lint:dead &
  local first=$!
  lane "$dir/b" build lint format:check &
  local second=$!
  wait "$first" || status=1
  cat "$dir/a"
  wait "$second" || status=1
  cat "$dir/b"
  rm -rf "$dir"
  return "$status"
}
step static_checks_and_build
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
