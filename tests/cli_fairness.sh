#!/usr/bin/env bash
# cli_fairness.sh BINARY — issue 39's positive control and points
# compensation: scripts/connect4-ladder.sh at a tiny scale (from another
# directory, resumed, its report and JSON) and the committed ladder's
# figures; triad bias --compensation; Talat's komi parameters (selfplay,
# bias, show, the refusals) and the committed self-play under them.
# Prints "ok - ..." / "not ok - ..." per check and ends with "N passed, N failed".
set -u
bin=${1:?usage: cli_fairness.sh BINARY}
here=$(cd "$(dirname "$0")/.." && pwd)
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac # the scripts run from elsewhere
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# --- scripts/connect4-ladder.sh: two rungs, two families, from elsewhere -------
away=$tmp/away
mkdir -p "$away"
ln -s "$bin" "$away/mytriad"
tiny=(RUNGS="100 400" GAMES=12 MATCH_GAMES=8 TT="1 0" CROSS=400 THREADS=1 TRIAD=./mytriad)
c4() { (cd "$away" && timeout -k 5 120 env "${tiny[@]}" "$@") }
before=$(ls "$here")
c4 "$here/scripts/connect4-ladder.sh" --json lad >"$tmp/c4.json" 2>"$tmp/c4.err"
check "connect4-ladder.sh from elsewhere: exit 0, the caller's lad/ written" \
    test $? -eq 0 -a -s "$away/lad/ladder.md" -a -s "$away/lad/ladder.tsv" -a -s "$away/lad/tt1/rung-400/selfplay.trd"
check "connect4-ladder.sh --json prints ladder.json" cmp -s "$tmp/c4.json" "$away/lad/ladder.json"
check "connect4-ladder.sh: every rung of both families with its score, interval, games and depth; the matches" python3 -c "
import json, sys
j = json.load(open(sys.argv[1]))
r = j['rungs']
assert [(x['family'], x['nodes']) for x in r] == [('tt1', 100), ('tt1', 400), ('tt0', 100), ('tt0', 400)], r
for x in r:
    assert x['games'] == 12 and x['wins'] + x['draws'] + x['losses'] == 12, x
    assert abs(x['first_score'] - (x['wins'] + x['draws'] / 2) / 12) < 1e-6, x
    assert x['ci95'][0] <= x['first_score'] <= x['ci95'][1], x
    assert x['depth_mean'] >= 2 and x['start_move'] in 'abcdefg' and 1 <= x['distinct'] <= 12, x
    assert (x['rung'] == 0) == (x['elo'] is None), x
    assert x['rung'] == 0 or x['match_games'] == 8, x
assert r[2]['player'] == 'ab:nodes=100,noise=1' and r[0]['player'] == 'ab:nodes=100,noise=1,tt=1', r
assert j['cross']['games'] == 8 and j['cross']['a'] == 'ab:nodes=400,noise=1,tt=1', j['cross']
" "$tmp/c4.json"
check "connect4-ladder.sh: the Markdown table has a row per rung" \
    test "$(grep -c '^| \(table 1 MB\|no table\) | [01] | `ab:nodes=' "$away/lad/ladder.md")" -eq 4
if command -v gnuplot >/dev/null; then
    check "connect4-ladder.sh: the chart, PNG and SVG" test -s "$away/lad/first_vs_nodes.png" -a -s "$away/lad/first_vs_nodes.svg"
else
    ok "connect4-ladder.sh: the chart # SKIP no gnuplot"
fi
cp "$away/lad/cost.tsv" "$tmp/cost.before"
c4 "$here/scripts/connect4-ladder.sh" lad >"$tmp/c4.md" 2>"$tmp/c4.err2"
c4rc=$?
check "connect4-ladder.sh again: exit 0, the table printed (its header and 4 rows)" \
    test $c4rc -eq 0 -a "$(grep -c '^| ' "$tmp/c4.md")" -eq 5
check "connect4-ladder.sh again: cost.tsv as it was" cmp -s "$away/lad/cost.tsv" "$tmp/cost.before"
check "nothing of the run from elsewhere landed in the checkout" test "$(ls "$here")" = "$before"
c4 env GAMES=14 "$here/scripts/connect4-ladder.sh" lad >/dev/null 2>&1
check "connect4-ladder.sh with more GAMES: only the missing games played (2 per rung)" \
    test "$(awk -F'\t' '$2 ~ /^rung-/ && NR > 7 { n += $3 } END { print n }' "$away/lad/cost.tsv")" = 8
c4 env RUNGS="100 x" "$here/scripts/connect4-ladder.sh" lad2 >/dev/null 2>"$tmp/c4.bad"
check "connect4-ladder.sh: RUNGS with a word refused (exit 2, one line naming it)" \
    test $? -eq 2 -a "$(wc -l <"$tmp/c4.bad")" -eq 1 -a "$(grep -c "'x'" "$tmp/c4.bad")" -eq 1
