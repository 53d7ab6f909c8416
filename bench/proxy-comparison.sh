#!/usr/bin/env bash
# Benchmark (not a test) of issue 10: the node's virtual port against a lean proxy, side by side in
# one run on this machine. Three paths carry the same SOAP getQuote to the sample stock-quote
# provider:
#   direct   straight to the provider
#   haproxy  through HAProxy (plain HTTP/1.1 proxy, keep-alive, http-reuse always)
#   node     through the node's virtual port
# For each measured round it records req/s, latency percentiles, errors, and the CPU seconds per
# request of every process involved (from utime+stime in /proc/PID/stat, sampled before and after
# the round), and writes the figures into docs/performance.md between section markers.
#
#   bench/proxy-comparison.sh [throughput] [latency] [sizes] [concurrency] [all]   (default: all)
#
# Settings come from the environment (defaults in brackets); see bench/README.md.
#   WARMUP [40]  seconds of warm-up per path, once per run, before the first measured part; then more
#       slices of STEADY_SLICE [10] s while a JVM's JIT compiler threads took more than STEADY_JIT_PCT [2] %
#       of its CPU in the last slice, up to WARMUP_MAX [180] s per path (bench/lib.sh, warm_until_steady)
#   DURATION [20]  seconds per measured round       ROUNDS [3]  alternating rounds per part
#   THREADS [2]  wrk threads       CONNECTIONS [64]  connections for throughput and sizes
#   LAT_CONNECTIONS [4]  connections for the latency part; LAT_WARMUP [10] s per path at that load before its
#       rounds (the JIT recompiles what the throughput load's profile left out once the load changes)
#   SIZES ["10240 102400"]  envelope sizes in bytes for the sizes part; SIZE_WARMUP [10] s per size and path
#   MAX_MESSAGE_BYTES []  passed to the node as --max-message-bytes when set
#   CONCURRENCY [5000]  requests sent at once per burst in the concurrency part; CONC_DELAY_MS [1000] provider delay
#   CONC_TIMEOUT [30]  the burst client's per-request timeout, s; CONC_WARMUP_BURSTS [3] unmeasured bursts per path
#   CONC_NODE_JAVA_OPTS [-Xmx512m]  the node's extra JVM options in the concurrency part (the issue's heap bound)
#   CONC_PROVIDERS [CONCURRENCY/160 rounded up]  delayed providers (each has 200 Tomcat threads)
#   NODE_JAVA_OPTS, PROVIDER_JAVA_OPTS, CONC_PROVIDER_JAVA_OPTS  extra JVM options
#   NODE_ARGS []  extra launcher options of the node (e.g. --max-connections 8192)
#   NODE_ENTRY [relay]  the node's way in: relay (its --relay-port, on the dispatching event loops) or tomcat
#   TLS []  when 1, HAProxy and the node terminate TLS (one self-signed certificate made in the temporary
#       directory) and wrk calls both over https; the direct path stays plain HTTP. Not for the concurrency part.
#   TRACING []  when 1, the node exports every call's spans over OTLP (--otlp-endpoint) to a stand-in collector
#       (bench/otlp-sink.py, python3, on 127.0.0.1) that reads and drops them: the cost of tracing on. Its own sections.
#   BASE_PORT [19000]  listening ports are BASE_PORT+1 .. BASE_PORT+100+CONC_PROVIDERS, all on 127.0.0.1
#   DOC [docs/performance.md]  where the sections go (point it at a scratch file for trial runs)
#   KEEP_WORK []  when set, the temporary directory (every process's log, wrk's raw output) is kept
#
# The machine must be quiet while this runs: no builds, no tests. Everything talks to 127.0.0.1 only.
set -euo pipefail
cd "$(dirname "$0")/.."

WARMUP="${WARMUP:-40}"
WARMUP_MAX="${WARMUP_MAX:-180}"
STEADY_SLICE="${STEADY_SLICE:-10}"
STEADY_JIT_PCT="${STEADY_JIT_PCT:-2}"
DURATION="${DURATION:-20}"
ROUNDS="${ROUNDS:-3}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-64}"
LAT_CONNECTIONS="${LAT_CONNECTIONS:-4}"
LAT_WARMUP="${LAT_WARMUP:-10}"
SIZES="${SIZES:-10240 102400}"
SIZE_WARMUP="${SIZE_WARMUP:-10}"
MAX_MESSAGE_BYTES="${MAX_MESSAGE_BYTES:-}"
CONCURRENCY="${CONCURRENCY:-5000}"
CONC_DELAY_MS="${CONC_DELAY_MS:-1000}"
CONC_TIMEOUT="${CONC_TIMEOUT:-30}"
CONC_WARMUP_BURSTS="${CONC_WARMUP_BURSTS:-3}"
CONC_NODE_JAVA_OPTS="${CONC_NODE_JAVA_OPTS:--Xmx512m}"
# The sample provider holds one of its 200 Tomcat threads for the whole delay, so one provider
# serves at most 200 delayed requests at once; 160 each leaves room for uneven spreading.
CONC_PROVIDERS="${CONC_PROVIDERS:-$(( (CONCURRENCY + 159) / 160 ))}"
NODE_JAVA_OPTS="${NODE_JAVA_OPTS:-}"
NODE_ARGS="${NODE_ARGS:-}"
NODE_ENTRY="${NODE_ENTRY:-relay}"
TLS="${TLS:-}"
case "$TLS" in ""|0|1) ;; *) echo "TLS must be 1 (or empty/0 for plain HTTP)" >&2; exit 2 ;; esac
[ "$TLS" = 1 ] || TLS=
TRACING="${TRACING:-}"
case "$TRACING" in ""|0|1) ;; *) echo "TRACING must be 1 (or empty/0 for no export)" >&2; exit 2 ;; esac
[ "$TRACING" = 1 ] || TRACING=
case "$NODE_ENTRY" in relay|tomcat) ;; *) echo "NODE_ENTRY must be relay or tomcat" >&2; exit 2 ;; esac
PROVIDER_JAVA_OPTS="${PROVIDER_JAVA_OPTS:-}"
# Dozens of delayed providers mostly sleep; small heaps, the serial collector and the quick
# compiler only keep their start-up (dozens of JVMs on 2 cores) and memory cheap.
CONC_PROVIDER_JAVA_OPTS="${CONC_PROVIDER_JAVA_OPTS:--Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1}"
BASE_PORT="${BASE_PORT:-19000}"
DOC="${DOC:-docs/performance.md}"
KEEP_WORK="${KEEP_WORK:-}"

