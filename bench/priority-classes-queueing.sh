#!/usr/bin/env bash
# Benchmark (not a test) of the priority classes in the adverse case a user meets: two sample
# stock-quote providers that each serve WORKERS calls at once in DELAY_MS and queue the rest inside
# (as a Tomcat thread pool does), one virtual port, classes by message content (symbol HIGH, MIDDLE,
# anything else low), closed-loop wrk clients, on the node's default entry (its data plane). Three
# capacity cases, each on a fresh node with the default options:
#   unknown  no capacityTps: the node finds it (its adaptive concurrency limits)
#   exact    capacityTps = WORKERS * 1000 / DELAY_MS for each provider
#   low      capacityTps 20 % below that
# Per case: the high class alone (HIGH_CONN connections), then all three classes at once (high
# HIGH_CONN, middle MIDDLE_CONN with middleMinimumTps MIDDLE_MIN, low LOW_CONN). It records each
# class's served req/s, non-200 answers and latency, the node's CPU per served call, and the
# providers' own queues (sampled from the node's view: calls in service over the providers' workers).
# Figures go into docs/performance.md between the markers of section priority-classes-queueing.
#
# Settings from the environment (defaults in brackets):
#   WORKERS [10] DELAY_MS [100]   each provider serves WORKERS at once, each call DELAY_MS
#   HIGH_CONN [10] MIDDLE_CONN [30] LOW_CONN [300]   MIDDLE_MIN [40]
#   HIGH_TIMEOUT_MS [5000] MIDDLE_TIMEOUT_MS [5000] LOW_TIMEOUT_MS [2000]
#   WARMUP [40]  seconds of provider warm-up (CXF) before the first case   SETTLE [15]  seconds before each measurement
#   DURATION [30]  seconds per measured part   CASES [unknown exact low]
#   BASE_PORT [19300]  providers at BASE_PORT+1, +2; node at +3 (its data plane at +103); 127.0.0.1 only
#   REFUSAL [1]  also measure what a refusal costs (a flood of low calls against a queue of one, with no
#                pause after a refusal), and the high class beside such a flood on a node that serves, with the
#                default pause after a refusal (refusalPauseMs) and with none; with, as references, the CPU of
#                the cheapest answer the node gives (a 404) and of HAProxy answering with a canned fault itself
#   FLOOD_QUEUE [2 × HIGH_CONN]  queueLength of the flood cases: more than the high class's own connections
#                can fill, far fewer than the low class's
#   DOC [docs/performance.md]   KEEP_WORK []  keep the temporary directory
# The machine must be quiet while this runs: no builds, no tests.
set -euo pipefail
cd "$(dirname "$0")/.."

WORKERS="${WORKERS:-10}"
DELAY_MS="${DELAY_MS:-100}"
HIGH_CONN="${HIGH_CONN:-10}"
MIDDLE_CONN="${MIDDLE_CONN:-30}"
LOW_CONN="${LOW_CONN:-300}"
MIDDLE_MIN="${MIDDLE_MIN:-40}"
HIGH_TIMEOUT_MS="${HIGH_TIMEOUT_MS:-5000}"
MIDDLE_TIMEOUT_MS="${MIDDLE_TIMEOUT_MS:-5000}"
LOW_TIMEOUT_MS="${LOW_TIMEOUT_MS:-2000}"
WARMUP="${WARMUP:-40}"
SETTLE="${SETTLE:-15}"
DURATION="${DURATION:-30}"
CASES="${CASES:-unknown exact low}"
BASE_PORT="${BASE_PORT:-19300}"
DOC="${DOC:-docs/performance.md}"
KEEP_WORK="${KEEP_WORK:-}"
REFUSAL="${REFUSAL:-1}"
FLOOD_QUEUE="${FLOOD_QUEUE:-$((HIGH_CONN * 2))}"

