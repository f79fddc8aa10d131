#!/usr/bin/env bash
# cli_nums.sh BINARY — command-line tests of issue 8's items 5 and 6 and its
# messages: hundreds of list options (--records=FILE repeated), the one
# strict number parser on every command, in player specs, the engine
# protocol, --sprt and weights files, control bytes shown escaped, and a
# 5,000-character file name that still leaves room for the OS's reason.
# Prints "ok - ..." / "not ok - ..." per check and ends with
# "N passed, N failed"; exits non-zero on any failure.
set -u
bin=${1:?usage: tests/cli_nums.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_nums.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
cd "$(dirname "$0")/.."

RUN_TIMEOUT=30 # the old binary started 2^64-2 games for --games " -2"
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ESC=$'\033'

# no_raw_bytes DESCRIPTION FILE: FILE holds no control byte but newlines.
no_raw_bytes() {
    if LC_ALL=C grep -q '[[:cntrl:]]' <(tr -d '\n' <"$2"); then not_ok "$1" "a raw control byte in $2"; else ok "$1"; fi
}
# A weights file with one value replaced, ending with the end line that
# complete weights files carry (crc32 of the rest, as gzip computes it).
weights_with() { # feature, value, file
    grep -v '^# end crc32=' data/weights/default.txt | sed "s/^$1 .*/$1 $2/" >"$3"
    printf '# end crc32=%s\n' "$(gzip -c <"$3" | tail -c8 | head -c4 | od -An -tx4 | tr -d ' \n')" >>"$3"
}

"$bin" selfplay --games 40 --players random --seed 1 --out "$tmp/r.trd" --quiet ||
    { echo "cli_nums.sh: cannot make the test records"; echo "0 passed, 1 failed"; exit 1; }

# --- item 5: list options without a bound ----------------------------------
many=()
for i in $(seq 300); do many+=("--records=$tmp/r.trd"); done
run bias "${many[@]}" --json
check "bias with 300 --records=FILE options works" test "$rc" -eq 0 -a -s "$tmp/out"
run tune "${many[@]}" --weights data/weights/default.txt --out "$tmp/tuned300.txt" --positions 100 --quiet
check "tune with 300 --records=FILE options works" test "$rc" -eq 0 -a -s "$tmp/tuned300.txt"
check "tune names all 300 inputs in its output" test "$(grep -o 'r\.trd' "$tmp/tuned300.txt" | wc -l)" -eq 300
# (a hang guard of its own.  The 3000 names are of a 2-game file: what is
# tested is the list, and 3000 reads of the 40-game file were 120,000 game
# replays, about 35 s under ASan)
"$bin" selfplay --games 2 --players random --seed 1 --out "$tmp/r2.trd" --quiet ||
    { echo "cli_nums.sh: cannot make the 2-game records"; echo "0 passed, 1 failed"; exit 1; }
RUN_TIMEOUT=300 run bias --records $(for i in $(seq 3000); do echo "$tmp/r2.trd"; done) --json
check "bias --records with 3000 files after one flag (a glob) works" test "$rc" -eq 0 -a -s "$tmp/out"
run bias --records "$tmp/r.trd" --records="$tmp/r.trd" "$tmp/r.trd" --json
check "--records repeated and mixed forms" test "$rc" -eq 0
bad "--records with no value" "--records needs at least one value" bias --records --json

# --- item 6: numbers on the command line -----------------------------------
sp() { bad "$1" "$2" selfplay --players random --quiet --out "$tmp/x.trd" "${@:3}"; }
sp "--games ' -2' refused" "bad number for --games: ' -2'" --games " -2" --seed 1
sp "--seed ' -1' refused" "bad number for --seed: ' -1'" --games 2 --seed " -1"
sp "--seed -1 refused" "bad number for --seed" --games 2 --seed -1
sp "--games 2^64 refused (overflow)" "18446744073709551616' is not an integer from 0 to 18446744073709551615" \
    --games 18446744073709551616 --seed 1
sp "--seed 2^64 refused (overflow)" "bad number for --seed" --games 2 --seed 18446744073709551616
sp "--games +2 refused" "bad number for --games" --games +2 --seed 1
sp "--games with trailing junk refused" "bad number for --games" --games 2x --seed 1
sp "--games with a trailing space refused" "bad number for --games" --games "2 " --seed 1
sp "--games empty refused" "bad number for --games" --games "" --seed 1
sp "--games 0x10 refused" "bad number for --games" --games 0x10 --seed 1
sp "--threads ' 2' refused" "bad number for --threads" --games 2 --seed 1 --threads " 2"
sp "--threads 2^32+1 refused" "bad number for --threads" --games 2 --seed 1 --threads 4294967297
sp "--flush-seconds inf refused" "bad number for --flush-seconds" --games 2 --seed 1 --flush-seconds inf
sp "--flush-seconds 1e999 refused" "bad number for --flush-seconds" --games 2 --seed 1 --flush-seconds 1e999
sp "--flush-seconds 0x1p3 refused" "bad number for --flush-seconds" --games 2 --seed 1 --flush-seconds 0x1p3
sp "--shard 4294967297/4294967298 refused (no wrap to 1/2)" "bad --shard" --games 2 --seed 1 --shard 4294967297/4294967298
sp "--shard +1/+3 refused" "bad --shard" --games 2 --seed 1 --shard +1/+3
sp "--shard ' 1/3' refused" "bad --shard" --games 2 --seed 1 --shard " 1/3"
sp "--shard '1/3 ' refused" "bad --shard" --games 2 --seed 1 --shard "1/3 "
sp "--shard 1/3x refused" "bad --shard" --games 2 --seed 1 --shard 1/3x
sp "--shard -1/3 refused" "bad --shard" --games 2 --seed 1 --shard -1/3
sp "--shard /3 refused" "bad --shard" --games 2 --seed 1 --shard /3
sp "--shard 1/ refused" "bad --shard" --games 2 --seed 1 --shard 1/
sp "--shard 18446744073709551617/3 refused" "bad --shard" --games 2 --seed 1 --shard 18446744073709551617/3
run selfplay --players random --quiet --out "$tmp/s.trd" --games 6 --seed 1 --shard 1/3
check "--shard 1/3 still works" test "$rc" -eq 0 -a "$("$bin" records cat "$tmp/s.trd" | wc -l)" -eq 2
bad "match --games ' -2' refused" "bad number for --games" match --a random --b random --games " -2"
bad "match --seed ' -1' refused" "bad number for --seed" match --a random --b random --games 2 --seed " -1"
bad "play --seed ' -1' refused" "bad number for --seed" play --white random --black random --seed " -1"
bad "analyse --player-seed +1 refused" "bad number for --player-seed" analyse --player random --player-seed +1
bad "perft --depth ' 1' refused" "bad number for --depth" perft --depth " 1"
bad "bias --resamples +100 refused" "bad number for --resamples" bias --records "$tmp/r.trd" --resamples +100
bad "bias --seed ' -1' refused" "bad number for --seed" bias --records "$tmp/r.trd" --seed " -1"
bad "tune --l2 ' 1e-4' refused" "bad number for --l2" tune --records "$tmp/r.trd" --weights data/weights/default.txt \
    --out "$tmp/t1.txt" --l2 " 1e-4"
bad "tune --validation 0x0.1p0 refused" "bad number for --validation" tune --records "$tmp/r.trd" \
    --weights data/weights/default.txt --out "$tmp/t2.txt" --validation 0x0.1p0
bad "tune --positions 2^64 refused" "bad number for --positions" tune --records "$tmp/r.trd" \
    --weights data/weights/default.txt --out "$tmp/t3.txt" --positions 18446744073709551616
bad "--sprt elo0=' 1' refused" "bad --sprt" match --a random --b random --games 2 --sprt "elo0= 1,elo1=5" --quiet
bad "--sprt elo0=+1 refused" "bad --sprt" match --a random --b random --games 2 --sprt "elo0=+1,elo1=5" --quiet
bad "--sprt elo1=inf refused" "bad --sprt" match --a random --b random --games 2 --sprt "elo0=0,elo1=inf" --quiet
bad "--sprt elo0=0x0 refused" "bad --sprt" match --a random --b random --games 2 --sprt "elo0=0x0,elo1=5" --quiet
bad "--sprt trailing junk refused" "bad --sprt" match --a random --b random --games 2 --sprt "elo0=0,elo1=5x" --quiet

# --- item 6: numbers in player specs ----------------------------------------
pspec() { bad "player spec $1 refused" "bad value" analyse --player "$1"; }
pspec "ab:depth= 1"
pspec "ab:depth=+1"
pspec "ab:depth=1x"
pspec "ab:depth="
pspec "ab:nodes=18446744073709551616"
pspec "ab:nodes=+500"
pspec "ab:tt= 16"
pspec "ab:noise=-0x1"
pspec "ab:ms=inf"
pspec "ab:ms=0x10"
pspec "greedy:weights=data/weights/default.txt,wsum=-ffffffff"
pspec "greedy:weights=data/weights/default.txt,wsum=+0"
bad "selfplay --players 'ab:depth=+1' refused" "bad value '+1' for 'depth'" \
    selfplay --games 2 --seed 1 --players "ab:depth=+1" --out "$tmp/x.trd"
bad "the error names the accepted range" "not an integer from 1 to 4096" analyse --player "ab:tt=0"

# --- item 6: numbers in weights files ---------------------------------------
weights_with tempo 0x50 "$tmp/w-hex.txt"
bad "weights file value 0x50 refused" "bad value '0x50' for 'tempo'" analyse --player "ab:depth=1,weights=$tmp/w-hex.txt"
weights_with tempo +80 "$tmp/w-plus.txt"
bad "weights file value +80 refused" "bad value '+80' for 'tempo'" analyse --player "ab:depth=1,weights=$tmp/w-plus.txt"
weights_with tempo 80.5e1 "$tmp/w-ok.txt"
run analyse --player "ab:depth=1,weights=$tmp/w-ok.txt"
check "weights file value 80.5e1 accepted" test "$rc" -eq 0

# --- item 6: numbers in the engine protocol ---------------------------------
printf '%s\n' 'seed +7' 'seed 18446744073709551616' 'seed 7x' 'go depth +1' 'go nodes 18446744073709551616' \
    'go ms 0x10' 'position random +5' 'position random 18446744073709551616' 'player ab:depth=+1' 'seed 7' 'isready' |
    timeout 30 "$bin" engine --player ab:depth=1 >"$tmp/out" 2>"$tmp/err"
starts() { # line number, fixed text the line starts with
    local line
    line=$(sed -n "$1p" "$tmp/out")
    case $line in "$2"*) ok "engine line $1: $2" ;; *) not_ok "engine line $1: $2" "got '$line'" ;; esac
}
starts 1 "error seed: '+7' is not an integer from 0 to 18446744073709551615"
starts 2 "error seed: '18446744073709551616' is not"
starts 3 "error seed: '7x' is not"
starts 4 "error go: bad number for depth: '+1'"
starts 5 "error go: bad number for nodes: '18446744073709551616'"
starts 6 "error go: bad number for ms: '0x10'"
starts 7 "error position random: bad seed: '+5'"
starts 8 "error position random: bad seed: '18446744073709551616'"
starts 9 "error player 'ab': bad value '+1' for 'depth'"
starts 10 "ok"
starts 11 "readyok"

