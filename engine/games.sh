#!/bin/sh
# games.sh [--tests] OUT FILE... — writes OUT, a list the build finds in the
# game folders, from lines that begin at a line's first column:
#
#   games.sh OUT engine/*/*.c          the registry's list of games,
#       game_registered[] (engine/registry.c), from each game's
#       GAME_REGISTER(ORDER, game_NAME); line (engine/game.h): by ORDER,
#       then by name;
#   games.sh --tests OUT engine/*/tests/*.c    the game folders' own test
#       suites, game_test_suites[] (tests/main.c), from each suite's
#       GAME_TESTS(tests_NAME); line (tests/check.h): in the files' order.
#
# The Makefile runs it as it is read.  OUT is rewritten only when its text
# changes, so that a make with nothing new rebuilds nothing.  A line it
# cannot read becomes an #error in OUT naming the file and line: the build
# stops there.  POSIX sh, grep, sed and sort only.
set -u
macro=GAME_REGISTER
[ "${1:-}" = --tests ] && { macro=GAME_TESTS; shift; }
out=${1:?usage: engine/games.sh [--tests] OUT FILE...}
shift
LC_ALL=C
export LC_ALL
tmp=$out.tmp.$$
trap 'rm -f "$tmp"' EXIT
# "FILE:LINE:GAME_REGISTER(10, game_tzaar);" -> "10 game_tzaar" (GAME_TESTS:
# "0 tests_x", keeping the files' order), or an #error naming FILE:LINE.
if [ "$macro" = GAME_REGISTER ]; then
    want='\([0-9][0-9]*\) *, *\(game_[A-Za-z0-9_]*\)' keep='\2 \3' form='GAME_REGISTER(ORDER, game_NAME);'
else
    want='\(tests_[A-Za-z0-9_]*\)' keep='0 \2' form='GAME_TESTS(tests_NAME);'
fi
lines=$(grep -n "^$macro(" "$@" /dev/null |
    sed -e "s/^\([^:]*:[0-9]*\):$macro( *$want *) *; *\(\/[/*].*\)\{0,1\}\$/$keep/" \
        -e 't' -e "s|^\([^:]*:[0-9]*\):.*|#error \"\1: a $macro line reads $form\"|")
errors=$(printf '%s\n' "$lines" | grep '^#error')
items=$(printf '%s\n' "$lines" | grep -v '^#error' | grep . | sort -s -k1,1n)
[ "$macro" = GAME_REGISTER ] && items=$(printf '%s\n' "$items" | sort -k1,1n -k2,2)
{
    echo "/* $(basename "$out") — written by engine/games.sh from the $macro lines of"
    echo ' * files in the game folders: do not edit; make rebuilds it. */'
    echo '#include <stddef.h>'
    if [ "$macro" = GAME_REGISTER ]; then
        echo '#include "engine/game.h"'
        type='const game_def' array='game_registered' ref='\&'
    else
        echo '#include "tests/check.h"'
        type='const test_case' array='game_test_suites' ref=''
    fi
    echo
    [ -n "$errors" ] && printf '%s\n' "$errors"
    if [ "$macro" = GAME_REGISTER ]; then
        printf '%s\n' "$items" | sed -n "s/^[0-9]* \(.*\)/extern $type \1;/p"
    else
        printf '%s\n' "$items" | sed -n "s/^[0-9]* \(.*\)/extern $type \1[];/p"
    fi
    echo
    echo "extern $type *const $array[];"
    echo "$type *const $array[] = {"
    printf '%s\n' "$items" | sed -n "s/^[0-9]* \(.*\)/    $ref\1,/p"
    echo '    NULL,'
    echo '};'
} >"$tmp" || exit 1
if ! cmp -s "$tmp" "$out" 2>/dev/null; then
    mv -f "$tmp" "$out"
fi
