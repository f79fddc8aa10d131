#!/usr/bin/env bash
# white-chart.sh [--json] TABLE OUT — White's score against the player's
# strength, one curve per player family (issue 21, items 1 and 2): the
# points are named in TABLE, each White's score read from committed records
# by `triad bias` (its interval: clustered by setup, Wilson for one setup).
#
# TABLE has one point per line, tab-separated (lines starting with # skipped):
#   series   x   label   records files (space-separated, relative to the root)
# where series names the family and engine (one curve each), x is where the
# point sits on the axis (nodes per action; a point matched to an ab rung by
# a match sits at that rung), and label names the player.  A point whose
# files are not all there yet is skipped with a line on stderr, so the chart
# can be drawn while a run is going on; a file that cannot be read stops the
# script (exit 2), as does a point whose games are of more than one setup
# kind (each point is one kind).
#
# Writes OUT/white.dat (series, x, label, games, score, low, high: percent)
# and, where gnuplot is installed, OUT/white_vs_nodes.png and .svg (the
# gnuplot script beside them as white.gp).  Prints the points as a Markdown
# table, or with --json as one JSON object.
#
# Example (the chart in docs/results.md, "The deep rung"):
#   scripts/white-chart.sh data/records/white-chart.tsv docs/results/deep
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)   # the table's files are relative to it
json=0
[ "${1:-}" = --json ] && { json=1; shift; }
[ $# -eq 2 ] || { echo "usage: scripts/white-chart.sh [--json] TABLE OUT" >&2; exit 2; }
table=$1 out=$2
[ -r "$table" ] || { echo "white-chart.sh: $table: cannot read the table" >&2; exit 2; }
triad=${TRIAD:-$root/bin/triad}
mkdir -p "$out"
dat=$(mktemp)
trap 'rm -f "$dat" "$dat.json"' EXIT
line=0
while IFS=$'\t' read -r series x label files || [ -n "$series" ]; do
    line=$((line + 1))
    case $series in '' | '#'*) continue ;; esac
    if [ -z "$files" ] || ! [[ $x =~ ^[0-9]+([.][0-9]+)?$ ]]; then
        echo "white-chart.sh: $table:$line: expected series, x (a number), label and files, tab-separated" >&2
        exit 2
    fi
    read -r -a rel <<<"$files"
    fs=() missing=
    for f in "${rel[@]}"; do
        case $f in /*) ;; *) f=$root/$f ;; esac
        fs+=("$f")
        [ -e "$f" ] || missing="$missing ${f#"$root"/}"
    done
    if [ -n "$missing" ]; then
        echo "white-chart.sh: $table:$line: skipped ($label): not there yet:$missing" >&2
        continue
    fi
    "$triad" bias "${fs[@]}" --json >"$dat.json" || exit 2
    # one setup kind per point: its games, White's score and interval
    row=$(grep -o '"by_setup":{.*' "$dat.json" | awk '
        { n = 0; s = $0
          while (match(s, /"[a-z-]+":\{"games":[0-9]+,"white_score":[^,]*,"ci95":\[[^]]*\]/)) {
              n++; m = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
              sub(/^.*"games":/, "", m); gsub(/"white_score":|"ci95":|\[|\]/, "", m)
              split(m, v, ","); last = v[1] " " v[2] " " v[3] " " v[4] }
          print n, last }')
    read -r kinds games score lo hi <<<"$row"
    if [ "$kinds" != 1 ]; then
        echo "white-chart.sh: $table:$line: the files of \"$label\" hold ${kinds:-no} setup kinds with a White's score; a point is one kind" >&2
        exit 2
    fi
    if [ "$lo" = null ] || [ -z "$hi" ]; then
        echo "white-chart.sh: $table:$line: \"$label\" has no interval (too few games)" >&2
        exit 2
    fi
    printf '%s\t%s\t%s\t%s\t%.2f\t%.2f\t%.2f\n' "$series" "$x" "$label" "$games" \
        "$(awk -v v="$score" 'BEGIN { print 100 * v }')" "$(awk -v v="$lo" 'BEGIN { print 100 * v }')" \
        "$(awk -v v="$hi" 'BEGIN { print 100 * v }')" >>"$dat"
done <"$table"
[ -s "$dat" ] || { echo "white-chart.sh: $table: no point has its records yet" >&2; exit 2; }
cp "$dat" "$out/white.dat.tmp" && mv "$out/white.dat.tmp" "$out/white.dat"

if [ $json = 1 ]; then
    awk -F'\t' 'BEGIN { printf "{\"points\":[" }
        { gsub(/["\\]/, "\\\\&", $1); gsub(/["\\]/, "\\\\&", $3)
          printf "%s{\"series\":\"%s\",\"x\":%s,\"player\":\"%s\",\"games\":%d,\"white_score\":%s,\"ci95\":[%s,%s]}", (NR > 1 ? "," : ""), $1, $2, $3, $4, $5, $6, $7 }
        END { print "]}" }' "$out/white.dat"
else
    printf '| family (engine) | player | games | White (95%%) |\n|---|---|---:|---|\n'
    awk -F'\t' '{ printf "| %s | `%s` | %d | %.2f%% [%.2f, %.2f] |\n", $1, $3, $4, $5, $6, $7 }' "$out/white.dat"
fi

command -v gnuplot >/dev/null || { echo "white-chart.sh: gnuplot is not installed: no chart" >&2; exit 0; }
# One curve per series, in the table's order; each nudged sideways a little
# (x times 1.08 per series) so that points at one rung do not hide each other.
colours=('#1b9e77' '#d95f02' '#7570b3' '#e7298a' '#66a61e' '#a6761d' '#e6ab02' '#666666')
curves=
i=0
while IFS= read -r s; do
    q=${s//\'/\'\'}
    curves="$curves, 'white.dat' using (strcol(1) eq '$q' ? \$2 * 1.08 ** $i : NaN):5:6:7 with yerrorlines lw 2 pt $((i % 8 + 5)) lc rgb '${colours[i % 8]}' title '$q'"
    i=$((i + 1))
done < <(cut -f1 "$out/white.dat" | awk '!seen[$0]++')
height=$((500 + 22 * (i + 1)))   # room below the plot for one key line per curve
cat >"$out/white.gp" <<EOF
# Drawn by scripts/white-chart.sh from white.dat; re-run by hand with: gnuplot white.gp
do for [fmt in "png svg"] {
  reset
  set datafile separator "\t"
  if (fmt eq "png") { set terminal pngcairo size 900,$height } else { set terminal svg size 900,$height }
  set output 'white_vs_nodes.' . fmt
  set logscale x 10
  set format x '%.0s%c'
  set offsets graph 0.04, graph 0.04, graph 0.05, graph 0.05
  set xlabel 'nodes per action (an MCTS point at the ab rung it was matched to by a match)'
  set ylabel "White's score, % (95%)"
  set key below vertical maxcols 1
  set grid
  plot 50 with lines dt 2 lc rgb 'gray' title 'no advantage'$curves
}
EOF
(cd "$out" && gnuplot white.gp)
