#!/usr/bin/env bash
# Benchmark: throughput and latency of a 1 KB getQuote (a) straight at a stock-quote provider and
# (b) through a node's virtual port in front of that same provider, in one run on this machine.
# Writes the figures and the ratio (b)/(a) to docs/performance.md. Not a test.
#
#   bench/virtual-port-vs-direct.sh [DURATION_SECONDS=20] [CONNECTIONS=64] [ROUNDS=3]
#
# The machine is shared by wrk, the node and the provider (and whatever else runs on it), so one
# run varies a lot: the two paths are measured in alternating rounds and the medians are reported.
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-20}"
connections="${2:-64}"
rounds="${3:-3}"
threads=2
provider_port=19001
node_port=18080
work="$(mktemp -d)"

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
for jar in sd-node/target/sd-node-standalone.jar samples/target/sd-samples.jar; do
  [ -f "$jar" ] || mvn -B -q install -DskipTests
done

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

wait_for() { # url
  for _ in $(seq 1 120); do curl -sf -o /dev/null "$1" && return 0; sleep 0.5; done
  echo "timed out waiting for $1" >&2; exit 1
}

java -jar samples/target/sd-samples.jar provider --service stockquote --name bench --port "$provider_port" \
  > "$work/provider.log" 2>&1 & pids+=($!)
java -jar sd-node/target/sd-node-standalone.jar --port "$node_port" --data-dir "$work/data" \
  > "$work/node.log" 2>&1 & pids+=($!)
wait_for "http://localhost:$provider_port/stockquote?wsdl"
wait_for "http://localhost:$node_port/sd/services/home?wsdl"

curl -sf -H 'Content-Type: text/xml' -H 'SOAPAction: "urn:sd:home:1#register"' --data \
  "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><h:register xmlns:h=\"urn:sd:home:1\"><h:wsdlLocation>http://localhost:$provider_port/stockquote?wsdl</h:wsdlLocation></h:register></s:Body></s:Envelope>" \
  "http://localhost:$node_port/sd/services/home" > /dev/null

direct="http://localhost:$provider_port/stockquote"
virtual="http://localhost:$node_port/sd/services/ports/StockQuotePortType"

warm() { wrk -t"$threads" -c"$connections" -d"${WARMUP:-20}s" -s bench/getquote.lua "$1" > /dev/null; }  # JIT, pools
run() { # name url -> writes $work/name.txt
  wrk -t"$threads" -c"$connections" -d"${duration}s" --latency -s bench/getquote.lua "$2" > "$work/$1.txt"
  cat "$work/$1.txt" >&2
}
rps() { awk '/^Requests\/sec/ {print $2}' "$1"; }
pct() { awk -v p="$2" '$1 == p {print $2}' "$1"; }
non200() { awk '/^non-200:/ {print $2}' "$1"; }
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

warm "$direct"
warm "$virtual"
rounds_md=""
for r in $(seq 1 "$rounds"); do
  run "direct$r" "$direct"
  run "virtual$r" "$virtual"
  ra=$(rps "$work/direct$r.txt"); rb=$(rps "$work/virtual$r.txt")
  rr=$(awk -v a="$ra" -v b="$rb" 'BEGIN {printf "%.2f", b / a}')
  echo "$rr" >> "$work/ratios"; echo "$ra" >> "$work/a"; echo "$rb" >> "$work/b"
  rounds_md="$rounds_md| $r | $ra | $rb | $rr |"$'\n'
done
a_rps=$(median < "$work/a"); b_rps=$(median < "$work/b")
ratio=$(median < "$work/ratios")
cp "$work/direct$rounds.txt" "$work/direct.txt"; cp "$work/virtual$rounds.txt" "$work/virtual.txt"
cpu="$(nproc) cores, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)"

section="$work/section.md"
cat > "$section" <<MD
<!-- bench:virtual-port-vs-direct:start -->
### Virtual port vs. direct call (\`bench/virtual-port-vs-direct.sh\`)

Run on $(date -u +%Y-%m-%d) — $cpu; wrk, node and provider share the machine.
A 1 KB SOAP 1.1 \`getQuote\`, wrk with $threads threads and $connections connections, ${WARMUP:-20} s warm-up of each path,
then $rounds rounds of ${duration} s on each path, alternating.
(a) goes straight to one sample stock-quote provider; (b) goes through the node's virtual port
(\`/sd/services/ports/StockQuotePortType\`) to that same provider.

| round | (a) direct req/s | (b) virtual port req/s | (b)/(a) |
| ---: | ---: | ---: | ---: |
$rounds_md
Latency in the last round:

| path | p50 | p99 | non-200 |
| --- | ---: | ---: | ---: |
| (a) direct to provider | $(pct "$work/direct.txt" 50%) | $(pct "$work/direct.txt" 99%) | $(non200 "$work/direct.txt") |
| (b) through virtual port | $(pct "$work/virtual.txt" 50%) | $(pct "$work/virtual.txt" 99%) | $(non200 "$work/virtual.txt") |

**Median throughput: (a) $a_rps req/s, (b) $b_rps req/s; median ratio (b)/(a): $ratio** (target for the foundation: at least 0.50).
<!-- bench:virtual-port-vs-direct:end -->
MD

doc=docs/performance.md
if [ ! -f "$doc" ]; then
  printf '# Performance\n\nFigures are written by the scripts in `bench/`; each compares against a baseline run in the same session.\n\n' > "$doc"
fi
if grep -q 'bench:virtual-port-vs-direct:start' "$doc"; then
  awk -v f="$section" '
    /bench:virtual-port-vs-direct:start/ {while ((getline l < f) > 0) print l; skip=1; next}
    /bench:virtual-port-vs-direct:end/ {skip=0; next}
    !skip {print}' "$doc" > "$work/doc.md" && cp "$work/doc.md" "$doc"
else
  cat "$section" >> "$doc"
fi
echo "direct: $a_rps req/s, virtual port: $b_rps req/s, ratio $ratio -> $doc"
