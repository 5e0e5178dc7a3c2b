#!/usr/bin/env bash
# The long fuzz campaign (README, "Fuzzing"): FUZZ_INPUTS generated inputs (default 100,000)
# through the front end in-process, and FUZZ_BINARY_SAMPLE of them (default 1,000, spread evenly)
# through the verify-lemmas binary with --json, --junit and --sarif (and --rules when the input has a
# rule-set file), on a release build, the reports then checked against their schemas. An input that
# crashes, hangs (20 s) or leaves a malformed report is kept in Tests/ProverTests/CrashCorpus (the
# files it imports and its rule-set file in NAME.lemma.files),
# which every `swift test` replays. FUZZ_SEED picks the inputs (default 1): the same seed, the
# same inputs.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build
export FUZZ_SEED="${FUZZ_SEED:-1}" FUZZ_INPUTS="${FUZZ_INPUTS:-100000}" FUZZ_BINARY_SAMPLE="${FUZZ_BINARY_SAMPLE:-1000}"
export FUZZ_CRASH_DIR="$PWD/Tests/ProverTests/CrashCorpus" FUZZ_CURRENT="$PWD/.build/fuzz-current.lemma"
flags=(-c release -Xswiftc -enable-testing)

swift build "${flags[@]}" --build-tests
log=.build/fuzz.log
status=0
start=$(date +%s)
swift test "${flags[@]}" --skip-build --filter FuzzTests.testGeneratedInputsNeverCrashHangOrMisreport 2>&1 | tee "$log" \
  || status=$?
echo "fuzz: $(( $(date +%s) - start )) s"
if ! grep -q "^fuzz: seed" "$log"; then
  # The test process died on an input (a trap or a stack overflow): keep that input.
  kept="$FUZZ_CRASH_DIR/crash-seed$FUZZ_SEED-$(date -u +%Y%m%dT%H%M%S).lemma"
  cp "$FUZZ_CURRENT" "$kept"
  if [ -d "$FUZZ_CURRENT.files" ]; then cp -R "$FUZZ_CURRENT.files" "$kept.files"; fi
  echo "fuzz: the test process died; the input it was running is kept as $kept"
  status=1
fi
exit "$status"
