#!/usr/bin/env bash
# results.sh [OUT] — reproduces docs/results.md's TZAAR and TRID studies: the
# strength ladder with White's score against strength per setup kind
# (scripts/ladder.sh, into OUT/ladder) and TRID's seat-order study
# (scripts/study-trid.sh, into OUT/trid).  About 75 minutes of one core
# (half that on 2 idle cores); resumable.  Talat's figures come from
# scripts/study-talat.sh (the commands are in docs/results.md).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-out/results}
scripts/setup.sh
make -s -j2
NO_SETUP=1 scripts/ladder.sh "$out/ladder"
PLAYER=ab:noise=10 NO_SETUP=1 scripts/study-trid.sh "$out/trid"   # the published study's player (depth 2)
echo "reports: $out/ladder/ladder.md, $out/trid/hex5-{2,3,4}.md"
