#!/usr/bin/env bash
# openings.sh [--json] POSITIONS RECORDS... — White's score per forced opening
# (issue 21, item 4): games played by `triad selfplay --positions POSITIONS`
# start setup k from the list's line k mod its length, so a game's class is
# its setup index mod the number of positions.  Prints one row per class
# (named by the comment line above its position, e.g. "# D3xC3"): games,
# White's score with a Wilson 95% interval (each game its own observation:
# the games of a class differ only by their seeds), and the mean over the
# classes (each class weighted alike, as a uniform draw of the opening would
# weigh them) with a normal interval from the classes' own variances, and
# a chi-square test of whether the classes' scores differ at all.
# --json prints the same as one JSON object.  Unfinished games are counted
# apart and left out.  Every game's stored start must be its class's line of
# POSITIONS (a run from another list is refused, exit 2); a records file that
# cannot be read whole is refused too (export's error line, exit 2).
#
# openings.sh [--json] --played RECORDS... — the same table for games of the
# fixed setup as played (`selfplay --setup fixed`): a game's class is the
# class of its first action under the board's symmetries (`triad legal
# --setup fixed --classes`), numbered and named as in
# data/positions/tzaar-fixed-openings.txt, so the rows line up with a forced
# run's.  Every game must start from the fixed setup or an image of it
# under a board symmetry (a paired run's second rotation, the colours
# swapped: its first action is mapped back first); else exit 2.
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
json=0 played=0
while :; do
    case ${1:-} in
        --json) json=1; shift ;;
        --played) played=1; shift ;;
        --*) echo "openings.sh: unknown option '$1' (usage: scripts/openings.sh [--json] [--played] ...)" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ $# -ge $((2 - played)) ] ||
    { echo "usage: scripts/openings.sh [--json] POSITIONS RECORDS... | [--json] --played RECORDS..." >&2; exit 2; }
triad=${TRIAD:+$(caller_cmd "$TRIAD")}
triad=${triad:-bin/triad}
files=()
for f in "$@"; do files+=("$(caller_path "$f")"); done
set -- "${files[@]}"
classes=$(mktemp)
trap 'rm -f "$classes"' EXIT
if [ $played = 1 ]; then
    # "ACTION CLASS" for every first action of the fixed setup; the classes
    # numbered in the order they first appear, as the positions file is made
    $triad legal --setup fixed --classes >"$classes" || exit 2
    list=/dev/null
    n=$(awk '{ print $2 }' "$classes" | awk '!seen[$0]++' | wc -l)
    fixed=$($triad show --setup fixed | tail -1)
else
    list=$1; shift
    n=$(grep -cv '^[[:space:]]*\(#\|$\)' "$list") || true
    [ "$n" -gt 0 ] || { echo "openings.sh: $list holds no position" >&2; exit 2; }
