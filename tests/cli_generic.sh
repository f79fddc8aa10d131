#!/usr/bin/env bash
# cli_generic.sh BINARY — the research drivers through the game interface
# only, on the toy game race3 (3 seats, points): self-play with 3
# rotations, records stats, tune (weights written, then loaded back by an
# MCTS player with evaluation playouts) and bias --json (per-seat figures,
# intervals, rotation groups, regression; --plots and --report), with
# checks on the figures' structure and sanity, and the refusals (records of different games, a
# wrong --game).  Prints "ok - ..." / "not ok - ..." per check and ends
# with "N passed, N failed"; exits non-zero on any failure.
set -u
bin=${1:?usage: tests/cli_generic.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_generic.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
tzaar=$here/../data/records/ab2-random-200.trd

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# num KEY [FILE]: every number after "KEY": in FILE (default stdout), one a line.
num() { grep -o "\"$1\":[-0-9.e]*" "${2:-$tmp/out}" | cut -d: -f2; }
# near A B: |A - B| <= 0.002 (figures printed with 6 digits).
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; exit !(d <= 0.002 && d >= -0.002) }'; }

# --- self-play: 3 seats, every setup played in its 3 rotations ------------------
status "selfplay_race3_random_setups" 0 selfplay --game race3 --nplayers 3 --players random --rotations 3 \
    --setup random --games 600 --seed 4 --quiet --out "$tmp/r.trd"
status "selfplay_race3_fixed_setup" 0 selfplay --game race3 --nplayers 3 --players random --rotations 3 \
    --setup fixed --games 150 --seed 5 --quiet --out "$tmp/f.trd"
run records stats --json "$tmp/r.trd" "$tmp/f.trd"
check "stats_counts_both_runs" grep -q '^{"games":750,.*"game":"race3","players":3,' "$tmp/out"

# --- tune: race3 has no default weights, so start from a file ---------------------
printf 'lead 1\nreach 1\nrounds_left 0\n' >"$tmp/w0.txt"
# the end line (its CRC-32 is gzip's)
printf '# end crc32=%s\n' "$(gzip -c "$tmp/w0.txt" | tail -c8 | head -c4 | od -An -tx1 | awk '{print $4 $3 $2 $1}')" >>"$tmp/w0.txt"
run tune --game race3 --records "$tmp/r.trd" "$tmp/f.trd" --weights "$tmp/w0.txt" --out "$tmp/w1.txt" \
    --positions 5000 --json --quiet
check "tune_race3_runs" test "$rc" -eq 0
check "tune_json_names_the_game_and_its_features" grep -q \
    '^{"games":750,"duplicates":0,"game":"race3",.*"weights":{"lead":{"before":1,"after":[-0-9.e]*,"fitted":[-0-9.e]*,"se":[-0-9.e]*,"se_model":[-0-9.e]*,"vif":[-0-9.e]*,"vif_kept":[-0-9.e]*,"status":"fitted"},"reach":{.*},"rounds_left":{.*}}}$' "$tmp/out"
check "tune_sampled_positions" test "$(num positions)" -eq 5000
# lead 1, reach 1 predict random players' shares the wrong way round: K < 0, said on stderr
check "tune_anti_predictive_start_warned" grep -q "warning: the starting weights are anti-predictive" "$tmp/err"
check "tune_anti_predictive_start_negative_k" awk -v k="$(num k_start)" -v p="$(num k)" 'BEGIN { exit !(k < 0 && p > 0) }'
check "tune_lowers_the_training_loss" awk -v a="$(num train_loss_before)" -v b="$(num train_loss_after)" 'BEGIN { exit !(b < a) }'
check "tune_writes_the_game_s_features_and_the_end_line" test "$(grep -c '^lead \|^reach \|^rounds_left ' "$tmp/w1.txt")" -eq 3 -a \
    "$(tail -1 "$tmp/w1.txt" | cut -c1-12)" = "# end crc32="
status "tuned_weights_load_in_an_eval_playout_player" 0 selfplay --game race3 --nplayers 3 \
    --seat "0=mcts:playout=eval,playouts=30,weights=$tmp/w1.txt" --seat 1=random --seat 2=random --games 3 --seed 1 \
    --quiet --out "$tmp/m.trd"
run tune --game race3 --records "$tmp/r.trd" --weights "$tmp/w0.txt" --out "$tmp/w2.txt" --positions 3000 \
    --l2 cv --cv-folds 3 --l2-grid 1e-6,1e-3,1 --skip-last 2 --json --quiet
