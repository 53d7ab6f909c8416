#!/usr/bin/env bash
# Benchmark (not a test) of the priority classes: one node in front of one sample stock-quote
# provider of a fixed capacity (its 200 Tomcat threads, each held DELAY_MS per request), and three
# wrk clients, one per class (the policy classes requests by their symbol: HIGH, MIDDLE, anything
# else low), together offering about three times what the provider can serve. It measures
#   unloaded  the high class alone: its latency when nothing competes
#   classes   the three classes at once under the policy's priority classes
#   none      the same load under a policy without priority classes, for contrast
# and for each: per class, requests offered and served per second, latency percentiles, and from the
# node's /sd/metrics the requests admitted, timed out in the queue and dropped; the node's dispatches
# (to compare with what it admitted) and its live threads; CPU per served request of node and provider.
# The figures go into docs/performance.md between the markers of section priority-classes.
#
# Settings from the environment (defaults in brackets):
#   DELAY_MS [500]  the provider's delay; its capacity is 200 threads / delay (400 req/s at 500 ms)
#   CAPACITY [360]  the capacityTps the provider registers (kept under its real capacity)
#   HIGH_CONN [60] MIDDLE_CONN [120] LOW_CONN [480]  wrk connections per class
#   MIDDLE_MIN [100]  middleMinimumTps     HIGH_TIMEOUT_MS [5000] MIDDLE_TIMEOUT_MS [3000] LOW_TIMEOUT_MS [1000]
#   WARMUP [40]  seconds of warm-up under overload before anything is measured   DURATION [30]  seconds per part
#   BASE_PORT [19200]  ports BASE_PORT+1 (provider) and +2 (node), on 127.0.0.1 only
#   DOC [docs/performance.md]   KEEP_WORK []  keep the temporary directory (logs, raw wrk output)
# The machine must be quiet while this runs: no builds, no tests.
set -euo pipefail
cd "$(dirname "$0")/.."

DELAY_MS="${DELAY_MS:-500}"
CAPACITY="${CAPACITY:-360}"
HIGH_CONN="${HIGH_CONN:-60}"
MIDDLE_CONN="${MIDDLE_CONN:-120}"
LOW_CONN="${LOW_CONN:-480}"
MIDDLE_MIN="${MIDDLE_MIN:-100}"
HIGH_TIMEOUT_MS="${HIGH_TIMEOUT_MS:-5000}"
MIDDLE_TIMEOUT_MS="${MIDDLE_TIMEOUT_MS:-3000}"
LOW_TIMEOUT_MS="${LOW_TIMEOUT_MS:-1000}"
WARMUP="${WARMUP:-40}"
DURATION="${DURATION:-30}"
BASE_PORT="${BASE_PORT:-19200}"
DOC="${DOC:-docs/performance.md}"
KEEP_WORK="${KEEP_WORK:-}"

HOST=127.0.0.1
PROVIDER_PORT=$((BASE_PORT + 1))
NODE_PORT=$((BASE_PORT + 2))
NODE_JAR=sd-node/target/sd-node-standalone.jar
SAMPLES_JAR=samples/target/sd-samples.jar
LUA=bench/priority-class.lua
PORT_URL="http://$HOST:$NODE_PORT/sd/services/ports/StockQuotePortType"
CLK_TCK="$(getconf CLK_TCK)"
CLASSES=(high middle low)
declare -A SYMBOL=([high]=HIGH [middle]=MIDDLE [low]=LOW)
declare -A CONN=([high]=$HIGH_CONN [middle]=$MIDDLE_CONN [low]=$LOW_CONN)

for tool in wrk curl; do
  command -v "$tool" >/dev/null || { echo "$tool is missing; see bench/README.md" >&2; exit 1; }
done
for jar in "$NODE_JAR" "$SAMPLES_JAR"; do
  [ -f "$jar" ] || { echo "$jar is missing; build with: mvn -B -q package -DskipTests" >&2; exit 1; }
done

work="$(mktemp -d -t sd-qos-bench.XXXXXX)"
pids=()
# shellcheck source=bench/lib.sh
. bench/lib.sh
trap cleanup EXIT
trap 'exit 130' INT TERM

