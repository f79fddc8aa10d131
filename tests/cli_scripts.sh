#!/usr/bin/env bash
# cli_scripts.sh BINARY — tests of the build and test tooling: scripts/test.sh
# counts a phase that exits non-zero as failed (even when its own total
# says "0 failed"), keeps each phase's output in its log and shows the log
# of a phase that failed; the release build is portable unless ARCH=native
# is asked for; scripts/setup.sh refuses an unknown argument and --check
# names Debian's python3 when the python3 there cannot import ctypes.  BINARY is unused (run.sh passes it to every
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
make -s -C "$here" -n -B build/release/engine/tzaar/perft.o >"$tmp/make" 2>&1
if [ "$(uname -m)" = x86_64 ]; then
    check "make: the default build is portable (-march=x86-64-v2 on x86-64)" grep -q -- '-march=x86-64-v2 ' "$tmp/make"
fi
check "make: the default build does not use -march=native" test "$(grep -c -- '-march=native' "$tmp/make")" -eq 0
make -s -C "$here" -n -B ARCH=native build/release-native/engine/tzaar/perft.o >"$tmp/make" 2>&1
check "make ARCH=native: -march=native, built in build/release-native" \
    grep -q -- '-march=native .*-o build/release-native/engine/tzaar/perft.o' "$tmp/make"

# --- bin/triad is the variant just asked for (issue 18, item 19) -------------------
# The Makefile on a one-file program that says which variant it is: make,
# make DEBUG=1, make, make SAN=1, make, make CFLAGS=-DEXTRA, make.  Each make
# must leave that variant in bin/triad (a plain make: the portable release),
# even when the variant's binary is older than bin/triad.
mk=$tmp/mk
mkdir -p "$mk/cli"
cp "$here/Makefile" "$mk/"
cat >"$mk/cli/main.c" <<'EOF_C'
#include <stdio.h>
int main(void)
{
#if defined(__SANITIZE_ADDRESS__)
    const char *v = "san";
#elif defined(TRIAD_DEBUG)
    const char *v = "debug";
#else
    const char *v = "release";
#endif
#ifdef EXTRA
    printf("%s extra\n", v);
#else
    printf("%s\n", v);
#endif
    return 0;
}
EOF_C
# Without the parent's variant variables: make exports command-line variables
# to its recipes' environment, so under "make test SAN=1" SAN=1 would reach
# these makes and every plain make would build the sanitizer variant.
mkenv() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u SAN -u DEBUG -u CFLAGS -u ARCH -u LDFLAGS "$@"; }
mkv() { mkenv make -s -C "$mk" "$@" >/dev/null 2>&1 && "$mk/bin/triad" 2>/dev/null; }
check "make: bin/triad is the release" test "$(mkv)" = release
check "make DEBUG=1: bin/triad is the debug build" test "$(mkv DEBUG=1)" = debug
check "make after make DEBUG=1: bin/triad is the release again" test "$(mkv)" = release
if [ "$(mkv SAN=1)" = san ]; then
    check "make after make SAN=1: bin/triad is the release again (not the sanitizer build)" test "$(mkv)" = release
else
    not_ok "make SAN=1: bin/triad is the sanitizer build" "$(mkv SAN=1)"
fi
# ARCH=native prints "release" too: compare the bytes with each build's binary.
mkv ARCH=native >/dev/null
check "make ARCH=native: bin/triad is the native build" cmp -s "$mk/bin/triad" "$mk/build/release-native/triad"
mkv >/dev/null
check "make after make ARCH=native: bin/triad is the portable release again" cmp -s "$mk/bin/triad" "$mk/build/release/triad"
check "make CFLAGS=-DEXTRA: a new CFLAGS rebuilds" test "$(mkv CFLAGS=-DEXTRA)" = "release extra"
check "make after make CFLAGS=-DEXTRA: rebuilt without it" test "$(mkv)" = release
check "make -n after a build: nothing to do" test -z "$(mkenv make -s -C "$mk" -n)"

# --- scripts/setup.sh -------------------------------------------------------------
"$here/scripts/setup.sh" --frob >"$tmp/out" 2>&1
check "setup.sh refuses an unknown argument with exit 2" test $? -eq 2
# --check lists what is missing and installs nothing.  A python3 that cannot
# import ctypes (python3-minimal alone gives /usr/bin/python3 without it)
# needs Debian's python3 package; this machine's python3 runs the Python
# tests, so it needs nothing.
printf '#!/bin/sh\necho "ModuleNotFoundError: No module named %s" >&2\nexit 1\n' "'ctypes'" >"$tmp/minimal-python3"
chmod +x "$tmp/minimal-python3"
TRIAD_SETUP_PYTHON=$tmp/minimal-python3 "$here/scripts/setup.sh" --check >"$tmp/out" 2>&1
check "setup.sh --check: a python3 without ctypes needs the python3 package (exit 1)" \
    test $? -eq 1 -a "$(grep -cw python3 "$tmp/out")" -eq 1
"$here/scripts/setup.sh" --check >"$tmp/out" 2>&1
check "setup.sh --check: this machine's python3 needs nothing" \
    test "$(grep -cw python3 "$tmp/out")" -eq 0

