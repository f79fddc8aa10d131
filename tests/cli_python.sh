#!/usr/bin/env bash
# cli_python.sh BINARY — the Python module python/triad (tests/python/
# test_triad.py) against BINARY and the libtriad.so built beside it, with
# Debian's python3 (/usr/bin/python3 when present: the module needs nothing
# else).  Under the sanitizer build the library needs the ASan runtime
# loaded first (LD_PRELOAD) and leaks of python3 itself are not ours.
# Prints "ok - ..." / "not ok - ..." per check and "N passed, N failed".
set -u
bin=${1:?usage: tests/cli_python.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
here=$(cd "$(dirname "$0")" && pwd)

. "$here/lib.sh"
lib=$(dirname "$bin")/libtriad.so
py=/usr/bin/python3
[ -x "$py" ] || py=$(command -v python3)
if [ -z "$py" ] || [ ! -e "$lib" ]; then
    not_ok "python3 ($py) and $lib are needed" "scripts/setup.sh installs python3; make builds the library"
    give_up
fi
# The module's tests count their own checks and print the closing line.
preload=
asan=$(ldd "$lib" | awk '/libasan/ { print $3 }')
[ -n "$asan" ] && preload=$asan
TRIAD_LIB=$lib LD_PRELOAD=$preload ASAN_OPTIONS=detect_leaks=0 PYTHONDONTWRITEBYTECODE=1 \
    "$py" "$here/python/test_triad.py" "$bin" "$tmp"
