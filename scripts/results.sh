#!/usr/bin/env bash
# results.sh [OUT] — reproduces docs/results.md's TZAAR and TRID studies: the
# strength ladder with White's score against strength per setup kind
# (scripts/ladder.sh, into OUT/ladder) and TRID's seat-order study
# (scripts/study-trid.sh: its depth-3 player into OUT/trid, the first
# study's depth-2 player into OUT/trid-d2).  About 2 hours of one core
# (half that on 2 idle cores); resumable.  Talat's figures come from
# scripts/study-talat.sh (the commands are in docs/results.md).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-out/results}
scripts/setup.sh
make -s -j2
NO_SETUP=1 scripts/ladder.sh "$out/ladder"
NO_SETUP=1 scripts/study-trid.sh "$out/trid"                                  # ab:depth=3,noise=10
PLAYER=ab:noise=10 GAMES=5004 NO_SETUP=1 scripts/study-trid.sh "$out/trid-d2"   # the first study's player (depth 2)
echo "reports: $out/ladder/ladder.md, $out/trid/hex5-{2,3,4}.md, $out/trid-d2/hex5-{2,3,4}.md"