# --- scripts/talat-pair.sh: the paired change between two Talat runs ---------------
# Its A and B columns are bias's turn-order shares of each run (the same
# setups, a setup's rotations averaged first); a run against itself changes
# by exactly 0; other runs and bad arguments exit 2.
bin=${1:-}
case $bin in /*) ;; "") bin=$here/bin/triad ;; *) bin=$PWD/$bin ;; esac
pair_sp() { "$bin" selfplay --game talat --players "$1" --setup random --rotations 3 --games 30 --seed 3 --quiet --out "$2" 2>/dev/null; }
pair_sp random "$tmp/pa.trd" && pair_sp greedy "$tmp/pb.trd"
TRIAD=$bin "$here/scripts/talat-pair.sh" "$tmp/pa.trd" "$tmp/pb.trd" >"$tmp/pair" 2>&1
pair_rc=$?
first_share() { "$bin" bias --game talat --records "$1" --json | grep -o '"turn_order_share":\[[0-9.]*' | cut -d[ -f2; }
pair_a=$(awk -v s="$(first_share "$tmp/pa.trd")" 'BEGIN { printf "%.2f%%", 100 * s }')
pair_b=$(awk -v s="$(first_share "$tmp/pb.trd")" 'BEGIN { printf "%.2f%%", 100 * s }')
check "talat-pair.sh: the first mover's share of each run is bias's ($pair_a, $pair_b)" \
    test "$pair_rc" -eq 0 -a "$(grep '^turn 1:' "$tmp/pair" | awk '{ print $4 " " $6 }')" = "$pair_a $pair_b"
check "talat-pair.sh: 10 setups paired" grep -qx '10 setups in both runs' "$tmp/pair"
TRIAD=$bin "$here/scripts/talat-pair.sh" "$tmp/pa.trd" "$tmp/pa.trd" >"$tmp/pair" 2>&1
check "talat-pair.sh: a run against itself changes by 0" \
    test "$(grep -c 'B - A +0.00 points \[+0.00, +0.00\]' "$tmp/pair")" -eq 3
"$bin" selfplay --game talat --nplayers 2 --players random --setup random --rotations 2 --games 4 --seed 3 --quiet --out "$tmp/pz.trd" 2>/dev/null
TRIAD=$bin "$here/scripts/talat-pair.sh" "$tmp/pa.trd" "$tmp/pz.trd" >"$tmp/pair" 2>&1
check "talat-pair.sh: a two-player run is refused (exit 2, named)" \
    test $? -eq 2 -a "$(grep -c 'pz.trd: not a three-player Talat run' "$tmp/pair")" -eq 1
TRIAD=$bin "$here/scripts/talat-pair.sh" "$tmp/pa.trd" >"$tmp/pair" 2>&1
check "talat-pair.sh: one file is a usage error (exit 2)" test $? -eq 2
# A torn file (cut inside its last block) stops the script with records
# cat's one error line and no figures from the part before the tear.
head -c "$(($(wc -c <"$tmp/pb.trd") - 20))" "$tmp/pb.trd" >"$tmp/pbtorn.trd"
TRIAD=$bin "$here/scripts/talat-pair.sh" "$tmp/pa.trd" "$tmp/pbtorn.trd" >"$tmp/pair" 2>"$tmp/pair.err"
check "talat-pair.sh: a torn file: exit 2, one error line (torn), no figures from part of it" \
    test $? -eq 2 -a "$(wc -l <"$tmp/pair.err")" -eq 1 -a ! -s "$tmp/pair" -a "$(grep -c 'torn' "$tmp/pair.err")" -eq 1

# --- scripts/openings.sh: White's score per forced opening (issue 21, item 4) -------
# A run from the committed list of the fixed setup's 14 opening classes: one
# row per class with its games and a Wilson interval, the same figures in
# JSON (each class's share recomputed here from records export), and a run
# from another list of 14 positions refused (exit 2).
list=$here/data/positions/tzaar-fixed-openings.txt
"$bin" selfplay --games 42 --players ab:depth=1 --positions "$list" --seed 4 --threads 2 --quiet --out "$tmp/op.trd" 2>/dev/null
TRIAD=$bin "$here/scripts/openings.sh" "$list" "$tmp/op.trd" >"$tmp/open" 2>&1
check "openings.sh: 14 classes of 3 games each" test "$(grep -cE '^\| [0-9]+ \| [A-I][1-9]x[A-I][1-9] \| 3 \| ' "$tmp/open")" -eq 14
check "openings.sh: class 10 is D3xC3" grep -qE '^\| 10 \| D3xC3 \| 3 \|' "$tmp/open"
check "openings.sh: the chi-square test of the classes (13 degrees of freedom)" \
    grep -qE '^Do the classes differ\? Pearson chi-square [0-9.]+, 13 degrees of freedom, p = [0-9.e-]+$' "$tmp/open"
TRIAD=$bin "$here/scripts/openings.sh" --json "$list" "$tmp/op.trd" >"$tmp/open.json" 2>&1
check "openings.sh --json: valid JSON" sh -c "python3 -m json.tool '$tmp/open.json' >/dev/null"
# the p-value against a numeric integral of the chi-square density (python3)
check "openings.sh --json: the chi-square p-value is the distribution's upper tail" python3 -c "
import json, math
r = json.load(open('$tmp/open.json')); x, k = r['chi2'], r['df']
pdf = lambda t: math.exp((k / 2 - 1) * math.log(t) - t / 2 - k / 2 * math.log(2) - math.lgamma(k / 2))
n, top = 20000, x + 200.0; h = (top - x) / n
tail = h * (0.5 * pdf(x) + 0.5 * pdf(top) + sum(pdf(x + i * h) for i in range(1, n)))
assert abs(tail - r['p']) < 1e-3 * max(tail, 1e-3), (tail, r['p'])
"
# class k's White score straight from the export: games with setup_index % 14 == k
want=$("$bin" records export "$tmp/op.trd" --format jsonl |
    sed -n 's/.*"setup_index":\([0-9]*\),.*"scores":\[\([^],]*\),.*/\1 \2/p' |
    awk '$1 % 14 == 5 { s += $2; n++ } END { printf "%.4f", s / n }')
check "openings.sh --json: class 5's score is the export's ($want)" \
    grep -q "{\"class\":5,\"name\":\"B1xB2\",\"games\":3,\"white_score\":$want," "$tmp/open.json"
"$bin" legal --setup fixed | tail -14 | while read -r a; do "$bin" show --setup fixed --actions "$a" | tail -1; done >"$tmp/other.txt"
"$bin" selfplay --games 14 --players random --positions "$tmp/other.txt" --seed 4 --quiet --out "$tmp/other.trd" 2>/dev/null
TRIAD=$bin "$here/scripts/openings.sh" "$list" "$tmp/other.trd" >"$tmp/open" 2>&1
check "openings.sh: a run from another list is refused (exit 2, said)" \
    test $? -eq 2 -a "$(grep -c 'does not start from its line' "$tmp/open")" -eq 1
head -c "$(($(wc -c <"$tmp/op.trd") - 20))" "$tmp/op.trd" >"$tmp/optorn.trd"
TRIAD=$bin "$here/scripts/openings.sh" "$list" "$tmp/optorn.trd" >"$tmp/open" 2>"$tmp/open.err"
check "openings.sh: a torn records file: exit 2, one error line (torn), no table from part of it" \
    test $? -eq 2 -a "$(wc -l <"$tmp/open.err")" -eq 1 -a ! -s "$tmp/open" -a "$(grep -c 'torn' "$tmp/open.err")" -eq 1
