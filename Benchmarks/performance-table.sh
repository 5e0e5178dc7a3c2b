#!/usr/bin/env bash
# Re-measures the rows of README.md's performance table and prints them as that table's Markdown
# rows, each naming its command, the machine (CPU model, cores), the load average before and after,
# the build and the commit.
#
#   bash Benchmarks/performance-table.sh                     # every row but tests and ci
#   ROWS="lemmas explore full-spin" RUNS=5 bash Benchmarks/performance-table.sh
#
# ROWS (default: lemmas mutants explain explore spin full-spin depth5 explore-mutants views paths;
# `tests` and `ci` run the whole test suite and CI and are only run when named). RUNS: runs of the
# short rows and rounds of the SPIN comparisons (default 3). On an idle 2-core machine the default
# rows take about 16 minutes, most of it explore-mutants (7 min), compare-full.sh (5 min, with
# callgrind at depth 4; CALLGRIND_DEPTH=0 skips it) and the mutation score (2 min).
# Builds verify-lemmas in release mode unless VERIFY_LEMMAS names a binary. Needs /usr/bin/time,
# python3, spin, gcc and valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${ROWS:-"lemmas mutants explain explore spin full-spin depth5 explore-mutants views paths"}
RUNS=${RUNS:-3}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
if [[ -z "${VERIFY_LEMMAS:-}" ]]; then
    swift build -c release --product verify-lemmas >/dev/null
    VERIFY_LEMMAS=.build/release/verify-lemmas
fi
export VERIFY_LEMMAS
VL=$VERIFY_LEMMAS
CPU="$(nproc)-core $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
COMMIT=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources Package.swift || echo "+changes")
EXPLORE_BOUNDS=(--branching 3 --view-types 4 --modifier-types 3 --property identity-determines-state --quiet)

load() { cut -d' ' -f1-3 /proc/loadavg; }

# Runs a command under /usr/bin/time; appends "wall user+sys peakMB exit" to $WORK/times, its
# output to $WORK/out (copied to a file it names on stderr when the exit status is not zero).
timed() {
    local status=0
    /usr/bin/time -f "%e %U %S %M" -o "$WORK/time" "$@" >"$WORK/out" 2>&1 || status=$?
    # On a non-zero exit GNU time writes "Command exited with non-zero status N" first.
    read -r wall user sys peak < <(tail -n 1 "$WORK/time")
    if ((status != 0)); then
        # Kept, since a row's exit status alone does not say what failed.
        local kept
        kept=$(mktemp "${TMPDIR:-/tmp}/performance-table-exit$status-XXXX.log")
        cp "$WORK/out" "$kept"
        echo "performance-table.sh: '$*' exited $status; its output is in $kept" >&2
    fi
    echo "$wall $(python3 -c "print(round($user + $sys, 2))") $((peak / 1024)) $status" >>"$WORK/times"
}

# Summarises $WORK/times: walls, processor seconds, peak and exit statuses.
summary() {
    python3 - "$WORK/times" <<'EOF'
import sys
rows = [line.split() for line in open(sys.argv[1])]
walls = ", ".join(r[0] for r in rows)
cpu = sorted(float(r[1]) for r in rows)
peak = max(int(r[2]) for r in rows)
exits = sorted(set(r[3] for r in rows))
low, high = f"{cpu[0]:.1f}", f"{cpu[-1]:.1f}"
span = low if low == high else f"{low}-{high}"
print(f"{walls} s wall, {span} processor s, {peak} MB peak in {len(rows)} run{'s' if len(rows) > 1 else ''}, exit {', '.join(exits)}")
EOF
}

# Prints one table row: what, command, figure, and the machine with the load before ($1) and now.
row() {
    local before=$1 what=$2 command=$3 figure=$4 build=${5:-release}
    echo "| $what | \`$command\` | $figure ($CPU, load average $before before, $(load) after; $build build of $COMMIT, $(date -u +%Y-%m-%d)) |"
}

measure_lemmas() {
    local before; before=$(load); : >"$WORK/times"
    for _ in $(seq "$RUNS"); do timed "$VL"; done
    row "$before" "the whole lemma set" "verify-lemmas" "$(summary); $(tail -1 "$WORK/out")"
}

measure_mutants() {
    local before; before=$(load); : >"$WORK/times"
    timed "$VL" --check-proofs --require-unbounded --mutants
    row "$before" "the mutation score, the z3/cvc5 re-checks and proof drift" "verify-lemmas --check-proofs --require-unbounded --mutants" \
        "$(summary); $(grep -m1 "^mutants: " "$WORK/out" || tail -1 "$WORK/out")"
}

measure_explain() {
    local before; before=$(load); : >"$WORK/times"
    timed "$VL" --explain
    row "$before" "\`--explain\` over the whole set" "verify-lemmas --explain" "$(summary)"
}

json() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1" "$2"; }