rm "$away/lad/tt0/match-400-100.json"
c4 "$here/scripts/connect4-report.sh" lad >/dev/null 2>"$tmp/c4.rep"
check "connect4-report.sh: a missing match stops it (exit 2, the file named)" \
    test $? -eq 2 -a "$(grep -c 'match-400-100.json is missing' "$tmp/c4.rep")" -eq 1
# The committed ladder (docs/results-connect4.md): its report's figures come back.
lad=$here/data/records/connect4-ladder
check "the committed Connect Four ladder: ladder.json's top rungs as docs/results-connect4.md gives them" python3 -c "
import json, sys
j = json.load(open(sys.argv[1]))
top = {r['family']: r for r in j['rungs'] if r['nodes'] == 409600}
t, n = top['tt16'], top['tt0']
assert (t['wins'], t['draws'], t['losses'], t['first_score']) == (334, 45, 21, 0.89125), t
assert [round(100 * x, 2) for x in t['ci95']] == [86.54, 91.71], t
assert (n['first_score'], [round(100 * x, 2) for x in n['ci95']]) == (0.47125, [43.3, 50.95]), n
assert len(j['rungs']) == 14 and j['cross']['score'] == 0.745, j['cross']
" "$lad/ladder.json"
good "bias on the committed ladder's top rung" bias "$lad/tt16/rung-409600/selfplay.trd" --json &&
    check "bias: Red 89.125% [86.54, 91.71] at 409,600 nodes with the table, as published" \
        grep -q '"standard":{"games":400,"seat0_score":0.89125,"red_score":0.89125,"ci95":\[0.865435,0.917065\]' "$tmp/out"

# --- triad bias --compensation ---------------------------------------------------
recs=$here/data/records
if good "bias --compensation --json on the committed Talat records" \
    bias "$recs/talat-ab4-played.trd" "$recs/talat-ab4-random.trd" --compensation --json; then
    check "bias --compensation: Talat's share komi and first-place komi, by turn order, with intervals" python3 -c "
import json, sys
j = json.load(open(sys.argv[1]))
assert j['game'] == 'talat' and j['players'] == 3 and j['by'] == 'turn_order', j
p, r = j['compensation']['played'], j['compensation']['random']
for k in (p, r):
    assert k['games'] == 10002 and k['setups'] == 3334 and k['no_points'] == 0, k
    assert abs(sum(k['share_offsets'])) < 1e-4 and k['share_komi'][0] == 0 and k['share_komi_ci95'][0] is None, k
    for a in (1, 2):
        lo, hi = k['share_komi_ci95'][a]
        assert lo < k['share_komi'][a] < hi, k
        assert abs(k['share_komi'][a] - (k['share_offsets'][a] - k['share_offsets'][0])) < 1e-3, k
    assert k['first_komi_fitted'] and k['first_komi'] == [0, 1.5, 2.5], k
    assert all(abs(x - 1 / 3) < 0.016 for x in k['first_places_at_first_komi']), k
assert abs(p['share_komi'][1] - 1.794) < 0.001 and abs(p['share_komi'][2] - 2.841) < 0.001, p
assert abs(r['share_komi'][1] - 1.332) < 0.001 and abs(r['share_komi'][2] - 2.082) < 0.001, r
assert p['first_komi_ci95'][2] == [2.5, 2.5] and r['first_komi_ci95'][1] == [0.5, 1.5], (p, r)
" "$tmp/out"
fi
if good "bias --compensation, text, the Zihin game" bias "$recs/zihin-ab4-random.trd" --compensation; then
    check "bias --compensation text: the komi rows and the second mover's +1.65 [+1.33, +1.97]" \
        grep -q 'as komi (points each later mover gets): +0.00 \[n/a\]; +1.65 \[+1.33, +1.97\]' "$tmp/out"
    check "bias --compensation text: the first-place komi, +1.5 for the second mover" \
        grep -q 'first places level, half-point komi (a bootstrap over setups, 1000 draws): +0.0 \[n/a\]; +1.5 \[' "$tmp/out"
fi
bad "bias --compensation: TRID's win/draw/loss refused" "won, drawn or lost" \
    bias "$recs/trid-d3/hex5-2.trd" --compensation
bad "bias --compensation: TZAAR's win/loss refused" "needs a game scored in points" \
    bias "$recs/ab2-random-200.trd" --compensation --json
bad "bias --compensation with --plots refused" "not with --plots" \
    bias "$recs/talat-ab4-random.trd" --compensation --plots "$tmp/plots"
check "and nothing written" test ! -e "$tmp/plots"
"$bin" selfplay --game race3 --nplayers 4 --players random --rotations 4 --games 40 --seed 1 --quiet --out "$tmp/r4.trd"
if good "bias --compensation on four seats (race3)" bias "$tmp/r4.trd" --compensation; then
    check "four seats: the share komi, first places not fitted (said)" \
        grep -q 'first places level: not fitted (4 seats; 2 or 3 only)' "$tmp/out"
fi

# --- talat:komi1=,komi2=,komi3= (points by turn order) ------------------------------
# Random players choose alike under a komi, so the same run under one scores
# every game the rulebook's points plus the komi of each seat's turn order.
"$bin" selfplay --game talat --players random --rotations 3 --games 12 --seed 4 --quiet --out "$tmp/t0.trd"
"$bin" selfplay --game talat:komi3=2.50,komi2=1.5 --players random --rotations 3 --games 12 --seed 4 --quiet \
    --out "$tmp/tk.trd"
