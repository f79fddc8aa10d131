#!/usr/bin/env bash
# ladder-tables.sh OUT — writes OUT/ladder.md and OUT/ladder.json from the
# data files scripts/ladder-report.sh left in OUT/plots (ladder.dat,
# white.dat, setup_strength.dat), the records (variance components, start
# features, openings of the fixed setup) and OUT/cost.tsv.
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
out=$(caller_path "${1:?usage: ladder-tables.sh OUT}")
rungs=(${RUNGS:?})
policies=(${PLACE:-eval})
triad=${TRIAD:+$(caller_cmd "$TRIAD")}
triad=${triad:-bin/triad}
best=${BEST:-}
plots=$out/plots
md=$out/ladder.md.tmp
json=$out/ladder.json.tmp

# WLS line of White's score on the rung's Elo, per kind: slope per 100 Elo.
trend() {
    awk -v kind="$1" '$1 == kind && $9 > 0 { w = 1 / ($9 * $9); x = $3 / 100; y = $6
            sw += w; sx += w * x; sy += w * y; sxx += w * x * x; sxy += w * x * y; n++ }
        END { if (n < 2) { print "- - - 0"; exit }
              d = sw * sxx - sx * sx; b = (sw * sxy - sx * sy) / d; a = (sy - b * sx) / sw
              printf "%.5f %.5f %.5f %d\n", b, sqrt(sw / d), a, n }' "$plots/white.dat"
}
labels() { awk '{ print $1 }' "$plots/white.dat" | awk '!seen[$0]++'; }