threads_of() { awk '/^Threads:/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0; }

# Runs wrk for each given class at once for DURATION s; records per class and per process.
measure() { # label class...
  local label="$1"; shift
  local before="$work/$label-metrics-before.txt" after="$work/$label-metrics-after.txt"
  curl -sf "http://$HOST:$NODE_PORT/sd/metrics" > "$before"
  local b_node b_prov; b_node=$(ticks "$NODE_PID"); b_prov=$(ticks "$PROVIDER_PID")
  start_class_load "$DURATION" "$work/$label" "$@"
  local max_threads=0 t
  for _ in $(seq 1 $((DURATION / 2))); do
    t=$(threads_of "$NODE_PID"); [ "$t" -gt "$max_threads" ] && max_threads=$t
    sleep 2
  done
  wait_class_load
  local a_node a_prov; a_node=$(ticks "$NODE_PID"); a_prov=$(ticks "$PROVIDER_PID")
  curl -sf "http://$HOST:$NODE_PORT/sd/metrics" > "$after"
  local served_all=0
  for c in "$@"; do
    local req non200 p50 p99
    IFS=$'\t' read -r req non200 p50 p99 < <(wrk_summary "$work/$label-$c.txt")
    local admitted timed dropped
    admitted=$(( $(metric "$after" sd_qos_admitted_total "$c") - $(metric "$before" sd_qos_admitted_total "$c") ))
    timed=$(( $(metric "$after" sd_qos_timed_out_total "$c") - $(metric "$before" sd_qos_timed_out_total "$c") ))
    dropped=$(( $(metric "$after" sd_qos_dropped_total "$c") - $(metric "$before" sd_qos_dropped_total "$c") ))
    served_all=$((served_all + req - non200))
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$c" "$req" "$non200" "$p50" "$p99" "$admitted" "$timed" "$dropped" >> "$work/classes.tsv"
    log "$label $c: $req requests, $non200 not 200, p50 $p50 ms, p99 $p99 ms; node admitted $admitted, timed out $timed, dropped $dropped"
  done
  local dispatched
  dispatched=$(( $(metric "$after" sd_dispatch_seconds_count) - $(metric "$before" sd_dispatch_seconds_count) ))
  awk -v l="$label" -v d="$dispatched" -v t="$max_threads" -v n="$((a_node - b_node))" -v p="$((a_prov - b_prov))" \
    -v s="$served_all" -v hz="$CLK_TCK" 'BEGIN { f = (s > 0) ? 1e6 / hz / s : 0
      printf "%s\t%d\t%d\t%.1f\t%.1f\n", l, d, t, n * f, p * f }' >> "$work/runs.tsv"
  log "$label: node dispatched $dispatched, at most $max_threads live threads"
}

