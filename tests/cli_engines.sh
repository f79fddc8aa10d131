#!/usr/bin/env bash
# cli_engines.sh BINARY — the engine player (engine:cmd=FILE, docs/players.md)
# refereeing programs outside triad:
#   - `triad engine` itself behind a wrapper script, for every game (tzaar,
#     talat, trid, race3): a match against it plays exactly the games the
#     same player plays inside triad, and selfplay and play take it too;
#   - a deliberately broken engine (tests/broken_engine.sh) that answers
#     illegal actions, crashes, hangs and talks nonsense: every failure is
#     recorded (records, match counts, the position), none hangs the match,
#     and no engine process is left behind;
#   - time: ms= per action, late answers within margin= counted, tc= game
#     clocks sent to a protocol 2 engine and turned into `go ms` for a
#     protocol 1 one; `triad engine`'s own clock (go time0 ...);
#   - bad specs, refused with one line and exit status 2.
# Prints "ok - ..." / "not ok - ..." per check and "N passed, N failed".
set -u
bin=${1:?usage: tests/cli_engines.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_engines.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/lib.sh"
RUN_TIMEOUT=300

# wrapper NAME ARGS...: an executable script $tmp/NAME that execs ARGS.
wrapper() {
    local name=$1
    shift
    printf '#!/bin/sh\nexec' >"$tmp/$name"
    printf ' %q' "$@" >>"$tmp/$name"
    printf '\n' >>"$tmp/$name"
    chmod +x "$tmp/$name"
}
# actions FILE: each game's id and actions, sorted by id (the players' specs left out).
actions() {
    "$bin" records cat "$1" | sed 's/^\([0-9]*\) .* : */\1 :/; s/^\([0-9]*\) .* :$/\1 :/' | sort -n
}

# ---- triad engine behind a wrapper, every game ----
for spec in tzaar:2 talat:3 trid:4 race3:3; do
    game=${spec%:*} n=${spec#*:}
    wrapper "eng-$game" "$bin" engine --game "$game" --nplayers "$n" --player random
    games=$((n == 2 ? 8 : 2 * n))
    status "engine_match_$game: a match against triad engine behind a wrapper" 0 \
        match --game "$game" --nplayers "$n" --a random --b "engine:cmd=$tmp/eng-$game" --games $games --seed 5 \
        --threads 2 --out "$tmp/e-$game.trd" --quiet --json
    check "engine_match_$game: no forfeits" grep -q '"b":{"illegal":0,"crash":0,"timeout":0,"protocol":0}' "$tmp/out"
    status "engine_match_$game: the same match inside triad" 0 \
        match --game "$game" --nplayers "$n" --a random --b random --games $games --seed 5 --out "$tmp/i-$game.trd" \
        --quiet
    if [ "$(actions "$tmp/e-$game.trd")" = "$(actions "$tmp/i-$game.trd")" ] &&
        [ "$(actions "$tmp/e-$game.trd" | wc -l)" -eq "$games" ]; then
        ok "engine_match_$game: the engine plays the games the same player plays inside triad"
    else
        not_ok "engine_match_$game: the engine plays the games the same player plays inside triad" \
            "$(diff <(actions "$tmp/e-$game.trd") <(actions "$tmp/i-$game.trd") | head -3)"
    fi
    status "engine_verify_$game: the records verify" 0 records verify "$tmp/e-$game.trd"
done
status "engine_selfplay: selfplay takes an engine player" 0 selfplay --game race3 --nplayers 3 \
    --players "engine:cmd=$tmp/eng-race3" --games 3 --rotations 3 --seed 2 --out "$tmp/sp.trd" --quiet
status "engine_selfplay: its records verify" 0 records verify "$tmp/sp.trd"
status "engine_play: play takes an engine player" 0 play --white "engine:cmd=$tmp/eng-tzaar" --black random \
    --setup random --seed 4 --quiet
check "engine_play: a result line" grep -qE '^result: (1-0|0-1) \((White|Black) wins by' "$tmp/out"
wrapper eng-trid3 "$bin" engine --game trid --nplayers 3 --player random
status "engine_play_trid: play with TRID position strings (they begin with a setup's name)" 0 \
    play --game trid --nplayers 3 --seat 0=random --seat "1=engine:cmd=$tmp/eng-trid3" --seat 2=random --seed 3 --quiet
check "engine_play_trid: a result line" grep -q '^result: ' "$tmp/out"

# ---- the broken engine: every failure recorded, nothing hangs ----
broken() { wrapper "broken-${1%%:*}" "$here/broken_engine.sh" "$bin" tzaar 2 "$1"; }
for m in mixed illegal crash hang garbage slow:300; do broken "$m"; done
start=$(date +%s)
status "broken_mixed: the match ends" 0 match --a random --b "engine:cmd=$tmp/broken-mixed,ms=400" --games 20 \
    --seed 1 --out "$tmp/broken.trd" --threads 2 --json
took=$(($(date +%s) - start))
cp "$tmp/out" "$tmp/broken.json"
for r in illegal crash timeout protocol; do
    check "broken_mixed: B's games lost by $r are counted" grep -qE "\"b\":\\{[^}]*\"$r\":[1-9]" "$tmp/out"
done
check "broken_mixed: A lost nothing by forfeit" grep -q '"a":{"illegal":0,"crash":0,"timeout":0,"protocol":0}' \
    "$tmp/out"
check "broken_mixed: 20 games" grep -q '"games":20,' "$tmp/out"
check "broken_mixed: a hang costs the limit and the margin, not more (${took}s for 20 games)" test "$took" -lt 60
check "broken_mixed: each forfeit is reported with its position" \
    grep -qE '^match: game [0-9]+: B \(seat [01], engine:cmd=.*\) forfeits by timeout: no answer in [0-9]+ ms \(limit 400 ms \+ margin 100\); the position: [.a-cA-C0-9]+ [wb] [0-9]$' \
    "$tmp/err"
check "broken_mixed: a crash says how the engine ended" grep -q 'forfeits by crash: .*(exit status 3)' "$tmp/err"
check "broken_mixed: games lost on time come with a hint (margin=, --threads, depth=)" \
    grep -qE '^match: [1-9][0-9]* games? lost on time: .*raise margin=, lower --threads, or limit by depth= or nodes=' \
    "$tmp/err"
check "broken_mixed: no hung engine is left running" sh -c '! pgrep -f "sleep 98[7].654" >/dev/null'
status "broken_mixed: the records verify" 0 records verify "$tmp/broken.trd"
run records cat "$tmp/broken.trd"
for r in illegal crash timeout protocol; do
    check "broken_mixed: records cat names forfeit-$r" grep -qE "^[0-9]+ random(,swapped)? .* (1-0|0-1) forfeit-$r [0-9]+ :" \
        "$tmp/out"
done

status "broken_export: records export takes the forfeits" 0 records export "$tmp/broken.trd" --format jsonl
for r in illegal crash timeout protocol; do
    check "broken_export: a forfeit-$r game is finished, with B's loss in its scores and ranks" \
        grep -qE "\"scores\":\[(0,1|1,0)\],\"ranks\":\[(1,0|0,1)\],\"ending\":\"forfeit-$r\",\"finished\":true," \
        "$tmp/out"
done
check "broken_export: 20 games, none unfinished" \
    test "$(wc -l <"$tmp/out")" -eq 20 -a "$(grep -c '"finished":false' "$tmp/out")" -eq 0
status "broken_export_csv: the CSV too" 0 records export "$tmp/broken.trd" --format csv
check "broken_export_csv: forfeit-crash, finished" grep -q ",forfeit-crash,true," "$tmp/out"

status "broken_resume: --resume reads the forfeits back" 0 match --a random \
    --b "engine:cmd=$tmp/broken-mixed,ms=400" --games 20 --seed 1 --out "$tmp/broken.trd" --resume --json --quiet
forfeits() { grep -o '"forfeits":{[^}]*}[^}]*}},"overruns":{[^}]*}' "$1"; }
check "broken_resume: the same forfeits, read back from the records" \
    test -n "$(forfeits "$tmp/out")" -a "$(forfeits "$tmp/out")" = "$(forfeits "$tmp/broken.json")"

for m in illegal crash hang garbage; do
    status "broken_play_$m: play ends" 0 play --white random --black "engine:cmd=$tmp/broken-$m,ms=300" --seed 2 --setup random
    reason=$m
    [ "$m" = hang ] && reason=timeout
    [ "$m" = garbage ] && reason=protocol
    check "broken_play_$m: Black forfeits by $reason" grep -qE "^Black \(engine:cmd=.*\) forfeits by $reason: " "$tmp/out"
    check "broken_play_$m: the position" grep -qE '^the position: [.a-cA-C0-9]+ b [0-9]$' "$tmp/out"
    check "broken_play_$m: the result" grep -qx "result: 1-0 (Black forfeits by $reason)" "$tmp/out"
done
check "broken_play: no hung engine is left running" sh -c '! pgrep -f "sleep 98[7].654" >/dev/null'
run analyse --player "engine:cmd=$tmp/broken-crash"
check "broken_analyse: analyse says the engine forfeits, exit 2" test "$rc" -eq 2 -a "$(wc -l <"$tmp/err")" -eq 1
printf 'position random 3\ngo\n' >"$tmp/session"
run engine --player "engine:cmd=$tmp/broken-illegal" <"$tmp/session"
line_is 2 'error go: the player forfeits by illegal: .*' "engine_proxy"

# ---- time ----
status "slow: an answer late but within the margin is played and counted" 0 match --a random \
    --b "engine:cmd=$tmp/broken-slow,ms=200,margin=3000" --games 2 --seed 1 --out "$tmp/slow.trd" --json --quiet
check "slow: no forfeits" grep -q '"b":{"illegal":0,"crash":0,"timeout":0,"protocol":0}' "$tmp/out"
check "slow: every answer of B counted late" grep -qE '"overruns":\{"a":0,"b":[1-9][0-9]*\}' "$tmp/out"
status "slow: a late answer beyond the margin loses on time" 0 match --a random \
    --b "engine:cmd=$tmp/broken-slow,ms=100,margin=0" --games 2 --seed 1 --out "$tmp/slow2.trd" --json --quiet
check "slow: both games lost on time" grep -q '"b":{"illegal":0,"crash":0,"timeout":2,"protocol":0}' "$tmp/out"

broken good
BROKEN_LOG=$tmp/v1.log run match --a random --b "engine:cmd=$tmp/broken-good,tc=30+0.5" --games 2 --seed 1 \
    --out "$tmp/tc1.trd" --quiet
check "tc_protocol1: the match ends" test "$rc" -eq 0
check "tc_protocol1: a protocol 1 engine gets go ms N (the clock's budget)" grep -qE '^go ms [0-9]+$' "$tmp/v1.log"
check "tc_protocol1: never more than the clock holds" awk '/^go ms/ { if ($3 > 30000) bad = 1 } END { exit bad }' \
    "$tmp/v1.log"
BROKEN_PROTOCOL=2 BROKEN_LOG=$tmp/v2.log run match --a random --b "engine:cmd=$tmp/broken-good,tc=30+0.5,ms=5000" \
    --games 2 --seed 1 --out "$tmp/tc2.trd" --quiet
check "tc_protocol2: the match ends" test "$rc" -eq 0
check "tc_protocol2: a protocol 2 engine gets its seat's clock and the ms limit" \
    grep -qE '^go time[01] [0-9]+ inc[01] 500 ms 5000$' "$tmp/v2.log"
check "tc_protocol2: the first go shows the whole base time" grep -qE '^go time[01] 30000 inc[01] 500 ms 5000$' \
    "$tmp/v2.log"
check "tc_protocol2: the clock runs down" grep -qE '^go time[01] (2[0-9]{4}|30[0-4][0-9]{2}) inc' "$tmp/v2.log"
status "tc_clock_runs_out: a clock too short for the engine loses on time" 0 match --a random \
    --b "engine:cmd=$tmp/broken-slow,tc=0.5,margin=0" --games 2 --seed 1 --out "$tmp/tc3.trd" --json --quiet
check "tc_clock_runs_out: both games lost on time" grep -q '"timeout":2' "$tmp/out"

# triad engine's own clock
printf '%s\n' protocol 'position fixed' 'go time0 2000 inc0 100' 'go time0 2000 time1 5' 'go time1 100' \
    'go time5 1' 'go time0 x' quit >"$tmp/session"
run engine --player ab:depth=2 <"$tmp/session"
line_is 1 'protocol triad 3' "engine_clock"
check "engine_clock: go with a clock answers" test "$(grep -c '^bestaction ' "$tmp/out")" -eq 2
check "engine_clock: a clock without the seat to act's time is refused" \
    grep -qx 'error go: a clock without time0, the time of the seat to act' "$tmp/out"
check "engine_clock: no seat 5 in a 2-player game" grep -q '^error go: time5: no seat 5' "$tmp/out"
check "engine_clock: a bad number" grep -q "^error go: bad number for time0: 'x'" "$tmp/out"
P=$("$bin" show --game trid --nplayers 3 | tail -1)
printf 'position %s\nprint\n' "$P" | "$bin" engine --game trid --nplayers 3 >"$tmp/out"
line_is 1 ok "engine_trid_position"
line_is 2 "position $P" "engine_trid_position"

# ---- bad specs ----
bad "bad_spec: no cmd" "expected cmd=FILE" match --a random --b engine --games 2
bad "bad_spec: a missing file" "cannot run /no/such/engine" match --a random --b engine:cmd=/no/such/engine --games 2
bad "bad_spec: not executable" "not an executable file" match --a random --b "engine:cmd=$tmp/session" --games 2
bad "bad_spec: unknown option" "unknown option 'depht'" match --a random --b "engine:cmd=$tmp/eng-tzaar,depht=2" \
    --games 2
bad "bad_spec: a bad tc" "tc '10+x'" match --a random --b "engine:cmd=$tmp/eng-tzaar,tc=10+x" --games 2
bad "bad_spec: tc without base" "tc '0+1'" match --a random --b "engine:cmd=$tmp/eng-tzaar,tc=0+1" --games 2
bad "bad_spec: timeout with ms" "timeout= is the limit without" \
    match --a random --b "engine:cmd=$tmp/eng-tzaar,ms=10,timeout=5" --games 2
status "canonical: keys in order, the margin filled in" 0 match --a random \
    --b "engine:tc=10+0.25,cmd=$tmp/eng-tzaar,ms=300" --games 2 --quiet --json --out "$tmp/canon.trd"
check "canonical: engine:cmd=...,margin=100,ms=300,tc=10+0.25" \
    grep -qF "\"b\":\"engine:cmd=$tmp/eng-tzaar,margin=100,ms=300,tc=10+0.25\"" "$tmp/out"
finish
