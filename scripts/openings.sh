#!/usr/bin/env bash
# openings.sh [--json] POSITIONS RECORDS... — White's score per forced opening
# (issue 21, item 4): games played by `triad selfplay --positions POSITIONS`
# start setup k from the list's line k mod its length, so a game's class is
# its setup index mod the number of positions.  Prints one row per class
# (named by the comment line above its position, e.g. "# D3xC3"): games,
# White's score with a Wilson 95% interval (each game its own observation:
# the games of a class differ only by their seeds), and the mean over the
# classes (each class weighted alike, as a uniform draw of the opening would
# weigh them) with a normal interval from the classes' own variances.
# --json prints the same as one JSON object.  Unfinished games are counted
# apart and left out.  Every game's stored start must be its class's line of
# POSITIONS (a run from another list is refused, exit 2).
set -euo pipefail
cd "$(dirname "$0")/.."
json=0
[ "${1:-}" = --json ] && { json=1; shift; }
[ $# -ge 2 ] || { echo "usage: scripts/openings.sh [--json] POSITIONS RECORDS..." >&2; exit 2; }
list=$1; shift
triad=${TRIAD:-bin/triad}
n=$(grep -cv '^[[:space:]]*\(#\|$\)' "$list") || true
[ "$n" -gt 0 ] || { echo "openings.sh: $list holds no position" >&2; exit 2; }
{
    # the class names (the comment line just above each position) and lines
    awk '/^[[:space:]]*$/ { next } /^#/ { name = $2; next } { printf "name\t%d\t%s\t%s\n", k++, name, $0; name = "" }' "$list"
    $triad records export "$@" --format jsonl |
        sed -n 's/.*"setup_index":\([0-9]*\),.*"start":"\([^"]*\)".*"scores":\[\([^],]*\),[^]]*\].*"finished":\([a-z]*\).*/game\t\1\t\3\t\4\t\2/p'
} | awk -F'\t' -v n="$n" -v json="$json" '
    function wilson(s, g, sign,   p, z, c, h) { z = 1.959964; p = s / g
        c = (p + z * z / (2 * g)) / (1 + z * z / g); h = z * sqrt(p * (1 - p) / g + z * z / (4 * g * g)) / (1 + z * z / g)
        return c + sign * h }
    $1 == "name" { name[$2] = $3; line[$2] = $4; next }
    { k = $2 % n; if ($5 != line[k]) { bad = 1; exit 2 } if ($4 != "true") { unf++; next } g[k]++; s[k] += $3; all++ }
    END {
        if (bad) { print "openings.sh: a game does not start from its line of the list (a run from another --positions list?)" > "/dev/stderr"; exit 2 }
        if (!all) { print "openings.sh: no finished game" > "/dev/stderr"; exit 2 }
        m = 0; v = 0; classes = 0
        for (k = 0; k < n; k++) if (g[k] > 1) { p = s[k] / g[k]; m += p; v += p * (1 - p) / (g[k] - 1); classes++ }
        if (classes) { m /= classes; h = 1.959964 * sqrt(v) / classes }
        if (json) {
            printf "{\"positions\":%d,\"games\":%d,\"unfinished\":%d,\"classes\":[", n, all, unf + 0
            for (k = 0; k < n; k++) printf "%s{\"class\":%d,\"name\":\"%s\",\"games\":%d,\"white_score\":%s,\"ci95\":%s}",
                k ? "," : "", k, name[k], g[k] + 0, g[k] ? sprintf("%.4f", s[k] / g[k]) : "null",
                (g[k] > 1 ? sprintf("[%.4f,%.4f]", wilson(s[k], g[k], -1), wilson(s[k], g[k], 1)) : "null")
            printf "],\"mean_over_classes\":%s,\"mean_ci95\":%s}\n", classes ? sprintf("%.4f", m) : "null",
                (classes > 1 ? sprintf("[%.4f,%.4f]", m - h, m + h) : "null")
            exit
        }
        print "| class | opening | games | White | 95% interval (Wilson) |"
        print "|---:|---|---:|---:|---|"
        for (k = 0; k < n; k++)
            if (g[k] > 1) printf "| %d | %s | %d | %.1f%% | %.1f – %.1f |\n", k, name[k], g[k], 100 * s[k] / g[k],
                100 * wilson(s[k], g[k], -1), 100 * wilson(s[k], g[k], 1)
            else printf "| %d | %s | %d | n/a | n/a |\n", k, name[k], g[k] + 0
        if (classes > 1) printf "\nMean over the %d classes (each alike): %.1f%% [%.1f, %.1f]; %d games", classes, 100 * m, 100 * (m - h), 100 * (m + h), all
        if (unf) printf ", %d unfinished left out", unf
        print ""
    }'