# --played: the fixed setup's games classed by their first action.  A run
# from the setup turned by 180 degrees (the string reversed: a paired run's
# second rotation) is the same games' images, since the players play images
# alike; its first actions mapped back give the same table, row for row.
s0=$("$bin" show --setup fixed | tail -1)
echo "$s0" >"$tmp/p0.txt"
echo "$s0" | awk '{ s = ""; for (i = length($1); i > 0; i--) s = s substr($1, i, 1); print s, $2, $3 }' >"$tmp/p1.txt"
for k in 0 1; do
    "$bin" selfplay --players ab:nodes=300,ties=1 --positions "$tmp/p$k.txt" --games 12 --seed 4 --quiet \
        --out "$tmp/fx$k.trd" 2>/dev/null
    TRIAD=$bin "$here/scripts/openings.sh" --played "$tmp/fx$k.trd" >"$tmp/fx$k.out" 2>&1
done
check "openings.sh --played: the setup and its image give one table (12 games, classed)" \
    test "$(grep -c '^| [0-9]* | [A-I][0-9]x[A-I][0-9] | [1-9]' "$tmp/fx0.out")" -ge 1 -a \
    "$(grep -o '; [0-9]* games' "$tmp/fx0.out")" = "; 12 games" -a "$(diff "$tmp/fx0.out" "$tmp/fx1.out" && echo same)" = same
TRIAD=$bin "$here/scripts/openings.sh" --played "$tmp/op.trd" >"$tmp/open" 2>"$tmp/open.err"
check "openings.sh --played: games from other starts are refused (exit 2, one line)" \
    test $? -eq 2 -a "$(wc -l <"$tmp/open.err")" -eq 1 -a ! -s "$tmp/open"
# Unfinished games (null scores in the export) are counted apart, and
# their start is checked like any other's; a game read twice counts once;
# the flags in either order.
printf '(;FF[TZAAR]PW[ann]PB[bob]POS[%s];W[kokp])\n' "${s0% w 0}" >"$tmp/fu.sgf"
"$bin" records import --format littlegolem "$tmp/fu.sgf" --out "$tmp/fu.trd" 2>/dev/null
TRIAD=$bin "$here/scripts/openings.sh" --json --played "$tmp/fx0.trd" "$tmp/fu.trd" >"$tmp/fu.json" 2>&1
check "openings.sh --played: an unfinished game is counted as unfinished (12 games, 1 unfinished)" \
    grep -q '"games":12,"unfinished":1,' "$tmp/fu.json"
"$bin" selfplay --players random --setup random --games 1 --seed 2 --quiet --out "$tmp/ru.trd" 2>/dev/null
"$bin" records export --format littlegolem "$tmp/ru.trd" 2>/dev/null | sed 's/\(;W\[[a-z]*\]\).*/\1)/' >"$tmp/ru.sgf"
"$bin" records import --format littlegolem "$tmp/ru.sgf" --out "$tmp/ru2.trd" 2>/dev/null
TRIAD=$bin "$here/scripts/openings.sh" --played "$tmp/fx0.trd" "$tmp/ru2.trd" >"$tmp/open" 2>"$tmp/open.err"
check "openings.sh --played: an unfinished game from another start is refused too (exit 2)" \
    test $? -eq 2 -a "$(grep -c 'does not start from the fixed setup' "$tmp/open.err")" -eq 1 -a ! -s "$tmp/open"
TRIAD=$bin "$here/scripts/openings.sh" --played --json "$tmp/fx0.trd" "$tmp/fx0.trd" >"$tmp/fx2.json" 2>"$tmp/fx2.err"
TRIAD=$bin "$here/scripts/openings.sh" --json --played "$tmp/fx0.trd" >"$tmp/fx1.json" 2>&1
check "openings.sh: --played --json as --json --played, and a file given twice counts once (said on stderr)" \
    test "$(cat "$tmp/fx2.json")" = "$(cat "$tmp/fx1.json")" -a "$(grep -c '12 duplicate games dropped' "$tmp/fx2.err")" -eq 1

# --- scripts/paired-setups.sh: White's score on the same setups under two players (issue 21)
# Two runs with one seed and setup kind (the same 4 setups), played by
# ab:depth=1 and by random: the difference of the per-setup means recomputed
# here from records export, 0 for a run against itself, negated when A and B
# swap, and a run with another seed (other setups) refused (exit 2, said).
for who in "ab:depth=1 9 psa" "random 9 psb" "random 10 psc"; do
    set -- $who
    "$bin" selfplay --games 16 --players "$1" --setup random --paired --replicates 2 --seed "$2" --threads 2 --quiet \
        --out "$tmp/$3.trd" 2>/dev/null
done
TRIAD=$bin "$here/scripts/paired-setups.sh" --json "$tmp/psa.trd" -- "$tmp/psb.trd" >"$tmp/paired.json" 2>&1
check "paired-setups.sh --json: valid JSON over 4 setups" python3 -c "
import json; r = json.load(open('$tmp/paired.json')); assert r['setups'] == 4 and r['games_a'] == 16 == r['games_b'], r"
check "paired-setups.sh: the difference and its t interval from the export" python3 -c "
import json, subprocess, statistics as st
def per_setup(f):
    out = subprocess.run(['$bin', 'records', 'export', f, '--format', 'jsonl'], capture_output=True, text=True).stdout
    d = {}
    for l in out.splitlines():
        g = json.loads(l); d.setdefault(g['setup_index'], []).append(g['scores'][0])
    return {k: sum(v) / len(v) for k, v in d.items()}
