#!/usr/bin/env bash
# cli_players.sh BINARY — command-line tests of play, analyse and engine:
# reproducible games, the analyse output and its JSON, a scripted engine
# session (answers checked line by line) that survives garbage lines, and bad
# input, which must exit 2 with one line on stderr naming the problem.
# Prints "ok - ..." / "not ok - ..." per check and "N passed, N failed".
set -u
bin=${1:?usage: tests/cli_players.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_players.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
FIXED='cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC w 0'



# play: a game is a function of its command line; seeds vary it.
run play --white ab:depth=2 --black greedy --setup random --seed 3
cp "$tmp/out" "$tmp/game1"
check "play ends with a result line" grep -qE '^result: (1-0|0-1) \((White|Black) wins by (trinity|no capture) after [0-9]+ turns\)$' "$tmp/game1"
check "play prints turns" grep -qE '^ +1\. White  [A-I][1-9]x[A-I][1-9]$' "$tmp/game1"
run play --white ab:depth=2 --black greedy --setup random --seed 3
check "play is reproducible" cmp -s "$tmp/out" "$tmp/game1"
run play --white random --black random --setup fixed --seed 1 --quiet
cp "$tmp/out" "$tmp/r1"
run play --white random --black random --setup fixed --seed 2 --quiet
check "play --quiet prints the result only" test "$(wc -l <"$tmp/r1")" -eq 1
run play --white random --black random --setup fixed --seed 1
cp "$tmp/out" "$tmp/g1"
run play --white random --black random --setup fixed --seed 2
differ() { ! cmp -s "$1" "$2"; }
check "seeds give different games" differ "$tmp/out" "$tmp/g1"
run play --white greedy --black ab:depth=1 --setup tournament --seed 5
check "tournament setup: placements are played" grep -qE '^ +White places [abc]@[A-I][1-9]$' "$tmp/out"
check "tournament game ends" grep -q '^result: ' "$tmp/out"
# Placement policies (place=, docs/players.md): the canonical specs name
# them, the game is placed and played out, a seed reproduces it.
run play --white ab:depth=1,place=search --black greedy:ptemp=20,place=soft --setup tournament --seed 5
cp "$tmp/out" "$tmp/placed"
check "place=: canonical specs" grep -qzE '^White: ab:depth=1,noise=0,place=search,tt=16
Black: greedy:place=soft,ptemp=20
' "$tmp/placed"
check "place=: 60 placements, then the game ends" test "$(grep -cE '^ +(White|Black) places [abcABC]@[A-I][1-9]$' "$tmp/placed")" -eq 60
check "place=: the game ends" grep -q '^result: ' "$tmp/placed"
run play --white ab:depth=1,place=search --black greedy:ptemp=20,place=soft --setup tournament --seed 5
check "place=: a seed reproduces the game" cmp -s "$tmp/out" "$tmp/placed"
run play --white greedy:place=random --black greedy:place=random --setup tournament --seed 6 --quiet
check "place=random plays" grep -q '^result: ' "$tmp/out"

# analyse
run analyse --setup fixed --player ab:depth=3
check "analyse prints action, score, depth, nodes, nps, pv" \
    grep -qzE '^action [A-I][1-9]x[A-I][1-9]
score -?[0-9]+
depth 3
nodes [0-9]+
nodes_per_second [0-9]+
pv [A-I]' "$tmp/out"
run analyse --position "$FIXED" --player ab:nodes=2000 --json
check "analyse --json" grep -qE '^\{"action":"[A-I][1-9]x[A-I][1-9]","score":-?[0-9]+,"depth":[0-9]+,"nodes":2000,"nodes_per_second":[0-9]+,"pv":\["[A-I][1-9]x[A-I][1-9]"(,"[^"]+")*\]\}$' "$tmp/out"

# engine: a scripted session, garbage included
cat >"$tmp/session" <<'END'
protocol
isready
player ab:depth=2
position fixed
go
this is garbage
go depth x
position nonsense w 1
actions Z9xZ8
player ab:depht=2

option nodes=500
go depth 0 nodes 300
position fixed actions H3xG3
print
seed 7
legal
quit
position fixed
END
run engine <"$tmp/session"
check "engine exits 0" test "$rc" -eq 0
line_is 1 'protocol triad 3' "engine"
line_is 2 'readyok' "engine"
line_is 3 'ok' "engine"
line_is 4 'ok' "engine"
line_is 5 'info depth 1 score -?[0-9]+ nodes [0-9]+ nps [0-9]+ time [0-9]+ pv [A-I][1-9]x[A-I][1-9]' "engine"
line_is 6 'info depth 2 .* pv [A-I][1-9]x[A-I][1-9] [A-I][1-9][x+][A-I][1-9]|info depth 2 .* pv [A-I][1-9]x[A-I][1-9] pass' "engine"
line_is 7 'bestaction [A-I][1-9]x[A-I][1-9]' "engine"
line_is 8 "error unknown command 'this'" "engine"
line_is 9 'error go: .*' "engine"
line_is 10 'error .*' "engine"
line_is 11 'error .*' "engine"
line_is 12 "error player 'ab': unknown option 'depht' \\(expected depth, .*; triad help players\\)" "engine"
line_is 13 'ok' "engine"
line_is 14 'info depth [0-9]+ .*' "engine"
n=$(grep -c '^bestaction' "$tmp/out")
check "engine answers both go commands" test "$n" -eq 2
check "engine: go nodes 300 obeys the node limit" grep -qE '^info .* nodes ([0-9]|[0-9][0-9]|[12][0-9][0-9]|300) ' "$tmp/out"
check "engine: position ... actions applies them" grep -qE '^position [.a-cA-C0-9]{59,} b 1$' "$tmp/out"
check "engine: status" grep -qx 'status running' "$tmp/out"
check "engine: legal lists Black's captures" grep -qE '^legal( [A-I][1-9]x[A-I][1-9])+$' "$tmp/out"
check "engine: nothing after quit" test "$(tail -1 "$tmp/out" | cut -c1-5)" = "legal"
printf 'isready\n' | "$bin" engine >"$tmp/out" 2>&1
check "engine: end of input ends cleanly" test "$?" -eq 0 -a "$(cat "$tmp/out")" = "readyok"
printf 'go\n' | "$bin" engine --player ab:depth=1 >"$tmp/a"
printf 'go\n' | "$bin" engine --player ab:depth=1 >"$tmp/b"
check "engine: reproducible answers" test "$(grep bestaction "$tmp/a")" = "$(grep bestaction "$tmp/b")"

# docs/protocol.md's transcripts (issue 40 item 20), replayed against triad engine: each block of
# "    $ triad engine ARGS", "    > COMMAND" and "    < ANSWER" lines; the answers must come line for line,
# whole, but for the figures of nps and time, which vary
doc=$(dirname "${BASH_SOURCE[0]}")/../docs/protocol.md
blocks=$(grep -c '^    \$ triad engine' "$doc")
check "protocol_md_has_two_transcripts" test "$blocks" -ge 2
for ((k = 1; k <= blocks; k++)); do
    awk -v k="$k" '/^    \$ triad engine/ { b++ } b == k && /^    [$<>] / { print substr($0, 5) }' "$doc" >"$tmp/block"
    read -ra eargs <<<"$(sed -n '1s/^\$ triad engine *//p' "$tmp/block")"
    sed -n 's/^> //p' "$tmp/block" >"$tmp/in"
    sed -n 's/^< //p' "$tmp/block" >"$tmp/want"
    RUN_TIMEOUT=60 run engine "${eargs[@]}" <"$tmp/in"
    same=$(awk 'NR == FNR { want[FNR] = $0; n = FNR; next }
                { got[FNR] = $0; m = FNR }
                END {
                    if (n != m) { print "answers: " m ", the transcript has " n; exit }
                    for (i = 1; i <= n; i++) {
                        w = want[i]; g = got[i]
                        gsub(/ nps [0-9]+ time [0-9]+ /, " nps N time N ", w)
                        gsub(/ nps [0-9]+ time [0-9]+ /, " nps N time N ", g)
                        if (w != g) { print "line " i ": got \"" got[i] "\", the transcript says \"" want[i] "\""; exit }
                    }
                }' "$tmp/want" "$tmp/out")
    check "protocol_md_transcript_$k (${eargs[*]:-tzaar}) is what triad engine answers${same:+: $same}" \
        test "$rc" -eq 0 -a -z "$same"
done

# play when slow (issue 40 item 22): each turn's line leaves at once, also into a pipe or a file (here:
# still there after the game is stopped half-way), and who is thinking shows on stderr — on a terminal,
# or with --progress on any stderr; otherwise, and with --quiet, stderr stays empty
timeout 4 "$bin" play --white random --black ab:depth=12 --seed 1 >"$tmp/slow.out" 2>"$tmp/slow.err"
slow_rc=$?
check "play_writes_each_turn_at_once_into_a_file (stopped half-way: exit $slow_rc)" \
    sh -c "[ $slow_rc -ne 0 ] && grep -qE '^ +1\. White +[A-I][1-9]x[A-I][1-9]\$' '$tmp/slow.out'"
check "play_shows_no_progress_on_a_stderr_that_is_no_terminal" test ! -s "$tmp/slow.err"
TRIAD_PROGRESS_SECONDS=0.2 timeout 4 "$bin" play --white random --black ab:depth=12 --seed 1 --progress \
    >/dev/null 2>"$tmp/slow.err"
check "play_--progress_says_who_is_thinking_every_period" \
    test "$(grep -cE '^play: action 2, Black \(ab:depth=12,noise=0,tt=16\) to act, 0:0[0-9]$' "$tmp/slow.err")" -ge 3
python3 "$(dirname "${BASH_SOURCE[0]}")/pty_run.py" "$tmp/tty.err" "$bin" play --white ab:depth=2 --black greedy --seed 3 >/dev/null
check "play_on_a_terminal_shows_who_is_thinking" grep -q 'play: action 1, White (ab:depth=2,noise=0,tt=16) to act' "$tmp/tty.err"
TRIAD_PROGRESS_SECONDS=0.2 "$bin" play --white ab:depth=2 --black greedy --seed 3 --quiet --progress >/dev/null 2>"$tmp/q.err"
check "play_--quiet_--progress_stays_quiet" test ! -s "$tmp/q.err"

# one name for one thing (issue 40 item 24): print names the ending as records do
printf 'position C...........c.........A4....a2b2...........B2................... w 1\nprint\n' | "$bin" engine >"$tmp/out" 2>&1
check "engine_print_names_the_ending_as_records_do (no_capture)" grep -qx 'status over black no_capture' "$tmp/out"

# bad input
bad "rejects: play --white random" "--white and --black go together" play --white random
bad "rejects: play --white minimax --black random" "unknown player 'minimax'" play --white minimax --black random
bad "rejects: play --white random --black ab:depht=3" "unknown option 'depht'" play --white random --black ab:depht=3
bad "rejects: analyse --player ab:depth=x" "bad value 'x' for 'depth'" analyse --player ab:depth=x
bad "rejects: play --white random --black random --setup nope" "unknown setup 'nope'" play --white random --black random --setup nope
bad "rejects: play --white ab:place=foo --black random --setup tournament" "player 'ab': bad value 'foo' for 'place': expected eval, search, soft or random" play --white ab:place=foo --black random --setup tournament
bad "rejects: play --white greedy:place=soft,ptemp=-1 --black random --setup tournament" "bad value '-1' for 'ptemp'" play --white greedy:place=soft,ptemp=-1 --black random --setup tournament
bad "rejects: play --white ab:ptemp=5 --black random" "ptemp= is place=soft's temperature, and place is eval" play --white ab:ptemp=5 --black random
bad "rejects: play --white random:place=eval --black random" "unknown option 'place'" play --white random:place=eval --black random
bad "rejects: analyse --position ........................................................cC.A w 1" "game is over" analyse --position '........................................................cC.A w 1'
bad "rejects: analyse --player ab:weights=no/such/file" "weights: no/such/file" analyse --player ab:weights=no/such/file
bad "rejects: engine --bogus" "unknown option '--bogus'" engine --bogus

finish