HOST=127.0.0.1
PROVIDER_PORT=$((BASE_PORT + 1))
HAPROXY_PORT=$((BASE_PORT + 80))
NODE_PORT=$((BASE_PORT + 81))
CONC_HAPROXY_PORT=$((BASE_PORT + 90))
CONC_NODE_PORT=$((BASE_PORT + 91))
CONC_PROVIDER_BASE=$((BASE_PORT + 100))
OTLP_PORT=$((BASE_PORT + 85))
WRK_TIMEOUT=10
LUA=bench/getquote.lua
BURST_SRC=bench/Burst.java
# The 1 KB getQuote of getquote.lua (its head, 800 padding characters, its tail), for the burst client.
LUA_HEAD="$(awk '/^local head =/ {f = 1} /^local tail =/ {f = 0} f' "$LUA" | grep -o "'[^']*'" | tr -d "'\n")"
LUA_TAIL="$(awk '/^local tail =/' "$LUA" | grep -o "'[^']*'" | tr -d "'\n")"
NODE_JAR=sd-node/target/sd-node-standalone.jar
SAMPLES_JAR=samples/target/sd-samples.jar
CLK_TCK="$(getconf CLK_TCK)"
SERVICE_PATH=/stockquote
VIRTUAL_PATH=/sd/services/ports/StockQuotePortType

parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(all)
for p in "${parts[@]}"; do
  case "$p" in throughput|latency|sizes|concurrency|all) ;;
    *) echo "usage: $0 [throughput] [latency] [sizes] [concurrency] [all]" >&2; exit 2 ;;
  esac
done
wants() { local p; for p in "${parts[@]}"; do [ "$p" = "$1" ] || [ "$p" = all ] && return 0; done; return 1; }
if [ -n "$TLS$TRACING" ]; then
  for p in "${parts[@]}"; do
    case "$p" in concurrency|all) echo "TLS=1 and TRACING=1 run only throughput, latency and sizes; name them" >&2; exit 2 ;; esac
  done
fi

for tool in wrk haproxy curl jcmd keytool openssl; do
  command -v "$tool" >/dev/null || { echo "$tool is missing; see bench/README.md (apt-get install -y haproxy wrk)" >&2; exit 1; }
done
for jar in "$NODE_JAR" "$SAMPLES_JAR"; do
  # Never `mvn install` here: it would overwrite the snapshots in ~/.m2 other checkouts use.
  [ -f "$jar" ] || { echo "$jar is missing; build with: mvn -B -q package -DskipTests" >&2; exit 1; }
done

work="$(mktemp -d -t sd-proxy-bench.XXXXXX)"
results="$work/results.tsv" # one row per measured wrk run, see record()
: > "$results"
pids=()
# shellcheck source=bench/lib.sh
. bench/lib.sh
trap cleanup EXIT
trap 'exit 130' INT TERM

# With TLS=1: one self-signed certificate for 127.0.0.1 and localhost, as a PKCS12 keystore for the
# node (--tls-keystore: Tomcat and the relay) and as one PEM of certificate and key for HAProxy.
TLS_PASSWORD=bench-keystore
SECTION_SUFFIX= TLS_LINE=
if [ -n "$TLS" ]; then
  mkdir -p "$work/tls"
  keytool -genkeypair -alias sd-node -keyalg RSA -keysize 2048 -validity 2 -dname CN=localhost \
    -ext SAN=dns:localhost,ip:127.0.0.1 -storetype PKCS12 -keystore "$work/tls/node.p12" \
    -storepass "$TLS_PASSWORD" -keypass "$TLS_PASSWORD" > "$work/tls/keytool.log" 2>&1
  openssl pkcs12 -in "$work/tls/node.p12" -passin "pass:$TLS_PASSWORD" -nokeys -out "$work/tls/node.crt" 2> "$work/tls/openssl.log"
  openssl pkcs12 -in "$work/tls/node.p12" -passin "pass:$TLS_PASSWORD" -nodes -out "$work/tls/node.pem" 2>> "$work/tls/openssl.log"
  NODE_SCHEME=https
  CURL_TLS=(--cacert "$work/tls/node.crt")
  HAPROXY_TLS_PEM="$work/tls/node.pem"
  SECTION_SUFFIX=-tls
  TLS_LINE="Over TLS: HAProxy (\`ssl crt\`, TLSv1.2+) and the node (\`--tls-keystore\`) terminate TLS with the same self-signed RSA 2048 certificate and call the provider in plain HTTP; wrk calls both over https on kept-alive connections. The direct path is plain HTTP."
