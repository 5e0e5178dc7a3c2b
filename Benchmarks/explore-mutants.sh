#!/usr/bin/env bash
# Every identity mutant against explore at the reference bounds (depth 4, branching 3, 4 view
# types, 3 modifier types) with 2 steps and mutations: the mutant's states are checked against the
# reference rules' identities (`explore --mutant`), and a caught mutant exits 1 with its shortest
# trace. Prints one row per mutant: the extra options it needs, the exit status, the actions in the
# counterexample and the wall time.
#
#   bash Benchmarks/explore-mutants.sh        # from the repository root; VERIFY_LEMMAS=path to skip the build
set -uo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${VERIFY_LEMMAS:-}" ]]; then
    swift build -c release --product verify-lemmas >/dev/null || exit 2
    VERIFY_LEMMAS=.build/release/verify-lemmas
fi
# mutant|extra options (beyond --steps 2 --mutations at the reference bounds)
ROWS=(
    "optionalShiftsSiblings|"
    "idOverridesStructure|"
    "armsShareIdentity|"
    "modifierValueInIdentity|"
    "forEachByOffset|"
    "reReadInitialValue|"
    "anyViewAlwaysRebuilds|"
    "idValueIgnored|"
    "forEachKeyIgnored|"
    "initialValueIgnored|--initial-values 2"
    "noRetention|--initial-values 2"
    "retentionIgnoresContainer|--initial-values 2"
    "evictionIgnored|--initial-values 2 --rules evicting"
    "transientReadsIgnored|--rules ios18_0 --twice-read-conditions"
    "containerKindIgnored|--depth 2 --arbitrary-renders"
    "anyViewIgnoresType|--any-view-contents"
    "duplicateKeysMerged|--duplicate-keys"
    "anyViewNotUnwrapped|--depth 3 --branching 1 --view-types 1 --modifier-types 1 --key-values 1 --arbitrary-renders"
)
echo "mutant | extra options | exit | actions | seconds"
for row in "${ROWS[@]}"; do
    mutant=${row%%|*} extra=${row#*|}
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    output=$("$VERIFY_LEMMAS" explore --steps 2 --mutations --mutant "$mutant" $extra --quiet 2>&1)
    status=$?
    seconds=$(python3 -c "import time; print(f'{time.time() - $start:.1f}')")
    actions=$(grep -c '^then ' <<<"$output")
    echo "$mutant | ${extra:--} | $status | $actions | $seconds"
done
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
