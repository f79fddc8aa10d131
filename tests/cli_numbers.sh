#!/usr/bin/env bash
# cli_numbers.sh BINARY — command-line tests of the figures issue 18 found
# wrong or misleading ("Wrong or misleading numbers", items 1-9 and 15, and
# Talat's Zihin scoring reading).  Each check is named after its defect.
# Random players and tiny runs keep it fast.  Prints "ok - ..." /
# "not ok - ..." per check and ends with "N passed, N failed"; exits
# non-zero on any failure.
set -u
bin=${1:?usage: tests/cli_numbers.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_numbers.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
root=$here/..

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

sp() { "$bin" selfplay --quiet "$@" 2>"$tmp/err"; }
games_of() { "$bin" records cat "$1" 2>/dev/null | sort -n; }
# The value of a top-level JSON number key in $tmp/out.
jnum() { grep -o "\"$1\":[-0-9.e+]*" "$tmp/out" | head -1 | cut -d: -f2; }

# --- item 1: a game's identity is not the run's length ------------------------------
sp --games 20 --seed 5 --players random --paired --out "$tmp/r20.trd"
sp --games 40 --seed 5 --players random --paired --out "$tmp/r40.trd"
run records stats --json "$tmp/r20.trd" "$tmp/r40.trd"
check "stats_counts_games_of_runs_that_differ_only_in_games_once (20 + 40 -> 40)" \
    test "$(jnum games)" = 40 -a "$(jnum duplicates)" = 20
check "stats_says_it_dropped_them" grep -q '^records stats: 20 duplicate games dropped' "$tmp/err"
run bias --records "$tmp/r20.trd" "$tmp/r40.trd" --json
check "bias_counts_them_once" grep -q '^{"duplicates":20,.*"random":{"games":40,' "$tmp/out"
check "bias_says_it_dropped_them" grep -q '^bias: 20 duplicate games dropped' "$tmp/err"
run tune --records "$tmp/r20.trd" "$tmp/r40.trd" --weights "$root/data/weights/default.txt" --out "$tmp/t.txt" --json
check "tune_counts_them_once" grep -q '^{"games":40,"duplicates":20,' "$tmp/out"
run view "$tmp/r20.trd" "$tmp/r40.trd" --out "$tmp/site"
check "view_shows_them_once (item 15)" grep -q '^40 games: ' "$tmp/out"
check "view_says_it_dropped_them (item 15)" grep -q '^triad view: 20 duplicate games dropped' "$tmp/err"
run view "$tmp/r20.trd" "$tmp/r20.trd" --out "$tmp/site2"
check "view_shows_a_file_given_twice_once (item 15)" \
    test "$(grep -c '^\[' "$tmp/site2/index-data.js")" -eq 20 -a "$(head -1 "$tmp/out")" = "20 games: $tmp/site2/index.html"
run bias --records "$tmp/r20.trd" "$tmp/r40.trd" --html "$tmp/html"
"$bin" bias --records "$tmp/r40.trd" --html "$tmp/html40" >/dev/null 2>&1
ids_of() { grep -o "id=[0-9|]*" "$1" | cut -d= -f2 | tr '|' '\n' | sort -n; }
check "bias_html_lists_each_pair_once (the pairs of the run of 40, each once)" \
    cmp -s <(ids_of "$tmp/html/one-sided-ids.txt") <(ids_of "$tmp/html40/one-sided-ids.txt")
run records merge --out "$tmp/m.trd" "$tmp/r20.trd" "$tmp/r40.trd"
check "merge_joins_runs_that_differ_only_in_games_into_the_longer (exit 0)" test "$rc" -eq 0
check "merge_keeps_each_game_once" cmp -s <(games_of "$tmp/m.trd") <(games_of "$tmp/r40.trd")
check "merge_says_how_many_it_dropped" grep -q '40 games into .*(20 duplicates dropped)' "$tmp/err"
status "the merged run is complete (verify exit 0)" 0 records verify "$tmp/m.trd"
cat "$tmp/r20.trd" "$tmp/r40.trd" >"$tmp/cat.trd"
run records merge --out "$tmp/mc.trd" "$tmp/cat.trd"
check "merge_of_a_concatenation_grows_to_its_longest_run" \
    test "$rc" -eq 0 && cmp -s <(games_of "$tmp/mc.trd") <(games_of "$tmp/r40.trd")
status "and the result verifies complete" 0 records verify "$tmp/mc.trd"

# --resume --games N' grows a run
cp "$tmp/r20.trd" "$tmp/g.trd"
run selfplay --games 40 --seed 5 --players random --paired --out "$tmp/g.trd" --resume
check "resume_grows_a_run (--games 20 -> 40)" test "$rc" -eq 0
check "and_says_so" grep -q 'growing the run in .* to 40 games' "$tmp/err"
check "the_grown_run_holds_the_games_of_a_run_of_40" cmp -s <(games_of "$tmp/g.trd") <(games_of "$tmp/r40.trd")
run records verify "$tmp/g.trd"
check "the_grown_run_verifies_complete" grep -q 'g.trd: 40 games, ok' "$tmp/out"
run records stats --json "$tmp/g.trd" "$tmp/r40.trd"
check "and_is_the_same_games_as_the_long_run (40, 40 duplicates)" test "$(jnum games)" = 40 -a "$(jnum duplicates)" = 40
cp "$tmp/g.trd" "$tmp/g2.trd"
bad "resume_refuses_to_shrink_a_run" "a run can grow, not shrink" \
    selfplay --quiet --games 20 --seed 5 --players random --paired --out "$tmp/g.trd" --resume
check "and_leaves_the_file_alone" cmp -s "$tmp/g.trd" "$tmp/g2.trd"
bad "resume_still_refuses_another_seed" "--seed" \
    selfplay --quiet --games 60 --seed 6 --players random --paired --out "$tmp/g.trd" --resume
sp --games 8 --seed 5 --players random --paired --shard 1/2 --out "$tmp/s1.trd"
run selfplay --quiet --games 40 --seed 5 --players random --paired --shard 1/2 --out "$tmp/s1.trd" --resume
sp --games 40 --seed 5 --players random --paired --shard 0/2 --out "$tmp/s0.trd"
run records merge --out "$tmp/ms.trd" "$tmp/s0.trd" "$tmp/s1.trd"
check "a_grown_shard_merges_with_its_sibling_into_the_whole_run" \
    test "$rc" -eq 0 && cmp -s <(games_of "$tmp/ms.trd") <(games_of "$tmp/r40.trd")
# a run with another engine signature holds other games: kept apart (unit test
# records_dedup_identity_is_what_determines_a_game covers it); the committed
# records still verify and count as before
for f in "$root"/data/records/*.trd "$root"/data/records/*/*.trd "$root"/data/records/*/*/*.trd \
    "$root"/data/records/*/*/*/*.trd; do
    [ -f "$f" ] || continue
    run records verify "$f"
    check "committed_records_still_verify ($(basename "$(dirname "$f")")/$(basename "$f"))" test "$rc" -eq 0
done

# --- item 2: no interval from fewer than two observations ----------------------------
run match --game talat --nplayers 3 --a greedy --b random --games 3 --seed 1 --quiet
check "match_one_setup_prints_no_interval (not [60.8, 60.8])" \
    grep -q "^A's share of the points [0-9.]*%, 95% interval n/a" "$tmp/out"
run match --game talat --nplayers 3 --a greedy --b random --games 3 --seed 1 --quiet --json
check "match_one_setup_json_interval_is_null" grep -q '"share_ci95":null,"mean_rank":[0-9.]*,"mean_rank_ci95":null' "$tmp/out"
sp --game talat --nplayers 3 --players random --games 1 --seed 1 --out "$tmp/t1g.trd"
run records stats "$tmp/t1g.trd"
check "stats_one_points_game_prints_no_interval (not ci95 16.0 16.0)" \
    test "$(grep -c '^seat [012]: mean [0-9.]* ci95 n/a ranks' "$tmp/out")" -eq 3
run records stats --json "$tmp/t1g.trd"
check "stats_one_points_game_json_interval_is_null" test "$(grep -o '"ci95":null' "$tmp/out" | wc -l)" -eq 3
sp --players random --games 1 --seed 1 --out "$tmp/z1.trd"
run records stats "$tmp/z1.trd"
check "stats_one_win_loss_game_prints_no_interval_either" grep -q '^seat 0: mean [01].0000 ci95 n/a ranks' "$tmp/out"
# (a bootstrap that collapses to a point takes the closed form: unit test bias_collapsed_bootstrap_takes_wilson)

# --- item 3: an infinite estimate has an infinite bound -------------------------------
run match --a ab:depth=1 --b random --games 20 --seed 1 --quiet
check "match_all_won_elo_upper_bound_is_infinite (not +6261.4)" \
    grep -qx 'Elo +inf, 95% interval \[+[0-9.]*, +inf\] (pentanomial model, docs/tuning.md)' "$tmp/out"

# --- item 4: one definition of the first seat's score: over finished games ------------
FIXED_POS=cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC
sp --players random --games 4 --seed 4 --out "$tmp/fin.trd" # White wins 3 of 4
"$bin" records export --format littlegolem "$tmp/fin.trd" >"$tmp/fin.sgf" 2>/dev/null
printf '(;FF[TZAAR]PW[ann]PB[bob]POS[%s];W[kokp])\n' $FIXED_POS >"$tmp/unf.sgf"
cat "$tmp/fin.sgf" "$tmp/unf.sgf" >"$tmp/mixed.sgf"
"$bin" records import --format littlegolem "$tmp/mixed.sgf" --out "$tmp/mixed.trd" 2>/dev/null
run records stats --json "$tmp/fin.trd"
want=$(jnum white_score)
run records stats --json "$tmp/mixed.trd"
check "stats_white_score_leaves_unfinished_games_out (5 games, 4 finished)" \
    test "$(jnum games)" = 5 -a "$(jnum finished)" = 4 -a "$(jnum white_score)" = "$want"
check "stats_white_score_agrees_with_seat_0s_mean (one definition)" \
    test "$(grep -o '"seats":\[{"mean":[0-9.]*' "$tmp/out" | cut -d: -f3)" = "$(jnum white_score)"
run records stats "$tmp/mixed.trd"
check "stats_text_says_how_many_were_unfinished" grep -q '^white_score [0-9.]* (over the 4 finished games; 1 unfinished)$' "$tmp/out"
"$bin" records import --format littlegolem "$tmp/unf.sgf" --out "$tmp/unf.trd" 2>/dev/null
run records stats "$tmp/unf.trd"
check "stats_with_no_finished_game_says_so (not 0.0000 [0, 0])" \
    grep -qx 'white_score n/a (no finished games)' "$tmp/out"
check "stats_with_no_finished_game_prints_no_seat_figures" grep -qx 'seat 0: mean n/a ci95 n/a ranks 0 0' "$tmp/out"
run records stats --json "$tmp/unf.trd"
check "stats_json_with_no_finished_game_has_nulls" grep -q '^{"games":1,"seat0_score":null,"white_score":null,"finished":0,.*"seats":\[{"mean":null,"ci95":null' "$tmp/out"

# --- items 5 and 6: Talat's turn order clustered by setup; first places by the rules ----
run bias --game talat --records "$root/data/records/talat-ab4-random.trd" --json
lohi=$(grep -o '"turn_order_share_ci95":\[\[[0-9.]*,[0-9.]*\]' "$tmp/out" | grep -o '[0-9.]*,[0-9.]*\]$' | tr -d ']')
check "bias_turn_order_interval_clustered_by_setup (first mover [0.3477, 0.3526], not [0.3484, 0.3519])" \
    awk -v c="$lohi" 'BEGIN { split(c, a, ","); exit !(a[1] > 0.3475 && a[1] < 0.3479 && a[2] > 0.3524 && a[2] < 0.3528) }'
check "bias_says_how_many_setups_it_clustered_by" grep -q '"interval":"t","clusters":3334,' "$tmp/out"
run bias --game talat --records "$root/data/records/talat-ab4-played.trd" --json
check "bias_first_places_by_the_rules_tie_break (4274 / 3201 / 2692, not 4654 / 3538 / 3023)" \
    grep -q '"ranks":\[4274,3297,2431\]},.*"ranks":\[3201,3427,3374\]},.*"ranks":\[2692,3299,4011\]}' "$tmp/out"
check "bias_shared_firsts_apart (162 shared; 1131 tied on points)" grep -q '"ties":162,"point_ties":1131,' "$tmp/out"
check "bias_firsts_sum_to_the_games_plus_the_shared_ones" \
    test "$(grep -o '"shared_firsts":\[[0-9,]*\]' "$tmp/out")" = '"shared_firsts":[123,103,101]'
run bias --game talat --records "$root/data/records/talat-ab4-played.trd"
check "bias_text_gives_first_places_alone_and_shared" \
    grep -q 'first places alone by seat: 0: 4151; 1: 3098; 2: 2591; .*shared by seat: 0: 123; 1: 103; 2: 101' "$tmp/out"
run records stats --json "$root/data/records/talat-ab4-played.trd"
check "stats_ranks_by_the_rules_tie_break_too" grep -q '"ranks":\[4274,3297,2431\]}.*"ties":162,"point_ties":1131,' "$tmp/out"

# --- item 7: the tuner keeps the start unless the fit beats it on held-out games ------
# 300 games are few enough that on some seeds the fit does worse on the
# held-out games than the starting weights: with the default weights of
# 2026-11-27, seeds 3, 4, 6 and 8 of 1-8 (seed 1 did until then).  The
# check below that the fit really was worse keeps this from passing vacuously.
sp --players ab:depth=1 --games 300 --seed 6 --out "$tmp/ab1.trd"
run tune --records "$tmp/ab1.trd" --weights "$root/data/weights/default.txt" --out "$tmp/w1e4.txt" --l2 1e-4 --json --quiet
check "tune_with_a_fit_worse_on_held_out_games_keeps_the_start (json kept: start)" grep -q '"kept":"start"' "$tmp/out"
check "and_the_fit_really_was_worse" awk -v a="$(jnum validation_loss_after)" -v s="$(jnum validation_loss_start)" \
    'BEGIN { exit !(a != "" && s != "" && a + 0 >= s + 0) }'
same_weights() { # every weight of file 1 equals file 2's (to 1e-9)
    awk '/^#/ || NF < 2 { next } NR == FNR { w[$1] = $2; next } { n++; d = $2 - w[$1]; if (!($1 in w) || d > 1e-9 || d < -1e-9) bad++ }
         END { exit !(n > 0 && !bad) }' "$1" "$2"
}
check "and_writes_the_starting_weights_unchanged" same_weights "$tmp/w1e4.txt" "$root/data/weights/default.txt"
check "and_says_so_in_the_file" grep -q 'did not beat the starting weights on the held-out games' "$tmp/w1e4.txt"
run tune --records "$tmp/ab1.trd" --weights "$root/data/weights/default.txt" --out "$tmp/wcv.txt" --quiet
check "tune_chooses_the_penalty_by_cross_validation_by_default_with_the_one_se_rule" \
    grep -q 'cross-validation, 5 folds by game: .*(the largest L2 within one standard error of the least chosen)' "$tmp/out"
check "and_says_which_weights_it_wrote" grep -Eq '^wrote .* \((the fitted weights|the starting weights, unchanged)\)$' "$tmp/out"

# --- item 8: the Markdown report finds its charts and names what it measured ----------
mkdir -p "$tmp/rep/sub"
(cd "$tmp/rep" && "$bin" bias --records "$tmp/r40.trd" --plots plots --report sub/r.md >/dev/null 2>&1)
links=$(grep -o '](\([^)]*\.png\))' "$tmp/rep/sub/r.md" | sed 's/^](//; s/)$//')
missing=0
for l in $links; do [ -f "$tmp/rep/sub/$l" ] || missing=$((missing + 1)); done
check "report_image_links_resolve_from_the_report (../plots/..., not plots/...)" test -n "$links" -a "$missing" -eq 0
check "report_names_the_player_seed_and_engine_signature" \
    grep -q '`[^`]*r40.trd`: self-play, setup `random`, seed 5, 40 games, 2 rotations (pieces,players move), engine signature `[0-9a-f]\{16\}`; every seat: `random`' "$tmp/rep/sub/r.md"
check "report_gives_the_command_that_plays_the_records_again" \
    grep -q '^triad selfplay --game tzaar --nplayers 2 --players random --setup random --paired --games 40 --seed 5 --out ' "$tmp/rep/sub/r.md"
check "report_gives_the_command_that_makes_it_again" grep -q '^triad bias --game tzaar --records .*r40.trd --plots plots --report sub/r.md$' "$tmp/rep/sub/r.md"
run bias --records "$tmp/r40.trd" --json
check "bias_json_names_the_runs" grep -q '"runs":\[{"file":"[^"]*r40.trd","source":"selfplay","setup":"random","seed":5,"games":40,' "$tmp/out"

# --- item 9: the charts read honestly -----------------------------------------------------
if command -v gnuplot >/dev/null; then
    "$bin" bias --records "$tmp/r40.trd" --plots "$tmp/pl" >/dev/null 2>&1
    gp=$tmp/pl/bias.gp
    check "charts_shares_are_points_with_intervals_not_bars_on_a_cut_baseline" \
        test "$(grep -c 'seat_scores.dat" using .* with boxes\|turn_order.dat" using .* with boxes' "$gp")" -eq 0 -a \
        "$(grep -c 'seat_scores.dat" using .* with yerrorbars' "$gp")" -eq 1
    check "charts_the_first_chart_is_not_called_white_score" test -s "$tmp/pl/seat_scores.png" -a ! -e "$tmp/pl/white_score.png"
    check "charts_turn_order_is_drawn" test -s "$tmp/pl/turn_order.png"
    check "charts_pair_scores_are_categories_not_a_number_line" grep -q '"1/2 (one each)"' "$tmp/pl/setup_scores.dat"
    check "charts_pair_scores_show_what_no_setup_effect_gives" grep -q 'no setup effect' "$gp"
    check "charts_legends_list_only_setups_with_games" test "$(grep -c 'title "fixed"\|title "tournament"' "$gp")" -eq 0
    "$bin" bias --game talat --records "$root/data/records/zihin-ab4-random.trd" --plots "$tmp/plz" >/dev/null 2>&1
    check "charts_talat_legend_lists_no_empty_setups" test "$(grep -c 'title "played"\|title "mirror"' "$tmp/plz/bias.gp")" -eq 0
    # a chart of every seat keeps its legend below the plot, so the centred
    # title has the whole width (with the legend at the right it ran off the left edge)
    "$bin" bias --game talat --records "$root/data/records/talat-ab4-random.trd" --plots "$tmp/pl3" >/dev/null 2>&1
    check "charts_every_seat_legend_below_so_the_title_fits" \
        test "$(grep -c 'share of the points by setup kind' "$tmp/pl3/bias.gp")" -ge 1 -a "$(grep -c 'set key outside right' "$tmp/pl3/bias.gp")" -eq 0
    # the ladder's charts (scripts/ladder-plots.sh): bars side by side, ticks at the rungs
    mkdir -p "$tmp/lad/plots"
    printf '1000\t0\t0\t0\t0\t0\t0\t0\t0\n4000\t2000\t0.8\t249\t9\t249\t9\t231\t269\n' >"$tmp/lad/plots/ladder.dat"
    printf 'random\t1000\t0\t0\t100\t0.4\t0.3\t0.5\t0.05\nrandom\t4000\t249\t9\t100\t0.42\t0.32\t0.52\t0.05\n' >"$tmp/lad/plots/white.dat"
    printf '0.0000\t0.07\t0.06\t10\n0.2500\t0.26\t0.25\t10\n0.5000\t0.37\t0.38\t10\n0.7500\t0.24\t0.25\t10\n1.0000\t0.06\t0.06\t10\n' \
        >"$tmp/lad/plots/setup_strength.dat"
    "$root/scripts/ladder-plots.sh" "$tmp/lad" >/dev/null 2>&1
    lgp=$tmp/lad/plots/ladder.gp
    check "ladder_chart_script_is_kept_beside_its_charts" test -s "$lgp" -a -s "$tmp/lad/plots/setup_strength.png"
    check "ladder_setup_strength_bars_do_not_overlap (two series side by side in each 0.25 step)" \
        awk '/set boxwidth/ { w = $3 + 0 } /setup_strength.dat/ && /\$1 - / { match($0, /\$1 - [0-9.]+/); l = substr($0, RSTART + 5, RLENGTH - 5) + 0 }
             /\$1 \+ / && /no setup effect/ { match($0, /\$1 \+ [0-9.]+/); r = substr($0, RSTART + 5, RLENGTH - 5) + 0 }
             END { exit !(w > 0 && l + r >= w && l + w / 2 + r + w / 2 <= 0.25) }' "$lgp"
    check "ladder_chart_ticks_at_the_rungs (1000, 4000; not powers of two)" grep -q 'set xtics ("1000" 1000, "4000" 4000)' "$lgp"
else
    ok "charts (item 9) # SKIP no gnuplot here: bias and ladder draw no charts"
fi

# --- also: Talat's Zihin scoring, the other reading as a named rules option ----------
run show --game talat --nplayers 2 --setup random-human-line --seed 3
check "zihin_human_line_setup_shows_mode_2h" grep -q '^2h ' "$tmp/out"
bad "zihin_human_line_is_for_two_players" "needs 2 players" show --game talat --nplayers 3 --setup random-human-line --seed 3
sp --game talat --nplayers 2 --players greedy --setup random-human-line --rotations 2 --games 4 --seed 1 --out "$tmp/zh.trd"
run records cat "$tmp/zh.trd"
check "zihin_human_line_runs_record_the_reading_in_their_setup" test "$(grep -c '^[0-9]* random-human-line' "$tmp/out")" -eq 4
status "zihin_human_line_records_verify (the replay scores them under the reading)" 0 records verify "$tmp/zh.trd"
sp --game talat --nplayers 2 --players greedy --setup random --rotations 2 --games 4 --seed 1 --out "$tmp/zd.trd"
run records stats --json "$tmp/zh.trd" "$tmp/zd.trd"
check "the_two_readings_are_different_runs (none dropped as duplicates)" test "$(jnum games)" = 8 -a "$(jnum duplicates)" = 0


# --- issue 40 item 17: a headline figure first, reproduced; engines cited by the commits that build them ---
res=$root/docs/results.md
check "no_doc_cites_a_tag_no_clone_has" test -z "$(grep -rlE 'tag v[0-9]' "$root/README.md" "$root/docs" "$root"/data/*/README.md "$root"/data/records/*/README.md 2>/dev/null)"
check "results_md_opens_with_a_marked_headline_figure" test "$(grep -m1 -v '^\(#.*\|Measured .*\|\)$' "$res" | cut -c1-24)" = "> **Headline figure.**  "
head_pct=$(sed -n '/^> \*\*Headline figure/,/^$/p' "$res" | sed 's/^> //' | tr '\n' ' ' | grep -oE '\*\*[0-9.]+% \[[0-9.]+, [0-9.]+\]\*\*' | head -1 | tr -d '*[],%')
read -r hp hlo hhi <<<"$head_pct"
run bias "$root/data/records/ladder-deep/rung-256000/random.trd"
check "headline_figure_is_what_bias_gives_on_the_committed_records ($hp [$hlo, $hhi])" \
    grep -qE "^random +2000 +$hp% +$hlo% – $hhi% " "$tmp/out"
small=$(sed -n '/^> \*\*Headline figure/,/^$/p' "$res" | grep -oE '`bin/triad selfplay --games [^`]*`' | tr -d '`')
small_pct=$(sed -n '/^> \*\*Headline figure/,/^$/p' "$res" | sed 's/^> //' | tr '\n' ' ' | grep -oE '\*\*[0-9.]+% \[[0-9.]+, [0-9.]+\]\*\*' | sed -n 2p | tr -d '*[],%')
read -r sp_ slo shi <<<"$small_pct"
mkdir -p "$tmp/headline/bin" && ln -s "$bin" "$tmp/headline/bin/triad"
(cd "$tmp/headline" && eval "$small" >out 2>err)
check "headline_scaled_down_command_gives_the_figure_it_names ($sp_ [$slo, $shi]: $small)" \
    grep -qE "^random +200 +$sp_% +$slo% – $shi% " "$tmp/headline/out"
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
    bad_rows=
    while IFS='|' read -r _ sig _ commits _; do
        sig=$(grep -oE '[0-9a-f]{16}' <<<"$sig" | head -1)
        for c in $(grep -oE '\b[0-9a-f]{7}\b' <<<"$commits"); do
            git -C "$root" grep -q "$sig" "$c" -- tests/test_bench.c tests/cli.sh 2>/dev/null || bad_rows="$bad_rows $sig@$c"
        done
    done < <(sed -n '/^## Engines and the commits that build them/,/^## /p' "$res" | grep -E '^\| `[0-9a-f]{16}`')
    check "every_commit_cited_builds_the_engine_it_is_cited_for (its tests pin the signature)${bad_rows:+:$bad_rows}" \
        test -z "$bad_rows" -a "$(sed -n '/^## Engines and the commits/,/^## /p' "$res" | grep -cE '^\| `[0-9a-f]{16}`')" -eq 3
else
    ok "every_commit_cited_builds_the_engine_it_is_cited_for # SKIP not a git checkout"
fi

finish
