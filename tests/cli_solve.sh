#!/usr/bin/env bash
# cli_solve.sh BINARY — command-line tests of `triad solve`: one position
# (text and --json), --positions FILE, --records FILE (the endgame oracle's
# lines and summary, the same twice), and bad input (one line, exit 2).
# Prints "ok - ..." / "not ok - ..." per check and "N passed, N failed".
set -u
bin=${1:?usage: tests/cli_solve.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_solve.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# White's Tott of 2 on A1 takes B1, then Black's only Tzaar on C1 (trinity).
win="....c2.....C......AB.........C.....a.......................b. w 1"
over="....c2.....C......AB.........C.....a.......................b. b 1"

run solve --help
check "help" test "$rc" -eq 0 -a -n "$(grep -F 'df-pn' "$tmp/out")"
run solve --position "$win"
check "win_in_two" test "$rc" -eq 0 -a "$(cut -d'(' -f1 "$tmp/out" | sed 's/, [0-9.]* s$//')" = \
    "White to act: win; White wins within 2 plies; winning action A1xB1; proof 3 positions, 2 nodes"
run solve --position "$win" --json
check "win_json" grep -qE '^\{"position":"[^"]*","to_act":"White","result":"win","winner":"White","best":"A1xB1","distance":2,"proof_size":3,"nodes":2,"node_limit":1000000,"seconds":[0-9.]+\}$' "$tmp/out"
run solve --position "$over"
check "over" test "$rc" -eq 0 -a "$(cat "$tmp/out")" = "the game is over: White wins"
run solve --setup random --seed 3 --nodes 50
check "unknown_within_the_budget" grep -q '^White to act: unknown within [0-9]* nodes' "$tmp/out"
run solve --setup random --seed 3 --nodes 50 --json
check "unknown_json" grep -q '"result":"unknown","winner":null,"best":null,"distance":null' "$tmp/out"

printf '# two positions\n%s\n\n%s\n' "$win" "$over" >"$tmp/pos.txt"
run solve --positions "$tmp/pos.txt" --json --quiet
check "positions_file" test "$rc" -eq 0 -a "$(grep -c '^{"line":2,.*"result":"win"' "$tmp/out")" = 1 \
    -a "$(grep -c '^{"line":4,"position":"[^"]*","to_act":null,"result":"over","winner":"White"' "$tmp/out")" = 1 -a "$(wc -l <"$tmp/out")" = 2
printf '%s\nnot a position\n' "$win" >"$tmp/bad.txt"
bad "positions_bad_line_before_any_result" "bad.txt:2:" solve --positions "$tmp/bad.txt"
printf '%s\nc........................................................... b p\n' "$win" >"$tmp/place.txt"
bad "positions_placement_line_before_any_result" "place.txt:2: the solver takes positions in play" solve --positions "$tmp/place.txt"

"$bin" selfplay --games 6 --players ab:depth=1 --threads 1 --out "$tmp/r.trd" --quiet
run solve --records "$tmp/r.trd" --nodes 20000 --json --quiet
cp "$tmp/out" "$tmp/o1"
check "records_a_line_a_game_then_the_summary" test "$rc" -eq 0 -a "$(grep -c '^{"game":' "$tmp/o1")" = 6 \
    -a "$(tail -1 "$tmp/o1" | grep -c '^{"summary":{"games":6,"node_limit":20000,')" = 1
sum=$(tail -1 "$tmp/o1" | grep -oE '"(already_lost|lost_by_play|unsolved)":[0-9]+' | cut -d: -f2 | paste -sd+ | bc)
check "records_summary_counts_every_game" test "$sum" = 6
check "records_classes_are_named" test "$(grep -cE '"class":"(already_lost|lost_by_play|unsolved)"' "$tmp/o1")" = 6
run solve --records "$tmp/r.trd" --nodes 20000 --json --quiet
check "records_the_same_twice" cmp -s "$tmp/out" "$tmp/o1"
run solve --records "$tmp/r.trd" --nodes 20000 --max-games 2 --quiet
check "records_text_and_max_games" test "$(grep -c '^game [01] (random): ' "$tmp/out")" = 2 \
    -a "$(grep -c '^loser ' "$tmp/out")" = 1 -a "$(grep -c '^2 games (0 unfinished)' "$tmp/out")" = 1

"$bin" selfplay --game talat --games 1 --players random --threads 1 --out "$tmp/t.trd" --quiet
bad "records_of_a_game_without_solver" "no solver" solve --records "$tmp/t.trd"
bad "records_of_another_game" "tzaar" solve --records "$tmp/t.trd" --game tzaar
bad "game_without_solver" "no solver" solve --game talat
bad "bad_position" "bad position" solve --position "xx"
bad "placement_phase" "placement" solve --position "c........................................................... b p"
bad "bad_nodes" "--nodes" solve --nodes -3
bad "bad_memory" "--memory" solve --memory 0
bad "two_sources" "give one of" solve --records "$tmp/r.trd" --positions "$tmp/pos.txt"
bad "max_games_without_records" "--max-games" solve --max-games 3
bad "records_without_a_node_limit" "node limit" solve --records "$tmp/r.trd" --nodes 0
bad "records_operand_errors_do_not_name_an_option_not_given" "a records FILE needs a node limit" solve "$tmp/r.trd" --nodes 0
bad "records_operand_missing_names_the_file_alone" "solve: $tmp/nothing.trd: " solve "$tmp/nothing.trd"
bad "actions_with_records" "--actions" solve --records "$tmp/r.trd" --actions "A1xB1"
bad "missing_records" "nothing.trd" solve --records "$tmp/nothing.trd"
bad "missing_positions" "nothing.txt" solve --positions "$tmp/nothing.txt"
bad "illegal_action" "A1xA2" solve --position "$win" --actions "A1xA2"
finish
