#!/usr/bin/env bash
# test.sh — the README's test command: installs what is missing, then runs the
# whole suite twice, optimised and under AddressSanitizer + UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
make -j2 test
make -j2 test SAN=1
