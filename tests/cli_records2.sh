#!/usr/bin/env bash
# cli_records2.sh BINARY — command-line tests of the records semantics that
# issue 8 found wrong: player specs compared in canonical form on --resume
# (item 7), games read twice dropped and concatenated files read run by run
# (item 8), merge and verify exiting 3 on a run with missing games (item 9),
# imported player names kept whole or refused and quoted by records cat
# (item 12), and the LittleGolem importer's messages.  Each check is named
# after its defect.  Random players and ab:depth=1 keep it fast.  Prints
# "ok - ..." / "not ok - ..." per check and ends with "N passed, N failed";
# exits non-zero on any failure.
set -u
bin=${1:?usage: tests/cli_records2.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_records2.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
sample=$here/../data/records/ab2-random-200.trd

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
FIXED_POS=cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC

sp() { "$bin" selfplay --quiet "$@" 2>"$tmp/err"; }
games_of() { "$bin" records cat "$1" 2>/dev/null | sort -n | cut -d' ' -f1,5-; }

# --- item 7: canonical player specs on --resume --------------------------------
sp --games 4 --white ab:depth=1 --black random --seed 3 --out "$tmp/c7.trd"
status "resume_accepts_a_spec_with_its_default_filled_in (ab:depth=1 vs ab:depth=1,tt=16)" 0 \
    selfplay --quiet --games 4 --white ab:depth=1,tt=16 --black random --seed 3 --out "$tmp/c7.trd" --resume
status "resume_accepts_a_spec_with_its_keys_reordered (ab:tt=16,depth=1)" 0 \
    selfplay --quiet --games 4 --white ab:tt=16,depth=1 --black random --seed 3 --out "$tmp/c7.trd" --resume
bad "resume_still_refuses_another_player (ab:depth=2)" "White's player" \
    selfplay --quiet --games 4 --white ab:depth=2 --black random --seed 3 --out "$tmp/c7.trd" --resume
bad "resume_still_refuses_another_tt (ab:depth=1,tt=32)" "White's player" \
    selfplay --quiet --games 4 --white ab:depth=1,tt=32 --black random --seed 3 --out "$tmp/c7.trd" --resume
run records cat "$tmp/c7.trd"
check "records_store_canonical_specs" grep -q '^[0-9]* random ab:depth=1,noise=0,tt=16 random ' "$tmp/out"
# The sample was written by an older triad with the spec as typed ("ab:depth=2"),
# and by an older engine (signature e50f0fccc55a415a, before the symmetric
# search of issue 10), so its games are no longer replayed: the spec as typed
# and its canonical form play the same games, and those are pinned by checksum
# (update the pin only with the engine signature).
sp --games 200 --players ab:depth=2 --seed 1 --paired --shard 0/50 --out "$tmp/c7s.trd"
sp --games 200 --players ab:depth=2,noise=0,tt=16 --seed 1 --paired --shard 0/50 --out "$tmp/c7c.trd"
check "canonical_spec_plays_the_same_games_as_the_old_spec (ids 0 1 100 101)" cmp -s \
    <(games_of "$tmp/c7s.trd") <(games_of "$tmp/c7c.trd")
check "those_games_are_pinned (engine signature 758389fbadf5b055)" \
    test "$(games_of "$tmp/c7s.trd" | cksum)" = "1226459660 1283"
cp "$sample" "$tmp/old.trd"
bad "resume_of_a_format_1_file_is_refused (upgrade it first)" "written in format 1: \`triad records upgrade\` it first" \
    selfplay --quiet --games 200 --players ab:depth=2 --seed 1 --paired --out "$tmp/old.trd" --resume
check "and it leaves the file alone" cmp -s "$sample" "$tmp/old.trd"

# --- issue 19 item 4: TZAAR's specs on the shared rails ------------------------------
# tests/fixtures/tzaar-wsum.trd was written by main before issue 19 (commit
# 4cf1780: selfplay --game tzaar --games 4 --seed 5 --seat
# 0=greedy:weights=data/weights/handset.txt --seat 1=random): its spec has the
# old checksum wsum=d9f19c68 where specs now have the file's wcrc=87124ae8.
# No file under data/records/ names a TZAAR weights file, hence the fixture.
# Its header's engine signature is set to the engine's of the day whenever
# that changes (last: 758389fbadf5b055, issue 20's static horizon; a
# header-only patch, recompressed and its CRC recomputed): its games, greedy
# with the hand-set weights against random, do not depend on the default
# weights or the search.
wsum=$here/fixtures/tzaar-wsum.trd
cp "$wsum" "$tmp/w.trd"
status "wsum_record_resumes_with_the_same_players (--games 4 -> 8)" 0 \
    selfplay --quiet --games 8 --seed 5 --seat 0=greedy:weights=data/weights/handset.txt --seat 1=random \
    --out "$tmp/w.trd" --resume
check "wsum_record_keeps_its_games" cmp -s <(games_of "$wsum") <(games_of "$tmp/w.trd" | head -4)
sp --games 8 --seed 5 --seat 0=greedy:weights=data/weights/handset.txt --seat 1=random --out "$tmp/wn.trd"
check "a_new_run_stores_wcrc" grep -q "greedy:wcrc=87124ae8,weights=data/weights/handset.txt" <("$bin" records info "$tmp/wn.trd")
check "the_resumed_file_has_the_new_runs_games" cmp -s <(games_of "$tmp/w.trd") <(games_of "$tmp/wn.trd")
status "wsum_record_merges_with_a_new_run" 0 records merge "$wsum" "$tmp/wn.trd" --out "$tmp/wm.trd"
run records stats --json "$wsum" "$tmp/wn.trd"
check "wsum_record_and_new_run_are_one_run_for_dedup (4 duplicates)" grep -q '"duplicates":4}$' "$tmp/out"
bad "wsum_record_still_refuses_other_weights" "player" \
    selfplay --quiet --games 8 --seed 5 --seat 0=greedy:weights=data/weights/default.txt --seat 1=random \
    --out "$tmp/w.trd" --resume
# weights=default: the game's file (data/weights/default.txt, the built-in
# weights), so the same games as no weights= at all.
sp --games 4 --seed 2 --players ab:depth=1,weights=default --out "$tmp/wd.trd"
sp --games 4 --seed 2 --players ab:depth=1 --out "$tmp/wb.trd"
check "tzaar_ab_takes_weights_default" grep -q "ab:depth=1,noise=0,tt=16,wcrc=fcd8bebb,weights=default" \
    <("$bin" records info "$tmp/wd.trd")
check "weights_default_plays_the_built_in_weights" cmp -s <(games_of "$tmp/wd.trd" | cut -d' ' -f4-) \
    <(games_of "$tmp/wb.trd" | cut -d' ' -f4-)
# The committed sample (format 1, specs as typed: ab:depth=2) through the one
# canonicaliser: read twice, every game is a duplicate.
run records stats --json "$sample" "$sample"
check "committed_sample_read_twice_is_one_run (200 duplicates)" grep -q '"duplicates":200}$' "$tmp/out"

# --- item 8: duplicates and concatenated files ------------------------------------
sp --games 6 --players random --seed 1 --out "$tmp/a.trd"
sp --games 6 --players random --seed 2 --out "$tmp/b.trd"
run records stats --json "$tmp/a.trd" "$tmp/a.trd"
check "stats_counts_a_file_given_twice_once" grep -q '^{"games":6,.*"duplicates":6}$' "$tmp/out"
check "stats_says_how_many_duplicates_it_dropped" grep -q '6 duplicate games dropped' "$tmp/err"
cat "$tmp/a.trd" "$tmp/a.trd" >"$tmp/aa.trd"
run records stats --json "$tmp/aa.trd"
check "stats_counts_duplicated_blocks_once (cat a a)" test "$rc" -eq 0 -a "$(grep -c '^{"games":6,.*"duplicates":6}$' "$tmp/out")" -eq 1
sp --games 40 --players random --seed 4 --paired --out "$tmp/p.trd"
run bias --records "$tmp/p.trd" --json
figures() { sed 's/"duplicates":[0-9]*,//; s/"runs":.*"runs_not_listed":[0-9]*,//' "$tmp/out"; } # not the runs read
figures >"$tmp/bias1"
run bias --records "$tmp/p.trd" --records "$tmp/p.trd" --json
figures >"$tmp/bias2"
check "bias_counts_a_file_given_twice_once" cmp -s "$tmp/bias1" "$tmp/bias2"
check "bias_says_how_many_duplicates_it_dropped" grep -q '^{"duplicates":40,' "$tmp/out"
run tune --records "$tmp/p.trd" --records "$tmp/p.trd" --weights "$here/../data/weights/default.txt" \
    --out "$tmp/w.txt" --json --quiet
check "tune_counts_a_file_given_twice_once" grep -q '^{"games":40,"duplicates":40,' "$tmp/out"
cat "$tmp/a.trd" "$tmp/b.trd" >"$tmp/ab.trd"
run records verify "$tmp/ab.trd"
check "concatenated_runs_are_read_each_under_its_own_header (verify)" test "$rc" -eq 0 -a \
    "$(grep -c ': 6 games, ok$' "$tmp/out")" -eq 2
run records stats --json "$tmp/ab.trd"
check "concatenated_runs_are_read_each_under_its_own_header (stats)" test "$rc" -eq 0 -a \
    "$(grep -c '^{"games":12,.*"duplicates":0}$' "$tmp/out")" -eq 1
check "concatenated_runs_give_the_games_of_each_run (cat)" cmp -s \
    <("$bin" records cat "$tmp/ab.trd") <(cat <("$bin" records cat "$tmp/a.trd") <("$bin" records cat "$tmp/b.trd"))
cp "$tmp/ab.trd" "$tmp/ab2.trd"
bad "resume_refuses_a_concatenated_file" "runs' headers" \
    selfplay --quiet --games 6 --players random --seed 1 --out "$tmp/ab2.trd" --resume
sp --games 10 --players random --seed 5 --shard 0/2 --out "$tmp/s0.trd"
sp --games 10 --players random --seed 5 --shard 1/2 --out "$tmp/s1.trd"
sp --games 10 --players random --seed 5 --out "$tmp/whole.trd"
cat "$tmp/s0.trd" "$tmp/s1.trd" >"$tmp/s01.trd"
status "merge_reads_concatenated_shards_each_under_its_own_header" 0 records merge --out "$tmp/m01.trd" "$tmp/s01.trd"
check "and gives the whole run" cmp -s <(games_of "$tmp/m01.trd") <(games_of "$tmp/whole.trd")
bad "merge_refuses_a_concatenation_of_different_runs" "different runs" records merge --out "$tmp/mab.trd" "$tmp/ab.trd"
check "and keeps no partial output" test ! -e "$tmp/mab.trd"

# --- item 9: merge and verify on a run with missing games -------------------------
status "merge_exits_3_when_games_of_the_run_are_missing" 3 records merge --out "$tmp/part.trd" "$tmp/s0.trd"
check "and says so" grep -q "missing" "$tmp/err"
status "merge_allow_incomplete_exits_0" 0 records merge --out "$tmp/part2.trd" "$tmp/s0.trd" --allow-incomplete
status "verify_exits_3_on_a_run_with_missing_games" 3 records verify "$tmp/part2.trd"
check "and says INCOMPLETE" grep -q "incomplete: the run has 10" "$tmp/out"
status "verify_allow_incomplete_exits_0" 0 records verify "$tmp/part2.trd" --allow-incomplete
status "merge_exits_0_on_complete_shards" 0 records merge --out "$tmp/full.trd" "$tmp/s0.trd" "$tmp/s1.trd"
status "verify_exits_0_on_a_complete_run" 0 records verify "$tmp/full.trd"
status "verify_exits_0_on_a_complete_shard" 0 records verify "$tmp/s0.trd"
run records merge --help
check "merge_help_documents_exit_3" grep -q "exit status.*3\|is 3" "$tmp/out"
run records verify --help
check "verify_help_documents_exit_3" grep -q "else 3 when games" "$tmp/out"

# --- item 12: imported player names ----------------------------------------------
lg() { printf '(;FF[TZAAR]PW[%s]PB[bob]POS[%s];W[kokp])\n' "$1" $FIXED_POS; }
lg "$(printf 'al\nice')" >"$tmp/nl.txt"
bad "import_refuses_a_name_with_a_newline" "control character" records import --format littlegolem "$tmp/nl.txt" --out "$tmp/nl.trd"
lg "$(printf 'al\tice')" >"$tmp/tab.txt"
bad "import_refuses_a_name_with_a_tab" "PW[al\\tice] holds a control character" \
    records import --format littlegolem "$tmp/tab.txt" --out "$tmp/tab.trd"
long=$(printf 'n%.0s' $(seq 130))
lg "$long" >"$tmp/long.txt"
bad "import_refuses_a_name_too_long_for_a_records_file_instead_of_cutting_it" "is 130 bytes" \
    records import --format littlegolem "$tmp/long.txt" --out "$tmp/long.trd"
fits=$(printf 'n%.0s' $(seq 124))
lg "$fits" >"$tmp/fits.txt"
run records import --format littlegolem "$tmp/fits.txt" --out "$tmp/fits.trd"
run records cat "$tmp/fits.trd"
check "import_keeps_a_124_byte_name_whole (not cut at 120)" grep -q "^0 fixed lg:$fits lg:bob " "$tmp/out"
lg 'Jo Smith' >"$tmp/sp.txt"
run records import --format littlegolem "$tmp/sp.txt" --out "$tmp/sp.trd"
run records cat "$tmp/sp.trd"
check "records_cat_quotes_a_name_with_a_space" grep -qx '0 fixed "lg:Jo Smith" lg:bob \* unfinished 1 : A5xA4' "$tmp/out"
lg 'say "hi"' >"$tmp/q.txt"
run records import --format littlegolem "$tmp/q.txt" --out "$tmp/q.trd"
run records cat "$tmp/q.trd"
check "records_cat_escapes_quotes_in_a_quoted_name" grep -qF '0 fixed "lg:say \"hi\"" lg:bob' "$tmp/out"

# --- the LittleGolem importer's messages ---------------------------------------
printf '(;PW[a]POS[%s];W[kokp];B[s\n(;FF[TZAAR]PW[b]POS[%s];W[kokp])\n' $FIXED_POS $FIXED_POS >"$tmp/unt.txt"
bad "import_says_unterminated_value_not_bad_action" "unterminated value B[" \
    records import --format littlegolem "$tmp/unt.txt" --out "$tmp/unt.trd"
printf '(;PW[a]POS[%s];W[kokp' $FIXED_POS >"$tmp/eof.txt"
bad "import_says_unterminated_value_at_the_end_of_the_file" "no ']' before the end of the file" \
    records import --format littlegolem "$tmp/eof.txt" --out "$tmp/eof.trd"
printf '(;PW[a]GC[%s]POS[%s];W[kokp])\n' "$(printf 'c%.0s' $(seq 600))" $FIXED_POS >"$tmp/gc.txt"
status "import_accepts_a_long_comment (only values it reads must fit)" 0 \
    records import --format littlegolem "$tmp/gc.txt" --out "$tmp/gc.trd"
printf '(;PW[a]POS[%s];W[kkkl])\n' $FIXED_POS >"$tmp/off.txt"
bad "import_says_off_the_board" "bad action 'kkkl': kk is off the board" \
    records import --format littlegolem "$tmp/off.txt" --out "$tmp/off.trd"
printf '(;PW[a]POS[%s];W[oook])\n' $FIXED_POS >"$tmp/hole.txt"
bad "import_says_the_hole" "oo is the hole at the centre of the board" \
    records import --format littlegolem "$tmp/hole.txt" --out "$tmp/hole.trd"
printf '(;PW[a]POS[%s];W[kokp])\n(;PW[b]POS[%s];W[kokp];B[kokp])\n' $FIXED_POS $FIXED_POS >"$tmp/line.txt"
bad "import_errors_name_the_game_and_its_line" "line.txt: game 2: turn 2: illegal action 'kokp' (A5xA4) (line 2, offset" \
    records import --format littlegolem "$tmp/line.txt" --out "$tmp/line.trd"

finish
