#!/usr/bin/env bash
# cli_export.sh BINARY — issue 22 items 1, 4 (what the command line adds),
# 5, and issue 18 item 22: records export --format jsonl|csv|littlegolem
# (refusals, --out written whole, --force), records info, records stats'
# game-independent keys, --version, the generated man page and bash
# completion, one vocabulary across commands (records files as operands,
# --seed's default, the default setup), and make install / uninstall of the
# library, header, pkg-config file, man page and completion (release build
# only: it runs make).  The Python module's tests (tests/cli_python.sh)
# check the export's contents against records cat and the library.
# Prints "ok - ..." / "not ok - ..." per check and "N passed, N failed".
set -u
bin=${1:?usage: tests/cli_export.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_export.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
sample=$root/data/records/ab2-random-200.trd

. "$here/lib.sh"

sp() { "$bin" selfplay --quiet "$@" >/dev/null 2>"$tmp/err"; }
sp --players random --games 6 --paired --seed 2 --out "$tmp/tz.trd"
sp --game trid --nplayers 3 --players random --rotations 3 --games 3 --seed 2 --out "$tmp/trid.trd"
sp --game talat --players random --rotations 3 --games 3 --seed 2 --out "$tmp/talat.trd"

# --- records export ------------------------------------------------------------------
bad "export_needs_a_format" "say which format: --format jsonl, csv or littlegolem" records export "$tmp/tz.trd"
bad "export_refuses_an_unknown_format" "unknown --format 'xml'" records export "$tmp/tz.trd" --format xml
bad "export_littlegolem_is_tzaars_only" "holds a trid run: trid has no records format 'littlegolem' (it has none)" \
    records export "$tmp/trid.trd" --format littlegolem
bad "export_positions_not_for_littlegolem" "--positions applies to --format jsonl and csv only" \
    records export "$tmp/tz.trd" --format littlegolem --positions
bad "export_force_needs_out" "--force applies to --out only" records export "$tmp/tz.trd" --format csv --force
run records export "$tmp/tz.trd" --format littlegolem
cp "$tmp/out" "$tmp/lg1"
# A game's formats are named by --format alone (issue 41: --littlegolem, a
# flag named after one game's format, is gone).
bad "export_has_no_littlegolem_flag" "unknown option '--littlegolem'" records export "$tmp/tz.trd" --littlegolem
bad "import_has_no_littlegolem_flag" "unknown option '--littlegolem'" records import "$tmp/lg1" --littlegolem \
    --out "$tmp/imp0.trd"
"$bin" records import "$tmp/lg1" --format littlegolem --out "$tmp/imp1.trd" 2>/dev/null
"$bin" records import --format littlegolem "$tmp/lg1" --out "$tmp/imp2.trd" 2>/dev/null
check "import_format_littlegolem_anywhere_on_the_line_is_the_same" test -s "$tmp/imp1.trd" -a \
    "$("$bin" records cat "$tmp/imp1.trd" | md5sum)" = "$("$bin" records cat "$tmp/imp2.trd" | md5sum)"
bad "import_refuses_an_unknown_format" "unknown --format 'sgf'" records import "$tmp/lg1" --format sgf --out "$tmp/i.trd"
bad "import_needs_a_format" "say which format: --format littlegolem" records import "$tmp/lg1" --out "$tmp/i.trd"
# A game's own formats (game_def.formats) are refused by name for a game
# without them, one line, exit 2, and nothing written.
bad "import_littlegolem_refused_for_talat" "--format: talat has no records format 'littlegolem' (it has none)" \
    records import "$tmp/lg1" --game talat --format littlegolem --out "$tmp/tl.trd"
check "import_refused_for_talat_writes_nothing" test ! -e "$tmp/tl.trd" -a "$(wc -l <"$tmp/err")" -eq 1
bad "import_littlegolem_refused_for_race3" "race3 has no records format 'littlegolem'" \
    records import "$tmp/lg1" --game race3 --format littlegolem --out "$tmp/r3.trd"
bad "import_refuses_an_unknown_game" "--game: unknown game 'chess'" \
    records import "$tmp/lg1" --game chess --format littlegolem --out "$tmp/c.trd"
status "import_game_tzaar_is_the_default" 0 records import "$tmp/lg1" --game tzaar --format littlegolem \
    --out "$tmp/imp3.trd"
check "import_game_tzaar_writes_the_same" cmp -s "$tmp/imp1.trd" "$tmp/imp3.trd"
run records export "$tmp/trid.trd" "$tmp/talat.trd" --format jsonl
check "export_jsonl_one_object_per_game_of_every_file" test "$rc" -eq 0 -a "$(grep -c '^{"game":"t[a-z]*",' "$tmp/out")" -eq 6
run records export "$tmp/trid.trd" --format csv
check "export_csv_header_then_one_line_per_game" test "$rc" -eq 0 -a "$(wc -l <"$tmp/out")" -eq 4 -a \
    "$(head -c 28 "$tmp/out")" = "game,rules_version,source,ru"
status "export_out_writes_a_file" 0 records export "$tmp/trid.trd" --format jsonl --out "$tmp/x.jsonl"
check "export_out_holds_the_games_and_stdout_nothing" test "$(wc -l <"$tmp/x.jsonl")" -eq 3 -a ! -s "$tmp/out"
echo precious >"$tmp/keep.jsonl"
bad "export_never_replaces_without_force" "exists" records export "$tmp/trid.trd" --format jsonl --out "$tmp/keep.jsonl"
check "export_refused_left_the_file" grep -qx precious "$tmp/keep.jsonl"
status "export_force_replaces" 0 records export "$tmp/trid.trd" --format jsonl --out "$tmp/keep.jsonl" --force
check "export_force_wrote_the_games" test "$(wc -l <"$tmp/keep.jsonl")" -eq 3
bad "export_out_may_not_be_an_input" "it is also an input" records export "$tmp/trid.trd" --format csv \
    --out "$tmp/trid.trd" --force
cp "$tmp/tz.trd" "$tmp/corrupt.trd"
printf '\377\377\377\377' | dd of="$tmp/corrupt.trd" bs=1 seek=200 conv=notrunc 2>/dev/null
run records export "$tmp/corrupt.trd" --format jsonl --out "$tmp/c.jsonl"
check "export_of_a_damaged_file_exits_1_and_keeps_no_output" test "$rc" -eq 1 -a ! -e "$tmp/c.jsonl" -a \
    "$(ls "$tmp" | grep -c 'tmp-')" -eq 0
run records export "$tmp/corrupt.trd" --format jsonl
if test "$rc" -eq 1 && grep -q 'block at offset' "$tmp/err"; then
    ok "export_to_stdout_names_the_bad_block"
else not_ok "export_to_stdout_names_the_bad_block" "a condition failed"; fi

# --- records info ------------------------------------------------------------------------
run records info "$tmp/tz.trd"
if test "$rc" -eq 0 && grep -q '^  game  *tzaar$' "$tmp/out" &&
    grep -q '^  run_seed  *2$' "$tmp/out" && grep -q '^  player 1  *random$' "$tmp/out" &&
    grep -qE '^  engine_signature  *[0-9a-f]{16}$' "$tmp/out" && grep -q '^  games  *6 present of 6 expected' "$tmp/out" &&
    grep -q '^  rotations  *2 ' "$tmp/out" && grep -q '^  setup  *random$' "$tmp/out"; then
    ok "info_names_game_seed_players_signature_and_games"
else not_ok "info_names_game_seed_players_signature_and_games" "a condition failed"; fi
# one name for one thing (issue 40 item 24): a paired run's rotation is pieces,players everywhere
sp --players random --games 4 --paired --seed 3 --out "$tmp/paired.trd"
run records info "$tmp/paired.trd"
check "info_names_a_paired_rotation_pieces_players" grep -q '^  rotations  *2 (rotate: pieces,players, --paired)$' "$tmp/out"
run records export "$tmp/paired.trd" --format jsonl
check "export_names_a_paired_rotation_pieces_players" test "$(grep -c '"rotate":"pieces,players"' "$tmp/out")" -eq 4
run bias "$tmp/paired.trd" --json
check "bias_names_a_paired_rotation_pieces_players" grep -q '"rotate":"pieces,players"' "$tmp/out"
sp --game race3 --players random --games 8 --shard 1/2 --seed 2 --out "$tmp/shard.trd"
run records info "$tmp/shard.trd" --json
check "info_json_shard_and_games_expected" grep -q '"shard":1,"shards":2,.*"games_present":4,"games_expected":4' "$tmp/out"
cat "$tmp/tz.trd" "$tmp/shard.trd" >"$tmp/cat.trd"
run records info "$tmp/cat.trd"
check "info_lists_each_run_of_a_concatenation" test "$(grep -c ', run [12]:$' "$tmp/out")" -eq 2
run records info "$sample" --json
check "info_reads_format_1" grep -q '"format":1,"game":"tzaar"' "$tmp/out"
run records info "$tmp/corrupt.trd"
if test "$rc" -eq 1 && grep -q 'bad blocks' "$tmp/out"; then
    ok "info_counts_a_bad_block_and_exits_1"
else not_ok "info_counts_a_bad_block_and_exits_1" "a condition failed"; fi
bad "info_missing_file" "nope.trd" records info "$tmp/nope.trd"

# --- records stats: keys that do not change with the game (issue 18 item 22) --------------
keys() { "$bin" records stats "$1" --json | grep -oE '"[a-z0-9_]+":' | grep -v '"white_score":' | tr -d '\n'; }
run records stats "$tmp/tz.trd" --json
check "stats_json_tzaar_seat0_score_and_white_score" grep -q '^{"games":6,"seat0_score":[0-9.]*,"white_score":' "$tmp/out"
run records stats "$tmp/trid.trd" --json
check "stats_json_trid_seat0_score" grep -q '^{"games":3,"seat0_score":[0-9.]*,"finished":3,"mean_turns"' "$tmp/out"
check "stats_json_by_setup_seat0_score" grep -q '"by_setup":{"hex5":{"games":3,"finished":3,"seat0_score":' "$tmp/out"
# the keys in order, with setup and ending names and the seats' repetition taken out
shape() {
    keys "$1" | sed -E 's/"endings":.*"unfinished":/E/; s/"by_setup":"[a-z0-9]+":/S/; s/("mean":"ci95":"ranks":)+/SEATS/'
}
check "stats_json_the_same_keys_for_every_game" test "$(shape "$tmp/talat.trd")" = "$(shape "$tmp/trid.trd")" -a \
    "$(shape "$tmp/tz.trd")" = "$(shape "$tmp/trid.trd")" -a "$(shape "$tmp/shard.trd")" = "$(shape "$tmp/trid.trd")"
run records stats --records "$tmp/trid.trd" --json
check "stats_takes_records_as_an_alias" grep -q '^{"games":3,' "$tmp/out"

# --- --version, man page, completion ---------------------------------------------------
run --version
if test "$rc" -eq 0 &&
    grep -qE '^triad [0-9]+\.[0-9]+\.[0-9]+' "$tmp/out" && grep -qE '^commit [0-9a-f]{7,}' "$tmp/out" &&
    grep -q '^build .*-O' "$tmp/out" && grep -qE '^engine signatures: tzaar [0-9a-f]{16} talat [0-9a-f]{16} trid ' "$tmp/out"; then
    ok "version_names_version_commit_build_and_signatures"
else not_ok "version_names_version_commit_build_and_signatures" "a condition failed"; fi
check "version_is_the_VERSION_file" grep -qx "triad $(cat "$root/VERSION")" "$tmp/out"
sig=$("$bin" bench --signature --game talat | grep -oE '[0-9a-f]{16}' | head -1)
run --version --json
check "version_json_and_the_signature_is_benchs" grep -q "^{\"version\":\"[0-9.]*\",\"commit\":\".*\"talat\":\"$sig\"" "$tmp/out"
run help --man
cp "$tmp/out" "$tmp/triad.1"
if test "$rc" -eq 0 && grep -q '^\.TH TRIAD 1' "$tmp/triad.1"; then
    ok "man_page_is_troff"
else not_ok "man_page_is_troff" "a condition failed"; fi
run help --completion
cp "$tmp/out" "$tmp/triad.bash"
check "completion_is_valid_bash" bash -n "$tmp/triad.bash"
# every command's every option, from its own --help, is in both
missing=
cmds="perft bench show legal selfplay play analyse engine tune match bias view solve"
for c in $cmds "records stats" "records cat" "records verify" "records merge" "records import" \
    "records export" "records info" "records upgrade"; do
    # shellcheck disable=SC2086
    for o in $("$bin" $c --help | grep -oE '^  --[a-z0-9-]+' | sed 's/^  --//'); do
        [ "$o" = help ] && continue
        grep -q "^\\\\fB\\\\-\\\\-$(printf '%s' "$o" | sed 's/-/\\\\-/g')\\\\fR" "$tmp/triad.1" || missing="$missing man:$c:--$o"
        grep -q "^        \"$c\")" "$tmp/triad.bash" &&
            sed -n "/^        \"$c\")/,/;;\$/p" "$tmp/triad.bash" | grep -q -- "--$o " || missing="$missing bash:$c:--$o"
    done
done
check "man_page_and_completion_hold_every_option_of_every_command" test -z "$missing" || echo "#   missing:$missing"
complete_words() { # the completions of the words given (the last one being completed)
    bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _triad; printf "%s\n" "${COMPREPLY[@]}"' _ \
        "$tmp/triad.bash" "$@"
}
check "completion_commands" test "$(complete_words triad sel)" = selfplay
check "completion_records_subcommands" test "$(complete_words triad records in)" = "$(printf 'info')"
check "completion_options" test "$(complete_words triad selfplay --gam | sort | tr '\n' ' ')" = "--game --games "
check "completion_game_names" test "$(complete_words triad bias --game t | sort | tr '\n' ' ')" = "talat trid tzaar "
check "completion_records_export_format" test "$(complete_words triad records export --form)" = "--format"
# the player kinds' keys (issue 40 item 19): the man page's PLAYERS section and the completion of a SPEC
check "man_page_lists_every_player_key" sh -c "grep -q '^\\.SH PLAYERS' '$tmp/triad.1' && grep -q 'playouts=1000' '$tmp/triad.1' && grep -q 'margin=100' '$tmp/triad.1'"
check "completion_player_kinds" test "$(complete_words triad play --white gr | head -2 | tr "\n" " ")" = "greedy greedy:weights= "
check "completion_player_keys_after_the_kind" test "$(complete_words triad match --a ab : de)" = "depth="
check "completion_player_keys_after_a_comma" test "$(complete_words triad selfplay --players mcts : playouts = 9 , pl | tr '\n' ' ')" = "playouts= playout= "
check "completion_help_topics" test "$(complete_words triad help ga)" = games
(cd "$tmp" && touch runfile.trd) && check "completion_files_after_out" \
    test "$(cd "$tmp" && complete_words triad selfplay --out runf)" = runfile.trd

# --- one vocabulary -------------------------------------------------------------------------
run bias "$tmp/talat.trd" --json
cp "$tmp/out" "$tmp/b1"
run bias --records "$tmp/talat.trd" --json
if test -s "$tmp/b1" && cmp -s "$tmp/out" "$tmp/b1"; then
    ok "bias_takes_records_as_operands_and_records_as_an_alias"
else not_ok "bias_takes_records_as_operands_and_records_as_an_alias" "a condition failed"; fi
bad "bias_without_files" "no records FILE given" bias --json
run tune "$sample" --out "$tmp/w.txt" --positions 2000 --quiet
check "tune_takes_records_as_operands" test "$rc" -eq 0 -a -s "$tmp/w.txt"
run view --records "$tmp/tz.trd" --out "$tmp/site"
check "view_takes_records_as_an_alias" test "$rc" -eq 0 -a "$(cat "$tmp/out")" = "6 games: $tmp/site/index.html"
run solve --records "$sample" --max-games 2 --nodes 2000 --json --quiet
cp "$tmp/out" "$tmp/s1"
run solve "$sample" --max-games 2 --nodes 2000 --json --quiet
if test "$rc" -eq 0 -a -s "$tmp/s1" && cmp -s "$tmp/out" "$tmp/s1"; then ok "solve_takes_records_as_an_operand"
else not_ok "solve_takes_records_as_an_operand" "a condition failed"; fi
run records --help
check "records_help_names_the_records_alias" grep -qF -- "--records FILE... is the same" "$tmp/out"
wrong=
for sub in cat verify info export; do
    a=$("$bin" records $sub "$tmp/talat.trd" --format jsonl 2>/dev/null | md5sum)
    [ $sub = export ] || a=$("$bin" records $sub "$tmp/talat.trd" 2>/dev/null | md5sum)
    [ $sub = export ] && b=$("$bin" records $sub --records "$tmp/talat.trd" --format jsonl 2>/dev/null | md5sum) ||
        b=$("$bin" records $sub --records "$tmp/talat.trd" 2>/dev/null | md5sum)
    [ "$a" = "$b" ] || wrong="$wrong $sub"
done
check "records_subcommands_take_the_records_alias" test -z "$wrong" || echo "#   not:$wrong"
# ... listed in each subcommand's help (so in the man page and completion),
# and as --records=FILE too, as every other option takes its value.
wrong=
for sub in cat verify info stats export merge import upgrade; do
    "$bin" records $sub --help 2>/dev/null | grep -q -- '--records FILE\.\.\.' || wrong="$wrong $sub"
done
check "records_subcommands_list_the_records_alias_in_their_help" test -z "$wrong" || echo "#   not:$wrong"
bad "records_equals_with_no_name_is_refused_by_name" "--records= needs a value (FILE...)" records cat --records= "$tmp/talat.trd"
check "records_stats_takes_records_equals_file" \
    test "$("$bin" records stats --records="$tmp/talat.trd" 2>&1 | md5sum)" = "$("$bin" records stats "$tmp/talat.trd" 2>&1 | md5sum)"
bad "solve_one_records_file" "one records FILE" solve "$sample" "$sample" --nodes 2000
bad "solve_operand_and_records" "one records FILE" solve "$sample" --records "$sample" --nodes 2000
bad "solve_operand_not_with_position" "give one of" solve "$sample" --setup random --nodes 2000
# Workers append games as they finish, so two runs of one seed hold the same games in any order.
sp --game race3 --players random --games 4 --out "$tmp/noseed.trd"
sp --game race3 --players random --games 4 --seed 1 --out "$tmp/seed1.trd"
check "selfplay_seed_defaults_to_1" cmp -s <("$bin" records cat "$tmp/noseed.trd" | sort -n) <("$bin" records cat "$tmp/seed1.trd" | sort -n)
run records info "$tmp/noseed.trd"
check "selfplay_default_seed_is_in_the_header" grep -q '^  run_seed  *1$' "$tmp/out"
run show
cp "$tmp/out" "$tmp/show0"
run show --setup random --seed 1
check "show_default_is_the_games_default_setup_with_seed_1" cmp -s "$tmp/out" "$tmp/show0"
sp --players random --games 2 --out "$tmp/default.trd"
run records info "$tmp/default.trd"
check "selfplay_default_setup_is_the_same_as_shows" grep -q '^  setup  *random$' "$tmp/out"
start=$("$bin" records cat --start "$tmp/default.trd" | awk '$1 == 0 && $2 == "start" { $1 = $2 = ""; sub(/^  /, ""); print }')
check "selfplay_game_0_starts_from_a_setup_show_can_draw" test -n "$start"
run play --players random --quiet
check "play_default_setup_and_seed" test "$rc" -eq 0
bad "show_seed_with_a_fixed_setup" "--seed applies to a random setup only" show --setup fixed --seed 3
wrong=
for c in perft show legal analyse selfplay play match; do
    "$bin" $c --help | grep -- '--setup' | grep -q "default: the game's" || wrong="$wrong $c"
done
check "every_command_with_setup_says_default_the_games" test -z "$wrong" || echo "#   not:$wrong"
wrong=
for c in show legal perft selfplay play match bias tune; do
    "$bin" $c --help | grep -- '--seed' | grep -q '(default 1)' || wrong="$wrong $c"
done
check "every_command_with_seed_says_default_1" test -z "$wrong" || echo "#   not:$wrong"

# --- make install / uninstall (the release build only: this runs make) ------------------
case $bin in
*/build/release/triad)
    prefix=$tmp/prefix wrong=
    if make -C "$root" -s install PREFIX="$prefix" >"$tmp/install.log" 2>&1; then ok "make_install"; else
        not_ok "make_install" "$(tail -3 "$tmp/install.log")"; fi
    for f in bin/triad lib/libtriad.a lib/libtriad.so lib/libtriad.so.1 "lib/libtriad.so.$(cat "$root/VERSION")" \
        include/triad.h lib/pkgconfig/triad.pc share/man/man1/triad.1 share/bash-completion/completions/triad \
        share/triad/data/boards/hex5.txt; do
        [ -e "$prefix/$f" ] || wrong="$wrong $f"
    done
    check "make_install_puts_binary_libraries_header_pkgconfig_man_completion_data" test -z "$wrong" ||
        echo "#   missing:$wrong"
    cat >"$tmp/prog.c" <<'PROG'
