#!/usr/bin/env bash
# npm test: lint and type checks, the vitest suites and the browser tests, side by side. Most of the time of
# the vitest suites is spent waiting on the servers (the suites took as long with the machine loaded as
# idle), and the browser suite waits on pages and timers, so on two cores running them one after the other
# left the cores half idle: side by side, the whole takes about as long as the browser suite alone. Each
# line carries its stage's name; each stage's time is printed at the end, and the run fails if any stage
# fails (all run to their end, so one run shows every failure).
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

start=$SECONDS
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

# Runs a stage in the background, its output lines prefixed with its name, its exit code and time kept.
stage() {
  local name=$1
  shift
  (
    local began=$SECONDS
    "$@" 2>&1 | sed -u "s/^/[$name] /"
    local status=${PIPESTATUS[0]}
    echo "$status $((SECONDS - began))" >"$results/$name"
  ) &
}

stage lint npm run lint
stage vitest npx vitest run
stage e2e bash scripts/run-e2e.sh
wait

failed=()
printf '\n==> test stages (side by side)\n'
for name in lint vitest e2e; do
  read -r status seconds <"$results/$name" || { status=1 seconds=0; }
  printf '  %-8s %4d:%02d  %s\n' "$name" $((seconds / 60)) $((seconds % 60)) "$([[ $status == 0 ]] && echo passed || echo "FAILED (exit $status)")"
  [[ $status == 0 ]] || failed+=("$name")
done
printf '  %-8s %4d:%02d\n' total $(((SECONDS - start) / 60)) $(((SECONDS - start) % 60))

if ((${#failed[@]} > 0)); then
  printf 'failed: %s\n' "${failed[*]}" >&2
  exit 1
fi