check "tune_cv_reports_the_grid_and_its_losses" grep -q '"l2":[-0-9.e]*,"kept":"[a-z]*","cv":{"folds":3,"grid":\[1e-06,0.001,1\],"loss":\[[-0-9.e]*,[-0-9.e]*,[-0-9.e]*\],"se":\[[-0-9.e]*,[-0-9.e]*,[-0-9.e]*\],"rule":"1se","min_l2":[-0-9.e]*}' "$tmp/out"
check "tune_skip_last_counts_what_it_left_out" test "$(num skipped_last)" -gt 0
bad "tune_l2_grid_needs_cv" "--l2-grid needs --l2 cv" tune --game race3 --records "$tmp/r.trd" \
    --weights "$tmp/w0.txt" --out "$tmp/x.txt" --l2 1e-4 --l2-grid 1e-3
bad "tune_l2_grid_bad_value" "bad number for --l2-grid: 'x'" tune --game race3 --records "$tmp/r.trd" \
    --weights "$tmp/w0.txt" --out "$tmp/x.txt" --l2 cv --l2-grid 1e-3,x
bad "tune_l2_word_refused" "bad number for --l2: 'cvv'" tune --game race3 --records "$tmp/r.trd" \
    --weights "$tmp/w0.txt" --out "$tmp/x.txt" --l2 cvv
run tune --records "$tmp/r.trd" --out "$tmp/x.txt"
check "tune_without_weights_needs_them_for_race3" grep -q "game race3 has no default weights" "$tmp/err"
# A game without evaluation features (Connect Four's evaluation is its
# player's own) is refused for that, before any word of weights files.
"$bin" selfplay --game connect4 --games 4 --players random --seed 1 --out "$tmp/c4.trd" --quiet
bad "tune_on_a_game_without_features_says_so_first" "game connect4 has no evaluation features to tune" \
    tune --records "$tmp/c4.trd" --out "$tmp/x.txt"
bad "tune_refuses_records_of_two_games" "records of different games" tune --records "$tmp/r.trd" "$tzaar" \
    --weights "$tmp/w0.txt" --out "$tmp/x.txt"
bad "tune_refuses_a_wrong_game" "--game tzaar, but" tune --game tzaar --records "$tmp/r.trd" --out "$tmp/x.txt"
cat "$tmp/r.trd" "$tzaar" >"$tmp/both.trd"
bad "tune_refuses_a_concatenation_of_two_games" "holds a tzaar run, not race3" tune --records "$tmp/both.trd" \
    --weights "$tmp/w0.txt" --out "$tmp/x.txt" --quiet

# --- bias --------------------------------------------------------------------------
run bias --game race3 --records "$tmp/r.trd" "$tmp/f.trd" --json
check "bias_race3_runs" test "$rc" -eq 0
check "bias_json_names_game_and_seats" grep -q '^{"duplicates":0,"game":"race3","players":3,' "$tmp/out"
# each kind's object: "random" up to "fixed", "fixed" up to "differences"
sed 's/.*"by_setup":{"random"://; s/,"fixed":.*//' "$tmp/out" >"$tmp/random.json"
sed 's/.*,"fixed"://; s/,"differences":.*//' "$tmp/out" >"$tmp/fixed.json"
check "bias_counts_the_games_per_kind" test "$(num games "$tmp/random.json" | head -1)" -eq 600 -a \
    "$(num games "$tmp/fixed.json" | head -1)" -eq 150
check "bias_three_seats_per_kind" test "$(num mean "$tmp/random.json" | wc -l)" -eq 3 -a \
    "$(num mean "$tmp/fixed.json" | wc -l)" -eq 3
check "bias_points_use_t_intervals" grep -q '"interval":"t"' "$tmp/random.json"
check "bias_endings_by_the_game_s_names" grep -q '"endings":{"rounds":600}' "$tmp/random.json"
total=$("$bin" records cat "$tmp/r.trd" | awk '{ split($6, s, "-"); t += s[1] + s[2] + s[3] } END { printf "%.6f", t / NR }')
check "bias_seat_means_add_up_to_the_mean_total_points" near "$(num mean "$tmp/random.json" | awk '{ t += $1 } END { print t }')" "$total"
check "bias_seat_shares_add_up_to_one" near "$(num share "$tmp/random.json" | awk '{ t += $1 } END { print t }')" 1
check "bias_ranks_of_each_seat_add_up_to_the_games" test "$(grep -o '"ranks":\[[0-9,]*\]' "$tmp/random.json" |
    tr -d '"ranks:[]' | awk -F, '$1 + $2 + $3 == 600' | wc -l)" -eq 3
