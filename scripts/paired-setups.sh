#!/usr/bin/env bash
# paired-setups.sh [--json] A.trd... -- B.trd... — White's score on the same
# setups under two players (issue 21): for every setup index that both sets
# of records hold finished games of, seat 0's (White's) mean score in A and
# in B, and the mean over those setups of the difference B − A with a
# t interval (each setup one observation: its games share the position, so
# the setup is the cluster).  Runs with the same run seed and setup kind give
# each index the same start; a setup whose start differs between A and B (a
# run with another seed or kind) is refused (exit 2), and so is a file that
# cannot be read whole.  Unfinished games are left out.  --json prints the
# same as one JSON object.
#
# A and B may be two variants of one game (TZAAR's rules of the first turn,
# docs/tzaar-variants.md: tzaar -- tzaar:first=full): a variant's start
# writes the variant's first phase (`... w f` where the rulebook has
# `... w 0`, `... w pf` for `... w p`), so a TZAAR start's phase at White's
# first turn or at the placement is compared as the rulebook's; the board
# and the side must still be the same.
#
# Example: the 1,000,000-node sample against the 256,000-node rung on the
# sample's 100 setups:
#   scripts/paired-setups.sh data/records/ladder-deep/rung-256000/random.trd -- \
#       data/records/ladder-deep/rung-1000000/random.trd
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
json=0
[ "${1:-}" = --json ] && { json=1; shift; }
a=() b=() side=a
for f in "$@"; do
    if [ "$f" = -- ]; then side=b; continue; fi
    f=$(caller_path "$f")
    if [ $side = a ]; then a+=("$f"); else b+=("$f"); fi
done
[ ${#a[@]} -gt 0 ] && [ ${#b[@]} -gt 0 ] || { echo "usage: scripts/paired-setups.sh [--json] A.trd... -- B.trd..." >&2; exit 2; }
triad=${TRIAD:+$(caller_cmd "$TRIAD")}
triad=${triad:-bin/triad}
# Both sides are exported whole first: a file that cannot be read (missing,
# torn, not a records file) stops the script with export's own error line
# and exit 2, before any figure is computed from part of the games.
ta=$(mktemp) tb=$(mktemp)
trap 'rm -f "$ta" "$tb"' EXIT
$triad records export "${a[@]}" --format jsonl >"$ta" || exit 2
$triad records export "${b[@]}" --format jsonl >"$tb" || exit 2
# one line per game: side, setup index, rotation, seat 0's score, finished, start
# (a game read twice counts once; an unfinished game's null scores made
# comparable so that the program sees it, and leaves it out as unfinished)
games() {
    awk -v name=paired-setups.sh -f scripts/dedup-games.awk "$2" | sed 's/"scores":null/"scores":[0,0]/' |
        sed -E '/^\{"game":"tzaar[":]/{s/("start":"[^"]* [wb]) (0|f|d|0s|fs|ds)"/\1 0"/;s/("start":"[^"]* [wb]) p(0s|fs|ds|f|d)?"/\1 p"/}' | sed -n 's/.*"setup_index":\([0-9]*\),"rotation":\([0-9]*\),.*"start":"\([^"]*\)".*"scores":\[\([^],]*\),[^]]*\].*"finished":\([a-z]*\).*/'"$1"'\t\1\t\2\t\4\t\5\t\3/p'
}
# t975() comes from scripts/tquantile.awk, put before the program's text
{ games A "$ta"; games B "$tb"; } | awk -F'\t' -v json="$json" "$(cat scripts/tquantile.awk)"'
    {
        key = $1 SUBSEP $2
        if ($3 == 0) { if (($2 in start) && start[$2] != $6) { bad = $2; exit 2 } start[$2] = $6 }
        if ($5 != "true") { unf[$1]++; next }
        g[key]++; s[key] += $4; seen[$2] = 1
    }
    END {
        if (bad != "") { print "paired-setups.sh: setup " bad " starts differently in A and in B (another seed or setup kind?)" > "/dev/stderr"; exit 2 }
        n = 0
        for (k in seen) if (g["A", k] && g["B", k]) {
            n++; pa = s["A", k] / g["A", k]; pb = s["B", k] / g["B", k]
            ma += pa; mb += pb; d[n] = pb - pa; ga += g["A", k]; gb += g["B", k]
        }
        if (!n) { print "paired-setups.sh: no setup holds finished games in both A and B" > "/dev/stderr"; exit 2 }
        ma /= n; mb /= n; md = mb - ma; v = 0
        for (i = 1; i <= n; i++) v += (d[i] - md)^2
        h = n > 1 ? t975(n - 1) * sqrt(v / (n - 1) / n) : -1
        if (json) {
            printf "{\"setups\":%d,\"games_a\":%d,\"games_b\":%d,\"unfinished_a\":%d,\"unfinished_b\":%d,", n, ga, gb, unf["A"] + 0, unf["B"] + 0
            printf "\"white_a\":%.4f,\"white_b\":%.4f,\"difference\":%.4f,\"ci95\":%s}\n", ma, mb, md,
                (h >= 0 ? sprintf("[%.4f,%.4f]", md - h, md + h) : "null")
            exit 0
        }
        printf "%d setups held by both (%d games in A, %d in B; unfinished left out: %d, %d)\n", n, ga, gb, unf["A"] + 0, unf["B"] + 0
        printf "White (seat 0), mean over the setups: A %.2f%%, B %.2f%%\n", 100 * ma, 100 * mb
        if (h >= 0) printf "B - A: %+.2f points, 95%% interval [%+.2f, %+.2f] (t, setups as clusters)\n", 100 * md, 100 * (md - h), 100 * (md + h)
        else printf "B - A: %+.2f points, no interval (one setup)\n", 100 * md
    }'
