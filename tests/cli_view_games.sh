#!/usr/bin/env bash
# cli_view_games.sh BINARY — `triad view` and `bias --html` on every game's
# records (issue 19, item 3): Talat with three seats, Talat's Zihin game,
# TRID with three seats.  For each: the site holds every game, a game's
# data has triad's position after every ply (`triad show --actions`), the
# --select keys speak the game's own names, and bias --html writes its page
# with a column per seat and links into the viewer that open the linked
# games.  Prints "ok - ..." / "not ok - ..." and "N passed, N failed".
set -u
bin=${1:?usage: tests/cli_view_games.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_view_games.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# The position strings of game G's data (every ply), one a line.
positions() { # SITE G
    grep "^triadGame({\"index\":$2," "$1/games/$(($2 / 32)).js" >/dev/null || return 1
    awk -v g="$2" 'index($0, "triadGame({\"index\":" g ",") == 1 { on = 1 } on && /^"positions":/ { print; exit }' \
        "$1/games/$(($2 / 32)).js" | sed 's/^"positions":\[//; s/\],$//' | sed 's/","/"\n"/g' | sed 's/^"//; s/"$//'
}

# check_game GAME NAME FILE GAMES: view and bias --html on FILE (GAMES
# games, in id order: one thread).
check_game() {
    local game=$1 name=$2 file=$3 games=$4 site=$tmp/site-$2
    if ! good "$name: view writes a site" view "$file" --out "$site"; then return; fi
    check "$name: the index lists $games games" test "$(grep -c '^\[' "$site/index-data.js")" -eq "$games"
    check "$name: the data holds $games games" test "$(cat "$site/games/"*.js | grep -c '^triadGame(')" -eq "$games"
    # Game 1: every ply's position in the data is triad's after those actions.
    "$bin" records cat --start "$file" >"$tmp/cat-$name.txt"
    local start acts n k want got wrong=0 checked=0
    start=$(sed -n 3p "$tmp/cat-$name.txt" | cut -d' ' -f3-)
    acts=$(sed -n 4p "$tmp/cat-$name.txt" | sed 's/^[^:]*: *//')
    positions "$site" 1 >"$tmp/pos-$name.txt"
    n=$(wc -w <<<"$acts")
    for k in 0 1 5 $((n / 2)) "$n"; do
        want=$("$bin" show --game "$game" --position "$start" --actions "$(tr ' ' '\n' <<<"$acts" | head -n "$k" | tr '\n' ' ')" | tail -1)
        got=$(sed -n "$((k + 1))p" "$tmp/pos-$name.txt")
        checked=$((checked + 1))
        [ -n "$want" ] && [ "$want" = "$got" ] || { wrong=$((wrong + 1)); echo "# ply $k: data '$got', triad '$want'"; }
    done
    check "$name: game 1's data has triad's position at plies 0, 1, 5, $((n / 2)), $n" test "$wrong" -eq 0 -a "$checked" -eq 5
    check "$name: the data has a line of status per ply" test "$(awk '/^"status":/ { print; exit }' "$site/games/0.js" | grep -o '","' | wc -l)" -ge 1
}

# --- the records ------------------------------------------------------------------
"$bin" selfplay --game talat --nplayers 3 --players random --setup random --rotations 3 --games 9 --seed 2 \
    --threads 1 --out "$tmp/talat.trd" --quiet &&
"$bin" selfplay --game talat --nplayers 2 --players random --setup random --rotations 2 --games 8 --seed 3 \
    --threads 1 --out "$tmp/zihin.trd" --quiet &&
"$bin" selfplay --game trid --nplayers 3 --players random --rotations 3 --games 6 --seed 4 \
    --threads 1 --out "$tmp/trid.trd" --quiet ||
    { echo "not ok - selfplay for the view tests"; echo "0 passed, 1 failed"; exit 1; }

check_game talat talat "$tmp/talat.trd" 9
check_game talat zihin "$tmp/zihin.trd" 8
check_game trid trid "$tmp/trid.trd" 6

# --- pages drawn from the game's tables --------------------------------------------
check "talat: the index's filters offer the game's setups" grep -q '<option>random</option><option>mirror</option>' "$tmp/site-talat/index.html"
check "talat: ... its endings" grep -q '<option>two_frozen</option><option>unfinished</option>' "$tmp/site-talat/index.html"
check "talat: ... and its seats" grep -q '<option>seat 0</option><option>seat 1</option><option>seat 2</option><option>none</option>' "$tmp/site-talat/index.html"
check "talat: the index has three seats" grep -q '"seats":\["seat 0","seat 1","seat 2"\],"points":true' "$tmp/site-talat/index-data.js"
check "zihin: the index has two seats" grep -q '"seats":\["seat 0","seat 1"\],"points":true' "$tmp/site-zihin/index-data.js"
check "trid: the index has three seats and TRID's endings" grep -q '"seats":\["seat 0","seat 1","seat 2"\],"points":false,"endings":\["last_row","chief_captured","draw"\]' "$tmp/site-trid/index-data.js"
check "talat: the viewer draws the three boards" test "$(grep -c "class='tl-bd'" "$tmp/site-talat/viewer.html")" -eq 3
check "trid: the viewer page has every seat's pieces in its defs" test "$(grep -o "<g id='tr[0-3][CSJ]'>" "$tmp/site-trid/viewer.html" | sort -u | wc -l)" -eq 12
check "trid: the data draws the board's walls and STOP cells" grep -q "class='tr-w'.*class='tr-s'" "$tmp/site-trid/games/0.js"

# --- --select by the game's names ------------------------------------------------------
# winner=seatK: the games whose result has seat K first alone (records stats
# would say the same; here the data's own "winner" field).
for name in talat trid; do
    f=$tmp/$name.trd
    total=0
    for k in 0 1 2; do
        run view "$f" --out "$tmp/sel-$name-$k" --select "winner=seat$k"
        got=$(sed -n 's/^\([0-9]*\) games.*/\1/p' "$tmp/out")
        want=$(cat "$tmp/site-$name/games/"*.js | grep -c "\"winner\":$k,")
        [ "$rc" -eq 0 ] && [ "$got" = "$want" ] && ok "$name: --select winner=seat$k picks the $want games seat $k won" ||
            not_ok "$name: --select winner=seat$k" "exit $rc, $got games, the data has $want"
        total=$((total + got))
    done
    run view "$f" --out "$tmp/sel-$name-none" --select "winner=none"
    none=$(sed -n 's/^\([0-9]*\) games.*/\1/p' "$tmp/out")
    check "$name: winner=seat0|seat1|seat2|none covers every game" test "$((total + none))" -eq "$(grep -c '^\[' "$tmp/site-$name/index-data.js")"
done
good "talat: --select 'winner=Seat 1' (any case, spaces)" view "$tmp/talat.trd" --out "$tmp/sel-x1" --select 'winner=Seat 1'
good "talat: --select seat=seat0|seat1|seat2 selects every finished game" view "$tmp/talat.trd" --out "$tmp/sel-x2" --select 'seat=seat0|seat1|seat2,ending=two_frozen'
check "... all 9" grep -q '^9 games' "$tmp/out"
good "talat: --select setup=random,ending=two_frozen" view "$tmp/talat.trd" --out "$tmp/sel-x3" --select 'setup=random,ending=two_frozen'
good "trid: --select ending=chief_captured|last_row|draw" view "$tmp/trid.trd" --out "$tmp/sel-x4" --select 'ending=chief_captured|last_row|draw'
check "... all 6" grep -q '^6 games' "$tmp/out"
bad "talat: --select ending=trinity is TZAAR's, not Talat's" "expected unfinished or two_frozen, got 'trinity'" view "$tmp/talat.trd" --out "$tmp/sel-x5" --select 'ending=trinity'
bad "trid: --select winner=white is TZAAR's" "expected none, seat 0, seat 1, seat 2 or seat 3, got 'white'" view "$tmp/trid.trd" --out "$tmp/sel-x6" --select 'winner=white'
bad "view of two games' records together" "holds a trid run, not talat" view "$tmp/talat.trd" "$tmp/trid.trd" --out "$tmp/sel-x7"
bad "view --game tzaar of Talat records" "holds a talat run, not tzaar" view "$tmp/talat.trd" --game tzaar --out "$tmp/sel-x8"

# --- bias --html ----------------------------------------------------------------------
for name in talat zihin trid; do
    out=$tmp/bias-$name
    if good "$name: bias --html" bias --records "$tmp/$name.trd" --html "$out"; then
        seats=$([ "$name" = zihin ] && echo 2 || echo 3)
        check "$name: bias --html: a share column per seat" test "$(grep -o '<th class="num">seat [0-3]</th>' "$out/index.html" | sort -u | wc -l)" -eq "$seats"
        check "$name: bias --html: by turn order" grep -q "By turn order" "$out/index.html"
        check "$name: bias --html: the rotation groups" grep -q "<h2>Rotation groups, " "$out/index.html"
        links=$(grep -o 'href="games/viewer.html?game=[0-9]*">[0-9]*<' "$out/index.html")
        wrong=0
        if [ -n "$links" ]; then
            while read -r l; do
                page=$(sed 's/.*game=\([0-9]*\)">.*/\1/' <<<"$l") id=$(sed 's/.*">\([0-9]*\)<$/\1/' <<<"$l")
                grep -q "^triadGame({\"index\":$page,\"id\":$id," "$out/games/games/$((page / 32)).js" || wrong=$((wrong + 1))
            done <<<"$links"
            check "$name: bias --html: the site holds every linked game" test "$(cat "$out/games/games/"*.js | grep -c '^triadGame(')" -eq "$(wc -l <<<"$links")"
        fi
        check "$name: bias --html: every link opens the game with its id" test "$wrong" -eq 0
        check "$name: bias --html: the one-sided groups' games come in whole groups" \
            test $(( $(wc -l <<<"$links") % seats )) -eq 0 -o -z "$links"
    fi
done
# A one-sided group in the Zihin records: some group of 2 the same arrangement
# won twice must be listed (the records hold one: the data's winners say so).
check "zihin: bias --html lists one-sided groups" grep -q "games/viewer.html?game=" "$tmp/bias-zihin/index.html"

# --- text from records is escaped ------------------------------------------------------
hostile=$tmp/'<img src=x onerror=alert(1)>&.trd'
cp "$tmp/trid.trd" "$hostile"
if good "trid: bias --html of a file with markup in its name" bias --records "$hostile" --html "$tmp/bias-h"; then
    check "... the page shows it escaped" grep -q '&lt;img src=x onerror=alert(1)&gt;&amp;.trd' "$tmp/bias-h/index.html"
    check "... and never raw" test -z "$(grep -l '<img src' "$tmp/bias-h/index.html" "$tmp/bias-h/games/"*.js "$tmp/bias-h/games/"*.html)"
fi
finish
