#!/usr/bin/env bash
# slurm_test.sh BINARY — runs scripts/slurm/selfplay.sbatch and merge.sbatch
# on a real, one-node Slurm cluster made for the test on this host: installs
# Debian's slurm-wlm and munge when missing (apt-get), writes a munge key and
# a slurm.conf, starts munged, slurmctld and slurmd on free ports found at run
# time, submits job arrays and merge jobs, waits for them, checks the results
# against a single-machine run of the same seed, and stops the daemons it
# started (by pid).  The cases: a 4-task array and its dependent merge; one
# task resubmitted alone (--array=2) after its shard was lost; a rerun of a
# complete task changes nothing; the merge job run again; the whole array
# requeued (scontrol requeue) changes nothing; --array=0-6:2 then
# --array=1-7:2 of an 8-shard run; a merge with a shard missing fails.
#
# Needs root: slurmctld and slurmd run with SlurmUser=root and SlurmdUser=root
# (slurmd must be root to start jobs), munged runs as user munge, and apt-get
# installs the packages.  Run as another user it re-runs itself with
# `sudo -n` (passwordless sudo: the jobs then run as root, in a directory of
# its own under /tmp); without that it fails with "needs root".
# TRIAD_SLURMCTLD_PORT and TRIAD_SLURMD_PORT pick the ports instead.
# Prints "ok - ..." / "not ok - ..." per check and ends with
# "N passed, N failed".
set -u
bin=${1:?usage: tests/slurm_test.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
here=$(cd "$(dirname "$0")/.." && pwd)
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        exec sudo -n env "PATH=$PATH" ${TRIAD_SLURMCTLD_PORT:+"TRIAD_SLURMCTLD_PORT=$TRIAD_SLURMCTLD_PORT"} \
            ${TRIAD_SLURMD_PORT:+"TRIAD_SLURMD_PORT=$TRIAD_SLURMD_PORT"} bash "$0" "$bin"
    fi
    echo "not ok - needs root"
    echo "#   slurmctld and slurmd run as root (SlurmUser=root) and apt-get installs slurm-wlm and munge:"
    echo "#   run it as root or with passwordless sudo (sudo -n true fails for $(id -un))"
    echo "0 passed, 1 failed"
    exit 1
fi
pids=()
stop_daemons() { # in reverse order of starting; munged by its own pid, not runuser's
    local i
    for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
        if [ "${pids[i]}" = "$munge_starter" ] && [ -s "$tmp/munge/munged.pid" ]; then
            kill "$(cat "$tmp/munge/munged.pid")" 2>/dev/null
        else
            kill "${pids[i]}" 2>/dev/null
        fi
        wait "${pids[i]}" 2>/dev/null
    done
    pids=()
}
munge_starter=
on_exit() { stop_daemons; }
tmp_template=/tmp/triad-slurm-XXXXXX
. "$here/tests/lib.sh"
chmod 755 "$tmp"

[ -x "$bin" ] || { not_ok "binary" "$bin is not an executable"; give_up; }
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >"$tmp/apt.log" 2>&1 ||
        { apt-get update -q >>"$tmp/apt.log" 2>&1 &&
          DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >>"$tmp/apt.log" 2>&1; } ||
        { not_ok "install slurm-wlm and munge" "apt-get failed: $(tail -1 "$tmp/apt.log")"; give_up; }
fi
ok "slurm-wlm and munge are installed"

# --- munge: a key of our own and a daemon on our own socket ----------------------
mkdir -p "$tmp/munge"
chown munge:munge "$tmp/munge" 2>/dev/null
chmod 711 "$tmp/munge"
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chown munge:munge "$tmp/munge/munge.key" 2>/dev/null
chmod 400 "$tmp/munge/munge.key"
sock=$tmp/munge/munge.socket
munge_args=(--foreground --force --key-file "$tmp/munge/munge.key" --socket "$sock"
            --pid-file "$tmp/munge/munged.pid" --log-file "$tmp/munge/munged.log" --seed-file "$tmp/munge/seed")
if [ "$(id -u)" -eq 0 ] && id munge >/dev/null 2>&1; then
    runuser -u munge -- munged "${munge_args[@]}" >"$tmp/munged.out" 2>&1 &
else
    munged "${munge_args[@]}" >"$tmp/munged.out" 2>&1 &
fi
munge_starter=$!
pids+=($!)
for _ in $(seq 50); do [ -S "$sock" ] && break; sleep 0.1; done
if [ -S "$sock" ] && munge --socket "$sock" -n </dev/null | unmunge --socket "$sock" >/dev/null 2>&1; then
    ok "munged runs"
else
    not_ok "munged runs" "$(tail -3 "$tmp/munged.out" 2>/dev/null)"
    give_up
fi

# --- a one-node cluster on free ports ---------------------------------------------
# free_port: sets $port to a random TCP port in 20000..59999 that no socket on this host
# uses (any state, IPv4 or IPv6, from /proc/net/tcp*) and that this script
# has not taken already, so two runs at once (or a real Slurm) do not collide.
taken=" "
free_port() {
    local used=" " local_address
    while read -r _ local_address _; do
        [[ $local_address =~ :([0-9A-Fa-f]{4})$ ]] && used="$used$((16#${BASH_REMATCH[1]})) "
    done < <(cat /proc/net/tcp /proc/net/tcp6 2>/dev/null)
    for _ in $(seq 200); do
        port=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
        case "$used$taken" in *" $port "*) continue ;; esac
        taken="$taken$port "
        return
    done
}
free_port
ctld_port=${TRIAD_SLURMCTLD_PORT:-$port}
free_port
slurmd_port=${TRIAD_SLURMD_PORT:-$port}
host=$(hostname -s)
node=$(slurmd -C 2>/dev/null | grep '^NodeName=' | sed "s/^NodeName=[^ ]*/NodeName=$host NodeAddr=127.0.0.1/")
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/out"
cat >"$tmp/slurm.conf" <<CONF
ClusterName=triadtest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$sock
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
$node
PartitionName=triadtest Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$tmp/slurm.conf
slurmctld -D -i -f "$SLURM_CONF" >"$tmp/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$tmp/slurmd.out" 2>&1 &
pids+=($!)
up=
for _ in $(seq 100); do
    if sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then up=1; break; fi
    sleep 0.2