fi

# The node's data plane (the relay) listens where the launcher puts it with no option: 100 above its
# Tomcat port. NODE_ENTRY=tomcat turns it off (--relay-port off), as a node with one port (a WAR).
RELAY_OFFSET=100
# The targets of issue #25, by entry: the default entry (the data plane) >= 0.85 x HAProxy, >= 0.8 over
# TLS; Tomcat's entry >= 0.7. Each entry writes sections of its own.
TRACING_LINE=
if [ -n "$TRACING" ]; then
  SECTION_SUFFIX="-tracing$SECTION_SUFFIX"
  TRACING_LINE="With tracing on: the node exports every call's spans (\`--otlp-endpoint\`, batches over OTLP/HTTP) to a stand-in collector on this machine (\`bench/otlp-sink.py\`) that reads and drops them; every call is sampled."
fi
if [ "$NODE_ENTRY" = tomcat ]; then
  SECTION_SUFFIX="-tomcat$SECTION_SUFFIX"; RPS_TARGET=0.7
elif [ -n "$TLS" ]; then
  RPS_TARGET=0.8
else
  RPS_TARGET=0.85
fi
P50_TARGET=0.2
start_node() { # port data_dir
  local limit=() relay=()
  [ -z "$MAX_MESSAGE_BYTES" ] || limit=(--max-message-bytes "$MAX_MESSAGE_BYTES")
  local tls=()
  [ "$NODE_ENTRY" = relay ] || relay=(--relay-port off)
  [ -z "$TLS" ] || tls=(--tls-keystore "$work/tls/node.p12")
  local tracing=()
  [ -z "$TRACING" ] || tracing=(--otlp-endpoint "http://$HOST:$OTLP_PORT")
  # shellcheck disable=SC2086
  SD_TLS_KEYSTORE_PASSWORD="$TLS_PASSWORD" start_bg "$work/node-$1.log" java $NODE_JAVA_OPTS -jar "$NODE_JAR" \
    --host "$HOST" --port "$1" --data-dir "$2" --console none "${limit[@]}" "${relay[@]}" "${tls[@]}" "${tracing[@]}" $NODE_ARGS
}

node_url() { # tomcat_port -> the virtual port's URL through the node's entry
  if [ "$NODE_ENTRY" = relay ]; then echo "$NODE_SCHEME://$HOST:$(($1 + RELAY_OFFSET))$VIRTUAL_PATH"
  else echo "$NODE_SCHEME://$HOST:$1$VIRTUAL_PATH"; fi
}

entry_line() {
  if [ "$NODE_ENTRY" = relay ]; then
    echo "The node path enters through the node's relay port (\`--relay-port\`: Netty, requests answered on the event loop that dispatches them)."
  else
    echo "The node path enters through Tomcat's port (the servlet entry)."
  fi
  [ -z "$TLS_LINE" ] || echo "$TLS_LINE"
  if [ -n "$TRACING_LINE" ]; then
    echo "$TRACING_LINE"
    local got; got=$(cat "$work/otlp-received" 2>/dev/null || echo "0 0")
    echo "By the end of this part the stand-in collector had taken ${got% *} batches, $(( ${got#* } / 1048576 )) MiB of spans."
  fi
}

# ---- the three paths of the throughput, latency and sizes parts ----------------------------------

PROVIDER_PID= HAPROXY_PID= NODE_PID=
declare -A URL=() WARMED=()
PATHS=(direct haproxy node)

setup_main() {
  [ -z "$PROVIDER_PID" ] || return 0
  require_free "$PROVIDER_PORT" "$HAPROXY_PORT" "$NODE_PORT" $((NODE_PORT + RELAY_OFFSET))
  log "starting provider, HAProxy and node"
  start_provider bench "$PROVIDER_PORT" 0 "$PROVIDER_JAVA_OPTS"; PROVIDER_PID=$LAST_PID
  if [ -n "$TRACING" ]; then
    require_free "$OTLP_PORT"
    start_bg "$work/otlp-sink.log" python3 bench/otlp-sink.py "$OTLP_PORT" "$work/otlp-received"
  fi
  start_node "$NODE_PORT" "$work/node-data"; NODE_PID=$LAST_PID
  write_haproxy_cfg "$work/haproxy.cfg" "$HAPROXY_PORT" 2000 "$PROVIDER_PORT"
  start_haproxy "$work/haproxy.cfg"; HAPROXY_PID=$LAST_PID
  wait_for "http://$HOST:$PROVIDER_PORT$SERVICE_PATH?wsdl" "$PROVIDER_PID"
  wait_for "$NODE_SCHEME://$HOST:$NODE_PORT/sd/services/home?wsdl" "$NODE_PID"
  register "$NODE_PORT" "$PROVIDER_PORT"
  URL[direct]="http://$HOST:$PROVIDER_PORT$SERVICE_PATH"
  URL[haproxy]="$NODE_SCHEME://$HOST:$HAPROXY_PORT$SERVICE_PATH"
  URL[node]="$(node_url "$NODE_PORT")"
  local path
  for path in "${PATHS[@]}"; do
    [ "$(probe "${URL[$path]}")" = 200 ] || { echo "the $path path does not answer 200 at ${URL[$path]}" >&2; exit 1; }
  done
}

