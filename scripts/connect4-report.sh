#!/usr/bin/env bash
# connect4-report.sh OUT — the report of scripts/connect4-ladder.sh from what
# it left in OUT, without playing a game: OUT/ladder.tsv (one row per family
# and rung), OUT/ladder.md, OUT/ladder.json and, with gnuplot,
# OUT/first_vs_nodes.{png,svg} (the script beside them: first.gp).
#
# Per rung: the first player's (Red's) score in the rung's self-play with
# bias's 95% interval (Student t over games: a draw scores a half, so the
# scores are not 0/1; every game is its own start, so the intervals are
# over games), its wins, draws and losses, the games that open in the centre
# column (the one first move that wins), the distinct games (a game and its
# mirror image counted once: noise=1 leaves some weak players' games alike),
# the depth completed on the mid-game positions and on the empty board, and
# the Elo over the rung below from the paired match (pentanomial interval,
# triad match), chained up the ladder with the variances added.
# Environment: RUNGS, TT, NOISE, SEED, CROSS, POSITIONS, TRIAD as
# connect4-ladder.sh passes them.  Every file is read whole first: a torn
# records file stops the report (exit 2) before anything is written.
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
out=$(caller_path "${1:?usage: connect4-report.sh OUT}")
rungs=(${RUNGS:-100 400 1600 6400 25600 102400 409600})
tts=(${TT:-16 0})
noise=${NOISE:-1}
seed=${SEED:-1}
cross=${CROSS:-102400}
positions=${POSITIONS:-data/positions/connect4-mid60.txt}
triad=${TRIAD:+$(caller_cmd "$TRIAD")}
triad=${triad:-bin/triad}
die() { echo "connect4-report.sh: $*" >&2; exit 2; }
spec() { if [ "$2" -gt 0 ]; then echo "ab:nodes=$1,noise=$noise,tt=$2"; else echo "ab:nodes=$1,noise=$noise"; fi; }
for tt in "${tts[@]}"; do
    for n in "${rungs[@]}"; do
        for f in "$out/tt$tt/rung-$n/selfplay.trd" "$out/tt$tt/rung-$n/depth.json" "$out/tt$tt/rung-$n/start.json"; do
            [ -s "$f" ] || die "$f is missing: run scripts/connect4-ladder.sh first"
        done
        "$triad" records cat "$out/tt$tt/rung-$n/selfplay.trd" >/dev/null || exit 2
    done
done
num() { sed -n "s/.*\"$2\":\\([-0-9.e]*\\).*/\\1/p" <<<"$1" | head -n 1; }
str() { sed -n "s/.*\"$2\":\"\\([^\"]*\\)\".*/\\1/p" <<<"$1" | head -n 1; }
# The CPU seconds cost.tsv gives a family's step.
spent() { [ -f "$out/cost.tsv" ] && awk -F'\t' -v f="$1" -v s="$2" '$1 == f && $2 == s { t += $4 } END { printf "%.1f", t }' "$out/cost.tsv" || echo 0; }
# games distinct-up-to-mirror opens-d, from the records' actions
openings() {
    "$triad" records export "$1" --format jsonl | sed -E 's/.*"actions":\[([^]]*)\].*/\1/; s/[",]//g' | awk '
        BEGIN { split("abcdefg", c, ""); for (i = 1; i <= 7; i++) m[c[i]] = c[8 - i] }
        { a = $0; b = ""; for (i = 1; i <= length(a); i++) b = b m[substr(a, i, 1)]
          seen[a < b ? a : b] = 1; n++; d += substr(a, 1, 1) == "d" }
        END { k = 0; for (s in seen) k++; print n, k, d }'
}
# match figures: games score elo lo hi ("n/a" for an interval end there is none of)
match_row() {
    local j
    j=$(cat "$1")
    local lo hi
    lo=$(sed -n 's/.*"elo_ci95":\[\([^],]*\),.*/\1/p' <<<"$j") hi=$(sed -n 's/.*"elo_ci95":\[[^],]*,\([^]]*\)\].*/\1/p' <<<"$j")
    echo "$(num "$j" games) $(num "$j" score) $(num "$j" elo) ${lo/null/n\/a} ${hi/null/n\/a}"
}

