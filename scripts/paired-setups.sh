#!/usr/bin/env bash
# paired-setups.sh [--json] A.trd... -- B.trd... — White's score on the same
# setups under two players (issue 21): for every setup index that both sets
# of records hold finished games of, seat 0's (White's) mean score in A and
# in B, and the mean over those setups of the difference B − A with a
# t interval (each setup one observation: its games share the position, so
# the setup is the cluster).  Runs with the same run seed and setup kind give
# each index the same start; a setup whose start differs between A and B (a
# run with another seed or kind) is refused (exit 2).  Unfinished games are
# left out.  --json prints the same as one JSON object.
#
# Example: the 1,000,000-node sample against the 256,000-node rung on the
# sample's 100 setups:
#   scripts/paired-setups.sh data/records/ladder-deep/rung-256000/random.trd -- \
#       data/records/ladder-deep/rung-1000000/random.trd
set -euo pipefail
cd "$(dirname "$0")/.."
json=0
[ "${1:-}" = --json ] && { json=1; shift; }
a=() b=() side=a
for f in "$@"; do
    if [ "$f" = -- ]; then side=b; continue; fi
    if [ $side = a ]; then a+=("$f"); else b+=("$f"); fi
done
[ ${#a[@]} -gt 0 ] && [ ${#b[@]} -gt 0 ] || { echo "usage: scripts/paired-setups.sh [--json] A.trd... -- B.trd..." >&2; exit 2; }
triad=${TRIAD:-bin/triad}
# one line per game: side, setup index, rotation, seat 0's score, finished, start
games() {
    $triad records export "${@:2}" --format jsonl |
        sed -n 's/.*"setup_index":\([0-9]*\),"rotation":\([0-9]*\),.*"start":"\([^"]*\)".*"scores":\[\([^],]*\),[^]]*\].*"finished":\([a-z]*\).*/'"$1"'\t\1\t\2\t\4\t\5\t\3/p'
}
{ games A "${a[@]}"; games B "${b[@]}"; } | awk -F'\t' -v json="$json" '
    # the t distribution'"'"'s 97.5% quantile for df degrees of freedom: a
    # table to 30, then Cornish-Fisher from the normal one (within 1e-4)
    function t975(df,   z) {
        if (df <= 30) return tq[df]
        z = 1.959964
        return z + (z^3 + z) / (4 * df) + (5 * z^5 + 16 * z^3 + 3 * z) / (96 * df^2) + (3 * z^7 + 19 * z^5 + 17 * z^3 - 15 * z) / (384 * df^3) }
    BEGIN { split("12.7062 4.3027 3.1824 2.7764 2.5706 2.4469 2.3646 2.3060 2.2622 2.2281 2.2010 2.1788 2.1604 2.1448 " \
                  "2.1314 2.1199 2.1098 2.1009 2.0930 2.0860 2.0796 2.0739 2.0687 2.0639 2.0595 2.0555 2.0518 2.0484 2.0452 2.0423", tq, " ") }
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
