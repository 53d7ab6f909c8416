#!/usr/bin/env bash
# Benchmark (not a test) of issue 15: a cluster of nodes on ZooKeeper, on this one machine. A real
# ensemble of three ZooKeeper servers (the server classes in the node's standalone jar, one JVM each)
# and real member nodes, all on 127.0.0.1. Three parts, each writing a section of docs/performance.md:
#   propagation  time from a registration at one member until all 3 members know the instance
#                (median, p99 of PROPAGATION_COUNT, after 20 unmeasured ones)
#   join         time for a member joining a cluster whose catalog holds CATALOG_INSTANCES instances
#                to list them all, against a member joining an empty cluster (the JVM's own start-up)
#   throughput   requests per second through HAProxy to 1 member and to 3 members, beside the
#                provider called directly and HAProxy in front of the provider, in the same run
#
#   bench/cluster.sh [propagation] [join] [throughput] [all]   (default: all)
#
# Settings from the environment (defaults in brackets):
#   PROPAGATION_COUNT [100]  CATALOG_INSTANCES [10000]  JOIN_ROUNDS [3]
#   WARMUP [40] s per path  DURATION [15] s per round  ROUNDS [3]  THREADS [2]  CONNECTIONS [64]
#   NODE_JAVA_OPTS, PROVIDER_JAVA_OPTS []  ZK_JAVA_OPTS [-Xmx256m]
#   BASE_PORT [19500]  listening ports BASE_PORT+1 .. BASE_PORT+90 on 127.0.0.1
#   DOC [docs/performance.md]   KEEP_WORK []  keep the temporary directory (logs, raw outputs)
#
# The machine must be quiet while this runs: no builds, no tests.
set -euo pipefail
cd "$(dirname "$0")/.."

PROPAGATION_COUNT="${PROPAGATION_COUNT:-100}"
CATALOG_INSTANCES="${CATALOG_INSTANCES:-10000}"
JOIN_ROUNDS="${JOIN_ROUNDS:-3}"
WARMUP="${WARMUP:-40}"
DURATION="${DURATION:-15}"
ROUNDS="${ROUNDS:-3}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-64}"
NODE_JAVA_OPTS="${NODE_JAVA_OPTS:-}"
PROVIDER_JAVA_OPTS="${PROVIDER_JAVA_OPTS:-}"
ZK_JAVA_OPTS="${ZK_JAVA_OPTS:--Xmx256m}"
BASE_PORT="${BASE_PORT:-19500}"
DOC="${DOC:-docs/performance.md}"
KEEP_WORK="${KEEP_WORK:-}"

HOST=127.0.0.1
PROVIDER_PORT=$((BASE_PORT + 1))
MEMBER_PORT=$((BASE_PORT + 40)) # members at MEMBER_PORT+1 ..
HAPROXY_PORT=$((BASE_PORT + 80))
WRK_TIMEOUT=10
LUA=bench/getquote.lua
NODE_JAR=sd-node/target/sd-node-standalone.jar
SAMPLES_JAR=samples/target/sd-samples.jar
SDCTL_JAR=sd-client-driver/target/sdctl.jar
CLK_TCK="$(getconf CLK_TCK)"
SERVICE_PATH=/stockquote
VIRTUAL_PATH=/sd/services/ports/StockQuotePortType

parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(all)
for p in "${parts[@]}"; do
  case "$p" in propagation|join|throughput|all) ;;
    *) echo "usage: $0 [propagation] [join] [throughput] [all]" >&2; exit 2 ;;
  esac
done
wants() { local p; for p in "${parts[@]}"; do [ "$p" = "$1" ] || [ "$p" = all ] && return 0; done; return 1; }

for tool in wrk haproxy curl; do
  command -v "$tool" >/dev/null || { echo "$tool is missing; see bench/README.md (apt-get install -y haproxy wrk)" >&2; exit 1; }
done
for jar in "$NODE_JAR" "$SAMPLES_JAR" "$SDCTL_JAR"; do
  [ -f "$jar" ] || { echo "$jar is missing; build with: mvn -B -q package -DskipTests" >&2; exit 1; }
done

