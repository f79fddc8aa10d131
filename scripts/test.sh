#!/usr/bin/env bash
# test.sh — the README's test command: installs what is missing, runs the whole
# suite optimised and under AddressSanitizer + UBSan (make test, make test
# SAN=1), then the cluster test against a real Slurm, and prints the grand
# total as its last line.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh || exit 2
passed=0 failed=0
phase() { # name, command...
    local name=$1 line log
    shift
    log=$(mktemp)
    "$@" 2>&1 | tee "$log"
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
    rm -f "$log"
    if [ -z "$line" ]; then
        echo "$name: no result"
        failed=$((failed + 1))
        return
    fi
    passed=$((passed + $(echo "$line" | cut -d' ' -f1)))
    failed=$((failed + $(echo "$line" | cut -d' ' -f3)))
}
phase "make test" make -j2 test
phase "make test SAN=1" make -j2 test SAN=1
phase "slurm" tests/slurm_test.sh build/release/triad
echo "== all phases"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
