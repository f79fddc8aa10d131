#!/usr/bin/env bash
# test.sh — the README's test command: installs what is missing (clang for
# the fuzzers included), runs the whole suite optimised and under
# AddressSanitizer + UBSan (make test, make test SAN=1), each fuzzer for a
# fixed number of inputs (make fuzz-ci), then the cluster test against a real
# Slurm (tests/slurm_test.sh: needs root, or passwordless sudo), the web
# viewer in a headless Chromium (tests/browser_test.sh installs chromium when
# missing), and prints the grand total as its last line.
#
# A phase counts as failed when its exit status is not 0 even if its own
# total says "0 failed", and when it prints no total at all.
#
# TRIAD_TEST_SH_LIB=1 source scripts/test.sh only defines phase() (for
# tests/cli_scripts.sh) and runs nothing.
set -uo pipefail
passed=0 failed=0
phase() { # name, command...
    local name=$1 line log rc
    shift
    echo "== $name"
    log=$(mktemp)
    "$@" 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
    rm -f "$log"
    if [ -z "$line" ]; then
        echo "$name: no result (exit status $rc)"
        failed=$((failed + 1))
        return
    fi
    passed=$((passed + $(echo "$line" | cut -d' ' -f1)))
    failed=$((failed + $(echo "$line" | cut -d' ' -f3)))
    if [ "$rc" -ne 0 ] && [ "$(echo "$line" | cut -d' ' -f3)" -eq 0 ]; then
        echo "$name: exit status $rc although its total says 0 failed"
        failed=$((failed + 1))
    fi
}
[ "${TRIAD_TEST_SH_LIB:-}" = 1 ] && return 0
cd "$(dirname "$0")/.."
scripts/setup.sh fuzz || exit 2
phase "make test" make -j2 test
phase "make test SAN=1" make -j2 test SAN=1
phase "make fuzz-ci" make -j2 fuzz-ci
phase "slurm" tests/slurm_test.sh build/release/triad
phase "browser" tests/browser_test.sh build/release/triad
echo "== all phases"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