# --- messages: control bytes escaped ------------------------------------------
bad "an ESC in a file name is shown as \\x1b" 'x\x1b[31mred: No such file' records stats "$tmp/x${ESC}[31mred"
no_raw_bytes "no raw ESC reaches the terminal (file name)" "$tmp/err"
bad "a newline in a file name is shown as \\n, on one line" 'a\nforged: No such file' records stats "$tmp/a"$'\n'"forged"
bad "an ESC in a number is shown escaped" "'1\\x1b[2J' is not an integer" selfplay --games "1${ESC}[2J" --seed 1 \
    --players random --out "$tmp/x.trd"
no_raw_bytes "no raw ESC reaches the terminal (number)" "$tmp/err"
bad "an ESC in a player spec is shown escaped" "'\\x1b' for 'depth'" analyse --player "ab:depth=${ESC}"
bad "an ESC in an unknown option is shown escaped" "unknown option '--x\\x1b'" records stats "--x${ESC}"
bad "an ESC in an unknown command is shown escaped" "unknown command 'x\\x1b[2J'" "x${ESC}[2J"
printf 'hello%s[2J\ngo depth %s\n' "$ESC" "$ESC" | timeout 30 "$bin" engine --player random >"$tmp/out" 2>"$tmp/err"
check "engine: an ESC in a command is answered escaped" grep -qF "error unknown command 'hello\\x1b[2J'" "$tmp/out"
check "engine: an ESC in a number is answered escaped" grep -qF "error go: bad number for depth: '\\x1b'" "$tmp/out"
no_raw_bytes "engine: no raw ESC in its answers" "$tmp/out"