HOST=127.0.0.1
PROVIDER_PORTS=($((BASE_PORT + 1)) $((BASE_PORT + 2)))
NODE_PORT=$((BASE_PORT + 3))
DATA_PORT=$((NODE_PORT + 100))
CANNED_PORT=$((BASE_PORT + 90))
NODE_JAR=sd-node/target/sd-node-standalone.jar
SAMPLES_JAR=samples/target/sd-samples.jar
LUA=bench/priority-class.lua
PORT_URL="http://$HOST:$DATA_PORT/sd/services/ports/StockQuotePortType"
CLK_TCK="$(getconf CLK_TCK)"
CLASSES=(high middle low)
declare -A SYMBOL=([high]=HIGH [middle]=MIDDLE [low]=LOW)
declare -A CONN=([high]=$HIGH_CONN [middle]=$MIDDLE_CONN [low]=$LOW_CONN)
REAL_TPS=$((WORKERS * 1000 / DELAY_MS))
declare -A CAPACITY=([unknown]="" [exact]=$REAL_TPS [low]=$((REAL_TPS * 8 / 10)) [refusal]="" [flood]="" [flood0]="")

for tool in wrk curl $([ "$REFUSAL" = 1 ] && echo haproxy); do
  command -v "$tool" >/dev/null || { echo "$tool is missing; see bench/README.md" >&2; exit 1; }
done
for jar in "$NODE_JAR" "$SAMPLES_JAR"; do
  [ -f "$jar" ] || { echo "$jar is missing; build with: mvn -B -q package -DskipTests" >&2; exit 1; }
done

work="$(mktemp -d -t sd-qos-queueing.XXXXXX)"
pids=()
# shellcheck source=bench/lib.sh
. bench/lib.sh
trap cleanup EXIT
trap 'exit 130' INT TERM

# Samples, every 0.5 s until the file $work/stop exists, the calls the node has in service on the
# port minus the providers' workers: what waits inside the providers (never below 0).
sample_inside() { # out
  : > "$1"
  while [ ! -e "$work/stop" ]; do
    curl -sf "http://$HOST:$NODE_PORT/sd/metrics" \
      | awk -v w=$((2 * WORKERS)) 'index($0, "sd_qos_in_service_requests{") == 1 { s += $NF } END { d = s - w; print (d > 0 ? d : 0) }' >> "$1" || true
    sleep 0.5
  done
}

# The calls of one symbol that have queued inside the providers for a worker (a wait of 1 ms or more,
# behind calls in service), summed over both.
# Prints "queued all behind": all counts every wait, however short; behind, the queued waits that began
# while a call for another symbol (another class) held a worker.
waited_inside() { # symbol
  local p q=0 a=0 b=0 line lq la lb
  for p in "${PROVIDER_PORTS[@]}"; do
    line=$(curl -sf "http://$HOST:$p/provider/waits" | awk -v s="$1" '$1 == s { print $3, $2, $5 }')
    if [ -n "$line" ]; then
      read -r lq la lb <<< "$line"
      q=$((q + lq)); a=$((a + la)); b=$((b + lb))
    fi
  done
  echo "$q $a $b"
}

