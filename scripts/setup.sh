#!/usr/bin/env bash
# setup.sh — installs what triad needs on a Debian machine, when missing:
# a C compiler and make, zlib and GSL headers, gnuplot (plots).  Quiet when
# everything is there already.
set -euo pipefail

need=()
command -v cc >/dev/null 2>&1 || need+=(gcc libc6-dev)
command -v make >/dev/null 2>&1 || need+=(make)
[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
[ -f /usr/include/gsl/gsl_multimin.h ] || need+=(libgsl-dev)
command -v gnuplot >/dev/null 2>&1 || need+=(gnuplot-nox)

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