teardown_main() {
  [ -n "$PROVIDER_PID" ] || return 0
  stop_pids "$PROVIDER_PID" "$HAPROXY_PID" "$NODE_PID"
  PROVIDER_PID= HAPROXY_PID= NODE_PID=
}

# The JIT (provider and node), connection pools and HAProxy's buffers settle within tens of
# seconds; each path is warmed once per run, at the throughput load, before anything is measured,
# until the JVMs on it have stopped compiling (HAProxy has no JIT; the provider is on every path).
ensure_warm() {
  local path jvms
  for path in "${PATHS[@]}"; do
    [ -z "${WARMED[$path]:-}" ] || continue
    jvms=("$PROVIDER_PID")
    [ "$path" != node ] || jvms+=("$NODE_PID")
    log "warming $path for ${WARMUP}s, then until steady (at most ${WARMUP_MAX}s)"
    WARMED[$path]=$(warm_until_steady "${URL[$path]}" "$LUA" "$THREADS" "$CONNECTIONS" "${jvms[@]}")
    log "warmed $path for ${WARMED[$path]}s"
  done
}

warm_line() { # the warm-up each path got, for the doc
  echo "Warm-up: at least ${WARMUP} s per path, then ${STEADY_SLICE} s slices until no JVM on the path spent more than ${STEADY_JIT_PCT} % of its CPU compiling (JIT) in the last slice: direct ${WARMED[direct]} s, HAProxy ${WARMED[haproxy]} s, node ${WARMED[node]} s."
}

rounds_table() { # part label -> markdown rows: round, req/s per path, node/HAProxy, node/direct
  awk -F'\t' -v part="$1" -v label="$2" '
    $1 == part && $2 == label {rps[$4, $3] = $5; if (!($4 in seen)) {seen[$4] = 1; order[++n] = $4}}
    END {for (k = 1; k <= n; k++) {r = order[k]
      vh = (rps[r, "haproxy"] > 0) ? rps[r, "node"] / rps[r, "haproxy"] : 0
      vd = (rps[r, "direct"] > 0) ? rps[r, "node"] / rps[r, "direct"] : 0
      printf "| %s | %s | %s | %s | %.2f | %.2f |\n", r, rps[r, "direct"], rps[r, "haproxy"], rps[r, "node"], vh, vd}}' "$results"
}

# ---- the doc ---------------------------------------------------------------------------------------

verdict_at_least() { # value target unit -> met / missed by (two significant digits: a miss never reads 0.00)
  awk -v v="$1" -v t="$2" -v u="$3" 'BEGIN { if (v == "n/a") print "not measured"; else if (v + 0 >= t + 0) print "met"; else printf "missed by %.2g%s\n", t - v, u }'
}
verdict_at_most() {
  awk -v v="$1" -v t="$2" -v u="$3" 'BEGIN { if (v == "n/a") print "not measured"; else if (v + 0 <= t + 0) print "met"; else printf "missed by %.2g%s\n", v - t, u }'
}

# ---- parts -------------------------------------------------------------------------------------------

