#!/usr/bin/env bash
# test.sh — the README's test command: installs what is missing (clang for
# the fuzzers, slurm-wlm and munge, chromium: scripts/setup.sh test), then
# runs, side by side, the whole suite optimised and under AddressSanitizer +
# UBSan (make test, make test SAN=1), each fuzzer for a fixed number of
# inputs (make fuzz-ci), the cluster test against a real Slurm
# (tests/slurm_test.sh: needs root, or passwordless sudo) and the web viewer
# in a headless Chromium (tests/browser_test.sh); the last two start once the
# release binary is built.  Each make test spreads its own parts over nproc
# workers (tests/run.sh).
#
# Each phase's output goes whole to build/test-logs/PHASE.log; the terminal
# gets one line per phase as it ends (its total, its time, its log), the
# whole log of a phase that failed, and the grand total as its last line.
# A phase counts as failed when its exit status is not 0 even if its own
# total says "0 failed", and when it prints no total at all.
#
# TRIAD_TEST_SH_LIB=1 source scripts/test.sh only defines phase() (for
# tests/cli_scripts.sh) and runs nothing.
set -uo pipefail
passed=0 failed=0
# cpu_ticks: sets $ticks to the user + system CPU time of this shell's
# finished children, in clock ticks (from /proc, without a subshell: a
# subshell would count its own children only; 0 where it cannot tell).
cpu_ticks() {
    local stat f
    ticks=0
    read -r stat 2>/dev/null </proc/$BASHPID/stat || return 0
    read -ra f <<<"${stat##*) }"
    ticks=$((f[13] + f[14])) # fields 16 and 17: cutime, cstime
}
tick_hz=$(getconf CLK_TCK 2>/dev/null || echo 100)
# phase NAME COMMAND...: runs COMMAND with its output in $logs/NAME.log
# (NAME with every character but letters, digits, '.' and '_' made '-';
# a temporary file, removed after, when $logs is unset), prints
# "NAME: N passed, N failed (T s, C s CPU, log FILE)" and, when the phase
# failed, its log; adds its total to $passed and $failed.
phase() {
    local name=$1 line log rc start=$SECONDS ticks cpu p f
    shift
    cpu_ticks
    cpu=$ticks
    if [ -n "${logs:-}" ]; then
        log=$logs/$(printf '%s' "$name" | tr -c 'A-Za-z0-9._' '-').log
    else
        log=$(mktemp)
    fi
    "$@" >"$log" 2>&1 </dev/null
    rc=$?
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
    if [ -z "$line" ]; then
        p=0 f=1
        echo "$name: no result (exit status $rc)"
    else
        p=$(echo "$line" | cut -d' ' -f1) f=$(echo "$line" | cut -d' ' -f3)
        cpu_ticks
        cpu=$(((ticks - cpu + tick_hz / 2) / tick_hz))
        echo "$name: $line ($((SECONDS - start)) s, $cpu s CPU${logs:+, log $log})"
        if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
            echo "$name: exit status $rc although its total says 0 failed"
            f=1
        fi
    fi
    if [ "$f" -ne 0 ]; then
        echo "== $name: its log${logs:+ ($log)}"
        cat "$log"
        echo "== end of $name's log"
    fi
    [ -n "${logs:-}" ] || rm -f "$log"
    passed=$((passed + p)) failed=$((failed + f))
}
[ "${TRIAD_TEST_SH_LIB:-}" = 1 ] && return 0
. "$(dirname "$0")/caller.sh" # it takes no paths; read first, as every script that works in the checkout does
cd "$(dirname "$0")/.."
# Every apt-get before any phase: two at once would fight over the dpkg lock.
scripts/setup.sh test || exit 2
logs=build/test-logs
rm -rf "$logs" && mkdir -p "$logs" || exit 2
jobs=$(nproc 2>/dev/null || echo 2)

# start NAME COMMAND...: phase() in the background; its report and total
# come back through $logs/NAME.report and .total when it ends (below).
declare -A started=()
start() {
    local slug
    slug=$(printf '%s' "$1" | tr -c 'A-Za-z0-9._' '-')
    echo "== $1"
    (
        passed=0 failed=0
        phase "$@" >"$logs/$slug.report"
        echo "$passed $failed" >"$logs/$slug.total"
    ) &
    started[$!]=$slug
}
start "make test SAN=1" make -j"$jobs" test SAN=1
start "make fuzz-ci" make -j"$jobs" fuzz-ci
# The release binaries first (not a phase: a failure shows in make test's
# log), then the phases that need them.
make -j"$jobs" build/release/triad build/release/triad-tests >"$logs/build-release.log" 2>&1 &
build=$!
failed_phases=()
while [ "${#started[@]}" -gt 0 ] || [ -n "$build" ]; do
    pid=
    wait -n -p pid
    [ -n "$pid" ] || continue
    if [ "$pid" = "$build" ]; then
        build=
        start "make test" make -j"$jobs" test
        start "slurm" tests/slurm_test.sh build/release/triad
        start "browser" tests/browser_test.sh build/release/triad
        continue
    fi
    slug=${started[$pid]}
    unset "started[$pid]"
    cat "$logs/$slug.report"
    if read -r p f <"$logs/$slug.total" 2>/dev/null; then
        passed=$((passed + p)) failed=$((failed + f))
        [ "$f" -eq 0 ] || failed_phases+=("$slug")
    else
        echo "$slug: the phase died"
        failed=$((failed + 1)) failed_phases+=("$slug")
    fi
done
cpu_ticks
echo "== all phases: $SECONDS s, $(((ticks + tick_hz / 2) / tick_hz)) s CPU, set-up included${failed_phases[*]:+ (failed: ${failed_phases[*]}; logs in $logs)}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
