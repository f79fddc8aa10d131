#!/usr/bin/env bash
# cli_talat.sh BINARY — command-line tests of Talat (engine/talat/) through the
# game-generic drivers: self-play in both modes with the generic and Talat's
# own players, records read back, bench's perft figures, and refusals.
# Prints "ok - ..." / "not ok - ..." per check and ends with
# "N passed, N failed"; exits non-zero on any failure.
set -u
bin=${1:?usage: tests/cli_talat.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_talat.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

status "talat_selfplay_3_players_random_setup_rotations" 0 selfplay --game talat --nplayers 3 --players random \
    --setup random --rotations 3 --games 30 --seed 4 --threads 1 --quiet --out "$tmp/t3.trd"
run records verify "$tmp/t3.trd"
check "talat_verify_replays_every_game" test "$rc" -eq 0 -a "$(cat "$tmp/out")" = "$tmp/t3.trd: 30 games, ok"
run records stats "$tmp/t3.trd"
check "talat_stats_every_game_ends_on_two_frozen_boards" grep -qx 'endings: two_frozen 30 unfinished 0' "$tmp/out"
check "talat_stats_three_seats_with_ranks" test "$(grep -c '^seat [012]: mean [0-9.]* ci95 [0-9.]* [0-9.]* ranks [0-9]* [0-9]* [0-9]*$' "$tmp/out")" -eq 3
run records cat "$tmp/t3.trd"
check "talat_cat_one_line_per_game" test "$rc" -eq 0 -a "$(wc -l <"$tmp/out")" -eq 30

# --- the board in characters (issue 40 item 21): show and play draw it, the viewer's layout -----
zpos="2 b33b14b24b13b23/...../...../...../w24w16w14w33w26 .w36w34w23./...../...../...../g34g26g23g33g16 .g13.g14g24/...../...../...../b36b16b26b34. m w w13/-/-"
run show --game talat --position "$zpos"
check "talat_show_draws_the_three_boards" test "$(grep -oE 'board [012]( |$)' "$tmp/out" | sort -u | wc -l)" -eq 3
check "talat_show_board_0_rank_1_a_to_e" grep -qE '^  1  b33 b14 b24 b13 b23  1' "$tmp/out"
check "talat_show_board_1_turned_rank_1_on_top" grep -qE '^  5  w24 w16 w14 w33 w26  5 +1   \.  w23 w34 w36  \.   1$' "$tmp/out"
check "talat_show_board_2_ranks_as_columns_file_e_on_top" grep -qE '^ +e   \.   \.   \.   \.  g24  e$' "$tmp/out"
check "talat_show_points_and_captures" grep -qx 'seat 0 Black: 5 points, captured w13' "$tmp/out"
check "talat_show_the_zihin_named" grep -q 'Grey (the Zihin)' "$tmp/out"
check "talat_show_who_acts" grep -qx 'seat 1 White to act: move, capture or pass' "$tmp/out"
check "talat_show_ends_with_the_position_string" test "$(tail -1 "$tmp/out")" = "$zpos"
run play --game talat --players random --seed 2
check "talat_play_draws_the_final_board" sh -c "grep -qE '^ *board 2' '$tmp/out' && grep -qx 'the game is over' '$tmp/out'"

status "talat_selfplay_zihin_game_played_setup_own_players" 0 selfplay --game talat --nplayers 2 \
    --seat 0=ab:depth=2 --seat 1=greedy --games 4 --seed 1 --threads 1 --quiet --out "$tmp/t2.trd"
run records verify "$tmp/t2.trd"
check "talat_zihin_verify" test "$rc" -eq 0
run records stats "$tmp/t2.trd"
check "talat_zihin_two_seats" test "$(grep -c '^seat [01]: mean' "$tmp/out")" -eq 2
check "talat_zihin_setup_played" grep -q '^setup played: games 4' "$tmp/out"

status "talat_selfplay_mcts_mirror" 0 selfplay --game talat --nplayers 3 --players mcts:playouts=32 \
    --setup mirror --games 3 --seed 2 --threads 1 --quiet --out "$tmp/tm.trd"

run bench --game talat --runs 1
check "talat_bench_runs" test "$rc" -eq 0
check "talat_bench_s3_perft_5" grep -q '^S3  *depth 5  *5678861 leaves' "$tmp/out"
check "talat_bench_empty_board_perft_3" grep -q '^empty, 3 players  *depth 3  *729000 leaves' "$tmp/out"
# the signatures are pinned in Talat's bench table (engine/talat/game_talat.c,
# checked by tests/test_bench.c for every game);
# here bench prints the engine signature that records carry
check "talat_bench_engine_signature_is_the_one_records_carry (pinned in its bench table)" \
    grep -qx "engine signature $("$bin" --version --json | grep -oE '"talat":"[0-9a-f]{16}"' | cut -d'"' -f4)" "$tmp/out"
check "talat_bench_frozen_test_cost" grep -qE '^frozen test, exact: [0-9.]+ ns per call \(median of 1 runs\)$' "$tmp/out"
run bench --game talat --runs 1 --json
check "talat_bench_json_extra" grep -qE '"extra":\[\{"name":"frozen test, exact","value":[0-9.e+]+,"unit":"ns per call"\},\{"name":"frozen test, cached",' "$tmp/out"

bad "talat_unknown_setup_refused" "unknown setup 'fixed'" selfplay --game talat --nplayers 3 --players random \
    --setup fixed --games 1 --seed 1 --out "$tmp/x.trd"
bad "talat_four_players_refused" "not 4" selfplay --game talat --nplayers 4 --players random \
    --games 1 --seed 1 --out "$tmp/x.trd"
bad "talat_bad_player_option_refused" "unknown option 'width'" selfplay --game talat --nplayers 3 \
    --players ab:width=3 --games 1 --seed 1 --out "$tmp/x.trd"

# analyse: the searcher reports its depth, value and nodes
run analyse --game talat --player ab:depth=2 --json
check "talat_analyse_reports_the_search" grep -qE '^\{"action":"[^"]+","score":-?[0-9]+,"depth":2,"nodes":[1-9][0-9]*,"nodes_per_second":[0-9]+,"pv":\["[^"]+"\]\}$' "$tmp/out"

# bias: the seat-order study, with how the points were made (captures, lines)
status "talat_bias_run" 0 selfplay --game talat --players greedy --setup random --rotations 3 --games 30 --seed 3 \
    --quiet --out "$tmp/tb.trd"
run bias --records "$tmp/tb.trd"
check "talat_bias_every_seat" test "$(grep -c '^  seat [012]: mean score' "$tmp/out")" -eq 3
check "talat_bias_rotation_groups" grep -q '^Rotation groups, random setups (10 groups of 3 games, pieces rotated)' "$tmp/out"
parts_add_up() { # seat 0: captures + lines = its mean score
    awk 'function seat0(   i) { i = index($0, "): 0: "); return substr($0, i + 6) + 0 }
         /^  seat 0: mean score/ { m = $5 } /mean points from captures/ { c = seat0() } /mean points from lines/ { l = seat0() }
         END { d = m - c - l; exit !(m > 0 && d < 0.01 && d > -0.01) }' "$tmp/out"
}
check "talat_bias_score_parts_add_up_to_the_score" parts_add_up
run bias --records "$tmp/tb.trd" --json
check "talat_bias_json_score_parts" grep -qE '"score_parts":\{"captures":\[\{"mean":[0-9.]+,"ci95":\[[0-9.]+,[0-9.]+\]\},\{.*\},\{.*\}\],"lines":\[' "$tmp/out"

# the start-feature regression leaves out what the fit cannot separate
status "talat_bias_regression_run" 0 selfplay --game talat --players greedy --setup random --rotations 3 \
    --games 150 --seed 4 --quiet --out "$tmp/tr.trd"
run bias --records "$tmp/tr.trd"
check "talat_regression_constant_feature_left_out" grep -q '^  live_boards *not fitted: the same in every start$' "$tmp/out"
check "talat_regression_collinear_feature_left_out" grep -q '^  exposed_2 *not fitted: a combination of the features above$' "$tmp/out"
check "talat_regression_has_no_nan" test "$(grep -c nan "$tmp/out")" -eq 0
run bias --records "$tmp/tr.trd" --json
check "talat_regression_json_says_why" grep -q '"live_boards":{"dropped":"constant"}.*"exposed_2":{"dropped":"collinear"}' "$tmp/out"

# by turn order: Talat's seat rotation moves the first move with the pieces,
# so the first mover is another seat in each rotation; bias follows the turn
run bias --records "$tmp/tr.trd"
check "talat_bias_share_by_turn_order" grep -qE '^  share by turn order \(first to act at the start, then on\): 1: [0-9.]+% \[[0-9.]+%, [0-9.]+%\]; 2: .*; 3: ' "$tmp/out"
run bias --records "$tmp/tr.trd" --json
check "talat_bias_json_turn_order" grep -qE '"turn_order_share":\[[0-9.e-]+,[0-9.e-]+,[0-9.e-]+\],"turn_order_share_ci95":\[\[' "$tmp/out"

finish
