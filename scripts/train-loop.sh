#!/usr/bin/env bash
# train-loop.sh [OUT] — the generation loop of a learned evaluation (the
# successor of tune-loop.sh; docs/network.md, "The generation loop").  For
# each generation g = 1..G:
#   1. self-play: GAMES paired games of the current best (SELF players)
#      into OUT/genG.trd;
#   2. train: a network on every generation's games so far plus RECORDS
#      (older games, e.g. the committed ones) into OUT/genG.nn;
#   3. gate: an SPRT at fixed time (MATCH, default ms=100) of the new
#      network against the current best, at most MATCH_GAMES games into
#      OUT/genG-match.trd; the network becomes the current best only when
#      the test accepts elo1 (SPRT, default elo0=0,elo1=10).
# The current best starts as START (default: the linear evaluation, "linear";
# or a network file).  OUT/generations.tsv has a row per generation; OUT/current
# names the best.  Resumable: every step keeps its output and is skipped when
# it is there, and an interrupted step resumes (rerun the same command).
# Paths are taken as given, from the directory it is run in.
#   GAME=tzaar G=2 GAMES=2000 SELF=ab:nodes=4000 MATCH=ms=100 MATCH_GAMES=2000
#   SPRT=elo0=0,elo1=10 RECORDS="data/records/..." TRAIN="--epochs 20" THREADS=2 SEED=1
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
triad=$root/bin/triad
out=${1:-out/train-loop}
game=${GAME:-tzaar}
generations=${G:-2}
games=${GAMES:-2000}
self=${SELF:-ab:nodes=4000}
match=${MATCH:-ms=100}
match_games=${MATCH_GAMES:-2000}
sprt=${SPRT:-elo0=0,elo1=10}
threads=${THREADS:-$(nproc 2>/dev/null || echo 2)}
seed=${SEED:-1}
read -r -a records <<<"${RECORDS:-}"
read -r -a train_opts <<<"${TRAIN:-}"

[ -x "$triad" ] || make -s -C "$root" -j2
mkdir -p "$out"
[ -f "$out/current" ] || echo "${START:-linear}" >"$out/current"
table=$out/generations.tsv
[ -f "$table" ] || printf 'generation\tcandidate\tagainst\tgames\tscore\telo\tlo\thi\tllr\tverdict\tkept\n' >"$table"

# A spec with the evaluation: "linear" or a network file.
with_eval() { # SPEC EVAL
    local opt
    if [ "$2" = linear ]; then opt=eval=linear; else opt=net=$2; fi
    case $1 in *:*) echo "$1,$opt" ;; *) echo "$1:$opt" ;; esac
}
json_field() { # NAME < json: a number or string field, or an array's numbers
    sed -n "s/.*\"$1\":\(\[[^]]*\]\|\"[^\"]*\"\|[-0-9.a-z+]*\).*/\1/p" | tr -d '[]"' | tr ',' ' '
}
kind=${self%%:*}

start=$(($(wc -l <"$table")))
for ((g = start; g <= generations; g++)); do
    current=$(cat "$out/current")
    echo "== generation $g of $generations (current best: $current)"
    "$triad" selfplay --game "$game" --games "$games" --players "$(with_eval "$self" "$current")" --paired \
        --seed $((seed + g)) --threads "$threads" --out "$out/gen$g.trd" --resume
    if [ ! -f "$out/gen$g.nn" ]; then
        files=()
        for ((k = 1; k <= g; k++)); do files+=("$out/gen$k.trd"); done
        "$triad" train "${files[@]}" "${records[@]}" --game "$game" --out "$out/gen$g.nn" --seed $((seed + g)) \
            --threads "$threads" --json "${train_opts[@]}" >"$out/gen$g-train.json"
    fi
    json=$("$triad" match --game "$game" --a "$(with_eval "$kind:$match" "$out/gen$g.nn")" \
        --b "$(with_eval "$kind:$match" "$current")" --games "$match_games" --sprt "$sprt" \
        --seed $((seed + 1000 + g)) --threads "$threads" --json --out "$out/gen$g-match.trd" --resume)
    printf '%s\n' "$json" >"$out/gen$g-match.json"
    verdict=$(json_field decision <<<"$json")
    read -r lo hi <<<"$(json_field elo_ci95 <<<"$json")"
    kept=no
    if [ "$verdict" = H1 ]; then
        kept=yes
        echo "$out/gen$g.nn" >"$out/current"
    fi
    printf '%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$g" "$out/gen$g.nn" "$current" \
        "$(json_field games <<<"$json")" "$(json_field score <<<"$json")" "$(json_field elo <<<"$json")" \
        "$lo" "$hi" "$(json_field llr <<<"$json")" "${verdict:-none}" "$kept" >>"$table"
    echo "generation $g: $(tail -1 "$table")"
done
column -t -s $'\t' "$table" 2>/dev/null || cat "$table"
echo "best: $(cat "$out/current")"