part_throughput() {
  setup_main; ensure_warm
  log "throughput: $ROUNDS rounds of ${DURATION}s, $CONNECTIONS connections"
  rounds throughput 1k "$CONNECTIONS" "$DURATION"
  local ratio ratio_direct d h n cpu_node cpu_prov_direct cpu_ratio
  ratio=$(paired throughput 1k haproxy node $C_RPS ratio)
  ratio_direct=$(paired throughput 1k direct node $C_RPS ratio)
  d=$(med throughput 1k direct $C_RPS); h=$(med throughput 1k haproxy $C_RPS); n=$(med throughput 1k node $C_RPS)
  cpu_node=$(med throughput 1k node $C_NODE)
  cpu_prov_direct=$(med throughput 1k direct $C_PROV)
  cpu_ratio=$(awk -v a="$cpu_node" -v b="$cpu_prov_direct" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }')
  local cpu_hap cpu_hap_ratio
  cpu_hap=$(med throughput 1k haproxy $C_HAP)
  cpu_hap_ratio=$(awk -v a="$cpu_node" -v b="$cpu_hap" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }')
  local s="$work/section-throughput.md"
  {
    echo "<!-- bench:proxy-throughput$SECTION_SUFFIX:start -->"
    echo "### Throughput: direct, HAProxy, node${TLS:+ over TLS}${TRACING:+, tracing on} (\`${TRACING:+TRACING=1 }${TLS:+TLS=1 }bench/proxy-comparison.sh throughput\`)"
    echo
    machine; entry_line
    echo "A 1 KB SOAP 1.1 \`getQuote\` to one sample stock-quote provider; wrk with $THREADS threads and $CONNECTIONS connections;"
    warm_line
    echo "Then $ROUNDS rounds of ${DURATION} s on each path, alternating (the order rotates each round)."
    echo "HAProxy: \`mode http\`, keep-alive, \`http-reuse always\`, default threads."
    echo
    echo "| round | direct req/s | HAProxy req/s | node req/s | node/HAProxy | node/direct |"
    echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
    rounds_table throughput 1k
    echo
    echo "Medians: direct $d req/s, HAProxy $h req/s, node $n req/s; node/HAProxy **$(fmt "$ratio")** (median of the rounds' ratios), node/direct $(fmt "$ratio_direct")."
    echo
    echo "CPU per request (µs, median of the rounds; utime+stime from \`/proc/PID/stat\` over the round ÷ its requests):"
    echo
    echo "| path | provider | HAProxy | node | wrk |"
    echo "| --- | ---: | ---: | ---: | ---: |"
    echo "| direct | $(med throughput 1k direct $C_PROV) | – | – | $(med throughput 1k direct $C_WRK) |"
    echo "| through HAProxy | $(med throughput 1k haproxy $C_PROV) | $(med throughput 1k haproxy $C_HAP) | – | $(med throughput 1k haproxy $C_WRK) |"
    echo "| through the node | $(med throughput 1k node $C_PROV) | – | $cpu_node | $(med throughput 1k node $C_WRK) |"
    echo
    echo "| target | measured | verdict |"
    echo "| --- | ---: | --- |"
    echo "| node req/s ≥ $RPS_TARGET × HAProxy req/s (1 KB, $CONNECTIONS connections) | $(fmt "$ratio") | $(verdict_at_least "$ratio" "$RPS_TARGET" "") |"
    if [ "$NODE_ENTRY" = relay ]; then
      echo "| node CPU per request ≤ 1.5 × HAProxy's | ${cpu_node} µs vs ${cpu_hap} µs = ${cpu_hap_ratio}× | $(verdict_at_most "$cpu_hap_ratio" 1.5 "×") |"
      echo "| (reported) node CPU per request against the provider's (direct rounds) | ${cpu_node} µs vs ${cpu_prov_direct} µs = ${cpu_ratio}× | – |"
    else
      echo "| node CPU per request ≤ the provider's (direct rounds) | ${cpu_node} µs vs ${cpu_prov_direct} µs = ${cpu_ratio}× | $(verdict_at_most "$cpu_ratio" 1 "×") |"
    fi
    echo "<!-- bench:proxy-throughput$SECTION_SUFFIX:end -->"
  } > "$s"
  write_section "proxy-throughput$SECTION_SUFFIX" "$s"
}

part_latency() {
  setup_main; ensure_warm
  local path
  for path in "${PATHS[@]}"; do
    log "warming $path at $LAT_CONNECTIONS connections for ${LAT_WARMUP}s"
    wrk -t"$THREADS" -c"$LAT_CONNECTIONS" -d"${LAT_WARMUP}s" -s "$LUA" "${URL[$path]}" > /dev/null
  done
  log "latency: $ROUNDS rounds of ${DURATION}s, $LAT_CONNECTIONS connections"
  rounds latency c$LAT_CONNECTIONS "$LAT_CONNECTIONS" "$DURATION"
  local l=c$LAT_CONNECTIONS add50 add99 hadd50 hadd99
  add50=$(paired latency $l direct node $C_P50 diff); add99=$(paired latency $l direct node $C_P99 diff)
  hadd50=$(paired latency $l direct haproxy $C_P50 diff); hadd99=$(paired latency $l direct haproxy $C_P99 diff)
  local s="$work/section-latency.md"
  {
    echo "<!-- bench:proxy-latency$SECTION_SUFFIX:start -->"
    echo "### Added latency at low load${TLS:+ over TLS}${TRACING:+, tracing on} (\`${TRACING:+TRACING=1 }${TLS:+TLS=1 }bench/proxy-comparison.sh latency\`)"
    echo
    machine; entry_line
    echo "The 1 KB \`getQuote\`, wrk with $THREADS threads and $LAT_CONNECTIONS connections (\`--latency\`), after the warm-up above"
    echo "and ${LAT_WARMUP} s more per path at $LAT_CONNECTIONS connections; $ROUNDS rounds of ${DURATION} s on each path, alternating."
    echo "Milliseconds, medians of the rounds."
    echo
    echo "| path | req/s | p50 ms | p99 ms | p50 added over direct | p99 added over direct |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: |"
    echo "| direct | $(med latency $l direct $C_RPS) | $(med latency $l direct $C_P50) | $(med latency $l direct $C_P99) | – | – |"
    echo "| through HAProxy | $(med latency $l haproxy $C_RPS) | $(med latency $l haproxy $C_P50) | $(med latency $l haproxy $C_P99) | $(fmt "$hadd50" 3) | $(fmt "$hadd99" 3) |"
    echo "| through the node | $(med latency $l node $C_RPS) | $(med latency $l node $C_P50) | $(med latency $l node $C_P99) | $(fmt "$add50" 3) | $(fmt "$add99" 3) |"
    echo
    echo "CPU per request at this load (µs, medians): provider $(med latency $l direct $C_PROV) (direct), HAProxy $(med latency $l haproxy $C_HAP), node $(med latency $l node $C_NODE)."
    echo "(\"added\" is the median over rounds of the path's figure minus the direct call's in the same round.)"
    echo
    echo "| target | measured | verdict |"
    echo "| --- | ---: | --- |"
    echo "| node adds ≤ $P50_TARGET ms at p50 ($LAT_CONNECTIONS connections) | $(fmt "$add50" 3) ms | $(verdict_at_most "$add50" "$P50_TARGET" " ms") |"
    echo "| node adds ≤ 2 ms at p99 ($LAT_CONNECTIONS connections) | $(fmt "$add99" 3) ms | $(verdict_at_most "$add99" 2 " ms") |"
    echo "<!-- bench:proxy-latency$SECTION_SUFFIX:end -->"
  } > "$s"
  write_section "proxy-latency$SECTION_SUFFIX" "$s"
}