work="$(mktemp -d -t sd-cluster-bench.XXXXXX)"
results="$work/results.tsv"
: > "$results"
pids=()
# shellcheck source=bench/lib.sh
. bench/lib.sh
trap cleanup EXIT
trap 'exit 130' INT TERM

# The bench client logs only warnings (CXF's client is chatty), so its standard output is its figures.
bench_client() {
  [ -f "$work/quiet-logback.xml" ] || printf '%s\n' '<configuration><appender name="err" class="ch.qos.logback.core.ConsoleAppender"><target>System.err</target><encoder><pattern>%d{HH:mm:ss.SSS} %-5level %logger{36} - %msg%n</pattern></encoder></appender><root level="WARN"><appender-ref ref="err"/></root></configuration>' > "$work/quiet-logback.xml"
  java -Dlogback.configurationFile="$work/quiet-logback.xml" -cp "$SDCTL_JAR" bench/ClusterBench.java "$@" \
    2>> "$work/bench-client.log" || { tail -20 "$work/bench-client.log" >&2; return 1; }
}

# ---- ZooKeeper: three servers, one JVM each, quorum and leader election on loopback ports ------------

# The node's jar holds ZooKeeper's classes but leaves out two libraries its server needs (metrics and
# snappy); those come from the local Maven repository, where the cluster tests' dependencies put them.
zookeeper_classpath() {
  local cp="$NODE_JAR" dir jar
  for dir in io/dropwizard/metrics/metrics-core org/xerial/snappy/snappy-java; do
    jar=$(find "$HOME/.m2/repository/$dir" -name '*.jar' 2>/dev/null | sort -V | tail -1)
    [ -n "$jar" ] || { echo "$dir is not in ~/.m2; build with: mvn -B -q package -DskipTests" >&2; exit 1; }
    cp+=":$jar"
  done
  echo "$cp"
}

ZK_CONNECT=
start_zookeeper() {
  [ -z "$ZK_CONNECT" ] || return 0
  local i servers="" connect=()
  for i in 1 2 3; do
    servers+="server.$i=$HOST:$((BASE_PORT + 20 + i)):$((BASE_PORT + 30 + i))"$'\n'
    connect+=("$HOST:$((BASE_PORT + 10 + i))")
    require_free $((BASE_PORT + 10 + i)) $((BASE_PORT + 20 + i)) $((BASE_PORT + 30 + i))
  done
  for i in 1 2 3; do
    mkdir -p "$work/zk$i"; echo "$i" > "$work/zk$i/myid"
    { printf 'tickTime=500\ninitLimit=20\nsyncLimit=10\ndataDir=%s\n' "$work/zk$i"
      printf 'clientPort=%s\nclientPortAddress=%s\nadmin.enableServer=false\n' "$((BASE_PORT + 10 + i))" "$HOST"
      printf '%s' "$servers"; } > "$work/zk$i.cfg"
    # shellcheck disable=SC2086
    start_bg "$work/zk$i.log" java $ZK_JAVA_OPTS -cp "$(zookeeper_classpath)" org.apache.zookeeper.server.quorum.QuorumPeerMain "$work/zk$i.cfg"
  done
  ZK_CONNECT=$(IFS=,; echo "${connect[*]}")
  log "ZooKeeper ensemble at $ZK_CONNECT"
}

start_member() { # index cluster -- sets LAST_PID
  local port=$((MEMBER_PORT + $1))
  require_free "$port"
  rm -rf "$work/member-$1-$2"
  # shellcheck disable=SC2086
  start_bg "$work/member-$1-$2.log" java $NODE_JAVA_OPTS -jar "$NODE_JAR" --host "$HOST" --port "$port" \
    --data-dir "$work/member-$1-$2" --console none --drain-delay-ms 0 --zookeeper "$ZK_CONNECT" --cluster "$2"
}
member_base() { echo "http://$HOST:$((MEMBER_PORT + $1))/sd"; }

PROVIDER_PID=
ensure_provider() {
  [ -z "$PROVIDER_PID" ] || return 0
  require_free "$PROVIDER_PORT"
  start_provider bench "$PROVIDER_PORT" 0 "$PROVIDER_JAVA_OPTS"; PROVIDER_PID=$LAST_PID
  wait_for "http://$HOST:$PROVIDER_PORT$SERVICE_PATH?wsdl" "$PROVIDER_PID"
}

