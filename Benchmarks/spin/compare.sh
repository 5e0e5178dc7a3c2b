#!/usr/bin/env bash
# The SPIN twin of explore's reference workload (depth 1-4, branching 3, 4 view types, 3 modifier
# types, identity-determines-state, one step): checks that SPIN and explore count the same states
# at every depth, then runs both at depth 4, interleaved, ROUNDS times (default 3), and prints the
# generated states per processor second of each and their ratio; then explore's wall time on one
# and on two workers (the speed-up from the second core, meaningful only on an idle machine).
#
#   bash Benchmarks/spin/compare.sh            # from the repository root
#   ROUNDS=5 DEPTHS="1 2 3 4" bash Benchmarks/spin/compare.sh
#
# Needs spin and gcc (apt-get install -y spin gcc) and python3. Builds verify-lemmas in release
# mode unless VERIFY_LEMMAS names a binary. SPIN runs exhaustively: -DSAFETY -DNOREDUCE, gcc -O3,
# pan -E (a state with no successor is an end state here, not an error).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROUNDS=${ROUNDS:-3}
DEPTHS=${DEPTHS:-"1 2 3 4"}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
if [[ -z "${VERIFY_LEMMAS:-}" ]]; then
    swift build -c release --product verify-lemmas >/dev/null
    VERIFY_LEMMAS=.build/release/verify-lemmas
fi
for tool in spin gcc python3; do command -v "$tool" >/dev/null || { echo "compare.sh: $tool is missing" >&2; exit 2; }; done
BOUNDS=(--branching 3 --view-types 4 --modifier-types 3 --property identity-determines-state --quiet)
TIMEFORMAT=%U+%S

field() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1" "$2"; }

# Builds the twin for depth $1 in $WORK/d$1 and prints its pan's path.
build_twin() {
    local dir=$WORK/d$1
    mkdir -p "$dir"
    "$VERIFY_LEMMAS" explore --depth "$1" "${BOUNDS[@]}" --twin-tables "$dir/tables.txt"
    python3 Benchmarks/spin/make_twin.py "$dir/tables.txt" "$dir" >"$dir/make_twin.out"
    (cd "$dir" && spin -a twin.pml >/dev/null && gcc -O3 -DSAFETY -DNOREDUCE -DMEMLIM=4096 -include tables.h -o pan pan.c -w)
}

# Runs pan for depth $1; sets SPIN_STORED, SPIN_TRANSITIONS, SPIN_CPU.
run_spin() {
    local dir=$WORK/d$1 cpu
    cpu=$( { time (cd "$dir" && ./pan -E -w22 -m100000 >pan.out); } 2>&1 )
    SPIN_CPU=$(python3 -c "print($cpu)")
    SPIN_STORED=$(awk '/states, stored/ {print $1}' "$dir/pan.out")
    SPIN_TRANSITIONS=$(awk '/transitions \(= stored\+matched\)/ {print $1}' "$dir/pan.out")
}

# Runs explore for depth $1; sets EXPLORE_DISTINCT, EXPLORE_GENERATED, EXPLORE_CPU.
run_explore() {
    "$VERIFY_LEMMAS" explore --depth "$1" "${BOUNDS[@]}" --stats-json "$WORK/explore.json" >/dev/null
    EXPLORE_DISTINCT=$(field "$WORK/explore.json" distinctStates)
    EXPLORE_GENERATED=$(field "$WORK/explore.json" statesGenerated)
    EXPLORE_CPU=$(field "$WORK/explore.json" cpuSeconds)
}

echo "depth | explore distinct | SPIN stored - bookkeeping | explore generated | SPIN transitions - bookkeeping"
status=0
for depth in $DEPTHS; do
    build_twin "$depth"
    run_spin "$depth"
    run_explore "$depth"
    # The twin's bookkeeping (make_twin.py): its start state, and the states that pick a render
    # number digit by digit.
    bookkeeping=$(head -1 "$WORK/d$depth/make_twin.out" | cut -d' ' -f2)
    stored=$((SPIN_STORED - bookkeeping))
    transitions=$((SPIN_TRANSITIONS - bookkeeping))
    verdict=equal
    if [[ $stored != "$EXPLORE_DISTINCT" || $transitions != "$EXPLORE_GENERATED" ]]; then verdict=DIFFERENT; status=1; fi
    echo "$depth | $EXPLORE_DISTINCT | $stored | $EXPLORE_GENERATED | $transitions | $verdict"
done
[[ $status == 0 ]] || { echo "compare.sh: SPIN and explore disagree" >&2; exit 1; }

last=${DEPTHS##* }
echo
echo "depth $last, $ROUNDS rounds, interleaved; generated states per processor second"
echo "round | SPIN (1 thread) | explore ($(nproc) threads) | ratio explore/SPIN"
spin_sum=0 explore_sum=0
for round in $(seq "$ROUNDS"); do
    run_spin "$last"
    run_explore "$last"
    read -r spin_rate explore_rate ratio < <(python3 -c "s=$SPIN_TRANSITIONS/$SPIN_CPU; e=$EXPLORE_GENERATED/$EXPLORE_CPU; print(s, e, e/s)")
    printf "%s | %.2f M (%.2f s) | %.2f M (%.2f s) | %.2f\n" "$round" "$(python3 -c "print($spin_rate/1e6)")" "$SPIN_CPU" \
        "$(python3 -c "print($explore_rate/1e6)")" "$EXPLORE_CPU" "$ratio"
    spin_sum=$(python3 -c "print($spin_sum + $SPIN_CPU)")
    explore_sum=$(python3 -c "print($explore_sum + $EXPLORE_CPU)")
done
python3 -c "
s = $SPIN_TRANSITIONS * $ROUNDS / $spin_sum
e = $EXPLORE_GENERATED * $ROUNDS / $explore_sum
print(f'all rounds: SPIN {s / 1e6:.2f} M, explore {e / 1e6:.2f} M generated states per processor second: explore/SPIN = {e / s:.2f}')"

echo
echo "depth $last, explore wall seconds on 1 and 2 workers, interleaved; speed-up from the second core"
one_sum=0 two_sum=0
for round in $(seq "$ROUNDS"); do
    "$VERIFY_LEMMAS" explore --depth "$last" "${BOUNDS[@]}" --workers 1 --stats-json "$WORK/one.json" >/dev/null
    "$VERIFY_LEMMAS" explore --depth "$last" "${BOUNDS[@]}" --workers 2 --stats-json "$WORK/two.json" >/dev/null
    one=$(field "$WORK/one.json" seconds) two=$(field "$WORK/two.json" seconds)
    printf "%s | 1 worker %.2f s | 2 workers %.2f s | %.2fx\n" "$round" "$one" "$two" "$(python3 -c "print($one/$two)")"
    one_sum=$(python3 -c "print($one_sum + $one)")
    two_sum=$(python3 -c "print($two_sum + $two)")
done
python3 -c "print(f'all rounds: speed-up from the second core {$one_sum / $two_sum:.2f}x')"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load average $(cut -d' ' -f1-3 /proc/loadavg)"
