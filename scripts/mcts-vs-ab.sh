#!/usr/bin/env bash
# mcts-vs-ab.sh [GAMES] — the generic MCTS player (engine/mcts.c) against
# TZAAR's alpha-beta player, as paired matches (triad match: each random
# setup twice, each player moving first once), printed as the markdown table
# of docs/players.md ("MCTS on TZAAR").  GAMES per match (default 100);
# SEED (default 1) and THREADS (default: all cores) from the environment.
# About 15 minutes on 2 cores with 100 games (the playouts=10000 rows take most).
# Needs `triad match --game` (issue 9); every row is reproducible, since
# every player has a playout or node limit and no time limit.
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
games=${1:-100}
seed=${SEED:-1}
threads=${THREADS:-0}
triad=${TRIAD:+$(caller_cmd "$TRIAD")}
triad=${triad:-bin/triad}
[ -n "${TRIAD:-}" ] || [ -x bin/triad ] || make -s -j2
if ! "$triad" match --help | grep -q -- '--game'; then
    echo "mcts-vs-ab.sh: this bin/triad has no 'match --game'; build the generic drivers first" >&2
    exit 2
fi
thread_opt=()
[ "$threads" -gt 0 ] && thread_opt=(--threads "$threads")
# One JSON field: a number, or null.
field() { sed -n "s/.*\"$2\":\\(null\\|[-0-9.e]*\\).*/\\1/p" <<<"$1"; }
echo "| A | B | games | A's score | Elo, 95% interval | seconds |"
echo "|---|---|---:|---:|---|---:|"
while read -r a b; do
    start=$SECONDS
    json=$("$triad" match --game tzaar --a "$a" --b "$b" --games "$games" --seed "$seed" "${thread_opt[@]}" \
        --quiet --json)
    score=$(field "$json" score)
    elo=$(field "$json" elo)
    ci=$(sed -n 's/.*"elo_ci95":\[\([^]]*\)\].*/\1/p' <<<"$json")
    printf '| `%s` | `%s` | %s | %.1f%% | %s [%s] | %d |\n' "$a" "$b" "$games" \
        "$(awk -v s="$score" 'BEGIN { print 100 * s }')" "$elo" "$ci" $((SECONDS - start))
done <<'MATCHES'
mcts:playouts=1000 ab:depth=2
mcts:playouts=1000 ab:nodes=1000
mcts:playouts=10000 ab:depth=2
mcts:playouts=10000 ab:nodes=1000
mcts:playout=eval,playouts=100 ab:depth=2
mcts:playout=eval,playouts=100 ab:nodes=1000
mcts:playout=eval,playouts=300 ab:depth=2
mcts:playout=eval,playouts=300 ab:nodes=1000
mcts:depth=2,playouts=1000 ab:depth=2
MATCHES
