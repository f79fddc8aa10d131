#!/usr/bin/env bash
# talat-ladder.sh [GAMES] — Talat's strength ladder (docs/players.md): each
# rung against the one below, three players, the stronger one seat against
# two copies of the weaker over all seat rotations of random setups
# (triad match --game talat), printed as a markdown table: the rung's share
# of the points and its mean rank, with 95% intervals over setups.  GAMES per
# match (a multiple of 3; default 300); SEED (default 1) and THREADS (default:
# all cores) from the environment.  Every player has a depth, node or playout
# limit and no time limit, so every row is reproducible.
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
games=${1:-300}
seed=${SEED:-1}
threads=${THREADS:-0}
triad=${TRIAD:+$(caller_cmd "$TRIAD")}
triad=${triad:-bin/triad}
[ -n "${TRIAD:-}" ] || [ -x bin/triad ] || make -s -j2
thread_opt=()
[ "$threads" -gt 0 ] && thread_opt=(--threads "$threads")
field() { sed -n "s/.*\"$2\":\\([-0-9.e]*\\).*/\\1/p" <<<"$1"; }
pair() { sed -n "s/.*\"$2\":\\[\\([^]]*\\)\\].*/\\1/p" <<<"$1" | awk -F, -v s="$3" '{ printf "%.*f – %.*f", s, $1 * (s == 1 ? 100 : 1), s, $2 * (s == 1 ? 100 : 1) }'; }
echo "| A (one seat) | B (two seats) | games | A's share of the points | 95% interval | A's mean rank | 95% interval | seconds |"
echo "|---|---|---:|---:|---|---:|---|---:|"
prev=
for rung in random mcts:playouts=200 mcts:playouts=1000 greedy ab:depth=3 ab:depth=4; do
    if [ -n "$prev" ]; then
        start=$SECONDS
        json=$("$triad" match --game talat --nplayers 3 --a "$rung" --b "$prev" --games "$games" --seed "$seed" \
            --setup random "${thread_opt[@]}" --quiet --json)
        printf '| `%s` | `%s` | %s | %.1f%% | %s | %.2f | %s | %d |\n' "$rung" "$prev" "$games" \
            "$(awk -v s="$(field "$json" share)" 'BEGIN { print 100 * s }')" "$(pair "$json" share_ci95 1)" \
            "$(field "$json" mean_rank)" "$(pair "$json" mean_rank_ci95 2)" $((SECONDS - start))
    fi
    prev=$rung
done
