#!/bin/sh
# fnlen.sh [--max N] [FILE...] — the C functions longer than a screen: every
# function whose body (the lines between its opening "{" and its closing
# "}", both at a line's first column, the tree's style) is over 80 lines,
# one a line as "LINES FILE:LINE SIGNATURE", longest first.  FILEs default
# to every .c and .h file of the tree outside build/.  With --max N, exits
# 1 when more than N functions are over 80 lines (tests/cli_scripts.sh keeps
# the tree at 4 or fewer: the house rule is "functions under ~80 lines").
set -u
max=
if [ "${1:-}" = --max ]; then
    max=${2:?usage: scripts/fnlen.sh [--max N] [FILE...]}
    shift 2
fi
. "$(dirname "$0")/caller.sh" # FILEs given are the caller's; the script runs in the checkout
cd "$(dirname "$0")/.." || exit 2
if [ $# -gt 0 ]; then
    for f; do shift; set -- "$@" "$(caller_path "$f")"; done
fi
if [ $# -eq 0 ]; then
    set -- $(find . -path ./build -prune -o \( -name '*.c' -o -name '*.h' \) -print | sed 's|^\./||' | sort)
fi
long=$(awk '
    /^\{/ { start = FNR; name = prev; inbody = 1; next }
    inbody && /^\}/ { if (FNR - start - 1 > 80) printf "%d %s:%d %s\n", FNR - start - 1, FILENAME, start, name; inbody = 0; next }
    !inbody && /^[A-Za-z_].*\(/ { prev = $0 }
    FNR == 1 { inbody = 0 }
' "$@" | sort -rn)
[ -n "$long" ] && printf '%s\n' "$long"
count=$(printf '%s' "$long" | grep -c . || true)
if [ -n "$max" ] && [ "$count" -gt "$max" ]; then
    echo "fnlen.sh: $count functions over 80 lines, more than $max" >&2
    exit 1
fi
exit 0
