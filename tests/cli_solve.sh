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
sum=$(tail -1 "$tmp/o1" | sed 's/.*"by_loser":\(.*\),"loser_to_act_first".*/\1/' | grep -oE '"(already_lost|lost_by_play|unsolved)":[0-9]+' | cut -d: -f2 | paste -sd+ | bc)
check "records_summary_counts_every_game" test "$sum" = 6
check "records_classes_are_named" test "$(grep -cE '"class":"(already_lost|lost_by_play|unsolved)"' "$tmp/o1")" = 6
run solve --records "$tmp/r.trd" --nodes 20000 --json --quiet
check "records_the_same_twice" cmp -s "$tmp/out" "$tmp/o1"
# The summary's readings (issue 39) agree with the games' lines: the wins
# held at the first solvable position and lost, the class by who acts
# there, the distance from the end (plies - first_ply, not first_distance).
check "records_every_solved_game_names_who_acts_first" test "$(grep -cE '"first_to_act":"(White|Black)"' "$tmp/o1")" = \
    "$(grep -c '"first_ply":[0-9]' "$tmp/o1")"
want=$(grep '^{"game"' "$tmp/o1" | awk '
    { fw = $0; sub(/.*"first_winner":/, "", fw); sub(/,.*/, "", fw); l = $0; sub(/.*"loser":/, "", l); sub(/,.*/, "", l)
      a = $0; sub(/.*"first_to_act":/, "", a); sub(/,.*/, "", a); c = $0; sub(/.*"class":"/, "", c); sub(/".*/, "", c)
      if (fw == "\"White\"") { hw++; lw += l == fw } else if (fw == "\"Black\"") { hb++; lb += l == fw }
      if (a == l && c == "lost_by_play") lf++ }
    END { printf "%d %d %d %d %d", hw, lw, hb, lb, lf }')
got=$(tail -1 "$tmp/o1" | sed 's/.*"loser_to_act_first":{"already_lost":[0-9]*,"lost_by_play":\([0-9]*\)}.*"held":{"White":{"games":\([0-9]*\),"lost":\([0-9]*\),.*"Black":{"games":\([0-9]*\),"lost":\([0-9]*\),.*/\2 \3 \4 \5 \1/')
check "records_summary_wins_held_and_who_acts" test "$got" = "$want"
ends=$(grep '^{"game"' "$tmp/o1" | sed -n 's/.*"plies":\([0-9]*\),.*"first_ply":\([0-9]*\),.*/\1 \2/p' | awk '{ print $1 - $2 }' | sort -n | sed -n '1p;$p' | paste -sd' ')
check "records_summary_distance_from_the_end" test "$(tail -1 "$tmp/o1" | sed 's/.*"from_end":{"games":[0-9]*,"min":\([0-9]*\),"median":[0-9.]*,"max":\([0-9]*\)}.*/\1 \2/')" = "$ends"
check "records_summary_keys" grep -qE '"first_fraction":\{"games":[0-9]+,"min":[0-9.e-]+,.*"first_distance":\{"games":[0-9]+,"min":[0-9]+' "$tmp/o1"
run solve --records "$tmp/r.trd" --nodes 20000 --max-games 2 --quiet
check "records_text_and_max_games" test "$(grep -c '^game [01] (random): ' "$tmp/out")" = 2 \
    -a "$(grep -c '^loser ' "$tmp/out")" = 1 -a "$(grep -c '^2 games (0 unfinished)' "$tmp/out")" = 1
check "records_text_readings" test "$(grep -c '^White held a proven win at the first solvable position in ' "$tmp/out")" = 1 \
    -a "$(grep -c '^the first solvable position (' "$tmp/out")" = 1 -a "$(grep -c '^by who acts at the first solvable position' "$tmp/out")" = 1

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