a, b = per_setup('$tmp/psa.trd'), per_setup('$tmp/psb.trd')
diffs = [b[k] - a[k] for k in sorted(a)]
m = st.mean(diffs); h = 3.182446 * st.stdev(diffs) / 2   # t(0.975, 3 df), 4 setups
r = json.load(open('$tmp/paired.json'))
assert abs(r['difference'] - m) < 1e-4, (r, m)
assert abs(r['ci95'][0] - (m - h)) < 2e-3 and abs(r['ci95'][1] - (m + h)) < 2e-3, (r, m, h)
"
TRIAD=$bin "$here/scripts/paired-setups.sh" --json "$tmp/psa.trd" -- "$tmp/psa.trd" >"$tmp/paired0.json" 2>&1
check "paired-setups.sh: a run against itself differs by 0" grep -q '"difference":0.0000,"ci95":\[0.0000,0.0000\]' "$tmp/paired0.json"
TRIAD=$bin "$here/scripts/paired-setups.sh" --json "$tmp/psb.trd" -- "$tmp/psa.trd" >"$tmp/paired1.json" 2>&1
TRIAD=$bin "$here/scripts/paired-setups.sh" --json "$tmp/psa.trd" "$tmp/psa.trd" -- "$tmp/psb.trd" >"$tmp/paired2x.json" 2>"$tmp/paired2x.err"
check "paired-setups.sh: a file given twice counts once (same figures, said on stderr)" \
    test "$(cat "$tmp/paired2x.json")" = "$(cat "$tmp/paired.json")" -a "$(grep -c 'duplicate games dropped' "$tmp/paired2x.err")" -eq 1
check "paired-setups.sh: swapping A and B negates the difference" python3 -c "
import json; r = json.load(open('$tmp/paired.json')); s = json.load(open('$tmp/paired1.json'))
assert abs(r['difference'] + s['difference']) < 1e-9 and r['white_a'] == s['white_b'], (r, s)"
TRIAD=$bin "$here/scripts/paired-setups.sh" "$tmp/psa.trd" -- "$tmp/psc.trd" >"$tmp/paired2" 2>&1
check "paired-setups.sh: runs of other setups are refused (exit 2, said)" \
    test $? -eq 2 -a "$(grep -c 'starts differently in A and in B' "$tmp/paired2")" -eq 1
TRIAD=$bin "$here/scripts/paired-setups.sh" "$tmp/psa.trd" >"$tmp/paired3" 2>&1
check "paired-setups.sh: without -- and B, a usage line (exit 2)" test $? -eq 2 -a "$(grep -c '^usage:' "$tmp/paired3")" -eq 1
# A file that cannot be read whole stops it with one error line (export's)
# and no figures: missing, and torn (cut inside its last block).
TRIAD=$bin "$here/scripts/paired-setups.sh" "$tmp/psa.trd" -- "$tmp/missing.trd" >"$tmp/paired4" 2>"$tmp/paired4.err"
check "paired-setups.sh: a missing file: exit 2, one error line naming it, no figures" \
    test $? -eq 2 -a "$(wc -l <"$tmp/paired4.err")" -eq 1 -a ! -s "$tmp/paired4" -a "$(grep -c 'missing.trd' "$tmp/paired4.err")" -eq 1
head -c "$(($(wc -c <"$tmp/psb.trd") - 20))" "$tmp/psb.trd" >"$tmp/pstorn.trd"
TRIAD=$bin "$here/scripts/paired-setups.sh" "$tmp/psa.trd" -- "$tmp/pstorn.trd" >"$tmp/paired5" 2>"$tmp/paired5.err"
check "paired-setups.sh: a torn file: exit 2, one error line (torn), no figures from part of it" \
    test $? -eq 2 -a "$(wc -l <"$tmp/paired5.err")" -eq 1 -a ! -s "$tmp/paired5" -a "$(grep -c 'torn' "$tmp/paired5.err")" -eq 1


# --- scripts/white-chart.sh: White's score per player, one curve per family (issue 21)
# A table of three points, one of them not there yet: the two drawn carry
# bias's own White's score and interval, the third is skipped with one line;
# a series name with quotes reaches the chart and the JSON intact; a point
# mixing setup kinds, a malformed line and a torn file are refused (exit 2).
"$bin" selfplay --games 4 --players random --setup tournament --seed 9 --quiet --out "$tmp/wct.trd" 2>/dev/null
printf '# a comment\nab \x27depth 1\x27 "family"\t1\tab:depth=1\t%s\nrandom\t2\trandom\t%s\nrandom\t3\trandom\t%s\n' \
    "$tmp/psa.trd" "$tmp/psb.trd" "$tmp/later.trd" >"$tmp/wc.tsv"
TRIAD=$bin "$here/scripts/white-chart.sh" --json "$tmp/wc.tsv" "$tmp/wc" >"$tmp/wc.json" 2>"$tmp/wc.err"
check "white-chart.sh --json: the points that are there, each with bias's White's score and interval" python3 -c "
import json, subprocess
r = json.load(open('$tmp/wc.json'))['points']
assert [p['series'] for p in r] == ['ab \'depth 1\' \"family\"', 'random'] and [p['x'] for p in r] == [1, 2], r
for p, f in zip(r, ['$tmp/psa.trd', '$tmp/psb.trd']):
    b = json.loads(subprocess.run(['$bin', 'bias', f, '--json'], capture_output=True, text=True).stdout)['by_setup']['random']
    assert p['games'] == b['games'] == 16, (p, b)
    assert abs(p['white_score'] - 100 * b['white_score']) < 0.006, (p, b)
    assert all(abs(x - 100 * y) < 0.006 for x, y in zip(p['ci95'], b['ci95'])), (p, b)"
check "white-chart.sh: a point not there yet is skipped, said in one line naming its file" \
    test "$(grep -c 'skipped.*later.trd' "$tmp/wc.err")" -eq 1 -a "$(wc -l <"$tmp/wc/white.dat")" -eq 2
if command -v gnuplot >/dev/null; then
    # in the SVG each curve is a group: its title, then a mark per point and one in the key
    check "white-chart.sh: the chart, PNG and SVG, each curve with its points (the quoted family's too)" python3 -c "
import os, re
assert os.path.getsize('$tmp/wc/white_vs_nodes.png') > 0
svg = open('$tmp/wc/white_vs_nodes.svg').read()
groups = {}
for g in svg.split('<g id=\"gnuplot_plot_')[1:]:
    t = re.search(r'<title>(.*?)</title>', g).group(1)
    groups[t] = len(re.findall(r'gpPt\d', g))
fam = [t for t in groups if 'depth 1' in t]
assert len(fam) == 1 and groups[fam[0]] == 2 and groups['random'] == 2, groups"
else
    ok "white-chart.sh: the chart # SKIP no gnuplot here"
fi
TRIAD=$bin "$here/scripts/white-chart.sh" "$tmp/wc.tsv" "$tmp/wc" >"$tmp/wc.md" 2>/dev/null
check "white-chart.sh: the Markdown table has the same points" \
    test "$(grep -c '^| ' "$tmp/wc.md")" -eq 3 -a "$(grep -c '| 16 |' "$tmp/wc.md")" -eq 2
