#!/usr/bin/env bash
# readings.sh — every figure of docs/results.md's "The readings put right"
# (issue 39), computed from the committed records with triad's own
# commands, each printed under the command that gives it:
#   1. what the endgame oracle's class means (who acts at the first proven
#      position) and where that position lies (plies before the end, its
#      ply, the proof's own length bound), per oracle file;
#   2. per seat, the proven wins held at the first proven position and how
#      many were thrown away (not a share of the losses);
#   3. the forward continuation pilots (triad continuation);
#   4. the deep engine's players' own edges, the test that one edge fits
#      them and the random-effects pool (triad bias);
#   5. the second family against ab at matched strength (paired by setup);
#   6. the chained Elo spans with their errors, and the additivity test;
#   7. the ladder's edges in Elo.
# The oracle's figures come from the committed summaries
# (data/records/*/oracle-*.json, each the last line of `triad solve FILE
# --nodes 200000 --json`); ORACLE=solve runs the solver instead (about 8 CPU
# minutes for a 2,000-game file; MAX_GAMES=N and NODES=N for a small run).
# Everything else takes seconds.  TRIAD (default bin/triad).
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
triad=${TRIAD:+$(caller_cmd "$TRIAD")}
triad=${triad:-bin/triad}
[ -n "${TRIAD:-}" ] || [ -x bin/triad ] || make -s -j2
oracle=${ORACLE:-committed} nodes=${NODES:-200000} maxg=${MAX_GAMES:-}
d=data/records
say() { printf '\n$ %s\n' "$*"; }
# num JSON KEY: the number after the first "KEY": in JSON (a flat grep, as
# the other scripts read triad's one-line JSON)
num() { grep -o "\"$2\":[-0-9.e]*" <<<"$1" | head -1 | cut -d: -f2; }
# after JSON KEY: the text after the first "KEY":
after() { awk -v k="\"$2\":" '{ i = index($0, k); if (i) print substr($0, i + length(k)) }' <<<"$1"; }
pct() { awk -v x="$1" 'BEGIN { printf "%.2f", 100 * x }'; }