# Runs wrk for each given class at once for DURATION s; one line per class in classes.tsv, one per part in runs.tsv.
measure() { # case part class...
  local case="$1" part="$2"; shift 2
  local b_node a_node c b_queued b_waits b_behind
  read -r b_queued b_waits b_behind < <(waited_inside HIGH)
  b_node=$(ticks "$NODE_PID")
  rm -f "$work/stop"; sample_inside "$work/$case-$part-inside.txt" & local sampler=$!
  start_class_load "$DURATION" "$work/$case-$part" "$@"
  wait_class_load
  touch "$work/stop"; wait "$sampler"
  a_node=$(ticks "$NODE_PID")
  local served_all=0 answered_all=0
  for c in "$@"; do
    local req non200 p50 p99
    IFS=$'\t' read -r req non200 p50 p99 < <(wrk_summary "$work/$case-$part-$c.txt")
    served_all=$((served_all + req - non200))
    answered_all=$((answered_all + req))
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$case" "$part" "$c" "$req" "$non200" "$p50" "$p99" >> "$work/classes.tsv"
    log "$case $part $c: $req requests, $non200 not 200, p50 $p50 ms, p99 $p99 ms"
  done
  local inside
  inside=$(awk '{ s += $1; n++ } END { printf "%.1f", n ? s / n : 0 }' "$work/$case-$part-inside.txt")
  local a_queued a_waits a_behind
  read -r a_queued a_waits a_behind < <(waited_inside HIGH)
  local waited=$((a_queued - b_queued)) waits=$((a_waits - b_waits)) behind=$((a_behind - b_behind))
  log "$case $part: $waited high calls queued inside a provider for a worker (1 ms or more; $behind of them behind another class's call; $waits waits in all)"
  awk -v k="$case" -v l="$part" -v n="$((a_node - b_node))" -v s="$served_all" -v a="$answered_all" -v hz="$CLK_TCK" -v i="$inside" -v w="$waited" \
    -v all="$waits" -v b="$behind" 'BEGIN { printf "%s\t%s\t%.1f\t%s\t%d\t%.1f\t%d\t%d\t%d\n", k, l, (s > 0) ? n * 1e6 / hz / s : 0, i, a - s, (a > s) ? n * 1e6 / hz / a : 0, w, all, b }' >> "$work/runs.tsv"
}

start_node() { # case [extra attributes of priorityClasses]
  start_bg "$work/node-$1.log" java -jar "$NODE_JAR" --host "$HOST" --port "$NODE_PORT" --data-dir "$work/node-$1" --console none
  NODE_PID=$LAST_PID
  wait_for "http://$HOST:$NODE_PORT/sd/services/home?wsdl" "$NODE_PID"
  set_policy "$NODE_PORT" "$(classes_policy with "${2:-}")"
  local p; for p in "${PROVIDER_PORTS[@]}"; do register_with_capacity "$NODE_PORT" "$p" "${CAPACITY[$1]}"; done
}

# HAProxy answering every request itself, keep-alive, with a SOAP fault of about the node's size.
write_canned_fault_cfg() { # file
  local fault='<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><s:Fault><faultcode>s:Server</faultcode>'
  fault+='<faultstring>Overloaded: the low class is refused while its queue is full</faultstring></s:Fault></s:Body></s:Envelope>'
  {
    printf 'global\n  maxconn 2000\n\ndefaults\n  mode http\n  option http-keep-alive\n'
    printf '  timeout connect 5s\n  timeout client 120s\n  timeout server 120s\n  timeout http-keep-alive 120s\n  maxconn 2000\n\n'
    printf 'frontend canned\n  bind %s:%s\n' "$HOST" "$CANNED_PORT"
    printf '  http-request return status 500 content-type "text/xml; charset=utf-8" string "%s"\n' "$fault"
  } > "$1"
}

# The CPU one process spends per answer under the low class's flood (LOW_CONN connections, refused or
# answered at once), user and kernel apart: one line "name answers user_us sys_us" in costs.tsv.
answer_cost() { # name url pid
  QOS_SYMBOL=LOW wrk -t1 -c"$LOW_CONN" -d"${SETTLE}s" -s "$LUA" "$2" > /dev/null
  local before after
  before=$(split_ticks "$3")
  QOS_SYMBOL=LOW wrk -t1 -c"$LOW_CONN" -d"${DURATION}s" -s "$LUA" "$2" > "$work/cost-$1.txt"
  after=$(split_ticks "$3")
  awk -v n="$1" -v r="$(awk '/ requests in / {print $1}' "$work/cost-$1.txt")" -v b="$before" -v a="$after" -v hz="$CLK_TCK" \
    'BEGIN { split(b, x, " "); split(a, y, " "); printf "%s\t%d\t%.1f\t%.1f\n", n, r, (y[1] - x[1]) * 1e6 / hz / r, (y[2] - x[2]) * 1e6 / hz / r }' \
    >> "$work/costs.tsv"
  log "cost of an answer, $1: $(tail -1 "$work/costs.tsv")"
}

