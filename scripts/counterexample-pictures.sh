#!/usr/bin/env bash
# Regenerates docs/counterexamples/*.svg: one counterexample picture per kind (a two-render lemma,
# a three-render lemma, a scenario), drawn by `verify-lemmas --dot` with Graphviz.
# Usage: bash scripts/counterexample-pictures.sh   (from the repository root; needs `dot`)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v dot >/dev/null || { echo "Graphviz's dot is needed (apt-get install graphviz)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -q
for item in seed002_same_type_same_position_is_same_identity r7_retention_needs_the_container_to_stay \
  seed002_stable_counter_id_keeps_state_when_removed; do
  .build/debug/verify-lemmas --filter "$item" --dot "$work" >/dev/null
done
mkdir -p docs/counterexamples
cp "$work/seed002_same_type_same_position_is_same_identity.svg" docs/counterexamples/lemma.svg
cp "$work/r7_retention_needs_the_container_to_stay.svg" docs/counterexamples/multi-render.svg
cp "$work/seed002_stable_counter_id_keeps_state_when_removed.svg" docs/counterexamples/scenario.svg
ls -l docs/counterexamples
