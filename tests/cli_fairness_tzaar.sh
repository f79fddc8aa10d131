#!/usr/bin/env bash
# cli_fairness_tzaar.sh BINARY — scripts/fairness.sh, the fairness study of
# TZAAR's variants (issue 39, item 5), at a tiny scale (a few games at 200
# nodes): the variants it plays come from `triad help games`; every variant
# plays the same setups; a second run plays nothing and writes no cost line,
# a larger GAMES grows each file, a run stopped part-way resumes to the games
# of one that was not; the shards (SHARD=K/N) report as the whole run does;
# the report's figures are bias's and paired-setups.sh's, and it names the
# fairest variant (or says none is within 2 points of half); mistakes are
# refused.  Also paired-setups.sh across variants (their starts' phases
# differ).  Prints "ok - ..." / "not ok - ..." per check and ends with
# "N passed, N failed".
set -u
bin=${1:?usage: tests/cli_fairness_tzaar.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_fairness_tzaar.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
here=$(cd "$(dirname "$0")/.." && pwd)
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
fair=$here/scripts/fairness.sh
export TRIAD=$bin THREADS=2 NODES=200

# --- the variants: the rulebook and each parameter's other values, from help games
check "--list: the rulebook and each parameter's other values, as help games lists them" \
    test "$("$fair" --list | tr '\n' ' ')" = "first=capture first=full first=both pie=1 "
check "--list: VARIANTS names others" test "$(VARIANTS="first=full,pie=1 pie=1" "$fair" --list | tr '\n' ' ')" = "first=full,pie=1 pie=1 "

# --- a tiny study: 4 variants x 16 games (4 setups, paired, 2 replicates)
GAMES=16 "$fair" "$tmp/f" >"$tmp/run1" 2>&1
check "a run: exit 0" test $? -eq 0
dirs_ok() {
    local d
    for d in first-capture first-full first-both pie-1; do
        [ "$("$bin" records stats --json "$tmp/f/nodes-200/$d/random.trd" | sed -n 's/^{"games":\([0-9]*\).*/\1/p')" = 16 ] || return 1
    done
}
check "one file a variant, 16 games each (OUT/nodes-200/VARIANT/random.trd)" dirs_ok
check "cost.tsv: a line a variant (nodes, variant, kind, games, CPU s)" \
    test "$(awk -F'\t' 'NF == 5 && $1 == 200 && $3 == "random" && $4 == 16 && $5 ~ /^[0-9.]+$/' "$tmp/f/cost.tsv" | cut -f2 | tr '\n' ' ')" = "first=capture first=full first=both pie=1 "
"$bin" records info "$tmp/f/nodes-200/first-full/random.trd" >"$tmp/info"
check "a variant's records name its game and its own engine signature" \
    grep -q '^  game               tzaar:first=full$' "$tmp/info"
check "and its player" grep -q '^  player 0           ab:nodes=200,noise=0,tt=16$' "$tmp/info"
# the same setups: every variant's game k starts from the same board with the same game seed
boards() { "$bin" records export "$1" --format jsonl | sed -E 's/.*"id":([0-9]+),.*"game_seed":"([^"]*)".*"start":"([^ ]*) ([wb]) [^"]*".*/\1 \2 \3 \4/' | sort -n; }
boards "$tmp/f/nodes-200/first-capture/random.trd" >"$tmp/b0"
same_boards() { local d; for d in first-full first-both pie-1; do boards "$tmp/f/nodes-200/$d/random.trd" | cmp -s - "$tmp/b0" || return 1; done; }
check "every variant plays the same setups with the same game seeds" same_boards
check "... and 16 of them" test "$(wc -l <"$tmp/b0")" -eq 16

# --- resumable: a second run plays nothing; a larger GAMES grows the files
cp "$tmp/f/nodes-200/first-both/random.trd" "$tmp/before.trd"
GAMES=16 "$fair" "$tmp/f" >"$tmp/run2" 2>&1
check "a second run: exit 0, no cost line, the files as they were" \
    test $? -eq 0 -a "$(wc -l <"$tmp/f/cost.tsv")" -eq 4
check "... (a file byte for byte)" cmp -s "$tmp/before.trd" "$tmp/f/nodes-200/first-both/random.trd"
VARIANTS="first=capture first=both" GAMES=24 "$fair" "$tmp/f" >"$tmp/run3" 2>&1
check "GAMES=24 grows the variants asked for: 8 more games each, a cost line each" \
    test "$(tail -2 "$tmp/f/cost.tsv" | cut -f2,4 | tr '\t\n' ':,')" = "first=capture:8,first=both:8,"
grown() { "$bin" records export "$1" --format jsonl | sort >"$tmp/g1"; "$bin" records export "$2" --format jsonl | sort >"$tmp/g2"; }
first16() {
    "$bin" records export "$tmp/f/nodes-200/first-both/random.trd" --format jsonl | sed -n 's/.*"id":\([0-9]*\),.*/\1/p' | sort -n | tr '\n' ' ' >"$tmp/ids"
    [ "$(cat "$tmp/ids")" = "$(seq -s ' ' 0 23) " ]
}
check "... ids 0 to 23" first16
# stopped part-way (SIGINT, as timeout -s INT does), then resumed: the games of an uninterrupted run
VARIANTS=pie=1 NODES=300 GAMES=120 "$fair" "$tmp/whole" >/dev/null 2>&1
VARIANTS=pie=1 NODES=300 GAMES=120 timeout -s INT 1 "$fair" "$tmp/cut" >/dev/null 2>&1
part=$("$bin" records stats --json "$tmp/cut/nodes-300/pie-1/random.trd" 2>/dev/null | sed -n 's/^{"games":\([0-9]*\).*/\1/p')
VARIANTS=pie=1 NODES=300 GAMES=120 "$fair" "$tmp/cut" >/dev/null 2>&1
same_games() {
    "$bin" records export "$tmp/whole/nodes-300/pie-1/random.trd" --format jsonl | sed 's/.*"id"://' | sort >"$tmp/w1"
    "$bin" records export "$tmp/cut/nodes-300/pie-1/random.trd" --format jsonl | sed 's/.*"id"://' | sort >"$tmp/w2"
    [ "$(wc -l <"$tmp/w1")" -eq 120 ] && cmp -s "$tmp/w1" "$tmp/w2"
}
check "a run stopped part-way (${part:-?} of 120 games kept) and resumed: the games of one that was not" same_games
check "... and its cost lines add up to 120 games (the stopped part's line written as it stops)" test "$(awk -F'\t' '{ n += $4 } END { print n }' "$tmp/cut/cost.tsv")" = 120

# --- the report
"$fair" --report --json "$tmp/f" >"$tmp/r.json" 2>"$tmp/r.err"
check "--report --json: exit 0, nothing on stderr" test $? -eq 0 -a ! -s "$tmp/r.err"
check "--report --json: one part (200 nodes, random), 4 variants, 3 differences to the rulebook, the fairest" python3 -c "
import json; r = json.load(open('$tmp/r.json'))
assert len(r['parts']) == 1, r
p = r['parts'][0]
assert p['nodes'] == 200 and p['setup'] == 'random', p
assert [v['variant'] for v in p['variants']] == ['first=capture', 'first=full', 'first=both', 'pie=1'], p
assert [v['game'] for v in p['variants']] == ['tzaar', 'tzaar:first=full', 'tzaar:first=both', 'tzaar:pie=1'], p
assert [v['games'] for v in p['variants']] == [24, 16, 24, 16] and [v['setups'] for v in p['variants']] == [6, 4, 6, 4], p
for v in p['variants']: assert v['ci95'][0] <= v['white'] <= v['ci95'][1] and len(v['engine_signature']) == 16, v
d = p['differences']
assert [x['variant'] for x in d] == ['first=full', 'first=both', 'pie=1'] and all(x['against'] == 'first=capture' for x in d), d
assert [x['setups'] for x in d] == [4, 6, 4], d
f = p['fairest']; k = min(p['variants'], key=lambda v: abs(v['white'] - 0.5))
assert f['variant'] == k['variant'] and f['white'] == k['white'] and f['ci95'] == k['ci95'], (f, k)
assert f['within_2_points'] == (abs(f['white'] - 0.5) <= 0.02), f
assert f['interval_within_2_points'] == (f['ci95'][0] >= 0.48 and f['ci95'][1] <= 0.52), f
near = [v['variant'] for v in p['variants'] if v['variant'] != f['variant'] and abs(abs(v['white'] - 0.5) - abs(f['white'] - 0.5)) < 1e-9]
assert f['as_near'] == near, (f, near)
"
check "each variant's signature is the one triad bench --signature gives its game" python3 -c "
import json, subprocess; p = json.load(open('$tmp/r.json'))['parts'][0]
for v in p['variants']:
    s = subprocess.run(['$bin', 'bench', '--game', v['game'], '--signature'], capture_output=True, text=True).stdout.split()
    assert v['engine_signature'] in s, (v, s)
"
swaps=$("$bin" records export "$tmp/f/nodes-200/pie-1/random.trd" --format jsonl | grep -c '"swap"')
check "the games in which Black swapped: under pie=1 those of the export, elsewhere none" python3 -c "
import json; p = json.load(open('$tmp/r.json'))['parts'][0]
assert [v['swaps'] for v in p['variants']] == [0, 0, 0, $swaps], p
"
# the figures are bias's (White's share clustered by setup) and paired-setups.sh's
"$bin" bias "$tmp/f/nodes-200/first-full/random.trd" --json >"$tmp/bias.json"
"$here/scripts/paired-setups.sh" --json "$tmp/f/nodes-200/first-capture/random.trd" -- "$tmp/f/nodes-200/first-both/random.trd" >"$tmp/ps.json"
check "the figures are bias's and paired-setups.sh's" python3 -c "
import json; p = json.load(open('$tmp/r.json'))['parts'][0]
b = json.load(open('$tmp/bias.json')); b = (b['variants'][0] if 'variants' in b else b)['by_setup']['random']; v = p['variants'][1]
assert abs(v['white'] - b['white_score']) < 1e-4 and all(abs(x - y) < 1e-4 for x, y in zip(v['ci95'], b['ci95'])), (v, b)
s = json.load(open('$tmp/ps.json')); d = p['differences'][1]
assert d['difference'] == s['difference'] and d['ci95'] == s['ci95'] and d['setups'] == s['setups'] == 6, (d, s)
"
"$fair" --report "$tmp/f" >"$tmp/r.txt" 2>&1
check "--report: a row a variant with its game and engine signature" \
    test "$(grep -cE '^(first=capture|first=full|first=both|pie=1) +tzaar[^ ]* +[0-9a-f]{16} +[0-9]+ +[0-9]+ +[0-9.]+% +\[[0-9.]+, [0-9.]+\] +(-|[0-9]+)$' "$tmp/r.txt")" -eq 4
check "--report: the differences to the rulebook, paired by setup, with intervals" \
    test "$(grep -cE '^  (first=full|first=both|pie=1) +[-+][0-9.]+ points  \[[-+][0-9.]+, [-+][0-9.]+\]   \([46] setups' "$tmp/r.txt")" -eq 3
check "--report: the fairest named with its interval, or none within 2 points said plainly" \
    grep -qE '^(The fairest: [a-z=,0-9]+, White [0-9.]+% \[[0-9.]+, [0-9.]+\], within 2 points of half|None is within 2 points of half: the nearest, [a-z=,0-9]+, White [0-9.]+% \[[0-9.]+, [0-9.]+\])' "$tmp/r.txt"

# --- shards: SHARD=K/N writes KIND.shardK-of-N.trd; the report reads them as the whole
for k in 0 1; do VARIANTS="first=capture first=full" GAMES=16 SHARD=$k/2 "$fair" "$tmp/s" >/dev/null 2>&1; done
check "SHARD=K/2: a file a shard and variant" test -f "$tmp/s/nodes-200/first-full/random.shard0-of-2.trd" -a -f "$tmp/s/nodes-200/first-full/random.shard1-of-2.trd"
"$fair" --report --json "$tmp/s" >"$tmp/s.json" 2>&1
check "the shards' report: the whole run's figures" python3 -c "
import json; a = json.load(open('$tmp/s.json'))['parts'][0]; w = json.load(open('$tmp/r.json'))['parts'][0]
assert a['variants'][1] == w['variants'][1], (a, w)
assert a['variants'][0]['games'] == 16 and a['differences'][0]['setups'] == 4, a
"
# other setup kinds, each its own part: NODES and SETUPS pick the parts
VARIANTS=pie=1 SETUPS="fixed tournament" GAMES=4 "$fair" "$tmp/f" >/dev/null 2>&1
"$bin" records info "$tmp/f/nodes-200/pie-1/fixed.trd" >"$tmp/finfo"
check "the fixed setup's player draws its opening from the tied set (ties=1), paired" \
    grep -qE '^  player 0 +ab:nodes=200,(.*,)?ties=1' "$tmp/finfo"
check "... paired" grep -q -- '--paired' "$tmp/finfo"
"$fair" --report --json "$tmp/f" >"$tmp/r2.json" 2>&1
check "fixed and tournament parts are parts of their own (the fairest among the variants each holds)" python3 -c "
import json; r = json.load(open('$tmp/r2.json'))
assert [(p['setup'], len(p['variants'])) for p in r['parts']] == [('random', 4), ('fixed', 1), ('tournament', 1)], r
assert r['parts'][2]['differences'] == [] and r['parts'][2]['fairest']['variant'] == 'pie=1', r
"
check "SETUPS=random reports that part alone" test "$(SETUPS=random "$fair" --report --json "$tmp/f" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["parts"]))')" = 1

# a variant of two parameters: its folder first-full_pie-1, its game named whole
VARIANTS="first=capture first=full,pie=1" GAMES=8 "$fair" "$tmp/c" >/dev/null 2>&1
check "a variant of two parameters: OUT/nodes-200/first-full_pie-1/random.trd" test -f "$tmp/c/nodes-200/first-full_pie-1/random.trd"
check "... reported under its own name and game" python3 -c "
import json, subprocess; r = json.loads(subprocess.run(['$fair', '--report', '--json', '$tmp/c'], capture_output=True, text=True).stdout)
v = r['parts'][0]['variants'][1]
assert v['variant'] == 'first=full,pie=1' and v['game'] == 'tzaar:first=full,pie=1' and v['games'] == 8, v
"

# from another directory: OUT and TRIAD are the caller's, and nothing lands in the checkout
before=$(cd "$here" && git status --porcelain 2>/dev/null)
mkdir -p "$tmp/away" && ln -s "$bin" "$tmp/away/mytriad"
(cd "$tmp/away" && TRIAD=./mytriad VARIANTS=pie=1 GAMES=4 "$fair" fo >/dev/null 2>&1 && TRIAD=./mytriad "$fair" --report fo >report.txt 2>&1)
check "from elsewhere: the caller's OUT written and reported" test -s "$tmp/away/fo/nodes-200/pie-1/random.trd" -a -s "$tmp/away/fo/cost.tsv"
check "... its report" grep -q '^pie=1 ' "$tmp/away/report.txt"
check "... and nothing in the checkout" test "$(cd "$here" && git status --porcelain 2>/dev/null)" = "$before"

# --- mistakes are refused
GAMES=x "$fair" "$tmp/f" >/dev/null 2>"$tmp/e1"
check "GAMES=x: exit 2, said" test $? -eq 2 -a "$(grep -c 'are numbers' "$tmp/e1")" -eq 1
SETUPS=bogus "$fair" "$tmp/f" >/dev/null 2>"$tmp/e2"
check "SETUPS=bogus: exit 2, said" test $? -eq 2 -a "$(grep -c 'is not random, fixed, tournament' "$tmp/e2")" -eq 1
VARIANTS="first" "$fair" --list >/dev/null 2>"$tmp/e3"
check "a variant that is not KEY=VALUE: exit 2, said" test $? -eq 2 -a "$(grep -c 'is not KEY=VALUE' "$tmp/e3")" -eq 1
SHARD=2 "$fair" "$tmp/f" >/dev/null 2>"$tmp/e4"
check "SHARD=2: exit 2, said" test $? -eq 2 -a "$(grep -c 'SHARD is K/N' "$tmp/e4")" -eq 1
"$fair" --report "$tmp/empty" >/dev/null 2>"$tmp/e5"
check "--report of a folder without records: exit 2, said" test $? -eq 2 -a "$(grep -c 'holds no records yet' "$tmp/e5")" -eq 1
"$fair" --json "$tmp/f" >/dev/null 2>"$tmp/e6"
check "--json without --report: exit 2, said" test $? -eq 2 -a "$(grep -c 'goes with --report' "$tmp/e6")" -eq 1

# --- paired-setups.sh across variants: the phase of the first turn is not the setup
"$here/scripts/paired-setups.sh" --json "$tmp/f/nodes-200/first-capture/random.trd" -- "$tmp/f/nodes-200/pie-1/random.trd" >"$tmp/pv.json" 2>&1
check "paired-setups.sh: the rulebook against pie=1 (w 0 against w 0s): the 4 setups both hold" \
    grep -q '^{"setups":4,"games_a":16,"games_b":16,' "$tmp/pv.json"
"$bin" selfplay --game tzaar:first=full --games 8 --players random --setup random --paired --replicates 2 --seed 2 --quiet \
    --out "$tmp/seed2.trd" 2>/dev/null
"$here/scripts/paired-setups.sh" "$tmp/f/nodes-200/first-capture/random.trd" -- "$tmp/seed2.trd" >"$tmp/pv2" 2>&1
check "paired-setups.sh: a variant's run of another seed is still refused (exit 2, said)" \
    test $? -eq 2 -a "$(grep -c 'starts differently in A and in B' "$tmp/pv2")" -eq 1
"$bin" selfplay --game tzaar:first=both --games 4 --players random --setup tournament --seed 1 --quiet --out "$tmp/tb.trd" 2>/dev/null
"$bin" selfplay --games 4 --players random --setup tournament --seed 1 --quiet --out "$tmp/t0.trd" 2>/dev/null
"$here/scripts/paired-setups.sh" --json "$tmp/t0.trd" -- "$tmp/tb.trd" >"$tmp/pv3" 2>&1
check "paired-setups.sh: tournament starts (w p against w pd) pair too" grep -q '^{"setups":4,' "$tmp/pv3"
finish
