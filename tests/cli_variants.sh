#!/usr/bin/env bash
# cli_variants.sh BINARY — game parameters on the command line (issue 39):
# every command takes a variant as --game NAME:KEY=VALUE,... (TZAAR's
# first= and pie=, docs/tzaar-variants.md; race3's rounds=), refuses an
# unknown parameter or value in one line, and treats a variant as a game of
# its own: records headers and records info say it, merge and --resume
# refuse to mix it with the rulebook, bias reports variants apart, and the
# rulebook's records and signatures stay as they were.
# Prints "ok - ..." / "not ok - ..." per check and ends with
# "N passed, N failed"; exits non-zero on any failure.
set -u
bin=${1:?usage: tests/cli_variants.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_variants.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
sample=$here/../data/records/ab2-random-200.trd

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

fixed=$(cat "$here/../data/setups/fixed.pos")
cells=${fixed% w 0}
# Black to act after White's first turn under pie=1: singles against towers.
lopsided='BAc3b3a3C..........Cc.......................................... b x1'

# --- the parameters are listed, and a mistake is one line ------------------------
good "help_games_lists_each_parameter" help games
check "help_games_tzaar_first_and_pie" grep -q '^      first   capture (default), full, both: ' "$tmp/out"
check "help_games_tzaar_pie_range" grep -q '^      pie     0 to 1 (default 0): ' "$tmp/out"
check "help_games_race3_rounds" grep -q '^      rounds  1 to 4 (default 4): ' "$tmp/out"
bad "unknown_parameter_named" "unknown parameter 'komi' of tzaar (it has first, pie" show --game tzaar:komi=1
bad "unknown_value_named" "unknown value 'half' of tzaar's parameter first (expected capture, full, both)" \
    perft --depth 1 --game tzaar:first=half
bad "value_out_of_range" "bad value '2' of tzaar's parameter pie" selfplay --game tzaar:pie=2 --players random \
    --games 2 --out "$tmp/x.trd"
bad "a_game_without_parameters" "connect4 has no parameters" match --game connect4:komi=3 --a random --b random --games 2
bad "a_parameter_twice" "given twice" engine --game tzaar:pie=1,pie=0 </dev/null
bad "an_empty_list" "expected KEY=VALUE" legal --game tzaar:

# --- positions, perft, legal, show -----------------------------------------------
run show --game tzaar:first=full --setup fixed
check "show_variant_start_phase" test "$rc" -eq 0 -a "$(tail -1 "$tmp/out")" = "$cells w f"
run show --game tzaar:first=capture --setup fixed
check "show_default_values_are_the_rulebook" test "$(tail -1 "$tmp/out")" = "$fixed"
bad "rulebook_refuses_a_variant_s_phase" "phase f is first=full's" show --position "$cells w f"
bad "variant_refuses_the_rulebook_s_opening" "its first turn is phase d" show --game tzaar:first=both --position "$fixed"
for want in "tzaar 260556" "tzaar:first=full 263319" "tzaar:first=both 78045" "tzaar:pie=1 262353" \
    "tzaar:first=full,pie=1 269634" "tzaar:first=both,pie=1 79842"; do
    run perft --depth 3 --setup fixed --game "${want% *}" --quiet
    check "perft_3_${want% *}" grep -q "^perft 3: ${want#* } nodes" "$tmp/out"
done
run legal --game tzaar:pie=1 --position "$lopsided"
check "legal_lists_the_swap_after_the_captures" test "$(tr '\n' ' ' <"$tmp/out")" = "C2xC1 swap "
good "legal_classes_of_a_variant_start" legal --game tzaar:pie=1 --setup fixed --classes
run show --game tzaar:pie=1 --position "$lopsided" --actions swap
check "show_after_the_swap_white_to_act" test "$(tail -1 "$tmp/out")" = "baC3B3A3c..........cC.......................................... w 1"
run show --game tzaar:first=both,pie=1 --setup fixed --actions "D8xE8 swap"
check "show_both_pie_swap_then_white_s_single_capture" test "${rc}$(tail -1 "$tmp/out" | cut -d' ' -f2-)" = "0w r"
run show --game tzaar:first=full --setup tournament
check "show_variant_placement_phase" test "$(tail -1 "$tmp/out" | cut -d' ' -f3)" = "pf"

# --- players, analyse, play, solve, bench ----------------------------------------
run analyse --game tzaar:pie=1 --position "$lopsided" --player ab:depth=2 --json
check "analyse_swaps_a_hopeless_side" grep -q '"action":"swap"' "$tmp/out"
good "play_a_pie_game" play --game tzaar:pie=1 --white ab:depth=1 --black ab:depth=1 --setup fixed
check "play_result_line" grep -q '^result: ' "$tmp/out"
run solve --game tzaar:pie=1 --position "$lopsided" --nodes 10000
check "solve_proves_the_swap" grep -q 'winning action swap' "$tmp/out"
run bench --game tzaar:first=full --signature
check "bench_variant_signature" test "$rc" -eq 0 -a "$(cat "$tmp/out")" = "6f525261efc3538d"
run --version
check "version_signatures_unchanged" grep -q 'tzaar 758389fbadf5b055 talat 9f58bd8ecec07ad6 trid ab21e454082ff075 race3 a9317aac9541f011 connect4 b7d5bb150e5fc0cc' "$tmp/out"

# --- records: the variant in the header, a game of its own ----------------------
sp() { "$bin" selfplay --quiet --players ab:depth=1 --setup random --seed 4 --paired "$@" >/dev/null 2>"$tmp/err"; }
check "selfplay_a_variant" sp --game tzaar:pie=1 --games 12 --out "$tmp/v.trd"
check "selfplay_the_rulebook" sp --games 12 --out "$tmp/r.trd"
check "selfplay_another_variant" sp --game tzaar:first=full --games 12 --out "$tmp/f.trd"
run records info "$tmp/v.trd"
check "info_game_is_the_spec" grep -q '^  game               tzaar:pie=1$' "$tmp/out"
check "info_parameters_line" grep -q '^  parameters         first=capture, pie=1 (the rulebook: first=capture, pie=0)$' "$tmp/out"
check "info_variant_signature" grep -q '^  engine_signature   f008d9e51efad7d0$' "$tmp/out"
run records info "$tmp/r.trd"
check "info_rulebook_has_no_parameters_line" test "$rc" -eq 0 -a "$(grep -c parameters "$tmp/out")" -eq 0
run records info --json "$tmp/v.trd"
check "info_json_parameters" grep -q '"parameters":{"first":"capture","pie":"1"}' "$tmp/out"
good "verify_replays_the_variant" records verify "$tmp/v.trd"
run records export "$tmp/v.trd" --format jsonl
check "export_game_is_the_spec" test "$(grep -c '^{"game":"tzaar:pie=1",' "$tmp/out")" -eq 12
run records cat "$tmp/v.trd"
check "cat_shows_swaps" grep -q ' swap ' "$tmp/out"
bad "export_littlegolem_refused" "tzaar:pie=1 has no records format 'littlegolem'" records export "$tmp/v.trd" \
    --format littlegolem
bad "import_littlegolem_refused" "has no records format 'littlegolem'" records import --game tzaar:first=full \
    --format littlegolem /dev/null --out "$tmp/i.trd"
bad "merge_refuses_a_variant_and_the_rulebook" "different runs: --game tzaar:pie=1 in" records merge --out "$tmp/m.trd" "$tmp/r.trd" "$tmp/v.trd"
bad "stats_refuses_to_mix" "tzaar:pie=1 run" records stats "$tmp/r.trd" "$tmp/v.trd"
bad "records_game_option_checks_the_variant" "tzaar:pie=1" records stats --game tzaar "$tmp/v.trd"
good "records_game_option_takes_the_variant" records stats --game tzaar:pie=1 "$tmp/v.trd"
for k in 0 1; do
    sp --game tzaar:pie=1 --games 12 --shard $k/2 --out "$tmp/s$k.trd"
done
status "merge_the_variant_s_shards" 0 records merge --out "$tmp/s.trd" "$tmp/s0.trd" "$tmp/s1.trd"
run records stats "$tmp/s.trd" "$tmp/v.trd"
check "the_same_variant_s_games_read_twice_count_once" grep -qx 'games 12' "$tmp/out"
run selfplay --quiet --players ab:depth=1 --setup random --seed 4 --paired --games 12 --out "$tmp/v.trd" --resume
check "resume_refuses_another_variant" test "$rc" -eq 2 && grep -q 'holds a tzaar:pie=1 run, not tzaar' "$tmp/err"
check "resume_the_variant" sp --game tzaar:pie=1 --games 16 --out "$tmp/v.trd" --resume
run records verify "$tmp/v.trd"
check "resumed_variant_has_16_games" grep -q ': 16 games, ok' "$tmp/out"

# --- the drivers over a variant's records ----------------------------------------
run bias "$tmp/v.trd"
check "bias_one_variant" test "$rc" -eq 0 && head -1 "$tmp/out" | grep -q '^tzaar:pie=1, 2 players'
run bias "$tmp/f.trd" "$tmp/r.trd" "$tmp/v.trd"
check "bias_reports_variants_apart" test "$rc" -eq 0 -a "$(grep -c ', 2 players: the first seat' "$tmp/out")" -eq 3
run bias --json "$tmp/r.trd" "$tmp/v.trd"
check "bias_json_lists_the_variants" python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert [v["game"] for v in d["variants"]] == ["tzaar", "tzaar:pie=1"]' "$tmp/out"
bad "bias_report_is_one_variant_s" "2 variants of tzaar" bias --report "$tmp/b.md" "$tmp/r.trd" "$tmp/v.trd"
bad "bias_game_option_refuses_another_variant" "--game tzaar:pie=1, but" bias --game tzaar:pie=1 "$tmp/r.trd"
run tune "$tmp/v.trd" --out "$tmp/w.txt"
check "tune_a_variant_s_games" test "$rc" -eq 0 -a -s "$tmp/w.txt"
good "view_a_variant" view "$tmp/v.trd" --out "$tmp/site"
run solve --records "$tmp/v.trd" --max-games 2 --nodes 2000
check "solve_a_variant_s_records" test "$rc" -eq 0
run match --game tzaar:first=both --a ab:depth=1 --b greedy --games 4 --seed 2 --out "$tmp/mt.trd" --quiet
check "match_a_variant" test "$rc" -eq 0 && "$bin" records info "$tmp/mt.trd" | grep -q 'game               tzaar:first=both$'
good "match_merge_a_variant" match merge "$tmp/mt.trd"
run selfplay --game race3:rounds=2 --nplayers 3 --players random --games 6 --out "$tmp/r3.trd" --quiet
check "race3_variant_selfplay" test "$rc" -eq 0 && "$bin" records cat "$tmp/r3.trd" | grep -q ' rounds 6 : '

# --- the engine protocol: game, signature; the referee names the variant --------
printf 'protocol\ngame\nsignature\ngame tzaar:pie=1\ngame\nsignature\nposition fixed actions D8xE8\nlegal\ngame tzaar:x=1\ngame\nquit\n' >"$tmp/session"
run engine <"$tmp/session"
line_is 1 'protocol triad 3' "engine_variants"
line_is 2 'game tzaar' "engine_variants"
line_is 3 'signature 758389fbadf5b055' "engine_variants"
line_is 4 'ok' "engine_variants"
line_is 5 'game tzaar:pie=1' "engine_variants"
line_is 6 'signature f008d9e51efad7d0' "engine_variants"
line_is 7 'ok' "engine_variants"
line_is 8 'legal .* swap' "engine_variants"
line_is 9 "error game: unknown parameter 'x' of tzaar .*" "engine_variants"
line_is 10 'game tzaar:pie=1' "engine_variants"
printf 'protocol\nprint\nquit\n' >"$tmp/session"
run engine --game tzaar:first=full <"$tmp/session"
line_is 2 'position .* w f' "engine_game_option"
# A referee's engine: triad engine (protocol 3), and the same made to say protocol 2.
printf '#!/bin/sh\nexec "%s" engine --player ab:depth=1\n' "$bin" >"$tmp/eng.sh"
printf '#!/bin/sh\n"%s" engine --player ab:depth=1 | sed -u "s/^protocol triad 3$/protocol triad 2/"\n' "$bin" >"$tmp/eng2.sh"
chmod +x "$tmp/eng.sh" "$tmp/eng2.sh"
forfeits() { grep "^B: games lost" "$tmp/out" | sed 's/.*by protocol error \([0-9]*\);.*/\1/'; }
run match --game tzaar:pie=1 --a ab:depth=1 --b "engine:cmd=$tmp/eng.sh,sig=auto" --games 2 --out "$tmp/em.trd" --quiet
check "engine_plays_a_variant" test "$rc" -eq 0 -a "$(forfeits)" = 0
run records info "$tmp/em.trd"
check "sig_auto_records_the_reported_signature" grep -q "^  player 1           engine:cmd=$tmp/eng.sh,margin=100,sig=f008d9e51efad7d0,timeout=60000$" "$tmp/out"
run match --game tzaar:pie=1 --a ab:depth=1 --b "engine:cmd=$tmp/eng.sh,sig=758389fbadf5b055" --games 2 --quiet
check "another_signature_forfeits" test "$rc" -eq 0 -a "$(forfeits)" = 2
run match --game tzaar:pie=1 --a ab:depth=1 --b "engine:cmd=$tmp/eng2.sh" --games 2 --quiet
check "protocol_2_cannot_play_a_variant" test "$rc" -eq 0 -a "$(forfeits)" = 2
run match --a ab:depth=1 --b "engine:cmd=$tmp/eng2.sh" --games 2 --quiet
check "protocol_2_plays_the_rulebook" test "$rc" -eq 0 -a "$(forfeits)" = 0
bad "sig_auto_needs_protocol_3" "protocol 2 reports no engine signature" match --a ab:depth=1 \
    --b "engine:cmd=$tmp/eng2.sh,sig=auto" --games 2 --quiet
bad "sig_must_be_16_hex_digits" "sig '12'" match --a ab:depth=1 --b "engine:cmd=$tmp/eng.sh,sig=12" --games 2

# --- a network is its game's, whatever the variant (docs/network.md) ------------
run selfplay --game tzaar:pie=1 --players ab:depth=1 --games 12 --out "$tmp/nv.trd" --quiet
run train "$tmp/nv.trd" --out "$tmp/nv.nn" --accumulator 16 --hidden 4 --epochs 1 --quiet
check "train_on_a_variant_s_records" test "$rc" -eq 0 -a -s "$tmp/nv.nn"
good "a_variant_s_network_plays_the_variant" match --game tzaar:pie=1 --a "ab:depth=1,net=$tmp/nv.nn" --b ab:depth=1 \
    --games 2 --quiet
good "and_the_rulebook" match --a "ab:depth=1,net=$tmp/nv.nn" --b ab:depth=1 --games 2 --quiet
bad "not_another_game" "a network for tzaar, not talat" match --game talat --a "ab:depth=1,net=$tmp/nv.nn" --b random \
    --games 3 --quiet

# --- the rulebook's runs are as they were ----------------------------------------
run records info "$tmp/r.trd"
check "rulebook_signature_unchanged" grep -q '^  engine_signature   758389fbadf5b055$' "$tmp/out"
check "rulebook_game_is_the_name" grep -q '^  game               tzaar$' "$tmp/out"
good "the_sample_still_verifies" records verify "$sample"
finish
