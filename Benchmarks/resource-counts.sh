#!/usr/bin/env bash
# Z3 resource counts per lemma and reduction obligation: Proofs/verdicts.json at BASE_REV against
# the working tree. Prints each count that changed (before, after, change), the totals, and every
# count that rose by more than ProofStore's tolerance (`resourceTolerance`, 25 %); exits 1 if such
# a rise has no entry in Benchmarks/resource-rises.txt (`KIND NAME COUNT reason…`: NAME may rise up
# to COUNT, for the reason given; a space in NAME is written as is or as '-': `invalidation-design/…`), else 0;
# 2 on bad input.
#
#   bash Benchmarks/resource-counts.sh [BASE_REV]
#
# BASE_REV defaults to the last commit that changed Proofs/verdicts.json when the working tree
# changes it, else to the commit before that one (the committed record against its previous
# version, as CI checks it). BASE_FILE, NEW_FILE and ALLOW_FILE replace the three files (tests).
set -uo pipefail
cd "$(dirname "$0")/.."
record=Proofs/verdicts.json
allow=${ALLOW_FILE:-Benchmarks/resource-rises.txt}
tolerance=$(grep -o 'resourceTolerance = [0-9.]*' Sources/Artifacts/ProofStore.swift | awk '{print $3}')
[[ -n "$tolerance" ]] || { echo "error: resourceTolerance not found in Sources/Artifacts/ProofStore.swift" >&2; exit 2; }
base_file=${BASE_FILE:-}
if [[ -z "$base_file" ]]; then
    if [[ $# -ge 1 ]]; then
        base=$1
    else
        last=$(git log -n 1 --format=%H -- "$record")
        if git diff --quiet HEAD -- "$record"; then base="$last^"; else base=$last; fi
    fi
    base_file=$(mktemp)
    trap 'rm -f "$base_file"' EXIT
    git show "$base:$record" >"$base_file" 2>/dev/null || { echo "error: no $record at $base" >&2; exit 2; }
    echo "base: $(git log -n 1 --format='%h %s' "$base" | cut -c1-100)"
fi
python3 - "$base_file" "${NEW_FILE:-$record}" "$allow" "$tolerance" <<'PY'
import json, sys

base_path, new_path, allow_path, tolerance = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])

def counts(path):
    try:
        record = json.load(open(path))
    except (OSError, ValueError) as error:
        print(f"error: {path}: {error}", file=sys.stderr)
        sys.exit(2)
    found = {}
    for kind in ("lemmas", "reduction"):
        for entry in record.get(kind, []):
            if entry.get("resourceCount") is not None:
                found[(kind, entry["rules"] + "/" + entry["name"] if kind == "reduction" else entry["name"])] = entry["resourceCount"]
    return found

allowed = {}
try:
    for number, line in enumerate(open(allow_path), 1):
        if not line.strip() or line.startswith("#"):
            continue
        # NAME may hold a space (an invalidation rule set: `invalidation runtime/invalidation.child`):
        # COUNT is the first number after it.
        parts = line.split()
        count = next((i for i in range(2, len(parts)) if parts[i].isdigit()), None)
        if count is None or count + 1 >= len(parts):
            print(f"error: {allow_path}:{number}: expected 'KIND NAME COUNT reason'", file=sys.stderr)
            sys.exit(2)
        allowed[(parts[0], " ".join(parts[1:count]))] = int(parts[count])
except FileNotFoundError:
    pass

before, after = counts(base_path), counts(new_path)
print("kind | name | before | after | change")
rises = []
for key in sorted(before.keys() | after.keys()):
    a, b = before.get(key), after.get(key)
    if a == b:
        continue
    change = f"{(b - a) / a:+.1%}" if a and b is not None else ("new" if a is None else "gone")
    print(f"{key[0]} | {key[1]} | {a if a is not None else '-'} | {b if b is not None else '-'} | {change}")
    if a and b is not None and (b - a) / a > tolerance:
        rises.append((key, a, b))
for kind in ("lemmas", "reduction"):
    common = [k for k in before.keys() & after.keys() if k[0] == kind]
    total_a, total_b = sum(before[k] for k in common), sum(after[k] for k in common)
    change = f"{(total_b - total_a) / total_a:+.1%}" if total_a else "-"
    print(f"total {kind} ({len(common)} in both): {total_a} -> {total_b} ({change})")
# A space in a name (the rule set "invalidation design") may be written '-' in the allow file, as in
# Proofs/reduction/invalidation-design/.
def allowance(key):
    return max(allowed.get(key, -1), allowed.get((key[0], key[1].replace(" ", "-")), -1))
unexplained = [r for r in rises if allowance(r[0]) < r[2]]
for key, a, b in rises:
    status = "NOT in " + allow_path if (key, a, b) in unexplained else "allowed in " + allow_path
    print(f"rise above {tolerance:.0%}: {key[0]} {key[1]} {a} -> {b} ({status})")
if unexplained:
    print(f"{len(unexplained)} count(s) rose more than {tolerance:.0%} without an entry in {allow_path}")
    sys.exit(1)
print(f"no count rose more than {tolerance:.0%} without an entry in {allow_path}")
PY
