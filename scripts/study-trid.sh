#!/usr/bin/env bash
# study-trid.sh [OUT] — TRID's seat-order study (issue 13): self-play for 2, 3
# and 4 players on the reconstructed board hex5 and, as a sensitivity check
# (the board is a reconstruction), on hex5-open (no STOP cells), every start
# under all its seat rotations; then `triad bias` per board (every seat's
# share of the points, ranks, endings, game lengths, the rotation groups)
# with charts, into OUT (default out/trid-study).  Resumable (--resume).
# The defaults (on hex5 5,004 games for 2 players and 3,000 for 3 and 4,
# 2,004 per player count on hex5-open; ab:depth=3,noise=10) are
# docs/results.md's depth-3 figures: about 45 minutes of one core (3
# players cost the most: 0.4 s a game).  The depth-2 figures before them:
# PLAYER=ab:noise=10 GAMES=5004, about 2 minutes.  Smaller:
#   GAMES=600 TWO_PLAYER_GAMES=600 OPEN_GAMES=300 scripts/study-trid.sh out/trid-small
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
out=${1:+$(caller_path "$1")}
out=${out:-out/trid-study}
games=${GAMES:-3000}           # for 3 and 4 players: a multiple of 12 (2, 3 and 4 rotations)
two_games=${TWO_PLAYER_GAMES:-${GAMES:-5004}}
open_games=${OPEN_GAMES:-2004}
player=${PLAYER:-ab:depth=3,noise=10}  # noise: TRID has one start (docs/trid.md)
seed=${SEED:-1}
threads=()
[ -z "${THREADS:-}" ] || threads=(--threads "$THREADS")
[ -n "${NO_SETUP:-}" ] || { scripts/setup.sh; make -s -j2; }
[ -z "${TRIAD:-}" ] || export TRIAD="$(caller_cmd "$TRIAD")" # the scripts this one runs see it too
triad=${TRIAD:-bin/triad}
mkdir -p "$out"

for board in hex5 hex5-open; do
    files=()
    for players in 2 3 4; do
        if [ "$board" != hex5 ]; then n=$open_games
        elif [ "$players" = 2 ]; then n=$two_games
        else n=$games; fi
        f=$out/$board-$players.trd
        printf '\n== %s, %s players: %s games (%s, all seat rotations)\n' "$board" "$players" "$n" "$player"
        $triad selfplay --game trid --nplayers "$players" --setup "$board" --players "$player" \
            --rotations "$players" --games "$n" --seed "$seed" --out "$f" --resume "${threads[@]}"
        files+=("$f")
    done
    for f in "${files[@]}"; do
        $triad bias --game trid --records "$f" --json >"${f%.trd}.json"
        $triad bias --game trid --records "$f" --plots "${f%.trd}-plots" --report "${f%.trd}.md" --force
    done
done


# The seat-order chart: each turn position's share of the points minus the
# fair 1/N, with its 95% interval, per player count and board.
awk 'function arr(k, i, s) { i = index($0, "\"" k "\":["); return i ? substr($0, i + length(k) + 4) : "" }
    { n = $0; sub(/.*"players":/, "", n); n += 0
      s = arr("turn_order_share"); c = arr("turn_order_share_ci95"); gsub(/[][]/, "", c)
      split(s, v, /[],]/); split(c, w, /,/)
      board = FILENAME; sub(/.*\//, "", board); sub(/-[0-9]\.json$/, "", board)
      for (t = 1; t <= n; t++)
          printf "%s\t%d\t%d\t%.3f\t%.5f\t%.5f\t%.5f\n", board, n, t, (n - 2) * 5 + t + (board == "hex5" ? -0.12 : 0.12),
              100 * (v[t] - 1 / n), 100 * (w[2 * t - 1] - 1 / n), 100 * (w[2 * t] - 1 / n) }' \
    "$out"/hex5-[234].json "$out"/hex5-open-[234].json >"$out/turn_order.dat"
if command -v gnuplot >/dev/null; then
    (cd "$out" && gnuplot <<'PLOT'
do for [fmt in "png svg"] {
  reset
  if (fmt eq "png") { set terminal pngcairo size 800,500 } else { set terminal svg size 800,500 }
  set output 'turn_order.' . fmt
  set xlabel 'turn position (first to act = 1), for 2, 3 and 4 players'
  set ylabel 'share of the points minus 1/N, points (95%)'
  set xtics ("1" 1, "2" 2, "1" 6, "2" 7, "3" 8, "1" 11, "2" 12, "3" 13, "4" 14)
  set label "2 players" at 1.5, graph 0.95 center
  set label "3 players" at 7, graph 0.95 center
  set label "4 players" at 12.5, graph 0.95 center
  set xrange [0:15]
  set grid ytics
  set key bottom right
  plot 0 with lines dt 2 lc rgb 'gray' notitle, \
       'turn_order.dat' using (strcol(1) eq 'hex5' ? $4 : NaN):5:6:7 with yerrorbars pt 7 lw 2 title 'hex5', \
       '' using (strcol(1) eq 'hex5-open' ? $4 : NaN):5:6:7 with yerrorbars pt 5 lw 2 title 'hex5-open (no STOP cells)'
}
PLOT
    )
fi
echo "reports: $out/hex5-{2,3,4}.md and $out/hex5-open-{2,3,4}.md; chart: $out/turn_order.png"
