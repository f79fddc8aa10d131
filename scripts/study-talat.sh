#!/usr/bin/env bash
# study-talat.sh [OUT] — the main job for Talat, at a small scale: installs
# what is missing, builds, then three-player self-play on the rule text's
# played setup (the players place) and on random setups, every setup under
# all three seat rotations; tunes the evaluation on those games; checks the
# tuned weights by a match (the tuned player in one seat against two copies
# of the default, in every seat); and writes the seat-order study (bias:
# every seat's share of the points, ranks, how the points were made, the
# rotation-group analysis) with its charts, all into OUT (default
# out/talat-study).  About a minute on 2 cores.  Scale it up with the
# environment:
#   GAMES=10002 PLAYER=ab:depth=4 scripts/study-talat.sh out/talat-big
# (NO_SETUP=1: no set-up and no build, the bin/triad there is used as it is.)
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
out=${1:+$(caller_path "$1")}
out=${out:-out/talat-study}
games=${GAMES:-300}          # per setup kind: a multiple of 3 (the rotations)
match_games=${MATCH_GAMES:-150}
player=${PLAYER:-ab:depth=3}
seed=${SEED:-1}

[ -n "${NO_SETUP:-}" ] || { scripts/setup.sh; make -s -j2; } # NO_SETUP=1: what is built is used as it is
mkdir -p "$out"
[ -z "${TRIAD:-}" ] || export TRIAD="$(caller_cmd "$TRIAD")" # the scripts this one runs see it too
triad=${TRIAD:-bin/triad}
with_weights() { case $1 in *:*) echo "$1,weights=$2" ;; *) echo "$1:weights=$2" ;; esac; }
step() { printf '\n== %s\n' "$*"; }

step "move generator: perft from the page's S3 position"
$triad bench --game talat --runs 1 --reduce 1 | grep -E '^S3|^frozen'

step "self-play: $games games on played and on random setups ($player, 3 players, all seat rotations)"
for kind in played random; do
    $triad selfplay --game talat --nplayers 3 --players "$player" --setup $kind --rotations 3 --games "$games" \
        --seed "$seed" --out "$out/$kind.trd" --resume
done
$triad records stats "$out/played.trd" "$out/random.trd"

step "tune the evaluation on these games"
$triad tune --game talat --records "$out/played.trd" "$out/random.trd" --out "$out/tuned.txt" --force \
    --seed "$seed" | tee "$out/tune.txt"

step "match: tuned weights in one seat against two players with the default ($match_games games)"
$triad match --game talat --nplayers 3 --a "$(with_weights "$player" "$out/tuned.txt")" --b "$player" \
    --games "$match_games" --seed "$seed" --setup random --out "$out/match.trd" --force | tee "$out/match.txt"

step "seat order: every seat's share of the points by setup kind"
$triad bias --game talat --records "$out/played.trd" "$out/random.trd" --plots "$out/plots" \
    --report "$out/report.md" --force

step "done"
echo "report: $out/report.md (charts in $out/plots)"
