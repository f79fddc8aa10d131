#!/usr/bin/env bash
# cli_train.sh BINARY — command-line tests of `triad train` and the players
# that evaluate with a network (ab:net=FILE): reproducible bytes for any
# --threads, the --json figures, the network file refused when it is
# damaged or another game's, a spec that names the file's CRC, and bad
# input (one line, exit 2).  Prints "ok - ..." / "not ok - ..." per check
# and "N passed, N failed".
set -u
bin=${1:?usage: tests/cli_train.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_train.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/lib.sh"
rec=$here/../data/records/ab2-random-200.trd
small=(--accumulator 16 --hidden 4 --epochs 2 --batch 512 --quiet)

run train "$rec" --out "$tmp/a.nn" "${small[@]}" --threads 1 --json
check "train_writes_a_network" test "$rc" -eq 0 -a -s "$tmp/a.nn"
for key in train_loss val_loss baseline_val_loss positions games epochs seconds; do
    check "train_json_has_$key" grep -qE "\"$key\":[0-9.e+-]+[,}]" "$tmp/out"
done
check "train_json_one_line" test "$(wc -l <"$tmp/out")" -eq 1
run train "$rec" --out "$tmp/b.nn" "${small[@]}" --threads 3
check "train_same_bytes_for_any_threads" cmp -s "$tmp/a.nn" "$tmp/b.nn"
run train "$rec" --out "$tmp/c.nn" "${small[@]}" --seed 2
if [ "$rc" -eq 0 ] && ! cmp -s "$tmp/a.nn" "$tmp/c.nn"; then ok "train_another_seed_another_network"
else not_ok "train_another_seed_another_network" "exit $rc, or the same bytes for seeds 1 and 2"; fi

bad "train_refuses_to_replace_without_force" "exists" train "$rec" --out "$tmp/a.nn" "${small[@]}"
bad "train_refuses_an_output_that_is_an_input" "input" train "$rec" --out "$rec" --force "${small[@]}"
bad "train_refuses_a_label_cache_that_is_an_input" "ab2-random-200.trd: it is also an input" train "$rec" --out "$tmp/x.nn" --label search:nodes=10 --label-cache "$rec" "${small[@]}"
bad "train_refuses_a_label_cache_that_is_the_output" "also the output" train "$rec" --out "$tmp/x.nn" --label search:nodes=10 --label-cache "$tmp/x.nn" "${small[@]}"
bad "train_refuses_a_label_cache_without_search_labels" "needs --label search" train "$rec" --out "$tmp/x.nn" --label-cache "$tmp/c.bin" "${small[@]}"
bad "train_refuses_a_bad_label" "--label" train "$rec" --out "$tmp/x.nn" --label nonsense "${small[@]}"
bad "train_refuses_blend_without_search" "--blend" train "$rec" --out "$tmp/x.nn" --blend 0.3 "${small[@]}"
bad "train_refuses_an_accumulator_not_a_multiple_of_16" "multiple of 16" train "$rec" --out "$tmp/x.nn" --accumulator 24 --epochs 1 --quiet
run selfplay --game race3 --games 4 --players random --out "$tmp/race3.trd" --quiet
bad "train_refuses_a_game_without_features" "network features" train "$tmp/race3.trd" --out "$tmp/x.nn" --quiet
check "train_wrote_nothing_on_refusal" test ! -e "$tmp/x.nn"

# The network plays, and its spec names its file's CRC-32.
run play --white "ab:depth=2,net=$tmp/a.nn" --black ab:depth=2 --seed 3
check "ab_net_plays_a_game" test "$rc" -eq 0
run selfplay --players "ab:depth=1,net=$tmp/a.nn" --games 2 --out "$tmp/n.trd" --quiet
run records info "$tmp/n.trd"
crc=$(od -An -tx4 -j $(( $(stat -c %s "$tmp/a.nn") - 4 )) -N4 "$tmp/a.nn" | tr -d ' ')
check "ab_net_spec_names_the_crc" grep -q "ncrc=$crc,net=" "$tmp/out"
bad "ab_net_refuses_a_changed_file" "has changed" analyse --setup random --player "ab:depth=1,net=$tmp/a.nn,ncrc=00000000"
cp "$tmp/a.nn" "$tmp/bad.nn" && printf 'x' | dd of="$tmp/bad.nn" bs=1 seek=200 conv=notrunc 2>/dev/null
bad "ab_net_refuses_a_corrupt_file" "corrupt" analyse --setup random --player "ab:depth=1,net=$tmp/bad.nn"
head -c 100 "$tmp/a.nn" >"$tmp/cut.nn"
bad "ab_net_refuses_a_cut_file" "cut.nn" analyse --setup random --player "ab:depth=1,net=$tmp/cut.nn"
bad "ab_net_refuses_a_missing_file" "nothere.nn" analyse --setup random --player "ab:depth=1,net=$tmp/nothere.nn"
bad "ab_net_refuses_linear_and_a_net" "contradict" analyse --setup random --player "ab:depth=1,eval=linear,net=$tmp/a.nn"
run train "$here/../data/records/talat-ab4-played.trd" --out "$tmp/talat.nn" "${small[@]}" --positions 3000
check "train_talat_network" test "$rc" -eq 0 -a -s "$tmp/talat.nn"
bad "ab_net_refuses_another_games_network" "not tzaar" analyse --setup random --player "ab:depth=1,net=$tmp/talat.nn"

# Talat's, TRID's and MCTS's players take a network too; one of another seat count forfeits, saying why.
run match --game talat --a "ab:depth=1,net=$tmp/talat.nn" --b greedy --games 3 --seed 1 --quiet --json
check "talat_ab_net_plays_a_match" grep -q '"games":3' "$tmp/out"
run match --game talat --nplayers 2 --a "ab:depth=1,net=$tmp/talat.nn" --b greedy --games 2 --seed 1
check "talat_net_of_another_seat_count_forfeits_saying_why" grep -q 'a network for 3 seats' "$tmp/err"
bad "talat_ab_net_refuses_weights_beside_it" "no use with net" analyse --game talat --player "ab:depth=1,net=$tmp/talat.nn,weights=default"
run selfplay --game trid --players ab:depth=1,noise=5 --games 6 --out "$tmp/trid.trd" --quiet
run train "$tmp/trid.trd" --out "$tmp/trid.nn" "${small[@]}"
check "train_trid_network" test "$rc" -eq 0 -a -s "$tmp/trid.nn"
run match --game trid --a "ab:depth=1,noise=5,net=$tmp/trid.nn" --b ab:depth=1,noise=5 --games 4 --seed 1 --quiet --json
check "trid_ab_net_plays_a_match" grep -q '"games":4' "$tmp/out"
run analyse --setup random --player "mcts:playouts=30,depth=4,net=$tmp/a.nn" --json
check "mcts_net_scores_its_cut_off" test "$rc" -eq 0
bad "mcts_net_needs_a_cut_off" "depth=N" analyse --setup random --player "mcts:playouts=30,net=$tmp/a.nn"

# A residual network (--residual) learns a correction to the linear
# evaluation: a version 2 file with its flag, the same bytes for any
# --threads; one whose output is 0 searches node for node as the linear
# evaluation does; players that cannot add the linear value refuse it.
run train "$rec" --out "$tmp/r.nn" "${small[@]}" --residual --threads 1 --json
check "train_residual_writes_a_network" test "$rc" -eq 0 -a -s "$tmp/r.nn"
check "train_residual_json_says_so" grep -q '"residual":true' "$tmp/out"
check "train_residual_file_is_version_2" test "$(od -An -tu1 -j8 -N1 "$tmp/r.nn" | tr -d ' ')" = 2
check "train_plain_file_is_version_1" test "$(od -An -tu1 -j8 -N1 "$tmp/a.nn" | tr -d ' ')" = 1
run train "$rec" --out "$tmp/r3.nn" "${small[@]}" --residual --threads 3
check "train_residual_same_bytes_for_any_threads" cmp -s "$tmp/r.nn" "$tmp/r3.nn"
check "train_residual_not_the_plain_network" sh -c "! cmp -s '$tmp/r.nn' '$tmp/a.nn'"
# the parameters zeroed, the CRC made good (docs/formats.md, "Network files")
zero_net() { # IN OUT
python3 - "$1" "$2" <<'PY'
import struct, sys, zlib
d = bytearray(open(sys.argv[1], 'rb').read())
at = 8 + 4 + 96 + 20 + 4 + 4
alen = struct.unpack_from('<I', d, at)[0]
at += 4 + alen
count = struct.unpack_from('<I', d, at)[0]
d[at + 4:at + 4 + 4 * count] = bytes(4 * count)
d[-4:] = struct.pack('<I', zlib.crc32(bytes(d[:-4])))
open(sys.argv[2], 'wb').write(d)
PY
}
zero_net "$tmp/r.nn" "$tmp/zero.nn"
run analyse --setup random --seed 5 --player "ab:depth=3,net=$tmp/zero.nn" --json
zero=$(grep -oE '"(nodes|score|action|pv)":[^,}]+' "$tmp/out" | sort | tr '\n' ' ')
run analyse --setup random --seed 5 --player "ab:depth=3" --json
linear=$(grep -oE '"(nodes|score|action|pv)":[^,}]+' "$tmp/out" | sort | tr '\n' ' ')
if [ -n "$zero" ] && [ "$zero" = "$linear" ]; then ok "residual_network_of_zeros_searches_as_linear"
else not_ok "residual_network_of_zeros_searches_as_linear" "zero: $zero; linear: $linear"; fi
run analyse --setup random --seed 5 --player "ab:depth=3,net=$tmp/r.nn" --json
check "residual_network_plays" test "$rc" -eq 0
run train "$here/../data/records/talat-ab4-played.trd" --out "$tmp/talat-r.nn" "${small[@]}" --positions 3000 --residual
check "train_talat_residual_network" test "$rc" -eq 0 -a -s "$tmp/talat-r.nn"
zero_net "$tmp/talat-r.nn" "$tmp/talat-zero.nn"
run analyse --game talat --player "ab:depth=2,net=$tmp/talat-zero.nn" --json
zero=$(grep -oE '"(nodes|score|action|pv)":[^,}]+' "$tmp/out" | sort | tr '\n' ' ')
run analyse --game talat --player "ab:depth=2" --json
linear=$(grep -oE '"(nodes|score|action|pv)":[^,}]+' "$tmp/out" | sort | tr '\n' ' ')
if [ -n "$zero" ] && [ "$zero" = "$linear" ]; then ok "talat_residual_network_of_zeros_searches_as_linear"
else not_ok "talat_residual_network_of_zeros_searches_as_linear" "zero: $zero; linear: $linear"; fi
run analyse --game talat --player "ab:depth=2,net=$tmp/talat-r.nn" --json
check "talat_ab_plays_a_residual_network" test "$rc" -eq 0
bad "mcts_refuses_a_residual_network" "does not add" analyse --setup random --player "mcts:playouts=30,depth=4,net=$tmp/r.nn"

finish