col() { awk -F'\t' -v l="$1" -v c="$2" -v k="$3" '$1 == l && $2 == c {print $k}' "$work/classes.tsv"; }
run() { awk -F'\t' -v l="$1" -v k="$2" '$1 == l {print $k}' "$work/runs.tsv"; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f", 100 * a / b; else print "n/a" }'; }

require_free "$PROVIDER_PORT" "$NODE_PORT"
log "starting provider (delay $DELAY_MS ms) and node"
start_provider bench "$PROVIDER_PORT" "$DELAY_MS" ""; PROVIDER_PID=$LAST_PID
start_bg "$work/node.log" java -jar "$NODE_JAR" --host "$HOST" --port "$NODE_PORT" --data-dir "$work/node-data" --console none
NODE_PID=$LAST_PID
wait_for "http://$HOST:$PROVIDER_PORT/stockquote?wsdl" "$PROVIDER_PID"
wait_for "http://$HOST:$NODE_PORT/sd/services/home?wsdl" "$NODE_PID"
set_policy "$NODE_PORT" "$(classes_policy with)"
register_with_capacity "$NODE_PORT" "$PROVIDER_PORT" "$CAPACITY"
: > "$work/classes.tsv"; : > "$work/runs.tsv"

log "warming up for ${WARMUP}s under overload"
class_load "$WARMUP" "${CLASSES[@]}"
measure unloaded high
measure classes "${CLASSES[@]}"
# Once the requests in flight are answered, every request the queues admitted (since the node
# started, all under the classes) has been dispatched exactly once, and none that expired was.
for _ in $(seq 1 60); do
  curl -sf "http://$HOST:$NODE_PORT/sd/metrics" > "$work/quiet-metrics.txt"
  [ "$(metric "$work/quiet-metrics.txt" sd_requests_in_flight)" = 0 ] \
    && [ "$(metric "$work/quiet-metrics.txt" sd_qos_queued_requests)" = 0 ] && break
  sleep 0.5
done
total_dispatched=$(metric "$work/quiet-metrics.txt" sd_dispatch_seconds_count)
total_admitted=$(metric "$work/quiet-metrics.txt" sd_qos_admitted_total)
set_policy "$NODE_PORT" "$(classes_policy without)"
log "settling ${DURATION}s under the policy without classes"
class_load "$DURATION" "${CLASSES[@]}"
measure none "${CLASSES[@]}"

# ---- the doc ----------------------------------------------------------------------------------------
real_capacity=$(awk -v d="$DELAY_MS" 'BEGIN { printf "%.0f", 200 * 1000 / d }')
s="$work/section.md"
{
  echo "<!-- bench:priority-classes:start -->"
  echo "## Priority classes under overload (bench/priority-classes.sh)"
  echo
  machine
  echo
  echo "One sample stock-quote provider holding each request $DELAY_MS ms on its 200 Tomcat threads (so it serves at most" \
    "$real_capacity req/s), registered with capacityTps $CAPACITY. Three wrk clients, one per class ($HIGH_CONN, $MIDDLE_CONN and" \
    "$LOW_CONN connections; deadlines $HIGH_TIMEOUT_MS, $MIDDLE_TIMEOUT_MS and $LOW_TIMEOUT_MS ms; middle minimum $MIDDLE_MIN req/s)," \
    "after ${WARMUP} s of warm-up under overload; ${DURATION} s per part. *Offered* counts every answer a class got," \
    "*served* the 200 answers; latency percentiles are wrk's over all answers of the class."
  echo
  echo "| part | class | offered req/s | served req/s | served % | p50 ms | p99 ms | admitted | timed out in queue | dropped |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
  for l in unloaded classes none; do
    for c in "${CLASSES[@]}"; do
      req=$(col "$l" "$c" 3); [ -n "$req" ] || continue
      non=$(col "$l" "$c" 4)
      echo "| $l | $c | $(per_s "$req") | $(per_s $((req - non))) | $(pct $((req - non)) "$req") | $(col "$l" "$c" 5) | $(col "$l" "$c" 6) | $(col "$l" "$c" 7) | $(col "$l" "$c" 8) | $(col "$l" "$c" 9) |"
    done
  done
  echo
  echo "| part | node dispatches | admitted by the classes | node live threads (max) | node CPU µs per served request | provider CPU µs per served request |"
  echo "| --- | --- | --- | --- | --- | --- |"
  for l in unloaded classes none; do
    adm=$(awk -F'\t' -v l="$l" '$1 == l {s += $7} END {print s + 0}' "$work/classes.tsv")
    echo "| $l | $(run "$l" 2) | $adm | $(run "$l" 3) | $(run "$l" 4) | $(run "$l" 5) |"
  done
  echo
  # wrk keeps a fixed number of connections (a closed loop): a class slowed down also offers less. Its
  # demand is therefore what the same connections offered alone (the unloaded part), not what they
  # managed to offer under overload.
  high_served=$(pct $(( $(col classes high 3) - $(col classes high 4) )) "$(col unloaded high 3)")
  p99_ratio=$(ratio "$(col classes high 6)" "$(col unloaded high 6)")
  mid_served=$(per_s $(( $(col classes middle 3) - $(col classes middle 4) )))
  echo "| target | measured | verdict |"
  echo "| --- | --- | --- |"
  echo "| class 1 served ≥ 95 % of its demand (what its connections offered alone) | $high_served % | $(awk -v v="$high_served" 'BEGIN { print (v + 0 >= 95) ? "met" : "missed" }') |"
  echo "| class 1 p99 within 2× its unloaded p99 | $p99_ratio× | $(awk -v v="$p99_ratio" 'BEGIN { print (v != "n/a" && v + 0 <= 2) ? "met" : "missed" }') |"
  echo "| class 2 served at least its minimum ($MIDDLE_MIN req/s) | $mid_served req/s | $(awk -v v="$mid_served" -v m="$MIDDLE_MIN" 'BEGIN { print (v + 0 >= m) ? "met" : "missed" }') |"
  echo "| no request sent after its deadline: once quiet, dispatches since start ≤ requests the queues admitted (an admitted request whose deadline passes before its attempt is answered Timeout, not sent) | $total_dispatched dispatches, $total_admitted admitted | $([ "$total_dispatched" -le "$total_admitted" ] && echo met || echo missed) |"
  echo "| node threads stay bounded | at most $(run classes 3) live threads under overload ($(run unloaded 3) unloaded) | see figures |"
  echo "<!-- bench:priority-classes:end -->"
} > "$s"
write_section priority-classes "$s"