printf 'mixed\t1\tab\t%s %s\n' "$tmp/psa.trd" "$tmp/wct.trd" >"$tmp/wcm.tsv"
TRIAD=$bin "$here/scripts/white-chart.sh" "$tmp/wcm.tsv" "$tmp/wcm" >"$tmp/wcm.out" 2>"$tmp/wcm.err"
check "white-chart.sh: a point with two setup kinds is refused (exit 2, the line named)" \
    test $? -eq 2 -a "$(grep -c 'wcm.tsv:1:.*one kind' "$tmp/wcm.err")" -eq 1
printf 'a\tnot-a-number\tp\t%s\n' "$tmp/psa.trd" >"$tmp/wcb.tsv"
TRIAD=$bin "$here/scripts/white-chart.sh" "$tmp/wcb.tsv" "$tmp/wcb" >/dev/null 2>"$tmp/wcb.err"
check "white-chart.sh: a malformed line is refused (exit 2, one line naming it)" \
    test $? -eq 2 -a "$(wc -l <"$tmp/wcb.err")" -eq 1 -a "$(grep -c 'wcb.tsv:1:' "$tmp/wcb.err")" -eq 1
printf 'a\t0\tp\t%s\n' "$tmp/psa.trd" >"$tmp/wc0.tsv"
TRIAD=$bin "$here/scripts/white-chart.sh" "$tmp/wc0.tsv" "$tmp/wc0" >/dev/null 2>"$tmp/wc0.err"
check "white-chart.sh: x = 0 is refused (a log scale would drop it), exit 2, the line named" \
    test $? -eq 2 -a "$(wc -l <"$tmp/wc0.err")" -eq 1 -a "$(grep -c 'wc0.tsv:1: x must be a number above 0' "$tmp/wc0.err")" -eq 1
printf 'a\t007\tp\t%s\nb\t1\tp\x01\t%s\n' "$tmp/psa.trd" "$tmp/psa.trd" >"$tmp/wc7.tsv"
TRIAD=$bin "$here/scripts/white-chart.sh" "$tmp/wc7.tsv" "$tmp/wc7" >/dev/null 2>"$tmp/wc7.err"
sed -i 1d "$tmp/wc7.tsv"
TRIAD=$bin "$here/scripts/white-chart.sh" "$tmp/wc7.tsv" "$tmp/wc7" >/dev/null 2>>"$tmp/wc7.err"
check "white-chart.sh: x 007 (not a JSON number) and a control character in a name are refused, the line named" \
    test "$(grep -c 'wc7.tsv:1: x must be' "$tmp/wc7.err")" -eq 1 -a "$(grep -c 'wc7.tsv:1: a control character' "$tmp/wc7.err")" -eq 1
check "white-chart.sh: white.dat gets the mode of a new file here (not a temporary file's private one)" \
    test "$(stat -c %a "$tmp/wc/white.dat")" = "$(printf '%o' $((0666 & ~$(umask))))"
printf 'a|b\t10\tp|q\t%s\r\n' "$tmp/psa.trd" >"$tmp/wccr.tsv"
TRIAD=$bin "$here/scripts/white-chart.sh" "$tmp/wccr.tsv" "$tmp/wccr" >"$tmp/wccr.md" 2>"$tmp/wccr.err"
check "white-chart.sh: a CRLF table reads as LF, and a | in a name is escaped in the Markdown row" \
    test $? -eq 0 -a "$(grep -c '^| a\\|b | `p\\|q` | 16 |' "$tmp/wccr.md")" -eq 1
"$bin" selfplay --games 30 --players random --setup random --seed 3 --threads 1 --quiet --block-games 10 --out "$tmp/wcb30.trd" 2>/dev/null
head -c "$(($(wc -c <"$tmp/wcb30.trd") - 20))" "$tmp/wcb30.trd" >"$tmp/wcb30t.trd"
printf 'a\t1\tp\t%s\n' "$tmp/wcb30t.trd" >"$tmp/wct3.tsv"
TRIAD=$bin "$here/scripts/white-chart.sh" "$tmp/wct3.tsv" "$tmp/wct3" >"$tmp/wct3.out" 2>"$tmp/wct3.err"
check "white-chart.sh: a file torn after whole blocks (bias would skip the block) is refused, not drawn from part" \
    test $? -eq 2 -a "$(wc -l <"$tmp/wct3.err")" -eq 1 -a "$(grep -c 'wct3.tsv:1: "p": .*torn' "$tmp/wct3.err")" -eq 1 -a ! -s "$tmp/wct3.out"
: >"$tmp/wcfile"
TRIAD=$bin "$here/scripts/white-chart.sh" "$tmp/wc.tsv" "$tmp/wcfile" >"$tmp/wcf.out" 2>"$tmp/wcf.err"
check "white-chart.sh: OUT that is a file is refused (exit 2, one line), nothing printed" \
    test $? -eq 2 -a "$(wc -l <"$tmp/wcf.err")" -eq 1 -a ! -s "$tmp/wcf.out"
printf 'a\t1\tp\t%s\n' "$tmp/pstorn.trd" >"$tmp/wcx.tsv"
TRIAD=$bin "$here/scripts/white-chart.sh" "$tmp/wcx.tsv" "$tmp/wcx" >/dev/null 2>"$tmp/wcx.err"
check "white-chart.sh: a torn file stops it (exit 2, said), no data file written" \
    test $? -eq 2 -a "$(grep -c 'torn' "$tmp/wcx.err")" -ge 1 -a ! -e "$tmp/wcx/white.dat"


# --- scripts/tquantile.awk: the t quantile of the scripts' intervals ---------------
# t975(df) against the t distribution's CDF integrated here (python3), from
# 1 to 200 degrees of freedom; and ladder-score.awk's interval on 4 setups
# (3 degrees of freedom, where a normal-based expansion is 0.7% short) is
# the mean of the setups' scores plus or minus t975(3) standard errors.
check "tquantile.awk: t975(df) is the t distribution's 97.5% quantile (df 1..200)" python3 -c "
import math, subprocess
dfs = [1, 2, 3, 4, 5, 7, 10, 20, 29, 30, 31, 40, 60, 100, 200]
prog = 'BEGIN { ' + ' '.join('printf \"%%.6f\\n\", t975(%d);' % d for d in dfs) + ' }'
got = subprocess.run(['awk', '-f', '$here/scripts/tquantile.awk', prog], capture_output=True, text=True).stdout.split()
def cdf(x, v, n=200000):
    c = math.exp(math.lgamma((v + 1) / 2) - math.lgamma(v / 2)) / math.sqrt(v * math.pi)
    f = lambda t: (1 + t * t / v) ** (-(v + 1) / 2)
    h = x / n
    return 0.5 + c * h * (0.5 * f(0) + 0.5 * f(x) + sum(f(i * h) for i in range(1, n)))