part_sizes() {
  setup_main; ensure_warm
  local size path refused=""
  for size in $SIZES; do
    # A path that refuses the size would only measure fault replies: check one request first.
    for path in "${PATHS[@]}"; do
      local code; code=$(probe "${URL[$path]}" "$size")
      [ "$code" = 200 ] || refused="$refused $path refused a $size-byte envelope with HTTP $code;"
    done
  done
  [ -z "$refused" ] || { echo "sizes:$refused raise the limit (MAX_MESSAGE_BYTES for the node) and run again" >&2; exit 1; }
  for size in $SIZES; do
    for path in "${PATHS[@]}"; do
      log "warming $path at $size bytes for ${SIZE_WARMUP}s"
      SOAP_BYTES="$size" wrk -t"$THREADS" -c"$CONNECTIONS" -d"${SIZE_WARMUP}s" -s "$LUA" "${URL[$path]}" > /dev/null
    done
    log "sizes: $size bytes, $ROUNDS rounds of ${DURATION}s"
    rounds sizes "$size" "$CONNECTIONS" "$DURATION" "$size"
  done
  local s="$work/section-sizes.md"
  {
    echo "<!-- bench:proxy-sizes$SECTION_SUFFIX:start -->"
    echo "### Larger messages${TLS:+ over TLS}${TRACING:+, tracing on} (\`${TRACING:+TRACING=1 }${TLS:+TLS=1 }bench/proxy-comparison.sh sizes\`)"
    echo
    machine; entry_line
    echo "A \`getQuote\` whose symbol is padded so the request envelope has the size below (the provider echoes it, so the"
    echo "reply is as large); wrk with $THREADS threads and $CONNECTIONS connections; ${SIZE_WARMUP} s of warm-up per size and path, then"
    echo "$ROUNDS rounds of ${DURATION} s on each path, alternating. Node message limit: ${MAX_MESSAGE_BYTES:-its default}."
    echo
    echo "| envelope bytes | direct req/s | HAProxy req/s | node req/s | node/HAProxy | node/direct | CPU µs/req: provider (direct), HAProxy, node |"
    echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    for size in $SIZES; do
      echo "| $size | $(med sizes "$size" direct $C_RPS) | $(med sizes "$size" haproxy $C_RPS) | $(med sizes "$size" node $C_RPS) |" \
        "**$(fmt "$(paired sizes "$size" haproxy node $C_RPS ratio)")** | $(fmt "$(paired sizes "$size" direct node $C_RPS ratio)") |" \
        "$(med sizes "$size" direct $C_PROV), $(med sizes "$size" haproxy $C_HAP), $(med sizes "$size" node $C_NODE) |"
    done
    echo
    echo "Rounds (req/s):"
    echo
    echo "| envelope bytes | round | direct | HAProxy | node | node/HAProxy | node/direct |"
    echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    for size in $SIZES; do rounds_table sizes "$size" | sed "s/^| /| $size | /"; done
    echo
    echo "Only the node/HAProxy ratio is reported at these sizes (no target yet)."
    echo "<!-- bench:proxy-sizes$SECTION_SUFFIX:end -->"
  } > "$s"
  write_section "proxy-sizes$SECTION_SUFFIX" "$s"
}

# ---- concurrency: many callers of slow providers ------------------------------------------------

CONC_PROVIDER_PIDS=()
CUR_HAPROXY_PID= CUR_NODE_PID=

