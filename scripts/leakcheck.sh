#!/usr/bin/env bash
# Runs Z3Kit's leak workload (Z3LeakTests) under valgrind and fails if any block is definitely
# lost with Z3Kit, its tests or libz3 in the allocation stack.
#
# What is filtered, honestly: valgrind's "definitely lost" records whose allocation stack has no
# frame from Z3Kit, Z3KitTests or libz3 (Swift runtime, Foundation, XCTest, libdispatch start-up
# noise) are listed in the log but not counted. "Still reachable" and "possibly lost" blocks are
# not failures (Z3 keeps global tables such as its symbol table until exit). Under valgrind the
# test skips its resident-memory bound (valgrind's own memory) but keeps its Z3-memory bound.
# Valgrind catches lost Z3 objects (contexts, constructors, configs); a missing Z3_dec_ref is not
# "lost" (deleting the context frees all its terms), which the test's Z3-memory bound catches.
#
# Usage: scripts/leakcheck.sh            (from anywhere; builds into .build-z3kit)
# Env:   Z3KIT_LEAK_ITERATIONS (default 60), SCRATCH_PATH (default .build-z3kit)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="${SCRATCH_PATH:-$root/.build-z3kit}"
iterations="${Z3KIT_LEAK_ITERATIONS:-60}"
log="$scratch/leakcheck.valgrind.log"
test_name="Z3KitTests.Z3LeakTests/testWorkloadKeepsMemoryFlat"

command -v valgrind >/dev/null || { echo "leakcheck: valgrind is not installed" >&2; exit 2; }

echo "leakcheck: building tests into $scratch"
mkdir -p "$scratch"
if ! swift build --package-path "$root" --scratch-path "$scratch" --build-tests >"$scratch/leakcheck-build.log" 2>&1; then
    echo "leakcheck: build failed; see $scratch/leakcheck-build.log" >&2
    grep -E "error:" "$scratch/leakcheck-build.log" | head -n 20 >&2
    exit 2
fi
binary="$(find "$scratch/debug/" -maxdepth 1 -name '*PackageTests.xctest' | head -n 1)"
[[ -n "$binary" ]] || { echo "leakcheck: no test binary in $scratch/debug" >&2; exit 2; }

echo "leakcheck: valgrind on $test_name ($iterations rounds)"
status=0
Z3KIT_LEAK_ITERATIONS="$iterations" valgrind \
    --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite \
    --num-callers=64 --log-file="$log" \
    "$binary" "$test_name" >"$log.stdout" 2>&1 || status=$?

if ! grep -q "Executed 1 test, with 0 failures" "$log.stdout"; then
    echo "leakcheck: the test itself failed (exit $status); see $log.stdout" >&2
    tail -n 20 "$log.stdout" >&2
    exit 1
fi

# Split the log into loss records and keep the definitely-lost ones that involve our code.
ours="$(awk '
    /definitely lost in loss record/ { inrec = 1; rec = $0; bytes = $2; gsub(",", "", bytes); next }
    inrec && /^==[0-9]+== *$/ {
        if (rec ~ /Z3Kit|libz3/) { total += bytes; print rec "\n" }
        inrec = 0; next
    }
    inrec { rec = rec "\n" $0 }
    END { if (inrec && rec ~ /Z3Kit|libz3/) { total += bytes; print rec }; printf "OURS_BYTES=%d\n", total }
' "$log")"
our_bytes="$(sed -n 's/^OURS_BYTES=//p' <<<"$ours")"

echo "leakcheck: valgrind LEAK SUMMARY (whole process):"
sed -n '/LEAK SUMMARY/,/suppressed:/p' "$log" | sed 's/^==[0-9]*==/  /'
echo "leakcheck: definitely lost (direct + indirect) with Z3Kit/Z3KitTests/libz3 frames: ${our_bytes} bytes"
if [[ "$our_bytes" -gt 0 ]]; then
    sed '/^OURS_BYTES=/d' <<<"$ours"
    echo "leakcheck: FAILED (full log: $log)" >&2
    exit 1
fi
echo "leakcheck: OK (full log: $log)"