for d, q in zip(dfs, got):
    assert abs(cdf(float(q), d) - 0.975) < 2e-5, (d, q, cdf(float(q), d))
"
"$bin" selfplay --games 16 --players random --setup random --paired --replicates 2 --seed 11 --threads 2 --quiet \
    --out "$tmp/ls.trd" 2>/dev/null
"$bin" records cat "$tmp/ls.trd" | awk -v kind=random -v rung=1 -v elo=0 -v elo_se=0 -v per=4 \
    -f "$here/scripts/tquantile.awk" -f "$here/scripts/ladder-score.awk" >"$tmp/ls.out" 2>&1
check "ladder-score.awk: a t interval with 3 degrees of freedom on 4 setups" python3 -c "
import json, subprocess, statistics as st
out = subprocess.run(['$bin', 'records', 'export', '$tmp/ls.trd', '--format', 'jsonl'], capture_output=True, text=True).stdout
d = {}
for l in out.splitlines():
    g = json.loads(l); d.setdefault(g['setup_index'], []).append(g['scores'][0])
m = [sum(v) / len(v) for v in d.values()]
assert len(m) == 4
mean, half = st.mean(m), 3.182446 * st.stdev(m) / 2
f = open('$tmp/ls.out').read().split('\t')
assert abs(float(f[5]) - mean) < 1e-5 and abs(float(f[6]) - (mean - half)) < 2e-4 and abs(float(f[7]) - (mean + half)) < 2e-4, (f, mean, half)
"

# --- scripts/ladder-report.sh: a small ladder's report, and a torn rung -------------
# Two rungs of 16 games, a match figure and the files ladder.sh leaves: the
# report is written; with one rung's records torn it stops with records
# cat's one error line and writes nothing (no table from part of a file).
lr=$tmp/lr
mkdir -p "$lr/rung-100" "$lr/rung-200"
for r in 100 200; do
    "$bin" selfplay --players ab:nodes=$r --setup random --paired --replicates 2 --games 16 --seed 1 --quiet \
        --out "$lr/rung-$r/random.trd" 2>/dev/null
done
echo '{"games":20,"score":0.6,"elo":70.4,"elo_ci95":[-50.0,190.0]}' >"$lr/match-200-100.json"
echo "engine signature $("$bin" records info "$lr/rung-100/random.trd" | awk '$1 == "engine_signature" { print $2 }')" >"$lr/engine.txt"
printf '100\trandom\t16\t0.1\n200\trandom\t16\t0.1\n' >"$lr/cost.tsv"
cp -r "$lr" "$tmp/lrtorn"
RUNGS="100 200" KINDS=random PLACE=eval TRIAD=$bin "$here/scripts/ladder-report.sh" "$lr" >"$tmp/lr.out" 2>&1
check "ladder-report.sh: two rungs of 16 games give a report" test $? -eq 0 -a -s "$lr/ladder.md" -a -s "$lr/plots/white.dat"
echo junk >"$tmp/lrstray.trd" && cp -r "$lr" "$tmp/lrs" && rm -rf "$tmp/lrs/plots" "$tmp/lrs/ladder."* && cp "$tmp/lrstray.trd" "$tmp/lrs/rung-100/old.trd"
RUNGS="100 200" KINDS=random PLACE=eval TRIAD=$bin "$here/scripts/ladder-report.sh" "$tmp/lrs" >"$tmp/lr.out" 2>&1
check "ladder-report.sh: a stray file in a rung's folder, which the report does not read, stops nothing" test $? -eq 0 -a -s "$tmp/lrs/ladder.md"
f=$tmp/lrtorn/rung-200/random.trd
head -c "$(($(wc -c <"$f") - 20))" "$f" >"$f.cut" && mv "$f.cut" "$f"
RUNGS="100 200" KINDS=random PLACE=eval TRIAD=$bin "$here/scripts/ladder-report.sh" "$tmp/lrtorn" >"$tmp/lr.out" 2>"$tmp/lr.err"
check "ladder-report.sh: a torn rung: exit 2, one error line (torn), nothing written" \
    test $? -eq 2 -a "$(wc -l <"$tmp/lr.err")" -eq 1 -a "$(grep -c 'torn' "$tmp/lr.err")" -eq 1 \
    -a ! -e "$tmp/lrtorn/ladder.md" -a ! -e "$tmp/lrtorn/plots"