three_members() { # cluster -> MEMBER_PIDS
  MEMBER_PIDS=()
  local i
  for i in 1 2 3; do start_member "$i" "$1"; MEMBER_PIDS+=("$LAST_PID"); done
  for i in 1 2 3; do wait_for "$(member_base "$i")/health/ready" "${MEMBER_PIDS[$((i - 1))]}"; done
}

# ---- parts -------------------------------------------------------------------------------------------

part_propagation() {
  start_zookeeper; ensure_provider
  three_members bench-propagation
  local wsdl="http://$HOST:$PROVIDER_PORT$SERVICE_PATH?wsdl" endpoint="http://$HOST:$PROVIDER_PORT$SERVICE_PATH"
  log "propagation: 20 unmeasured registrations, then $PROPAGATION_COUNT measured"
  bench_client propagation 20 "$wsdl" "$endpoint" "$(member_base 1)" "$(member_base 2)" "$(member_base 3)" > "$work/propagation-warm.txt"
  bench_client propagation "$PROPAGATION_COUNT" "$wsdl" "$endpoint" "$(member_base 1)" "$(member_base 2)" "$(member_base 3)" \
    > "$work/propagation.txt"
  local summary; summary=$(grep '^propagation' "$work/propagation.txt")
  log "$summary"
  local median p99 max min ack50 ack99
  median=$(awk '{print $5}' <<< "$summary"); p99=$(awk '{print $7}' <<< "$summary"); max=$(awk '{print $9}' <<< "$summary")
  ack50=$(awk '{print $11}' <<< "$summary"); ack99=$(awk '{print $13}' <<< "$summary")
  min=$(awk '/^[0-9]+$/ && (m == "" || $1 < m) {m = $1} END {print m}' "$work/propagation.txt")
  stop_pids "${MEMBER_PIDS[@]}"
  local s="$work/section-propagation.md"
  {
    echo "<!-- bench:cluster-propagation:start -->"
    echo "### Cluster: a registration reaching every member (\`bench/cluster.sh propagation\`)"
    echo
    machine
    echo "Three ZooKeeper servers (one JVM each, \`tickTime\` 500 ms) and three members, all on this machine."
    echo "\`bench/ClusterBench.java\` registers an instance at member 1 through its home port, one at a time,"
    echo "and polls members 2 and 3 (\`getServiceInfo\` for the new instance id, every millisecond) until both know it;"
    echo "the time runs from sending the \`register\` to the later of the two. 20 unmeasured registrations first."
    echo
    echo "| registrations | min ms | median ms | p99 ms | max ms | of which member 1's answer: median ms | p99 ms |"
    echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    echo "| $PROPAGATION_COUNT | $min | $median | $p99 | $max | $ack50 | $ack99 |"
    echo
    echo "Member 1 answers the \`register\` once it has fetched the WSDL, written the instance to ZooKeeper and seen it"
    echo "in its own cache; the rest is the other members hearing of it and taking it in."
    echo
    echo "The issue asks that a change be visible on every member within one second: the p99 is $p99 ms."
    echo "<!-- bench:cluster-propagation:end -->"
  } > "$s"
  write_section cluster-propagation "$s"
}

join_once() { # index cluster count -> prints the ms from starting the member until it lists count instances
  local started; started=$(date +%s%3N)
  start_member "$1" "$2"; local pid=$LAST_PID
  bench_client instances "$(member_base "$1")" "$3" 180 "$started" | awk '/^joined/ {print $3}'
  stop_pids "$pid"
}