stop_node() {
  kill "$NODE_PID" 2>/dev/null || true
  wait "$NODE_PID" 2>/dev/null || true
}

require_free "${PROVIDER_PORTS[@]}" "$NODE_PORT" "$DATA_PORT" "$CANNED_PORT"
log "starting two providers ($WORKERS workers, $DELAY_MS ms each: $REAL_TPS req/s each)"
for i in 0 1; do
  start_bg "$work/provider-$i.log" java -jar "$SAMPLES_JAR" provider --service stockquote --name "bench-$i" \
    --port "${PROVIDER_PORTS[$i]}" --delay-ms "$DELAY_MS" --workers "$WORKERS"
  wait_for "http://$HOST:${PROVIDER_PORTS[$i]}/stockquote?wsdl" "$LAST_PID"
done
: > "$work/classes.tsv"; : > "$work/runs.tsv"; : > "$work/costs.tsv"

first=1
for case in $CASES; do
  log "case $case: capacityTps ${CAPACITY[$case]:-not declared}"
  start_node "$case"
  if [ "$first" = 1 ]; then
    log "warming the providers up for ${WARMUP}s under overload"
    class_load "$WARMUP" "${CLASSES[@]}"
    first=0
  fi
  class_load "$SETTLE" high
  measure "$case" alone high
  class_load "$SETTLE" "${CLASSES[@]}"
  measure "$case" overload "${CLASSES[@]}"
  stop_node
done

if [ "$REFUSAL" = 1 ]; then
  # A node that can send one call a second and queue one low call, and reads a refused client's next
  # request at once: nearly every low call is refused Overloaded at once, the cost of a refusal itself.
  log "refusal: $LOW_CONN low connections against a queue of one, no pause after a refusal"
  MIDDLE_MIN=0 start_node refusal 'nodeCapacityTps="1" queueLength="1" refusalPauseMs="0"'
  class_load "$SETTLE" low
  measure refusal flood low
  # What one answer costs, split into user and kernel time: the refusal; the node's fault for a port
  # that does not exist (the front's answer, nothing read of the body, nothing metered); the entry's
  # bare 404 for a path outside the ports (the HTTP exchange alone); and, as the lean-proxy
  # reference, HAProxy answering every request with a canned SOAP fault itself.
  answer_cost refusal "$PORT_URL" "$NODE_PID"
  answer_cost unknown_port "http://$HOST:$DATA_PORT/sd/services/ports/NoSuchPort" "$NODE_PID"
  answer_cost entry_404 "http://$HOST:$DATA_PORT/nothing" "$NODE_PID"
  stop_node
  write_canned_fault_cfg "$work/haproxy-canned.cfg"
  start_haproxy "$work/haproxy-canned.cfg"; CANNED_PID=$LAST_PID
  for _ in $(seq 1 40); do port_free "$CANNED_PORT" || break; sleep 0.25; done
  answer_cost haproxy_canned "http://$HOST:$CANNED_PORT/sd/services/ports/StockQuotePortType" "$CANNED_PID"
  kill "$CANNED_PID" 2>/dev/null || true
  # The same flood beside the high class on a node that serves: refusals must not starve the entry.
  # Once with the default pause after a refusal, once with none.
  for flood in flood flood0; do
    pause_attr=""
    [ "$flood" = flood ] || pause_attr=' refusalPauseMs="0"'
    log "$flood: the high class alone, then beside $LOW_CONN low connections refused at once (queueLength $FLOOD_QUEUE$pause_attr)"
    MIDDLE_MIN=0 start_node "$flood" "queueLength=\"$FLOOD_QUEUE\"$pause_attr"
    class_load "$SETTLE" high
    measure "$flood" alone high
    class_load "$SETTLE" high low
    measure "$flood" overload high low
    stop_node
  done
