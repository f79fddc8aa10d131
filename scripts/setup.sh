#!/usr/bin/env bash
# setup.sh [fuzz|test] — installs what triad needs on a Debian machine, when
# missing: a C compiler and make, zlib and GSL headers, gnuplot (plots); with
# the argument fuzz also clang and its libFuzzer runtime (make fuzz, make
# fuzz-ci); with test those and what the test command's cluster and browser
# tests use: slurm-wlm and munge, chromium (scripts/test.sh asks for them all
# before its phases start side by side, so that no two apt-get runs fight
# over the dpkg lock).  Quiet when everything is there already.
set -euo pipefail
case ${1:-} in
    "" | fuzz | test) ;;
    *) echo "usage: scripts/setup.sh [fuzz|test]" >&2; exit 2 ;;
esac

need=()
command -v cc >/dev/null 2>&1 || need+=(gcc libc6-dev)
command -v make >/dev/null 2>&1 || need+=(make)
[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
[ -f /usr/include/gsl/gsl_multimin.h ] || need+=(libgsl-dev)
command -v gnuplot >/dev/null 2>&1 || need+=(gnuplot-nox)
# clang alone is not enough: libFuzzer comes in libclang-rt-dev, so try a link.
if [ -n "${1:-}" ] && ! { command -v clang >/dev/null 2>&1 &&
    echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return d && n; }' |
    clang -fsanitize=fuzzer -x c -o /dev/null - >/dev/null 2>&1; }; then
    need+=(clang libclang-rt-dev)
fi

# The cluster test's daemons (as tests/slurm_test.sh installs them), and
# chromium without its recommends (as tests/browser_test.sh does).
lean=()
if [ "${1:-}" = test ]; then
    command -v slurmctld >/dev/null 2>&1 || need+=(slurm-wlm)
    command -v munged >/dev/null 2>&1 || need+=(munge)
    command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || lean+=(chromium)
fi

[ $((${#need[@]} + ${#lean[@]})) -eq 0 ] && exit 0
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
