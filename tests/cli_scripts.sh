#!/usr/bin/env bash
# cli_scripts.sh BINARY — tests of the build and test tooling: scripts/test.sh
# counts a phase that exits non-zero as failed (even when its own total
# says "0 failed"), keeps each phase's output in its log and shows the log
# of a phase that failed; the release build is portable unless ARCH=native
# is asked for; scripts/setup.sh refuses an unknown argument.  BINARY is unused (run.sh passes it to every
# test).  Prints "ok - ..." / "not ok - ..." per check and ends with
# "N passed, N failed".
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# --- scripts/test.sh's phases ----------------------------------------------------
# phase_total COMMAND...: runs phase() of scripts/test.sh in a subshell on the
# command and prints "PASSED FAILED"; the phase's own output goes to $tmp/out.
phase_total() {
    (
        TRIAD_TEST_SH_LIB=1
        # shellcheck source=../scripts/test.sh
        source "$here/scripts/test.sh" || exit 1
        logs=$tmp/logs
        mkdir -p "$logs"
        phase "fake" "$@" >"$tmp/out" 2>&1
        echo "$passed $failed"
    )
}
if grep -q 'TRIAD_TEST_SH_LIB' "$here/scripts/test.sh"; then
    check "a passing phase: its total" test "$(phase_total bash -c 'echo "3 passed, 0 failed"')" = "3 0"
    # shown_and_kept: the phase's total on the terminal, its output in its log.
    shown_and_kept() {
        grep -qEx 'fake: 3 passed, 0 failed \([0-9]+ s, [0-9]+ s CPU, log .*/logs/fake\.log\)' "$tmp/out" &&
            grep -qx '3 passed, 0 failed' "$tmp/logs/fake.log" && ! grep -qx '3 passed, 0 failed' "$tmp/out"
    }
    check "and its total is shown, its output kept in its log" shown_and_kept
    check "a failing phase: its total" test "$(phase_total bash -c 'echo "3 passed, 2 failed"; exit 1')" = "3 2"
    check "a phase that exits 1 but says 0 failed counts as a failure" \
        test "$(phase_total bash -c 'echo "3 passed, 0 failed"; exit 1')" = "3 1"
    says_and_shows() { # the verdict, and the failed phase's log shown whole
        grep -q '^fake: exit status 1 ' "$tmp/out" && grep -qx '3 passed, 0 failed' "$tmp/out"
    }
    check "and says so, and shows its log" says_and_shows
    check "a phase killed by a signal counts as a failure" \
        test "$(phase_total bash -c 'echo "4 passed, 0 failed"; kill -9 $$')" = "4 1"
    check "a phase without a total counts as a failure" test "$(phase_total true)" = "0 1"
else
    not_ok "scripts/test.sh can be loaded for its phase()" "no TRIAD_TEST_SH_LIB in scripts/test.sh"
fi

# --- the release build's -march --------------------------------------------------
# make -n prints the compile line without building.  Run inside make test
# SAN=1, MAKEFLAGS and the environment would pass SAN=1 on, so SAN and DEBUG
# are given; ARCH in the environment is ignored by the Makefile, so set one
# to check that too.
make() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL ARCH=x86_64 make SAN=0 DEBUG=0 "$@"; }
make -s -C "$here" -n -B build/release/games/tzaar/perft.o >"$tmp/make" 2>&1
if [ "$(uname -m)" = x86_64 ]; then
    check "make: the default build is portable (-march=x86-64-v2 on x86-64)" grep -q -- '-march=x86-64-v2 ' "$tmp/make"
fi
check "make: the default build does not use -march=native" test "$(grep -c -- '-march=native' "$tmp/make")" -eq 0
make -s -C "$here" -n -B ARCH=native build/release-native/games/tzaar/perft.o >"$tmp/make" 2>&1
check "make ARCH=native: -march=native, built in build/release-native" \
    grep -q -- '-march=native .*-o build/release-native/games/tzaar/perft.o' "$tmp/make"

# --- scripts/setup.sh -------------------------------------------------------------
"$here/scripts/setup.sh" --frob >"$tmp/out" 2>&1
check "setup.sh refuses an unknown argument with exit 2" test $? -eq 2

finish
