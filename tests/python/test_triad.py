"""test_triad.py BINARY TMPDIR — the Python module (python/triad) against
bin/triad: random playouts of every game checked against `triad legal` and
`triad show`, players, errors, and records read back equal to `triad
records export` (JSON lines and CSV) and to `triad records cat`.

Run by tests/cli_python.sh (which says which libtriad.so to load through
TRIAD_LIB).  Prints "ok - ..." / "not ok - ..." lines and "N passed, N failed".
"""
import csv
import io
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))

BIN, TMP = sys.argv[1], sys.argv[2]
passed = failed = 0


def check(desc, cond, why=""):
    global passed, failed
    if cond:
        passed += 1
        print("ok - " + desc)
    else:
        failed += 1
        print("not ok - " + desc)
        if why:
            print("#   " + str(why)[:600])


# bin/triad runs without what tests/cli_python.sh gives python3 for the
# library under the sanitizer build: the ASan runtime preloaded (the
# sanitized bin/triad has its own, linked in: two would clash) and leak
# checks off (python3's leaks are not ours; bin/triad's are).
CHILD_ENV = {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD", "ASAN_OPTIONS")}


def triad_out(*args, ok_codes=(0,)):
    p = subprocess.run([BIN] + [str(a) for a in args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=CHILD_ENV)
    if p.returncode not in ok_codes:
        raise RuntimeError("triad %s: exit %d: %s" % (" ".join(map(str, args)), p.returncode,
                                                       p.stderr.decode(errors="replace")))
    return p.stdout.decode("utf-8")


try:
    import triad
    check("import_triad", True)
except Exception as e:  # noqa: BLE001 - reported as a failure
    check("import_triad", False, e)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1)

# ---- the library -------------------------------------------------------------
version_line = triad_out("--version").splitlines()[0]
check("version_is_triads", version_line == "triad " + triad.version(), (version_line, triad.version()))
check("games_listed", set(triad.games()) >= {"tzaar", "talat", "trid", "race3"}, triad.games())
# The registry's games, in its order, as bin/triad --version signs them; the
# docstrings list them from the library, not from a list written in them.
signed = triad_out("--version").split("engine signatures: ")[-1].split()[0::2]
check("games_are_the_registrys_in_its_order", triad.games() == signed, (triad.games(), signed))
check("docstrings_list_the_registrys_games", ", ".join(triad.games()) in triad.__doc__ and
      ", ".join(triad.games()) in triad.games.__doc__, triad.games.__doc__)

# ---- OpenSpiel's vocabulary on every game, against bin/triad -----------------
CONFIGS = [("tzaar", 2, "random"), ("tzaar", 2, "fixed"), ("tzaar", 2, "tournament"), ("talat", 3, None),
           ("talat", 2, None), ("trid", 2, None), ("trid", 3, None), ("trid", 4, None), ("race3", 2, None),
           ("race3", 3, None), ("race3", 4, None)]


def show_start(name, n, setup, seed):
    """The start bin/triad shows for the same setup and seed (its last line)."""
    args = ["show", "--game", name, "--nplayers", n] + (["--setup", setup] if setup else [])
    p = subprocess.run([BIN] + [str(a) for a in args + ["--seed", seed]], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=CHILD_ENV)
    if p.returncode == 2 and b"random setup only" in p.stderr:  # a fixed setup takes no seed
        return triad_out(*args).splitlines()[-1]
    return p.stdout.decode().splitlines()[-1]


def legal_texts(name, position):
    return json.loads(triad_out("legal", "--game", name, "--position", position, "--json"))["actions"]


for name, n, setup in CONFIGS:
    label = "%s_%dp%s" % (name, n, "_" + setup if setup else "")
    game = triad.load_game(name, nplayers=n)
    check(label + "_num_players", game.num_players() == n, game.num_players())
    for seed in (1, 2):
        state = game.new_initial_state(seed=seed, setup=setup)
        want = show_start(name, n, setup, seed)
        check("%s_seed%d_start_is_triad_shows" % (label, seed), str(state) == want, (str(state), want))
        rng = random.Random(seed)
        plies, compared, bad, roundtrip_bad = 0, 0, [], 0
        while not state.is_terminal() and plies < 3000:
            legal = state.legal_actions()
            if plies in (0, 1, 2, 7, 30) or plies % 97 == 50:
                compared += 1
                texts = [state.action_to_string(a) for a in legal]
                theirs = legal_texts(name, str(state))
                if theirs != texts:
                    bad.append((plies, texts[:5], theirs[:5]))
            a = rng.choice(legal)
            if state.string_to_action(state.action_to_string(a)) != a or \
                    state.action_to_string(state.current_player(), a) != state.action_to_string(a):
                roundtrip_bad += 1
            if plies == 3:  # a clone is independent of its original, which goes on
                c = state.clone()
                before = str(c)
                state.apply_action(a)
                check("%s_seed%d_clone_unchanged_by_the_original" % (label, seed),
                      str(c) == before and c.history() == state.history()[:-1])
            else:
                state.apply_action(a)
            plies += 1
        check("%s_seed%d_legal_actions_are_triad_legals (%d positions)" % (label, seed, compared), not bad, bad[:2])
        check("%s_seed%d_action_text_round_trip" % (label, seed), roundtrip_bad == 0, roundtrip_bad)
        check("%s_seed%d_ends" % (label, seed), state.is_terminal(), plies)
        check("%s_seed%d_terminal_vocabulary" % (label, seed),
              state.current_player() == triad.PlayerId.TERMINAL and state.legal_actions() == [] and
              len(state.returns()) == n and len(state.ranks()) == n and state.ending() != "none",
              (state.current_player(), state.returns()))
        again = game.new_initial_state_from_string(str(state))
        check("%s_seed%d_position_string_round_trip" % (label, seed), str(again) == str(state))

# ---- players and errors --------------------------------------------------------
game = triad.load_game("tzaar")
state = game.new_initial_state(seed=4)
bot = triad.Player("ab:depth=2")
a = bot.step(state)
check("player_ab_depth2_chooses_a_legal_action", a in state.legal_actions())
check("player_same_seed_same_action", triad.Player("ab:depth=2").choose(state, seed=1) == bot.choose(state, seed=1))
check("player_canonical_spec", "depth=2" in bot.spec(game), bot.spec(game))
talat = triad.load_game("talat", nplayers=3)
tstate = talat.new_initial_state(seed=1)
check("one_player_object_plays_two_games", bot.step(tstate) in tstate.legal_actions())
check("openspiel_spelling_load_game_with_params", triad.load_game("talat", {"players": 2}).num_players() == 2)


def raises(fn, word, code=None):
    try:
        fn()
    except triad.TriadError as e:
        return word in str(e) and (code is None or e.code == code)
    return False


check("unknown_game_refused", raises(lambda: triad.load_game("chess"), "unknown game 'chess'"))
check("bad_player_count_refused", raises(lambda: triad.load_game("tzaar", nplayers=3), "2 to 2"))
check("unknown_setup_refused", raises(lambda: game.new_initial_state(setup="nosuch"), "nosuch"))
check("bad_position_refused", raises(lambda: game.new_initial_state_from_string("junk"), ""))
illegal = max(state.legal_actions()) + 1
check("illegal_action_refused", raises(lambda: state.apply_action(illegal), "not legal", -2))
check("bad_player_spec_refused", raises(lambda: triad.Player("ab:depth=x").step(state), "depth"))


# ---- issue 40 items 8-10: forfeits raise, integers are not cut, ranks' message -------
def value_error(fn, word):
    try:
        fn()
    except ValueError as e:
        return word in str(e)
    except Exception:  # noqa: BLE001 - another exception is a failure too
        return False
    return False


forfeiter = os.path.join(TMP, "illegal-engine.sh")
with open(forfeiter, "w") as f:
    f.write("#!/bin/sh\nwhile read -r line; do\n  case $line in\n    protocol) echo 'protocol triad 2' ;;\n"
            "    position*|seed*) echo ok ;;\n    go*) echo 'bestaction ZZ9' ;;\n    quit) exit 0 ;;\n  esac\n"
            "done\n")
os.chmod(forfeiter, 0o755)
fresh = game.new_initial_state(seed=4)
check("forfeiting_engine_player_raises_with_the_reason",
      raises(lambda: triad.Player("engine:cmd=" + forfeiter).step(fresh), "not a legal action", -8))
check("forfeit_leaves_the_state_as_it_was", fresh.history() == [] and fresh.legal_actions() == state.legal_actions())
a0 = fresh.legal_actions()[0]
check("apply_action_out_of_uint32_refused", value_error(lambda: fresh.apply_action(a0 + 2**32), "0..4294967295")
      and fresh.history() == [])
check("apply_action_negative_refused", value_error(lambda: fresh.apply_action(-1), "apply_action"))
check("apply_action_float_refused", value_error(lambda: fresh.apply_action(float(a0)), "integer"))
check("action_to_string_out_of_range_refused", value_error(lambda: fresh.action_to_string(a0 + 2**32), "action"))
check("nplayers_2_pow_63_refused", value_error(lambda: triad.load_game("talat", nplayers=2**63), "nplayers"))
check("nplayers_float_refused", value_error(lambda: triad.load_game("talat", nplayers=2.5), "nplayers"))
check("nplayers_params_dict_checked_too", value_error(lambda: triad.load_game("talat", {"players": 2**32 + 2}),
                                                      "nplayers"))
check("seed_2_pow_64_refused", value_error(lambda: game.new_initial_state(seed=2**64), "seed"))
check("seed_negative_refused", value_error(lambda: game.new_initial_state(seed=-1), "seed"))
check("seed_2_pow_64_minus_1_taken", game.new_initial_state(seed=2**64 - 1).legal_actions() != [])
check("player_seed_checked", value_error(lambda: triad.Player("random", seed=2**64), "seed")
      and value_error(lambda: bot.choose(state, seed=2**64), "seed"))


class Two:  # an integer type of another library (numpy's int64): __index__
    def __index__(self):
        return 2


check("index_integers_taken", triad.load_game("talat", nplayers=Two()).num_players() == 2)
check("bool_is_not_an_integer_here", value_error(lambda: game.new_initial_state(seed=True), "seed"))
try:
    fresh.ranks()
    ranks_msg = "no exception"
except triad.TriadError as e:
    ranks_msg = str(e)
check("ranks_before_the_end_says_not_over_yet", "not over yet" in ranks_msg and "game over" not in ranks_msg,
      ranks_msg)
check("records_missing_file_refused", raises(lambda: list(triad.records.read(os.path.join(TMP, "nope.trd"))), "nope.trd"))

# ---- records: read back equal to the export, and the export equal to cat ---------
RUNS = [
    ("tzaar_random", ["--setup", "random", "--players", "random", "--paired", "--games", 6]),
    ("tzaar_fixed", ["--setup", "fixed", "--white", "ab:depth=1", "--black", "random", "--paired", "--games", 4]),
    ("tzaar_tournament", ["--setup", "tournament", "--players", "random", "--paired", "--games", 4]),
    ("talat_3p", ["--game", "talat", "--nplayers", 3, "--players", "random", "--rotations", 3, "--games", 6]),
    ("talat_zihin", ["--game", "talat", "--nplayers", 2, "--players", "random", "--rotations", 2, "--games", 4]),
    ("trid_2p", ["--game", "trid", "--nplayers", 2, "--players", "random", "--games", 2]),
    ("trid_3p", ["--game", "trid", "--nplayers", 3, "--players", "random", "--rotations", 3, "--games", 3]),
    ("trid_4p", ["--game", "trid", "--nplayers", 4, "--players", "random", "--rotations", 4, "--games", 4]),
    ("race3_3p", ["--game", "race3", "--nplayers", 3, "--players", "random", "--rotations", 3, "--replicates", 2,
                  "--games", 12]),
]


def parse_cat(text, players):
    """records cat --start: {id: {start, setup, specs, scores, ending, turns, actions}} (plain specs only)."""
    games = {}
    for line in text.splitlines():
        head, _, acts = line.partition(" : ")
        words = head.split(" ")
        gid = int(words[0])
        if words[1] == "start":
            games.setdefault(gid, {})["start"] = head.split(" ", 2)[2] if not acts else line.split(" ", 2)[2]
            continue
        g = games.setdefault(gid, {})
        g.update(setup=words[1], specs=words[2:2 + players], scores=words[2 + players], ending=words[3 + players],
                 turns=int(words[4 + players]), actions=acts.split(" ") if acts else [])
    return games


key_orders = set()
for label, args in RUNS:
    path = os.path.join(TMP, label + ".trd")
    triad_out("selfplay", "--seed", 3, "--quiet", "--out", path, *args)
    exported = [json.loads(l) for l in triad_out("records", "export", path, "--format", "jsonl").splitlines()]
    exported_pos = [json.loads(l) for l in
                    triad_out("records", "export", path, "--format", "jsonl", "--positions").splitlines()]
    read = list(triad.records.read(path))
    read_pos = list(triad.records.read(path, positions=True))
    check(label + "_read_equals_the_jsonl_export", read == exported and len(read) > 0, (len(read), len(exported)))
    check(label + "_read_positions_equals_the_export", read_pos == exported_pos)
    for d in exported:
        key_orders.add(tuple(d.keys()))
    players = exported[0]["players"]
    cat = parse_cat(triad_out("records", "cat", path, "--start"), players)
    mism = []
    for d in exported:
        c = cat.get(d["id"], {})
        mark = "" if d["rotation"] == 0 else (",swapped" if players == 2 else ",r%d" % d["rotation"])
        scores = "*" if not d["finished"] else "-".join("%g" % s for s in d["scores"])
        if (c.get("start"), c.get("setup"), c.get("specs"), c.get("scores"), c.get("ending"), c.get("turns"),
                c.get("actions")) != (d["start"], d["setup"] + mark, d["specs"], scores, d["ending"], d["turns"],
                                      d["actions"]):
            mism.append((d["id"], c, d))
    check(label + "_export_agrees_with_records_cat", not mism and len(cat) == len(exported), mism[:1])
    # the positions are the states the actions lead to, and the result the rules'
    bad = []
    for d in exported_pos:
        g = triad.load_game(d["game"], nplayers=d["players"])
        st = g.new_initial_state_from_string(d["start"])
        for act, pos in zip(d["actions"], d["positions"]):
            st.apply_action(st.string_to_action(act))
            if str(st) != pos:
                bad.append((d["id"], act))
                break
        if len(d["positions"]) != len(d["actions"]) or \
                (d["finished"] and (not st.is_terminal() or st.returns() != d["scores"] or st.ranks() != d["ranks"])):
            bad.append((d["id"], "end"))
    check(label + "_positions_replay_and_results_match", not bad, bad[:3])
    # CSV: the same games, one line each
    rows = list(csv.DictReader(io.StringIO(triad_out("records", "export", path, "--format", "csv", "--positions"),
                                           newline="")))
    csv_bad = []
    for row, d in zip(rows, exported_pos):
        n = d["players"]
        got = (row["game"], int(row["id"]), [row["spec%d" % i] for i in range(n)], row["start"],
               row["actions"].split(" ") if row["actions"] else [],
               row["positions"].split(" | ") if row["positions"] else [],
               [float(row["score%d" % i]) for i in range(n)] if d["finished"] else None,
               [int(row["rank%d" % i]) for i in range(n)] if d["finished"] else None,
               row["ending"], row["finished"] == "true", int(row["turns"]), row["engine_signature"],
               int(row["run_seed"]), row["setup"], int(row["rotation"]), int(row["replicate"]))
        want = (d["game"], d["id"], d["specs"], d["start"], d["actions"], d["positions"], d["scores"], d["ranks"],
                d["ending"], d["finished"], d["turns"], d["engine_signature"], d["run_seed"], d["setup"],
                d["rotation"], d["replicate"])
        if got != want:
            csv_bad.append((got, want))
        if any(row["spec%d" % i] for i in range(n, 4)) or any(row["score%d" % i] for i in range(n, 4)):
            csv_bad.append(("seats past the game's are not empty", row))
    check(label + "_csv_agrees_with_jsonl", not csv_bad and len(rows) == len(exported), csv_bad[:1])
    info = triad.records.info(path)
    cli_info = json.loads(triad_out("records", "info", path, "--json"))["files"][0]["runs"][0]
    check(label + "_records_info_agrees", all(cli_info[k] == v for k, v in info.items()),
          [(k, v, cli_info.get(k)) for k, v in info.items() if cli_info.get(k) != v])
check("every_game_of_every_run_has_the_same_keys_in_the_same_order", len(key_orders) == 1, key_orders)

# (by id: the file holds the games in the order the workers finished them)
replicates = [d["replicate"] for d in sorted(triad.records.read(os.path.join(TMP, "race3_3p.trd")), key=lambda d: d["id"])]
check("replicates_exported", replicates == [0, 0, 0, 1, 1, 1] * 2, replicates)
sample = os.path.join(HERE, "..", "..", "data", "records", "ab2-random-200.trd")
games = list(triad.records.read(sample))
check("format_1_sample_read", len(games) == 200 and games[0]["game"] == "tzaar", len(games))

# ---- game parameters: a variant of the rules (issue 39; docs/tzaar-variants.md) ----
full = triad.load_game("tzaar:first=full")
check("variant_name_is_the_canonical_spec", full.name == "tzaar:first=full" and full.base_name() == "tzaar", full.name)
check("variant_parameters", full.get_parameters() == {"first": "full", "pie": "0"}, full.get_parameters())
check("variant_signature_is_its_own", full.engine_signature() == "6f525261efc3538d" and
      triad.load_game("tzaar").engine_signature() == "758389fbadf5b055", full.engine_signature())
check("variant_by_keywords", triad.load_game("tzaar", pie=1, first="both").name == "tzaar:first=both,pie=1")
check("variant_openspiel_dict", triad.load_game("tzaar", {"first": "full", "players": 2}).name == "tzaar:first=full")
check("defaults_are_the_rulebook", triad.load_game("tzaar:first=capture,pie=0").name == "tzaar" and
      triad.load_game("tzaar").get_parameters() == {"first": "capture", "pie": "0"})
check("game_without_parameters", triad.load_game("connect4").get_parameters() == {})
check("decimal_parameters", triad.load_game("talat", komi3=2.5, komi2="1.50").name == "talat:komi2=1.5,komi3=2.5" and
      triad.load_game("talat:komi2=1.5").get_parameters() == {"komi1": "0", "komi2": "1.5", "komi3": "0"})
check("unknown_parameter_refused", raises(lambda: triad.load_game("tzaar", komi=3), "unknown parameter 'komi' of tzaar"))
check("unknown_value_refused", raises(lambda: triad.load_game("tzaar:first=half"), "expected capture, full, both"))
pie = triad.load_game("tzaar:pie=1")
st = pie.new_initial_state(setup="fixed")
check("variant_start_phase", str(st).endswith(" w 0s"), str(st))
st.apply_action(st.string_to_action("D8xE8"))
swap = st.string_to_action("swap")
check("swap_is_legal_after_white_s_first_turn", swap in st.legal_actions() and str(st).endswith(" b x1"), str(st))
st.apply_action(swap)
check("after_the_swap_white_acts", str(st).endswith(" w 1") and st.current_player() == 0, str(st))
check("variant_reads_its_own_positions", str(pie.new_initial_state_from_string(str(st))) == str(st))
check("rulebook_refuses_a_variant_s_position",
      raises(lambda: triad.load_game("tzaar").new_initial_state_from_string(str(pie.new_initial_state(setup="fixed"))),
             "pie=1's"))
vfile = os.path.join(TMP, "variant.trd")
triad_out("selfplay", "--game", "tzaar:pie=1", "--players", "ab:depth=1", "--games", 4, "--seed", 2, "--out", vfile,
          "--quiet")
vgames = list(triad.records.read(vfile))
replayed = True
for d in vgames:
    s2 = triad.load_game(d["game"]).new_initial_state_from_string(d["start"])
    for a in d["actions"]:
        s2.apply_action(s2.string_to_action(a))
    replayed = replayed and s2.is_terminal() and s2.returns() == d["scores"]
check("records_of_a_variant_name_it_and_replay", len(vgames) == 4 and all(d["game"] == "tzaar:pie=1" for d in vgames)
      and replayed, [d["game"] for d in vgames])

# ---- docs/protocol.md's example engine, written with this module, refereed by bin/triad (issue 40 item 20) ----
doc = open(os.path.join(HERE, "..", "..", "docs", "protocol.md")).read()
start = doc.find("```python\n#!/usr/bin/env python3\n# first_legal.py")
engine_py = os.path.join(TMP, "first_legal.py")
if start >= 0:
    with open(engine_py, "w") as f:
        f.write(doc[start + len("```python\n"):doc.index("```", start + 3)])
    wrapper = os.path.join(TMP, "first_legal.sh")
    env = {"TRIAD_LIB": os.environ.get("TRIAD_LIB", ""), "LD_PRELOAD": os.environ.get("LD_PRELOAD", ""),
           "ASAN_OPTIONS": os.environ.get("ASAN_OPTIONS", ""),
           "PYTHONPATH": os.path.join(HERE, "..", "..", "python"), "PYTHONDONTWRITEBYTECODE": "1"}
    with open(wrapper, "w") as f:
        f.write("#!/bin/sh\nexec env %s %s %s\n" % (" ".join("%s='%s'" % kv for kv in env.items()), sys.executable,
                                                      engine_py))
    os.chmod(wrapper, 0o755)
    out = triad_out("match", "--a", "random", "--b", "engine:cmd=" + wrapper, "--games", 4, "--seed", 1, "--quiet")
    b_line = [l for l in out.splitlines() if l.startswith("B: games lost")]
    check("protocol_md_example_engine_plays_a_match_without_forfeits",
          b_line == ["B: games lost on time 0, by crash 0, by illegal action 0, by protocol error 0; "
                     "late answers within the margin 0"], out)
else:
    check("protocol_md_example_engine_plays_a_match_without_forfeits", False, "no first_legal.py in docs/protocol.md")

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
