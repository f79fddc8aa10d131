#!/usr/bin/env bash
# results.sh [OUT] — reproduces docs/results.md: 20,000 paired self-play games
# of ab:depth=2 on each setup kind (random seed 1, fixed seed 2, tournament
# seed 3), then the bias study with charts and report, into OUT (default
# out/results).  About half an hour on 2 idle cores; resumable (--resume).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-out/results}
games=${GAMES:-20000}
player=${PLAYER:-ab:depth=2}
scripts/setup.sh
make -s -j2
mkdir -p "$out"
seed=1
for kind in random fixed tournament; do
    bin/triad selfplay --games "$games" --players "$player" --setup "$kind" --seed "$seed" --paired \
        --out "$out/$kind.trd" --resume
    seed=$((seed + 1))
done
bin/triad records stats "$out/random.trd" "$out/fixed.trd" "$out/tournament.trd"
bin/triad bias --records "$out/random.trd" "$out/fixed.trd" "$out/tournament.trd" --json >"$out/bias.json"
bin/triad bias --records "$out/random.trd" "$out/fixed.trd" "$out/tournament.trd" \
    --plots "$out/plots" --report "$out/report.md" --force
echo "report: $out/report.md"
