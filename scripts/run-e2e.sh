#!/usr/bin/env bash
# The browser suite in E2E_SHARDS parts side by side (default 2), each part with a product of its own (its
# own port and data folder), so journeys that change what the whole product shows (an admin's queues, a
# billing period closed for every advertiser) never meet. One Playwright process with two workers shared one
# product and failed such journeys. Each part's lines carry its number; the run fails if any part fails.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../e2e"

shards=${E2E_SHARDS:-2}
if ((shards <= 1)); then
  exec npx playwright test "$@"
fi

pids=()
for ((i = 1; i <= shards; i++)); do
  (
    E2E_OUTPUT_DIR="test-results/shard-$i" npx playwright test --shard="$i/$shards" "$@" 2>&1 |
      sed -u "s/^/[part $i\/$shards] /"
  ) &
  pids+=($!)
done

status=0
for pid in "${pids[@]}"; do
  wait "$pid" || status=1
done
exit "$status"