echo "# The readings put right (issue 39), from the committed records"
echo
echo "## 1-2. The endgame oracle: what its class means; the proven wins each seat held"
for spec in "ladder-deep/rung-256000/random ladder-deep/oracle-256000-random" \
    "ladder-deep/rung-1000/random ladder-deep/oracle-1000-random" \
    "ladder-deep/rung-1000000/random ladder-deep/oracle-1000000-random" \
    "ladder-top/rung-2000000/random ladder-top/oracle-2000000-random"; do
    set -- $spec
    if [ "$oracle" = solve ]; then
        say "$triad solve $d/$1.trd --nodes $nodes ${maxg:+--max-games $maxg }--json --quiet | tail -1"
        s=$("$triad" solve "$d/$1.trd" --nodes "$nodes" ${maxg:+--max-games "$maxg"} --json --quiet | tail -1)
    else
        say "cat $d/$2.json   # = $triad solve $d/$1.trd --nodes 200000 --json --quiet | tail -1"
        s=$(cat "$d/$2.json")
    fi
    if ! grep -q '"held"' <<<"$s"; then echo "(a summary without the readings: run ORACLE=solve)"; continue; fi
    lf=$(after "$s" loser_to_act_first) wf=$(after "$s" winner_to_act_first)
    echo "games $(num "$s" games); the loser to act at the first proven position: $(num "$lf" lost_by_play) lost by play," \
        "$(num "$lf" already_lost) already lost; the winner to act there: $(num "$wf" already_lost) already lost," \
        "$(num "$wf" lost_by_play) lost by play"
    for what in from_end first_ply plies first_distance; do
        x=$(after "$s" $what)
        printf '%s: min %s, median %s, max %s\n' "$what" "$(num "$x" min)" "$(num "$x" median)" "$(num "$x" max)"
    done
    x=$(after "$s" first_fraction)
    echo "first_ply / plies: min $(pct "$(num "$x" min)")%, median $(pct "$(num "$x" median)")%"
    h=$(after "$s" held)
    for seat in White Black; do
        x=$(after "$h" $seat)
        ci=$(sed -n 's/[^[]*"ci95":\[\([^]]*\)\].*/\1/p' <<<"$x" | head -1)
        echo "$seat held a proven win in $(num "$x" games) games, lost $(num "$x" lost): $(pct "$(num "$x" share)")%" \
            "[$(pct "${ci%,*}"), $(pct "${ci#*,}")]"
    done
    ci=$(sed -n 's/.*"difference_ci95":\[\([^]]*\)\].*/\1/p' <<<"$h")
    echo "White minus Black: $(pct "$(num "$h" difference)") points [$(pct "${ci%,*}"), $(pct "${ci#*,}")]," \
        "p = $(num "$h" p_value)"
done

echo
echo "## 3. The forward continuation (the pilots; the full run when it is there)"
for dir in "$d"/continuation/*/; do
    [ -f "$dir/source" ] || continue
    read -r from minp maxg2 <"$dir/source"
    # the merged plies only: a run still in shards (ply-K.shardJ-of-N.trd,
    # scripts/continuation.sh SHARD=J/N) is not a report yet
    plyf=()
    for f in "$dir"ply-*.trd; do
        [[ ${f##*/} =~ ^ply-[0-9]+\.trd$ ]] && plyf+=("$f")
    done
    if [ ${#plyf[@]} -eq 0 ]; then
        echo
        echo "(${dir%/}: in shards, not merged yet: scripts/continuation.sh without SHARD merges them)"
        continue
    fi
    say "$triad continuation --from $from --min-plies $minp --max-games $maxg2 ${plyf[*]}"
    "$triad" continuation --from "$from" --min-plies "$minp" --max-games "$maxg2" "${plyf[@]}"
done

echo
echo "## 4. One edge for all the deep engine's players?"
deep=($d/ladder-deep/rung-{250,1000,256000,1000000}/random.trd $d/ladder-deep/rung-{1000,256000}/tournament-{eval,black-eval}.trd
    $d/ladder-deep/rung-256000/fixed.trd $d/ladder-deep/match-{1000-250,4000-1000,16000-4000,64000-16000,256000-64000,1000000-256000}.trd $d/mcts/eval{1000,250}d4-random.trd
    $d/mcts/match-eval{1000d4-ab1000,250d4-ab250}.trd)
say "$triad bias ${deep[*]}"
fit=$("$triad" bias "${deep[@]}")
sed -n '/^  random  *[0-9]* games  first mover/p; /^  the span of component 0/p; /^  random: each player/,/random-effects pool/p' <<<"$fit"

echo
echo "## 5. The second family at matched strength (paired by setup)"
for p in "rung-1000 eval1000d4" "rung-250 eval250d4"; do
    set -- $p
    say "scripts/paired-setups.sh $d/ladder-deep/$1/random.trd -- $d/mcts/$2-random.trd"
    TRIAD=$triad scripts/paired-setups.sh "$d/ladder-deep/$1/random.trd" -- "$d/mcts/$2-random.trd"
done

echo
echo "## 6. Chained Elo with its error, and a test of additivity"
# A match's standard error from its 95% interval (half its width over 1.96:
# the intervals are near symmetric at these scores).
se_of() { sed -n 's/.*"elo_ci95":\[\([^,]*\),\([^]]*\)\].*/\1 \2/p' "$1" | awk '{ printf "%.3f", ($2 - $1) / 2 / 1.959964 }'; }
elo_of() { num "$(cat "$1")" elo; }
chain=0 v=0
for m in 1000-250 4000-1000 16000-4000 64000-16000 256000-64000 1000000-256000; do
    f=$d/ladder-deep/match-$m.json
    e=$(elo_of "$f") s=$(se_of "$f")
    echo "match $m: $e Elo, se $s  ($f)"
    chain=$(awk -v a="$chain" -v b="$e" 'BEGIN { print a + b }') v=$(awk -v a="$v" -v b="$s" 'BEGIN { print a + b * b }')
done
awk -v c="$chain" -v v="$v" 'BEGIN { printf "the six matches summed, 250 to 1,000,000 nodes: %+.1f Elo +/- %.1f (95%%, root-sum-of-squares)\n", c, 1.959964 * sqrt(v) }'
top=$d/ladder-top/match-2000000-1000000.json
et=$(elo_of "$top") st=$(se_of "$top")
span=$(sed -n 's/^  the span of component 0, .*: \([-+0-9.]*\) Elo \[.*(se \([0-9.]*\),.*/\1 \2/p' <<<"$fit")
awk -v s="${span% *}" -v se="${span#* }" -v e="$et" -v t="$st" -v c="$chain" -v v="$v" 'BEGIN {
    printf "the joint fit'"'"'s span, 250 to 1,000,000 nodes: %+.1f Elo +/- %.1f (95%%, the fit'"'"'s covariance)\n", s, 1.959964 * se
    printf "with the top rung'"'"'s match (%+.1f, se %.1f): 250 nodes to the 6-ply top rung %+.1f +/- %.1f (the fit), %+.1f +/- %.1f (the matches summed)\n",
        e, t, s + e, 1.959964 * sqrt(se * se + t * t), c + e, 1.959964 * sqrt(v + t * t) }'
# additivity HI MID LO: the match HI over LO (rungs two apart) against the
# chain LO -> MID -> HI of the adjacent matches, each in nodes
additivity() {
    local add=$d/ladder-deep/match-$1-$3.json lo=$d/ladder-deep/match-$2-$3.json hi=$d/ladder-deep/match-$1-$2.json
    if [ ! -f "$add" ]; then
        echo "($1 over $3 nodes: not played yet, no $add)"
        return
    fi
    say "cat $add   # a match between rungs two apart: does the chain add up?"
    awk -v ed="$(elo_of "$add")" -v sd="$(se_of "$add")" -v e1="$(elo_of "$lo")" -v s1="$(se_of "$lo")" \
        -v e2="$(elo_of "$hi")" -v s2="$(se_of "$hi")" -v a="$1" -v m="$2" -v b="$3" '
        function n(x) { return x >= 1000000 ? sprintf("%d,%03d,%03d", x / 1000000, x / 1000 % 1000, x % 1000) : x >= 1000 ? sprintf("%d,%03d", x / 1000, x % 1000) : x }
        BEGIN {
        c = e1 + e2; sc = sqrt(s1 * s1 + s2 * s2); d = ed - c; sdd = sqrt(sd * sd + sc * sc)
        printf "%s over %s nodes: the match %+.1f (se %.1f); the chain %s->%s->%s %+.1f (se %.1f)\n", n(a), n(b), ed, sd, n(b), n(m), n(a), c, sc
        printf "the match minus the chain: %+.1f Elo [%+.1f, %+.1f] (independent games)\n", d, d - 1.959964 * sdd, d + 1.959964 * sdd }'
}
additivity 64000 16000 4000
additivity 1000000 256000 64000   # the issue's own test: owed (docs/results.md gives its command and cost)

echo
echo "## 7. The edges in Elo: the ladder's joint fit, and the deep engine's"
ladder=($d/ladder/rung-*/random.trd $d/ladder/rung-*/fixed.trd $d/ladder/rung-*/tournament-eval.trd $d/ladder/match-*.trd)
say "$triad bias ${ladder[*]}"
"$triad" bias "${ladder[@]}" | sed -n '/^  \(random\|fixed\|tournament\)  *[0-9]* games  first mover/p'
sed -n '/^  random  *[0-9]* games  first mover/p' <<<"$fit"