# --- messages: a 5,000-character file name keeps the OS reason -------------------
long=$tmp/$(printf 'n%.0s' $(seq 5000))
bad "records stats of a 5,000-character name says why" "File name too long" records stats "$long"
bad "bias --records of a 5,000-character name says why" "File name too long" bias --records "$long"
bad "tune --weights of a 5,000-character name says why" "File name too long" tune --records "$tmp/r.trd" \
    --weights "$long" --out "$tmp/t4.txt"
bad "selfplay --out of a 5,000-character name says why" "File name too long" selfplay --games 2 --seed 1 \
    --players random --out "$long" --quiet
check "the message abbreviates the name (under 400 characters)" test "$(wc -c <"$tmp/err")" -lt 400
bad "records merge --out of a 5,000-character name says why" "File name too long" records merge --out "$long" "$tmp/r.trd"

# --- messages: cannot write/read say why ----------------------------------
run bias --records "$tmp/r.trd" --report /nonexistent/r.md
check "bias --report into a missing folder names the reason" grep -q "No such file or directory" "$tmp/err"
run tune --records "$tmp/r.trd" --weights data/weights/default.txt --out /nonexistent/w.txt --positions 100 --quiet
check "tune --out into a missing folder names the reason" grep -q "No such file or directory" "$tmp/err"
run records import --format littlegolem /nonexistent/g.sgf --out "$tmp/g.trd"
check "records import of a missing file names the reason" grep -q "No such file or directory" "$tmp/err"

finish