# A standalone node's data directory with CATALOG_INSTANCES instances: one real registration, its
# instance then copied with new ids and endpoint addresses (registering them one by one through the
# home port costs more with every instance: each change swaps the whole catalog snapshot).
standalone_catalog() { # dir
  local port=$((MEMBER_PORT + 9))
  require_free "$port"
  start_bg "$work/standalone.log" java -jar "$NODE_JAR" --host "$HOST" --port "$port" --data-dir "$1" --console none \
    --drain-delay-ms 0
  local pid=$LAST_PID
  wait_for "http://$HOST:$port/sd/health/ready" "$pid"
  register "$port" "$PROVIDER_PORT"
  stop_pids "$pid"
  python3 - "$1/catalog.json" "$CATALOG_INSTANCES" <<'PY'
import json, sys
path, count = sys.argv[1], int(sys.argv[2])
catalog = json.load(open(path))
model = catalog["instances"][0]
catalog["instances"] = [dict(model, id="%s-%08x" % (model["virtualPort"], i),
                             endpointAddress="%s?copy=%d" % (model["endpointAddress"], i)) for i in range(count)]
json.dump(catalog, open(path, "w"))
PY
}

part_join() {
  start_zookeeper; ensure_provider
  log "join: a standalone catalog of $CATALOG_INSTANCES instances, imported with cluster-import"
  standalone_catalog "$work/standalone"
  local t0 t1
  t0=$(date +%s%3N)
  java -jar "$NODE_JAR" cluster-import --data-dir "$work/standalone" --zookeeper "$ZK_CONNECT" --cluster bench-join \
    > "$work/import.log" 2>&1
  t1=$(date +%s%3N)
  local import_ms=$((t1 - t0))
  log "imported in ${import_ms} ms: $(grep "^imported" "$work/import.log")"
  local r empty_ms=() full_ms=()
  for r in $(seq 1 "$JOIN_ROUNDS"); do
    empty_ms+=("$(join_once 3 bench-empty 0)")
    full_ms+=("$(join_once 3 bench-join "$CATALOG_INSTANCES")")
    log "join round $r: empty cluster ${empty_ms[-1]} ms, $CATALOG_INSTANCES instances ${full_ms[-1]} ms"
  done
  local me mf
  me=$(printf '%s\n' "${empty_ms[@]}" | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}')
  mf=$(printf '%s\n' "${full_ms[@]}" | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}')
  local s="$work/section-join.md"
  {
    echo "<!-- bench:cluster-join:start -->"
    echo "### Cluster: a member joining a catalog of $CATALOG_INSTANCES instances (\`bench/cluster.sh join\`)"
    echo
    machine
    echo "Three ZooKeeper servers and the members on this machine. A standalone node's data directory got a catalog of"
    echo "$CATALOG_INSTANCES instances of the sample stock-quote WSDL on one virtual port (one registration through the home port,"
    echo "its instance copied with new ids and endpoint addresses); \`cluster-import\` copied it into a new cluster in"
    echo "${import_ms} ms (a JVM started for it included). Then, $JOIN_ROUNDS times each, a member was started on that cluster"
    echo "and on an empty one; the time runs from launching its JVM until its \`getServiceInfo\` lists every instance"
    echo "(polled every 20 ms). The difference is what loading the catalog costs a joining member."
    echo
    echo "| joining | rounds (ms) | median ms |"
    echo "| --- | --- | ---: |"
    echo "| an empty cluster (the JVM's start-up) | ${empty_ms[*]} | $me |"
    echo "| a cluster of $CATALOG_INSTANCES instances | ${full_ms[*]} | $mf |"
    echo
    echo "Loading the catalog: $((mf - me)) ms (median difference)."
    echo "<!-- bench:cluster-join:end -->"
  } > "$s"
  write_section cluster-join "$s"
}

