#!/usr/bin/env bash
# cli_robust.sh BINARY — nothing hangs, nothing is lost, nothing confuses
# (issue 40, items 1-6 and 11-15):
#   - an engine that never reads its input is a forfeit once its pipe is
#     full, and a stop request ends a run waiting on an engine within a
#     second (item 1); an engine's child that calls setsid dies with the
#     game (item 11);
#   - log= that is a FIFO, the run's output, an input or a records file is
#     refused before the first game (items 2, 3); --positions that is --out
#     too (item 4);
#   - records merge with a shard missing writes nothing, match merge exits 3
#     (item 5); a failed bias --html leaves nothing behind (item 6);
#   - a full disk is exit status 1 for every command that writes (item 14,
#     on a tiny tmpfs: skipped, counted and said, where it cannot be mounted);
#   - a NUL byte in a LittleGolem record is a control character (item 15).
# The hangs are bounded by timeout(1) here, never slept for.
# Prints "ok - ..." / "not ok - ..." per check and "N passed, N failed".
set -u
bin=${1:?usage: tests/cli_robust.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_robust.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
. "$here/lib.sh"
RUN_TIMEOUT=300

# ---- item 15: a NUL byte in a LittleGolem value ----
status "lg_nul: a records file to export" 0 selfplay --players random --games 2 --seed 1 --out "$tmp/lg.trd" --quiet
"$bin" records export "$tmp/lg.trd" --format littlegolem >"$tmp/lg.txt"
sed 's/PW\[random\]/PW[ran\x00dom]/' "$tmp/lg.txt" >"$tmp/nul-name.txt"
sed 's/;W\[\([a-s]\)/;W[\1\x00/' "$tmp/lg.txt" >"$tmp/nul-action.txt"
for f in nul-name nul-action; do
    bad "lg_nul_is_a_control_character ($f)" "holds a control character (a NUL byte)" \
        records import "$tmp/$f.txt" --format littlegolem --out "$tmp/$f.trd"
    check "lg_nul_is_not_the_end_of_the_file ($f)" test "$(grep -c "end of the file" "$tmp/err")" -eq 0
done

# ---- item 13: the intervals by rotation when every group ends alike ----
# ab:depth=1 in seat 0 beats random in seat 1 in all 40 games (seeded):
# 20 groups of 2 rotations, seat 0 at 100% in every one.
status "groups_alike: the run" 0 selfplay --seat 0=ab:depth=1 --seat 1=random --rotations 2 --games 40 --seed 1 \
    --out "$tmp/alike.trd" --quiet
status "groups_alike: bias" 0 bias "$tmp/alike.trd"
check "groups_alike_take_wilson: by rotation, [83.89%, 100%] rather than a point" \
    grep -qF "seat 0's share by rotation: 0: 100.00% [83.89%, 100.00%]; 1: 100.00% [83.89%, 100.00%]" "$tmp/out"
check "groups_alike_take_wilson: groups as the observations too" \
    grep -qF "seat 0's share, groups as the observations: 100.00% [83.89%, 100.00%]" "$tmp/out"
check "groups_alike_take_wilson: the rotations' difference is not [0, 0]" \
    grep -qF "rotation 0 minus rotation 1 (paired by setup): +0.00 points [-40.14, +40.14]" "$tmp/out"

# ---- items 2, 3, 4: files a run names, checked before the first game ----
# wrapper NAME ARGS...: an executable script $tmp/NAME that execs ARGS.
wrapper() {
    local name=$1
    shift
    printf '#!/bin/sh\nexec' >"$tmp/$name"
    printf ' %q' "$@" >>"$tmp/$name"
    printf '\n' >>"$tmp/$name"
    chmod +x "$tmp/$name"
}
wrapper eng "$bin" engine --player random
# noisy: triad engine with a line on stderr first
printf '#!/bin/sh\necho "noise on stderr" >&2\nexec %q engine --player random\n' "$bin" >"$tmp/noisy"
chmod +x "$tmp/noisy"
status "log_checks: a records file to protect" 0 selfplay --players random --games 2 --seed 1 --out "$tmp/keep.trd" --quiet
cp "$tmp/keep.trd" "$tmp/keep.copy"
mkfifo "$tmp/fifo"
mkdir "$tmp/adir"
RUN_TIMEOUT=10 # the code as it was blocked in open() for ever: 124 or 137 after at most 20 s
bad "log_fifo_is_refused_before_the_first_game" "is a FIFO, not a regular file" \
    match --a random --b "engine:cmd=$tmp/noisy,log=$tmp/fifo" --games 2 --threads 1 --quiet
bad "log_folder_is_refused" "is a folder, not a regular file" \
    match --a random --b "engine:cmd=$tmp/noisy,log=$tmp/adir" --games 2 --threads 1 --quiet
bad "log_device_is_refused" "is a device, not a regular file" \
    play --white random --black "engine:cmd=$tmp/noisy,log=/dev/null" --quiet
bad "log_that_is_the_program_is_refused" "is the program itself" \
    match --a random --b "engine:cmd=$tmp/noisy,log=$tmp/noisy" --games 2 --threads 1 --quiet
bad "log_that_is_the_output_is_refused (not there yet)" "is the run's output (--out)" \
    selfplay --white random --black "engine:cmd=$tmp/noisy,log=$tmp/sl.trd" --games 2 --out "$tmp/sl.trd" --quiet
check "log_that_is_the_output_is_refused: nothing written" test ! -e "$tmp/sl.trd"
bad "log_that_is_the_output_is_refused (--resume, another spelling)" "is the run's output (--out)" \
    selfplay --white random --black "engine:cmd=$tmp/noisy,log=$tmp/./adir/../keep.trd" --games 4 \
    --out "$tmp/keep.trd" --resume --quiet
bad "log_that_is_a_records_file_is_refused (selfplay)" "is a records file" \
    selfplay --white random --black "engine:cmd=$tmp/noisy,log=$tmp/keep.trd" --games 2 --out "$tmp/o1.trd" --quiet
bad "log_that_is_a_records_file_is_refused (match)" "is a records file" \
    match --a "engine:cmd=$tmp/noisy,log=$tmp/keep.trd" --b random --games 2 --threads 1 --quiet
bad "log_that_is_a_records_file_is_refused (play)" "is a records file" \
    play --white random --black "engine:cmd=$tmp/noisy,log=$tmp/keep.trd" --quiet
check "log_that_is_a_records_file_is_refused: the file is as it was" cmp -s "$tmp/keep.trd" "$tmp/keep.copy"
grep -v '^#' "$root/data/positions/tzaar-fixed-openings.txt" | head -2 >"$tmp/pos.txt"
cp "$tmp/pos.txt" "$tmp/pos.copy"
bad "log_that_is_the_positions_file_is_refused" "is the --positions file" \
    match --a random --b "engine:cmd=$tmp/noisy,log=$tmp/pos.txt" --games 2 --positions "$tmp/pos.txt" --quiet
cp "$root/data/weights/default.txt" "$tmp/w.txt"
bad "log_that_is_a_weights_file_is_refused" "is a weights file" \
    match --a "ab:depth=1,weights=$tmp/w.txt" --b "engine:cmd=$tmp/noisy,log=$tmp/w.txt" --games 2 --quiet
# item 4: --positions P --out P --force overwrote the positions file
bad "positions_that_is_the_output_is_refused (selfplay)" "it is also an input (--positions" \
    selfplay --players random --games 2 --positions "$tmp/pos.txt" --out "$tmp/pos.txt" --force --quiet
bad "positions_that_is_the_output_is_refused (match)" "it is also an input (--positions" \
    match --a random --b random --games 2 --positions "$tmp/pos.txt" --out "$tmp/pos.txt" --force --quiet
check "positions_that_is_the_output_is_refused: the positions are as they were" cmp -s "$tmp/pos.txt" "$tmp/pos.copy"
status "log_a_plain_file_still_works" 0 match --a random --b "engine:cmd=$tmp/noisy,log=$tmp/e.log" --games 2 \
    --threads 1 --quiet
check "log_a_plain_file_still_works: the stderr is in it" grep -q "noise on stderr" "$tmp/e.log"
RUN_TIMEOUT=300

# ---- item 5: a merge with a shard missing ----
for k in 0 1; do
    status "merge_missing: shard $k" 0 selfplay --players random --games 20 --seed 3 --shard $k/2 --out "$tmp/sh$k.trd" --quiet
    status "merge_missing: match shard $k" 0 match --a random --b random --games 20 --seed 3 --shard $k/2 \
        --out "$tmp/ms$k.trd" --quiet
done
status "records_merge_missing_exits_3" 3 records merge --out "$tmp/merged.trd" "$tmp/sh0.trd"
check "records_merge_missing_writes_nothing" test ! -e "$tmp/merged.trd"
check "records_merge_missing_says_so" grep -q "10 of the run.s 20 games are in the files, 10 missing .*not written (exit 3" "$tmp/err"
check "records_merge_missing_leaves_no_temporary_file" test -z "$(ls "$tmp" | grep merged)"
status "records_merge_missing_then_the_rerun_with_every_shard_is_not_refused" 0 \
    records merge --out "$tmp/merged.trd" "$tmp/sh0.trd" "$tmp/sh1.trd"
status "records_merge_missing_allow_incomplete_writes_it" 0 records merge --out "$tmp/part.trd" "$tmp/sh0.trd" \
    --allow-incomplete
check "records_merge_missing_allow_incomplete_writes_it: the 10 games" grep -q "^records merge: 10 games into" "$tmp/err"
status "match_merge_missing_exits_3" 3 match merge "$tmp/ms0.trd" --json
check "match_merge_missing_still_reports" grep -q '"games":10,' "$tmp/out"
check "match_merge_missing_says_exit_3" grep -q "10 missing.*: exit status 3" "$tmp/err"
status "match_merge_missing_allow_incomplete_exits_0" 0 match merge "$tmp/ms0.trd" --allow-incomplete
status "match_merge_complete_exits_0" 0 match merge "$tmp/ms0.trd" "$tmp/ms1.trd"

# ---- item 6: a failed bias --html leaves nothing behind ----
# gnuplot left off PATH makes the charts fail after the page's folder (and,
# as the code was, DIR/plots) was made.  timeout alone on PATH: run() needs it.
mkdir -p "$tmp/nopath" && ln -s "$(command -v timeout)" "$tmp/nopath/timeout"
status "html_failed: a rotated run" 0 selfplay --players random --games 20 --paired --seed 2 --out "$tmp/h.trd" --quiet
PATH=$tmp/nopath status "html_failed: bias --html without gnuplot fails (exit 1)" 1 bias "$tmp/h.trd" --html "$tmp/page"
check "html_failed: it says why" grep -q "gnuplot not found" "$tmp/err"
check "html_failed_leaves_nothing (no DIR, no DIR/plots, no temporary folder)" \
    test ! -e "$tmp/page" -a -z "$(ls "$tmp" | grep '^page')"
if command -v gnuplot >/dev/null; then
    status "html_failed_then_the_rerun_is_not_refused" 0 bias "$tmp/h.trd" --html "$tmp/page"
    check "html_failed_then_the_rerun_is_not_refused: the page" test -s "$tmp/page/index.html" -a -d "$tmp/page/games"
    sums() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 md5sum) 2>/dev/null; }
    sums "$tmp/page" >"$tmp/page.sums"
    PATH=$tmp/nopath status "html_failed_over_a_page: --force without gnuplot fails" 1 \
        bias "$tmp/h.trd" --html "$tmp/page" --force
    check "html_failed_over_a_page_keeps_it_as_it_was" cmp -s <(sums "$tmp/page") "$tmp/page.sums"
    check "html_failed_over_a_page_leaves_no_temporary_folder" test "$(ls "$tmp" | grep -c '^page')" -eq 2
    status "html_force_replaces_a_page_whole" 0 bias "$tmp/h.trd" --html "$tmp/page" --force
    printf 'mine\n' >"$tmp/page/notes.txt"
    bad "html_force_refuses_a_folder_with_more_than_a_page" "notes.txt, which is not part of a bias --html page" \
        bias "$tmp/h.trd" --html "$tmp/page" --force