done
if [ -n "$up" ]; then
    ok "slurmctld and slurmd run on ports $ctld_port and $slurmd_port; the node is up"
else
    not_ok "slurmctld and slurmd run; the node is up" "$(sinfo 2>&1 | tail -1); $(tail -2 "$tmp/slurmctld.log" "$tmp/slurmd.log" 2>&1)"
    give_up
fi

# --- jobs --------------------------------------------------------------------------
run_args=(--games 400 --players random --seed 11 --paired --block-games 20)
export TRIAD=$bin
sorted_cat() { "$bin" records cat "$1" 2>/dev/null | sort -n; }
same_games() { [ -s "$1" ] && cmp -s <(sorted_cat "$1") <(sorted_cat "$2"); }
# submit NAME SBATCH-OPTIONS... -- SCRIPT ARGS...: the job id in $jid, or a
# "not ok" and the end of the test.
submit() {
    local name=$1
    shift
    jid=$(cd "$tmp/out" && sbatch --parsable "$@" 2>"$tmp/sbatch.err")
    if [ -n "$jid" ]; then ok "$name"; else not_ok "$name" "$(cat "$tmp/sbatch.err")"; give_up; fi
}
# wait_idle: waits until no job is pending or running (up to 3 minutes).
wait_idle() {
    for _ in $(seq 900); do
        if squeue >/dev/null 2>&1 && [ -z "$(squeue -h -o %i 2>/dev/null)" ]; then return 0; fi
        sleep 0.2
    done
    return 1
}
# states JOBID: the states of the job's tasks, sorted and unique (COMPLETED,
# FAILED, ...), from slurmctld's memory of finished jobs (MinJobAge).
states() { scontrol -o show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2 | sort -u | tr '\n' ' '; }
logs() { tail -n 3 "$tmp"/out/triad-*.log 2>/dev/null | tail -n 12; }
"$bin" selfplay "${run_args[@]}" --threads 2 --quiet --out "$tmp/single.rec"
shards=$tmp/out/shards

# A 4-task array and the merge that waits for it.
submit "sbatch --array=0-3 selfplay.sbatch DIR 4" --array=0-3 --cpus-per-task=1 \
    "$here/scripts/slurm/selfplay.sbatch" "$shards" 4 "${run_args[@]}"
array=$jid
submit "sbatch --dependency=afterok the merge" --dependency="afterok:$array" --kill-on-invalid-dep=yes \
    "$here/scripts/slurm/merge.sbatch" "$shards" 4 "$tmp/out/merged.rec"
merge=$jid
if wait_idle; then ok "the jobs ran to the end"; else not_ok "the jobs ran to the end" "$(squeue 2>&1 | tail -3)"; fi
check_states() { # description, job id, expected states
    local got
    got=$(states "$2")
    if [ "$got" = "$3 " ]; then ok "$1"; else not_ok "$1" "states: '$got', expected '$3'; $(logs)"; fi
}
check_states "every task completed" "$array" COMPLETED
check_states "the merge completed" "$merge" COMPLETED
found=$(ls "$shards" 2>/dev/null | tr '\n' ' ')
if [ "$found" = "shard-0-of-4.rec shard-1-of-4.rec shard-2-of-4.rec shard-3-of-4.rec " ]; then
    ok "each task wrote its shard"
else
    not_ok "each task wrote its shard" "found: $found; $(logs)"
fi
if same_games "$tmp/out/merged.rec" "$tmp/single.rec"; then
    ok "the merged shards equal a single-machine run"
else
    not_ok "the merged shards equal a single-machine run" "$(logs)"
fi
if grep -q "merged.rec: 400 games, ok" "$tmp"/out/triad-merge-"$merge".log 2>/dev/null; then
    ok "the merge job verified the merged file"
else
    not_ok "the merge job verified the merged file" "$(logs)"
fi