# Samples the node's threads (from /proc, every JVM thread) each second and its heap (jcmd, which
# starts a JVM itself, so only every fifth second) until stopped or the bound is reached.
sample_node() { # pid seconds out
  local pid="$1" n=$(($2 + 30)) out="$3" i=0
  while [ "$i" -lt "$n" ] && kill -0 "$pid" 2>/dev/null; do
    local threads rss heap="- -"
    threads=$(awk '/^Threads:/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo -)
    rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo -)
    if [ $((i % 5)) = 0 ]; then
      heap=$(jcmd "$pid" GC.heap_info 2>/dev/null | awk '/heap/ && / total / {
        for (k = 1; k <= NF; k++) { if ($k == "total") t = $(k + 1); if ($k == "used") u = $(k + 1) }
        gsub(/[K,]/, "", t); gsub(/[K,]/, "", u); print u, t; exit }')
      [ -n "$heap" ] || heap="- -"
    fi
    echo "$i $threads $rss $heap" >> "$out"
    sleep 1; i=$((i + 1))
  done
}

# The bursts through one path (bench/Burst.java: warm-up bursts, then ROUNDS measured ones, on
# connections kept open between them); appends "path burst sent ok non2xx errors p50 p99 max seconds cpu_us_per_req".
bursts() { # path url proxy_pid out
  java -cp "$NODE_JAR" "$BURST_SRC" "$2" "$CONCURRENCY" "$CONC_TIMEOUT" "$work/burst-body.xml" "$CONC_WARMUP_BURSTS" "$ROUNDS" "$3" "$CLK_TCK" \
    | while read -r line; do
        log "concurrency $1 $line"
        echo "$line" | awk -v p="$1" '{ printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", p, $2, $4, $6, $8, $10, $12, $14, $16, $18, $20 }' >> "$4"
      done
}

