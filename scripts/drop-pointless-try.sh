#!/usr/bin/env bash
# Deletes every `try` that the compiler reports as covering no throwing call ("no calls to throwing
# functions occur within 'try' expression") in Sources/ and Tests/, and builds again until none is
# left: Z3Kit's builders latch their errors instead of throwing, so most `try`s before them mean
# nothing. Re-run it after merging a branch that adds such `try`s. Only a plain `try ` is deleted
# (never `try?` or `try!`, whose removal changes the expression's type): a site where the warning's
# column holds anything else is listed and the script fails. It never drops a function's `throws`.
# Usage: bash scripts/drop-pointless-try.sh   (from the repository root or anywhere; the first
# build compiles every file, since a warning is printed only for a file that compiles)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
warning="warning: no calls to throwing functions occur within 'try' expression"
find Sources Tests -name '*.swift' -exec touch {} +
for pass in 1 2 3 4 5 6 7 8 9 10; do
  if ! swift build --build-tests >"$log" 2>&1; then
    grep -E "error:" "$log" >&2 || tail -20 "$log" >&2
    exit 1
  fi
  # file:line:col of each site in this repository's Sources and Tests, once each.
  sites=$(grep -F "$warning" "$log" | grep -E "^($root/)?(Sources|Tests)/" | cut -d: -f1-3 | sort -u || true)
  if [ -z "$sites" ]; then
    echo "pass $pass: no pointless try left"
    exit 0
  fi
  echo "pass $pass: $(printf '%s\n' "$sites" | wc -l) pointless try"
  for file in $(printf '%s\n' "$sites" | cut -d: -f1 | sort -u); do
    positions=$(printf '%s\n' "$sites" | awk -F: -v f="$file" '$1 == f { print $2 ":" $3 }')
    # Byte columns, as the compiler counts them; on each line the rightmost site first, so that
    # a deletion does not move the columns still to be done.
    LC_ALL=C awk -v positions="$positions" -v file="$file" '
      BEGIN {
        n = split(positions, list, "\n")
        for (i = 1; i <= n; i++) { split(list[i], p, ":"); cols[p[1]] = cols[p[1]] " " p[2] }
      }
      (FNR in cols) {
        m = split(cols[FNR], cs, " ")
        for (i = 2; i <= m; i++) for (j = i; j > 1 && cs[j] + 0 > cs[j - 1] + 0; j--) { t = cs[j]; cs[j] = cs[j - 1]; cs[j - 1] = t }
        for (i = 1; i <= m; i++) {
          c = cs[i] + 0
          if (substr($0, c, 4) == "try ") { $0 = substr($0, 1, c - 1) substr($0, c + 4); deleted++ }
          else { printf "%s:%d:%d: left as is: %s\n", file, FNR, c, substr($0, c, 12) > "/dev/stderr"; kept++ }
        }
      }
      { print }
      END { exit kept > 0 ? 3 : 0 }
    ' "$file" >"$file.tmp" && status=0 || status=$?
    # 3: some sites were left as they are, the rest done; anything else: the file is untouched.
    if [ "$status" -eq 0 ] || [ "$status" -eq 3 ]; then mv "$file.tmp" "$file"; else rm -f "$file.tmp"; fi
    [ "$status" -eq 0 ] || exit 1
  done
done
echo "still pointless try after 10 passes" >&2
exit 1
