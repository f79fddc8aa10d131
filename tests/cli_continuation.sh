#!/usr/bin/env bash
# cli_continuation.sh BINARY — the forward continuation's commands (issue
# 39): `records positions` (the position after ply K of every chosen game,
# the same games line by line at every K), `continuation` (the continued
# games mapped back to their games: White's score against the ply, paired
# differences), scripts/continuation.sh at a small scale, shards and all,
# and the refusals.  Prints "ok - ..." / "not ok - ..." and "N passed, N failed".
set -u
bin=${1:?usage: tests/cli_continuation.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_continuation.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/lib.sh"

"$bin" selfplay --games 24 --players ab:depth=1 --setup random --paired --seed 5 --threads 1 --out "$tmp/o.trd" --quiet
good "positions_ply_1" records positions "$tmp/o.trd" --ply 1 --min-plies 12
cp "$tmp/out" "$tmp/p1.txt"
n=$(grep -vc '^#' "$tmp/p1.txt")
check "positions_one_a_chosen_game" test "$n" -ge 10 -a "$n" -le 24
check "positions_black_to_act_after_the_opening_capture" test "$(grep -v '^#' "$tmp/p1.txt" | grep -vc ' b ')" = 0
good "positions_ply_11" records positions "$tmp/o.trd" --ply 11 --min-plies 12 --out "$tmp/p11.txt"
check "positions_same_games_at_every_ply" test "$(grep -vc '^#' "$tmp/p11.txt")" = "$n"
# line 1 at ply 1 is the first game's position after its first action
first=$("$bin" records export "$tmp/o.trd" --format jsonl --positions | head -1 | sed 's/.*"positions":\["\([^"]*\)".*/\1/')
check "positions_is_the_replay" test "$(grep -v '^#' "$tmp/p1.txt" | head -1)" = "$first"
good "positions_max_games" records positions "$tmp/o.trd" --ply 1 --min-plies 12 --max-games 3
check "positions_max_games_count" test "$(grep -vc '^#' "$tmp/out")" = 3
"$bin" records positions "$tmp/o.trd" --ply 1 --out "$tmp/p1.txt" >/dev/null 2>&1
check "positions_out_refused_when_there" test $? -eq 2

for k in 1 11; do
    "$bin" selfplay --games $((2 * n)) --players ab:depth=2 --positions "$tmp/p$k.txt" --seed 1 --threads 1 \
        --out "$tmp/c$k.trd" --quiet 2>/dev/null
done
good "continuation_text" continuation --from "$tmp/o.trd" --min-plies 12 "$tmp/c1.trd" "$tmp/c11.trd"
check "continuation_a_row_a_ply" test "$(grep -cE '^ +(1|11) +'"$n"' +'$((2 * n))' ' "$tmp/out")" = 2
good "continuation_json" continuation --from "$tmp/o.trd" --min-plies 12 "$tmp/c11.trd" "$tmp/c1.trd" --json
check "continuation_json_by_ply" grep -qE '^\{"from":\[[^]]*\],"original_games":'"$n"',"white":"ab:depth=2[^"]*","black":"ab:depth=2[^"]*","engine":"[0-9a-f]{16}","unfinished":0,"plies":\[\{"ply":1,"games":'"$n"',"continued":'$((2 * n))',.*\{"ply":11,' "$tmp/out"
# White as played, and every continued score, from the records themselves
played=$("$bin" records positions "$tmp/o.trd" --ply 0 --min-plies 12 | grep -vc '^#')
check "continuation_as_played_over_the_chosen_games" test "$played" = "$n"
white1=$(sed 's/.*{"ply":1,"games":[0-9]*,"continued":[0-9]*,"white":\([0-9.e-]*\).*/\1/' "$tmp/out")
mean1=$("$bin" records stats "$tmp/c1.trd" --json | sed 's/.*"white_score":\([0-9.e-]*\).*/\1/')
check "continuation_white_is_the_games_mean_with_equal_replicates" \
    awk -v a="$white1" -v b="$mean1" 'BEGIN { exit !(a - b < 1e-4 && b - a < 1e-4) }'
"$bin" records merge --out "$tmp/both.trd" "$tmp/c1.trd" >/dev/null 2>&1
good "continuation_one_file_several_plies_or_one" continuation --from "$tmp/o.trd" --min-plies 12 "$tmp/both.trd"

bad "continuation_needs_from" "--from" continuation "$tmp/c1.trd"
bad "continuation_needs_files" "no FILE" continuation --from "$tmp/o.trd"
bad "continuation_other_selection" "--min-plies and --max-games" continuation --from "$tmp/o.trd" --min-plies 12 --max-games 2 "$tmp/c1.trd"
"$bin" selfplay --games 4 --players ab:depth=1 --positions "$tmp/p1.txt" --seed 1 --threads 1 --out "$tmp/x.trd" --quiet 2>/dev/null
"$bin" selfplay --games 24 --players ab:depth=1 --setup random --paired --seed 6 --threads 1 --out "$tmp/o6.trd" --quiet
bad "continuation_from_other_games" "does not start from a position" continuation --from "$tmp/o6.trd" --min-plies 12 --max-games "$n" "$tmp/x.trd"
bad "positions_needs_ply" "--ply" records positions "$tmp/o.trd"
bad "positions_no_game_long_enough" "no game of at least" records positions "$tmp/o.trd" --ply 1 --min-plies 5000
bad "positions_missing_file" "nothing.trd" records positions "$tmp/nothing.trd" --ply 1

# the script, at a small scale: a run, then the same run as two shards merged
script=$here/../scripts/continuation.sh
POSITIONS=4 THREADS=1 TRIAD=$bin "$script" "$tmp/run" "$tmp/o.trd" ab:depth=1 1 11 >"$tmp/s.out" 2>"$tmp/s.err"
check "script_runs" test $? -eq 0 -a -f "$tmp/run/continuation.json" -a -f "$tmp/run/ply-11.trd"
check "script_report" test "$(grep -cE '^ +(1|11) +4 +4 ' "$tmp/run/continuation.txt")" = 2
for s in 0 1; do
    SHARD=$s/2 POSITIONS=4 THREADS=1 TRIAD=$bin "$script" "$tmp/sh" "$tmp/o.trd" ab:depth=1 1 11 >/dev/null 2>&1
done
check "script_shards_play_only" test -f "$tmp/sh/ply-1.shard1-of-2.trd" -a ! -f "$tmp/sh/continuation.txt"
POSITIONS=4 THREADS=1 TRIAD=$bin "$script" "$tmp/sh" "$tmp/o.trd" ab:depth=1 1 11 >/dev/null 2>&1
check "script_shards_merged_the_same" cmp -s "$tmp/run/continuation.json" "$tmp/sh/continuation.json"
finish
