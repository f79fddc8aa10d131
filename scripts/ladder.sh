#!/usr/bin/env bash
# ladder.sh [OUT] — TZAAR's first-move advantage as a function of strength
# (issue 10's study).  A ladder of node-limited alpha-beta players with the
# default weights (ab:nodes=N), each rung matched against the one below it
# (paired games: same position, players swapping sides), then self-play at
# every rung on the three setup kinds — random (colour-swapped pairs with
# replicates, so setup strength and the first-move effect separate), fixed
# (one position) and tournament (each game's players place under the rules,
# once per placement policy) — and the report: scripts/ladder-report.sh
# writes OUT/ladder.md with the tables and charts.
#
# Every step resumes: self-play with --resume, a finished match keeps its
# JSON, so a killed run picks up where it stopped.  The defaults (the run of
# docs/results.md) take about 75 minutes of one core; the README's main job
# runs a small ladder:
#   RUNGS="500 2000" GAMES="400 200" MATCH_GAMES=100 scripts/ladder.sh out/tiny
# Environment (lists are per rung, the last value repeats):
#   RUNGS="1000 4000 16000 64000"  nodes per move of each rung
#   GAMES="10000 10000 1000 100"   self-play games per setup kind at each rung
#   MATCH_GAMES="2000 2000 1000"   games of rung i+1 against rung i
#   KINDS="random fixed tournament" PLACE="eval search soft random"  (tournament placement policies:
#   eval, search, soft, random; docs/players.md; KINDS may add tournament-black, Black placing first)
#   POLICY_GAMES="2000 1000 0 0"  tournament games at each rung for the policies other
#   than eval (0: none at that rung)
#   REPLICATES=2 SEED=1 THREADS=(all cores) SHARD=K/N (self-play only; merge the shards
#   with `triad records merge`, then run without SHARD to finish)
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
rungs=(${RUNGS:-1000 4000 16000 64000})
games=(${GAMES:-10000 10000 1000 100})
match_games=(${MATCH_GAMES:-2000 2000 1000})
kinds=(${KINDS:-random fixed tournament})
policies=(${PLACE:-eval search soft random})
policy_games=(${POLICY_GAMES:-2000 1000 0 0})
replicates=${REPLICATES:-2}
seed=${SEED:-1}
threads=()
[ -z "${THREADS:-}" ] || threads=(--threads "$THREADS")
shard=()
[ -z "${SHARD:-}" ] || shard=(--shard "$SHARD")
out=${1:+$(caller_path "$1")}
out=${out:-out/ladder}

[ -n "${NO_SETUP:-}" ] || { scripts/setup.sh; make -s -j2; }
[ -z "${TRIAD:-}" ] || export TRIAD="$(caller_cmd "$TRIAD")" # the scripts this one runs see it too
triad=${TRIAD:-bin/triad}
mkdir -p "$out"
sig=$($triad bench --signature)
echo "engine signature $sig" >"$out/engine.txt"

nth() { local -n list=$1; local i=$2; [ "$i" -lt "${#list[@]}" ] || i=$((${#list[@]} - 1)); echo "${list[$i]}"; }
player() { echo "ab:nodes=$1"; }
# The spec with a placement policy (eval, the default, adds nothing).
place() { if [ "$2" = eval ]; then echo "$1"; else echo "$1,place=$2"; fi; }
# Games a records file holds (0 when it does not exist yet).
held() { [ -f "$1" ] && $triad records stats --json "$1" 2>/dev/null | sed -n 's/^{"games":\([0-9]*\).*/\1/p' || echo 0; }

# Runs one self-play step and appends its CPU time and the games it played
# to cost.tsv (rung, kind, games, cpu seconds), so resumed runs add up.
selfplay() {
    local rung=$1 spec=$2 kind=$3 file=$4 n=$5; shift 5
    local before after start end
    before=$(held "$file")
    [ "${before:-0}" -lt "$n" ] || return 0
    start=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
    $triad selfplay --games "$n" --players "$spec" --setup "$kind" --seed "$seed" \
        --out "$file" --resume "${threads[@]}" "${shard[@]}" "$@"
    end=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
    after=$(held "$file")
    printf '%s\t%s\t%s\t%s\n' "$rung" "$(basename "$file" .trd)" "$((after - before))" \
        "$(awk -v t=$((end - start)) -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", t / hz }')" >>"$out/cost.tsv"
}

for i in "${!rungs[@]}"; do
    rung=${rungs[$i]}
    n=$(nth games "$i")
    dir=$out/rung-$rung
    spec=$(player "$rung")
    mkdir -p "$dir"
    printf '\n== rung %s: %s, %s games per setup kind\n' "$i" "$(player "$rung")" "$n"
    for kind in "${kinds[@]}"; do
        case $kind in
            random) selfplay "$rung" "$spec" "$kind" "$dir/random.trd" $((n / (2 * replicates) * 2 * replicates)) \
                        --paired --replicates "$replicates" ;;
            fixed) selfplay "$rung" "$spec" "$kind" "$dir/fixed.trd" $((n / 2 * 2)) --paired ;;
            tournament | tournament-black)
                # not paired: under the rules page White places first and moves
                # first; tournament-black is the other reading (Black places first)
                for policy in "${policies[@]}"; do
                    m=$n
                    [ "$policy" = eval ] || m=$(nth policy_games "$i")
                    [ "$m" -eq 0 ] || selfplay "$rung" "$(place "$spec" "$policy")" "$kind" "$dir/$kind-$policy.trd" "$m"
                done ;;
        esac
    done
done
[ -z "${SHARD:-}" ] || { echo "shard $SHARD done: merge the shards, then run again without SHARD"; exit 0; }

for ((i = 1; i < ${#rungs[@]}; i++)); do
    a=${rungs[$i]} b=${rungs[$((i - 1))]}
    n=$(nth match_games $((i - 1)))
    f=$out/match-$a-$b.json
    [ -s "$f" ] && continue
    printf '\n== match: %s against %s, %s games\n' "$(player "$a")" "$(player "$b")" "$n"
    start=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
    $triad match --a "$(player "$a")" --b "$(player "$b")" --games "$n" --seed "$seed" --json "${threads[@]}" \
        --out "$out/match-$a-$b.trd" --force >"$f.tmp"
    end=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
    mv "$f.tmp" "$f"
    printf '%s\tmatch-%s\t%s\t%s\n' "$a" "$b" "$n" \
        "$(awk -v t=$((end - start)) -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", t / hz }')" >>"$out/cost.tsv"
done

RUNGS="${rungs[*]}" KINDS="${kinds[*]}" PLACE="${policies[*]}" TRIAD=$triad scripts/ladder-report.sh "$out"
