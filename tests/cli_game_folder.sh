#!/usr/bin/env bash
# cli_game_folder.sh BINARY — a game is one folder (issue 41): in a scratch
# copy of the tree, engine/connect4 copied to engine/connect5x with its
# names changed (connect4 -> connect5x, c4_ -> c5x_, in file names and
# text) and nothing else edited gives a game that builds, registers
# (--version signs it, help lists it), plays (perft, selfplay) and passes the
# conformance suite and its own tests (its tests/ folder, found by the
# build); the copy differs from the tree in that folder alone.  Then a rule
# broken in the copy alone fails the conformance suite, naming the game.
# BINARY's variant (build/VARIANT/triad) is the one built: its objects are
# copied, so only the new folder and the lists the build writes compile.
# Prints "ok - ..." / "not ok - ..." per check and "N passed, N failed".
set -u
bin=${1:?usage: tests/cli_game_folder.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_game_folder.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
here=$(cd "$(dirname "$0")/.." && pwd)

. "$here/tests/lib.sh"

build=$(dirname "$bin") variant=$(basename "$(dirname "$bin")")
case $variant in
    san) vars=(SAN=1) ;;
    debug) vars=(DEBUG=1) ;;
    release) vars=() ;;
    release-*) vars=("ARCH=${variant#release-}") ;;
    *) not_ok "a variant the Makefile builds" "$variant"; give_up ;;
esac
[ -d "$here/engine/connect4" ] || { not_ok "engine/connect4 exists" "no template"; give_up; }

# The tree's own top-level entries (git's list where there is one, so that
# no run's outputs are copied); data/ by a link (16 MB, read only).
tree=$tmp/tree
mkdir -p "$tree/build"
entries=$(git -C "$here" ls-files 2>/dev/null | cut -d/ -f1 | sort -u)
[ -n "$entries" ] || entries=$(ls "$here")
for f in $entries; do
    case $f in build | bin | data) ;; *) [ -e "$here/$f" ] && cp -a "$here/$f" "$tree/" ;; esac
done
ln -s "$here/data" "$tree/data"
cp -a "$build" "$tree/build/"
cp -a "$here/build/games.c" "$here/build/game_tests.c" "$tree/build/" 2>/dev/null

# The copy, every name changed.
rename() { sed -e 's/connect4/connect5x/g; s/CONNECT4/CONNECT5X/g; s/c4_/c5x_/g; s/C4_/C5X_/g' "$@"; }
(cd "$tree/engine" && cp -a connect4 connect5x && cd connect5x &&
    find . -depth -name '*connect4*' | while read -r f; do mv "$f" "$(dirname "$f")/$(basename "$f" | rename)"; done &&
    find . -type f | while read -r f; do rename "$f" >"$f.new" && mv "$f.new" "$f"; done) ||
    { not_ok "copy engine/connect4 to engine/connect5x" "cp, mv or sed failed"; give_up; }
check "the copy holds no old name" test -z "$(grep -rl 'connect4\|c4_' "$tree/engine/connect5x")"
diffs=$(cd "$tree" && for f in $entries; do
    case $f in build | bin | data) ;; *) [ -e "$here/$f" ] && diff -rq "$here/$f" "$f" ;; esac
done 2>&1 |
    grep -v '^Only in [^:]*: libtriad\.so$' | sed "s|^Only in $here/|Only in |")
check "the copy differs from the tree in engine/connect5x alone" test "$diffs" = "Only in engine: connect5x"

mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$tree" -j2 "${vars[@]}" "$@"; }
if ! mk "build/$variant/triad" "build/$variant/triad-tests" >"$tmp/make.log" 2>&1; then
    not_ok "the tree with engine/connect5x builds" "$(tail -5 "$tmp/make.log")"
    give_up
fi
check "the tree with engine/connect5x builds without a warning" test -z "$(grep -i 'warning' "$tmp/make.log")"
t=$tree/build/$variant/triad
check "the build's list of games has it" grep -q '&game_connect5x,' "$tree/build/games.c"
check "--version signs it" grep -q ' connect5x [0-9a-f]\{16\}' <("$t" --version)
check "help lists it" grep -q '^  connect5x ' <("$t" help)
check "perft from its start is Connect Four's" grep -q '^perft 6: 117649 nodes' <("$t" perft --game connect5x --depth 6)
check "it plays a self-play run" "$t" selfplay --game connect5x --games 6 --players ab:depth=2,noise=3 --seed 1 \
    --out "$tmp/c5.trd" --quiet
check "its records read back" grep -q '^games 6$' <("$t" records stats "$tmp/c5.trd")
tt=$tree/build/$variant/triad-tests
(cd "$tree" && "$tt" conformance) >"$tmp/conf.log" 2>&1
check "the conformance suite passes with it ($(tail -1 "$tmp/conf.log"))" grep -qx '[0-9]* passed, 0 failed' "$tmp/conf.log"
(cd "$tree" && "$tt" connect5x_) >"$tmp/own.log" 2>&1
check "its own tests run and pass ($(tail -1 "$tmp/own.log"))" \
    grep -qx '[1-9][0-9]* passed, 0 failed' "$tmp/own.log"

# A rule broken in the copy alone: a stone dropped without the turn passing.
sed -i 's/^    p->to_act ^= 1;$/    p->to_act ^= p->moves < 3;/' "$tree/engine/connect5x/rules.c"
if grep -q 'p->moves < 3' "$tree/engine/connect5x/rules.c" && mk "build/$variant/triad-tests" >"$tmp/make2.log" 2>&1; then
    (cd "$tree" && "$tt" conformance_playouts) >"$tmp/broken.log" 2>&1
    check "the conformance suite fails the broken copy, by name" grep -q 'FAIL .*connect5x' "$tmp/broken.log"
else
    not_ok "a broken copy builds" "$(tail -3 "$tmp/make2.log" 2>/dev/null)"
fi
finish
