#!/usr/bin/env bash
# run.sh BUILD_DIR — runs the unit tests and the command-line tests against the
# binaries in BUILD_DIR, then prints the combined "N passed, N failed" line.
#
# The parts run side by side on TRIAD_TEST_JOBS workers (default: nproc; 1
# runs them one after another): the unit binary as that many workers sharing
# one queue of tests (triad-tests --queue: every test runs once, the slow
# ones spread over the cores), and the cli_*.sh scripts.  Each part's output
# goes whole to BUILD_DIR/test-logs/PART.log; the terminal gets, as each part
# ends, its total, its time and its failures.  The unit workers' tests must
# add up to triad-tests --list, or the run fails.
set -u
build=${1:?usage: tests/run.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
jobs=${TRIAD_TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: TRIAD_TEST_JOBS=$jobs is not a positive number"; echo "0 passed, 1 failed"; exit 1; }
logs=$build/test-logs
rm -rf "$logs" && mkdir -p "$logs" || { echo "run.sh: cannot make $logs"; echo "0 passed, 1 failed"; exit 1; }
passed=0 failed=0 broken=0

# The parts, by run_part TITLE COMMAND... (the log is named after the
# command).  The unit workers first (the longest tests come first in their
# queue: tests/main.c), then the scripts longest first (as measured under
# SAN=1 beside make test, scripts/test.sh: README 565 s, cli 247 s, ...
# scripts 8 s; the parts merged since, by a guess), so that no long part starts last and runs alone at the end.
names=() titles=() cmds=()
run_part() {
    local base name k=1
    base=$(basename "$2" .sh) name=$base
    while [[ " ${names[*]} " == *" $name "* ]]; do k=$((k + 1)) name=$base-$k; done
    names+=("$name") titles+=("$1")
    shift
    cmds+=("$(printf '%q ' "$@")")
}
queue=$logs/unit.queue
for ((w = 1; w <= jobs; w++)); do
    run_part "unit tests, worker $w of $jobs" "$build/triad-tests" --queue "$queue"
done
run_part "README command tests" "$here/cli_readme.sh" "$build/triad"
run_part "a game is one folder (issue 41)" "$here/cli_game_folder.sh" "$build/triad"
run_part "command-line tests" "$here/cli.sh" "$build/triad"
run_part "engine player tests" "$here/cli_engines.sh" "$build/triad"
run_part "match harness tests" "$here/cli_match.sh" "$build/triad"
run_part "self-play and records tests" "$here/cli_selfplay.sh" "$build/triad"
run_part "number and message tests" "$here/cli_nums.sh" "$build/triad"
run_part "TRID tests" "$here/cli_trid.sh" "$build/triad"
run_part "figures tests (issue 18)" "$here/cli_numbers.sh" "$build/triad"
run_part "Python module tests" "$here/cli_python.sh" "$build/triad"
run_part "research command tests" "$here/cli_research.sh" "$build/triad"
run_part "records semantics tests (issue 8)" "$here/cli_records2.sh" "$build/triad"
run_part "export, info, version, man page, vocabulary tests" "$here/cli_export.sh" "$build/triad"
run_part "Slurm job script tests" "$here/cli_sbatch.sh" "$build/triad"
run_part "file safety tests" "$here/cli_files.sh" "$build/triad"
run_part "generic games tests" "$here/cli_games.sh" "$build/triad"
run_part "view tests" "$here/cli_view.sh" "$build/triad"
run_part "view and bias --html for every game (issue 19)" "$here/cli_view_games.sh" "$build/triad"
run_part "solve tests" "$here/cli_solve.sh" "$build/triad"
run_part "forward continuation tests (issue 39)" "$here/cli_continuation.sh" "$build/triad"
run_part "network training tests (issue 38)" "$here/cli_train.sh" "$build/triad"
run_part "generic command tests" "$here/cli_commands.sh" "$build/triad"
run_part "game parameters and TZAAR's variants (issue 39)" "$here/cli_variants.sh" "$build/triad"
run_part "Talat command-line tests" "$here/cli_talat.sh" "$build/triad"
run_part "player and protocol tests" "$here/cli_players.sh" "$build/triad"
run_part "generic research drivers tests" "$here/cli_generic.sh" "$build/triad"
run_part "C API tests (libtriad.so)" "$build/triad-api-test" "$here/../data/records/ab2-random-200.trd"
run_part "C API tests (libtriad.a)" "$build/triad-api-test-static" "$here/../data/records/talat-ab4-played.trd"
run_part "hangs, losses and confusing errors (issue 40)" "$here/cli_robust.sh" "$build/triad"
run_part "positive control and compensation tests (issue 39)" "$here/cli_fairness.sh" "$build/triad"
run_part "the fairness study of TZAAR's variants (issue 39)" "$here/cli_fairness_tzaar.sh" "$build/triad"
run_part "script tests" "$here/cli_scripts.sh" "$build/triad"

# report I: part I's total and failures (its log whole when it has no total).
unit_passed=0 unit_failed=0
report() {
    local i=$1 log=$logs/${names[$1]}.log rc=? secs=? cpu=? line
    { read -r rc secs cpu <"$logs/${names[i]}.status"; } 2>/dev/null
    grep -E "^(FAIL|not ok)" "$log" | head -50
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
    if [ -z "$line" ]; then
        tail -20 "$log"
        echo "${titles[i]}: no result line (exit $rc), log $log"
        broken=$((broken + 1))
        return
    fi
    echo "${titles[i]}: $line ($secs s, $cpu s CPU)"
    local p f
    p=$(echo "$line" | cut -d' ' -f1) f=$(echo "$line" | cut -d' ' -f3)
    passed=$((passed + p)) failed=$((failed + f))
    case ${names[i]} in triad-tests*) unit_passed=$((unit_passed + p)) unit_failed=$((unit_failed + f)) ;; esac
    if [ "$rc" != 0 ] && [ "$f" -eq 0 ]; then
        echo "${titles[i]}: exit status $rc, log $log"
        broken=$((broken + 1))
    elif [ "$f" -ne 0 ]; then
        echo "${titles[i]}: log $log"
    fi
}

# The pool: at most $jobs parts at a time; each part's end is reported as it comes.
hz=$(getconf CLK_TCK 2>/dev/null || echo 100)
declare -A index=()
next=0 running=0
while [ "$next" -lt "${#names[@]}" ] || [ "$running" -gt 0 ]; do
    while [ "$next" -lt "${#names[@]}" ] && [ "$running" -lt "$jobs" ]; do
        (
            start=$SECONDS
            eval "${cmds[next]}" >"$logs/${names[next]}.log" 2>&1
            rc=$?
            # Its CPU time (user + system, from this subshell's reaped
            # children: /proc, fields 16 and 17; ? where it cannot tell):
            # on a busy machine the wall time says little.
            cpu=? stat=
            read -r stat 2>/dev/null </proc/$BASHPID/stat
            [ -n "$stat" ] && read -ra f <<<"${stat##*) }" && cpu=$(((f[13] + f[14] + hz / 2) / hz))
            echo "$rc $((SECONDS - start)) $cpu" >"$logs/${names[next]}.status"
        ) &
        index[$!]=$next
        next=$((next + 1)) running=$((running + 1))
    done
    done_pid=
    wait -n -p done_pid
    [ -n "$done_pid" ] || continue
    running=$((running - 1))
    report "${index[$done_pid]}"
done

# Every unit test ran once: the workers' counts add up to the list.
want=$("$build/triad-tests" --list | wc -l)
if [ "$((unit_passed + unit_failed))" -ne "$want" ]; then
    echo "unit tests: the workers ran $((unit_passed + unit_failed)) tests, triad-tests --list has $want"
    broken=$((broken + 1))
else
    echo "unit tests: $unit_passed passed, $unit_failed failed (all $want, on $jobs workers)"
fi
failed=$((failed + broken))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
