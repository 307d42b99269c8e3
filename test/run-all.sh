#!/usr/bin/env bash
# npm test: every check, cheapest first; the first failure stops the run.
set -euo pipefail
cd "$(dirname "$0")/.."

step() {
  printf '\n=== %s ===\n' "$*"
  "$@"
}

step npm run typecheck
step npm run build
step npm run test:unit
step npm run test:workers
step bash test/ensure-chromium.sh
step npm run test:e2e

printf '\nAll checks passed.\n'