tsv=$out/ladder.tsv.tmp
printf 'family\ttt\trung\tnodes\tspec\tdepth_mean\tdepth_min\tdepth_max\tstart_move\tstart_depth\tgames\tdistinct\topens_d\twins\tdraws\tlosses\tscore\tlo\thi\tmean_turns\tmatch_games\tmatch_score\telo\telo_lo\telo_hi\telo_cum\telo_cum_se\tcpu_s\n' >"$tsv"
for tt in "${tts[@]}"; do
    cum=0 var=0
    for i in "${!rungs[@]}"; do
        n=${rungs[$i]} dir=$out/tt$tt/rung-${rungs[$i]}
        b=$("$triad" bias "$dir/selfplay.trd" --json 2>/dev/null) || die "$dir/selfplay.trd: bias failed"
        d=$(cat "$dir/depth.json") s=$(cat "$dir/start.json")
        read -r g0 distinct opens <<<"$(openings "$dir/selfplay.trd")"
        row=$(sed -n 's/.*"by_setup":{"standard":{"games":\([0-9]*\),"seat0_score":\([^,]*\),"[a-z_]*_score":[^,]*,"ci95":\[\([^],]*\),\([^]]*\)\],"mean_turns":\([^,]*\),.*"endings":{"four":\([0-9]*\),"full":\([0-9]*\)}.*/\1 \2 \3 \4 \5 \6 \7/p' <<<"$b")
        read -r games score lo hi turns four full <<<"$row"
        [ -n "$full" ] && [ "$games" = "$g0" ] || die "$dir/selfplay.trd: no first player's score with an interval in bias's figures"
        mg=- ms=- elo=- elo_lo=- elo_hi=- c=$(spent "tt$tt" "rung-$n")
        if [ "$i" -gt 0 ]; then
            m=$out/tt$tt/match-$n-${rungs[$((i - 1))]}.json
            [ -s "$m" ] || die "$m is missing: run scripts/connect4-ladder.sh first"
            read -r mg ms elo elo_lo elo_hi <<<"$(match_row "$m")"
            # se from the interval's width (n/a: the half that is there, doubled)
            read -r cum var <<<"$(awk -v e="$elo" -v l="$elo_lo" -v h="$elo_hi" -v c="$cum" -v v="$var" 'BEGIN {
                w = (l != "n/a" && h != "n/a") ? (h - l) / 2 : (h != "n/a" ? h - e : e - l); se = w / 1.96
                printf "%.1f %.1f\n", c + e, v + se * se }')"
            c=$(awk -v a="$c" -v b="$(spent "tt$tt" "match-$n-${rungs[$((i - 1))]}")" 'BEGIN { printf "%.1f", a + b }')
        fi
        awk -v OFS='\t' -v f="tt$tt" -v tt="$tt" -v i="$i" -v n="$n" -v sp="$(spec "$n" "$tt")" -v dm="$(num "$d" depth_mean)" \
            -v dl="$(num "$d" depth_min)" -v dh="$(num "$d" depth_max)" -v sm="$(str "$s" action)" -v sd="$(num "$s" depth)" \
            -v g="$games" -v k="$distinct" -v o="$opens" -v sc="$score" -v lo="$lo" -v hi="$hi" -v t="$turns" -v full="$full" \
            -v mg="$mg" -v ms="$ms" -v e="$elo" -v el="$elo_lo" -v eh="$elo_hi" -v cum="$cum" -v var="$var" -v cpu="$c" 'BEGIN {
            w = sc * g - full / 2; w = int(w + 0.5)
            print f, tt, i, n, sp, dm, dl, dh, sm, sd, g, k, o, w, full, g - w - full, sc, lo, hi, t, mg, ms, e, el, eh,
                  (i > 0 ? cum : 0), (i > 0 ? sprintf("%.1f", 1.96 * sqrt(var)) : 0), cpu }' >>"$tsv"
    done
