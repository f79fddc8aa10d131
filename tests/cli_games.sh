#!/usr/bin/env bash
# cli_games.sh BINARY — command-line tests of the game-generic self-play and
# records (records format 2): the toy game race3 (2 to 4 players, points)
# played by `selfplay --game race3` with every seat's spec, rotations and
# shards, then read back by records stats, cat, verify and merge; the
# drivers that analyse TZAAR only refusing it in one line; and TZAAR's own
# command lines (--paired, --white/--black) still writing the same games.
# Prints "ok - ..." / "not ok - ..." per check and ends with
# "N passed, N failed"; exits non-zero on any failure.
set -u
bin=${1:?usage: tests/cli_games.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_games.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
sample=$here/../data/records/ab2-random-200.trd

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

r3() { "$bin" selfplay --game race3 --quiet "$@" >/dev/null 2>"$tmp/err"; }

# --- race3 end to end ------------------------------------------------------------
status "race3_selfplay_3_players_3_rotations" 0 selfplay --game race3 --nplayers 3 --players random \
    --rotations 3 --games 60 --seed 4 --threads 2 --out "$tmp/r3.trd"
check "race3_progress_line_gives_each_seats_mean_score" grep -q 'seat 0 [0-9.]* seat 1 [0-9.]* seat 2 [0-9.]*$' "$tmp/err"
# one name for one thing (issue 40 item 24): TZAAR's progress names White and Black, as its other output does
"$bin" selfplay --players random --games 4 --seed 1 --out "$tmp/names.trd" 2>"$tmp/err" >/dev/null
check "tzaar_progress_line_names_white_and_black" grep -qE 'White [0-9.]+ Black [0-9.]+$' "$tmp/err"
run records verify "$tmp/r3.trd"
check "race3_verify_replays_every_game" test "$rc" -eq 0 -a "$(cat "$tmp/out")" = "$tmp/r3.trd: 60 games, ok"
run records cat "$tmp/r3.trd"
check "race3_cat_one_line_per_game" test "$rc" -eq 0 -a "$(wc -l <"$tmp/out")" -eq 60
check "race3_cat_rotations_and_three_seats" grep -q '^1 random,r1 random random random [0-9]*-[0-9]*-[0-9]* rounds [0-9]* : ' "$tmp/out"
check "race3_cat_rotation_0_has_no_mark" grep -q '^3 random random random random ' "$tmp/out"
run records stats "$tmp/r3.trd"
check "race3_stats_counts_the_games" grep -qx 'games 60' "$tmp/out"
check "race3_stats_names_the_game_s_endings" grep -qx 'endings: rounds 60 unfinished 0' "$tmp/out"
check "race3_stats_per_seat_mean_interval_and_ranks" test "$(grep -c '^seat [012]: mean [0-9.]* ci95 [0-9.]* [0-9.]* ranks [0-9]* [0-9]* [0-9]*$' "$tmp/out")" -eq 3
check "race3_stats_points_use_a_t_interval" grep -qx 'intervals: Student t on the scores' "$tmp/out"
check "race3_stats_counts_ties" grep -q '^ties [0-9]* (first place shared)$' "$tmp/out"
check "race3_stats_ranks_add_up_to_the_games" test "$(grep '^seat 0:' "$tmp/out" | awk '{print $9 + $10 + $11}')" -eq 60
run records stats --json "$tmp/r3.trd"
check "race3_stats_json" grep -q '^{"games":60,.*"game":"race3","players":3,"seats":\[{"mean":[0-9.]*,"ci95":\[[0-9.]*,[0-9.]*\],"ranks":\[[0-9]*,[0-9]*,[0-9]*\]},{.*},{.*}\],"ties":[0-9]*,"point_ties":[0-9]*,"interval":"t","clusters":20,"duplicates":0}$' "$tmp/out"
run records stats "$sample"
check "tzaar_stats_win_loss_use_wilson" grep -qx 'intervals: Wilson (scores 0 or 1)' "$tmp/out"
check "tzaar_stats_seat_0_is_white_s_score" test "$(grep '^seat 0:' "$tmp/out" | awk '{print $4}')" = \
    "$(grep '^white_score' "$tmp/out" | awk '{print $2}')"

# the same games for any thread count, and from shards merged
r3 --nplayers 3 --players random --rotations 3 --games 60 --seed 4 --threads 1 --out "$tmp/r3t1.trd"
check "race3_games_do_not_depend_on_threads" cmp -s <("$bin" records cat "$tmp/r3.trd" | sort -n) \
    <("$bin" records cat "$tmp/r3t1.trd" | sort -n)
r3 --nplayers 3 --players random --rotations 3 --games 60 --seed 4 --shard 0/2 --out "$tmp/s0.trd"
r3 --nplayers 3 --players random --rotations 3 --games 60 --seed 4 --shard 1/2 --out "$tmp/s1.trd"
status "race3_merge_of_two_shards" 0 records merge --out "$tmp/m.trd" "$tmp/s0.trd" "$tmp/s1.trd"
check "race3_merged_shards_are_the_whole_run" cmp -s <("$bin" records cat "$tmp/r3.trd" | sort -n) \
    <("$bin" records cat "$tmp/m.trd" | sort -n)

# seats one by one, 4 players, resume
status "race3_seat_by_seat_4_players" 0 selfplay --game race3 --nplayers 4 --seat 0=random \
    --seat 1=mcts:playouts=20 --seat 2=random --seat 3=random --games 8 --seed 2 --quiet --out "$tmp/r4.trd"
run records cat "$tmp/r4.trd"
check "race3_each_seat_keeps_its_spec" grep -q '^0 random random mcts:[^ ]*playouts=20[^ ]* random random [0-9-]* ' "$tmp/out"
status "race3_resume_of_a_whole_run_plays_nothing" 0 selfplay --game race3 --nplayers 4 --seat 0=random \
    --seat 1=mcts:playouts=20 --seat 2=random --seat 3=random --games 8 --seed 2 --quiet --out "$tmp/r4.trd" --resume
bad "race3_resume_refuses_another_seat" "seat 1's player" selfplay --game race3 --nplayers 4 --players random \
    --games 8 --seed 2 --quiet --out "$tmp/r4.trd" --resume

# refusals
bad "selfplay_unknown_game" "unknown game" selfplay --game nosuch --players random --games 2 --seed 1 --out "$tmp/x.trd"
bad "selfplay_too_many_players" "from 1 to 4" selfplay --game race3 --nplayers 5 --players random \
    --games 2 --seed 1 --out "$tmp/x.trd"
bad "selfplay_too_few_players_for_the_game" "2 to 4 players, not 1" selfplay --game race3 --nplayers 1 \
    --players random --games 2 --seed 1 --out "$tmp/x.trd"
bad "selfplay_seat_out_of_range" "bad --seat '3=random'" selfplay --game race3 --seat 0=random --seat 1=random \
    --seat 3=random --games 2 --seed 1 --out "$tmp/x.trd"
bad "selfplay_seat_missing" "no player for seat 2" selfplay --game race3 --nplayers 3 --seat 0=random \
    --seat 1=random --games 2 --seed 1 --out "$tmp/x.trd"
bad "selfplay_rotations_need_a_multiple" "multiple of 3" selfplay --game race3 --nplayers 3 --players random \
    --rotations 3 --games 4 --seed 1 --out "$tmp/x.trd"
bad "selfplay_paired_is_for_2_players" "--paired is for 2 players" selfplay --game race3 --nplayers 3 \
    --players random --paired --games 4 --seed 1 --out "$tmp/x.trd"
bad "selfplay_white_and_black_are_for_2_players" "only in a 2-player game" selfplay --game race3 --nplayers 3 \
    --white random --black random --games 2 --seed 1 --out "$tmp/x.trd"
# (tune and bias analyse race3: tests/cli_generic.sh)
bad "tune_refuses_tzaar_weights_for_race3" "unknown feature 'tzaar_stacks' for game race3" tune \
    --records "$tmp/r3.trd" --weights "$here/../data/weights/default.txt" --out "$tmp/w.txt" --quiet
bad "view_refuses_a_race3_run (no drawing)" "the game 'race3' has no drawing" view "$tmp/r3.trd" --out "$tmp/site"
bad "export_refuses_a_race3_run" "race3 has no records format 'littlegolem'" records export --format littlegolem "$tmp/r3.trd"
bad "stats_refuses_two_games_together" "holds a 2-player tzaar run" records stats "$tmp/r3.trd" "$sample"

# --- TZAAR through the generic self-play -------------------------------------------
"$bin" selfplay --quiet --games 20 --players ab:depth=1 --seed 1 --paired --out "$tmp/p.trd" 2>/dev/null
"$bin" selfplay --quiet --games 20 --white ab:depth=1 --black ab:depth=1 --seed 1 --paired --out "$tmp/wb.trd" 2>/dev/null
sorted_cat() { "$bin" records cat "$1" | sort -n; }
check "tzaar_white_black_is_seat_0_and_1" cmp -s <(sorted_cat "$tmp/p.trd") <(sorted_cat "$tmp/wb.trd")
"$bin" selfplay --quiet --games 20 --game tzaar --seat 0=ab:depth=1 --seat 1=ab:depth=1 --seed 1 --paired \
    --out "$tmp/seat.trd" 2>/dev/null
check "tzaar_seats_are_white_and_black" cmp -s <(sorted_cat "$tmp/p.trd") <(sorted_cat "$tmp/seat.trd")
check "tzaar_paired_second_game_is_swapped" grep -q '^1 random,swapped ' <("$bin" records cat "$tmp/p.trd")
# The sample is format 1, written by an older triad and an older engine
# (signature e50f0fccc55a415a): the format 2 writer replayed its games until
# the symmetric search of issue 10 changed them.  The same shard's games are
# now pinned by checksum (update the pin only with the engine signature).
"$bin" selfplay --quiet --games 200 --players ab:depth=2 --seed 1 --paired --shard 0/50 --out "$tmp/v2.trd" 2>/dev/null
check "tzaar_format_2_plays_the_pinned_games (ids 0 1 100 101, engine signature 758389fbadf5b055)" \
    test "$("$bin" records cat "$tmp/v2.trd" | sort -n | cut -d' ' -f1,2,5- | cksum)" = "255721740 1327"
check "tzaar_writes_format_2" test "$(head -c 8 "$tmp/v2.trd" | tail -c 1 | od -An -tu1 | tr -d ' ')" = 2

# --- records upgrade and the engine signature on --resume -------------------------
status "upgrade_rewrites_format_1_as_format_2" 0 records upgrade "$sample" --out "$tmp/up.trd"
check "upgrade_writes_format_2" test "$(head -c 8 "$tmp/up.trd" | tail -c 1 | od -An -tu1 | tr -d ' ')" = 2
check "upgrade_keeps_every_game" cmp -s <("$bin" records cat "$sample") <("$bin" records cat "$tmp/up.trd")
status "upgraded_file_verifies" 0 records verify "$tmp/up.trd"
bad "upgrade_refuses_a_format_2_file" "in format 2 already" records upgrade "$tmp/up.trd" --out "$tmp/up2.trd"
bad "upgrade_refuses_an_existing_out" "exists" records upgrade "$sample" --out "$tmp/up.trd"
status "upgrade_force_replaces_out" 0 records upgrade "$sample" --out "$tmp/up.trd" --force
cp "$sample" "$tmp/in.trd"
bad "upgrade_refuses_out_equal_to_in" "also an input" records upgrade "$tmp/in.trd" --out "$tmp/in.trd" --force
check "and_in_is_left_alone" cmp -s "$sample" "$tmp/in.trd"
check "upgrade_leaves_no_temporary_file" test "$(ls -A "$tmp" | grep -c '\.tmp-')" -eq 0
bad "resume_refuses_an_unknown_engine_signature (an upgraded file)" \
    "written by an engine with signature 0000000000000000; this triad's is" \
    selfplay --quiet --games 200 --players ab:depth=2 --seed 1 --paired --out "$tmp/up.trd" --resume
bad "merge_refuses_shards_of_different_engines" "refusing to merge shards of different engines" \
    records merge --out "$tmp/mix.trd" "$tmp/v2.trd" "$tmp/up.trd"
bad "resume_refuses_format_1" "written in format 1: \`triad records upgrade\` it first" \
    selfplay --quiet --games 200 --players ab:depth=2 --seed 1 --paired --out "$tmp/in.trd" --resume
# Another game's records: the game is named first, not the engine signature,
# which differs with the game anyway (issue 18, item 18).
bad "resume_of_another_games_run_names_the_game" "cannot resume $tmp/r3.trd: it holds a race3 run, not tzaar (give --game race3" \
    selfplay --quiet --games 6 --players random --seed 1 --out "$tmp/r3.trd" --resume

# --- replicates: every rotation of a setup played R times with other game seeds --------------
status "replicates_run" 0 selfplay --quiet --games 12 --players random --seed 5 --paired --replicates 3 --out "$tmp/rep.trd"
"$bin" records cat --start "$tmp/rep.trd" >"$tmp/cat" 2>/dev/null
start_of() { grep "^$1 start " "$tmp/cat" | cut -d' ' -f3-; }
check "replicates_share_the_setup_and_its_rotation" test "$(start_of 0)" = "$(start_of 2)" -a "$(start_of 0)" = "$(start_of 4)" \
    -a "$(start_of 1)" = "$(start_of 5)" -a "$(start_of 0)" != "$(start_of 1)" -a "$(start_of 0)" != "$(start_of 6)"
moves_of() { grep -E "^$1 (random|fixed)" "$tmp/cat" | cut -d: -f2; }
check "replicates_play_other_games" test "$(moves_of 0)" != "$(moves_of 2)" -a "$(moves_of 2)" != "$(moves_of 4)"
status "replicates_verify" 0 records verify "$tmp/rep.trd"
run bias --records "$tmp/rep.trd" --json
check "bias_of_replicates_gives_variance_components" grep -qE '"components":\{"setups":2,"rotations":2,"replicates":3,"other_games":0,"game_var":[-0-9.e]+,"setup_var":[-0-9.e]+,"setup_var_ci95":\[[^]]*\],"seat_setup_var":[-0-9.e]+,"seat_setup_var_ci95":\[[^]]*\]\}' "$tmp/out"
check "bias_of_replicates_makes_no_rotation_groups_of_replicates" test "$(grep -c '"rotation_groups"' "$tmp/out")" -eq 0
run bias --records "$tmp/rep.trd"
check "bias_text_names_the_components" grep -q '^Variance components, random setups (2 setups x 2 rotations x 3 replicates' "$tmp/out"
bad "replicates_need_games_in_whole_setups" "--games must be a multiple of 6" selfplay --quiet --games 8 \
    --players random --seed 5 --paired --replicates 3 --out "$tmp/rep2.trd"
bad "resume_refuses_other_replicates" "--replicates 2" selfplay --quiet --games 12 --players random --seed 5 \
    --paired --replicates 2 --out "$tmp/rep.trd" --resume
for k in 0 1; do
    status "replicates_shard_$k" 0 selfplay --quiet --games 12 --players random --seed 5 --paired --replicates 3 \
        --shard $k/2 --out "$tmp/rep-$k.trd"
done
status "replicates_shards_merge" 0 records merge --out "$tmp/rep-m.trd" "$tmp/rep-0.trd" "$tmp/rep-1.trd"
check "replicates_shards_split_by_setup_and_merge_to_the_run" cmp -s <("$bin" records cat "$tmp/rep.trd" | sort -n) \
    <("$bin" records cat "$tmp/rep-m.trd" | sort -n)

finish