# --- every script from another directory, on paths as the user gives them (issue 40 item 16) ---------
# Each script is called by its path from a folder outside the checkout, with its files, its output and
# TRIAD (a link there) named relative to that folder: what it writes lands there, and nothing appears
# in the checkout.  Sizes are tiny; strength.sh, mcts-vs-ab.sh and talat-ladder.sh get a stand-in
# binary that answers their matches at once (they take no paths; what is tested is that they run from
# anywhere).  test.sh, the 12-minute suite itself, is checked by reading it: like every script that
# works in the checkout it reads scripts/caller.sh before it changes there.
away=$tmp/away
mkdir -p "$away"
ln -s "$bin" "$away/mytriad"
cp "$tmp/pa.trd" "$tmp/pb.trd" "$tmp/op.trd" "$tmp/psa.trd" "$tmp/psb.trd" "$away/"
cp "$here/data/positions/tzaar-fixed-openings.txt" "$away/openings.txt"
printf 'random\t2\trandom\t%s\n' "$here/data/records/ab2-random-200.trd" >"$away/wc.tsv"
before=$(ls "$here")
elsewhere() { # elsewhere NAME VAR=VALUE... SCRIPT ARGS...: runs SCRIPT from $away; its output in $away/NAME.out
    local name=$1
    shift
    (cd "$away" && timeout -k 5 120 env TRIAD=./mytriad NO_SETUP=1 "$@" >"$away/$name.out" 2>&1)
}
elsewhere pair "$here/scripts/talat-pair.sh" pa.trd pb.trd
check "talat-pair.sh from elsewhere on the caller's files" grep -qx '10 setups in both runs' "$away/pair.out"
elsewhere open "$here/scripts/openings.sh" openings.txt op.trd
check "openings.sh from elsewhere on the caller's files" test "$(grep -cE '^\| [0-9]+ \| [A-I][1-9]x[A-I][1-9] \| 3 \| ' "$away/open.out")" -eq 14
elsewhere paired "$here/scripts/paired-setups.sh" psa.trd -- psb.trd
check "paired-setups.sh from elsewhere on the caller's files" grep -q 'setups held by both' "$away/paired.out"
elsewhere wc "$here/scripts/white-chart.sh" wc.tsv wcout
check "white-chart.sh from elsewhere: the table read and OUT written there" test -s "$away/wcout/white.dat"
elsewhere loop G=1 GAMES=20 MATCH_GAMES=20 PLAYER=ab:depth=1 "$here/scripts/tune-loop.sh" myloop
check "tune-loop.sh from elsewhere writes the caller's myloop" test -s "$away/myloop/generations.tsv" -a -s "$away/myloop/current.txt"
tiny_ladder=(RUNGS="50 100" GAMES=12 MATCH_GAMES=4 KINDS=random PLACE=eval POLICY_GAMES="0 0" REPLICATES=1)
elsewhere ladder "${tiny_ladder[@]}" "$here/scripts/ladder.sh" lad
check "ladder.sh from elsewhere writes the caller's lad/" test -s "$away/lad/ladder.md" -a -s "$away/lad/rung-50/random.trd"
rm -f "$away/lad/ladder.md" "$away/lad/ladder.json"
elsewhere report RUNGS="50 100" KINDS=random PLACE=eval REPLICATES=1 "$here/scripts/ladder-report.sh" lad
check "ladder-report.sh from elsewhere reads and writes the caller's lad/" test -s "$away/lad/ladder.md"
rm -f "$away/lad/ladder.md"
elsewhere tables RUNGS="50 100" PLACE=eval BEST=100 "$here/scripts/ladder-tables.sh" lad
check "ladder-tables.sh from elsewhere writes the caller's lad/ladder.md" test -s "$away/lad/ladder.md"
if command -v gnuplot >/dev/null; then
    rm -f "$away/lad/plots/ladder.png"
    elsewhere plots "$here/scripts/ladder-plots.sh" lad
    check "ladder-plots.sh from elsewhere draws into the caller's lad/plots" test -s "$away/lad/plots/ladder.png"
else
    ok "ladder-plots.sh from elsewhere # SKIP no gnuplot"
fi
tiny_trid=(PLAYER=random GAMES=12 TWO_PLAYER_GAMES=4 OPEN_GAMES=12)
elsewhere trid "${tiny_trid[@]}" "$here/scripts/study-trid.sh" trid
check "study-trid.sh from elsewhere writes the caller's trid/" test -s "$away/trid/hex5-3.md" -a -s "$away/trid/hex5-open-4.trd"
elsewhere talat GAMES=6 MATCH_GAMES=6 PLAYER=greedy "$here/scripts/study-talat.sh" talat
check "study-talat.sh from elsewhere writes the caller's talat/" test -s "$away/talat/report.md"
elsewhere study PERFT_DEPTH=2 GAMES=20 FIXED_GAMES=20 TOURNAMENT_GAMES=20 MATCH_GAMES=20 PLAYER=ab:depth=1 \
    LADDER_RUNGS="50 100" LADDER_GAMES="8 8" LADDER_MATCH_GAMES=8 LADDER_POLICY_GAMES="4 4" "$here/scripts/study.sh" st
check "study.sh from elsewhere writes the caller's st/" test -s "$away/st/report.md"
elsewhere results "${tiny_ladder[@]}" "${tiny_trid[@]}" D2_GAMES=12 "$here/scripts/results.sh" res
check "results.sh from elsewhere writes the caller's res/" \
    test -s "$away/res/ladder/ladder.md" -a -s "$away/res/trid/hex5-2.md" -a -s "$away/res/trid-d2/hex5-4.md"
# the shards of a run by hand (no Slurm) into a folder named from there, then merged
for k in 0 1; do
    elsewhere "shard$k" SLURM_ARRAY_TASK_ID=$k bash "$here/scripts/slurm/selfplay.sbatch" shards 2 --players random --games 4 --seed 1
done
elsewhere merge bash "$here/scripts/slurm/merge.sbatch" shards 2 merged.trd
check "slurm/selfplay.sbatch and merge.sbatch from elsewhere: the caller's shards/ and merged.trd" \
    test -s "$away/shards/shard-1-of-2.rec" -a -s "$away/merged.trd"
# the scripts without paths, with a stand-in for the binary (named relative to the caller too)
printf '#!/bin/sh\ncase "$*" in\n  *--help*) echo "  --game NAME" ;;\n  *--json*) echo %s ;;\n  *) echo "match $*" ;;\nesac\n' \
    "'{\"score\":0.5,\"elo\":0,\"elo_ci95\":[-9,9],\"share\":0.4,\"share_ci95\":[0.3,0.5],\"mean_rank\":1,\"mean_rank_ci95\":[0.9,1.1]}'" \
    >"$away/fake-triad"
