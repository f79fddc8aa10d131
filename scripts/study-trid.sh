#!/usr/bin/env bash
# study-trid.sh [OUT] — TRID's seat-order study (issue 13): self-play for 2, 3
# and 4 players on the reconstructed board hex5 and, as a sensitivity check
# (the board is a reconstruction), on hex5-open (no STOP cells), every start
# under all its seat rotations; then `triad bias` per board (every seat's
# share of the points, ranks, endings, game lengths, the rotation groups)
# with charts, into OUT (default out/trid-study).  Resumable (--resume).
# The defaults (5,004 games per player count on hex5, 2,004 on hex5-open,
# ab at depth 2) take about twenty minutes of one core:
#   GAMES=600 OPEN_GAMES=300 scripts/study-trid.sh out/trid-small
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-out/trid-study}
games=${GAMES:-5004}           # per player count: a multiple of 12 (2, 3 and 4 rotations)
open_games=${OPEN_GAMES:-2004}
player=${PLAYER:-ab}
seed=${SEED:-1}
threads=()
[ -z "${THREADS:-}" ] || threads=(--threads "$THREADS")
[ -n "${NO_SETUP:-}" ] || { scripts/setup.sh; make -s -j2; }
triad=${TRIAD:-bin/triad}
mkdir -p "$out"

for board in hex5 hex5-open; do
    n=$games
    [ "$board" = hex5 ] || n=$open_games
    files=()
    for players in 2 3 4; do
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
echo "reports: $out/hex5-{2,3,4}.md and $out/hex5-open-{2,3,4}.md"
