#!/usr/bin/env bash
# npm test: lint and type checks, then the vitest suites, then the browser tests, stopping at the first
# that fails; each stage's time is printed at the end so a slower CI shows where the minutes went.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

names=()
times=()
summary() {
  printf '\n==> test stages\n'
  for i in "${!names[@]}"; do
    printf '  %-8s %4d:%02d\n' "${names[$i]}" $((times[i] / 60)) $((times[i] % 60))
  done
}
trap summary EXIT

stage() {
  local name=$1
  shift
  local start=$SECONDS
  "$@"
  local status=$?
  names+=("$name")
  times+=($((SECONDS - start)))
  if ((status != 0)); then
    printf 'stage %s failed (exit %d)\n' "$name" "$status" >&2
    exit "$status"
  fi
}

# Lint and the type checks keep the CPU busy while most vitest files wait on their servers, so they run side
# by side; lint's output is printed when it ends, and either failing fails the run before the browser stage.
lint_log=$(mktemp)
lint_start=$SECONDS
npm run lint >"$lint_log" 2>&1 &
lint_pid=$!
# Each file's time goes to test-results/vitest.json as well, to find where the minutes go.
mkdir -p test-results
stage vitest npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
wait "$lint_pid"
lint_status=$?
cat "$lint_log"
rm -f "$lint_log"
names+=("lint")
times+=($((SECONDS - lint_start)))
if ((lint_status != 0)); then
  printf 'stage lint failed (exit %d)\n' "$lint_status" >&2
  exit "$lint_status"
fi
stage e2e bash scripts/run-e2e.sh
