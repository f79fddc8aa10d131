#!/usr/bin/env bash
# study.sh [OUT] — the main job on built-in defaults, at a small scale: installs
# what is missing, builds, then self-play on random, fixed and tournament
# setups, tunes the evaluation on those games, checks the tuned weights by a
# match, writes the bias report with its charts, and runs a small strength
# ladder (first-move advantage against strength, scripts/ladder.sh), all into OUT (default
# out/study-SIG, SIG the engine signature: games of another engine never mix
# with these, and a re-run resumes).  A few minutes on 2 cores.  Tournament
# games are not paired: under the rules each game's players place, White
# first.  Scale it up with the environment:
#   GAMES=20000 FIXED_GAMES=20000 TOURNAMENT_GAMES=20000 PLAYER=ab:depth=2 scripts/study.sh out/big
# or down (tests/cli_readme.sh): LADDER_RUNGS, LADDER_GAMES, LADDER_MATCH_GAMES and
# LADDER_POLICY_GAMES size the ladder, PERFT_DEPTH the move generator's check (4:
# 58.6 M leaves, a second optimised, minutes under the sanitizers); NO_SETUP=1
# skips the set-up and the build.
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
out=${1:+$(caller_path "$1")}
games=${GAMES:-2000}
fixed_games=${FIXED_GAMES:-1000}
tournament_games=${TOURNAMENT_GAMES:-1000}
match_games=${MATCH_GAMES:-400}
player=${PLAYER:-ab:depth=2}
seed=${SEED:-1}
perft_depth=${PERFT_DEPTH:-4}

[ -n "${NO_SETUP:-}" ] || { scripts/setup.sh; make -s -j2; } # NO_SETUP=1: what is built is used as it is
[ -z "${TRIAD:-}" ] || export TRIAD="$(caller_cmd "$TRIAD")" # the scripts this one runs see it too
triad=${TRIAD:-bin/triad}
link_study=false
[ -n "$out" ] || { out=out/study-$($triad bench --signature); link_study=true; }
mkdir -p "$out"
# The player spec with a weights file: options follow ':' then ','.
with_weights() { case $1 in *:*) echo "$1,weights=$2" ;; *) echo "$1:weights=$2" ;; esac; }
step() { printf '\n== %s\n' "$*"; }

step "move generator: perft from the fixed setup"
$triad perft --depth "$perft_depth"

step "self-play: $games games on random setups, $fixed_games fixed (paired), $tournament_games tournament ($player)"
$triad selfplay --games "$games" --players "$player" --setup random --seed "$seed" --paired \
    --out "$out/random.trd" --resume
$triad selfplay --games "$fixed_games" --players "$player" --setup fixed --seed "$seed" --paired \
    --out "$out/fixed.trd" --resume
$triad selfplay --games "$tournament_games" --players "$player" --setup tournament --seed "$seed" \
    --out "$out/tournament.trd" --resume
$triad records stats "$out/random.trd" "$out/fixed.trd" "$out/tournament.trd"

step "tune the evaluation on these games"
$triad tune --records "$out/random.trd" "$out/fixed.trd" "$out/tournament.trd" --weights data/weights/default.txt \
    --out "$out/tuned.txt" --force --seed "$seed" | tee "$out/tune.txt"

step "match: tuned weights against the defaults ($match_games games, paired)"
$triad match --a "$(with_weights "$player" "$out/tuned.txt")" --b "$(with_weights "$player" data/weights/default.txt)" \
    --games "$match_games" --seed "$seed" --out "$out/match.trd" --force | tee "$out/match.txt"

step "a network evaluation from these games (triad train; docs/network.md), matched against the linear one"
$triad train "$out/random.trd" "$out/fixed.trd" "$out/tournament.trd" --out "$out/net.nn" --force \
    --accumulator "${NET_ACCUMULATOR:-32}" --hidden 8 --epochs "${NET_EPOCHS:-8}" --seed "$seed" --threads 2 --quiet \
    --json | tee "$out/train.json"
net_player=$(case $player in *:*) echo "$player,net=$out/net.nn" ;; *) echo "$player:net=$out/net.nn" ;; esac)
lin_player=$(case $player in *:*) echo "$player,eval=linear" ;; *) echo "$player:eval=linear" ;; esac)
$triad match --a "$net_player" --b "$lin_player" --games "$match_games" --seed "$seed" --out "$out/net-match.trd" \
    --force --quiet --json | tee "$out/net-match.json"

step "opening-setup bias"
$triad bias --records "$out/random.trd" "$out/fixed.trd" "$out/tournament.trd" \
    --plots "$out/plots" --report "$out/report.md" --force

# The network's section of the report: the figures as train and match gave them.
field() { sed -n "s/.*\"$1\":\(\[[^]]*\]\|\"[^\"]*\"\|[-0-9.a-z+]*\).*/\1/p" "$2" | tr -d '"[]' | sed 's/,/, /g'; }
{
    printf '\n## A network evaluation from these games\n\n'
    printf 'Trained by `triad train` on the %s positions of these %s games (%s held out, split by game;\n' \
        "$(field positions "$out/train.json")" "$(field games "$out/train.json")" "$(field val_positions "$out/train.json")"
    printf 'accumulator %s, hidden %s, %s epochs, the best %s; docs/network.md).  Held-out loss: the network %s,\n' \
        "$(field accumulator "$out/train.json")" "$(field hidden "$out/train.json")" "$(field epochs "$out/train.json")" \
        "$(field best_epoch "$out/train.json")" "$(field val_loss "$out/train.json")"
    printf 'the linear evaluation (its default weights, scaled by its own fitted logistic) %s.\n\n' \
        "$(field baseline_val_loss "$out/train.json")"
    printf 'Match, `%s` against `%s`, %s paired games (seed %s): A scores %s%%, Elo %s, 95%% interval [%s]\n' \
        "$net_player" "$lin_player" "$(field games "$out/net-match.json")" "$seed" \
        "$(awk -v s="$(field score "$out/net-match.json")" 'BEGIN { printf "%.1f", 100 * s }')" \
        "$(field elo "$out/net-match.json")" "$(field elo_ci95 "$out/net-match.json")"
    printf '(pentanomial).  A network from a few thousand games of a 2-ply player is a check that the loop runs,\n'
    printf 'not the shipped network (data/nets/, docs/network.md, "Results").\n'
} >>"$out/report.md"

step "first-move advantage against strength: a small ladder (scripts/ladder.sh; docs/results.md has the full one)"
NO_SETUP=1 RUNGS="${LADDER_RUNGS:-500 2000}" GAMES="${LADDER_GAMES:-400 200}" MATCH_GAMES="${LADDER_MATCH_GAMES:-200}" \
    PLACE="eval search" POLICY_GAMES="${LADDER_POLICY_GAMES:-200 100}" SEED="$seed" scripts/ladder.sh "$out/ladder"

step "done"
echo "report: $out/report.md (charts in $out/plots); ladder: $out/ladder/ladder.md"
if $link_study && { [ -L out/study ] || [ ! -e out/study ]; }; then
    ln -sfn "$(basename "$out")" out/study  # out/study: the latest default run
fi