# One task again, alone: its shard lost, then complete (a no-op).
cp "$shards/shard-2-of-4.rec" "$tmp/shard2.keep"
rm "$shards/shard-2-of-4.rec"
submit "sbatch --array=2 selfplay.sbatch DIR 4 (shard 2 lost)" --array=2 --cpus-per-task=1 \
    "$here/scripts/slurm/selfplay.sbatch" "$shards" 4 "${run_args[@]}"
task=$jid
sum=$(md5sum <"$shards/shard-1-of-4.rec")
submit "sbatch --array=1 selfplay.sbatch DIR 4 (shard 1 complete)" --array=1 --cpus-per-task=1 \
    "$here/scripts/slurm/selfplay.sbatch" "$shards" 4 "${run_args[@]}"
rerun=$jid
wait_idle
check_states "--array=2 alone completed" "$task" COMPLETED
if same_games "$shards/shard-2-of-4.rec" "$tmp/shard2.keep"; then
    ok "and wrote shard 2 of 4 again, the same games"
else
    not_ok "and wrote shard 2 of 4 again, the same games" "$(logs)"
fi
check_states "the rerun of a complete task completed" "$rerun" COMPLETED
if [ "$(md5sum <"$shards/shard-1-of-4.rec")" = "$sum" ]; then
    ok "and left its shard as it was"
else
    not_ok "and left its shard as it was" "shard-1-of-4.rec changed"
fi

# The merge job again, over its own output.
submit "sbatch merge.sbatch again" "$here/scripts/slurm/merge.sbatch" "$shards" 4 "$tmp/out/merged.rec"
again=$jid
wait_idle
check_states "the merge run again completed" "$again" COMPLETED
if same_games "$tmp/out/merged.rec" "$tmp/single.rec"; then
    ok "and the merged file still equals the single-machine run"
else
    not_ok "and the merged file still equals the single-machine run" "$(logs)"
fi

# The first array requeued whole (scontrol requeue: what Slurm does to the
# tasks of a failed node): every task finds its shard complete.
sums=$(cd "$shards" && md5sum shard-*.rec)
if scontrol requeue "$array" 2>"$tmp/requeue.err"; then
    ok "scontrol requeue of the finished array"
    # A requeued job waits about two minutes (its BeginTime) before it may
    # start again; let it start now.
    scontrol update JobId="$array" StartTime=now >/dev/null 2>&1
    wait_idle
    check_states "the requeued tasks completed" "$array" COMPLETED
    again_ran=$(grep -l 'resuming' "$tmp"/out/triad-selfplay-"$array"_*.log 2>/dev/null | wc -l)
    if [ "$again_ran" -eq 4 ]; then
        ok "every task ran again, resuming its shard"
    else
        not_ok "every task ran again, resuming its shard" "$again_ran of 4 logs say so; $(logs)"
    fi
    if [ "$(cd "$shards" && md5sum shard-*.rec)" = "$sums" ]; then
        ok "and left every shard as it was"
    else
        not_ok "and left every shard as it was" "a shard changed"
    fi
else
    not_ok "scontrol requeue of the finished array" "$(cat "$tmp/requeue.err")"
fi

# Half an 8-shard run, a merge that must fail, then the other half.
eight=$tmp/out/eight
submit "sbatch --array=0-6:2 selfplay.sbatch DIR 8" --array=0-6:2 --cpus-per-task=1 \
    "$here/scripts/slurm/selfplay.sbatch" "$eight" 8 "${run_args[@]}"
even=$jid
submit "sbatch --dependency=afterok merge.sbatch DIR 8 (half the shards)" --dependency="afterok:$even" --kill-on-invalid-dep=yes \
    "$here/scripts/slurm/merge.sbatch" "$eight" 8 "$tmp/out/eight.rec"
early=$jid
wait_idle
check_states "--array=0-6:2 completed" "$even" COMPLETED
check_states "the merge of half the shards failed" "$early" FAILED
if [ ! -e "$tmp/out/eight.rec" ]; then ok "and wrote nothing"; else not_ok "and wrote nothing" "eight.rec exists"; fi
submit "sbatch --array=1-7:2 selfplay.sbatch DIR 8" --array=1-7:2 --cpus-per-task=1 \
    "$here/scripts/slurm/selfplay.sbatch" "$eight" 8 "${run_args[@]}"
odd=$jid
submit "sbatch --dependency=afterok merge.sbatch DIR 8" --dependency="afterok:$odd" --kill-on-invalid-dep=yes \
    "$here/scripts/slurm/merge.sbatch" "$eight" 8 "$tmp/out/eight.rec"
late=$jid
wait_idle
check_states "--array=1-7:2 completed" "$odd" COMPLETED
check_states "the merge completed" "$late" COMPLETED
if same_games "$tmp/out/eight.rec" "$tmp/single.rec"; then
    ok "the two halves merged equal the single-machine run"
else
    not_ok "the two halves merged equal the single-machine run" "$(logs)"
fi
stop_daemons
if ! kill -0 $(cat "$tmp/slurmctld.pid" "$tmp/slurmd.pid" 2>/dev/null) 2>/dev/null; then
    ok "the daemons stopped"
else
    not_ok "the daemons stopped" "still running"
fi
finish
