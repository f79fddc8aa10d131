#!/usr/bin/env bash
# white-chart.sh [--json] TABLE OUT — White's score against the player's
# strength, one curve per player family (issue 21, items 1 and 2): the
# points are named in TABLE, each White's score read from committed records
# by `triad bias` (its interval: clustered by setup, Wilson for one setup).
#
# TABLE has one point per line, tab-separated (lines starting with # skipped):
#   series   x   label   records files (space-separated, relative to the root)
# where series names the family and engine (one curve each), x (> 0) is where
# the point sits on the axis (nodes per action; a point matched to an ab rung
# by a match sits at that rung), and label names the player.  A point whose
# files are not all there yet is skipped with a line on stderr, so the chart
# can be drawn while a run is going on.  Refused with one line naming the
# table's line, exit 2: a malformed line, a file that cannot be read whole
# (missing blocks, torn, not a records file), a point with no finished game
# or whose games are of more than one setup kind (each point is one kind).
#
# Writes OUT/white.dat (series, x, label, games, score, low, high: percent;
# curve: the series' number) and, where gnuplot is installed,
# OUT/white_vs_nodes.png and .svg (the gnuplot script beside them as
# white.gp), each written whole and renamed into place only when all are
# made.  Prints the points as a Markdown table, or with --json as one JSON
# object.
#
# Example (the chart in docs/results.md, "The deep rung"):
#   scripts/white-chart.sh data/records/white-chart.tsv docs/results/deep
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)   # the table's files are relative to it
json=0
[ "${1:-}" = --json ] && { json=1; shift; }
[ $# -eq 2 ] || { echo "usage: scripts/white-chart.sh [--json] TABLE OUT" >&2; exit 2; }
table=$1 out=$2
die() { echo "white-chart.sh: $*" >&2; exit 2; }
[ -f "$table" ] && [ -r "$table" ] || die "$table: cannot read the table (not a readable file)"
mkdir -p -- "$out" 2>/dev/null && [ -d "$out" ] && [ -w "$out" ] || die "$out: cannot write there (not a writable folder)"
triad=${TRIAD:-$root/bin/triad}
# Everything is made in a scratch folder inside OUT (same file system), and
# renamed into place at the end.
work=$(mktemp -d -- "$out/.white-chart.XXXXXX")
trap 'rm -rf -- "$work"' EXIT
dat=$work/white.dat
: >"$dat"
line=0 curves=()
while IFS= read -r raw || [ -n "$raw" ]; do
    line=$((line + 1))
    raw=${raw%$'\r'}
    case $raw in '' | '#'*) continue ;; esac
    where="$table:$line"
    nontab=${raw//$'\t'/}
    [[ $nontab != *[[:cntrl:]]* ]] || die "$where: a control character other than a tab"
    # exactly four fields, none empty (read would merge two tabs into one)
    awk -F'\t' '{ exit !(NF == 4 && $1 != "" && $2 != "" && $3 != "" && $4 ~ /[^ ]/) }' <<<"$raw" ||
        die "$where: expected series, x, label and files: four fields, tab-separated"
    IFS=$'\t' read -r series x label files <<<"$raw"
    [[ $x =~ ^([1-9][0-9]*|0)([.][0-9]+)?$ ]] && awk -v v="$x" 'BEGIN { exit !(v > 0) }' ||
        die "$where: x must be a number above 0 (it sits on a log scale), not \"$x\""
    read -r -a rel <<<"$files"
    fs=() missing=
    for f in "${rel[@]}"; do
        case $f in /*) ;; *) f=$root/$f ;; esac
        fs+=("$f")
        [ -e "$f" ] || missing="$missing \"${f#"$root"/}\""
    done
    if [ -n "$missing" ]; then
        echo "white-chart.sh: $where: skipped ($label): not there yet:$missing" >&2
        continue
    fi
    # bias's own refusals and warnings (a torn block it skipped) stop the
    # chart: a point must hold every game of its files.
    if ! "$triad" bias "${fs[@]}" --json >"$work/bias.json" 2>"$work/bias.err" ||
        grep -q 'warning:' "$work/bias.err"; then
        die "$where: \"$label\": $(grep -m1 'warning:' "$work/bias.err" || tail -n1 "$work/bias.err")"
    fi
    grep -v 'warning:' "$work/bias.err" >&2 || true   # e.g. duplicates dropped
    # one setup kind per point: its games, White's score and interval
    row=$(grep -o '"by_setup":{.*' "$work/bias.json" | awk '
        { n = 0; s = $0
          while (match(s, /"[^"]+":\{"games":[0-9]+,"seat0_score":[^,]*,"white_score":[^,]*,"ci95":(\[[^]]*\]|null)/)) {
              n++; m = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
              sub(/^.*"games":/, "", m); sub(/"seat0_score":[^,]*,/, "", m); gsub(/"white_score":|"ci95":|\[|\]/, "", m)
              split(m, v, ","); last = v[1] " " v[2] " " v[3] " " v[4] }
          print n, last }')
    read -r kinds games score lo hi <<<"$row"
    [ "$kinds" = 1 ] || die "$where: the files of \"$label\" hold ${kinds:-no} setup kinds with a White's score; a point is one kind"
    [ "$score" != null ] && [ "$lo" != null ] && [ -n "$hi" ] || die "$where: \"$label\" has no White's score with an interval (too few finished games)"
    # the curve's number: the series' place in the table's order
    c=0
    for i in "${!curves[@]}"; do [ "${curves[$i]}" = "$series" ] && c=$((i + 1)); done
    [ $c -gt 0 ] || { curves+=("$series"); c=${#curves[@]}; }
    awk -v OFS='\t' -v s="$series" -v x="$x" -v l="$label" -v g="$games" -v p="$score" -v a="$lo" -v b="$hi" -v c="$c" \
        'BEGIN { print s, x + 0, l, g, sprintf("%.2f", 100 * p), sprintf("%.2f", 100 * a), sprintf("%.2f", 100 * b), c }' >>"$dat"
done <"$table"
[ -s "$dat" ] || die "$table: no point has its records yet"
made=(white.dat)

if command -v gnuplot >/dev/null; then
    n=${#curves[@]}
    # One curve per series, picked by its number (never by its name, which
    # gnuplot's string columns would cut at a quote); each nudged sideways a
    # little (x times 1.06 per step, centred) so that points at one rung do
    # not hide each other.  Titles: single quotes doubled, no enhanced text.
    colours=('#1b9e77' '#d95f02' '#7570b3' '#e7298a' '#66a61e' '#a6761d' '#e6ab02' '#666666')
    plots=
    for i in "${!curves[@]}"; do
        q=${curves[$i]//\'/\'\'}
        plots="$plots, 'white.dat' using (\$8 == $((i + 1)) ? \$2 * 1.06 ** ($i - ($n - 1) / 2.0) : NaN):5:6:7 with yerrorlines lw 2 pt $((i % 8 + 5)) lc rgb '${colours[i % 8]}' title '$q' noenhanced"
    done
    height=$((500 + 22 * (n + 1)))   # room below the plot for one key line per curve
    cat >"$work/white.gp" <<EOF
# Drawn by scripts/white-chart.sh from white.dat; re-run by hand with: gnuplot white.gp
do for [fmt in "png svg"] {
  reset
  set datafile separator "\t"
  if (fmt eq "png") { set terminal pngcairo size 900,$height } else { set terminal svg size 900,$height }
  set output 'white_vs_nodes.' . fmt
  set logscale x 10
  set format x '%.0s%c'
  set offsets graph 0.04, graph 0.04, graph 0.05, graph 0.05
  set xlabel 'nodes per action (an MCTS point at the ab rung it was matched to by a match; points nudged apart)'
  set ylabel "White's score, % (95%)"
  set key below vertical maxcols 1
  set grid
  plot 50 with lines dt 2 lc rgb 'gray' title 'no advantage'$plots
}
EOF
    (cd "$work" && gnuplot white.gp) 2>"$work/gnuplot.err" || die "$out: gnuplot failed: $(head -n1 "$work/gnuplot.err")"
    made+=(white.gp white_vs_nodes.png white_vs_nodes.svg)
else
    echo "white-chart.sh: gnuplot is not installed: no chart (an older chart in $out removed)" >&2
    rm -f -- "$out/white.gp" "$out/white_vs_nodes.png" "$out/white_vs_nodes.svg"
fi
# The files made get the mode a new file gets here (mktemp's are private).
mode=$(printf '%o' $((0666 & ~$(umask))))
for f in "${made[@]}"; do chmod "$mode" "$work/$f" && mv -f -- "$work/$f" "$out/$f" || die "$out/$f: cannot write it"; done

if [ $json = 1 ]; then
    awk -F'\t' 'function js(v) { gsub(/["\\]/, "\\\\&", v); return "\"" v "\"" }
        BEGIN { printf "{\"points\":[" }
        { printf "%s{\"series\":%s,\"x\":%s,\"player\":%s,\"games\":%d,\"white_score\":%s,\"ci95\":[%s,%s]}", (NR > 1 ? "," : ""), js($1), $2, js($3), $4, $5, $6, $7 }
        END { print "]}" }' "$out/white.dat"
else
    # a | in a name would split the row; a backtick in a label needs a longer fence
    printf '| family (engine) | player | games | White (95%%) |\n|---|---|---:|---|\n'
    awk -F'\t' '{ s = $1; l = $3; gsub(/\|/, "\\|", s); gsub(/\|/, "\\|", l)
          f = (index(l, "`") ? "`` " : "`"); g = (index(l, "`") ? " ``" : "`")
          printf "| %s | %s%s%s | %d | %.2f%% [%.2f, %.2f] |\n", s, f, l, g, $4, $5, $6, $7 }' "$out/white.dat"
fi
