#!/usr/bin/env bash
# ladder-report.sh OUT — the report of scripts/ladder.sh: reads OUT's records
# and match results and writes OUT/ladder.md (tables), OUT/ladder.json and
# the charts OUT/plots/{ladder,white_vs_strength,setup_strength}.{png,svg}.
#
# Intervals are clustered where the observations are: on random setups a
# setup's games (its colour-swapped pair times the replicates) are one
# observation, so White's score gets a t interval over setups; the fixed
# setup's games all start from one position and tournament games from a
# placement of their own, so those are independent games (Wilson).  The
# trend of White's score against strength is a weighted least-squares line
# through the rungs (weights 1/se^2) with the slope's 95% interval.
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
out=$(caller_path "${1:?usage: ladder-report.sh OUT}")
rungs=(${RUNGS:-1000 4000 16000 64000})
kinds=(${KINDS:-random fixed tournament})
policies=(${PLACE:-eval search soft random})
replicates=${REPLICATES:-2}
[ -z "${TRIAD:-}" ] || export TRIAD="$(caller_cmd "$TRIAD")" # the scripts this one runs see it too
triad=${TRIAD:-bin/triad}
# The records files a kind has at each rung, by name: one per placement
# policy for tournament, else the kind's own.
kind_names() { if [ "$1" = tournament ]; then for p in "${policies[@]}"; do echo "tournament-$p"; done; else echo "$1"; fi; }
# Every rung's records are read whole before anything is written: a torn or
# corrupt file stops the report with records cat's one error line, never a
# table or chart from the part before the tear.
for r in "${rungs[@]}"; do
    for kind in "${kinds[@]}"; do
        for name in $(kind_names "$kind"); do
            f=$out/rung-$r/$name.trd
            [ -e "$f" ] || continue
            "$triad" records cat "$f" >/dev/null || exit 2
        done
    done
done
mkdir -p "$out/plots"
data=$out/plots/ladder.dat
strength=$out/plots/setup_strength.dat

# --- the ladder: Elo of each rung over the one below, summed up the ladder ----
elo_rows() {
    local i
    for ((i = 1; i < ${#rungs[@]}; i++)); do
        local f=$out/match-${rungs[$i]}-${rungs[$((i - 1))]}.json
        [ -s "$f" ] || { echo "ladder-report: $f is missing: run scripts/ladder.sh first" >&2; exit 2; }
        sed 's/.*"games":\([0-9]*\).*"score":\([-0-9.e]*\),"elo":\([-0-9.e]*\),"elo_ci95":\[\([-0-9.e]*\),\([-0-9.e]*\)\].*/\1 \2 \3 \4 \5/' "$f"
    done | awk -v list="${rungs[*]}" 'BEGIN { split(list, r, " "); printf "%s\t0\t0\t0\t0\t0\t0\t0\t0\n", r[1] }
        { se = ($5 - $4) / 3.92; cum += $3; var += se * se
          printf "%s\t%s\t%.4f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\n", r[NR + 1], $1, $2, $3, se, cum, sqrt(var), $4, $5 }'
}
elo_rows >"$data"

# --- White's score per rung and kind, from the records -----------------------
# columns: kind rung elo elo_se games white lo hi se
score_rows() {
    local i kind
    for i in "${!rungs[@]}"; do
        local elo elo_se
        elo=$(awk -v n=$((i + 1)) 'NR == n { print $6 }' "$data")
        elo_se=$(awk -v n=$((i + 1)) 'NR == n { print $7 }' "$data")
        for kind in "${kinds[@]}"; do
            local name
            for name in $(kind_names "$kind"); do
                local f=$out/rung-${rungs[$i]}/$name.trd
                [ -f "$f" ] || continue
                $triad records cat "$f" | awk -v kind="$name" -v rung="${rungs[$i]}" -v elo="$elo" \
                    -v elo_se="$elo_se" -v per=$((2 * replicates)) -f scripts/tquantile.awk -f scripts/ladder-score.awk
            done
        done
    done
}
score_rows | sort -s -t"$(printf "\t")" -k1,1 >"$out/plots/white.dat"

# --- the setup-strength distribution (random setups, the rung with most games) -
best=$(awk '$1 == "random" { if ($5 > n) { n = $5; r = $2 } } END { print r }' "$out/plots/white.dat")
if [ -n "$best" ]; then
    $triad records cat "$out/rung-$best/random.trd" | awk -v per=$((2 * replicates)) '
        { split($5, s, "-"); w = s[1] / (s[1] + s[2]); k = int($1 / per); r = $1 % 2
          a[k] += r == 0 ? w : 1 - w; n[k]++; white += w; games++ }
        END {
            p = white / games                 # White'"'"'s score: P(arrangement A wins) is p in rotation 0, 1-p in 1
            for (k in n) if (n[k] == per) { hist[a[k]]++; setups++ }
            half = per / 2
            # no setup effect: A'"'"'s points ~ Binomial(half, p) + Binomial(half, 1-p)
            for (x = 0; x <= half; x++) bx[x] = choose(half, x) * p ^ x * (1 - p) ^ (half - x)
            for (y = 0; y <= half; y++) by[y] = choose(half, y) * (1 - p) ^ y * p ^ (half - y)
            for (x = 0; x <= half; x++) for (y = 0; y <= half; y++) null[x + y] += bx[x] * by[y]
            for (t = 0; t <= per; t++) printf "%.4f\t%.5f\t%.5f\t%d\n", t / per, hist[t] / setups, null[t], setups
        }
        function choose(n, k,   c, i) { c = 1; for (i = 1; i <= k; i++) c = c * (n - k + i) / i; return c }' >"$strength"
fi

TRIAD=$triad RUNGS="${rungs[*]}" KINDS="${kinds[*]}" PLACE="${policies[*]}" REPLICATES=$replicates BEST=$best \
    scripts/ladder-tables.sh "$out"
scripts/ladder-plots.sh "$out"
echo "report: $out/ladder.md (charts in $out/plots)"
