#!/usr/bin/env bash
# results.sh [OUT] — reproduces docs/results.md's TZAAR and TRID studies: the
# strength ladder with White's score against strength per setup kind
# (scripts/ladder.sh, into OUT/ladder) and TRID's seat-order study
# (scripts/study-trid.sh: its depth-3 player into OUT/trid, the first
# study's depth-2 player into OUT/trid-d2).  About 2 hours of one core
# (half that on 2 idle cores); resumable.  Talat's figures come from
# scripts/study-talat.sh (the commands are in docs/results.md).  The
# studies' own variables pass through (RUNGS, GAMES, ...; D2_GAMES the
# depth-2 TRID run's games, 5004); NO_SETUP=1 skips the set-up and build,
# TRIAD names the binary.  OUT and TRIAD are read from the caller's directory.
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
out=${1:+$(caller_path "$1")}
out=${out:-out/results}
[ -z "${TRIAD:-}" ] || export TRIAD="$(caller_cmd "$TRIAD")" # the scripts this one runs see it too
[ -n "${NO_SETUP:-}" ] || { scripts/setup.sh; make -s -j2; } # NO_SETUP=1: what is built (or TRIAD) is used as it is
NO_SETUP=1 scripts/ladder.sh "$out/ladder"
NO_SETUP=1 scripts/study-trid.sh "$out/trid"                                  # ab:depth=3,noise=10
PLAYER=ab:noise=10 GAMES=${D2_GAMES:-5004} NO_SETUP=1 scripts/study-trid.sh "$out/trid-d2"   # the first study's player (depth 2)
echo "reports: $out/ladder/ladder.md, $out/trid/hex5-{2,3,4}.md, $out/trid-d2/hex5-{2,3,4}.md"
