#!/usr/bin/env bash
# setup.sh [fuzz] — installs what triad needs on a Debian machine, when
# missing: a C compiler and make, zlib and GSL headers, gnuplot (plots),
# Debian's python3 (the Python module python/triad and its tests); with
# the argument fuzz also clang and its libFuzzer runtime (make fuzz, make
# fuzz-ci; scripts/test.sh asks for them).  Quiet when everything is there
# already.
set -euo pipefail
case ${1:-} in
    "" | fuzz) ;;
    *) echo "usage: scripts/setup.sh [fuzz]" >&2; exit 2 ;;
esac

need=()
command -v cc >/dev/null 2>&1 || need+=(gcc libc6-dev)
command -v make >/dev/null 2>&1 || need+=(make)
[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
[ -f /usr/include/gsl/gsl_multimin.h ] || need+=(libgsl-dev)
command -v gnuplot >/dev/null 2>&1 || need+=(gnuplot-nox)
[ -x /usr/bin/python3 ] || need+=(python3)
# clang alone is not enough: libFuzzer comes in libclang-rt-dev, so try a link.
if [ "${1:-}" = fuzz ] && ! { command -v clang >/dev/null 2>&1 &&
    echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return d && n; }' |
    clang -fsanitize=fuzzer -x c -o /dev/null - >/dev/null 2>&1; }; then
    need+=(clang libclang-rt-dev)
fi

[ ${#need[@]} -eq 0 ] && exit 0
echo "setup: installing ${need[*]}" >&2
if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
else
    echo "setup: need root (or sudo) to install: ${need[*]}" >&2
    exit 2
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq "${need[@]}" >/dev/null
