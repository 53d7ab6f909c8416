#!/usr/bin/env bash
# Functions the benchmarks share: background processes and their cleanup, waiting for a port, CPU
# ticks of processes, wrk's latency units, setting a node's policy, and writing a section of the
# performance doc. Sourced by the scripts in bench/ after they set HOST, SAMPLES_JAR, DOC, KEEP_WORK,
# work (their temporary directory) and pids=() (the processes they started).

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
    curl -sf -o /dev/null "$1" && return 0
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

start_provider() { # name port delay_ms java_opts
  # shellcheck disable=SC2086  # the options are a word list on purpose
  start_bg "$work/provider-$1.log" java $4 -jar "$SAMPLES_JAR" provider --service stockquote --name "$1" \
    --port "$2" --delay-ms "$3"
}

set_policy() { # node_port policy_document -- through the home port, anonymously (the bench node has no administrator)
  local doc; doc=$(printf '%s' "$2" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g')
  curl -sf -H 'Content-Type: text/xml' -H 'SOAPAction: "urn:sd:home:1#setPolicy"' --data \
    "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><h:setPolicy xmlns:h=\"urn:sd:home:1\"><h:document>$doc</h:document></h:setPolicy></s:Body></s:Envelope>" \
    "http://$HOST:$1/sd/services/home" > /dev/null
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
