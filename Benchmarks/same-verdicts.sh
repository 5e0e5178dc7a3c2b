#!/usr/bin/env bash
# Whether two JSON reports of a lemma run (`verify-lemmas --json`) say the same thing: every item
# (verdict, scope, bound, counterexample, certificate, witness, Z3 resource count, obligations),
# the reduction and locality obligations and the run's summary, with every `seconds` field and
# the run's coverage (its options and inputs, which a newer binary may record more of) left out.
# Prints each item that differs; exits 0 when none does, 1 otherwise, 2 on bad input.
#
#   bash Benchmarks/same-verdicts.sh BEFORE.json AFTER.json
set -uo pipefail
[[ $# -eq 2 && -r "$1" && -r "$2" ]] || { echo "usage: $0 BEFORE.json AFTER.json" >&2; exit 2; }
normalise='del(.. | objects | .seconds?) | del(.coverage)'
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
jq -S "$normalise" "$1" >"$work/a" && jq -S "$normalise" "$2" >"$work/b" || exit 2
cmp -s "$work/a" "$work/b" && { echo "same: $(jq '.lemmas | length' "$work/a") items, obligations and summary"; exit 0; }
jq -rn --slurpfile a "$work/a" --slurpfile b "$work/b" '
    $a[0] as $a | $b[0] as $b
    | ($a.lemmas | map({(.name): .}) | add // {}) as $x | ($b.lemmas | map({(.name): .}) | add // {}) as $y
    | (($x | keys) + ($y | keys) | unique[] | select($x[.] != $y[.]) | "differs: \(.)"),
      (($a | keys) + ($b | keys) | unique[] | select(. != "lemmas" and $a[.] != $b[.]) | "differs: the report'"'"'s \(.)")'
exit 1