inside=$(grep -o '"mean":[-0-9.e]*,"ci95":\[[-0-9.e]*,[-0-9.e]*\]' "$tmp/random.json" | sed 's/"mean"://; s/"ci95":\[//; s/\]//' |
    awk -F, '$2 <= $1 && $1 <= $3' | wc -l)
check "bias_each_seat_mean_inside_its_interval" test "$inside" -eq 3
check "bias_first_seat_advantage_is_its_share_minus_a_third" near "$(num first_seat_advantage "$tmp/random.json")" \
    "$(awk -v s="$(num seat0_score "$tmp/random.json")" 'BEGIN { print s - 1 / 3 }')"
check "bias_json_of_a_game_without_seat_names_has_no_white_score (issue 40 item 24)" sh -c "grep -q '\"seat0_score\"' '$tmp/random.json' && ! grep -q 'white_' '$tmp/random.json'"
check "bias_rotation_groups_of_three" grep -q '"rotation_groups":{"rotations":3,"rotate":"pieces","groups":200,"groups_other":0,"first_seat_share":[-0-9.e]*,"first_seat_share_ci95":\[[-0-9.e]*,[-0-9.e]*\],"arrangement_variance":[-0-9.e]*,"outcome_variance":[-0-9.e]*,"setup_variance":[-0-9.e]*,"setup_variance_ci95":\[[-0-9.e]*,[-0-9.e]*\],"setup_share":[-0-9.e]*,"one_sided_fraction":[-0-9.e]*' "$tmp/random.json"
check "bias_fixed_setup_has_50_groups" grep -q '"rotations":3,"rotate":"pieces","groups":50,' "$tmp/fixed.json"
check "bias_setup_variance_from_its_parts" near "$(num setup_variance "$tmp/random.json")" \
    "$(awk -v a="$(num arrangement_variance "$tmp/random.json")" -v v="$(num outcome_variance "$tmp/random.json")" 'BEGIN { print (3 * a - v) / 2 }')"
check "bias_no_pentanomials_for_three_seats" test "$(grep -c '"paired"' "$tmp/out")" -eq 0
check "bias_differences_between_the_kinds" grep -q '"differences":\[{"a":"random","b":"fixed","diff":' "$tmp/out"
check "bias_regression_on_the_random_kind_only" grep -q \
    '"regression":{"games":600,"setups":200,"coefficients":{"intercept":{"beta":[-0-9.e]*,"se":[-0-9.e]*,"se_model":[-0-9.e]*},"first_reach":{.*},"board_total":{.*}},"kinds":\["random"\]}}$' "$tmp/out"
run bias --records "$tmp/r.trd"
check "bias_text_names_the_game_and_the_seats" test "$(grep -c '^  seat [012]: mean score' "$tmp/out")" -eq 3 -a \
    "$(grep -c '^race3, 3 players' "$tmp/out")" -eq 1
bad "bias_refuses_records_of_two_games" "records of different games" bias --records "$tmp/r.trd" "$tzaar"
bad "bias_refuses_a_wrong_game" "--game tzaar, but" bias --game tzaar --records "$tmp/r.trd"
bad "bias_refuses_a_concatenation_of_two_games" "holds a tzaar run, not race3" bias --records "$tmp/both.trd"
bad "bias_refuses_an_unknown_game" "unknown game 'nosuch'" bias --game nosuch --records "$tmp/r.trd"
"$bin" selfplay --game race3 --nplayers 4 --players random --games 8 --seed 1 --quiet --out "$tmp/r4.trd"
bad "bias_refuses_two_numbers_of_seats" "4-player run" bias --records "$tmp/r.trd" "$tmp/r4.trd"
if command -v gnuplot >/dev/null; then
    run bias --records "$tmp/r.trd" "$tmp/f.trd" --plots "$tmp/plots" --report "$tmp/report.md"
    check "bias_plots_and_report_for_three_seats" test "$rc" -eq 0 -a -s "$tmp/plots/seat_scores.svg" -a \
        -s "$tmp/plots/setup_scores.png" -a -s "$tmp/plots/game_length.png"
    check "bias_chart_has_a_bar_per_seat" test "$(grep -o 'title "seat [012]"' "$tmp/plots/bias.gp" | wc -l)" -eq 3
    check "bias_report_has_every_seat_and_the_groups" test "$(grep -c '^- seat [012]: mean score' "$tmp/report.md")" -eq 6 -a \
        "$(grep -c '^## Rotation groups' "$tmp/report.md")" -eq 2
fi
bad "bias_html_needs_a_game_the_viewer_draws (race3 has none)" "--html needs a game the viewer can draw, and race3 has no drawing" bias \
    --records "$tmp/r.trd" --html "$tmp/site"

finish
