#!/usr/bin/env bash
# strength.sh A B PAIRS [FIRST_SEED] — plays PAIRS pairs of games between
# player specs A and B on random setups (seeds FIRST_SEED.., default 1), each
# setup once with A as White and once with A as Black, and prints A's score.
#   TRIAD=path (default bin/triad)  JOBS=parallel games (default 2)
# Example: scripts/strength.sh ab:depth=2 greedy 100
set -u
a=${1:?usage: strength.sh A B PAIRS [FIRST_SEED]} b=${2:?} pairs=${3:?} first=${4:-1}
triad=${TRIAD:-bin/triad} jobs=${JOBS:-2}

one_game() { # seed, white, black -> "seed white-spec result"
    local r
    r=$("$triad" play --quiet --setup random --seed "$1" --white "$2" --black "$3" | sed -n 's/^result: \([01]-[01]\).*/\1/p')
    echo "$1 $2 $r"
}
export -f one_game
export triad

start=$(date +%s)
results=$(for ((s = first; s < first + pairs; s++)); do
              printf '%s\0%s\0%s\0' "$s" "$a" "$b"
              printf '%s\0%s\0%s\0' "$s" "$b" "$a"
          done | xargs -0 -n 3 -P "$jobs" bash -c 'one_game "$@"' _)
# A wins a game it played as White with 1-0, or as Black with 0-1.
wins=$(printf '%s\n' "$results" | awk -v a="$a" '($2 == a && $3 == "1-0") || ($2 != a && $3 == "0-1")' | wc -l)
games=$(printf '%s\n' "$results" | grep -c -E ' [01]-[01]$')
echo "$a vs $b: $wins/$games wins for $a ($(awk -v w="$wins" -v g="$games" 'BEGIN { printf "%.1f", g ? 100 * w / g : 0 }')%)," \
     "$(( $(date +%s) - start )) s"
