#!/bin/sh
# games.sh OUT FILE... — writes OUT, the registry's list of games
# (engine/registry.c's game_registered[]), from the GAME_REGISTER(ORDER,
# game_NAME) lines of the FILEs (engine/game.h): every game in the tree,
# by ORDER, then by name.  The Makefile runs it on engine/*/*.c as it is
# read.  OUT is rewritten only when its text changes, so that a make with
# nothing new rebuilds nothing.  A GAME_REGISTER line it cannot read
# becomes an #error in OUT naming the file and line: the build stops there.
# POSIX sh, grep, sed and sort only.
set -u
out=${1:?usage: engine/games.sh OUT FILE...}
shift
LC_ALL=C
export LC_ALL
tmp=$out.tmp.$$
trap 'rm -f "$tmp"' EXIT
{
    echo '/* games.c — written by engine/games.sh from the GAME_REGISTER lines of'
    echo ' * files in the game folders (engine/game.h): do not edit; make rebuilds it. */'
    echo '#include <stddef.h>'
    echo '#include "engine/game.h"'
    echo
    # "FILE:LINE:GAME_REGISTER(10, game_tzaar);" -> "10 game_tzaar" or "#error ..."
    lines=$(grep -n '^GAME_REGISTER(' "$@" /dev/null |
        sed -e 's/^\([^:]*:[0-9]*\):GAME_REGISTER( *\([0-9][0-9]*\) *, *\(game_[A-Za-z0-9_]*\) *) *; *\(\/[/*].*\)\{0,1\}$/\2 \3/' \
            -e 't' -e 's/^\([^:]*:[0-9]*\):.*/#error "\1: a GAME_REGISTER line reads GAME_REGISTER(ORDER, game_NAME); (engine\/game.h)"/')
    printf '%s\n' "$lines" | grep '^#error' || true
    games=$(printf '%s\n' "$lines" | grep -v '^#error' | grep . | sort -k1,1n -k2,2)
    printf '%s\n' "$games" | sed -n 's/^[0-9]* \(.*\)/extern const game_def \1;/p'
    echo
    echo 'extern const game_def *const game_registered[];'
    echo 'const game_def *const game_registered[] = {'
    printf '%s\n' "$games" | sed -n 's/^[0-9]* \(.*\)/    \&\1,/p'
    echo '    NULL,'
    echo '};'
} >"$tmp" || exit 1
if ! cmp -s "$tmp" "$out" 2>/dev/null; then
    mv -f "$tmp" "$out"
fi
