#!/usr/bin/env bash
# Superseded by bench/proxy-comparison.sh, which measures the same direct and virtual-port paths
# and HAProxy beside them, with CPU per request. Kept so that old notes and habits still work:
#
#   bench/virtual-port-vs-direct.sh [DURATION_SECONDS=20] [CONNECTIONS=64] [ROUNDS=3]
#
# runs its throughput part with those settings. Its figures go to the proxy-throughput section of
# docs/performance.md; the old virtual-port-vs-direct section there stays as history.
set -euo pipefail
DURATION="${1:-${DURATION:-20}}" CONNECTIONS="${2:-${CONNECTIONS:-64}}" ROUNDS="${3:-${ROUNDS:-3}}" \
  exec "$(dirname "$0")/proxy-comparison.sh" throughput