done
cross_row=
if [ "$cross" -gt 0 ] && [ ${#tts[@]} -ge 2 ]; then
    m=$out/cross-$cross-tt${tts[0]}-tt${tts[1]}.json
    [ -s "$m" ] || die "$m is missing: run scripts/connect4-ladder.sh first"
    cross_row="$(spec "$cross" "${tts[0]}") $(spec "$cross" "${tts[1]}") $(match_row "$m") $(spent cross "$(basename "$m" .json)")"
fi
mv -f -- "$tsv" "$out/ladder.tsv"

# --- ladder.md and ladder.json ------------------------------------------------
total=$( [ -f "$out/cost.tsv" ] && awk -F'\t' '{ t += $4 } END { printf "%.0f", t }' "$out/cost.tsv" || echo 0)
{
    echo "# Connect Four: the first player's score against strength (scripts/connect4-ladder.sh)"
    echo
    echo "Engine: $("$triad" --version | sed -n 's/.*connect4 \([0-9a-f]*\).*/\1/p'); noise=$noise, seed $seed; positions for the depth: $positions. CPU seconds in all (cost.tsv): $total."
    echo
    echo "| family | rung | player | depth mid-game (min–max) | empty board: move, depth | games (distinct) | first player W / D / L | first player's score (95%) | opens d | Elo over the rung below (95%; games) | Elo over rung 0 (±95%) | CPU s |"
    echo "|---|---:|---|---|---|---:|---|---|---:|---|---|---:|"
    awk -F'\t' 'NR > 1 {
        elo = $3 == 0 ? "" : sprintf("%+.1f [%s, %s]; %d", $23, ($24 == "n/a" ? "n/a" : sprintf("%+.1f", $24)), ($25 == "n/a" ? "n/a" : sprintf("%+.1f", $25)), $21)
        cum = $3 == 0 ? "0" : sprintf("%+.0f ± %.0f", $26, $27)
        printf "| %s | %d | `%s` | %.2f (%d–%d) | %s, %d | %d (%d) | %d / %d / %d | %.2f%% [%.2f, %.2f] | %.1f%% | %s | %s | %s |\n",
            ($2 > 0 ? "table " $2 " MB" : "no table"), $3, $5, $6, $7, $8, $9, $10, $11, $12, $14, $15, $16,
            100 * $17, 100 * $18, 100 * $19, 100 * $13 / $11, elo, cum, $28 }' "$out/ladder.tsv"
    echo
    if [ -n "$cross_row" ]; then
        read -r a b mg ms e el eh c <<<"$cross_row"
        echo "The families at $cross nodes: \`$a\` against \`$b\`, $mg games (paired): score $(awk -v s="$ms" 'BEGIN { printf "%.2f%%", 100 * s }'), Elo $e [$el, $eh]; $c CPU s."
        echo
    fi
    echo "Commands (each rung N, family T; seed $seed):"
    echo
    echo '```sh'
    echo "triad selfplay --game connect4 --games G --players ab:nodes=N,noise=$noise[,tt=T] --seed $seed --out OUT/ttT/rung-N/selfplay.trd"
    echo "triad bias OUT/ttT/rung-N/selfplay.trd --json        # the first player's score and interval"
    echo "triad match --game connect4 --a ab:nodes=N,noise=$noise[,tt=T] --b ab:nodes=M,noise=$noise[,tt=T] --games G --seed $seed --json --out OUT/ttT/match-N-M.trd"
    echo "triad analyse --game connect4 --player ab:nodes=N,noise=$noise[,tt=T] --positions $positions --json   # depth mid-game"
    echo "triad analyse --game connect4 --player ab:nodes=N,noise=$noise[,tt=T] --setup standard --json   # the first move"
    echo '```'
} >"$out/ladder.md.tmp"
mv -f -- "$out/ladder.md.tmp" "$out/ladder.md"
awk -F'\t' -v cross="$cross_row" -v total="$total" 'function na(v) { return v == "n/a" || v == "-" ? "null" : v }
    BEGIN { printf "{\"game\":\"connect4\",\"cpu_seconds\":%s,\"rungs\":[", total }
    NR > 1 { printf "%s{\"family\":\"%s\",\"tt\":%d,\"rung\":%d,\"nodes\":%d,\"player\":\"%s\",\"depth_mean\":%s,\"depth_min\":%s,\"depth_max\":%s,\"start_move\":\"%s\",\"start_depth\":%s,\"games\":%d,\"distinct\":%d,\"opens_d\":%d,\"wins\":%d,\"draws\":%d,\"losses\":%d,\"first_score\":%s,\"ci95\":[%s,%s],\"mean_turns\":%s,\"match_games\":%s,\"match_score\":%s,\"elo\":%s,\"elo_ci95\":[%s,%s],\"elo_over_rung0\":%s,\"elo_over_rung0_ci95_half\":%s,\"cpu_seconds\":%s}",
        (NR > 2 ? "," : ""), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
        na($21), na($22), na($23), na($24), na($25), $26, $27, $28 }
    END { printf "]"
        if (cross != "") { split(cross, c, " ")
            printf ",\"cross\":{\"a\":\"%s\",\"b\":\"%s\",\"games\":%s,\"score\":%s,\"elo\":%s,\"elo_ci95\":[%s,%s],\"cpu_seconds\":%s}", c[1], c[2], c[3], c[4], c[5], na(c[6]), na(c[7]), c[8] }
        print "}" }' "$out/ladder.tsv" >"$out/ladder.json.tmp"
mv -f -- "$out/ladder.json.tmp" "$out/ladder.json"

# --- the chart ----------------------------------------------------------------
command -v gnuplot >/dev/null || { echo "connect4-report.sh: gnuplot is not installed: no chart" >&2; exit 0; }
tics=$(printf '%s\n' "${rungs[@]}" | awk '{ printf "%s\"%s\" %s", (NR > 1 ? ", " : ""), ($1 >= 1000 ? sprintf("%gk", $1 / 1000) : $1), $1 }')
curves= i=0
for tt in "${tts[@]}"; do
    title=$([ "$tt" -gt 0 ] && echo "ab, table $tt MB" || echo "ab, no table")
    curves="$curves, 'ladder.tsv' every ::1 using (\$2 == $tt ? \$4 * 1.04 ** ($i - 0.5) : NaN):(100 * \$17):(100 * \$18):(100 * \$19) with yerrorlines lw 2 pt $((7 + i)) title '$title (noise=$noise)'"
    i=$((i + 1))
done
cat >"$out/first.gp" <<EOF
# Drawn by scripts/connect4-report.sh from ladder.tsv; re-run by hand with: gnuplot first.gp
do for [fmt in "png svg"] {
  reset
  set datafile separator "\t"
  if (fmt eq "png") { set terminal pngcairo size 800,500 } else { set terminal svg size 800,500 }
  set output 'first_vs_nodes.' . fmt
  set logscale x 2
  set xtics ($tics)
  set offsets graph 0.04, graph 0.04, 0, 0
  set yrange [0:105]
  set xlabel 'nodes per move (points nudged apart)'
  set ylabel "first player's score, % (95%)"
  set key bottom right
  set grid
  plot 50 with lines dt 2 lc rgb 'gray' title 'no advantage', 100 with lines dt 3 lc rgb 'black' title 'perfect play'$curves
}
EOF
(cd "$out" && gnuplot first.gp) || die "$out: gnuplot failed"
