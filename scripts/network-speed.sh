#!/usr/bin/env bash
# network-speed.sh [GAME...] — search speed with the network against the
# linear evaluation, per game (docs/network.md, "Speed"): `triad analyse
# --json` over the game's positions (POSITIONS_GAME, default: 8
# positions of self-play games of the game), the same player spec with
# eval=linear and with net=NET (default: the game's shipped network), RUNS
# runs of each, interleaved; prints each run's nodes per second (all the
# positions' nodes over their seconds) and the medians, and the ratio.  The
# spec is SPEC (default ab:ms=MS, a time limit every game's ab takes); the
# games, those whose `triad help games` lists the capability "network".
#   MS=300 RUNS=3 SPEC=ab:ms=300 NET_GAME=FILE POSITIONS_GAME=FILE
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
triad=$root/bin/triad
[ -x "$triad" ] || make -s -C "$root" -j2
runs=${RUNS:-3}
spec=${SPEC:-ab:ms=${MS:-300}}
[ $# -gt 0 ] || set -- $("$triad" help games | awk '/^  [a-z0-9]+ — / { g = $1 } /capabilities:.* network/ { print g }')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() { sort -n | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# nodes/s of one analyse run over the positions file: total nodes / total seconds
nps() { # GAME SPEC FILE
    "$triad" analyse --game "$1" --positions "$3" --player "$2" --json |
        sed -n 's/.*"nodes":\([0-9]*\),"seconds":\([0-9.e+-]*\).*/\1 \2/p' |
        awk '{ n += $1; s += $2 } END { printf "%.0f\n", (s > 0 ? n / s : 0) }'
}

printf 'game\tlinear_nps\tnetwork_nps\tratio\truns\n'
for game in "$@"; do
    var=POSITIONS_$game
    pos=${!var:-}
    if [ -z "$pos" ]; then
        pos=$tmp/$game.pos
        "$triad" selfplay --game "$game" --players ab:depth=2 --games 4 --seed 7 --out "$tmp/$game.trd" --quiet
        "$triad" records export "$tmp/$game.trd" --format jsonl --positions --out "$tmp/$game.jsonl" --quiet 2>/dev/null ||
            "$triad" records export "$tmp/$game.trd" --format jsonl --positions --out "$tmp/$game.jsonl"
        sed -n 's/.*"positions":\["\([^]]*\)"\].*/\1/p' "$tmp/$game.jsonl" | sed 's/","/\n/g' |
            awk 'NR % 7 == 3 && n < 8 { print; n++ }' >"$pos" # no head: its early exit fails the pipe
    fi
    var=NET_$game
    net=${!var:-default}
    lin=() nn=()
    for ((r = 0; r < runs; r++)); do
        lin+=("$(nps "$game" "$spec,eval=linear" "$pos")")
        nn+=("$(nps "$game" "$spec,net=$net" "$pos")")
    done
    l=$(printf '%s\n' "${lin[@]}" | median)
    n=$(printf '%s\n' "${nn[@]}" | median)
    printf '%s\t%s\t%s\t%.2f\t%s | %s\n' "$game" "$l" "$n" "$(awk -v a="$n" -v b="$l" 'BEGIN { print (b > 0 ? a / b : 0) }')" \
        "${lin[*]}" "${nn[*]}"
done
