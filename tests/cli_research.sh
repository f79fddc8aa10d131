#!/usr/bin/env bash
# cli_research.sh BINARY — command-line tests of triad tune, match and bias:
# their JSON on small real runs, the files they write, and bad input (exit 2,
# one line on stderr naming the problem).  Random and greedy players keep it
# fast.  Prints "ok - ..." / "not ok - ..." per check and ends with
# "N passed, N failed"; exits non-zero on any failure.
set -u
bin=${1:?usage: tests/cli_research.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_research.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
cd "$(dirname "$0")/.."

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# has DESCRIPTION REGEX: stdout matches the extended regex.
has() { if grep -Eq -- "$2" "$tmp/out"; then ok "$1"; else not_ok "$1" "stdout lacks /$2/: $(head -c 300 "$tmp/out")"; fi; }

# Records to work on: random players, paired, on all three setup kinds.
"$bin" selfplay --games 600 --players random --setup random --seed 1 --paired --out "$tmp/r.trd" --quiet &&
"$bin" selfplay --games 100 --players random --setup fixed --seed 2 --paired --out "$tmp/f.trd" --quiet &&
"$bin" selfplay --games 100 --players random --setup tournament --seed 3 --paired --out "$tmp/t.trd" --quiet ||
    not_ok "self-play for the tests" "selfplay failed"

# bias
run bias --records "$tmp/r.trd" "$tmp/f.trd" "$tmp/t.trd" --json
has "bias --json gives White's score per kind, as seat0_score and white_score (issue 40 item 24)" '"by_setup":\{"random":\{"games":600,"seat0_score":([0-9.]+),"white_score":\1,"ci95":\[[0-9.]+,[0-9.]+\]'
has "bias --json covers fixed and tournament" '"fixed":\{"games":100,.*"tournament":\{"games":100,'
has "bias --json has the paired analysis" '"paired":\{"pairs":300,"seat0_pentanomial":\[[0-9]+,0,[0-9]+,0,[0-9]+\],"white_pentanomial":\[[0-9]+,0,[0-9]+,0,[0-9]+\]'
has "bias --json has the kind differences" '"differences":\[\{"a":"random","b":"fixed","diff":'
has "bias --json gives the two halves of pairs apart, and their difference" '"first_seat_share_by_rotation":\[[0-9.e-]+,[0-9.e-]+\],"first_seat_share_by_rotation_ci95":\[\[[-0-9.e]+,[-0-9.e]+\],\[[-0-9.e]+,[-0-9.e]+\]\],"rotation_difference":[-0-9.e]+,"rotation_difference_ci95":\[[-0-9.e]+,[-0-9.e]+\]'
has "bias --json has the regression, clustered by setup" '"regression":\{"games":600,"setups":300,"coefficients":\{"intercept":\{"beta":'
run bias --records "$tmp/f.trd" --json
if grep -q '"random":{' "$tmp/out"; then not_ok "bias leaves absent kinds out" "random present"; else ok "bias leaves absent kinds out"; fi
if command -v gnuplot >/dev/null; then
    run bias --records "$tmp/r.trd" "$tmp/f.trd" --plots "$tmp/plots" --report "$tmp/report.md"
    if [ "$rc" -eq 0 ] && [ -s "$tmp/plots/seat_scores.png" ] && [ -s "$tmp/plots/game_length.svg" ] &&
        [ -s "$tmp/plots/setup_scores.png" ] && [ -s "$tmp/plots/turn_order.png" ] && grep -q 'seat_scores.png' "$tmp/report.md"; then
        ok "bias --plots writes PNG and SVG, --report embeds them"
    else not_ok "bias --plots writes PNG and SVG, --report embeds them" "exit $rc"; fi
fi
# bias with a match: the first mover's edge fitted with the players' strengths
if "$bin" match --a ab:depth=1 --b greedy --games 40 --seed 4 --out "$tmp/pm.trd" --json >"$tmp/pm.json" 2>/dev/null &&
    "$bin" selfplay --games 100 --players greedy --seed 1 --paired --out "$tmp/pg.trd" --quiet; then
    run bias --records "$tmp/pm.trd" "$tmp/pg.trd" --json
    has "bias --json fits the players model over self-play and a match" \
        '"players_model":\{"fitted":true,"games":140,"setups":70,"components":1,"separated_games":0,"left_out":0,"kinds":\[\{"setup":"random","games":140,"first_seat":0,"first_seat_name":"White","first_score":[0-9.e-]+,"first_score_ci95":\[[0-9.e-]+,[0-9.e-]+\],"edge_elo":-?[0-9.e]+'
    has "bias --json: the player with the most games is the reference" \
        '"players":\[\{"spec":"ab:depth=1,noise=0,tt=16","engine":"[0-9a-f]{16}","component":0,"reference":false,"games":40,"against_others":40,"unbounded":0,"elo":-[0-9.e]+,"elo_ci95":\[-[0-9.e]+,[-0-9.e]+\]\},\{"spec":"greedy",[^}]*"reference":true,"games":140,'
    run bias --records "$tmp/pm.trd"
    has "bias's text names the model and both players" "^  2 players in 1 component .*, 40 games in 20 setups"
    # On the match alone the model must give back the match's score: a
    # logistic fit with a term per player matches each player's observed
    # points exactly (its score equations), so greedy's predicted share
    # over the 40 games, half with each colour, is 1 - A's score.  (Its
    # Elo is not the match's Elo: with a large first-mover term the
    # conditional strength is larger than the marginal one.)
    model=$(grep -o 'greedy .* [-+][0-9.]* \[' "$tmp/out" | grep -o '[-+][0-9.]* \[$' | tr -d ' [')
    edge=$(grep -o 'edge [-+]*[0-9.]* Elo' "$tmp/out" | head -1 | cut -d' ' -f2)
    match=$(grep -o '"score":[0-9.e]*' "$tmp/pm.json" | head -1 | cut -d: -f2)
    if [ -n "$model" ] && [ -n "$edge" ] && awk -v s="$model" -v e="$edge" -v a="$match" '
        function L(x) { return 1 / (1 + 10 ^ (-x / 400)) }
        BEGIN { p = (L(s + e) + 1 - L(e - s)) / 2; d = p - (1 - a); exit !(d < 0.002 && d > -0.002 && s > 50) }'; then
        ok "bias's strength of greedy over ab:depth=1 agrees with match's ($model Elo, edge $edge, A scores $match)"
    else not_ok "bias's strength of greedy over ab:depth=1 agrees with match's" "model '$model', edge '$edge', match score '$match'"; fi
    # The model's first mover is whoever acts first: White on random setups,
    # Black where Black places first (TZAAR's tournament-black); the text, the
    # JSON and the page say which, so 60% is not read as White's.
    "$bin" selfplay --games 8 --players greedy --setup tournament-black --seed 1 --out "$tmp/ptb.trd" --quiet 2>/dev/null
    run bias "$tmp/pm.trd" "$tmp/pg.trd" "$tmp/ptb.trd"
    has "bias's text names the first mover's seat: White on random setups" "^  random +140 games  first mover \(White\) "
    has "bias's text names the first mover's seat: Black placing first" "^  tournament-black +8 games  first mover \(Black\) "
    run bias "$tmp/pm.trd" "$tmp/pg.trd" "$tmp/ptb.trd" --json
    has "bias --json names the first mover's seat per kind" \
        '\{"setup":"tournament-black","games":8,"first_seat":1,"first_seat_name":"Black","first_score":'
    if command -v gnuplot >/dev/null; then
        run bias "$tmp/pm.trd" "$tmp/pg.trd" "$tmp/ptb.trd" --html "$tmp/ptbhtml"
        if grep -q 'tournament-black <span class="sub">(first: Black)</span>' "$tmp/ptbhtml/index.html" &&
            grep -q 'random <span class="sub">(first: White)</span>' "$tmp/ptbhtml/index.html"; then
            ok "bias --html names the first mover's seat per kind"
        else not_ok "bias --html names the first mover's seat per kind" "exit $rc"; fi
    else ok "bias --html names the first mover's seat per kind # SKIP no gnuplot here"; fi
    run bias --records "$tmp/pg.trd" --json
    if grep -q '"players_model"' "$tmp/out"; then not_ok "bias leaves the players model out for one player" "present"
    else ok "bias leaves the players model out for one player"; fi
    # Each self-play player's own edge, whether one edge fits them, and a
    # span with its error from the fit's covariance (issue 39).
    "$bin" selfplay --games 100 --players ab:depth=1 --seed 1 --paired --out "$tmp/pa.trd" --quiet
    run bias "$tmp/pm.trd" "$tmp/pg.trd" "$tmp/pa.trd" --json
    has "bias --json: the span of a component, from the covariance (issue 39)" \
        '"spans":\[\{"component":0,"from":"[^"]*","to":"[^"]*","elo":[0-9.e]+,"se":[0-9.e]+,"elo_ci95":\[[-0-9.e]+,[-0-9.e]+\]\}\]'
    has "bias --json: the players' own edges, the tests and the pool (issue 39)" \
        '"own_edges":\[\{"setup":"random","tested":true,"df":1,"cochran_q":[0-9.e-]+,"cochran_p":[0-9.e-]+,"wald":[0-9.e-]+,"wald_p":[0-9.e-]+,"tau2":[0-9.e-]+,"i2":[0-9.e-]+,"pooled_score":[0-9.e-]+,"pooled_score_ci95":\[[0-9.e-]+,[0-9.e-]+\],.*"players":\[\{"spec":"[^"]*","games":100,"first_score":'
    run bias "$tmp/pm.trd" "$tmp/pg.trd" "$tmp/pa.trd"
    has "bias's text: one edge for all, tested" "^    one edge for all\? Cochran's Q [0-9.]+ on 1 df, p = "
    has "bias's text: the random-effects pool" "^    random-effects pool \(DerSimonian-Laird\): first mover [0-9.]+% \["
else
    not_ok "a match and self-play for the players model" "match or selfplay failed"
fi
# A player's spec is the records' text: an engine path with markup reaches the
# players table of bias --html escaped, never raw.
hostile=$tmp/'<img>"x'\''&.sh'
printf '#!/bin/sh\nexec "%s" engine "$@"\n' "$bin" >"$hostile" && chmod +x "$hostile"
if command -v gnuplot >/dev/null &&
    "$bin" match --a "engine:cmd=$hostile,depth=1,timeout=60000" --b greedy --games 2 --seed 4 --out "$tmp/hm.trd" --quiet >/dev/null 2>&1; then
    run bias --records "$tmp/hm.trd" --html "$tmp/hm-html"
    if [ "$rc" -eq 0 ] && [ "$(grep -o '&lt;img&gt;&quot;x&#39;&amp;.sh' "$tmp/hm-html/index.html" | wc -l)" -ge 2 ] &&
        ! grep -q '<img>' "$tmp/hm-html/index.html"; then
        ok "bias --html escapes a player's spec in the players table"
    else not_ok "bias --html escapes a player's spec in the players table" "exit $rc"; fi
fi
bad "bias without --records" "records" bias --json
bad "bias on a missing file" "$tmp/none.trd" bias --records "$tmp/none.trd"
printf 'not a records file\n' >"$tmp/garbage.trd"
bad "bias on a garbage file" "garbage" bias --records "$tmp/garbage.trd"
: >"$tmp/empty.trd"
bad "bias on an empty file" "empty" bias --records "$tmp/empty.trd"
bad "bias with a bad --resamples" "resamples" bias --records "$tmp/r.trd" --resamples 5

# tune
run tune --records "$tmp/r.trd" "$tmp/f.trd" --weights data/weights/default.txt --out "$tmp/tuned.txt" --json --quiet
has "tune --json has the required figures" '"positions":[0-9]+,.*"skipped_decided":[0-9]+,.*"k":[0-9.e-]+,"k_start":[0-9.e-]+,.*"condition_number":[0-9.e-]+,.*"train_loss_before":[0-9.]+,"train_loss_prior":[0-9.]+,"train_loss_after":[0-9.]+,"validation_loss_before":[0-9.]+,"validation_loss_prior":[0-9.]+,"validation_loss_after":[0-9.]+,.*"hanging_last":\{[^}]*"status":"dropped: constant"\}'
if [ -s "$tmp/tuned.txt" ] && grep -q '^# Tuned by' "$tmp/tuned.txt" &&
    "$bin" analyse --position "$(cat data/setups/fixed.pos)" --player "ab:depth=1,weights=$tmp/tuned.txt" >/dev/null 2>&1; then
    ok "tune writes a weights file a player loads"
else not_ok "tune writes a weights file a player loads" "$(head -3 "$tmp/tuned.txt" 2>/dev/null)"; fi
bad "tune without --out" "required" tune --records "$tmp/r.trd" --weights data/weights/default.txt
bad "tune with a missing weights file" "$tmp/nope.txt" tune --records "$tmp/r.trd" --weights "$tmp/nope.txt" --out "$tmp/x.txt"
printf 'tzaar_stacks 1\nno_such_feature 2\n' >"$tmp/bad_weights.txt"
# with the end line (its CRC-32 is gzip's), so that the unknown name is what is refused
printf '# end crc32=%s\n' "$(gzip -c "$tmp/bad_weights.txt" | tail -c8 | head -c4 | od -An -tx1 | awk '{print $4 $3 $2 $1}')" >>"$tmp/bad_weights.txt"
bad "tune with an unknown weight name" "no_such_feature" tune --records "$tmp/r.trd" --weights "$tmp/bad_weights.txt" --out "$tmp/x.txt"
bad "tune with a bad --l2" "l2" tune --records "$tmp/r.trd" --weights data/weights/default.txt --out "$tmp/x.txt" --l2 abc
bad "tune with --validation 1" "validation" tune --records "$tmp/r.trd" --weights data/weights/default.txt --out "$tmp/x.txt" --validation 1
bad "tune on a garbage file" "garbage" tune --records "$tmp/garbage.trd" --weights data/weights/default.txt --out "$tmp/x.txt"

# match
run match --a greedy --b random --games 40 --seed 3 --json --quiet
has "match --json has score, Elo, interval and pentanomial" '^\{"a":"greedy","b":"random","games":40,"pairs":20,"score":[0-9.]+,"elo":[-0-9.a-z]+,"elo_ci95":\[[-0-9.a-z]+,[-0-9.a-z]+\],"pentanomial":\[[0-9]+,0,[0-9]+,0,[0-9]+\],"game":"tzaar","players":2\}$'
cp "$tmp/out" "$tmp/match1"
run match --a greedy --b random --games 40 --seed 3 --json --quiet --threads 1
if cmp -s "$tmp/out" "$tmp/match1"; then ok "match is the same with 1 and 2 threads"; else not_ok "match is the same with 1 and 2 threads" "differs"; fi
run match --a random --b random --games 2000 --seed 1 --sprt elo0=0,elo1=300 --json --quiet
has "match --sprt stops early with a decision" '"games":([0-9]{1,3}|1[0-9]{3}),.*"sprt":\{"model":"normalized","llr":[-0-9.]+,"lower":-2.9444,"upper":2.9444,"decision":"H0","interval_corrected":false\}'
run match --a random --b random --games 2000 --seed 1 --sprt elo0=0,elo1=300,model=logistic --quiet
has "match --sprt model=logistic says so" '^SPRT \(exact pentanomial GSPRT, logistic Elo\) elo0=0 elo1=300 '
has "match --sprt says the interval is not corrected for stopping" 'not corrected for that stopping rule'
bad "match --sprt with an unknown model" "model 'probit' (expected normalized or logistic)" match --a random --b random \
    --games 2 --sprt model=probit
run match --a greedy --b random --games 20 --out "$tmp/m.trd" --quiet
run records stats "$tmp/m.trd" --json
has "match --out keeps the games" '"games":20'
# The standard pair (issue 10): the same position, the players swapping sides.
run match --a greedy --b random --games 8 --seed 2 --out "$tmp/pair.trd" --quiet
"$bin" records cat --start "$tmp/pair.trd" >"$tmp/cat" 2>/dev/null
starts_agree() { for k in 0 1 2 3; do
    [ "$(grep "^$((2 * k)) start " "$tmp/cat" | cut -d' ' -f3-)" = "$(grep "^$((2 * k + 1)) start " "$tmp/cat" | cut -d' ' -f3-)" ] || return 1
done; }
check "match pairs play the same position twice" starts_agree
check "match pairs swap the players' sides" test "$(grep -cE '^[0-9]*[02468] random greedy random |^[0-9]*[13579] random,swapped random greedy ' "$tmp/cat")" -eq 8
has "match reports the score over complete pairs" 'A scores [0-9.]+% over the complete pairs'
# Tournament games follow the rules: each game's own players place, White first.
run match --a greedy --b random --games 4 --seed 2 --setup tournament --out "$tmp/tpair.trd" --quiet
"$bin" records cat "$tmp/tpair.trd" >"$tmp/cat" 2>/dev/null
check "tournament match games each make their own placement" \
    test "$(awk '{ n = 0; for (i = 1; i <= NF; i++) if ($i ~ /^[abcABC]@/) n++; if (n == 60) k++ } END { print k + 0 }' "$tmp/cat")" -eq 4
check "tournament match: B places first in the second game of a pair" grep -qE '^1 tournament,swapped random greedy .* : [abc]@' "$tmp/cat"
bad "match with an odd --games" "multiple of 2" match --a random --b random --games 7
bad "match with a bad player" "nosuchplayer" match --a nosuchplayer --b random --games 2
bad "match with a bad --sprt" "elo9" match --a random --b random --games 2 --sprt elo9=1
bad "match refuses to overwrite --out" "exists" match --a random --b random --games 2 --out "$tmp/m.trd"

finish
