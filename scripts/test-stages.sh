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

stage lint npm run lint
stage vitest npx vitest run
stage e2e bash scripts/run-e2e.sh