chmod +x "$away/fake-triad"
elsewhere strength TRIAD=./fake-triad "$here/scripts/strength.sh" 2
check "strength.sh from elsewhere (TRIAD the caller's)" test "$(grep -c '^match match --a ' "$away/strength.out")" -eq 4
elsewhere mcts TRIAD=./fake-triad "$here/scripts/mcts-vs-ab.sh" 2
check "mcts-vs-ab.sh from elsewhere (TRIAD the caller's)" grep -q '^| `mcts:playouts=1000` | `ab:depth=2` | 2 | 50.0% | 0 \[-9,9\]' "$away/mcts.out"
elsewhere tladder TRIAD=./fake-triad "$here/scripts/talat-ladder.sh" 3
check "talat-ladder.sh from elsewhere (TRIAD the caller's)" grep -q '^| `mcts:playouts=200` | `random` | 3 | 40.0%' "$away/tladder.out"
(cd "$away" && "$here/scripts/setup.sh" --check) >"$away/setup.out" 2>&1
(cd "$here" && scripts/setup.sh --check) >"$tmp/setup-here.out" 2>&1
check "setup.sh --check from elsewhere says what it says in the checkout" cmp -s "$away/setup.out" "$tmp/setup-here.out"
unread=
for f in "$here"/scripts/*.sh; do
    grep -q '^cd "$(dirname "$0")/.."' "$f" || continue
    awk '/caller\.sh/ { seen = 1 } /^cd "\$\(dirname "\$0"\)\/\.\."/ { exit !seen }' "$f" || unread="$unread $(basename "$f")"
done
check "every script that changes to the checkout reads scripts/caller.sh first (test.sh too)${unread:+:$unread}" test -z "$unread"
check "nothing of the runs from elsewhere landed in the checkout" test "$(ls "$here")" = "$before"
# --- the house rules, measured (issue 41 items 3 and 5) -------------------------
# Functions past a screen: scripts/fnlen.sh counts those over 80 lines.
"$here/scripts/fnlen.sh" --max 4 >"$tmp/fnlen.out" 2>&1
check "at most 4 functions over 80 lines ($(grep -c . "$tmp/fnlen.out") listed by scripts/fnlen.sh)" test $? -eq 0
printf 'static int f(void)\n{\n%s\n}\n' "$(printf '    x++;\n%.0s' $(seq 81))" >"$tmp/long.c"
check "fnlen.sh finds a function of 81 lines" grep -q "^81 $tmp/long.c:2 static int f(void)" \
    <("$here/scripts/fnlen.sh" "$tmp/long.c")
check "eval/bias_html.c is under 600 lines" test "$(wc -l <"$here/eval/bias_html.c")" -lt 600
# One test harness: every test script sources tests/lib.sh and none defines
# its functions again.
unsourced= redefined=
for f in "$here"/tests/cli*.sh "$here"/tests/browser_test.sh "$here"/tests/slurm_test.sh; do
    grep -q '/lib\.sh"' "$f" || unsourced="$unsourced ${f##*/}"
    grep -qE '^(ok|not_ok|check|run|status|good|bad|expect|line_is|finish|give_up)\(\)' "$f" && redefined="$redefined ${f##*/}"
done
# --- scripts/readings.sh: the figures of "The readings put right" (issue 39) --------
# From the committed records (seconds): the figures docs/results.md prints.
TRIAD=$bin "$here/scripts/readings.sh" >"$tmp/readings.out" 2>"$tmp/readings.err"
check "readings.sh runs on the committed records" test $? -eq 0 -a ! -s "$tmp/readings.err"
rgrep() { grep -qF -- "$1" "$tmp/readings.out"; }
check "readings.sh: the class is who acts at the first proven position (129 of 129)" \
    rgrep "games 2000; the loser to act at the first proven position: 129 lost by play, 0 already lost; the winner to act there: 1855 already lost, 16 lost by play"
check "readings.sh: the distance from the end, 2-22 median 10, and the proof's bound apart" \
    bash -c "grep -qx 'from_end: min 2, median 10, max 22' '$tmp/readings.out' && grep -qx 'first_distance: min 2, median 14, max 26' '$tmp/readings.out'"
check "readings.sh: the wins held at 1,000 nodes" rgrep "White held a proven win in 681 games, lost 149: 21.88% [18.95, 25.12]"
check "readings.sh: the continuation pilot" rgrep "    21     400       400    28.25% [23.82, 32.68]"
check "readings.sh: one edge does not fit" rgrep "(Wald) 34.8, p = 1.6e-06"
check "readings.sh: the random-effects pool" rgrep "first mover 40.7% [38.3, 43.2]"
check "readings.sh: MCTS against ab at matched strength" rgrep "B - A: +6.10 points, 95% interval [+3.19, +9.01]"
check "readings.sh: the chained span and its error" rgrep "the six matches summed, 250 to 1,000,000 nodes: +1053.2 Elo +/- 89.3"
check "readings.sh: additivity" rgrep "the match minus the chain: -16.2 Elo [-83.8, +51.4]"
check "readings.sh: additivity, the match and its chain named in nodes" \
    rgrep "64,000 over 4,000 nodes: the match +278.5 (se 22.9); the chain 4,000->16,000->64,000 +294.7 (se 25.8)"
check "readings.sh: the issue's own test, 1,000,000 over 64,000 nodes, reported or said not played" \
    grep -qE '^(1,000,000 over 64,000 nodes: the match [-+][0-9.]+ \(se [0-9.]+\); the chain 64,000->256,000->1,000,000 \+319\.2 \(se 23\.2\)|\(1000000 over 64000 nodes: not played yet, no data/records/ladder-deep/match-1000000-64000\.json\))$' "$tmp/readings.out"
# a continuation still in shards is said so, not reported from its parts
# (readings.sh reads the checkout's data/records: a scratch folder there,
# removed again)
sh_dir=$here/data/records/continuation/zz-shards-$$
mkdir -p "$sh_dir" && cp "$here/data/records/continuation/rung256000-at64000/source" "$sh_dir/" \
    && cp "$here/data/records/continuation/rung256000-at64000/ply-1.trd" "$sh_dir/ply-1.shard0-of-4.trd"
TRIAD=$bin "$here/scripts/readings.sh" >"$tmp/readings3.out" 2>&1
rm -rf "$sh_dir"
check "readings.sh: a continuation in shards is not merged yet, and not reported" \
    bash -c "grep -qF '(data/records/continuation/zz-shards-$$: in shards, not merged yet' '$tmp/readings3.out' && ! grep -q 'zz-shards-$$/ply-' '$tmp/readings3.out'"
check "readings.sh: the ladder's edges" rgrep "edge -54.4 Elo [-58.8, -50.0]"
# ORACLE=solve runs the solver (here on 2 games a file, a small budget)
ORACLE=solve MAX_GAMES=2 NODES=20000 TRIAD=$bin "$here/scripts/readings.sh" >"$tmp/readings2.out" 2>&1
check "readings.sh ORACLE=solve: the solver's summaries, at a small scale" \
    test "$(grep -c '^games 2; the loser to act at the first proven position' "$tmp/readings2.out")" = 4

check "every test script sources tests/lib.sh${unsourced:+ (not:$unsourced)}" test -z "$unsourced"
check "no test script redefines lib.sh's checks${redefined:+ ($redefined)}" test -z "$redefined"

finish