fi

# ---- the doc ----------------------------------------------------------------------------------------
col() { awk -F'\t' -v k="$1" -v l="$2" -v c="$3" -v f="$4" '$1 == k && $2 == l && $3 == c {print $f}' "$work/classes.tsv"; }
run() { awk -F'\t' -v k="$1" -v l="$2" -v f="$3" '$1 == k && $2 == l {print $f}' "$work/runs.tsv"; }
verdict() { awk -v v="$1" -v op="$2" -v t="$3" 'BEGIN { if (v == "n/a") { print "n/a"; exit }
  ok = (op == ">=") ? (v + 0 >= t + 0) : (v + 0 <= t + 0); print ok ? "met" : "**missed**" }'; }

s="$work/section.md"
{
  echo "<!-- bench:priority-classes-queueing:start -->"
  echo "## Priority classes when providers queue inside (bench/priority-classes-queueing.sh)"
  echo
  machine
  echo
  echo "Two sample stock-quote providers, each serving $WORKERS calls at once in $DELAY_MS ms and queueing the rest" \
    "inside ($REAL_TPS req/s each, $((2 * REAL_TPS)) in all). One node with the default options; clients on its data plane." \
    "Classes by message content: high ($HIGH_CONN wrk connections, deadline $HIGH_TIMEOUT_MS ms), middle ($MIDDLE_CONN," \
    "middleMinimumTps $MIDDLE_MIN, $MIDDLE_TIMEOUT_MS ms), low ($LOW_CONN, $LOW_TIMEOUT_MS ms): closed loops, as wrk's" \
    "connections are. Each case on a fresh node: the high class alone, then all three classes; $SETTLE s of settling" \
    "before each, ${DURATION} s measured. *Queued inside* is the mean of the node's calls in service minus the providers'" \
    "$((2 * WORKERS)) workers, sampled every 0.5 s. *High calls queued inside a provider* are counted by the providers" \
    "themselves (\`/provider/waits\`: calls that waited 1 ms or more for a worker, behind calls in service, by the symbol" \
    "they asked for; a shorter wait is a call that arrived as a worker was being given back); of those, *behind another" \
    "class* are the ones whose wait began while a call for another symbol (a middle or low call) held a worker."
  echo
  echo "| capacity | part | class | served req/s | not 200 | p50 ms | p99 ms |"
  echo "| --- | --- | --- | --- | --- | --- | --- |"
  for k in $CASES; do
    for l in alone overload; do
      for c in "${CLASSES[@]}"; do
        req=$(col "$k" "$l" "$c" 4); [ -n "$req" ] || continue
        non=$(col "$k" "$l" "$c" 5)
        echo "| ${CAPACITY[$k]:-unknown} | $l | $c | $(per_s $((req - non))) | $non | $(col "$k" "$l" "$c" 6) | $(col "$k" "$l" "$c" 7) |"
      done
    done
  done
  echo
  echo "| capacity | high served, share of alone | high p99, × alone | high errors | middle req/s (min $MIDDLE_MIN) | queued inside (alone / overload) | high calls queued inside a provider behind another class (overload) | node CPU µs per served call (alone / overload) |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
  for k in $CASES; do
    ha=$(col "$k" alone high 4); hn=$(col "$k" overload high 4); he=$(col "$k" overload high 5)
    share=$(ratio $((hn - he)) "$ha")
    p99=$(ratio "$(col "$k" overload high 7)" "$(col "$k" alone high 7)")
    mid=$(per_s $(( $(col "$k" overload middle 4) - $(col "$k" overload middle 5) )))
    cpu_ratio=$(ratio "$(run "$k" overload 3)" "$(run "$k" alone 3)")
    echo "| ${CAPACITY[$k]:-unknown} | $share ($(verdict "$share" ">=" 0.95)) | $p99 ($(verdict "$p99" "<=" 2)) | $he ($(verdict "$he" "<=" 0)) | $mid ($(verdict "$mid" ">=" "$MIDDLE_MIN")) | $(run "$k" alone 4) / $(run "$k" overload 4) | $(run "$k" overload 9) ($(verdict "$(run "$k" overload 9)" "<=" 0)); $(run "$k" overload 7) queued in all, $(run "$k" alone 7) alone | $(run "$k" alone 3) / $(run "$k" overload 3) = ${cpu_ratio}× ($(verdict "$cpu_ratio" "<=" 2)) |"
  done
  if [ "$REFUSAL" = 1 ]; then
    echo
    echo "**Refusal.** With \`nodeCapacityTps=\"1\" queueLength=\"1\" refusalPauseMs=\"0\"\`, $LOW_CONN low connections for ${DURATION} s:" \
      "$(run refusal flood 5) calls refused at once ($(per_s "$(run refusal flood 5)") a second), the node spent" \
      "$(run refusal flood 6) µs of CPU per answer. What one answer costs, user and kernel time apart, each under the" \
      "same flood ($LOW_CONN connections, ${DURATION} s after ${SETTLE} s): the node's refusal; its \`UnknownVirtualPort\`" \
      "fault for a port that does not exist (the front's answer: a request id, the chain's first step and a SOAP fault," \
      "nothing read of the body, nothing metered); its data plane's bare 404 for a path outside the ports (the HTTP" \
      "exchange alone); and, as the lean-proxy reference, HAProxy answering every request itself with a canned SOAP fault" \
      "(\`http-request return status 500\`). A relayed call's cost, the node's and HAProxy's, is in the proxy" \
      "comparison's throughput section."
    echo
    echo "| answer | answers a second | user µs | kernel µs | CPU µs per answer |"
    echo "| --- | ---: | ---: | ---: | ---: |"
    awk -F'\t' -v d="$DURATION" '{ label = ($1 == "refusal") ? "node: refusal (`Overloaded`)" : ($1 == "unknown_port") ? "node: fault for an unknown port" : ($1 == "entry_404") ? "node: bare 404 of the data plane" : "HAProxy: canned SOAP fault"
      printf "| %s | %.0f | %.1f | %.1f | **%.1f** |\n", label, $2 / d, $3, $4, $3 + $4 }' "$work/costs.tsv"
    echo
    echo "**Under a refusal flood.** On a node with the default options and \`queueLength=\"$FLOOD_QUEUE\"\` (more than" \
      "the high class's $HIGH_CONN connections can fill), the high class beside $LOW_CONN low connections whose calls" \
      "are refused at once:"
    echo
    echo "| pause after a refusal | refusals a second | node CPU µs per answer | high served req/s | share of alone | high p99 ms (alone) | high errors |"
    echo "| --- | --- | --- | --- | --- | --- | --- |"
    for flood in flood flood0; do
      fa=$(col $flood alone high 4); fo=$(col $flood overload high 4); fe=$(col $flood overload high 5)
      fshare=$(ratio $((fo - fe)) "$fa")
      label="50 ms (the default)"; [ "$flood" = flood ] || label="none (\`refusalPauseMs=\"0\"\`)"
      echo "| $label | $(per_s "$(col $flood overload low 5)") | $(run $flood overload 6) | $(per_s $((fo - fe))) |" \
        "$fshare ($(verdict "$fshare" ">=" 0.95)) | $(col $flood overload high 7) ($(col $flood alone high 7)) | $fe ($(verdict "$fe" "<=" 0)) |"
    done
  fi
  echo "<!-- bench:priority-classes-queueing:end -->"
} > "$s"
write_section priority-classes-queueing "$s"