else
    ok "html_failed_then_the_rerun_is_not_refused # SKIP gnuplot is not installed (scripts/setup.sh installs it)"
fi

# ---- item 14: a full disk is exit status 1 everywhere (2 is bad input) ----
# A 64 KB tmpfs filled to the last block (mount needs root: without it the
# checks are skipped, counted and said).  /dev/full for standard output.
sample=$root/data/records/ab2-random-200.trd
on_exit() { mountpoint -q "$tmp/full" 2>/dev/null && umount "$tmp/full"; }
mkdir -p "$tmp/full"
"$bin" records export "$sample" --format littlegolem >"$tmp/full-lg.txt"
# full NAME ARGS...: triad ARGS on the full disk: exit 1, one line saying so, nothing left.
full() {
    local name=$1
    shift
    dd if=/dev/zero of="$tmp/full/fill" bs=4k >/dev/null 2>&1
    run "$@"
    local left
    left=$(ls -A "$tmp/full" | grep -v '^fill$' | tr '\n' ' ')
    if [ "$rc" -ne 1 ]; then not_ok "full_disk_exits_1 ($name)" "exit $rc, expected 1"
    elif [ "$(wc -l <"$tmp/err")" -ne 1 ] || ! grep -q "No space left on device" "$tmp/err"; then
        not_ok "full_disk_exits_1 ($name)" "expected one line saying 'No space left on device'"
    else ok "full_disk_exits_1 ($name)"; fi
    case $name in selfplay | match) ;; # the records file's empty start: --resume starts it afresh
    *) check "full_disk_leaves_nothing ($name${left:+: $left})" test -z "$left" ;;
    esac
    find "$tmp/full" -mindepth 1 -maxdepth 1 ! -name fill -exec rm -rf {} +
}
if mount -t tmpfs -o size=64k tmpfs "$tmp/full" 2>"$tmp/mount.err"; then
    full "records export" records export "$sample" --format jsonl --out "$tmp/full/x.jsonl"
    full "records import" records import "$tmp/full-lg.txt" --format littlegolem --out "$tmp/full/i.trd"
    full "records merge" records merge --out "$tmp/full/m.trd" "$sample"
    full "records upgrade" records upgrade "$sample" --out "$tmp/full/u.trd"
    full "tune" tune "$sample" --weights "$root/data/weights/default.txt" --out "$tmp/full/w.txt"
    full "view" view "$sample" --out "$tmp/full/site"
    full "bias --report" bias "$sample" --report "$tmp/full/b.md"
    full "bias --html" bias "$sample" --html "$tmp/full/html"
    full "selfplay" selfplay --players random --games 20 --seed 1 --out "$tmp/full/s.trd" --quiet
    full "match" match --a random --b random --games 20 --out "$tmp/full/mt.trd" --quiet
    umount "$tmp/full"