fi
# The records are exported whole first: a file that cannot be read (missing,
# torn, not a records file) stops the script with export's own error line
# and exit 2, before any figure is computed from part of the games.
games=$(mktemp)
trap 'rm -f "$games" "$games.all" "$classes"' EXIT
# (a game read twice counts once; an unfinished game's null scores made
# comparable so it is counted as unfinished, and its start still checked)
$triad records export "$@" --format jsonl >"$games.all" || exit 2
awk -v name=openings.sh -f scripts/dedup-games.awk "$games.all" | sed 's/"scores":null/"scores":[0,0]/' >"$games"
rm -f "$games.all"
{
    if [ $played = 1 ]; then
        # class k: its representative action names it; every game's class from its first action
        awk '!seen[$2]++ { printf "name\t%d\t%s\t-\n", k++, $2 } { rep[$1] = $2 }
             END { for (a in rep) printf "rep\t%s\t%s\n", a, rep[a] }' "$classes"
        sed -n 's/.*"start":"\([^"]*\)","actions":\["\([^"]*\)".*"scores":\[\([^],]*\),[^]]*\].*"finished":\([a-z]*\).*/first\t\2\t\3\t\4\t\1/p' "$games"
    else
        # the class names (the comment line just above each position) and lines
        awk '/^[[:space:]]*$/ { next } /^#/ { name = $2; next } { printf "name\t%d\t%s\t%s\n", k++, name, $0; name = "" }' "$list"
        sed -n 's/.*"setup_index":\([0-9]*\),.*"start":"\([^"]*\)".*"scores":\[\([^],]*\),[^]]*\].*"finished":\([a-z]*\).*/game\t\1\t\3\t\4\t\2/p' "$games"
    fi
} | awk -F'\t' -v n="$n" -v json="$json" -v fixed="${fixed:-}" '
    function wilson(s, g, sign,   p, z, c, h) { z = 1.959964; p = s / g
        c = (p + z * z / (2 * g)) / (1 + z * z / g); h = z * sqrt(p * (1 - p) / g + z * z / (4 * g * g)) / (1 + z * z / g)
        return c + sign * h }
    # the upper tail of the chi-square distribution with df degrees of
    # freedom at x: Q(df/2, x/2), the regularized upper incomplete gamma
    # function (a series below a + 1, a continued fraction above)
    function chi2_upper(x, df,   a, z, sum, term, n, b, c, d, h, an, del, lg) {
        a = df / 2; z = x / 2
        if (z <= 0) return 1
        lg = lgamma(a)
        if (z < a + 1) {
            sum = term = 1 / a
            for (n = 1; n < 500; n++) { term *= z / (a + n); sum += term; if (term < sum * 1e-15) break }
            return 1 - sum * exp(-z + a * log(z) - lg)
        }
        b = z + 1 - a; c = 1e300; d = 1 / b; h = d
        for (n = 1; n < 500; n++) {
            an = -n * (n - a); b += 2; d = an * d + b; if (d < 1e-300 && d > -1e-300) d = 1e-300
            c = b + an / c; if (c < 1e-300 && c > -1e-300) c = 1e-300
            d = 1 / d; del = d * c; h *= del; if (del - 1 < 1e-15 && 1 - del < 1e-15) break
        }
        return exp(-z + a * log(z) - lg) * h
    }
    # log Gamma(a) for a > 0 (Stirling series after shifting a up to 7)
    function lgamma(a,   s) {
        s = 0
        while (a < 7) { s -= log(a); a++ }
        return s + (a - 0.5) * log(a) - a + 0.918938533204673 + 1 / (12 * a) - 1 / (360 * a^3) + 1 / (1260 * a^5)
    }
    # --played: a game may start from an image of the fixed setup under a
    # board symmetry (a paired run'"'"'s second rotation starts from the setup
    # with its colours swapped, which is the setup turned by 60 degrees); its
    # first action is mapped back to the setup'"'"'s own before it is classed.
    # Points in string order (axial x from -4 to 4, y ascending: geometry.h).
    function geometry(   x, y) {
        NP = 0
        for (x = -4; x <= 4; x++) for (y = -4; y <= 4; y++)
            if (x + y >= -4 && x + y <= 4 && (x || y)) { PX[NP] = x; PY[NP] = y; AT[x "," y] = NP++ }
    }
    # board symmetry g (0..11) of point p: reflect (x, y) -> (y, x) when g >= 6,
    # then turn by (x, y) -> (x + y, -x), g % 6 times
    function image(g, p,   x, y, t, i) {
        x = PX[p]; y = PY[p]; if (g >= 6) { t = x; x = y; y = t }
        for (i = 0; i < g % 6; i++) { t = x; x = x + y; y = 0 - t }
        return AT[(x + 0) "," (y + 0)]   # + 0: never the key "-0"
    }
    # the symmetry that takes the fixed setup to start st (-1: none); fills BACK[st, q] = p for image(g, p) = q
    function find(st,   g, p, ok) {
        if (!NP) geometry()
        split(fixed, f0, " "); split(st, f1, " ")
        if (f0[2] != f1[2] || f0[3] != f1[3] || length(f1[1]) != NP) return -1
        for (g = 0; g < 12; g++) {
            ok = 1
            for (p = 0; p < NP && ok; p++) ok = substr(f0[1], p + 1, 1) == substr(f1[1], image(g, p) + 1, 1)
            if (ok) { for (p = 0; p < NP; p++) BACK[st, image(g, p)] = p; return g }
        }
        return -1
    }
    # label <-> point: column letter A + (x + 4), row min(4, 4 - x) - y + 1 (geometry.c)
    function point(l,   x, r) { x = index("ABCDEFGHI", substr(l, 1, 1)) - 5; r = substr(l, 2) + 0
        return AT[x "," ((x < 0 ? 4 : 4 - x) - r + 1)] }
    function label(p,   x) { x = PX[p]; return substr("ABCDEFGHI", x + 5, 1) ((x < 0 ? 4 : 4 - x) - PY[p] + 1) }
    # action a played from start st, as the fixed setup'"'"'s own action ("" when st is no image of it)
    function back(st, a,   m) {
        if (!(st in SYM)) SYM[st] = find(st)
        if (SYM[st] < 0 || !match(a, /^[A-I][0-9]+x[A-I][0-9]+$/)) return ""
        m = index(a, "x")
        return label(BACK[st, point(substr(a, 1, m - 1))]) "x" label(BACK[st, point(substr(a, m + 1))])
    }
    $1 == "name" { name[$2] = $3; line[$2] = $4; cls[$3] = $2; next }
    $1 == "rep" { rep[$2] = $3; next }
    $1 == "first" { a = back($5, $2); if (a == "" || !(a in rep)) { bad = 2; exit 2 }
                    if ($4 != "true") { unf++; next } k = cls[rep[a]]; g[k]++; s[k] += $3; all++; next }
    { k = $2 % n; if ($5 != line[k]) { bad = 1; exit 2 } if ($4 != "true") { unf++; next } g[k]++; s[k] += $3; all++ }
    END {
        if (bad == 1) { print "openings.sh: a game does not start from its line of the list (a run from another --positions list?)" > "/dev/stderr"; exit 2 }
        if (bad == 2) { print "openings.sh: --played: a game does not start from the fixed setup or an image of it" > "/dev/stderr"; exit 2 }
        if (!all) { print "openings.sh: no finished game" > "/dev/stderr"; exit 2 }
        m = 0; v = 0; classes = 0
        for (k = 0; k < n; k++) if (g[k] > 1) { p = s[k] / g[k]; m += p; v += p * (1 - p) / (g[k] - 1); classes++ }
        if (classes) { m /= classes; h = 1.959964 * sqrt(v) / classes }
        # do the classes differ?  Pearson chi-square of the classes x {White
        # points, the rest} table (TZAAR has no draws)
        tot = 0; for (k = 0; k < n; k++) if (g[k] > 1) tot += s[k]
        pbar = all ? tot / all : 0; chi = 0
        for (k = 0; k < n; k++) if (g[k] > 1 && pbar > 0 && pbar < 1) chi += (s[k] - g[k] * pbar)^2 / (g[k] * pbar * (1 - pbar))
        df = classes - 1; pval = df > 0 ? chi2_upper(chi, df) : 1
        if (json) {
            printf "{\"positions\":%d,\"games\":%d,\"unfinished\":%d,\"classes\":[", n, all, unf + 0
            for (k = 0; k < n; k++) printf "%s{\"class\":%d,\"name\":\"%s\",\"games\":%d,\"white_score\":%s,\"ci95\":%s}",
                k ? "," : "", k, name[k], g[k] + 0, g[k] ? sprintf("%.4f", s[k] / g[k]) : "null",
                (g[k] > 1 ? sprintf("[%.4f,%.4f]", wilson(s[k], g[k], -1), wilson(s[k], g[k], 1)) : "null")
            printf "],\"mean_over_classes\":%s,\"mean_ci95\":%s,\"chi2\":%s,\"df\":%d,\"p\":%s}\n",
                classes ? sprintf("%.4f", m) : "null", (classes > 1 ? sprintf("[%.4f,%.4f]", m - h, m + h) : "null"),
                (df > 0 ? sprintf("%.3f", chi) : "null"), df, (df > 0 ? sprintf("%.4g", pval) : "null")
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
        if (df > 0) printf "Do the classes differ? Pearson chi-square %.2f, %d degrees of freedom, p = %.3g\n", chi, df, pval
    }'
