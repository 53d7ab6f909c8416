#!/usr/bin/env bash
# Functions the benchmarks share: background processes and their cleanup, waiting for a port, CPU
# ticks of processes, wrk's latency units, setting a node's policy, and writing a section of the
# performance doc. Sourced by the scripts in bench/ after they set HOST, SAMPLES_JAR, DOC, KEEP_WORK,
# work (their temporary directory) and pids=() (the processes they started). A script whose node
# serves HTTPS sets NODE_SCHEME=https and CURL_TLS=(--cacert FILE) after sourcing; one whose HAProxy
# terminates TLS sets HAPROXY_TLS_PEM (certificate and key in one PEM file).

NODE_SCHEME=http
CURL_TLS=()
HAPROXY_TLS_PEM=

cleanup() {
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do
    for _ in $(seq 1 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$p" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  if [ -n "$KEEP_WORK" ]; then echo "kept $work (logs of every process, raw outputs)" >&2; else rm -rf "$work"; fi
}

log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

# Starts a command in the background with its output in $1, remembering its pid for cleanup.
LAST_PID=
start_bg() { local out="$1"; shift; "$@" > "$out" 2>&1 & LAST_PID=$!; pids+=("$LAST_PID"); }

# Stops the given processes (started by this script) and forgets them.
stop_pids() {
  local p q keep=()
  for p in "$@"; do kill "$p" 2>/dev/null || true; done
  for p in "$@"; do
    for _ in $(seq 1 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
  done
  for q in "${pids[@]}"; do
    local gone=0
    for p in "$@"; do [ "$p" = "$q" ] && gone=1; done
    [ $gone = 1 ] || keep+=("$q")
  done
  pids=("${keep[@]}")
}

wait_for() { # url pid [tries] -- bounded: gives up after tries × 0.5 s or when the process died
  local tries="${3:-240}"
  for _ in $(seq 1 "$tries"); do
    curl -sf ${CURL_TLS[@]+"${CURL_TLS[@]}"} -o /dev/null "$1" && return 0
    kill -0 "$2" 2>/dev/null || { echo "process $2 died before $1 answered" >&2; return 1; }
    sleep 0.5
  done
  echo "timed out waiting for $1" >&2; return 1
}

port_free() { ! (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null; }

require_free() { local p; for p in "$@"; do port_free "$p" || { echo "port $p on $HOST is taken" >&2; exit 1; }; done; }

# utime + stime of processes, in clock ticks (fields 14 and 15; the name in field 2 may hold spaces).
ticks() {
  local p sum=0 t
  for p in "$@"; do
    t=$(awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$p/stat" 2>/dev/null || echo 0)
    sum=$((sum + t))
  done
  echo "$sum"
}

# utime and stime of one process apart, in clock ticks: "user system".
split_ticks() { awk '{ sub(/^.*\) /, ""); print $12, $13 }' "/proc/$1/stat"; }

# utime + stime of a JVM's JIT compiler threads (C1 and C2), in clock ticks.
jit_ticks() {
  local t sum=0 v
  for t in /proc/"$1"/task/*; do
    case "$(cat "$t/comm" 2>/dev/null)" in
      C1\ CompilerThre*|C2\ CompilerThre*)
        v=$(awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "$t/stat" 2>/dev/null || echo 0)
        sum=$((sum + v)) ;;
    esac
  done
  echo "$sum"
}

# Warms a path until the JVMs behind it are steady: WARMUP seconds of load, then more slices of
# STEADY_SLICE seconds while, in the last slice, a JVM's compiler threads took more than
# STEADY_JIT_PCT % of that JVM's CPU; at most WARMUP_MAX seconds in all. A JVM still compiling
# spends CPU on the JIT that a steady one does not, so measuring before that ends overstates it.
# Prints the seconds of warm-up spent. Usage: warm_until_steady url lua threads connections jvm_pid...
warm_until_steady() {
  local url="$1" lua="$2" threads="$3" conns="$4"; shift 4
  local spent="$WARMUP" p busy
  wrk -t"$threads" -c"$conns" -d"${WARMUP}s" -s "$lua" "$url" > /dev/null
  while [ "$spent" -lt "$WARMUP_MAX" ]; do
    declare -A j0=() c0=()
    for p in "$@"; do j0[$p]=$(jit_ticks "$p"); c0[$p]=$(ticks "$p"); done
    wrk -t"$threads" -c"$conns" -d"${STEADY_SLICE}s" -s "$lua" "$url" > /dev/null
    spent=$((spent + STEADY_SLICE))
    busy=
    for p in "$@"; do
      awk -v j=$(( $(jit_ticks "$p") - j0[$p] )) -v c=$(( $(ticks "$p") - c0[$p] )) -v max="$STEADY_JIT_PCT" \
        'BEGIN { exit !(c > 0 && 100 * j / c > max) }' && busy=1
    done
    [ -n "$busy" ] || break
  done
  echo "$spent"
}

start_provider() { # name port delay_ms java_opts
  # shellcheck disable=SC2086  # the options are a word list on purpose
  start_bg "$work/provider-$1.log" java $4 -jar "$SAMPLES_JAR" provider --service stockquote --name "$1" \
    --port "$2" --delay-ms "$3"
}

set_policy() { # node_port policy_document -- through the home port, anonymously (the bench node has no administrator)
  local doc; doc=$(printf '%s' "$2" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g')
  curl -sf ${CURL_TLS[@]+"${CURL_TLS[@]}"} -H 'Content-Type: text/xml' -H 'SOAPAction: "urn:sd:home:1#setPolicy"' --data \
    "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><h:setPolicy xmlns:h=\"urn:sd:home:1\"><h:document>$doc</h:document></h:setPolicy></s:Body></s:Envelope>" \
    "$NODE_SCHEME://$HOST:$1/sd/services/home" > /dev/null
}

register() { # node_port provider_port -- through the home port, as a provider would (needs SERVICE_PATH)
  curl -sf ${CURL_TLS[@]+"${CURL_TLS[@]}"} -H 'Content-Type: text/xml' -H 'SOAPAction: "urn:sd:home:1#register"' --data \
    "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><h:register xmlns:h=\"urn:sd:home:1\"><h:wsdlLocation>http://$HOST:$2$SERVICE_PATH?wsdl</h:wsdlLocation></h:register></s:Body></s:Envelope>" \
    "$NODE_SCHEME://$HOST:$1/sd/services/home" > /dev/null
}

to_ms() { # wrk's 850.00us / 2.31ms / 1.20s / 1.00m -> milliseconds
  awk -v v="$1" 'BEGIN { n = v + 0
    if (v ~ /us$/) n = n / 1000; else if (v ~ /ms$/) n = n; else if (v ~ /m$/) n = n * 60000; else if (v ~ /s$/) n = n * 1000
    printf "%.3f", n }'
}

# Replaces the section between <!-- bench:NAME:start --> and <!-- bench:NAME:end --> in $DOC with
# the file given, or appends it when the doc has no such section yet.
write_section() { # name file
  local name="$1" file="$2"
  if [ ! -f "$DOC" ]; then
    printf '# Performance\n\nFigures are written by the scripts in `bench/`; each compares against a baseline run in the same session.\n\n' > "$DOC"
  fi
  if grep -q "bench:$name:start" "$DOC"; then
    awk -v f="$file" -v s="bench:$name:start" -v e="bench:$name:end" '
      index($0, s) {while ((getline l < f) > 0) print l; skip = 1; next}
      index($0, e) {skip = 0; next}
      !skip {print}' "$DOC" > "$work/doc.md"
    cat "$work/doc.md" > "$DOC"
  else
    { echo; cat "$file"; } >> "$DOC"
  fi
  log "wrote section $name into $DOC"
}

machine() {
  echo "Run on $(date -u '+%Y-%m-%d %H:%M UTC') — $(nproc) cores, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)," \
    "$(free -g | awk '/^Mem:/ {print $2}') GB RAM, Linux $(uname -r);" \
    "$(java -version 2>&1 | head -1); $(haproxy -v | head -1 | awk '{print "HAProxy", $3}'); $(wrk -v 2>&1 | head -1 | awk '{print "wrk", $2}');" \
    "code at $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet 2>/dev/null || echo ' (with local changes)')."
  echo "wrk, the provider, HAProxy and the node share the machine; figures count only on a quiet one."
}

# ---- what the wrk-based parts share: HAProxy, a probe, measured rounds and their medians --------------
# They read $work, $results, $THREADS, $LUA, $WRK_TIMEOUT, $CLK_TCK, $ROUNDS, PATHS and URL of the script,
# and the pids to sample: PROVIDER_PID (and CONC_PROVIDER_PIDS), CUR_HAPROXY_PID or HAPROXY_PID,
# CUR_NODE_PID or NODE_PID (several pids separated by spaces are summed).

# A plain HTTP/1.1 proxy: keep-alive on both sides, server connections shared between clients
# (http-reuse always), no logging, and no stats socket or page at all. Bound to 127.0.0.1 only.
# With HAPROXY_TLS_PEM it terminates TLS (TLSv1.2 and 1.3, HTTP/1.1) and forwards plain HTTP.
write_haproxy_cfg() { # file listen_port maxconn provider_port...
  local file="$1" listen="$2" maxconn="$3"; shift 3
  {
    printf 'global\n  maxconn %s\n\n' "$maxconn"
    printf 'defaults\n  mode http\n  option http-keep-alive\n  http-reuse always\n'
    printf '  timeout connect 5s\n  timeout client 120s\n  timeout server 120s\n  timeout http-keep-alive 120s\n'
    printf '  maxconn %s\n\n' "$maxconn"
    printf 'frontend bench\n  bind %s:%s' "$HOST" "$listen"
    [ -z "$HAPROXY_TLS_PEM" ] || printf ' ssl crt %s ssl-min-ver TLSv1.2 alpn http/1.1' "$HAPROXY_TLS_PEM"
    printf '\n  default_backend providers\n\n'
    printf 'backend providers\n  balance roundrobin\n'
    local p
    for p in "$@"; do printf '  server p%s %s:%s\n' "$p" "$HOST" "$p"; done
  } > "$file"
}

start_haproxy() { # cfg
  haproxy -c -q -f "$1"
  start_bg "$work/haproxy-$(basename "$1").log" haproxy -db -f "$1"
}

# One request through a path, to see it answers before measuring it (and that the size is accepted).
probe() { # url [soap_bytes] -> prints the HTTP status
  local bytes="${2:-1024}"
  local body="$work/probe-$bytes.xml"
  if [ ! -f "$body" ]; then
    local head='<?xml version="1.0" encoding="UTF-8"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Header/><s:Body><q:getQuote xmlns:q="urn:sd:samples:stockquote"><q:symbol>ACME-'
    local tail='</q:symbol></q:getQuote></s:Body></s:Envelope>'
    { printf '%s' "$head"; head -c $((bytes - ${#head} - ${#tail})) /dev/zero | tr '\0' X; printf '%s' "$tail"; } > "$body"
  fi
  curl -s ${CURL_TLS[@]+"${CURL_TLS[@]}"} -o /dev/null -w '%{http_code}' --max-time 60 -H 'Content-Type: text/xml; charset=UTF-8' \
    -H 'SOAPAction: "urn:sd:samples:stockquote#getQuote"' --data-binary "@$body" "$1" || true
}

# Columns of $results, one row per measured run.
C_PART=1 C_LABEL=2 C_PATH=3 C_ROUND=4 C_RPS=5 C_REQ=6 C_P50=7 C_P99=8 C_SOCK=9 C_NON2XX=10
C_PROV=11 C_HAP=12 C_NODE=13 C_WRK=14

# Runs wrk once against a path while sampling the CPU of every process, and appends a row.
measure() { # part label path url connections seconds round [soap_bytes] [wrk_timeout_s]
  local part="$1" label="$2" path="$3" url="$4" conns="$5" secs="$6" round="$7" bytes="${8:-}" timeout="${9:-$WRK_TIMEOUT}"
  local out="$work/$part-$label-$path-$round.txt"
  local -a provs=($PROVIDER_PID ${CONC_PROVIDER_PIDS[@]+"${CONC_PROVIDER_PIDS[@]}"})
  local hap="${CUR_HAPROXY_PID:-$HAPROXY_PID}" node="${CUR_NODE_PID:-$NODE_PID}"
  local b_prov b_hap b_node a_prov a_hap a_node
  b_prov=$(ticks "${provs[@]}"); b_hap=$(ticks $hap); b_node=$(ticks $node)
  # The subshell waits for wrk, so its cutime+cstime (fields 16, 17) is wrk's CPU alone.
  ( SOAP_BYTES="$bytes" wrk -t"$THREADS" -c"$conns" -d"${secs}s" --timeout "${timeout}s" --latency -s "$LUA" "$url" > "$out"
    awk '{ sub(/^.*\) /, ""); print $14 + $15 }' "/proc/$BASHPID/stat" > "$out.cpu" )
  a_prov=$(ticks "${provs[@]}"); a_hap=$(ticks $hap); a_node=$(ticks $node)
  local req rps p50 p99 sock non2xx
  req=$(awk '/ requests in / {print $1}' "$out")
  rps=$(awk '/^Requests\/sec/ {print $2}' "$out")
  p50=$(to_ms "$(awk '$1 == "50%" {print $2}' "$out")")
  p99=$(to_ms "$(awk '$1 == "99%" {print $2}' "$out")")
  sock=$(awk '/Socket errors/ { gsub(/[^0-9 ]/, " "); s = 0; for (i = 1; i <= NF; i++) s += $i; print s }' "$out")
  non2xx=$(awk '/Non-2xx or 3xx responses:/ {print $NF}' "$out")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s' "$part" "$label" "$path" "$round" "$rps" "$req" "$p50" "$p99" \
    "${sock:-0}" "${non2xx:-0}" >> "$results"
  # µs of CPU per request: ticks / CLK_TCK seconds, over the round's completed requests.
  awk -v r="$req" -v hz="$CLK_TCK" -v a="$((a_prov - b_prov))" -v b="$((a_hap - b_hap))" -v c="$((a_node - b_node))" \
    -v d="$(cat "$out.cpu")" 'BEGIN { f = (r > 0) ? 1e6 / hz / r : 0; printf "\t%.1f\t%.1f\t%.1f\t%.1f\n", a * f, b * f, c * f, d * f }' >> "$results"
  log "$part $label $path round $round: $rps req/s, p50 ${p50} ms, p99 ${p99} ms, socket errors ${sock:-0}, non-2xx ${non2xx:-0}"
}

# Median of one column over the rows of a part, label and path.
med() { # part label path column
  awk -F'\t' -v part="$1" -v label="$2" -v path="$3" -v col="$4" '$1 == part && $2 == label && $3 == path {print $col}' "$results" \
    | sort -g | awk '{v[NR] = $1} END {if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}

# Median over rounds of a per-round ratio (b/a) or difference (b-a) of one column between two paths.
paired() { # part label path_a path_b column ratio|diff
  awk -F'\t' -v part="$1" -v label="$2" -v pa="$3" -v pb="$4" -v col="$5" -v op="$6" '
    $1 == part && $2 == label && $3 == pa {a[$4] = $col}
    $1 == part && $2 == label && $3 == pb {b[$4] = $col}
    END {for (r in a) if (r in b) {v = b[r] - a[r]; if (op == "ratio") v = (a[r] > 0) ? b[r] / a[r] : 0; print v}}' "$results" \
    | sort -g | awk '{v[NR] = $1} END {if (NR == 0) print "n/a"; else if (NR % 2) m = v[(NR + 1) / 2]; else m = (v[NR / 2] + v[NR / 2 + 1]) / 2; if (NR) printf "%.3f\n", m}'
}

fmt() { awk -v v="$1" -v d="${2:-2}" 'BEGIN { if (v == "n/a") print v; else printf "%." d "f", v }'; }

# Alternating rounds over the three paths; the order rotates each round so that no path always
# runs first (the machine's speed drifts within a run).
rounds() { # part label connections seconds [soap_bytes]
  local r i
  for r in $(seq 1 "$ROUNDS"); do
    for i in "${!PATHS[@]}"; do
      local path="${PATHS[$(((r - 1 + i) % ${#PATHS[@]}))]}"
      measure "$1" "$2" "$path" "${URL[$path]}" "$3" "$4" "$r" "${5:-}"
    done
  done
}


# ---- priority classes (needs SYMBOL, CONN, LUA, PORT_URL, MIDDLE_MIN and the *_TIMEOUT_MS) -------------

# The policy that classes getQuote calls by their symbol: HIGH, MIDDLE, anything else low.
classes_policy() { # with|without [extra attributes of priorityClasses]
  local classes=""
  if [ "$1" = with ]; then
    classes="<priorityClasses middleMinimumTps=\"$MIDDLE_MIN\" defaultTimeoutMs=\"$LOW_TIMEOUT_MS\" ${2:-}>"
    classes+="<qos class=\"high\" timeoutMs=\"$HIGH_TIMEOUT_MS\"><content select=\"q:symbol\" equals=\"HIGH\"/></qos>"
    classes+="<qos class=\"middle\" timeoutMs=\"$MIDDLE_TIMEOUT_MS\"><content select=\"q:symbol\" equals=\"MIDDLE\"/></qos>"
    classes+="</priorityClasses>"
  fi
  echo "<policy xmlns=\"urn:sd:policy:1\"><settings trustProviderClaims=\"true\"/>"\
"<namespace prefix=\"q\" uri=\"urn:sd:samples:stockquote\"/>$classes</policy>"
}

register_with_capacity() { # node_port provider_port capacityTps ("" for none)
  local attribute=""
  [ -z "$3" ] || attribute="<h:attribute><h:name>capacityTps</h:name><h:value>$3</h:value></h:attribute>"
  curl -sf -H 'Content-Type: text/xml' -H 'SOAPAction: "urn:sd:home:1#register"' --data \
    "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><h:register xmlns:h=\"urn:sd:home:1\"><h:wsdlLocation>http://$HOST:$2/stockquote?wsdl</h:wsdlLocation>$attribute</h:register></s:Body></s:Envelope>" \
    "http://$HOST:$1/sd/services/home" > /dev/null
}

# A counter of /sd/metrics for one class (or, without a class, summed over every series of the name).
metric() { # file name [class]
  awk -v n="$2" -v c="${3:-}" 'index($0, n "{") == 1 && (c == "" || index($0, "class=\"" c "\"")) { s += $NF } END { printf "%.0f\n", s }' "$1"
}

# Starts one closed-loop wrk per class (CONN[class] connections); wrk's output goes to PREFIX-class.txt,
# or nowhere when PREFIX is empty. CLASS_LOAD_PIDS holds the clients for wait_class_load.
start_class_load() { # seconds prefix class...
  local s="$1" prefix="$2" c out=/dev/null; shift 2
  CLASS_LOAD_PIDS=()
  for c in "$@"; do
    [ -z "$prefix" ] || out="$prefix-$c.txt"
    QOS_SYMBOL="${SYMBOL[$c]}" wrk -t1 -c"${CONN[$c]}" -d"${s}s" --timeout 30s --latency \
      -s "$LUA" "$PORT_URL" > "$out" &
    CLASS_LOAD_PIDS+=($!)
  done
}

wait_class_load() { local p; for p in "${CLASS_LOAD_PIDS[@]}"; do wait "$p"; done; }

# Offers the given classes' load for the given seconds, measuring nothing.
class_load() { # seconds class...
  local s="$1"; shift
  start_class_load "$s" "" "$@"
  wait_class_load
}

# One wrk output as: requests, non-200 answers, p50 ms, p99 ms (tab-separated).
wrk_summary() { # file
  local req non200
  req=$(awk '/ requests in / {print $1}' "$1")
  non200=$(awk '/^non-200:/ {print $2}' "$1")
  printf '%s\t%s\t%s\t%s\n' "$req" "${non200:-0}" "$(to_ms "$(awk '$1 == "50%" {print $2}' "$1")")" \
    "$(to_ms "$(awk '$1 == "99%" {print $2}' "$1")")"
}

per_s() { awk -v v="$1" -v d="$DURATION" 'BEGIN { printf "%.1f", v / d }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
