#!/usr/bin/env bash
# cli_match.sh BINARY — `triad match` as a harness (issue 22, item 3):
#   - progress that shows A's score, the Elo and the LLR, named "match" and
#     never naming its temporary file;
#   - --out with --resume: the games a file holds are counted again and
#     only the missing ones played (a match stopped by its SPRT, resumed
#     without it, ends as the whole match played at once);
#   - --shard K/N and `match merge`: the shards' report is the whole match's;
#   - --positions FILE for every game: the games from a listed position are
#     the games from the setup it prints;
#   - the refusals, one line and exit status 2.
# Prints "ok - ..." / "not ok - ..." per check and "N passed, N failed".
set -u
bin=${1:?usage: tests/cli_match.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_match.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
RUN_TIMEOUT=300

# actions FILE: each game's id and actions, sorted by id (players left out).
actions() {
    "$bin" records cat "$1" | sed 's/^\([0-9]*\) .* : */\1 :/; s/^\([0-9]*\) .* :$/\1 :/' | sort -n
}

# ---- progress ----
status "progress: a match with --sprt" 0 match --a ab:depth=1 --b random --games 20 --seed 2 \
    --sprt elo0=0,elo1=50 --threads 2
check "progress: the last line shows A's score, the Elo and the LLR" \
    grep -qE '^match: 20 games \(20 played now in [0-9.]+ s, [0-9.]+ games/s\), A [0-9.]+% Elo [-+][0-9.inf]+ \[[-+][0-9.inf]+, [-+][0-9.inf]+\] LLR -?[0-9.]+ \(-2\.94, 2\.94\)' \
    "$tmp/err"
check "progress: no selfplay lines" sh -c "! grep -q '^selfplay' '$tmp/err'"
check "progress: the temporary file is never named" sh -c "! grep -q 'triad-match-' '$tmp/err'"
status "progress: an N-player match" 0 match --game race3 --nplayers 3 --a random --b random --games 6 --threads 1
check "progress: A's share and rank" \
    grep -qE "^match: 6 games .*, A's share [0-9.]+% \(fair 33\.3%\), mean rank [0-9.]+ over 2 setups$" "$tmp/err"
status "progress: --out names its file" 0 match --a random --b random --games 4 --out "$tmp/named.trd"
check "progress: 'match: 4 games in FILE'" grep -qF "match: 4 games in $tmp/named.trd (" "$tmp/err"

# ---- --resume ----
status "resume: a match stopped by its SPRT" 0 match --a ab:depth=1 --b random --games 400 --seed 7 \
    --sprt elo0=0,elo1=100 --out "$tmp/r.trd" --threads 2 --json --quiet
stopped=$(sed 's/.*"games":\([0-9]*\),.*/\1/' "$tmp/out")
check "resume: it stopped early ($stopped games)" test "$stopped" -lt 400
status "resume: the same SPRT again plays nothing" 0 match --a ab:depth=1 --b random --games 400 --seed 7 \
    --sprt elo0=0,elo1=100 --out "$tmp/r.trd" --resume --threads 2 --json
check "resume: the existing games decide it again" grep -q '"decision":"H1"' "$tmp/out"
check "resume: no game played" grep -q ' (0 played now in ' "$tmp/err"
status "resume: without the SPRT, the rest of the match" 0 match --a ab:depth=1 --b random --games 400 --seed 7 \
    --out "$tmp/r.trd" --resume --threads 2 --json --quiet
cp "$tmp/out" "$tmp/resumed.json"
status "resume: the whole match at once" 0 match --a ab:depth=1 --b random --games 400 --seed 7 \
    --out "$tmp/whole.trd" --threads 2 --json --quiet
check "resume: the resumed match reports what the whole one does" cmp -s "$tmp/out" "$tmp/resumed.json"
check "resume: and holds the same games" test "$(actions "$tmp/r.trd")" = "$(actions "$tmp/whole.trd")"
bad "resume: --resume needs --out" "--resume needs --out" match --a random --b random --games 2 --resume
bad "resume: not with --force" "give --resume or --force" match --a random --b random --games 2 \
    --out "$tmp/r.trd" --resume --force
bad "resume: an existing --out" "give --resume to continue its run or --force" match --a random --b random \
    --games 2 --out "$tmp/r.trd"
bad "resume: another match's file" "--resume refused" match --a random --b random --games 400 --seed 7 \
    --out "$tmp/r.trd" --resume

# ---- shards and merge ----
for k in 0 1 2; do
    status "shard $k/3 plays its part" 0 match --a ab:depth=1 --b greedy --games 36 --seed 3 --shard $k/3 \
        --out "$tmp/s$k.trd" --threads 2 --quiet --json
    check "shard $k/3: 12 games" grep -q '"games":12,' "$tmp/out"
done
status "merge: the shards together" 0 match merge "$tmp/s0.trd" "$tmp/s1.trd" "$tmp/s2.trd" --json
cp "$tmp/out" "$tmp/merged.json"
status "merge: the whole match at once" 0 match --a ab:depth=1 --b greedy --games 36 --seed 3 --threads 2 --quiet --json
check "merge: the shards' report is the whole match's" cmp -s "$tmp/out" "$tmp/merged.json"
status "merge: a shard given twice counts once" 0 match merge "$tmp/s0.trd" "$tmp/s0.trd" "$tmp/s1.trd" \
    "$tmp/s2.trd" --json
check "merge: the same report" cmp -s "$tmp/out" "$tmp/merged.json"
status "merge: the SPRT over all the shards" 0 match merge "$tmp/s0.trd" "$tmp/s1.trd" "$tmp/s2.trd" \
    --sprt elo0=0,elo1=10 --json
check "merge: the SPRT's LLR" grep -qE '"sprt":\{"model":"normalized","llr":-?[0-9.]+,' "$tmp/out"
# An alpha this small made the upper bound log((1 - beta) / alpha) infinite
# (and the text said inf); the error rates are held to [1e-6, 0.5) and the
# hypotheses to [-1000, 1000] (eval/sprt.h), by the one parser that both
# `match` and `match merge` use.  elo1=1e308 made the fit walk from the data
# in steps of 0.05 that no longer moved it: the run never ended, so these
# run under a short timeout (exit 124 or 137, not 2, if it hangs again).
RUN_TIMEOUT=30
bad "merge: a subnormal alpha refused" "alpha '1e-310' is not a decimal number from 1e-06 to below 0.5" \
    match merge "$tmp/s0.trd" --sprt elo0=0,elo1=10,alpha=1e-310
bad "merge: a beta of 1/2 refused" "beta '0.5' is not a decimal number from 1e-06 to below 0.5" \
    match merge "$tmp/s0.trd" --sprt beta=0.5
bad "merge: a huge elo1 refused" "elo1 '1e308' is not a decimal number from -1000 to 1000" \
    match merge "$tmp/s0.trd" --sprt elo0=0,elo1=1e308
bad "merge: a key given twice refused" "elo1 given twice" match merge "$tmp/s0.trd" --sprt elo0=0,elo1=10,elo1=1e308
bad "merge: nan refused" "elo0 'nan' is not a decimal number" match merge "$tmp/s0.trd" --sprt elo0=nan
bad "merge: elo0 >= elo1 refused" "elo0 (20) must be below elo1 (10)" match merge "$tmp/s0.trd" --sprt elo0=20
bad "match: a huge elo0 refused" "elo0 '-1e308' is not a decimal number from -1000 to 1000" \
    match --a random --b random --games 4 --sprt elo0=-1e308
status "merge: the widest hypotheses and smallest error rates run" 0 match merge "$tmp/s0.trd" \
    --sprt elo0=-1000,elo1=1000,alpha=1e-6,beta=1e-6 --allow-incomplete
check "merge: finite bounds" grep -q 'in \[-13.816, 13.816\]' "$tmp/out"
RUN_TIMEOUT=300
status "merge: a missing shard is said, exit 3 (issue 40 item 5)" 3 match merge "$tmp/s0.trd" "$tmp/s2.trd"
check "merge: 24 of 36 games" grep -q '^match merge: 24 of the match.s 36 games are in the files (12 missing' \
    "$tmp/err"
check "merge: the report over what there is" grep -q '^24 games (12 complete pairs)' "$tmp/out"
bad "merge: different matches refused" "hold different matches: --games 36" match merge "$tmp/s0.trd" "$tmp/r.trd"
bad "merge: a missing file" "No such file" match merge "$tmp/no-such.trd"
"$bin" selfplay --games 4 --players random --seed 1 --out "$tmp/sp.trd" --quiet
bad "merge: a selfplay run is no match" "holds no match" match merge "$tmp/sp.trd"
bad "merge: no files" "no FILE given" match merge
bad "shard: no --sprt with a shard" "give --sprt to triad match merge" match --a random --b random --games 4 \
    --shard 0/2 --sprt elo1=5
bad "shard: a bad shard" "bad --shard '2/2'" match --a random --b random --games 4 --shard 2/2

# ---- --positions, every game ----
for spec in tzaar:2:fixed talat:3:played trid:4:hex5 race3:3:fixed; do
    IFS=: read -r game n setup <<<"$spec"
    per=$((n == 2 ? 2 : n))
    { echo "# the $setup setup"; "$bin" show --game "$game" --nplayers "$n" --setup "$setup" | tail -1; echo; } \
        >"$tmp/pos-$game"
    status "positions_$game: from a positions file" 0 match --game "$game" --nplayers "$n" --a random --b random \
        --games $((2 * per)) --seed 4 --positions "$tmp/pos-$game" --out "$tmp/p-$game.trd" --quiet
    status "positions_$game: from the setup" 0 match --game "$game" --nplayers "$n" --a random --b random \
        --games $((2 * per)) --seed 4 --setup "$setup" --out "$tmp/q-$game.trd" --quiet
    check "positions_$game: the same games" test "$(actions "$tmp/p-$game.trd")" = "$(actions "$tmp/q-$game.trd")"
    status "positions_$game: the records verify" 0 records verify "$tmp/p-$game.trd"
done
"$bin" show --setup random --seed 1 | tail -1 >"$tmp/two"
"$bin" show --setup random --seed 2 | tail -1 >>"$tmp/two"
status "positions: two positions, each played in a pair" 0 match --a random --b random --games 8 --seed 1 \
    --positions "$tmp/two" --out "$tmp/two.trd" --quiet
status "positions: resume with the same file" 0 match --a random --b random --games 8 --seed 1 \
    --positions "$tmp/two" --out "$tmp/two.trd" --resume --quiet
head -1 "$tmp/two" >"$tmp/one"
bad "positions: resume with another file is refused" "--positions: 1 positions" match --a random --b random \
    --games 8 --seed 1 --positions "$tmp/one" --out "$tmp/two.trd" --resume
printf 'nonsense\n' >"$tmp/badpos"
bad "positions: a bad line names the file and line" "badpos:1: bad position" match --a random --b random \
    --games 2 --positions "$tmp/badpos"
"$bin" show --game race3 --nplayers 2 --setup fixed | tail -1 >"$tmp/race2"
bad "positions: a position for another number of players" "a position for 2 players; the run has 3" \
    match --game race3 --nplayers 3 --a random --b random --games 3 --positions "$tmp/race2"
: >"$tmp/empty"
bad "positions: an empty file" "holds no position" match --a random --b random --games 2 --positions "$tmp/empty"
bad "positions: not with --setup" "give --setup or --positions" match --a random --b random --games 2 \
    --positions "$tmp/two" --setup fixed
finish
