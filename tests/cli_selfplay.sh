#!/usr/bin/env bash
# cli_selfplay.sh BINARY — command-line tests of triad selfplay and triad
# records: determinism across thread counts, kill -9 and --resume against
# an uninterrupted run, torn and corrupt blocks, shards and merge, the
# LittleGolem import and export, and bad input (exit 2, one line on stderr).
# Random players keep it fast.  Prints "ok - ..." / "not ok - ..." per
# check and ends with "N passed, N failed"; exits non-zero on any failure.
set -u
bin=${1:?usage: tests/cli_selfplay.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_selfplay.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
FIXED_POS=cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC

sorted_cat() { "$bin" records cat "$@" | sort -n; }
sp() { "$bin" selfplay --players random --quiet "$@"; }

# --- determinism and the file ------------------------------------------------
sp --games 300 --seed 5 --threads 1 --out "$tmp/t1.rec" --block-games 50
sp --games 300 --seed 5 --threads 2 --out "$tmp/t2.rec" --block-games 50
check "threads 1 and 2 play the same games" cmp -s <(sorted_cat "$tmp/t1.rec") <(sorted_cat "$tmp/t2.rec")
check "300 games, ids 0..299" test "$(sorted_cat "$tmp/t1.rec" | cut -d' ' -f1 | tr '\n' ' ')" = "$(seq -s' ' 0 299) "
sp --games 300 --seed 6 --threads 2 --out "$tmp/t3.rec"
check "another seed, other games" test "$(sorted_cat "$tmp/t3.rec" | md5sum)" != "$(sorted_cat "$tmp/t1.rec" | md5sum)"
run records verify "$tmp/t1.rec"
check "verify passes a good file" test "$rc" -eq 0 -a "$(cat "$tmp/out")" = "$tmp/t1.rec: 300 games, ok"
run records stats --json "$tmp/t1.rec"
check "stats --json" grep -q '^{"games":300,"seat0_score":0\.[0-9]*,"white_score":0\.[0-9]*,"finished":300,"mean_turns":[0-9.]*,"bytes_per_game":[0-9.]*,"by_setup":{"random":{"games":300,"finished":300,"seat0_score":[0-9.]*,"white_score":[0-9.]*}},"endings":{"trinity":[0-9]*,"no_capture":[0-9]*,"unfinished":0},"game":"tzaar","players":2,"seats":\[.*\],"ties":0,"point_ties":0,"interval":"wilson","clusters":300,"duplicates":0}$' "$tmp/out"
run records cat "$tmp/t1.rec"
check "cat: one line per game in rules notation" grep -qE '^[0-9]+ random random random (1-0|0-1) (trinity|no_capture) [0-9]+ : [A-I][1-9]x[A-I][1-9] ' "$tmp/out"
run selfplay --players random --games 20 --seed 1 --out "$tmp/p.rec" --threads 1
check "a plain status line when stderr is not a terminal" grep -q '^selfplay: 20 games in' "$tmp/err"
sp --games 40 --seed 2 --paired --setup tournament --out "$tmp/pair.rec"
check "paired tournament: odd ids swapped" test "$(sorted_cat "$tmp/pair.rec" | awk '$1 % 2 == 1 && $2 != "tournament,swapped"' | wc -l)" -eq 0
check "paired tournament verifies" "$bin" records verify "$tmp/pair.rec" >/dev/null

# --- kill -9 and resume --------------------------------------------------------
# The kill comes once the first block is on disk (polled, not slept for), and
# the checks make sure it really cut the run short: a run that finished first,
# or a file with no game, would test nothing, so either fails here.  The
# binary runs in the background itself, not inside a function (whose
# subshell kill -9 would stop while triad went on writing).
args=(--games 20000 --seed 9 --threads 2 --block-games 100 --flush-seconds 1000)
sp "${args[@]}" --out "$tmp/whole.rec"
"$bin" selfplay --players random --quiet "${args[@]}" --out "$tmp/killed.rec" &
pid=$!
# The first block is on disk once the file has grown by more than 1 KiB past
# its first size (the header; a 100-game block is several KiB), read with
# stat: a records stats per poll cost the sanitizer build over a second, and
# the whole run ended meanwhile (killed in its exit, all 20000 games kept).
size0=
for _ in $(seq 4000); do
    size=$(stat -c %s "$tmp/killed.rec" 2>/dev/null || echo 0)
    if [ -z "$size0" ]; then
        [ "$size" -gt 0 ] && size0=$size
    elif [ "$size" -gt $((size0 + 1024)) ]; then
        break
    fi
    kill -0 $pid 2>/dev/null || break
    sleep 0.005
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
killed_rc=$?
killed_games=$(sorted_cat "$tmp/killed.rec" 2>/dev/null | wc -l)
check "kill -9 stopped triad itself while the run was going (exit status $killed_rc)" test "$killed_rc" -eq 137
check "the killed file holds some games, fewer than the run's 20000 ($killed_games)" \
    test "$killed_games" -gt 0 -a "$killed_games" -lt 20000
run records verify "$tmp/killed.rec"
check "a killed run's file holds only whole blocks, or a torn tail" test "$rc" -eq 0 -o "$rc" -eq 3 -o "$(grep -c torn "$tmp/err")" -eq 1
sp "${args[@]}" --out "$tmp/killed.rec" --resume
check "kill -9 then --resume: the uninterrupted run's games" cmp -s <(sorted_cat "$tmp/killed.rec") <(sorted_cat "$tmp/whole.rec")
check "and it verifies" "$bin" records verify "$tmp/killed.rec" >/dev/null

# --- SIGTERM, SIGINT, SIGHUP: the finished games are kept (issue 18, item 10) ----
# Slurm sends SIGTERM at a time limit or a pre-emption.  A run stopped by a
# signal writes and syncs every game it had finished, says how many, and
# ends by the signal; --flush-seconds 1000 and 65536-game blocks would
# otherwise leave everything since the last full block unwritten.  The run
# is far too long to finish first; the signal comes once the progress
# report has counted games (polled, not slept for).  No timing is asserted.
# stopped SIG LOG: the games the stop line reports, or -1.
stopped() { sed -n "s/^triad [a-z]*: stopped by $1: \([0-9]*\) of [0-9]* games in .*/\1/p" "$2" | grep . || echo -1; }
sigrun() { # SIG WAIT-FOR-REGEX FILE COMMAND...: runs the command in the background, signals it, waits
    local sig=$1 want=$2 file=$3
    shift 3
    rm -f "$file" "$tmp/sig.err"
    # a status line every 0.3 s, not 5: the run would play (and the checks
    # replay) 5 s of games on 2 threads before the signal
    TRIAD_PROGRESS_SECONDS=0.3 "$bin" "$@" 2>"$tmp/sig.err" &
    local pid=$!
    for _ in $(seq 3000); do
        grep -qE "$want" "$tmp/sig.err" 2>/dev/null && break
        kill -0 $pid 2>/dev/null || break
        sleep 0.01
    done
    kill -"$sig" $pid 2>/dev/null
    wait $pid 2>/dev/null
    sig_rc=$?
}
long=(--games 50000000 --seed 3 --threads 2 --block-games 65536 --flush-seconds 1000)
# TRIAD_PROGRESS_SECONDS: the period of the plain status lines, checked at start
for v in 0 abc 1e9 nan 0x10; do
    TRIAD_PROGRESS_SECONDS=$v "$bin" selfplay --players random --games 5 --seed 1 --out "$tmp/pe.rec" >"$tmp/out" 2>"$tmp/err"
    check "TRIAD_PROGRESS_SECONDS=$v is refused in one line, exit 2, nothing written" \
        test $? -eq 2 -a "$(cat "$tmp/err")" = "triad: TRIAD_PROGRESS_SECONDS='$v' is not a number of seconds from 0.01 to 86400" -a ! -e "$tmp/pe.rec"
done
sigrun TERM '^selfplay: [1-9][0-9]*/' "$tmp/term.rec" selfplay --players random "${long[@]}" --out "$tmp/term.rec"
reported=$(sed -n 's#^selfplay: \([0-9]*\)/.*#\1#p' "$tmp/sig.err" | tail -1)
said=$(stopped SIGTERM "$tmp/sig.err")
on_disk=$("$bin" records stats --json "$tmp/term.rec" 2>/dev/null | sed -n 's/^{"games":\([0-9]*\),.*/\1/p')
check "SIGTERM: selfplay ends by the signal (exit status $sig_rc)" test "$sig_rc" -eq 143
check "SIGTERM: it says how many games it kept ($said)" test "$said" -gt 0
check "SIGTERM: every game it reported finished is on disk (reported ${reported:-none}, stop line $said, on disk ${on_disk:-none})" \
    test -n "$reported" -a -n "$on_disk" -a "${on_disk:-0}" -eq "$said" -a "${reported:-0}" -le "${on_disk:-0}"
run records verify "$tmp/term.rec"
check "SIGTERM: the file holds whole blocks only (incomplete, not torn)" \
    test "$(grep -c 'INCOMPLETE' "$tmp/out")" -eq 1 -a "$(grep -c -i 'torn\|corrupt' "$tmp/out" "$tmp/err" | awk -F: '{ s += $2 } END { print s }')" -eq 0
# set -m and defsig (lib.sh): a script's background job would otherwise ignore
# SIGINT (POSIX), and so would all it starts if the suite runs in the background.
for sig in INT HUP; do
    rm -f "$tmp/$sig.rec"
    set -m
    "${defsig[@]}" "$bin" selfplay --players random --quiet "${long[@]}" --out "$tmp/$sig.rec" 2>"$tmp/sig.err" &
    pid=$!
    set +m
    for _ in $(seq 3000); do # the header is on disk: the writer has started
        [ -s "$tmp/$sig.rec" ] && break
        kill -0 $pid 2>/dev/null || break
        sleep 0.01
    done
    sleep 0.2 # some games finished (not needed for the check: 0 kept games would be reported too)
    kill -$sig $pid 2>/dev/null
    wait $pid 2>/dev/null
    sig_rc=$?
    said=$(stopped SIG$sig "$tmp/sig.err")
    on_disk=$("$bin" records stats --json "$tmp/$sig.rec" 2>/dev/null | sed -n 's/^{"games":\([0-9]*\),.*/\1/p')
    check "SIG$sig: selfplay keeps what it finished, even with --quiet (stop line $said, on disk ${on_disk:-none}; exit $sig_rc)" \
        test "$said" -ge 0 -a "${on_disk:--2}" -eq "$said" -a "$sig_rc" -eq $((128 + $(kill -l $sig)))
done
# match into a records file is the same writer.
sigrun TERM '^match: [1-9][0-9]*/' "$tmp/match.rec" match --a random --b random --games 50000000 --threads 2 \
    --out "$tmp/match.rec"
said=$(stopped SIGTERM "$tmp/sig.err")
on_disk=$("$bin" records stats --json "$tmp/match.rec" 2>/dev/null | sed -n 's/^{"games":\([0-9]*\),.*/\1/p')
check "SIGTERM: match --out keeps its finished games (stop line $said, on disk ${on_disk:-none}; exit $sig_rc)" \
    test "$said" -gt 0 -a "${on_disk:--2}" -eq "$said" -a "$sig_rc" -eq 143

# --- torn and corrupt blocks ---------------------------------------------------
cp "$tmp/t1.rec" "$tmp/torn.rec"
truncate -s -30 "$tmp/torn.rec"
run records verify "$tmp/torn.rec"
check "verify names a torn block" test "$rc" -eq 1 -a "$(grep -c 'torn block at offset' "$tmp/err")" -eq 1
run records stats --json "$tmp/torn.rec"
check "stats reads the whole blocks of a torn file" grep -q '"games":250,' "$tmp/out"
sp --games 300 --seed 5 --threads 2 --out "$tmp/torn.rec" --block-games 50 --resume
check "resume completes a torn file" cmp -s <(sorted_cat "$tmp/torn.rec") <(sorted_cat "$tmp/t1.rec")
cp "$tmp/t1.rec" "$tmp/corrupt.rec"
printf '\377\377\377\377' | dd of="$tmp/corrupt.rec" bs=1 seek=3000 conv=notrunc 2>/dev/null
run records verify "$tmp/corrupt.rec"
check "verify names a corrupt block" test "$rc" -eq 1 -a "$(grep -c 'block at offset' "$tmp/err")" -eq 1
check "the other blocks still read" test "$(sorted_cat "$tmp/corrupt.rec" 2>/dev/null | wc -l)" -eq 250
run selfplay --players random --games 300 --seed 5 --out "$tmp/corrupt.rec" --resume --quiet
check "resume refuses a file with a bad block before good ones" test "$rc" -eq 2

# --- shards and merge ------------------------------------------------------------
for k in 0 1 2; do sp --games 300 --seed 5 --shard $k/3 --out "$tmp/s$k.rec"; done
check "shards are disjoint" test "$(cat <(sorted_cat "$tmp/s0.rec") <(sorted_cat "$tmp/s1.rec") <(sorted_cat "$tmp/s2.rec") | wc -l)" -eq 300
run records merge --out "$tmp/merged.rec" "$tmp/s2.rec" "$tmp/s0.rec" "$tmp/s1.rec" "$tmp/s1.rec"
check "merge drops duplicates" grep -q '300 games into .* (100 duplicates dropped)' "$tmp/err"
check "merged shards = the single-machine run" cmp -s <(sorted_cat "$tmp/merged.rec") <(sorted_cat "$tmp/t1.rec")
check "the merged file verifies" "$bin" records verify "$tmp/merged.rec" >/dev/null
bad "merge refuses shards of different runs" "--seed 6 in" records merge --out "$tmp/m2.rec" "$tmp/s0.rec" "$tmp/t3.rec"
check "and writes nothing" test ! -e "$tmp/m2.rec"
bad "merge never overwrites" "exists" records merge --out "$tmp/merged.rec" "$tmp/s0.rec"

# --- LittleGolem ---------------------------------------------------------------
cat >"$tmp/lg.txt" <<LG
(;FF[TZAAR]VA[STANDARD]EV[test]PB[bob]PW[alice]POS[$FIXED_POS]
;W[kokp];B[lplo-pass];W[molo-lnlo])
(;FF[TZAAR]VA[RANDOM]PW[carol]PB[dave]POS[$FIXED_POS];W[kokp])
LG
run records import --format littlegolem "$tmp/lg.txt" --out "$tmp/lg.rec"
check "import two hand-written records" test "$rc" -eq 0
run records cat "$tmp/lg.rec"
check "import: actions, pass, players, fixed setup" grep -qx '0 fixed lg:alice lg:bob \* unfinished 3 : A5xA4 B4xB5 pass C5xB5 B6+B5' "$tmp/out"
"$bin" records export --format littlegolem "$tmp/t1.rec" >"$tmp/t1.lg"
check "export: one record per game" test "$(grep -c '^(;FF\[TZAAR\]VA\[RANDOM\].*POS\[[a-cA-C]\{60\}\];W\[[k-s]\{4\}\];B\[' "$tmp/t1.lg")" -eq 300
check "some game ends after a turn's first action" grep -q ';[WB]\[[k-s]\{4\}\])$' "$tmp/t1.lg"
"$bin" records import --format littlegolem "$tmp/t1.lg" --out "$tmp/back.rec" 2>/dev/null
check "export then import: the same actions and results" cmp -s \
    <(sorted_cat "$tmp/t1.rec" | cut -d' ' -f1,5-) <(sorted_cat "$tmp/back.rec" | cut -d' ' -f1,5-)
printf '(;POS[%s];W[kokp];B[kokp])\n' $FIXED_POS >"$tmp/ill.txt"
bad "import names the file, game and turn of an illegal action" "ill.txt: game 1: turn 2: illegal action 'kokp'" \
    records import --format littlegolem "$tmp/ill.txt" --out "$tmp/ill.rec"
check "and keeps no output" test ! -e "$tmp/ill.rec"

# --- bad input -----------------------------------------------------------------
echo "not records" >"$tmp/garbage.rec"
bad "missing file" "No such file" records stats "$tmp/none.rec"
bad "garbage file" "not a triad records file" records cat "$tmp/garbage.rec"
bad "garbage file, verify" "not a triad records file" records verify "$tmp/garbage.rec"
bad "no file" "no FILE" records stats
bad "unknown subcommand" "unknown subcommand" records frob
bad "unknown option" "unknown option" records stats --frob "$tmp/t1.rec"
bad "bad --games" "bad number for --games" selfplay --games x --players random --seed 1 --out "$tmp/x.rec"
run selfplay --games 2 --players random --out "$tmp/noseed.rec" --quiet
# Sorted: the file holds the games in the order the workers finish them.
check "no --seed: the run's seed is 1 (every command's default)" test "$rc" -eq 0 -a \
    "$(sorted_cat "$tmp/noseed.rec" | md5sum)" = "$("$bin" selfplay --games 2 --players random --seed 1 \
    --out "$tmp/seed1.rec" --quiet && sorted_cat "$tmp/seed1.rec" | md5sum)"
bad "missing --out" "--out FILE is required" selfplay --games 2 --players random --seed 1
bad "bad --shard" "bad --shard" selfplay --games 2 --players random --seed 1 --shard 3/2 --out "$tmp/x.rec"
bad "odd --paired" "even --games" selfplay --games 3 --paired --players random --seed 1 --out "$tmp/x.rec"
bad "bad player" "unknown player" selfplay --games 2 --players nobody --seed 1 --out "$tmp/x.rec"
bad "bad setup" "unknown setup" selfplay --games 2 --players random --setup round --seed 1 --out "$tmp/x.rec"
bad "both --players and --white" "not both" selfplay --games 2 --players random --white random --seed 1 --out "$tmp/x.rec"
bad "never overwrites without --resume or --force" "exists" selfplay --games 300 --players random --seed 5 --out "$tmp/t1.rec"
bad "--resume with other parameters names the difference" "--seed 6 in this command, 5 in" \
    selfplay --games 300 --players random --seed 6 --out "$tmp/t1.rec" --resume
bad "--resume with a smaller --games is refused (a run grows, never shrinks)" "a run can grow, not shrink" \
    selfplay --games 200 --players random --seed 5 --out "$tmp/t1.rec" --resume
bad "--resume of a garbage file" "not a triad records file" selfplay --games 2 --players random --seed 1 --out "$tmp/garbage.rec" --resume
run selfplay --games 20 --players random --seed 1 --out "$tmp/t1.rec" --force --quiet
check "--force overwrites" test "$rc" -eq 0 -a "$("$bin" records cat "$tmp/t1.rec" | wc -l)" -eq 20
check "--quiet is quiet" test ! -s "$tmp/err"

# ---- --positions and the opening classes (issue 21, item 4) ----
# legal --classes: the fixed setup's 42 openings fall into 14 classes of 3
run legal --setup fixed --classes
check "legal --classes: the fixed setup's 42 openings in 14 classes" \
    test "$(wc -l <"$tmp/out")" -eq 42 -a "$(cut -d' ' -f2 "$tmp/out" | sort -u | wc -l)" -eq 14
check "legal --classes: every class holds 3 openings" \
    test "$(cut -d' ' -f2 "$tmp/out" | sort | uniq -c | awk '$1 != 3' | wc -l)" -eq 0
check "legal --classes: a class is named by its first action" \
    sh -c "awk '!(\$2 in seen) { seen[\$2] = 1; if (\$1 != \$2) exit 1 }' '$tmp/out'"
run legal --setup fixed --classes --json
check "legal --classes --json: actions and classes" grep -q '^{"actions":\["A5xA4",.*\],"classes":\["A5xA4",' "$tmp/out"
bad "legal --classes on a game without symmetries" "no symmetry capability" legal --game race3 --classes
# selfplay --positions: every opening class played from its position
"$bin" legal --setup fixed --classes | cut -d' ' -f2 | sort -u | while read -r a; do
    "$bin" show --setup fixed --actions "$a" | tail -1
done >"$tmp/openings.txt"
check "the 14 classes' positions" test "$(sort -u "$tmp/openings.txt" | wc -l)" -eq 14
status "selfplay --positions plays the list" 0 selfplay --games 28 --players ab:depth=1 --positions "$tmp/openings.txt" \
    --seed 3 --threads 2 --quiet --out "$tmp/open.trd"
run records verify "$tmp/open.trd"
check "--positions: the run verifies" test "$rc" -eq 0
check "--positions: game k starts from line k mod 14" sh -c "
    '$bin' records export '$tmp/open.trd' --format jsonl | sed 's/.*\"id\":\([0-9]*\),.*\"start\":\"\([^\"]*\)\".*/\1 \2/' |
    awk 'NR == FNR { pos[NR - 1] = \$0; next } { id = \$1; sub(/^[0-9]* /, \"\"); if (\$0 != pos[id % 14]) exit 1; n++ }
         END { exit n != 28 }' '$tmp/openings.txt' -"
run records stats "$tmp/open.trd"
check "--positions: records stats names the start list, not a setup kind" grep -q '^setup positions: games 28 ' "$tmp/out"
run records info "$tmp/open.trd"
check "--positions: records info shows the list and its checksum" \
    grep -qE '^  starts +a list of 14 positions \(--positions; checksum [0-9a-f]{16}\)$' "$tmp/out"
run records export "$tmp/open.trd" --format jsonl
check "--positions: export says \"setup\":\"positions\"" test "$(grep -c '"setup":"positions"' "$tmp/out")" -eq 28
run bias "$tmp/open.trd" "$tmp/t1.rec"
check "--positions: bias leaves the list's games out of the setup kinds, and says so" \
    sh -c "grep -q 'open.trd: 28 games start from a position list (--positions), not from a setup kind: left out' '$tmp/err' &&
           ! grep -q '^ *random *48 ' '$tmp/out'"
head -3 "$tmp/openings.txt" >"$tmp/three.txt"
bad "--positions: resuming with another list" "positions" selfplay --games 28 --players ab:depth=1 \
    --positions "$tmp/three.txt" --seed 3 --threads 2 --quiet --out "$tmp/open.trd" --resume
bad "--positions with --setup" "give --setup or --positions, not both" selfplay --games 2 --players random \
    --positions "$tmp/three.txt" --setup fixed --out "$tmp/x.trd"
echo "not a position" >"$tmp/junk.txt"
bad "--positions: a bad line" "junk.txt:1:" selfplay --games 2 --players random --positions "$tmp/junk.txt" \
    --out "$tmp/x.trd"

finish