part_concurrency() {
  teardown_main
  # The burst client, HAProxy and the node each need a descriptor per connection (the node and HAProxy two).
  ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
  local need=$((2 * CONCURRENCY + 1000))
  [ "$(ulimit -n)" = unlimited ] || [ "$(ulimit -n)" -ge "$need" ] || {
    echo "concurrency: ulimit -n is $(ulimit -n), $need needed; raise the hard limit" >&2; exit 1; }
  local ports=() i
  for i in $(seq 1 "$CONC_PROVIDERS"); do ports+=($((CONC_PROVIDER_BASE + i))); done
  require_free "$CONC_HAPROXY_PORT" "$CONC_NODE_PORT" $((CONC_NODE_PORT + RELAY_OFFSET)) "${ports[@]}"
  log "concurrency: starting $CONC_PROVIDERS providers answering after ${CONC_DELAY_MS} ms"
  for i in "${ports[@]}"; do
    start_provider "slow$i" "$i" "$CONC_DELAY_MS" "$CONC_PROVIDER_JAVA_OPTS"; CONC_PROVIDER_PIDS+=("$LAST_PID")
  done
  NODE_JAVA_OPTS="$NODE_JAVA_OPTS $CONC_NODE_JAVA_OPTS" start_node "$CONC_NODE_PORT" "$work/conc-node-data"; CUR_NODE_PID=$LAST_PID
  write_haproxy_cfg "$work/haproxy-conc.cfg" "$CONC_HAPROXY_PORT" $((CONCURRENCY + 1000)) "${ports[@]}"
  start_haproxy "$work/haproxy-conc.cfg"; CUR_HAPROXY_PID=$LAST_PID
  for i in "${!ports[@]}"; do wait_for "http://$HOST:${ports[$i]}$SERVICE_PATH?wsdl" "${CONC_PROVIDER_PIDS[$i]}"; done
  wait_for "http://$HOST:$CONC_NODE_PORT/sd/services/home?wsdl" "$CUR_NODE_PID"
  for i in "${ports[@]}"; do register "$CONC_NODE_PORT" "$i"; done
  # The node waits for a provider as long as HAProxy does (its built-in policy gives each instance 5 s):
  # this part measures holding requests, not giving up on them.
  set_policy "$CONC_NODE_PORT" "<policy xmlns=\"urn:sd:policy:1\"><defaults><selection directive=\"round-robin\"/><recovery retries=\"2\" timeoutMs=\"$((CONC_TIMEOUT * 1000))\"/></defaults></policy>"
  local hurl="http://$HOST:$CONC_HAPROXY_PORT$SERVICE_PATH" nurl="$(node_url "$CONC_NODE_PORT")"
  [ "$(probe "$hurl")" = 200 ] && [ "$(probe "$nurl")" = 200 ] || { echo "concurrency setup does not answer 200" >&2; exit 1; }
  printf '%s%s%s' "$LUA_HEAD" "$(printf 'X%.0s' $(seq 1 800))" "$LUA_TAIL" > "$work/burst-body.xml"
  local idle_threads; idle_threads=$(awk '/^Threads:/ {print $2}' "/proc/$CUR_NODE_PID/status")
  local all="$work/bursts-all.tsv" bursts="$work/bursts.tsv" samples="$work/node-samples.txt" sampler
  : > "$all"; : > "$samples"
  log "concurrency: $CONC_WARMUP_BURSTS warm-up and $ROUNDS measured bursts of $CONCURRENCY requests through HAProxy"
  bursts haproxy "$hurl" "$CUR_HAPROXY_PID" "$all"
  log "concurrency: the same through the node"
  sample_node "$CUR_NODE_PID" $(((CONC_WARMUP_BURSTS + ROUNDS) * (CONC_TIMEOUT + 5))) "$samples" & sampler=$!; pids+=("$sampler")
  bursts node "$nurl" "$CUR_NODE_PID" "$all"
  stop_pids "$sampler"
  awk -F'\t' '$2 !~ /^w/' "$all" > "$bursts"
  local max_threads max_rss max_heap max_committed
  max_threads=$(awk '$2 != "-" && $2 > m {m = $2} END {print m + 0}' "$samples")
  max_rss=$(awk '$3 != "-" && $3 > m {m = $3} END {printf "%.0f", m / 1024}' "$samples")
  max_heap=$(awk '$4 != "-" && $4 > m {m = $4} END {printf "%.0f", m / 1024}' "$samples")
  max_committed=$(awk '$5 != "-" && $5 > m {m = $5} END {printf "%.0f", m / 1024}' "$samples")
  local failed_n; failed_n=$(awk -F'\t' '$1 == "node" { f += $3 - $4 } END { print f + 0 }' "$bursts")
  local sent_n; sent_n=$(awk -F'\t' '$1 == "node" { f += $3 } END { print f + 0 }' "$bursts")
  local s="$work/section-concurrency.md"
  {
    echo "<!-- bench:proxy-concurrency:start -->"
    echo "### Many callers of slow providers (\`bench/proxy-comparison.sh concurrency\`)"
    echo
    machine; entry_line
    echo "$CONC_PROVIDERS sample stock-quote providers answering after ${CONC_DELAY_MS} ms (each has 200 Tomcat threads, so together they can"
    echo "hold $((CONC_PROVIDERS * 200)) requests), registered with one node; HAProxy balances round-robin over the same providers"
    echo "(maxconn $((CONCURRENCY + 1000))). A burst is $CONCURRENCY requests of the 1 KB \`getQuote\` sent at once, each on its own"
    echo "connection, the connections kept open from burst to burst (\`bench/Burst.java\`, timeout ${CONC_TIMEOUT} s); a burst ends when"
    echo "every request is answered. On each path, HAProxy first, then the node: $CONC_WARMUP_BURSTS warm-up bursts (the first opens the"
    echo "connections in waves of 250), then $ROUNDS measured bursts. Node JVM options: \`${NODE_JAVA_OPTS} ${CONC_NODE_JAVA_OPTS}\`, launcher options: \`${NODE_ARGS:-none}\`; the node's"
    echo "policy gives each instance ${CONC_TIMEOUT} s (HAProxy's \`timeout server\` is 120 s)."
    echo "Were the proxy free, a burst would end after about ${CONC_DELAY_MS} ms plus the providers' own work on $CONCURRENCY requests."
    echo
    echo "| path | burst | sent | answered 2xx | non-2xx | errors | p50 ms | p99 ms | last answer ms | CPU µs/req (proxy) |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", ($1 == "node") ? "through the node" : "through HAProxy", $2, $3, $4, $5, $6, $7, $8, $9, $11 }' "$bursts"
    echo
    echo "The node during all its bursts, warm-up included (sampled each second; heap by \`jcmd PID GC.heap_info\` every 5 s): live threads (all JVM"
    echo "threads, from \`/proc/PID/status\`) $idle_threads before, at most **$max_threads**; heap used at most **$max_heap MB** (committed $max_committed MB); RSS at most $max_rss MB."
    echo
    echo "| target | measured | verdict |"
    echo "| --- | ---: | --- |"
    echo "| every one of $CONCURRENCY concurrent requests served ($ROUNDS bursts, $sent_n requests) | $failed_n not served | $([ "$failed_n" = 0 ] && echo met || echo "missed by $failed_n requests") |"
    echo "| node's live threads < 300 | $max_threads | $(verdict_at_most "$max_threads" 299 " threads") |"
    echo "| node's heap < 512 MB | $max_heap MB | $(verdict_at_most "$max_heap" 511 " MB") |"
    if [ "$CONCURRENCY" != 5000 ] || [ "$CONC_DELAY_MS" != 1000 ]; then
      echo
      echo "The target is 5,000 concurrent requests and a 1 s delay; this run used $CONCURRENCY and ${CONC_DELAY_MS} ms."
    fi
    echo "<!-- bench:proxy-concurrency:end -->"
  } > "$s"
  write_section proxy-concurrency "$s"
  stop_pids "${CONC_PROVIDER_PIDS[@]}" "$CUR_HAPROXY_PID" "$CUR_NODE_PID"
  CONC_PROVIDER_PIDS=() CUR_HAPROXY_PID= CUR_NODE_PID=
}

log "parts: ${parts[*]}${TLS:+ over TLS}; WARMUP=$WARMUP DURATION=$DURATION ROUNDS=$ROUNDS; figures into $DOC"
if wants throughput; then part_throughput; fi
if wants latency; then part_latency; fi
if wants sizes; then part_sizes; fi
if wants concurrency; then part_concurrency; fi
teardown_main
log "done; raw outputs and logs were in $work ($([ -n "$KEEP_WORK" ] && echo kept || echo "removed on exit; KEEP_WORK=1 keeps them"))"