measure_explore() {
    local depth=$1 before; before=$(load); : >"$WORK/times"
    timed "$VL" explore --depth "$depth" "${EXPLORE_BOUNDS[@]}" --stats-json "$WORK/explore.json"
    local generated distinct cpu
    generated=$(json "$WORK/explore.json" statesGenerated) distinct=$(json "$WORK/explore.json" distinctStates) cpu=$(json "$WORK/explore.json" cpuSeconds)
    row "$before" "explicit-state checker at the seed article's bounds, depth $depth" \
        "verify-lemmas explore --depth $depth ${EXPLORE_BOUNDS[*]} --stats-json F" \
        "$(python3 -c "print(f'{$distinct:,} distinct, {$generated:,} generated states; {$generated / $cpu / 1e6:.2f} M generated per processor second;')") $(summary)"
}

measure_spin() {
    local before; before=$(load)
    ROUNDS=$RUNS bash Benchmarks/spin/compare.sh >"$WORK/spin.out" 2>&1
    row "$before" "the same workload against SPIN's table twin (engine only: SPIN is handed explore's compiled tables and checks no property), and the second core" \
        "ROUNDS=$RUNS bash Benchmarks/spin/compare.sh" "$(grep '^all rounds' "$WORK/spin.out" | paste -sd ';' -)"
}

measure_full_spin() {
    local before; before=$(load)
    ROUNDS=$RUNS bash Benchmarks/spin/compare-full.sh >"$WORK/full.out" 2>&1
    row "$before" "the same workload against SPIN's full twin (identities, R7, R8 and the property computed in SPIN's C; equal counts at depths 1-4)" \
        "ROUNDS=$RUNS bash Benchmarks/spin/compare-full.sh" \
        "$(grep -E '^all rounds|per generated state' "$WORK/full.out" | paste -sd ';' -)"
}

measure_explore_mutants() {
    local before; before=$(load); : >"$WORK/times"
    timed bash Benchmarks/explore-mutants.sh
    local caught total
    caught=$(grep -cE '^[A-Za-z]+ \| [^|]* \| 1 \|' "$WORK/out" || true)
    total=$(grep -cE '^[A-Za-z]+ \| [^|]* \| [0-9]+ \|' "$WORK/out" || true)
    row "$before" "every identity mutant against \`explore\`" "bash Benchmarks/explore-mutants.sh" "$caught of $total caught (exit 1); $(summary)"
}

measure_views() {
    local before; before=$(load); : >"$WORK/times"
    mkdir -p "$WORK/views"
    python3 - "$WORK/views/views.lemma" <<'EOF'
import sys
views = "\n".join(f"V{i}(state: 0)" for i in range(999)) + "\nCounter(state: 0) @a"
open(sys.argv[1], "w").write(
    "scenario s {\n  source R2; rules runtime; expect holds\n"
    f"  render {{ VStack {{\n{views}\n}} }}\n  render {{ VStack {{\n{views}\n}} }}\n  check a survives\n}}\n")
EOF
    for _ in $(seq "$RUNS"); do timed "$VL" "$WORK/views"; done
    row "$before" "a scenario of two renders of 1,000 views, every view confirmed by Z3" "verify-lemmas FOLDER" "$(summary)"
}

measure_paths() {
    local before; before=$(load); : >"$WORK/times"
    mkdir -p "$WORK/paths"
    python3 - "$WORK/paths/paths.lemma" <<'EOF'
import sys
binders = ", ".join(f"p{i}: path in before" for i in range(1, 9))
chain = " && ".join(f"p{i}.identity == p{i + 1}.identity" for i in range(1, 8))
open(sys.argv[1], "w").write(
    f"lemma eight_paths {{\n  source R2; rules runtime; expect holds\n  forall {binders}\n  assume {chain}\n  show p1.identity == p8.identity\n}}\n")
EOF
    for _ in $(seq "$RUNS"); do timed "$VL" "$WORK/paths"; done
    row "$before" "a lemma at the path limit: \`identity\` transitive over p1…p8" "verify-lemmas FOLDER" "$(summary)"
}

measure_tests() {
    local before; before=$(load); : >"$WORK/times"
    timed swift test
    row "$before" "the test suite" "swift test" "$(summary); $(grep -E 'Executed [0-9]+ tests' "$WORK/out" | tail -1)" debug
}

measure_ci() {
    local before; before=$(load); : >"$WORK/times"
    timed env CI=true bash .ci/run
    row "$before" "CI" "CI=true bash .ci/run" "$(summary)" debug
}

echo "| what | command | figure (machine, load, build) |"
echo "| --- | --- | --- |"
for name in $ROWS; do
    case $name in
    lemmas) measure_lemmas ;;
    mutants) measure_mutants ;;
    explain) measure_explain ;;
    explore) measure_explore 4 ;;
    depth5) measure_explore 5 ;;
    spin) measure_spin ;;
    full-spin) measure_full_spin ;;
    explore-mutants) measure_explore_mutants ;;
    views) measure_views ;;
    paths) measure_paths ;;
    tests) measure_tests ;;
    ci) measure_ci ;;
    *) echo "performance-table.sh: unknown row $name" >&2; exit 2 ;;
    esac
done
