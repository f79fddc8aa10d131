#!/usr/bin/env bash
# cli_sbatch.sh BINARY — tests of scripts/slurm/selfplay.sbatch and
# merge.sbatch without a cluster: each array task is run with bash and the
# SLURM_ARRAY_* variables Slurm would give it (tests/slurm_test.sh runs the
# same scripts under a real Slurm).  Covers: N from the argument and not the
# array, any subset of task ids (--array=2, --array=0-6:2 then 1-7:2), a
# rerun task is a no-op, a task resumes its own partial shard, merge re-runs,
# merge of an incomplete set fails and leaves OUT as it was.  Prints
# "ok - ..." / "not ok - ..." per check and ends with "N passed, N failed".
set -u
bin=${1:?usage: tests/cli_sbatch.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_sbatch.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
here=$(cd "$(dirname "$0")/.." && pwd)
selfplay=$here/scripts/slurm/selfplay.sbatch
merge=$here/scripts/slurm/merge.sbatch

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
sorted_cat() { "$bin" records cat "$@" 2>/dev/null | sort -n; }
same_games() { cmp -s <(sorted_cat "$1") <(sorted_cat "$2"); }
games_in() { sorted_cat "$1" | wc -l; }

# array SPEC DIR N OPTIONS...: runs the tasks of sbatch --array=SPEC (a-b,
# a-b:s or one id) one after another with the variables Slurm sets; the
# number of tasks that failed goes to $tasks_failed, their stderr to $tmp/err.
array() {
    local spec=$1 ids min max step=1 id
    shift
    if [[ $spec =~ ^([0-9]+)-([0-9]+)(:([0-9]+))?$ ]]; then
        min=${BASH_REMATCH[1]} max=${BASH_REMATCH[2]} step=${BASH_REMATCH[4]:-1}
    else
        min=$spec max=$spec
    fi
    ids=$(seq "$min" "$step" "$max")
    tasks_failed=0
    : >"$tmp/err"
    for id in $ids; do
        SLURM_ARRAY_TASK_ID=$id SLURM_ARRAY_TASK_MIN=$min SLURM_ARRAY_TASK_MAX=$max \
        SLURM_ARRAY_TASK_STEP=$step SLURM_ARRAY_TASK_COUNT=$(echo "$ids" | wc -l) \
        SLURM_CPUS_PER_TASK=1 TRIAD=$bin bash "$selfplay" "$@" 2>>"$tmp/err" ||
            tasks_failed=$((tasks_failed + 1))
    done
}
# run_merge DIR N OUT [--force]: status in $rc, stderr in $tmp/merr.
run_merge() {
    TRIAD=$bin bash "$merge" "$@" >"$tmp/mout" 2>"$tmp/merr"
    rc=$?
}
# cut_last_block FILE: drops the file's last block at a block boundary, so
# it holds whole blocks but misses games (what a task killed between two
# blocks leaves behind).
cut_last_block() {
    local at
    truncate -s -1 "$1"
    at=$("$bin" records verify "$1" 2>&1 | sed -n 's/.*torn block at offset \([0-9]*\).*/\1/p')
    [ -n "$at" ] && truncate -s "$at" "$1"
}

opts=(--games 240 --players random --seed 11 --paired --block-games 8)
"$bin" selfplay "${opts[@]}" --threads 1 --quiet --out "$tmp/single.rec"

# --- N is an argument ------------------------------------------------------------
array 0 "$tmp/x" "${opts[@]}"
check "selfplay.sbatch without N fails, naming N" \
    test "$tasks_failed" -eq 1 -a "$(grep -c 'N (the number of shards' "$tmp/err")" -eq 1
array 4 "$tmp/x" 4 "${opts[@]}"
check "a task id outside 0..N-1 is refused" \
    test "$tasks_failed" -eq 1 -a "$(grep -c 'array task 4 is not a shard of 4' "$tmp/err")" -eq 1
check "and writes nothing" test ! -e "$tmp/x/shard-4-of-4.rec"
array 0-3 "$tmp/x" "${opts[@]}"
check "every task without N fails" test "$tasks_failed" -eq 4
array 0 "$tmp/x" 4 "${opts[@]}" --force
check "--force among the options is refused (a rerun would replace the shard)" \
    test "$tasks_failed" -eq 1 -a "$(grep -c -- '--force is set by selfplay.sbatch itself' "$tmp/err")" -eq 1

# --- the whole array, then single tasks again ----------------------------------
d=$tmp/four
array 0-3 "$d" 4 "${opts[@]}"
check "--array=0-3: every task succeeds" test "$tasks_failed" -eq 0
check "--array=0-3: shard-K-of-4.rec for K = 0..3" \
    test "$(cd "$d" && ls | tr '\n' ' ')" = "shard-0-of-4.rec shard-1-of-4.rec shard-2-of-4.rec shard-3-of-4.rec "
run_merge "$d" 4 "$tmp/four.rec"
check "merge: exit 0" test "$rc" -eq 0
check "merge: the merged shards equal a single-machine run" same_games "$tmp/four.rec" "$tmp/single.rec"
check "merge: says the merged file verified" grep -q "^$tmp/four.rec: 240 games, ok$" "$tmp/mout"
check "merge: leaves no temporary file" test -z "$(ls -A "$tmp" | grep merge-)"
cp "$d/shard-2-of-4.rec" "$tmp/shard2.keep"
sum=$(md5sum <"$d/shard-1-of-4.rec")
array 1 "$d" 4 "${opts[@]}"
check "a rerun of a complete task (--array=1) exits 0" test "$tasks_failed" -eq 0
check "and leaves its shard byte for byte as it was" test "$(md5sum <"$d/shard-1-of-4.rec")" = "$sum"
rm "$d/shard-2-of-4.rec"
array 2 "$d" 4 "${opts[@]}"
check "--array=2 alone plays a lost shard 2 of 4 again" \
    test "$tasks_failed" -eq 0 -a -s "$d/shard-2-of-4.rec"
check "the same games as before" same_games "$d/shard-2-of-4.rec" "$tmp/shard2.keep"
cut_last_block "$d/shard-2-of-4.rec"
check "(a shard cut at a block boundary misses games)" \
    test "$(games_in "$d/shard-2-of-4.rec")" -lt "$(games_in "$tmp/shard2.keep")"
run_merge "$d" 4 "$tmp/new.rec"
check "merge of a set with an incomplete shard fails" test "$rc" -ne 0
check "and creates no OUT" test ! -e "$tmp/new.rec"
check "and leaves no temporary file" test -z "$(ls -A "$tmp" | grep merge-)"
cp "$tmp/four.rec" "$tmp/four.keep"
run_merge "$d" 4 "$tmp/four.rec"
check "an earlier OUT of the run is merged in as an input" test "$rc" -eq 0
check "so its games fill the gap" same_games "$tmp/four.rec" "$tmp/single.rec"
array 2 "$d" 4 "${opts[@]}"
check "a rerun task resumes its own partial shard" \
    test "$tasks_failed" -eq 0 -a "$(grep -c 'resuming' "$tmp/err")" -eq 1
check "to the same games" same_games "$d/shard-2-of-4.rec" "$tmp/shard2.keep"
run_merge "$d" 4 "$tmp/four.rec"
check "merge re-run over its own output: exit 0" test "$rc" -eq 0
check "the same games" same_games "$tmp/four.rec" "$tmp/single.rec"
check "verified" grep -q "^$tmp/four.rec: 240 games, ok$" "$tmp/mout"
run_merge "$d" 4 "$tmp/four.rec"
check "and again" test "$rc" -eq 0
mv "$d/shard-3-of-4.rec" "$tmp/shard3.keep"
run_merge "$d" 4 "$tmp/four.rec"
check "merge with a shard file missing fails, naming it" \
    test "$rc" -ne 0 -a "$(grep -c 'shard-K-of-4.rec for K = 3' "$tmp/merr")" -eq 1
check "and leaves OUT as it was" cmp -s "$tmp/four.rec" "$tmp/four.keep"
mv "$tmp/shard3.keep" "$d/shard-3-of-4.rec"

# --- OUT of another run -------------------------------------------------------------
"$bin" selfplay --games 40 --players random --seed 12 --quiet --out "$tmp/other.rec"
cp "$tmp/other.rec" "$tmp/other.keep"
run_merge "$d" 4 "$tmp/other.rec"
check "merge refuses to replace a records file of another run" \
    test "$rc" -ne 0 -a "$(grep -c 'different runs' "$tmp/merr")" -eq 1
check "and leaves it as it was" cmp -s "$tmp/other.rec" "$tmp/other.keep"
echo "notes" >"$tmp/notes.txt"
run_merge "$d" 4 "$tmp/notes.txt"
check "merge refuses to replace a file that is not records" test "$rc" -ne 0 -a "$(cat "$tmp/notes.txt")" = notes
run_merge "$d" 4 "$tmp/other.rec" --force
check "merge --force replaces it" test "$rc" -eq 0
check "with the merged run" same_games "$tmp/other.rec" "$tmp/single.rec"

# --- a subset of the tasks, then the rest ----------------------------------------
d=$tmp/eight
array 0-6:2 "$d" 8 "${opts[@]}"
check "--array=0-6:2 (N=8): the even shards" \
    test "$tasks_failed" -eq 0 -a "$(cd "$d" && ls | tr '\n' ' ')" = "shard-0-of-8.rec shard-2-of-8.rec shard-4-of-8.rec shard-6-of-8.rec "
run_merge "$d" 8 "$tmp/eight.rec"
check "merge of half the shards fails, naming the missing ones" \
    test "$rc" -ne 0 -a "$(grep -c 'for K = 1,3,5,7): submit selfplay.sbatch again with --array=1,3,5,7' "$tmp/merr")" -eq 1
array 1-7:2 "$d" 8 "${opts[@]}"
check "then --array=1-7:2: the odd shards" test "$tasks_failed" -eq 0
run_merge "$d" 8 "$tmp/eight.rec"
check "the merged shards equal a single-machine run" test "$rc" -eq 0
check "game for game" same_games "$tmp/eight.rec" "$tmp/single.rec"
array 0 "$tmp/one" 4 "${opts[@]}"
check "--array=0 alone (N=4) writes shard 0 of 4 only" \
    test "$tasks_failed" -eq 0 -a "$(cd "$tmp/one" && ls | tr '\n' ' ')" = "shard-0-of-4.rec "
check "the games of shard 0 of 4, not the whole run" same_games "$tmp/one/shard-0-of-4.rec" "$tmp/four/shard-0-of-4.rec"

finish