else
    ok "full_disk_exits_1 # SKIP cannot mount a tmpfs here ($(head -c 100 "$tmp/mount.err")): run as root"
fi
if [ -c /dev/full ]; then
    for c in "records cat" "records stats --json" "records export --format csv"; do
        # shellcheck disable=SC2086
        "$bin" $c "$sample" >/dev/full 2>"$tmp/err"
        rc=$?
        check "full_stdout_exits_1 (triad $c >/dev/full: exit $rc)" \
            test "$rc" -eq 1 -a "$(wc -l <"$tmp/err")" -eq 1 -a -n "$(grep 'No space left on device' "$tmp/err")"
    done
else
    ok "full_stdout_exits_1 # SKIP no /dev/full here"
fi

# ---- item 1: an engine that never reads; a stop while waiting on an engine ----
# lazy answers ok, ok, bestaction ZZ9 for ever without reading: each game
# loses by its illegal action and its input pipe fills; once full, the
# next write waits out its deadline (10 s: a position's answer) and loses
# on time, the program killed and started again.  As the code was, the
# write blocked for ever and timeout(1) ended the match (124 or 137).
printf '#!/bin/sh\necho "protocol triad 2"\nwhile :; do printf "ok\\nok\\nbestaction ZZ9\\n"; done\n' >"$tmp/lazy.sh"
chmod +x "$tmp/lazy.sh"
timeout -k 5 90 "$bin" match --a random --b "engine:cmd=$tmp/lazy.sh" --games 1000 --threads 1 --seed 1 \
    --out "$tmp/lazy.trd" --json >"$tmp/out" 2>"$tmp/err"
