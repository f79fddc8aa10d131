#!/usr/bin/env bash
# run.sh BUILD_DIR — runs the unit tests and the command-line tests against the
# binaries in BUILD_DIR, then prints the combined "N passed, N failed" line.
set -u
build=${1:?usage: tests/run.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
passed=0 failed=0 broken=0

run_part() { # name, command...
    local name=$1 out rc line
    shift
    echo "== $name"
    out=$("$@" 2>&1)
    rc=$?
    printf '%s\n' "$out" | grep -E "^(FAIL|not ok)" | head -50
    line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -1)
    if [ -z "$line" ]; then
        printf '%s\n' "$out" | tail -20
        echo "$name: no result line (exit $rc)"
        broken=$((broken + 1))
        return
    fi
    echo "$name: $line"
    passed=$((passed + $(echo "$line" | cut -d' ' -f1)))
    failed=$((failed + $(echo "$line" | cut -d' ' -f3)))
    if [ "$rc" -ne 0 ] && [ "$(echo "$line" | cut -d' ' -f3)" -eq 0 ]; then
        echo "$name: exit status $rc"
        broken=$((broken + 1))
    fi
}

run_part "unit tests" "$build/triad-tests"
run_part "command-line tests" "$here/cli.sh" "$build/triad"
run_part "player and protocol tests" "$here/cli_players.sh" "$build/triad"
run_part "self-play and records tests" "$here/cli_selfplay.sh" "$build/triad"
run_part "research command tests" "$here/cli_research.sh" "$build/triad"
run_part "file safety tests" "$here/cli_files.sh" "$build/triad"
run_part "number and message tests" "$here/cli_nums.sh" "$build/triad"
run_part "records semantics tests (issue 8)" "$here/cli_records2.sh" "$build/triad"
run_part "view tests" "$here/cli_view.sh" "$build/triad"
run_part "view and bias --html for every game (issue 19)" "$here/cli_view_games.sh" "$build/triad"
run_part "solve tests" "$here/cli_solve.sh" "$build/triad"
run_part "Slurm job script tests" "$here/cli_sbatch.sh" "$build/triad"
run_part "script tests" "$here/cli_scripts.sh" "$build/triad"
run_part "generic games tests" "$here/cli_games.sh" "$build/triad"
run_part "generic command tests" "$here/cli_commands.sh" "$build/triad"
run_part "generic research drivers tests" "$here/cli_generic.sh" "$build/triad"
run_part "TRID tests" "$here/cli_trid.sh" "$build/triad"
run_part "Talat command-line tests" "$here/cli_talat.sh" "$build/triad"
run_part "engine player tests" "$here/cli_engines.sh" "$build/triad"
run_part "match harness tests" "$here/cli_match.sh" "$build/triad"
run_part "export, info, version, man page, vocabulary tests" "$here/cli_export.sh" "$build/triad"
run_part "C API tests (libtriad.so)" "$build/triad-api-test" "$here/../data/records/ab2-random-200.trd"
run_part "C API tests (libtriad.a)" "$build/triad-api-test-static" "$here/../data/records/talat-ab4-played.trd"
run_part "Python module tests" "$here/cli_python.sh" "$build/triad"
run_part "figures tests (issue 18)" "$here/cli_numbers.sh" "$build/triad"
run_part "README command tests" "$here/cli_readme.sh" "$build/triad"
failed=$((failed + broken))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
