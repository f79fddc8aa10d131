#!/usr/bin/env bash
# slurm_test.sh BINARY — runs scripts/slurm/selfplay.sbatch on a real,
# one-node Slurm cluster made for the test on this host: installs Debian's
# slurm-wlm and munge when missing (apt-get; needs root), writes a munge key
# and a slurm.conf, starts munged, slurmctld and slurmd, submits a 4-task
# array and the dependent merge job, waits for them, checks the merged file
# equals a single-machine run of the same seed, and stops the daemons it
# started (by pid).  Prints "ok - ..." / "not ok - ..." per check and ends
# with "N passed, N failed".
set -u
bin=${1:?usage: tests/slurm_test.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
here=$(cd "$(dirname "$0")/.." && pwd)
passed=0 failed=0
pids=()

ok() { echo "ok - $1"; passed=$((passed + 1)); }
not_ok() { echo "not ok - $1"; printf '#   %s\n' "$2"; failed=$((failed + 1)); }
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit
}
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
tmp=$(mktemp -d /tmp/triad-slurm-XXXXXX)
chmod 755 "$tmp"
trap 'stop_daemons; rm -rf "$tmp"' EXIT

[ -x "$bin" ] || { not_ok "binary" "$bin is not an executable"; finish; }
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    if [ "$(id -u)" -ne 0 ]; then not_ok "install slurm-wlm and munge" "not root"; finish; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >"$tmp/apt.log" 2>&1 ||
        { apt-get update -q >>"$tmp/apt.log" 2>&1 &&
          DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >>"$tmp/apt.log" 2>&1; } ||
        { not_ok "install slurm-wlm and munge" "apt-get failed: $(tail -1 "$tmp/apt.log")"; finish; }
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
    finish
fi

# --- a one-node cluster -----------------------------------------------------------
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
SlurmctldPort=${TRIAD_SLURMCTLD_PORT:-16817}
SlurmdPort=${TRIAD_SLURMD_PORT:-16818}
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
    ok "slurmctld and slurmd run; the node is up"
else
    not_ok "slurmctld and slurmd run; the node is up" "$(sinfo 2>&1 | tail -1); $(tail -2 "$tmp/slurmctld.log" "$tmp/slurmd.log" 2>&1)"
    finish
fi

# --- the job array, the merge, and a single-machine run of the same seed ---------
run_args=(--games 400 --players random --seed 11 --paired)
export TRIAD=$bin
jid=$(cd "$tmp/out" && sbatch --parsable --array=0-3 --cpus-per-task=1 \
      "$here/scripts/slurm/selfplay.sbatch" "$tmp/out/shards" "${run_args[@]}" 2>"$tmp/sbatch.err")
if [ -n "$jid" ]; then ok "sbatch --array=0-3 selfplay.sbatch"; else not_ok "sbatch --array=0-3 selfplay.sbatch" "$(cat "$tmp/sbatch.err")"; finish; fi
mid=$(cd "$tmp/out" && sbatch --parsable --dependency="afterok:$jid" \
      "$here/scripts/slurm/merge.sbatch" "$tmp/out/shards" "$tmp/out/merged.rec" 2>"$tmp/sbatch.err")
if [ -n "$mid" ]; then ok "sbatch --dependency the merge"; else not_ok "sbatch --dependency the merge" "$(cat "$tmp/sbatch.err")"; finish; fi
done=
for _ in $(seq 600); do
    if [ -z "$(squeue -h -o %i 2>/dev/null)" ] && squeue >/dev/null 2>&1; then done=1; break; fi
    sleep 0.2
done
if [ -n "$done" ]; then ok "the jobs ran to the end"; else not_ok "the jobs ran to the end" "$(squeue 2>&1 | tail -3)"; fi
shards=$(ls "$tmp/out/shards" 2>/dev/null | tr '\n' ' ')
if [ "$shards" = "shard-0-of-4.rec shard-1-of-4.rec shard-2-of-4.rec shard-3-of-4.rec " ]; then
    ok "each task wrote its shard"
else
    not_ok "each task wrote its shard" "found: $shards; $(cat "$tmp"/out/triad-selfplay-*.log 2>/dev/null | head -3)"
fi
"$bin" selfplay "${run_args[@]}" --threads 2 --quiet --out "$tmp/single.rec"
if [ -s "$tmp/out/merged.rec" ] &&
   cmp -s <("$bin" records cat "$tmp/out/merged.rec" | sort -n) <("$bin" records cat "$tmp/single.rec" | sort -n); then
    ok "the merged shards equal a single-machine run"
else
    not_ok "the merged shards equal a single-machine run" "$(cat "$tmp"/out/triad-merge-*.log 2>/dev/null | tail -3)"
fi
if grep -q "merged.rec: 400 games, ok" "$tmp"/out/triad-merge-*.log 2>/dev/null; then
    ok "the merge job verified the merged file"
else
    not_ok "the merge job verified the merged file" "$(cat "$tmp"/out/triad-merge-*.log 2>/dev/null | tail -3)"
fi
stop_daemons
if ! kill -0 $(cat "$tmp/slurmctld.pid" "$tmp/slurmd.pid" 2>/dev/null) 2>/dev/null; then
    ok "the daemons stopped"
else
    not_ok "the daemons stopped" "still running"
fi
finish