{
    echo "# TZAAR: first-move advantage as a function of strength"
    echo
    echo "Players: \`ab:nodes=N\` (alpha-beta, N nodes per move, the default weights"
    echo "\`data/weights/default.txt\`), engine signature \`$(awk '{ print $3 }' "$out/engine.txt")\`."
    echo "White's score is White's share of the points (TZAAR has no draws)."
    echo
    echo "## The ladder"
    echo
    echo "| rung | player | games against the rung below | its score | Elo over the rung below (95%) | Elo over rung 0 (95%) |"
    echo "|---:|---|---:|---:|---:|---:|"
    awk -F'\t' '{ if (NR == 1) printf "| 0 | ab:nodes=%s | | | | 0 |\n", $1
        else printf "| %d | ab:nodes=%s | %d | %.1f%% | %+.0f [%+.0f, %+.0f] | %+.0f [%+.0f, %+.0f] |\n", NR - 1, $1, $2, 100 * $3,
            $4, $8, $9, $6, $6 - 1.96 * $7, $6 + 1.96 * $7 }' "$plots/ladder.dat"
    echo
    echo "Each rung against the one below: paired games (same position, players swapping sides), the"
    echo "interval from the pentanomial counts (\`triad match\`); the sums up the ladder add the variances."
    echo
    echo "## White's score at each rung"
    echo
    echo "| setup | rung (Elo) | games | White's score | 95% interval | mean turns |"
    echo "|---|---:|---:|---:|---|---:|"
    awk -F'\t' '{ printf "| %s | ab:nodes=%s (%+.0f) | %d | %.2f%% | %.2f%% – %.2f%% | %.1f |\n", $1, $2, $3, $5, 100 * $6, 100 * $7, 100 * $8, $10 }' \
        "$plots/white.dat"
    echo
    echo "Random setups: a setup's games (its colour-swapped pair, times the replicates) are one"
    echo "observation, t interval over setups; fixed and tournament: Wilson over games."
    echo
    echo "**Trend.** A weighted least-squares line of White's score on the rung's Elo (weights 1/se²):"
    echo
    echo "| setup | rungs | change per 100 Elo (95%) | White's score at rung 0's strength |"
    echo "|---|---:|---:|---:|"
    for k in $(labels); do
        read -r b se a n < <(trend "$k")
        [ "$n" -ge 2 ] || continue
        awk -v k="$k" -v b="$b" -v se="$se" -v a="$a" -v n="$n" 'BEGIN {
            printf "| %s | %d | %+.2f points [%+.2f, %+.2f] | %.2f%% |\n", k, n, 100 * b, 100 * (b - 1.96 * se), 100 * (b + 1.96 * se), 100 * a }'
    done
    echo
    echo "## Random setups: what the arrangement does, and what the first move does"
    echo
    echo "Variance components of White's score (\`triad bias\`, docs/bias.md; 95% intervals by bootstrap over setups):"
    echo
    echo "| rung | setups × rotations × replicates | games' own chance | arrangement strength Var(q) | first-move effect Var(δ) |"
    echo "|---|---|---:|---:|---:|"
    for r in "${rungs[@]}"; do
        f=$out/rung-$r/random.trd
        [ -f "$f" ] || continue
        $triad bias --records "$f" --json >"$plots/bias-$r.json"
        awk -v r="$r" -f scripts/ladder-components.awk "$plots/bias-$r.json"
    done
    if [ -s "$plots/setup_strength.dat" ]; then
        echo
        echo "The arrangement's score over its setup's games at ab:nodes=$best (chart: setup_strength), against"
        echo "what the games' chance alone would give with White's score as measured (no setup effect):"
        echo
        echo "| arrangement's score | setups | with no setup effect |"
        echo "|---:|---:|---:|"
        awk -F'\t' '{ printf "| %.2f | %.1f%% | %.1f%% |\n", $1, 100 * $2, 100 * $3 }' "$plots/setup_strength.dat"
        echo
        echo "Start features (logistic regression of White's result, ab:nodes=$best; \`triad bias\`):"
        echo
        echo '```'
        $triad bias --records "$out/rung-$best/random.trd" | awk '/^What favours/,/^$/'
        echo '```'
    fi
    echo
    echo "## The fixed setup: one position, the openings played"
    echo
    echo "| rung | games | distinct first actions | the most played (games) |"
    echo "|---|---:|---:|---|"
    for r in "${rungs[@]}"; do
        f=$out/rung-$r/fixed.trd
        [ -f "$f" ] || continue
        $triad records cat "$f" | awk -v r="$r" '{ for (i = 1; i <= NF; i++) if ($i == ":") { c[$(i + 1)]++; break }; n++ }
            END { for (m in c) { d++; line[d] = c[m] " " m }
                  printf "| ab:nodes=%s | %d | %d |", r, n, d
                  for (t = 0; t < 3 && t < d; t++) { bi = 0
                      for (i = 1; i <= d; i++) { split(line[i], x, " "); if (!(i in used) && (bi == 0 || x[1] + 0 > bv)) { bi = i; bv = x[1] + 0 } }
                      used[bi] = 1; split(line[bi], x, " "); printf " %s (%d)", x[2], x[1] }
                  print " |" }'
    done
    echo
    echo "## Cost"
    echo
    echo "CPU seconds per 1,000 games (one core; self-play and matches as run here):"
    echo
    echo "| rung | run | games | CPU s per 1,000 games |"
    echo "|---|---|---:|---:|"
    awk -F'\t' '{ g[$1 "\t" $2] += $3; c[$1 "\t" $2] += $4 } END { for (k in g) if (g[k] > 0) { split(k, x, "\t")
        printf "%s\t| ab:nodes=%s | %s | %d | %.0f |\n", x[1], x[1], x[2], g[k], 1000 * c[k] / g[k] } }' "$out/cost.tsv" |
        sort -k1,1n -k2 | cut -f2-
    echo
    echo "Charts: ![ladder](plots/ladder.png) ![White's score](plots/white_vs_strength.png) ![setups](plots/setup_strength.png)"
} >"$md"
mv "$md" "$out/ladder.md"

{
    printf '{"engine":"%s","ladder":[' "$(awk '{ print $3 }' "$out/engine.txt")"
    awk -F'\t' '{ printf "%s{\"nodes\":%s,\"games\":%d,\"elo\":%.1f,\"elo_se\":%.1f,\"elo_total\":%.1f,\"elo_total_se\":%.1f}", (NR > 1 ? "," : ""), $1, $2, $4, $5, $6, $7 }' "$plots/ladder.dat"
    printf '],"white":['
    awk -F'\t' '{ printf "%s{\"setup\":\"%s\",\"nodes\":%s,\"games\":%d,\"score\":%.5f,\"ci95\":[%.5f,%.5f]}", (NR > 1 ? "," : ""), $1, $2, $5, $6, $7, $8 }' "$plots/white.dat"
    printf '],"trend":{'
    sep=
    for k in $(labels); do
        read -r b se a n < <(trend "$k")
        [ "$n" -ge 2 ] || continue
        printf '%s"%s":{"per_100_elo":%.5f,"se":%.5f,"at_rung_0":%.5f}' "$sep" "$k" "$(awk -v b="$b" 'BEGIN{print 100*b}')" \
            "$(awk -v s="$se" 'BEGIN{print 100*s}')" "$a"
        sep=,
    done
    printf '}}\n'
} >"$json"
mv "$json" "$out/ladder.json"
