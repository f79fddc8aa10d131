#!/usr/bin/env bash
# cli.sh BINARY — command-line tests of triad: help, perft, show, legal and
# bench on good input (exact outputs where they are fixed), and bad input,
# which must exit 2 with exactly one line on stderr naming the problem and
# nothing on stdout.  Prints "ok - ..." / "not ok - ..." per check and ends
# with "N passed, N failed"; exits non-zero on any failure.
set -u
bin=${1:?usage: tests/cli.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
FIXED='cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC w 0'
DOTS='............................................................'


out() { cat "$tmp/out"; }

# --- help -----------------------------------------------------------------
if good "help exits 0" help; then
    for c in perft bench show legal help; do
        check "help lists $c" grep -qE "^  $c " "$tmp/out"
    done
    # The registered games, the test suite's toy game apart.
    check "help lists the games" sh -c "sed -n '/^games/,/^test games/p' '$tmp/out' | grep -qE '^  tzaar .*2 players'"
    check "help lists race3 as a test game" sh -c "sed -n '/^test games/,\$p' '$tmp/out' | grep -qE '^  race3 .*2 to 4 players'"
    # Each game's optional capabilities (engine/game.h), on the line below it.
    check "help lists tzaar's capabilities" sh -c "grep -A1 '^  tzaar ' '$tmp/out' | grep -qE '^ +capabilities: codec tuning study bench solver drawing'"
    check "help lists talat's capabilities" sh -c "grep -A1 '^  talat ' '$tmp/out' | grep -qE '^ +capabilities: scoring tuning study bench drawing board players network\$'"
fi
# help players and help games (issue 40 item 19): every kind, key, default and meaning, from the
# tables that parse them; an unknown topic is bad input
if good "help players exits 0" help players; then
    check "help players: TZAAR's ab with depth=4 and tt=16" sh -c "sed -n '/^tzaar /,/^talat /p' '$tmp/out' | grep -qE '^ +depth=4 ' && sed -n '/^tzaar /,/^talat /p' '$tmp/out' | grep -qE '^ +tt=16 '"
    check "help players: Talat's ab with tt=4" sh -c "sed -n '/^talat /,/^trid /p' '$tmp/out' | grep -qE '^ +tt=4 '"
    check "help players: TRID's ab with depth=2" sh -c "sed -n '/^trid /,/^race3 /p' '$tmp/out' | grep -qE '^ +depth=2 '"
    check "help players: mcts with playouts=1000" grep -qE '^ +playouts=1000 +playouts per action' "$tmp/out"
    check "help players: engine with cmd= and margin=100" sh -c "grep -qE '^ +cmd=\\.\\.\\. +required' '$tmp/out' && grep -qE '^ +margin=100 ' '$tmp/out'"
    check "help players is not the general help" sh -c "! grep -q 'usage: triad' '$tmp/out'"
fi
if good "help players talat exits 0" help players talat; then
    check "help players talat: only Talat's own kinds, then the generic ones" sh -c "! grep -q '^tzaar ' '$tmp/out' && grep -q '^talat ' '$tmp/out' && grep -qE '^  mcts ' '$tmp/out'"
fi
if good "help games exits 0" help games; then
    check "help games: TZAAR's setups, default marked" grep -qx '    setups: random (default), fixed, tournament, tournament-black' "$tmp/out"
    check "help games: TZAAR's seats and endings" sh -c "grep -qx '    seats: White, Black' '$tmp/out' && grep -qx '    endings: trinity, no_capture' '$tmp/out'"
    check "help games: TRID's players" grep -qx '    players: 2 to 4 (default 2)' "$tmp/out"
fi
bad "help of an unknown topic is bad input" "unknown topic 'nosuch'" help nosuch
bad "help players of an unknown game is bad input" "unknown game 'chess'" help players chess
bad "help selfplay with a stray word is bad input" "takes no more" help selfplay extra
run
check "no command exits 2" test "$rc" -eq 2
check "no command prints the usage on stderr" grep -q "usage: triad" "$tmp/err"
check "no command prints nothing on stdout" test ! -s "$tmp/out"
for c in perft show legal bench; do
    if good "$c --help exits 0" "$c" --help; then
        check "$c --help exits 0 and shows the usage" grep -q "^usage: triad $c" "$tmp/out"
        check "$c --help lists --help" grep -q -- "--help" "$tmp/out"
    fi
    good "$c -h exits 0" "$c" -h && check "$c -h shows the usage" grep -q "^usage: triad $c" "$tmp/out"
    if good "help $c exits 0" help "$c"; then
        check "help $c shows the usage" grep -q "^usage: triad $c" "$tmp/out"
    fi
done
good "perft --help with other options" perft --depth 3 --help &&
    check "perft --help wins over the other options" grep -q "^usage: triad perft" "$tmp/out"

# --- perft ----------------------------------------------------------------
want=(1 42 1797 260556)
for d in 0 1 2 3; do
    if good "perft --depth $d" perft --depth "$d" --setup fixed; then
        check "perft --depth $d counts ${want[$d]}" grep -qE "^perft $d: ${want[$d]} nodes" "$tmp/out"
    fi
done
if good "perft --json" perft --depth 3 --setup fixed --json; then
    check "perft --json: one object, exact keys and nodes" \
        grep -qxE '\{"depth":3,"nodes":260556,"seconds":[0-9]+\.[0-9]+,"nodes_per_second":[0-9]+\}' "$tmp/out"
    check "perft --json: one line" test "$(wc -l <"$tmp/out")" -eq 1 -a "$(grep -c '"nodes":260556,' "$tmp/out")" -eq 1
fi
if good "perft --depth=2 --bulk --json" perft --depth=2 --setup fixed --bulk --json; then
    check "perft --bulk counts the same" grep -q '"nodes":1797,' "$tmp/out"
fi
if good "perft --bulk --depth 3" perft --bulk --depth 3 --setup fixed; then
    check "perft --bulk --depth 3 counts 260556" grep -qE "^perft 3: 260556 nodes" "$tmp/out"
fi
if good "perft --divide" perft --depth 2 --setup fixed --divide; then
    check "perft --divide: 42 actions and the total" test "$(grep -cE '^[A-I][1-9]x[A-I][1-9]: [0-9]+$' "$tmp/out")" -eq 42
    check "perft --divide: the parts sum to 1797" \
        test "$(grep -E '^[A-I][1-9]x[A-I][1-9]: ' "$tmp/out" | awk '{s += $2} END {print s}')" -eq 1797
    check "perft --divide lists C5xC4" grep -qE '^C5xC4: [0-9]+$' "$tmp/out"
    check "perft --divide: total line" grep -qE "^perft 2: 1797 nodes" "$tmp/out"
fi
if good "perft --divide --json" perft --depth 2 --setup fixed --divide --json; then
    check "perft --divide --json shape" \
        grep -qxE '\{"divide":\{("[A-I][1-9]x[A-I][1-9]":[0-9]+,){41}"[A-I][1-9]x[A-I][1-9]":[0-9]+\},"depth":2,"nodes":1797,"seconds":[0-9.]+,"nodes_per_second":[0-9]+\}' "$tmp/out"
fi
if good "perft --position" perft --position "$FIXED" --depth 2; then
    check "perft --position of the fixed setup counts 1797" grep -qE "^perft 2: 1797 nodes" "$tmp/out"
fi
if good "perft --setup fixed" perft --setup fixed --depth 1; then
    check "perft --setup fixed counts 42" grep -qE "^perft 1: 42 nodes" "$tmp/out"
fi
if good "perft --setup tournament" perft --setup tournament --depth 2; then
    check "perft of the empty board counts 180 x 177" grep -qE "^perft 2: 31860 nodes" "$tmp/out"
fi
finished="abc${DOTS:0:55}BC w 1"
if good "perft of a finished game" perft --position "$finished" --depth 2 --json; then
    check "perft of a finished game is 0" grep -q '"nodes":0,' "$tmp/out"
fi
good "perft of a finished game at depth 0" perft --position "$finished" --depth 0 &&
    check "perft depth 0 is 1" grep -qE "^perft 0: 1 nodes" "$tmp/out"

# --- show -----------------------------------------------------------------
if good "show" show --setup fixed; then
    check "show draws the column letters" grep -qE '^ +A +B +C +D +E +F +G +H +I$' "$tmp/out"
    check "show draws the hole" grep -qF '()' "$tmp/out"
    check "show draws the board between two rows of column letters" \
        test "$(sed -n '1p' "$tmp/out")" = "$(sed -n '19p' "$tmp/out")"
    check "show says who acts" grep -q "White (a b c) to act" "$tmp/out"
    check "show ends with the position string" test "$(tail -n 1 "$tmp/out")" = "$FIXED"
    check "show draws 60 points" test "$(sed -n '2,18p' "$tmp/out" | grep -oE '(^| )[a-cA-C.][0-9]*' | wc -l)" -eq 60
fi
tall="a30${DOTS:0:56}B15C14A b 1"
if good "show --position" show --position "$tall"; then
    check "show --position ends with the same string" test "$(tail -n 1 "$tmp/out")" = "$tall"
    check "show draws heights" grep -qE '(^| )a30( |$)' "$tmp/out"
    check "show reports the finished game" grep -q "game over: Black wins (trinity)" "$tmp/out"
fi
if good "show --setup random --seed 3" show --setup random --seed 3; then
    r3=$(tail -n 1 "$tmp/out")
    run show --setup random --seed 3
    check "show --setup random is reproducible" test "$(tail -n 1 "$tmp/out")" = "$r3"
    run show --setup random --seed 4
    check "show --setup random depends on the seed" test "$(tail -n 1 "$tmp/out")" != "$r3"
    check "a random setup is a full board, White to open" grep -qxE '[a-cA-C]{60} w 0' <<<"$r3"
    if good "perft --setup random --seed 3" perft --setup random --seed 3 --depth 2; then
        n1=$(out)
        run perft --position "$r3" --depth 2
        check "perft --setup random --seed 3 equals perft of its string" test "$(out | cut -d' ' -f1-4)" = "$(echo "$n1" | cut -d' ' -f1-4)"
    fi
fi
if good "show --setup tournament" show --setup tournament; then
    check "show --setup tournament is the empty board" test "$(tail -n 1 "$tmp/out")" = "$DOTS w p"
fi

# --- legal ----------------------------------------------------------------
if good "legal" legal --setup fixed; then
    check "legal lists 42 opening captures" test "$(grep -cxE '[A-I][1-9]x[A-I][1-9]' "$tmp/out")" -eq 42
    check "legal lists nothing else" test "$(wc -l <"$tmp/out")" -eq 42
    check "legal lists C5xC4" grep -qx "C5xC4" "$tmp/out"
    sort "$tmp/out" >"$tmp/plain"
fi
if good "legal --json" legal --setup fixed --json; then
    check "legal --json shape" \
        grep -qxE '\{"actions":\[("[A-I][1-9]x[A-I][1-9]",){41}"[A-I][1-9]x[A-I][1-9]"\]\}' "$tmp/out"
    grep -oE '"[A-I][1-9][x+][A-I][1-9]"' "$tmp/out" | tr -d '"' | sort >"$tmp/json"
    check "legal --json lists the same actions" cmp -s "$tmp/json" "$tmp/plain"
fi
second="c2${DOTS:0:5}C${DOTS:0:49}abBA w 2"
if good "legal in a second action" legal --position "$second"; then
    check "legal lists pass last in a second action" test "$(tail -n 1 "$tmp/out")" = "pass"
fi
if good "legal --json in a second action" legal --position "$second" --json; then
    check "legal --json includes pass" grep -q '"pass"\]}$' "$tmp/out"
fi
if good "legal --setup tournament" legal --setup tournament; then
    check "legal lists 180 placements" test "$(grep -cxE '[abc]@[A-I][1-9]' "$tmp/out")" -eq 180
fi
run legal --position "$finished"
check "legal of a finished game exits 0" test "$rc" -eq 0
check "legal of a finished game lists nothing" test ! -s "$tmp/out"
check "legal of a finished game says who won" grep -qx "game over: White wins (trinity)" "$tmp/err"
if good "legal --json of a finished game" legal --position "$finished" --json; then
    check "legal --json of a finished game is empty" grep -qx '{"actions":\[\]}' "$tmp/out"
fi

# --- bench ----------------------------------------------------------------
if good "bench --reduce 3 --runs 1" bench --reduce 3 --runs 1; then
    check "bench prints the signature" grep -qE '^signature [0-9]+$' "$tmp/out"
    check "bench prints the speed" grep -qE 'M leaves/s' "$tmp/out"
    line=$(grep -E '^fixed setup ' "$tmp/out")
    d=$(sed -nE 's/.*depth ([0-9]+) +([0-9]+) leaves.*/\1/p' <<<"$line")
    d=${d:-9}
    n=$(sed -E 's/.*depth ([0-9]+) +([0-9]+) leaves.*/\2/' <<<"$line")
    check "bench counts the fixed setup right" test "${want[$d]:-x}" = "$n"
    sig=$(grep -E '^signature ' "$tmp/out" | cut -d' ' -f2)
    total=$(grep -oE 'depth [0-9]+ +[0-9]+ leaves' "$tmp/out" | awk '{s += $3} END {print s}')
    check "bench's signature is the sum of its counts" test -n "$sig" -a "$sig" = "$total"
    check "bench prints the search speed" grep -qE '^fixed-depth search: [0-9.]+ M nodes/s' "$tmp/out"
    ssig=$(sed -nE 's/^search signature ([0-9]+)$/\1/p' "$tmp/out")
    stotal=$(grep -oE '^search .* depth [0-9]+ +[0-9]+ nodes' "$tmp/out" | awk '{s += $(NF-1)} END {print s}')
    check "bench's search signature is the sum of its node counts" test -n "$ssig" -a "$ssig" = "$stotal"
    esig=$(sed -nE 's/^engine signature ([0-9a-f]{16})$/\1/p' "$tmp/out")
fi
if good "bench --json" bench --reduce 3 --runs 1 --json; then
    check "bench --json is one object with the signatures" \
        grep -qxE '\{"game":"tzaar","positions":\[.*\],"signature":[0-9]+,"seconds":[0-9.]+,"nodes_per_second":[0-9]+,"search_signature":[0-9]+,"search_seconds":[0-9.]+,"search_nodes_per_second":[0-9]+,"engine_signature":"[0-9a-f]{16}","runs":1\}' "$tmp/out"
    check "bench --json signature matches the text one" grep -q "\"signature\":${sig:-x}," "$tmp/out"
    check "bench --json search signature matches the text one" grep -q "\"search_signature\":${ssig:-x}," "$tmp/out"
    check "bench --json engine signature matches the text one" grep -q "\"engine_signature\":\"${esig:-x}\"" "$tmp/out"
fi
# The signatures are pinned in each game's bench table (game_bench.pins),
# checked by tests/test_bench.c over every game; here bench's engine signature must be the one records carry
# (triad --version --json, computed apart from the bench's timed runs).
vsig=$("$bin" --version --json 2>/dev/null | grep -oE '"tzaar":"[0-9a-f]{16}"' | cut -d'"' -f4)
check "bench --reduce 3: engine signature is the one records carry" test -n "${esig:-}" -a "${esig:-}" = "$vsig"
if good "bench --signature" bench --signature; then
    check "bench --signature prints the engine signature alone" test "$(out)" = "${esig:-x}"
fi
if good "bench --signature --json" bench --signature --json; then
    check "bench --signature --json" grep -qx "{\"game\":\"tzaar\",\"engine_signature\":\"${esig:-x}\"}" "$tmp/out"
fi

# --- bad input: exit 2, one line on stderr naming the problem -------------
bad "unknown command" "frobnicate" frobnicate
bad "unknown command that looks like a flag" "--frob" --frob
bad "unknown flag" "--frob" perft --depth 1 --frob
bad "unknown flag for show" "--depth" show --depth 2
bad "missing --depth" "--depth" perft
bad "missing --depth with a position" "--depth" perft --setup fixed
bad "--depth abc" "abc" perft --depth abc
bad "--depth 99" "99" perft --depth 99
bad "--depth -1" "-1" perft --depth -1
bad "--depth 2x" "2x" perft --depth 2x
bad "--depth without a value" "--depth" perft --depth
bad "--depth=" "--depth" perft --depth=
bad "a flag given a value" "--json" perft --depth 1 --json=yes
bad "a stray argument" "extra" show extra
bad "malformed position: wrong character" "offset 3" show --position "cCCxCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC w 0"
bad "malformed position: too few points" "offset 59" perft --depth 1 --position "${FIXED:0:59} w 0"
bad "malformed position: missing side" "offset 60" legal --position "${FIXED:0:60}"
bad "malformed position: bad phase" "offset 63" legal --position "${FIXED:0:60} w 7"
bad "malformed position: height 1" "offset 1" show --position "c1${FIXED:1}"
bad "impossible position: phase 0 with side b" "bad position" show --position "${FIXED:0:60} b 0"
bad "impossible position: 7 White Tzaars" "Tzaar" show --position "aaaaaaabc${DOTS:0:48}ABC w 1"
bad "--setup bogus" "bogus" show --setup bogus
bad "--setup bogus for perft" "bogus" perft --depth 1 --setup bogus
run show --setup random
cp "$tmp/out" "$tmp/seedless"
run show --setup random --seed 1
check "--setup random without --seed is seed 1 (every command's default)" cmp -s "$tmp/out" "$tmp/seedless"
run legal
cp "$tmp/out" "$tmp/seedless"
run legal --setup random --seed 1
check "legal's default start is the game's default setup, seed 1" cmp -s "$tmp/out" "$tmp/seedless"
bad "--seed without random" "--seed" show --setup fixed --seed 5
bad "--seed abc" "abc" show --setup random --seed abc
bad "--seed -1" "-1" show --setup random --seed -1
bad "--position and --setup together" "--position" show --position "$FIXED" --setup fixed
bad "--position and --setup together (perft)" "--setup" perft --depth 1 --setup tournament --position "$FIXED"
bad "bench --runs 0" "--runs" bench --runs 0
bad "bench --reduce 9" "--reduce" bench --reduce 9
bad "bench unknown flag" "--depth" bench --depth 3
bad "bench unknown game" "chess" bench --game chess

# --- progress on a terminal (issue 18, item 23) ----------------------------------
# bench, and perft from depth 5, draw a bar on stderr when it is a terminal
# (here a pseudo-terminal), nothing with --quiet; stdout keeps only figures.
pty=$(dirname "${BASH_SOURCE[0]}")/pty_run.py
ENDGAME="....C5.....c5b...b.c.b2..c2a.c.c...a2c.A2C.....b.BB..c..B.B4BaAA.BC b 2"
if command -v python3 >/dev/null; then
    python3 "$pty" "$tmp/tty" "$bin" bench --reduce 3 --runs 1 >"$tmp/out"
    check "bench: a progress bar on a terminal" grep -qaE 'bench tzaar \[[#.]{24}\] [0-9]+/[0-9]+  perft fixed setup, run 1 of 1' "$tmp/tty"
    check "bench: the bar names the search steps too" grep -qa 'search midgame, white, run 1 of 1' "$tmp/tty"
    check "bench: stdout holds the figures alone" test "$(grep -c $'\r\\|\033' "$tmp/out")" -eq 0 -a "$(grep -c '^engine signature' "$tmp/out")" -eq 1
    python3 "$pty" "$tmp/tty" "$bin" bench --reduce 3 --runs 1 --quiet >"$tmp/out"
    check "bench --quiet: no progress" test ! -s "$tmp/tty"
    python3 "$pty" "$tmp/tty" "$bin" perft --depth 5 --position "$ENDGAME" >"$tmp/out"
    check "perft --depth 5: a progress bar on a terminal" grep -qaE 'perft 5 \[[#.]{24}\] [0-9]+/[0-9]+  below [A-I][1-9]' "$tmp/tty"
    check "perft --depth 5: the count is the game's" grep -qE '^perft 5: [0-9]+ nodes' "$tmp/out"
    python3 "$pty" "$tmp/tty" "$bin" perft --depth 5 --position "$ENDGAME" --quiet >"$tmp/out2"
    check "perft --quiet: no progress, the same count" \
        test ! -s "$tmp/tty" -a "$(cut -d' ' -f3 "$tmp/out")" = "$(cut -d' ' -f3 "$tmp/out2")"
    python3 "$pty" "$tmp/tty" "$bin" perft --depth 4 >"$tmp/out"
    check "perft --depth 4: quick, no progress" test ! -s "$tmp/tty"
    python3 "$pty" "$tmp/tty" "$bin" perft --game race3 --depth 7 --divide >"$tmp/out"
    check "perft --divide --depth 7 (race3): the bar, and the count below every action" \
        test "$(grep -caE 'perft 7 \[' "$tmp/tty")" -ge 1 -a "$(grep -c '^[123]: 729$' "$tmp/out")" -eq 3
    python3 "$pty" "$tmp/tty" "$bin" perft --game race3 --depth 8 >"$tmp/out"
    check "perft --depth 8 (race3): two plies split, the total unchanged" \
        grep -qaE 'perft 8 \[[#.]{24}\] [0-9]+/9  below [123] [123]' "$tmp/tty"
    check "perft --depth 8 (race3): 6561 leaves" grep -qE '^perft 8: 6561 nodes' "$tmp/out"
else
    not_ok "python3 for the terminal tests" "not found"
fi

finish
