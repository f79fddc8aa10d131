#!/usr/bin/env bash
# connect4-ladder.sh [--json] [OUT] — the bias study's positive control
# (issue 39, item 4): Connect Four is solved, the first player wins with
# perfect play, so the first mover's score must climb toward 100% as the
# players get stronger.  For each family of Connect Four's own `ab` player
# (with a transposition table of TT megabytes, and without: TT=0, the
# search the engine signature pins), a ladder of node budgets: self-play at
# every rung from the one start (the first mover's score with its 95%
# interval, `triad bias`), each rung matched against the one below (paired:
# each player moves first once per pair, `triad match`: the Elo scale), the
# depth each rung completes on 60 mid-game positions and on the empty board
# (`triad analyse`), and one match between the families at CROSS nodes.
#
# Games differ by the player's seeded noise (noise=NOISE: a bonus in
# [0, NOISE] evaluation units per root move, drawn from each game's seed),
# not by random openings: an opening other than the centre column changes
# the game's value (c or e first is a draw, the others lose), so games from
# random openings would not have a first player who wins with perfect play.
# A bonus of 1 never outweighs a four found (a win is worth 1,000,000 less
# its plies), so it only parts moves the evaluation nearly ties.  Draws (a
# full board) count half.
#
# Writes OUT/ladder.md (the tables, the commands), OUT/ladder.tsv,
# OUT/ladder.json and, with gnuplot, OUT/first_vs_nodes.{png,svg} (the
# gnuplot script beside them, first.gp); prints the table (Markdown), or
# with --json the JSON.  Progress goes to stderr.  Every step resumes
# (self-play and matches with --resume; an analysis kept in its JSON), so a
# killed run picks up where it stopped; OUT/cost.tsv logs the CPU seconds
# of each step (rows of resumed steps add up).
#
# Environment (lists are per rung, the last value repeats):
#   RUNGS="100 400 1600 6400 25600 102400 409600"  nodes per move
#   GAMES=400  self-play games per rung      MATCH_GAMES=200  games of rung i+1 against rung i
#   TT="16 0"  the families: table megabytes (0: none)   NOISE=1   SEED=1
#   CROSS=102400  the families' match at these nodes (CROSS_GAMES=MATCH_GAMES; CROSS=0: none)
#   POSITIONS=data/positions/connect4-mid60.txt   THREADS=(all cores)   TRIAD=bin/triad
# The run of docs/results-connect4.md: scripts/connect4-ladder.sh out/connect4-ladder
# (about 20 CPU minutes); a small one: RUNGS="100 400" GAMES=20 MATCH_GAMES=10 TT="1 0" CROSS=400 ...
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
json=0
[ "${1:-}" = --json ] && { json=1; shift; }
[ $# -le 1 ] || { echo "usage: scripts/connect4-ladder.sh [--json] [OUT]" >&2; exit 2; }
out=${1:+$(caller_path "$1")}
out=${out:-out/connect4-ladder}
rungs=(${RUNGS:-100 400 1600 6400 25600 102400 409600})
games=(${GAMES:-400})
match_games=(${MATCH_GAMES:-200})
tts=(${TT:-16 0})
noise=${NOISE:-1}
seed=${SEED:-1}
cross=${CROSS:-102400}
cross_games=${CROSS_GAMES:-${match_games[0]}}
positions=${POSITIONS:+$(caller_path "$POSITIONS")}
positions=${positions:-data/positions/connect4-mid60.txt}
threads=()
[ -z "${THREADS:-}" ] || threads=(--threads "$THREADS")
triad=${TRIAD:+$(caller_cmd "$TRIAD")}
triad=${triad:-bin/triad}
[ -n "${TRIAD:-}" ] || [ -x bin/triad ] || make -s -j2
die() { echo "connect4-ladder.sh: $*" >&2; exit 2; }
for v in "${rungs[@]}" "${games[@]}" "${match_games[@]}" "${tts[@]}" "$noise" "$seed" "$cross" "$cross_games"; do
    [[ $v =~ ^[0-9]+$ ]] || die "'$v' is not a whole number (RUNGS, GAMES, MATCH_GAMES, TT, NOISE, SEED, CROSS)"
done
[ -r "$positions" ] || die "$positions: cannot read the positions"
mkdir -p -- "$out" 2>/dev/null && [ -w "$out" ] || die "$out: cannot write there"

nth() { local -n list=$1; local i=$2; [ "$i" -lt "${#list[@]}" ] || i=$((${#list[@]} - 1)); echo "${list[$i]}"; }
spec() { if [ "$2" -gt 0 ]; then echo "ab:nodes=$1,noise=$noise,tt=$2"; else echo "ab:nodes=$1,noise=$noise"; fi; }
cpu() { awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat; }
# Appends a step's CPU seconds (this shell's children, from the start
# ticks $3) and its games to cost.tsv: family, step, games, seconds.
cost() {
    printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$4" \
        "$(awk -v t=$(($(cpu) - $3)) -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", t / hz }')" >>"$out/cost.tsv"
}
# Games a records file holds (0 when it does not exist yet).
held() { [ -f "$1" ] && "$triad" records stats --json "$1" 2>/dev/null | sed -n 's/^{"games":\([0-9]*\).*/\1/p' || echo 0; }

selfplay() { # family-dir spec file games
    local before start
    before=$(held "$3")
    [ "${before:-0}" -lt "$4" ] || return 0
    echo "== $1: self-play, $2, $4 games" >&2
    start=$(cpu)
    "$triad" selfplay --game connect4 --games "$4" --players "$2" --seed "$seed" --out "$3" --resume "${threads[@]}"
    cost "$1" "$(basename "$(dirname "$3")")" "$start" $(($(held "$3") - before))
}
match() { # family-dir a b file games
    local json=${4%.trd}.json before start
    [ -s "$json" ] && [ "$(held "$4")" -ge "$5" ] && return 0
    before=$(held "$4")
    echo "== $1: match, $2 against $3, $5 games" >&2
    start=$(cpu)
    "$triad" match --game connect4 --a "$2" --b "$3" --games "$5" --seed "$seed" --json --out "$4" --resume \
        "${threads[@]}" >"$json.tmp"
    mv -f -- "$json.tmp" "$json"
    cost "$1" "$(basename "$4" .trd)" "$start" $(($(held "$4") - before))
}
analyse() { # spec file [position options]
    local f=$2 sp=$1
    shift 2
    [ -s "$f" ] && return 0
    "$triad" analyse --game connect4 --player "$sp" --json "$@" | tail -n 1 >"$f.tmp"
    mv -f -- "$f.tmp" "$f"
}

for tt in "${tts[@]}"; do
    fam=tt$tt
    for i in "${!rungs[@]}"; do
        n=${rungs[$i]} dir=$out/$fam/rung-${rungs[$i]}
        mkdir -p "$dir"
        selfplay "$fam" "$(spec "$n" "$tt")" "$dir/selfplay.trd" "$(nth games "$i")"
        analyse "$(spec "$n" "$tt")" "$dir/depth.json" --positions "$positions"
        analyse "$(spec "$n" "$tt")" "$dir/start.json" --setup standard
    done
    for ((i = 1; i < ${#rungs[@]}; i++)); do
        a=${rungs[$i]} b=${rungs[$((i - 1))]}
        match "$fam" "$(spec "$a" "$tt")" "$(spec "$b" "$tt")" "$out/$fam/match-$a-$b.trd" "$(nth match_games $((i - 1)))"
    done
done
if [ "$cross" -gt 0 ] && [ ${#tts[@]} -ge 2 ]; then
    match cross "$(spec "$cross" "${tts[0]}")" "$(spec "$cross" "${tts[1]}")" \
        "$out/cross-$cross-tt${tts[0]}-tt${tts[1]}.trd" "$cross_games"
fi

TRIAD=$triad RUNGS="${rungs[*]}" TT="${tts[*]}" NOISE=$noise SEED=$seed CROSS=$cross \
    POSITIONS=$positions scripts/connect4-report.sh "$out"
if [ $json = 1 ]; then cat "$out/ladder.json"; else sed -n '/^| family/,/^$/p' "$out/ladder.md"; fi
