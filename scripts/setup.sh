#!/usr/bin/env bash
# setup.sh [fuzz|test] [--check] — installs what triad needs on a Debian
# machine, when missing: a C compiler and make, zlib and GSL headers,
# gnuplot (plots), Debian's python3 (the Python module python/triad and its
# tests); with the argument fuzz also clang and its libFuzzer runtime (make
# fuzz, make fuzz-ci); with test those and what the test command's cluster
# and browser tests use: slurm-wlm and munge, chromium (scripts/test.sh asks
# for them all before its phases start side by side, so that no two apt-get
# runs fight over the dpkg lock).  Quiet when everything is there already.
# --check installs nothing: it prints the missing packages on one line and
# exits 1, or exits 0 when nothing is missing.  TRIAD_SETUP_PYTHON names the
# python3 to check (/usr/bin/python3; the tests point it elsewhere).
set -euo pipefail
fuzz=0 test=0 check=0
for arg in "$@"; do
    case $arg in
        fuzz) fuzz=1 ;;
        test) fuzz=1 test=1 ;;
        --check) check=1 ;;
        *) echo "usage: scripts/setup.sh [fuzz|test] [--check]" >&2; exit 2 ;;
    esac
done

need=()
command -v cc >/dev/null 2>&1 || need+=(gcc libc6-dev)
command -v make >/dev/null 2>&1 || need+=(make)
[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
[ -f /usr/include/gsl/gsl_multimin.h ] || need+=(libgsl-dev)
command -v gnuplot >/dev/null 2>&1 || need+=(gnuplot-nox)
# python3-minimal alone also gives /usr/bin/python3, but without ctypes, csv
# and json (libpython3-stdlib, which the python3 package brings).
"${TRIAD_SETUP_PYTHON:-/usr/bin/python3}" -c 'import ctypes, csv, json' >/dev/null 2>&1 || need+=(python3)
# clang alone is not enough: libFuzzer comes in libclang-rt-dev, so try a link.
if [ "$fuzz" = 1 ] && ! { command -v clang >/dev/null 2>&1 &&
    echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return d && n; }' |
    clang -fsanitize=fuzzer -x c -o /dev/null - >/dev/null 2>&1; }; then
    need+=(clang libclang-rt-dev)
fi

# The cluster test's daemons (as tests/slurm_test.sh installs them), and
# chromium without its recommends (as tests/browser_test.sh does).
lean=()
if [ "$test" = 1 ]; then
    command -v slurmctld >/dev/null 2>&1 || need+=(slurm-wlm)
    command -v munged >/dev/null 2>&1 || need+=(munge)
    command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || lean+=(chromium)
fi

[ $((${#need[@]} + ${#lean[@]})) -eq 0 ] && exit 0
if [ "$check" = 1 ]; then
    echo "${need[*]}${lean[*]:+ ${lean[*]}}" | sed 's/^ //'
    exit 1
fi
echo "setup: installing ${need[*]} ${lean[*]}" >&2
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
[ ${#need[@]} -eq 0 ] || $sudo apt-get install -y -qq "${need[@]}" >/dev/null
[ ${#lean[@]} -eq 0 ] || $sudo apt-get install -y -qq --no-install-recommends "${lean[@]}" >/dev/null
