#!/usr/bin/env bash
# cli_readme.sh BINARY — every command line of the README runs (issue 18,
# item 20): the lines of its ```sh blocks (continuations joined, comments
# dropped) are each looked up in the table below, which says how the test
# runs it — as it is, or with small sizes where the line is long (a
# placeholder "..." filled in) — or which other test covers it.  The lines
# run in README order in a scratch folder laid out like a clone (bin/triad
# is BINARY, data/ the repository's, scripts/ a copy), each with a timeout,
# and must exit 0.  A README line that the table lacks fails, and so does a
# table entry that the README no longer has: the README cannot grow a
# command this test does not run.
# Prints "ok - ..." / "not ok - ..." per check and "N passed, N failed".
set -u
bin=${1:?usage: tests/cli_readme.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_readme.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
here=$(cd "$(dirname "$0")/.." && pwd)
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# README line, then how it runs: "run" (as it is), "run: COMMAND" (this
# command instead: smaller sizes, a placeholder filled in), or
# "covered: FILE: TEXT" (FILE, a test, holds TEXT, the check that runs it).
table() {
    cat <<'EOF'
scripts/study.sh
run: NO_SETUP=1 PERFT_DEPTH=3 GAMES=20 FIXED_GAMES=20 TOURNAMENT_GAMES=20 MATCH_GAMES=20 PLAYER=ab:depth=1 LADDER_RUNGS="50 100" LADDER_GAMES="8 8" LADDER_MATCH_GAMES=8 LADDER_POLICY_GAMES="4 4" scripts/study.sh && test -s out/study/report.md && grep -q '^## A network evaluation from these games' out/study/report.md && test -s out/study/net.nn
scripts/test.sh
covered: tests/cli_scripts.sh: a phase that exits 1 but says 0 failed counts as a failure
make
covered: tests/cli_scripts.sh: make after make SAN=1: bin/triad is the release again
make install PREFIX=/opt/triad
covered: tests/cli_export.sh: make_install_puts_binary_libraries_header_pkgconfig_man_completion_data
bin/triad --version
run
bin/triad help
run
bin/triad help players
run
bin/triad show --setup random --seed 7
run
bin/triad legal --position "$(cat data/setups/fixed.pos)" --json
run
bin/triad legal --setup fixed --classes
run
bin/triad perft --depth 5 --setup fixed
run: bin/triad perft --depth 3 --setup fixed
bin/triad perft --depth 4 --setup fixed --game tzaar:first=both,pie=1
run: bin/triad perft --depth 3 --setup fixed --game tzaar:first=both,pie=1 | grep -q 79842
bin/triad bench --reduce 1 --runs 1
run: bin/triad bench --reduce 2 --runs 1
bin/triad play --white ab:depth=4 --black greedy --setup random --seed 3
run: bin/triad play --white ab:depth=2 --black greedy --setup random --seed 3
bin/triad play --white ab:depth=4 --black ab:depth=4,weights=data/weights/handset.txt
run: bin/triad play --white ab:depth=2 --black ab:depth=2,weights=data/weights/handset.txt
bin/triad analyse --position "$(cat data/setups/fixed.pos)" --player ab:nodes=200000 --json
run
bin/triad engine
run: printf 'protocol\nposition fixed\ngo depth 2\nprint\nquit\n' | bin/triad engine >engine.out && grep -q '^bestaction ' engine.out
mkdir -p runs
run
bin/triad selfplay --games 10000 --players ab:depth=2 --setup random --seed 1 --paired --out runs/r.trd
run: bin/triad selfplay --games 40 --players ab:depth=2 --setup random --seed 1 --paired --out runs/r.trd
bin/triad selfplay ... --resume
run: bin/triad selfplay --games 40 --players ab:depth=2 --setup random --seed 1 --paired --out runs/r.trd --resume
bin/triad records stats runs/r.trd --json
run
bin/triad records export runs/r.trd --format jsonl --out r.jsonl
run
bin/triad records info runs/r.trd
run
bin/triad selfplay --game race3 --nplayers 3 --seat 0=mcts:playouts=100 --seat 1=random --seat 2=random --rotations 3 --games 300 --seed 1 --out runs/r3.trd
run: bin/triad selfplay --game race3 --nplayers 3 --seat 0=mcts:playouts=100 --seat 1=random --seat 2=random --rotations 3 --games 30 --seed 1 --out runs/r3.trd
bin/triad records upgrade old.trd --out new.trd
run: cp data/records/ab2-random-200.trd old.trd && bin/triad records upgrade old.trd --out new.trd
bin/triad selfplay --games 2800 --players ab:nodes=4000 --positions data/positions/tzaar-fixed-openings.txt --seed 1 --out runs/open.trd && scripts/openings.sh data/positions/tzaar-fixed-openings.txt runs/open.trd
run: bin/triad selfplay --games 28 --players ab:depth=1 --positions data/positions/tzaar-fixed-openings.txt --seed 1 --out runs/open.trd && scripts/openings.sh data/positions/tzaar-fixed-openings.txt runs/open.trd | grep -q '^| 13 | E4xD4 | 2 |'
sbatch --array=0-15 scripts/slurm/selfplay.sbatch runs/r 16 ...
run: SLURM_ARRAY_TASK_ID=3 bash scripts/slurm/selfplay.sbatch runs/shards 16 --games 64 --players random --seed 1 --paired && test -s runs/shards/shard-3-of-16.rec
parallel bin/triad selfplay ... --shard {}/16 --out runs/p-{}.trd --resume ::: $(seq 0 15)
run: if command -v parallel >/dev/null; then parallel bin/triad selfplay --games 64 --players random --seed 1 --paired --shard {}/16 --out runs/p-{}.trd --resume --quiet ::: $(seq 0 15); else for k in $(seq 0 15); do bin/triad selfplay --games 64 --players random --seed 1 --paired --shard $k/16 --out runs/p-$k.trd --resume --quiet || exit 1; done; fi
bin/triad records merge --out runs/p.trd runs/p-*.trd
run
bin/triad train runs/r.trd --out runs/r.nn --residual --json
run: bin/triad train runs/r.trd --out runs/r.nn --residual --json --accumulator 16 --hidden 4 --epochs 1 --quiet | grep -q '"residual":true'
bin/triad match --a ab:nodes=20000,net=default --b ab:nodes=20000 --games 400 --seed 1
run: bin/triad match --a ab:nodes=500,net=default --b ab:nodes=500 --games 2 --seed 1 --json --quiet | grep -q '"games":2'
bin/triad view runs/r.trd --out site --select 'setup=random,ending=no_capture'
run
bin/triad solve --records runs/r.trd --max-games 20 --nodes 200000
run: bin/triad solve --records runs/r.trd --max-games 2 --nodes 20000 --quiet
POSITIONS=50 scripts/continuation.sh runs/cont data/records/ladder-deep/rung-1000/random.trd ab:nodes=16000
run: POSITIONS=3 THREADS=1 scripts/continuation.sh runs/cont data/records/ladder-deep/rung-1000/random.trd ab:nodes=250 1 31 && test -s runs/cont/continuation.json
bin/triad play --game talat --players ab:depth=4 --seed 2
run
bin/triad selfplay --game trid --nplayers 4 --players ab:depth=3,noise=10 --rotations 4 --games 400 --seed 1 --out runs/trid4.trd
run: bin/triad selfplay --game trid --nplayers 4 --players ab:depth=3,noise=10 --rotations 4 --games 8 --seed 1 --out runs/trid4.trd
bin/triad match --game talat --a ab:depth=4 --b greedy --games 60
run: bin/triad match --game talat --a ab:depth=4 --b greedy --games 6
bin/triad bias data/records/talat-ab4-random.trd --json
run
scripts/study-talat.sh
run: NO_SETUP=1 GAMES=30 MATCH_GAMES=30 PLAYER=ab:depth=1 scripts/study-talat.sh && test -s out/talat-study/report.md
bin/triad show --setup fixed --actions "A5xA4 B4xA4"
run
bin/triad tune runs/r.trd --weights data/weights/default.txt --out tuned.txt
run
bin/triad match --a ab:depth=2,weights=tuned.txt --b ab:depth=2 --games 2000 --sprt elo0=0,elo1=10
run: bin/triad match --a ab:depth=2,weights=tuned.txt --b ab:depth=2 --games 20 --sprt elo0=0,elo1=10
bin/triad match --a ab:ms=100 --b engine:cmd=./old.sh,ms=100 --games 1000 --sprt elo0=0,elo1=10
run: printf '#!/bin/sh\nexec %s engine\n' "$(pwd)/bin/triad" >old.sh && chmod +x old.sh && bin/triad match --a ab:ms=20 --b engine:cmd=./old.sh,ms=20,margin=5000 --games 2 --sprt elo0=0,elo1=10
bin/triad match ... --shard 3/8 --out m.3.trd
run: bin/triad match --a random --b random --games 16 --shard 3/8 --out m.3.trd && bin/triad match merge m.3.trd --sprt elo0=0,elo1=10 --allow-incomplete
bin/triad match --a ab --b ab:depth=3 --games 200 --positions book.txt --out m.trd --resume
run: bin/triad show --setup random --seed 1 | tail -1 >book.txt && bin/triad match --a ab:depth=1 --b ab:depth=2 --games 4 --positions book.txt --out m.trd --resume && bin/triad match --a ab:depth=1 --b ab:depth=2 --games 4 --positions book.txt --out m.trd --resume
bin/triad selfplay ... --paired --replicates 4
run: bin/triad selfplay --games 16 --players random --setup random --seed 1 --paired --replicates 4 --out runs/rep.trd
bin/triad bias runs/r.trd --plots plots --report bias.md
run
scripts/tune-loop.sh out/loop
run: G=1 GAMES=20 MATCH_GAMES=20 PLAYER=ab:depth=1 scripts/tune-loop.sh out/loop
make python && PYTHONPATH=python python3 -c 'import triad; s = triad.load_game("talat", nplayers=3).new_initial_state(seed=1); print(s.legal_actions()[:3], s)'
covered: tests/cli_export.sh: make_python_then_the_readme_line
EOF
}

# The README's command lines: the ```sh blocks, continuation lines joined,
# comments (whitespace then '#') and blank lines dropped.
awk '/^```sh/ { f = 1; next } /^```/ { f = 0; next }
     f { line = line $0
         if (line ~ /\\$/) { sub(/[ \t]*\\$/, " ", line); next }
         sub(/[ \t]+#.*$/, "", line); sub(/^[ \t]+/, "", line); gsub(/[ \t]+/, " ", line)
         if (line != "") print line
         line = "" }' "$here/README.md" >"$tmp/lines"
table | awk 'NR % 2 == 1' >"$tmp/known"
check "the README has command lines ($(wc -l <"$tmp/lines"))" test "$(wc -l <"$tmp/lines")" -ge 20
while IFS= read -r l; do
    grep -qxF -- "$l" "$tmp/known" || not_ok "the README's command is run by this test: $l" \
        "add it to the table in tests/cli_readme.sh (run, run: COMMAND, or covered: FILE: CHECK)"
done <"$tmp/lines"
while IFS= read -r l; do
    grep -qxF -- "$l" "$tmp/lines" || not_ok "the table's line is still in the README: $l" "remove or update it"
done <"$tmp/known"

# Every long command of the tour says how long it takes (issue 40 item 22): a line with --games N, N of
# 200 or more, carries a time in its comment ("~6-9 min", "~15 s").
awk '/^```sh/ { f = 1; next } /^```/ { f = 0; next }
     f { line = line $0; if (line ~ /\\$/) next; print line; line = "" }' "$here/README.md" |
    awk '{ if (match($0, /--games [0-9]+/) && substr($0, RSTART + 8, RLENGTH - 8) + 0 >= 200 &&
               $0 !~ /#.*~[0-9.]+(-[0-9.]+)? (s|min|h)/) print }' >"$tmp/untimed"
check "every_long_command_of_the_README_gives_its_time${untimed:-}" test ! -s "$tmp/untimed" ||
    sed 's/^/#   untimed: /' "$tmp/untimed" | cut -c1-160

# A scratch clone: bin/triad, data/, a copy of scripts/ (which cd to their
# parent folder, so they find this bin/triad).
sb=$tmp/clone
mkdir -p "$sb/bin"
ln -s "$bin" "$sb/bin/triad"
ln -s "$here/data" "$sb/data"
cp -r "$here/scripts" "$sb/scripts"
n=0
while IFS= read -r l && IFS= read -r how; do
    n=$((n + 1))
    grep -qxF -- "$l" "$tmp/lines" || continue # said above
    case $how in
    covered:*)
        file=${how#covered: }
        text=${file#*: }
        file=${file%%: *}
        check "README line $n is run by $file: $l" grep -qF -- "$text" "$here/$file"
        continue ;;
    run) cmd=$l ;;
    run:*) cmd=${how#run: } ;;
    *) not_ok "README line $n: how to run it" "'$how'"; continue ;;
    esac
    t0=$SECONDS
    (cd "$sb" && timeout 600 bash -c "set -o pipefail; $cmd") >"$tmp/run-$n.log" 2>&1
    rc=$?
    if [ "$rc" -eq 0 ]; then
        ok "README line $n runs: $l${how#run} ($((SECONDS - t0)) s)"
    else
        not_ok "README line $n runs: $l" "exit status $rc running: $cmd; $(tail -3 "$tmp/run-$n.log" | tr '\n' ' ' | cut -c1-300)"
    fi
done < <(table)

finish