#include <stdio.h>
#include <triad.h>
int main(void)
{
    char err[TRIAD_ERR_MAX], text[1024];
    triad_game *g;
    triad_state *s;
    if (triad_game_load(&g, "trid", 3, err, sizeof err) || triad_state_new(&s, g, NULL, 1, err, sizeof err)) {
        printf("error: %s\n", err);
        return 1;
    }
    triad_state_text(s, text, sizeof text);
    printf("%s\n", text);
    triad_state_free(s);
    triad_game_free(g);
    return 0;
}
PROG
    flags=$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags --libs triad 2>/dev/null ||
        echo "-I$prefix/include -L$prefix/lib -ltriad")
    # shellcheck disable=SC2086
    if cc -o "$tmp/prog" "$tmp/prog.c" $flags 2>"$tmp/err" &&
        (cd / && LD_LIBRARY_PATH=$prefix/lib "$tmp/prog") >"$tmp/out" 2>&1 &&
        grep -q '^hex5 3 ' "$tmp/out"; then
        ok "a_program_built_against_the_installed_library_finds_its_data"
    else not_ok "a_program_built_against_the_installed_library_finds_its_data" "$(cat "$tmp/out")"; fi
    check "the_installed_pkgconfig_file_names_the_prefix" grep -q "^prefix=$prefix\$" "$prefix/lib/pkgconfig/triad.pc"
    (cd / && "$prefix/bin/triad" perft --game trid --depth 1 >"$tmp/out" 2>&1)
    check "the_installed_triad_finds_its_data" grep -q '^perft 1: ' "$tmp/out"
    # the README's line, as it is, from the checkout
    if (cd "$root" && make -s python >"$tmp/install.log" 2>&1 && env -u TRIAD_LIB PYTHONPATH=python /usr/bin/python3 -c \
        'import triad; s = triad.load_game("talat", nplayers=3).new_initial_state(seed=1); print(s.legal_actions()[:3], s)') \
        >"$tmp/out" 2>&1 && grep -q '^\[[0-9]*, [0-9]*, [0-9]*\] 3 ' "$tmp/out"; then ok "make_python_then_the_readme_line"
    else not_ok "make_python_then_the_readme_line" "$(tail -2 "$tmp/out")"; fi
    make -C "$root" -s uninstall PREFIX="$prefix" >"$tmp/install.log" 2>&1
    check "make_uninstall_removes_everything_install_put" test "$(find "$prefix" -type f -o -type l | wc -l)" -eq 0
    # Issue 40 item 12: a space in PREFIX or DESTDIR split the unquoted
    # words of the recipes: install -d made both halves as folders, and
    # uninstall's rm took the first half for a file to remove.  Both halves
    # name folders under $tmp here, so the code as it was makes its strays
    # there, not in the checkout; now nothing runs.
    mkdir -p "$tmp/sp" && : >"$tmp/sp/victim"
    for v in PREFIX DESTDIR; do
        make -C "$root" -s install "$v=$tmp/sp/a $tmp/sp/b" >"$tmp/install.log" 2>&1
        rc=$?
        check "make_install_refuses_a_space_in_$v (exit $rc, nothing made)" \
            test "$rc" -ne 0 -a "$(ls "$tmp/sp")" = victim
        check "make_install_says_why_for_$v" grep -q "^Makefile:[0-9]*: \*\*\* $v='$tmp/sp/a $tmp/sp/b' holds a space" \
            "$tmp/install.log"
        make -C "$root" -s uninstall "$v=$tmp/sp/victim $tmp/sp/c" >"$tmp/install.log" 2>&1
        rc=$?
        check "make_uninstall_refuses_a_space_in_$v (exit $rc, nothing removed)" \
            test "$rc" -ne 0 -a -e "$tmp/sp/victim" -a "$(ls "$tmp/sp")" = victim
    done
    make -C "$root" -s install "PREFIX=$tmp/sp/q'x" >"$tmp/install.log" 2>&1
    check "make_install_refuses_a_quote_in_PREFIX" test $? -ne 0 -a "$(ls "$tmp/sp")" = victim
    ;;
*) ok "make_install_is_tested_with_the_release_build_only" ;;
esac

finish
