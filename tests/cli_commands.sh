#!/usr/bin/env bash
# cli_commands.sh BINARY — the commands that look at or play one position
# (show, legal, perft, play, analyse, engine) and match, run with --game on
# the toy game race3 (2 to 4 players, points) through the game interface
# alone: what they print, that games are reproducible, N-player matches'
# share and rank with intervals, and one-line refusals.
# Prints "ok - ..." / "not ok - ..." per check and "N passed, N failed".
set -u
bin=${1:?usage: tests/cli_commands.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_commands.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
RUN_TIMEOUT=120
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# race3's default start (its random setup, seed 1) for 3 players: round 3 of 12 rounds... as its string says.
status "show_race3_prints_the_position_string" 0 show --game race3 --nplayers 3
start=$(cat "$tmp/out")
check "show_race3_is_one_line_without_a_board_drawing" test "$(wc -l <"$tmp/out")" -eq 1
status "show_race3_after_actions" 0 show --game race3 --nplayers 3 --actions "1 2 3"
check "show_race3_actions_change_the_position" test "$(cat "$tmp/out")" != "$start"
status "legal_race3" 0 legal --game race3 --nplayers 3
check "legal_race3_lists_1_2_3" test "$(tr '\n' ' ' <"$tmp/out")" = "1 2 3 "
status "legal_race3_json" 0 legal --game race3 --nplayers 3 --json
check "legal_race3_json_shape" grep -qx '{"actions":\["1","2","3"\]}' "$tmp/out"
status "perft_race3_depth_4" 0 perft --game race3 --nplayers 3 --depth 4
check "perft_race3_counts_3_to_the_4" grep -q '^perft 4: 81 nodes' "$tmp/out"
status "perft_race3_divide" 0 perft --game race3 --nplayers 3 --depth 3 --divide --json
check "perft_race3_divide_json" grep -qx '{"divide":{"1":9,"2":9,"3":9},"depth":3,"nodes":27,.*}' "$tmp/out"
status "perft_race3_from_its_string" 0 perft --game race3 --position "$start" --depth 4
check "perft_of_the_string_counts_the_same" grep -q '^perft 4: 81 nodes' "$tmp/out"
bad "perft_bulk_needs_a_game_with_bulk_counting" "has no bulk counting" perft --game race3 --depth 2 --bulk
status "random_setup_without_a_seed" 0 show --game race3 --setup random
cp "$tmp/out" "$tmp/seedless"
run show --game race3 --setup random --seed 1
check "random_setup_without_a_seed_is_seed_1" cmp -s "$tmp/out" "$tmp/seedless"
bad "fixed_setup_takes_no_seed" "--seed applies to a random setup only" show --game race3 --setup fixed --seed 3
status "random_setup_with_a_seed" 0 show --game race3 --setup random --seed 3 --nplayers 4
r3=$(cat "$tmp/out")
run show --game race3 --setup random --seed 3 --nplayers 4
check "random_setup_is_reproducible" test "$(cat "$tmp/out")" = "$r3"
bad "nplayers_out_of_range" "race3 is a game for 2 to 4 players, not 1" show --game race3 --nplayers 1
bad "unknown_game" "unknown game 'chess'" legal --game chess
bad "an_illegal_action" "action 2 '7'" show --game race3 --actions "1 7"
bad "a_bad_position_string" "race3" show --game race3 --position "x y z"

# play: a game is a function of its command line.
status "play_race3_3_players" 0 play --game race3 --nplayers 3 --players random --seed 2
cp "$tmp/out" "$tmp/game"
check "play_race3_names_every_seat" test "$(grep -c '^seat [012]: random$' "$tmp/game")" -eq 3
check "play_race3_prints_turns" grep -qE '^ +1\. seat 0  [123]$' "$tmp/game"
check "play_race3_result_has_every_score" grep -qE '^result: [0-9]+-[0-9]+-[0-9]+ \((seat [012] wins|.* share first place) by rounds after [0-9]+ turns\)$' "$tmp/game"
run play --game race3 --nplayers 3 --players random --seed 2
check "play_race3_is_reproducible" cmp -s "$tmp/out" "$tmp/game"
run play --game race3 --nplayers 3 --seat 0=mcts:playouts=50 --seat 1=random --seat 2=random --seed 2 --quiet
check "play_seat_specs_and_quiet" test "$rc" -eq 0 -a "$(wc -l <"$tmp/out")" -eq 1
bad "play_needs_every_seat" "no player for seat 2" play --game race3 --nplayers 3 --seat 0=random --seat 1=random
bad "play_white_and_black_are_for_2_players" "only in a 2-player game" play --game race3 --nplayers 3 \
    --white random --black random

# analyse: a player that does not search reports its action only.
status "analyse_race3_mcts" 0 analyse --game race3 --nplayers 3 --player mcts:playouts=100
check "analyse_race3_prints_the_action" grep -qx 'action [123]' "$tmp/out"
check "analyse_race3_mcts_reports_its_playouts_and_line" grep -qzE 'score [0-9]+
depth [1-9][0-9]*
nodes 100
nodes_per_second [0-9]+
pv [123]( [123])*
$' "$tmp/out"
status "analyse_race3_json" 0 analyse --game race3 --player random --json
check "analyse_race3_json" grep -qx '{"action":"[123]"}' "$tmp/out"

# engine: the protocol over race3.
printf '%s\n' protocol print 'go' legal 'position fixed actions 1 2 3' print 'position random 5' print \
    'position random' 'actions 9' 'go depth 2' quit >"$tmp/session"
run engine --game race3 --nplayers 3 --player random <"$tmp/session"
check "engine_race3_exits_0" test "$rc" -eq 0
line_is 1 'protocol triad 3' "engine_race3"
line_is 2 "position $start" "engine_race3"
line_is 3 'status running' "engine_race3"
line_is 4 'bestaction [123]' "engine_race3"
line_is 5 'legal 1 2 3' "engine_race3"
line_is 6 'ok' "engine_race3"
line_is 8 'status running' "engine_race3"
line_is 9 'ok' "engine_race3"
line_is 12 'error position random: expected a seed' "engine_race3"
line_is 13 'error .*9.*' "engine_race3"
line_is 14 "error go: .*depth.*" "engine_race3"

# match: A against N-1 copies of B, A in every seat of each setup.
status "match_race3_3_players" 0 match --game race3 --nplayers 3 --a mcts:playouts=100 --b random --games 60 \
    --seed 1 --quiet
check "match_3_players_counts_setups" grep -qx '60 games, 20 setups each played with A in every seat' "$tmp/out"
check "match_3_players_share_with_interval" grep -qE "^A's share of the points [0-9.]+%, 95% interval \[[0-9.]+, [0-9.]+\] \(an equal player's: 33.3%\)$" "$tmp/out"
check "match_3_players_rank_with_interval" grep -qE "^A's mean rank [0-9.]+, 95% interval \[[0-9.]+, [0-9.]+\] of 3" "$tmp/out"
status "match_race3_json" 0 match --game race3 --nplayers 3 --a mcts:playouts=100 --b random --games 60 \
    --seed 1 --quiet --json
check "match_3_players_json_shape" grep -qE '^\{"game":"race3","players":3,"a":"mcts:[^"]*","b":"random","games":60,"setups":20,"fair_share":0.333333,"share":[0-9.]+,"share_ci95":\[[-0-9.]+,[-0-9.]+\],"mean_rank":[0-9.]+,"mean_rank_ci95":\[[-0-9.]+,[-0-9.]+\],"mean_score":[0-9.]+,"mean_score_ci95":\[[-0-9.]+,[-0-9.]+\],"ranks":\[[0-9]+,[0-9]+,[0-9]+\]\}$' "$tmp/out"
ranks=$(sed -E 's/.*"ranks":\[([0-9,]+)\].*/\1/' "$tmp/out" | tr ',' '+')
check "match_3_players_ranks_add_up_to_the_games" test "$((ranks))" -eq 60
check "match_3_players_interval_holds_the_mean" awk -F'[][,:]' '{ for (i = 1; i <= NF; i++) if ($i ~ /"share"$/) m = $(i+1); else if ($i ~ /"share_ci95"$/) { lo = $(i+2); hi = $(i+3) } } END { exit !(lo <= m && m <= hi && m > 0 && m < 1) }' "$tmp/out"
# mcts beats random at race3 by a margin no seed could hide at 60 games
check "match_3_players_mcts_beats_random" awk -F'"share":' '{ split($2, a, ","); exit !(a[1] > 0.4) }' "$tmp/out"
status "match_race3_2_players_is_pentanomial" 0 match --game race3 --a random --b random --games 20 --seed 1 --quiet --json
check "match_2_players_json" grep -qE '"pentanomial":\[[0-9]+,[0-9]+,[0-9]+,[0-9]+,[0-9]+\],"game":"race3","players":2\}$' "$tmp/out"
bad "match_games_a_multiple_of_the_seats" "multiple of 3" match --game race3 --nplayers 3 --a random --b random --games 10
bad "match_sprt_is_for_2_players" "--sprt is for 2-player matches" match --game race3 --nplayers 3 --a random \
    --b random --games 9 --sprt elo0=0,elo1=10
bad "match_unknown_setup" "unknown setup 'nope' for race3" match --game race3 --a random --b random --games 2 --setup nope

# Data files (weights, boards) are found from any working directory, and a
# player's canonical spec names the game's default weights, not a path.
mkdir -p "$tmp/elsewhere"
(cd "$tmp/elsewhere" && "$bin" play --game talat --players greedy --seed 1 --quiet) >"$tmp/out" 2>"$tmp/err"
check "talat_players_find_their_weights_from_another_directory" grep -q '^result: ' "$tmp/out"
(cd "$tmp/elsewhere" && "$bin" selfplay --game trid --players ab --games 2 --seed 1 --quiet --out t.trd) 2>"$tmp/err"
check "trid_finds_its_board_and_weights_from_another_directory" test -s "$tmp/elsewhere/t.trd"
"$bin" records cat "$tmp/elsewhere/t.trd" >"$tmp/out" 2>"$tmp/err"
check "a_default_weights_spec_is_by_name_and_checksum" grep -qE ' ab:depth=2,wcrc=[0-9a-f]{8},weights=default ' "$tmp/out"
TRIAD_DATA=$tmp/nowhere run play --game talat --players greedy --seed 1 --quiet
check "TRIAD_DATA_that_holds_nothing_falls_back_to_the_others" grep -q '^result: ' "$tmp/out"

# --- the protocol reads back every position string show prints, for every game
# (issue 18, item 17: TRID's strings begin with the board's name, "hex5",
# which is also its setup's, and were taken for the setup).  For each game and
# player count `triad help` lists: a walk of 8 plies from the game's start
# (the legal action k*5+3 mod n at ply k), each position as `show` prints it
# sent as "position STRING" and read back with "print".
games=$("$bin" help | sed -n 's/^  \([a-z0-9]*\) .*, \([0-9]\)\( to \([0-9]\)\)\? players$/\1 \2 \4/p')
# The games help lists are the registry's: every game --version signs.
registered=$("$bin" --version | sed -n 's/^engine signatures: //p' | awk '{ for (i = 1; i < NF; i += 2) print $i }')
check "protocol_conformance_finds_the_games ($(echo "$games" | cut -d' ' -f1 | tr '\n' ' '))" \
    test -n "$registered" -a "$(echo "$games" | cut -d' ' -f1 | sort)" = "$(echo "$registered" | sort)"
while read -r game lo hi; do
    for ((np = lo; np <= ${hi:-$lo}; np++)); do
        pos=$("$bin" show --game "$game" --nplayers "$np" 2>/dev/null | tail -1)
        : >"$tmp/positions"
        for ((k = 0; k < 8; k++)); do
            [ -n "$pos" ] || break
            printf '%s\n' "$pos" >>"$tmp/positions"
            mapfile -t acts < <("$bin" legal --game "$game" --position "$pos" 2>/dev/null)
            [ "${#acts[@]}" -gt 0 ] || break
            pos=$("$bin" show --game "$game" --position "$pos" --actions "${acts[$(((k * 5 + 3) % ${#acts[@]}))]}" 2>/dev/null | tail -1)
        done
        sed 's/^/position /; a print' "$tmp/positions" | "$bin" engine --game "$game" --nplayers "$np" >"$tmp/eng" 2>&1
        n=$(wc -l <"$tmp/positions") bad_lines=0
        while read -r p; do
            grep -qxF "position $p" "$tmp/eng" || bad_lines=$((bad_lines + 1))
        done <"$tmp/positions"
        if [ "$n" -ge 2 ] && [ "$(grep -cx ok "$tmp/eng")" -eq "$n" ] && [ "$bad_lines" -eq 0 ]; then
            ok "protocol_reads_every_show_string: $game, $np players ($n positions)"
        else
            not_ok "protocol_reads_every_show_string: $game, $np players" \
                "$n positions, $(grep -cx ok "$tmp/eng") ok, $bad_lines not read back: $(grep -m1 error "$tmp/eng")"
        fi
    done
done <<<"$games"

# --- analyse --positions FILE (issue 20's depth measurements) ---------------------
printf '# two TZAAR mid-game positions\n%s\n\n%s\n' "$(sed -n 4p "$root/data/positions/tzaar-mid60.txt")" \
    "$(sed -n 5p "$root/data/positions/tzaar-mid60.txt")" >"$tmp/pos.txt"
status "analyse_positions_runs" 0 analyse --positions "$tmp/pos.txt" --player ab:nodes=3000 --json
check "analyse_positions_one_line_each_then_a_summary" test "$(grep -c '"depth"' "$tmp/out")" -eq 2 -a \
    "$(tail -1 "$tmp/out" | grep -c '"summary":true,"player":"ab:nodes=3000,noise=0,tt=16","positions":2,')" -eq 1
check "analyse_positions_node_limit_holds" grep -q '"nodes_mean":3000' "$tmp/out"
printf '%s\nnot a position\n' "$(sed -n 4p "$root/data/positions/tzaar-mid60.txt")" >"$tmp/badpos.txt"
bad "analyse_positions_bad_line_names_file_and_line" "badpos.txt:2:" analyse --positions "$tmp/badpos.txt" --player ab:depth=1
check "analyse_positions_bad_line_prints_no_result_first" test ! -s "$tmp/out"

# --game everywhere (issue 40 item 23): every records subcommand and match merge take it, checked against
# the files' game
"$bin" match --game race3 --a random --b random --games 4 --seed 1 --out "$tmp/gm.trd" --quiet >/dev/null 2>&1
for c in "records stats" "records cat" "records info" "records verify" "records export --format jsonl" \
    "records merge --out $tmp/gm-merged.trd" "match merge"; do
    read -ra words <<<"$c"
    status "${words[0]}_${words[1]}_takes_--game_of_its_files" 0 "${words[@]}" "$tmp/gm.trd" --game race3
    bad "${words[0]}_${words[1]}_refuses_--game_of_another_game" "--game tzaar, but $tmp/gm.trd holds a race3 run" \
        "${words[@]}" "$tmp/gm.trd" --game tzaar
    rm -f "$tmp/gm-merged.trd"
done
bad "records_stats_--game_unknown" "unknown game 'chess'" records stats "$tmp/gm.trd" --game chess

finish
