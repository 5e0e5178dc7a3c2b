#!/usr/bin/env bash
# Shows that compare-full.sh's count check can fail: each mutant of the full twin breaks one rule
# it computes, and compare-full.sh must then report different counts (exit 1) at DEPTH (default 3),
# while the twin as written agrees with explore (exit 0). VERIFY_LEMMAS as in compare-full.sh.
#
#   bash Benchmarks/spin/red-team-full.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
DEPTH=${DEPTH:-3}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
if [[ -z "${VERIFY_LEMMAS:-}" ]]; then
    swift build -c release --product verify-lemmas >/dev/null
    VERIFY_LEMMAS=$PWD/.build/release/verify-lemmas
fi
export VERIFY_LEMMAS

# name | sed expression applied to full_twin.c
MUTANTS=(
    "no R7 retention|s/(old_alive.w\[i\] & w.covered.w\[i\])/0/"
    "R7 retention in eager containers too|s/if ((int) j == pg->lazy)/if ((int) j == pg->lazy || !l->a)/"
    "no R8 undefined renders|s/if (!pg->lv\[0\].range_below) return 0;/return 0;/"
    "ForEach rows by offset|s/base + twin_keys\[seq\]\[i\] \* c->idents, w)/base + i * c->idents, w)/"
    ".id value ignored|s/base + k \/ c->renders \* c->idents, w); return;/base, w); return;/"
)

run() { TWIN_SOURCE=$1 DEPTHS=$DEPTH MEASURE= CALLGRIND_DEPTH=0 bash Benchmarks/spin/compare-full.sh >"$WORK/out" 2>&1; }

status=0
if run Benchmarks/spin/full_twin.c; then echo "the twin as written: counts equal (expected)"; else echo "the twin as written: compare-full.sh failed"; cat "$WORK/out"; status=1; fi
for mutant in "${MUTANTS[@]}"; do
    name=${mutant%%|*}
    sed "${mutant#*|}" Benchmarks/spin/full_twin.c >"$WORK/mutant.c"
    if cmp -s "$WORK/mutant.c" Benchmarks/spin/full_twin.c; then echo "$name: the mutation does not apply"; status=1; continue; fi
    if run "$WORK/mutant.c"; then echo "$name: counts equal, NOT caught"; status=1
    else echo "$name: caught ($(grep DIFFERENT "$WORK/out" | head -1))"; fi
done
exit $status