rc=$?
check "engine_that_never_reads_does_not_hang_the_match (exit $rc)" test "$rc" -eq 0
check "engine_that_never_reads_loses_on_time_once_its_pipe_is_full" \
    grep -qE '"b":\{"illegal":[0-9]+,"crash":0,"timeout":[1-9]' "$tmp/out"
check "engine_that_never_reads: the forfeit says why" grep -q "forfeits by timeout: .*did not read its input in time" \
    "$tmp/err"
# mute reads everything and never answers go (timeout=60000, the default):
# SIGTERM must stop the match within a second or so, not at the deadline.
{
    echo '#!/bin/sh'
    echo "echo \$\$ >'$tmp/mute.pid'"
    echo 'while read cmd rest; do'
    echo "    case \$cmd in protocol) echo 'protocol triad 2' ;; position|seed) echo ok ;; go) : >'$tmp/going' ;; esac"
    echo 'done'
} >"$tmp/mute.sh"
chmod +x "$tmp/mute.sh"
# gone PID SECONDS: whether process PID ends within SECONDS (a deadline, not a sleep).
gone() { timeout "$2" tail --pid="$1" -s 0.05 -f /dev/null; }
"${defsig[@]}" "$bin" match --a random --b "engine:cmd=$tmp/mute.sh" --games 2 --threads 1 --out "$tmp/mute.trd" \
    --quiet 2>"$tmp/mute.err" &
