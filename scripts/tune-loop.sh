#!/usr/bin/env bash
# tune-loop.sh [OUT] — the research loop: for G generations, self-play with
# the current weights, tune on those games, match the tuned weights against
# the current ones, and keep them only when the match's 95% Elo interval lies
# above zero.  Writes OUT/generations.tsv (one row per generation) and
# OUT/elo.png / OUT/elo.svg (cumulative Elo of the kept weights), and leaves
# the best weights in OUT/current.txt.  Resumable: rerun it after a crash.
#   G=5 GAMES=2000 MATCH_GAMES=1000 PLAYER=ab:depth=2 WEIGHTS=data/weights/default.txt
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
out=${1:+$(caller_path "$1")}
out=${out:-out/loop}
generations=${G:-3}
games=${GAMES:-1000}
match_games=${MATCH_GAMES:-400}
player=${PLAYER:-ab:depth=2}
seed=${SEED:-1}
[ -z "${TRIAD:-}" ] || export TRIAD="$(caller_cmd "$TRIAD")" # the scripts this one runs see it too
triad=${TRIAD:-bin/triad}

[ -n "${TRIAD:-}" ] || [ -x "$triad" ] || make -s -j2
mkdir -p "$out"
weights=${WEIGHTS:+$(caller_path "$WEIGHTS")}
[ -f "$out/current.txt" ] || cp "${weights:-data/weights/default.txt}" "$out/current.txt"
table=$out/generations.tsv
[ -f "$table" ] || printf 'generation\telo\tlo\thi\tkept\tcumulative_elo\n' >"$table"

# The player spec with a weights file: options follow ':' then ','.
with_weights() { case $1 in *:*) echo "$1,weights=$2" ;; *) echo "$1:weights=$2" ;; esac; }
json_field() { # NAME < json: a number field, or the two numbers of an array field
    sed -n "s/.*\"$1\":\(\[[^]]*\]\|[-0-9.a-z]*\).*/\1/p" | tr -d '[]' | tr ',' ' '
}

cumulative=$(tail -n +2 "$table" | awk -F'\t' 'END { print NR ? $6 : 0 }')
start=$(($(wc -l <"$table")))
for ((g = start; g <= generations; g++)); do
    echo "== generation $g of $generations"
    $triad selfplay --games "$games" --players "$(with_weights "$player" "$out/current.txt")" --setup random \
        --seed $((seed + g)) --paired --out "$out/gen$g.trd" --resume
    $triad tune --records "$out/gen$g.trd" --weights "$out/current.txt" --out "$out/gen$g.txt" --force \
        --seed $((seed + g)) --quiet >"$out/gen$g-tune.txt"
    json=$($triad match --a "$(with_weights "$player" "$out/gen$g.txt")" --b "$(with_weights "$player" "$out/current.txt")" \
        --games "$match_games" --seed $((seed + 1000 + g)) --json --out "$out/gen$g-match.trd" --force)
    elo=$(json_field elo <<<"$json")
    read -r lo hi <<<"$(json_field elo_ci95 <<<"$json")"
    kept=no
    if [ "$lo" != null ] && awk -v lo="$lo" 'BEGIN { exit !(lo > 0) }'; then
        kept=yes
        cp "$out/gen$g.txt" "$out/current.txt"
        cumulative=$(awk -v c="$cumulative" -v e="$elo" 'BEGIN { printf "%.1f", c + (e == "null" ? 0 : e) }')
    fi
    printf '%d\t%s\t%s\t%s\t%s\t%s\n' "$g" "$elo" "$lo" "$hi" "$kept" "$cumulative" >>"$table"
    echo "generation $g: Elo $elo [$lo, $hi], kept: $kept"
done

column -t -s $'\t' "$table" 2>/dev/null || cat "$table"
cat >"$out/elo.gp" <<'GP'
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 800,500 } else { set terminal svg size 800,500 }
  set output "elo.".fmt
  set title "Tuning loop: each generation against the weights before it"
  set xlabel "generation"
  set ylabel "Elo"
  set grid
  set offsets 0.5, 0.5, 0, 0
  set xtics 1
  set key top left
  set datafile separator "\t"
  plot "generations.tsv" skip 1 using 1:2:3:4 with yerrorbars pt 7 lw 2 title "candidate vs current (95%)", \
       "" skip 1 using 1:6 with linespoints lw 2 title "cumulative Elo of kept weights"
}
GP
if command -v gnuplot >/dev/null && (cd "$out" && gnuplot elo.gp); then
    echo "plot: $out/elo.png"
fi
echo "best weights: $out/current.txt"
