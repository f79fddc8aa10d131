#!/usr/bin/env bash
# train-nets.sh [--check] [GAME...] — makes the shipped networks,
# data/nets/GAME.nn (docs/network.md, "Results"), from the committed
# records: data/nets/GAME.args holds the `triad train` arguments, one a
# line (records files, then options), and the script adds only --out,
# --force, --threads and --label-cache, none of which changes a byte
# (`triad train` gives the same bytes for any --threads; the label cache
# only keeps search scores for the next run).  So a rerun reproduces each
# file byte for byte; with --check the networks are made in a scratch
# folder and compared with the shipped ones, and nothing in data/ is
# touched.  Each file's description holds the whole command too.  Without
# GAME, every data/nets/*.args.
#
# Cost on 2 cores: TZAAR's labels are searches of 2,000,000 positions to
# 2,000 nodes (about 80 minutes; LABEL_CACHE, default
# out/nets/GAME-labels.bin, keeps them), its fit about 10 minutes; Talat's
# about 5, TRID's 1.
#   THREADS=2 LABEL_CACHE=FILE
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
triad=bin/triad
[ -x "$triad" ] || make -s -j2
check=0
if [ "${1:-}" = --check ]; then check=1; shift; fi
if [ $# -eq 0 ]; then
    for f in data/nets/*.args; do set -- "$@" "$(basename "$f" .args)"; done
fi
threads=${THREADS:-$(nproc 2>/dev/null || echo 2)}
mkdir -p out/nets
dest=data/nets
[ $check = 0 ] || dest=$(mktemp -d)

for game in "$@"; do
    args=data/nets/$game.args
    [ -f "$args" ] || { echo "train-nets.sh: no $args (a shipped network's arguments)" >&2; exit 2; }
    mapfile -t a <"$args"
    out=$dest/$game.nn
    cache=()
    case " ${a[*]} " in *" search:"*) cache=(--label-cache "${LABEL_CACHE:-out/nets/$game-labels.bin}") ;; esac
    "$triad" train "${a[@]}" --out "$out" --force --threads "$threads" "${cache[@]}" --json >"out/nets/$game.json"
    if [ $check = 1 ]; then
        if cmp -s "$out" "data/nets/$game.nn"; then echo "$game: the same bytes as data/nets/$game.nn"
        else echo "$game: differs from data/nets/$game.nn" >&2; exit 1; fi
    else
        echo "$game: wrote $out (figures: out/nets/$game.json)"
    fi
done
