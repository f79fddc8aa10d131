#!/usr/bin/env bash
# cli_robust.sh BINARY — nothing hangs, nothing is lost, nothing confuses
# (issue 40, items 1-6 and 11-15):
#   - an engine that never reads its input is a forfeit once its pipe is
#     full, and a stop request ends a run waiting on an engine within a
#     second (item 1); an engine's child that calls setsid dies with the
#     game (item 11);
#   - log= that is a FIFO, the run's output, an input or a records file is
#     refused before the first game (items 2, 3); --positions that is --out
#     too (item 4);
#   - records merge with a shard missing writes nothing, match merge exits 3
#     (item 5); a failed bias --html leaves nothing behind (item 6);
#   - a full disk is exit status 1 for every command that writes (item 14,
#     on a tiny tmpfs: skipped, counted and said, where it cannot be mounted);
#   - a NUL byte in a LittleGolem record is a control character (item 15).
# The hangs are bounded by timeout(1) here, never slept for.
# Prints "ok - ..." / "not ok - ..." per check and "N passed, N failed".
set -u
bin=${1:?usage: tests/cli_robust.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_robust.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/lib.sh"
RUN_TIMEOUT=300

# ---- item 15: a NUL byte in a LittleGolem value ----
status "lg_nul: a records file to export" 0 selfplay --players random --games 2 --seed 1 --out "$tmp/lg.trd" --quiet
"$bin" records export "$tmp/lg.trd" --format littlegolem >"$tmp/lg.txt"
sed 's/PW\[random\]/PW[ran\x00dom]/' "$tmp/lg.txt" >"$tmp/nul-name.txt"
sed 's/;W\[\([a-s]\)/;W[\1\x00/' "$tmp/lg.txt" >"$tmp/nul-action.txt"
for f in nul-name nul-action; do
    bad "lg_nul_is_a_control_character ($f)" "holds a control character (a NUL byte)" \
        records import "$tmp/$f.txt" --format littlegolem --out "$tmp/$f.trd"
    check "lg_nul_is_not_the_end_of_the_file ($f)" test "$(grep -c "end of the file" "$tmp/err")" -eq 0
done

# ---- item 13: the intervals by rotation when every group ends alike ----
# ab:depth=1 in seat 0 beats random in seat 1 in all 40 games (seeded):
# 20 groups of 2 rotations, seat 0 at 100% in every one.
status "groups_alike: the run" 0 selfplay --seat 0=ab:depth=1 --seat 1=random --rotations 2 --games 40 --seed 1 \
    --out "$tmp/alike.trd" --quiet
status "groups_alike: bias" 0 bias "$tmp/alike.trd"
check "groups_alike_take_wilson: by rotation, [83.89%, 100%] rather than a point" \
    grep -qF "seat 0's share by rotation: 0: 100.00% [83.89%, 100.00%]; 1: 100.00% [83.89%, 100.00%]" "$tmp/out"
check "groups_alike_take_wilson: groups as the observations too" \
    grep -qF "seat 0's share, groups as the observations: 100.00% [83.89%, 100.00%]" "$tmp/out"
check "groups_alike_take_wilson: the rotations' difference is not [0, 0]" \
    grep -qF "rotation 0 minus rotation 1 (paired by setup): +0.00 points [-40.14, +40.14]" "$tmp/out"

finish