check "selfplay under a komi: the variant's canonical spec in the header" \
    sh -c "'$bin' records info '$tmp/tk.trd' | grep -q '^  game  *talat:komi2=1.5,komi3=2.5\$'"
scores() { "$bin" records export "$1" --format jsonl | sed -nE 's/.*"id":([0-9]+),.*"actions":(\[[^]]*\]).*"scores":\[([^]]*)\].*/\1 \2 \3/p' | sort -n; }
check "selfplay under a komi: the same games, each seat's score the rulebook's plus its komi (the first placer 0)" \
    python3 -c "
import sys
a = [l.split(' ', 2) for l in open(sys.argv[1]).read().split('\n') if l]
b = [l.split(' ', 2) for l in open(sys.argv[2]).read().split('\n') if l]
assert len(a) == len(b) == 12
for x, y in zip(a, b):
    assert x[0] == y[0] and x[1] == y[1], (x[:1], y[:1])
    sa, sb = [float(v) for v in x[2].split(',')], [float(v) for v in y[2].split(',')]
    assert [q - p for p, q in zip(sa, sb)] == [0, 1.5, 2.5], (sa, sb)
" <(scores "$tmp/t0.trd") <(scores "$tmp/tk.trd")
if good "bias on the two variants' files: each apart" bias "$tmp/t0.trd" "$tmp/tk.trd" --compensation --json; then
    check "bias --compensation: two variants, talat's and talat:komi2=1.5,komi3=2.5's" python3 -c "
import json, sys
j = json.load(open(sys.argv[1]))
v = j['variants']
assert [x['game'] for x in v] == ['talat', 'talat:komi2=1.5,komi3=2.5'], v
a, b = v[0]['compensation']['played'], v[1]['compensation']['played']
assert a['games'] == b['games'] == 12
assert abs(b['points'][1] - a['points'][1] - 1.5) < 1e-3 and abs(b['points'][2] - a['points'][2] - 2.5) < 1e-3, (a, b)
assert b['points'][0] == a['points'][0], (a, b)
" "$tmp/out"
fi
pos="3 ...../...../..w34../...../..... ...../...../...../...../..... ...../...../...../...../..... m b"
pos="$pos w33g13g14g16g23g24g26g33g34/b13b14b16b23b24b26b33b34g36/b36w13w14w16w23w24w26w36"
if good "show under a komi: the position with its k field" show --game talat:komi1=0.5 --position "$pos k0.5/0/0"; then
    check "show: the seat's komi beside its points, the position string with the k field" \
        sh -c "grep -q 'seat 0.*45 points and 0.5 komi' '$tmp/out' && grep -qF -- '$pos k0.5/0/0' '$tmp/out'"
fi
bad "a position of another komi refused (one line)" "are not this game's, 0/1.5/2.5 by turn order" \
    show --game talat:komi2=1.5,komi3=2.5 --position "$pos k0/2.5/1.5"
bad "the rulebook refuses a position with a komi" "not this game's, 0/0/0" show --game talat --position "$pos k0/1/0"
bad "a komi off the half-point grid refused" "bad value '1.25' of talat's parameter komi2: not a multiple of 0.5" \
    show --game talat:komi2=1.25 --position "$pos"
bad "a komi above 10 refused" "out of range 0 to 10" show --game talat:komi2=11
check "help games: Talat's komi, 0 to 10 in steps of 0.5" \
    sh -c "'$bin' help games | grep -q 'komi2   0 to 10 in steps of 0.5 (default 0)'"
# The committed self-play under the komi (docs/results-compensation.md): its figures come back.
if good "bias on the committed komi self-play (three players)" bias "$recs/komi/talat-ab4-played-komi.trd" --json; then
    check "bias: turn order 33.66% [33.37, 33.95] / 33.24% / 33.10% under komi2=1.5,komi3=2.5, as published" \
        grep -q '"turn_order_share":\[0.336623,0.332366,0.33101\],"turn_order_share_ci95":\[\[0.333704,0.339542\]' "$tmp/out"
fi
if good "bias on the committed komi self-play (three players, +2 / +3)" bias "$recs/komi/talat-ab4-played-komi23.trd" --json; then
    check "bias: turn order 33.21% [32.92, 33.50] / 33.47% / 33.32% under komi2=2,komi3=3, as published" \
        grep -q '"turn_order_share":\[0.332126,0.334674,0.3332\],"turn_order_share_ci95":\[\[0.329246,0.335006\]' "$tmp/out"
fi
if good "bias on the committed komi self-play (the Zihin game)" bias "$recs/komi/zihin-ab4-played-komi.trd" --json; then
    check "bias: Black 50.43% [49.94, 50.92] under komi1=2.5, as published" \
        grep -q '"played":{"games":2000,"seat0_score":0.504271,"ci95":\[0.499366,0.509176\]' "$tmp/out"
fi

finish
