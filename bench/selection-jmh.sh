#!/usr/bin/env bash
# Micro-benchmark (not a test) of issue 10's "selection + policy decision" per request: runs the
# JMH SelectionBenchmark of bench/jmh for 10 to 10,000 instances of one virtual port and writes the
# figures, with the issue's targets (at most 2 µs, flat across the instance counts), into
# docs/performance.md between the bench:selection-jmh markers.
#
#   bench/selection-jmh.sh
#
# Environment: JMH_ARGS [-wi 3 -w 2s -i 5 -r 2s -f 1]  JMH's own options (iterations, forks)
#              INSTANCES [10,100,1000,10000]  the instance counts
#              DOC [docs/performance.md]  where the section goes (a scratch file for trial runs)
# Build the jar first: mvn -B -q package -DskipTests -pl bench/jmh -am   (never `mvn install`)
# The machine must be quiet while it runs: JMH measures nanoseconds.
set -euo pipefail
cd "$(dirname "$0")/.."

JMH_ARGS="${JMH_ARGS:--wi 3 -w 2s -i 5 -r 2s -f 1}"
INSTANCES="${INSTANCES:-10,100,1000,10000}"
DOC="${DOC:-docs/performance.md}"
JAR=bench/jmh/target/sd-bench-jmh.jar
# "Flat" means the largest catalog costs at most this many times the smallest one per request.
FLAT_FACTOR=1.5
TARGET_NS=2000

[ -f "$JAR" ] || { echo "$JAR is missing; build it with: mvn -B -q package -DskipTests -pl bench/jmh -am" >&2; exit 1; }
work="$(mktemp -d -t sd-selection-jmh.XXXXXX)"
trap 'rm -rf "$work"' EXIT

csv="$work/result.csv"
# shellcheck disable=SC2086  # JMH_ARGS is a word list on purpose
java -jar "$JAR" SelectionBenchmark -p instances="$INSTANCES" $JMH_ARGS -rf csv -rff "$csv" | tee "$work/jmh.txt" >&2

# The CSV: "Benchmark","Mode","Threads","Samples","Score","Score Error (99.9%)","Unit","Param: instances"
rows="$work/rows.tsv"
awk -F',' 'NR > 1 { gsub(/"/, ""); n = split($1, b, "."); printf "%s\t%s\t%.1f\t%.1f\n", b[n], $8, $5, $6 }' "$csv" > "$rows"

table() {
  echo "| benchmark | instances | ns per request | ± (99.9 %) |"
  echo "| --- | ---: | ---: | ---: |"
  sort -t$'\t' -k1,1 -k2,2n "$rows" | awk -F'\t' '{ printf "| `%s` | %s | %s | %s |\n", $1, $2, $3, $4 }'
}

# Verdicts on the benchmark that includes everything failover does before dispatching.
full=decideAndFailover
worst=$(awk -F'\t' -v b="$full" '$1 == b && $3 > m {m = $3} END {print m + 0}' "$rows")
smallest=$(awk -F'\t' -v b="$full" '$1 == b' "$rows" | sort -t$'\t' -k2,2n | head -1 | cut -f3)
largest=$(awk -F'\t' -v b="$full" '$1 == b' "$rows" | sort -t$'\t' -k2,2n | tail -1 | cut -f3)
growth=$(awk -v a="$smallest" -v b="$largest" 'BEGIN { printf "%.1f", (a > 0) ? b / a : 0 }')
verdict_time=$(awk -v w="$worst" -v t="$TARGET_NS" 'BEGIN { if (w <= t) print "met"; else printf "missed by %.0f ns (%.1f×)\n", w - t, w / t }')
verdict_flat=$(awk -v g="$growth" -v f="$FLAT_FACTOR" 'BEGIN { if (g <= f) print "met"; else printf "missed: %.1f× from the fewest to the most instances\n", g }')

section="$work/section.md"
{
  echo "<!-- bench:selection-jmh:start -->"
  echo "### Selection and policy decision per request (\`bench/selection-jmh.sh\`, JMH)"
  echo
  echo "Run on $(date -u '+%Y-%m-%d %H:%M UTC') — $(nproc) cores, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo); $(java -version 2>&1 | head -1);"
  echo "code at $(git rev-parse --short HEAD 2>/dev/null || echo unknown). JMH options: \`$JMH_ARGS\`, average time, one thread."
  echo "One virtual port with N operational instances (half of supplier level Blue, half Green) and a policy with one rule"
  echo "(platinum callers → Blue, round-robin); a platinum caller's request. \`decide\`: the rule decision alone; \`lookup\`: the catalog lookup alone;"
  echo "\`decideAndSelect\`: decision, lookup of the operational non-ejected instances in the catalog snapshot, the decision's"
  echo "filter, the selector; \`decideAndFailover\`: decision, then the node's own \`Failover.dispatch\` with a dispatcher that"
  echo "answers at once (everything per request but the HTTP exchange)."
  echo
  table
  echo
  echo "| target (\`$full\`) | measured | verdict |"
  echo "| --- | ---: | --- |"
  echo "| ≤ 2 µs per request at every N | worst $worst ns | $verdict_time |"
  echo "| flat from 10 to 10,000 instances (within ${FLAT_FACTOR}×) | ${growth}× | $verdict_flat |"
  echo "<!-- bench:selection-jmh:end -->"
} > "$section"

if [ ! -f "$DOC" ]; then
  printf '# Performance\n\nFigures are written by the scripts in `bench/`; each compares against a baseline run in the same session.\n\n' > "$DOC"
fi
if grep -q 'bench:selection-jmh:start' "$DOC"; then
  awk -v f="$section" '
    index($0, "bench:selection-jmh:start") {while ((getline l < f) > 0) print l; skip = 1; next}
    index($0, "bench:selection-jmh:end") {skip = 0; next}
    !skip {print}' "$DOC" > "$work/doc.md"
  cat "$work/doc.md" > "$DOC"
else
  { echo; cat "$section"; } >> "$DOC"
fi
cat "$section"
echo "wrote section selection-jmh into $DOC" >&2