pid=$!
for _ in $(seq 3000); do
    [ -e "$tmp/going" ] && break
    kill -0 $pid 2>/dev/null || break
    sleep 0.01
done
check "stop_waiting_on_an_engine: the engine got go" test -e "$tmp/going"
t0=$(date +%s%N)
kill -TERM $pid 2>/dev/null
gone $pid 2
ended=$?
took=$((($(date +%s%N) - t0) / 1000000))
check "stop_waiting_on_an_engine_within_a_second_or_two (ended in $took ms)" test "$ended" -eq 0
[ "$ended" -eq 0 ] || kill -KILL $pid 2>/dev/null
wait $pid 2>/dev/null
rc=$?
check "stop_waiting_on_an_engine: ends by the signal (exit $rc)" test "$rc" -eq 143
check "stop_waiting_on_an_engine: says it stopped" grep -q "stopped by SIGTERM" "$tmp/mute.err"
mpid=$(cat "$tmp/mute.pid" 2>/dev/null)
check "stop_waiting_on_an_engine: the engine is gone too" gone "${mpid:-0}" 5
[ -n "$mpid" ] && kill -KILL "$mpid" 2>/dev/null

# ---- item 11: what an engine starts in a session of its own dies with it ----
{
    echo '#!/bin/sh'
    echo "setsid sh -c \"echo \\\$\\\$ >'$tmp/daemon.pid'; exec sleep 300\" </dev/null >/dev/null 2>&1 &"
    echo "while [ ! -s '$tmp/daemon.pid' ]; do sleep 0.01; done" # it runs before the games end
    printf 'exec %q engine --player random\n' "$bin"
} >"$tmp/daemon.sh"
chmod +x "$tmp/daemon.sh"
status "setsid_child: a match against an engine that starts one" 0 \
    match --a random --b "engine:cmd=$tmp/daemon.sh" --games 2 --threads 1 --quiet
dpid=$(cat "$tmp/daemon.pid" 2>/dev/null)
check "setsid_child_of_an_engine_dies_with_the_game (pid ${dpid:-none})" test -n "$dpid"
check "setsid_child_of_an_engine_dies_with_the_game: gone" gone "${dpid:-0}" 5
[ -n "$dpid" ] && kill -KILL "$dpid" 2>/dev/null
check "exit_statuses_documented: the man page lists 1 for a write that failed" \
    sh -c "\"\$1\" help --man | grep -q 'a write that failed'" sh "$bin"

finish
