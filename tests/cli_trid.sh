#!/usr/bin/env bash
# cli_trid.sh BINARY — command-line tests of TRID (--game trid): self-play
# for 2, 3 and 4 players with every seat rotation, read back by records
# verify and stats; TRID's players; the board found from another working
# directory; a damaged board file refused in one line; the bench figures.
# Prints "ok - ..." / "not ok - ..." per check and ends with
# "N passed, N failed"; exits non-zero on any failure.
set -u
bin=${1:?usage: tests/cli_trid.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_trid.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# --- the board in characters (issue 40 item 21): the board file's grid with the pieces -----
run show --game trid --nplayers 3
check "trid_show_draws_every_row" test "$(grep -cE '^[a-j] .* [a-j]$' "$tmp/out")" -eq 10
check "trid_show_seat_0_on_row_a" grep -qE '^a +\.  \.  \. S0 S0 C0 J0 J0  \.  \.  \. +a$' "$tmp/out"
check "trid_show_walls_and_stops" sh -c "grep -qE '^f .*#  #  #.*\\*' '$tmp/out'"
check "trid_show_column_numbers" grep -qE '^ +1  2  3 .* 19$' "$tmp/out"
check "trid_show_each_seats_pieces" grep -qx 'seat 1: Ch3 Sh4 Si4 Jg2 Jg3' "$tmp/out"
check "trid_show_who_acts" grep -q '^seat 0 to act' "$tmp/out"
run show --game trid --position "hex5 3 Ca10,Sa8/x/Ch17,Sg17 2 5"
check "trid_show_an_eliminated_seat" grep -qx 'seat 1: out (eliminated first)' "$tmp/out"
run play --game trid --nplayers 2 --players random --seed 3
check "trid_play_draws_the_final_board" sh -c "grep -qE '^a .* a\$' '$tmp/out' && grep -qx 'the game is over' '$tmp/out'"

for n in 2 3 4; do
    status "trid_selfplay_${n}_players_${n}_rotations" 0 selfplay --game trid --nplayers $n --players random \
        --rotations $n --games $((n * 10)) --seed 7 --threads 2 --quiet --out "$tmp/t$n.trd"
    run records verify "$tmp/t$n.trd"
    check "trid_verify_replays_${n}_players" test "$rc" -eq 0 -a "$(cat "$tmp/out")" = "$tmp/t$n.trd: $((n * 10)) games, ok"
    run records stats "$tmp/t$n.trd"
    check "trid_stats_${n}_players_endings" grep -q '^endings: last_row [0-9]* chief_captured [0-9]* draw [0-9]* unfinished 0$' "$tmp/out"
    check "trid_stats_${n}_players_per_seat" test "$(grep -c '^seat [0-3]: mean' "$tmp/out")" -eq $n
    status "trid_tune_${n}_players" 0 tune --game trid --records "$tmp/t$n.trd" --out "$tmp/w$n.txt" --positions 3000 --quiet
    check "trid_tuned_weights_load_${n}_players" "$bin" play --game trid --nplayers $n --players "greedy:weights=$tmp/w$n.txt" \
        --seed 1 --quiet
    run bias --game trid --records "$tmp/t$n.trd" --json
    check "trid_bias_${n}_players_turn_order" grep -q "\"turn_order_share\":\[$(printf '[0-9.e-]*,%.0s' $(seq 2 $n))[0-9.e-]*\]" "$tmp/out"
    check "trid_bias_${n}_players_endings" grep -q '"endings":{"last_row":[0-9]*,"chief_captured":[0-9]*,"draw":[0-9]*}' "$tmp/out"
done

status "trid_players_ab_greedy_mcts" 0 selfplay --game trid --nplayers 3 --seat 0=ab:depth=1 --seat 1=greedy \
    --seat 2=mcts:playouts=20 --games 2 --seed 1 --threads 1 --quiet --out "$tmp/p.trd"
bad "trid_ab_bad_depth" "depth=1..8" selfplay --game trid --players ab:depth=9 --games 1 --seed 1 --out "$tmp/q.trd"

# The board is found by the executable's place, from any working directory.
mkdir -p "$tmp/elsewhere"
(cd "$tmp/elsewhere" && "$bin" bench --game trid --runs 1 >"$tmp/out" 2>"$tmp/err")
check "trid_board_found_from_elsewhere" grep -q '^start, 2 players *depth 4 *32044 leaves' "$tmp/out"
# The signatures (perft, and the nodes of ab's fixed-depth searches from the
# page's positions) are pinned in TRID's bench table (engine/trid/game_trid.c,
# checked by tests/test_bench.c for every game); here bench
# prints the engine signature that records carry.
check "trid_bench_engine_signature_is_the_one_records_carry (pinned in its bench table)" \
    grep -qx "engine signature $("$bin" --version --json | grep -oE '"trid":"[0-9a-f]{16}"' | cut -d'"' -f4)" "$tmp/out"
check "trid_bench_self_play_games_per_second" grep -q '^self-play, 4 players (ab:depth=3,noise=10): [0-9.]* games/s' "$tmp/out"

# A damaged board under $TRIAD_DATA: one line naming the line and column.
mkdir -p "$tmp/data/boards"
printf 'trid-board 1\nname hex5\ngrid 2\n.x.\n' >"$tmp/data/boards/hex5.txt"
export TRIAD_DATA=$tmp/data
bad "trid_damaged_board_refused" "hex5.txt: line 4, column 2: expected '.', '#', '*' or ' ' in the grid" \
    selfplay --game trid --players random --games 1 --seed 1 --out "$tmp/r.trd"
unset TRIAD_DATA
# A board whose seat lines are for 2 players only: the refusal of 3 says so,
# not the game's "2 to 4" (issue 18, item 18).
mkdir -p "$tmp/data2/boards"
grep -v '^seat [34] ' "$(dirname "${BASH_SOURCE[0]}")/../data/boards/hex5.txt" >"$tmp/data2/boards/hex5.txt"
export TRIAD_DATA=$tmp/data2
bad "trid_players_refusal_names_the_boards_counts" "TRID on hex5 is a game for 2 players (as its seat lines say), not 3" \
    selfplay --game trid --nplayers 3 --players random --games 3 --seed 1 --out "$tmp/r2.trd"
grep -v '^seat 3 ' "$(dirname "${BASH_SOURCE[0]}")/../data/boards/hex5.txt" >"$tmp/data2/boards/hex5.txt"
bad "trid_players_refusal_lists_every_count" "TRID on hex5 is a game for 2 or 4 players (as its seat lines say), not 3" \
    show --game trid --nplayers 3
unset TRIAD_DATA

# ms= too short for any depth: depth 1 is searched whole all the same (the
# last whole depth decides, and there is none before it): the choice and
# score are those of ab:depth=D for the depth D it reports, never a
# cut-short search's.
run analyse --game trid --player ab:ms=0.001 --json
short=$(grep -oE '"(action|score|depth)":[^,}]+' "$tmp/out" | tr '\n' ' ')
d=$(sed -n 's/.*"depth":\([0-9]*\).*/\1/p' "$tmp/out")
run analyse --game trid --player "ab:depth=${d:-1}" --json
whole=$(grep -oE '"(action|score|depth)":[^,}]+' "$tmp/out" | tr '\n' ' ')
if [ -n "$d" ] && [ "$whole" = "$short" ]; then ok "trid_ms_too_short_still_searches_depth_1_whole"
else not_ok "trid_ms_too_short_still_searches_depth_1_whole" "ms=0.001: $short; depth=${d:-?}: $whole"; fi

finish
