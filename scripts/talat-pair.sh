#!/usr/bin/env bash
# talat-pair.sh A.trd B.trd — the change from run A to run B in each turn
# position's share of the points (first to act at the start, second, third),
# for two Talat three-player runs of the same seed, setup kind and design
# (so setup k is the same arrangement in both): the mean over setups of B's
# share minus A's, a setup's rotations averaged first, with a 95% normal
# interval over the setups (paired by setup: both runs played every setup,
# so the arrangement's own effect cancels).  docs/results.md, "Talat at
# depth 5", uses it on the depth-4 and depth-5 records.
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: scripts/talat-pair.sh A.trd B.trd" >&2; exit 2; }
set -- "$(caller_path "$1")" "$(caller_path "$2")"
triad=${TRIAD:+$(caller_cmd "$TRIAD")}
triad=${triad:-bin/triad}
# One line per finished game: setup, then the shares of the seats to act
# first, second and third.  Seats are the colours b w g (rules page); the
# side to act is field 8 of the start line; game id = setup * rotations
# + rotation (one replicate).
shares() {
    awk -v rot="$2" '
        $2 == "start" { side[$1] = index("bwg", $8) - 1; next }
        { for (i = 3; i <= NF; i++) if ($i ~ /^[0-9]+-[0-9]+-[0-9]+$/) break
          if (i > NF || $(i + 1) == "unfinished") next
          split($i, s, "-"); t = s[1] + s[2] + s[3]; if (t == 0) next
          f = side[$1]
          printf "%d %.9f %.9f %.9f\n", int($1 / rot), s[f % 3 + 1] / t, s[(f + 1) % 3 + 1] / t, s[(f + 2) % 3 + 1] / t }' "$1"
}
# Each file is read whole before anything is printed: a missing, torn or
# foreign file stops here with records cat's one error line, never with
# figures from the part before the tear.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for i in 1 2; do "$triad" records cat --start "${!i}" >"$tmp/$i" || exit 2; done
rotations() { "$triad" records info "$1" 2>/dev/null | awk '/rotations/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+$/) { print $i; exit } }'; }
for f in "$1" "$2"; do
    [ "$("$triad" records info "$f" | awk '$1 ~ /^(game|players|replicates)$/ { printf "%s=%s ", $1, $2 }')" = \
        "game=talat players=3 replicates=1 " ] ||
        { echo "talat-pair.sh: $f: not a three-player Talat run of one replicate" >&2; exit 2; }
done
ra=$(rotations "$1"); rb=$(rotations "$2")
[ -n "$ra" ] && [ "$ra" = "$rb" ] || { echo "talat-pair.sh: the two runs need the same number of rotations (read '$ra' and '$rb')" >&2; exit 2; }
{ shares "$tmp/1" "$ra" | sed 's/^/A /'; shares "$tmp/2" "$rb" | sed 's/^/B /'; } | awk '
    { n[$1, $2]++; for (p = 1; p <= 3; p++) s[$1, $2, p] += $(p + 2); setup[$2] = 1 }
    END {
        for (k in setup) {
            if (!n["A", k] || !n["B", k]) continue
            m++
            for (p = 1; p <= 3; p++) {
                a = s["A", k, p] / n["A", k]; b = s["B", k, p] / n["B", k]
                sa[p] += a; sb[p] += b; d = (b - a) * 100; sd[p] += d; sdd[p] += d * d
            }
        }
        if (m < 2) { print "talat-pair.sh: fewer than two setups in both runs" > "/dev/stderr"; exit 2 }
        printf "%d setups in both runs\n", m
        for (p = 1; p <= 3; p++) {
            mean = sd[p] / m; var = (sdd[p] - m * mean * mean) / (m - 1); h = 1.96 * sqrt(var / m)
            printf "turn %d: A %.2f%%  B %.2f%%  B - A %+.2f points [%+.2f, %+.2f]\n", p, 100 * sa[p] / m, 100 * sb[p] / m, mean, mean - h, mean + h
        }
    }'
