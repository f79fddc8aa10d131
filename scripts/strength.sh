#!/usr/bin/env bash
# strength.sh [GAMES] — the strength ladder of issue 3 as paired matches
# (triad match: each random setup twice, each player moving first once):
# ab:depth=2 against greedy and random, then depth 4 against 2 and 6 against 4.
# GAMES per match (default 200).  Depth 6 against 4 takes about an hour on 2 cores.
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
games=${1:-200}
triad=${TRIAD:+$(caller_cmd "$TRIAD")}
triad=${triad:-bin/triad}
[ -n "${TRIAD:-}" ] || [ -x bin/triad ] || make -s -j2
while read -r a b; do
    echo "== $a vs $b ($games games)"
    "$triad" match --a "$a" --b "$b" --games "$games" --seed 1 --quiet
done <<'LADDER'
ab:depth=2 greedy
ab:depth=2 random
ab:depth=4 ab:depth=2
ab:depth=6 ab:depth=4
LADDER