part_throughput() {
  start_zookeeper; ensure_provider
  three_members bench-throughput
  register "$((MEMBER_PORT + 1))" "$PROVIDER_PORT"
  local port
  write_haproxy_cfg "$work/hp-provider.cfg" "$HAPROXY_PORT" 2000 "$PROVIDER_PORT"
  write_haproxy_cfg "$work/hp-one.cfg" $((HAPROXY_PORT + 1)) 2000 $((MEMBER_PORT + 1))
  write_haproxy_cfg "$work/hp-three.cfg" $((HAPROXY_PORT + 2)) 2000 $((MEMBER_PORT + 1)) $((MEMBER_PORT + 2)) $((MEMBER_PORT + 3))
  local hp=()
  for cfg in provider one three; do start_haproxy "$work/hp-$cfg.cfg"; hp+=("$LAST_PID"); done
  # measure() sums the CPU of every HAProxy and every member: the idle ones cost next to nothing.
  CUR_HAPROXY_PID="${hp[*]}" CUR_NODE_PID="${MEMBER_PIDS[*]}"
  PATHS=(direct haproxy one three)
  declare -gA URL=([direct]="http://$HOST:$PROVIDER_PORT$SERVICE_PATH" [haproxy]="http://$HOST:$HAPROXY_PORT$SERVICE_PATH"
    [one]="http://$HOST:$((HAPROXY_PORT + 1))$VIRTUAL_PATH" [three]="http://$HOST:$((HAPROXY_PORT + 2))$VIRTUAL_PATH")
  local path
  for path in "${PATHS[@]}"; do
    await_200 "${URL[$path]}" || { echo "the $path path does not answer 200 at ${URL[$path]}" >&2; exit 1; }
  done
  for path in "${PATHS[@]}"; do
    log "warming $path for ${WARMUP}s"
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${WARMUP}s" -s "$LUA" "${URL[$path]}" > /dev/null
  done
  log "throughput: $ROUNDS rounds of ${DURATION}s, $CONNECTIONS connections"
  rounds throughput 1k "$CONNECTIONS" "$DURATION"
  local d h o t
  d=$(med throughput 1k direct $C_RPS); h=$(med throughput 1k haproxy $C_RPS)
  o=$(med throughput 1k one $C_RPS); t=$(med throughput 1k three $C_RPS)
  local s="$work/section-throughput.md"
  {
    echo "<!-- bench:cluster-throughput:start -->"
    echo "### Cluster: requests per second through 1 and 3 members behind HAProxy (\`bench/cluster.sh throughput\`)"
    echo
    machine
    echo "A 1 KB SOAP 1.1 \`getQuote\` to one sample stock-quote provider, wrk with $THREADS threads and $CONNECTIONS connections;"
    echo "${WARMUP} s of warm-up per path, then $ROUNDS rounds of ${DURATION} s per path, alternating. Paths: the provider directly;"
    echo "HAProxy in front of the provider; HAProxy in front of one member; HAProxy balancing round-robin over three members"
    echo "(the same HAProxy configuration as bench/proxy-comparison.sh, one process per path). The three members, the"
    echo "three ZooKeeper servers, HAProxy, the provider and wrk all share this machine's $(nproc) cores."
    echo
    echo "| path | req/s (median) | p50 ms | p99 ms | errors | provider µs/req | HAProxy µs/req | members µs/req | wrk µs/req |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    for path in "${PATHS[@]}"; do
      echo "| $path | $(med throughput 1k "$path" $C_RPS) | $(med throughput 1k "$path" $C_P50) | $(med throughput 1k "$path" $C_P99) |" \
        "$(med throughput 1k "$path" $C_SOCK)+$(med throughput 1k "$path" $C_NON2XX) | $(med throughput 1k "$path" $C_PROV) |" \
        "$(med throughput 1k "$path" $C_HAP) | $(med throughput 1k "$path" $C_NODE) | $(med throughput 1k "$path" $C_WRK) |"
    done
    echo
    echo "Ratios (medians of the rounds' ratios): 3 members / 1 member **$(fmt "$(paired throughput 1k one three $C_RPS ratio)")**;"
    echo "1 member / HAProxy-to-provider $(fmt "$(paired throughput 1k haproxy one $C_RPS ratio)"); direct $d, HAProxy $h, one member $o, three members $t req/s."
    echo "<!-- bench:cluster-throughput:end -->"
  } > "$s"
  write_section cluster-throughput "$s"
  stop_pids "${hp[@]}" "${MEMBER_PIDS[@]}"
}

await_200() { # url -- bounded: 60 tries, 0.5 s apart (the members take the registration in within a second)
  local _
  for _ in $(seq 1 60); do [ "$(probe "$1")" = 200 ] && return 0; sleep 0.5; done
  return 1
}

wants propagation && part_propagation
wants join && part_join
wants throughput && part_throughput
log "done"
