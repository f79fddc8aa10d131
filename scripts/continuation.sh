#!/usr/bin/env bash
# continuation.sh OUT ORIG.trd PLAYER [PLY...] — the forward continuation
# (issue 39; docs/results.md, "The readings put right"): the games of
# ORIG.trd cut at each PLY (default 1 11 21 31) and played on from there by
# PLAYER on both sides, then White's score against the ply (triad
# continuation).  Writes, in OUT:
#   positions-K.txt   the position after ply K of each chosen game (triad records positions)
#   ply-K.trd         the continued games (triad selfplay --positions), REPLICATES per position
#   continuation.txt, continuation.json   the report
#   source            ORIG, MIN_PLIES and POSITIONS, for the report again (scripts/readings.sh)
# The chosen games are the first POSITIONS (default 200) finished games of
# ORIG with more plies than the largest PLY (MIN_PLIES to say otherwise), the
# same games at every ply, so the differences between plies are paired by
# game.  REPLICATES (default 1): continuations per position, each with its
# own seed (ab and mcts shuffle by the seed, so they differ).  SEED
# (default 1), THREADS (default: all cores), TRIAD (default bin/triad);
# PLAY_TRIAD, the binary that plays the continuations (default TRIAD: a
# build of another engine, such as the one that made ORIG, when the
# continuing player should be of that engine; it needs selfplay --positions).
# Resumable: a finished ply is not played again, a cut one goes on.
#
# On a cluster: SHARD=K/N plays shard K of N of every ply into
# ply-P.shardK-of-N.trd and stops; once every shard is there, run the
# script again without SHARD: it merges them (triad records merge) and
# writes the report.  The same shards as a Slurm array:
#   sbatch --array=0-15 --cpus-per-task=2 --wrap "SHARD=\$SLURM_ARRAY_TASK_ID/16 THREADS=2 scripts/continuation.sh OUT ORIG PLAYER"
# Cost: a continued game costs what the rest of a game costs its player
# (about the nodes per action times the actions left): docs/results.md gives it.
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
usage="usage: scripts/continuation.sh OUT ORIG.trd PLAYER [PLY...]"
[ $# -ge 3 ] || { echo "$usage" >&2; exit 2; }
out=$(caller_path "$1") orig=$(caller_path "$2") player=$3
shift 3
plies=("$@")
[ ${#plies[@]} -gt 0 ] || plies=(1 11 21 31)
max=0
for k in "${plies[@]}"; do
    [[ $k =~ ^[0-9]+$ ]] || { echo "continuation.sh: a ply is a whole number, not '$k'; $usage" >&2; exit 2; }
    [ "$k" -gt "$max" ] && max=$k
done
npos=${POSITIONS:-200} reps=${REPLICATES:-1} seed=${SEED:-1} threads=${THREADS:-0}
minp=${MIN_PLIES:-$((max + 1))}
shard=${SHARD:-}
triad=${TRIAD:+$(caller_cmd "$TRIAD")}
triad=${triad:-bin/triad}
[ -n "${TRIAD:-}" ] || [ -x bin/triad ] || make -s -j2
play=${PLAY_TRIAD:+$(caller_cmd "$PLAY_TRIAD")}
play=${play:-$triad}
[ -f "$orig" ] || { echo "continuation.sh: no records file $orig" >&2; exit 2; }
mkdir -p "$out"
# what the report needs to choose the same games again (scripts/readings.sh
# reads it): ORIG, as a path in the checkout when it lies there
rel=$(realpath --relative-to="$PWD" "$orig")
case $rel in ../*) rel=$orig ;; esac
echo "$rel $minp $npos" >"$out/source"
thread_opt=()
[ "$threads" -gt 0 ] && thread_opt=(--threads "$threads")
files=()
for k in "${plies[@]}"; do
    pos=$out/positions-$k.txt
    # --force: shards started together may all write it; each writes the same
    # list whole and renames it into place
    [ -f "$pos" ] || "$triad" records positions "$orig" --ply "$k" --min-plies "$minp" --max-games "$npos" --out "$pos" --force
    n=$(grep -vc '^#' "$pos")
    games=$((n * reps))
    if [ -n "$shard" ]; then
        f=$out/ply-$k.shard${shard%/*}-of-${shard#*/}.trd
        resume=()
        [ -f "$f" ] && resume=(--resume)
        "$play" selfplay --games "$games" --players "$player" --positions "$pos" --seed "$seed" --shard "$shard" \
            "${thread_opt[@]}" --quiet --out "$f" "${resume[@]}"
        continue
    fi
    f=$out/ply-$k.trd
    shards=("$out"/ply-$k.shard*-of-*.trd)
    if [ ! -f "$f" ] && [ -f "${shards[0]}" ]; then
        "$triad" records merge --out "$f" "${shards[@]}"
    else
        resume=()
        [ -f "$f" ] && resume=(--resume)
        "$play" selfplay --games "$games" --players "$player" --positions "$pos" --seed "$seed" \
            "${thread_opt[@]}" --quiet --out "$f" "${resume[@]}"
    fi
    files+=("$f")
done
[ -n "$shard" ] && exit 0
"$triad" continuation --from "$orig" --min-plies "$minp" --max-games "$npos" "${files[@]}" >"$out/continuation.txt"
"$triad" continuation --from "$orig" --min-plies "$minp" --max-games "$npos" "${files[@]}" --json >"$out/continuation.json"
cat "$out/continuation.txt"
