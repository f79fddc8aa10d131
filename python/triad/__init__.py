"""triad — the games of libtriad (TZAAR, Talat, TRID, ...: games() lists
them, from the library's registry) for Python, in OpenSpiel's vocabulary,
over libtriad (include/triad.h) through ctypes: no dependency beyond
Debian's python3.

    import triad
    game = triad.load_game("talat", nplayers=3)
    state = game.new_initial_state(seed=1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns(), str(state))

    bot = triad.Player("ab:depth=2")          # any spec `triad` takes
    action = bot.step(game.new_initial_state(seed=2))

    for g in triad.records.read("runs/r.trd"): # dicts, as `records export --format jsonl`
        print(g["id"], g["scores"])

Actions are ints meaningful in the state they are legal in (legal_actions()
lists them in ascending order).  str(state) is the game's position string
(game.new_initial_state_from_string reads it back); state.board() draws it.
See docs/library.md.
"""
import ctypes as _ct

from . import _lib
from ._lib import TriadError
from . import records

__all__ = ["load_game", "games", "version", "Game", "State", "Player", "PlayerId", "TriadError", "records"]

__version__ = _lib.dec(_lib.lib.triad_version())


def version():
    """triad's version (the same as `triad --version`)."""
    return __version__


def games():
    """The names of the games libtriad knows: its registry's, in its order
    (the list below is this library's)."""
    names, i = [], 0
    while True:
        name = _lib.lib.triad_game_name_at(i)
        if name is None:
            return names
        names.append(_lib.dec(name))
        i += 1


# The registry's games, said where help() shows them: read from the library,
# never written down here.
if games.__doc__:  # (python -OO has none)
    games.__doc__ += "\n\n    " + ", ".join(games()) + "\n"
    __doc__ += "\nThe games of this libtriad: %s.\n" % ", ".join(games())


class PlayerId:
    """OpenSpiel's special player ids: current_player() is TERMINAL once the
    game is over."""
    TERMINAL = -4


def load_game(name, nplayers=None, **params):
    """The game called name for nplayers seats (None: the game's default).
    A variant of its rules by its game parameters, as `triad --game` takes
    them: load_game("tzaar:first=full"), or as keywords, load_game("tzaar",
    first="full", pie=1) (`triad help games` lists each game's).
    OpenSpiel's spelling load_game("talat", {"players": 3}) works too, and
    load_game("tzaar", {"first": "full"})."""
    if isinstance(nplayers, dict):
        params, nplayers = dict(nplayers), None
    if "players" in params:
        nplayers = params.pop("players")
    if params:
        items = ",".join("%s=%s" % (k, v) for k, v in sorted(params.items()))
        name = "%s%s%s" % (name, "," if ":" in name else ":", items)
    return Game(name, 0 if nplayers is None else nplayers)


class Game:
    """A game for a number of players (load_game makes one)."""

    def __init__(self, name, nplayers=0):
        nplayers = _lib.integer(nplayers, 0, _lib.INT_MAX, "load_game: nplayers")
        err = _lib.errbuf()
        ptr = _ct.c_void_p()
        _lib.check(_lib.lib.triad_game_load(_ct.byref(ptr), _lib.enc(name), nplayers, err, _lib.ERR_MAX), err)
        self._ptr = ptr
        self._free = _lib.lib.triad_game_free

    def __del__(self):
        if getattr(self, "_ptr", None):
            self._free(self._ptr)
            self._ptr = None

    def __repr__(self):
        return "triad.load_game(%r, nplayers=%d)" % (self.name, self.num_players())

    @property
    def name(self):
        return _lib.dec(_lib.lib.triad_game_name(self._ptr))

    def title(self):
        return _lib.dec(_lib.lib.triad_game_title(self._ptr))

    def rules_version(self):
        return _lib.dec(_lib.lib.triad_game_rules_version(self._ptr))

    def num_players(self):
        return _lib.lib.triad_game_num_players(self._ptr)

    def num_distinct_actions(self):
        """A bound on the number of legal actions of any state (action ids
        themselves are the game's own codes, not 0 .. this - 1)."""
        return _lib.lib.triad_game_max_actions(self._ptr)

    def max_utility(self):
        return _lib.lib.triad_game_score_max(self._ptr)

    def min_utility(self):
        return 0.0

    def setups(self):
        out, i = [], 0
        while True:
            s = _lib.lib.triad_game_setup_name(self._ptr, i)
            if s is None:
                return out
            out.append(_lib.dec(s))
            i += 1

    def default_setup(self):
        return _lib.dec(_lib.lib.triad_game_default_setup(self._ptr))

    def engine_signature(self):
        """The engine signature records carry, as 16 hex digits."""
        return "%016x" % _lib.lib.triad_game_engine_signature(self._ptr)

    def get_parameters(self):
        """Every game parameter and its value in this game, as text (the
        rulebook's unless load_game gave another): {"first": "full", "pie":
        "0"}; {} for a game without.  name is the canonical spec."""
        n = _lib.lib.triad_game_num_params(self._ptr)
        return {_lib.dec(_lib.lib.triad_game_param_name(self._ptr, i)):
                _lib.dec(_lib.lib.triad_game_param_value(self._ptr, i)) for i in range(n)}

    def base_name(self):
        """The registered game this one is, or is a variant of ("tzaar")."""
        return _lib.dec(_lib.lib.triad_game_base_name(self._ptr))

    def new_initial_state(self, seed=1, setup=None):
        """The start of a game: setup by name (None: the game's default),
        seed for a random setup; the start `triad show --setup SETUP --seed
        SEED` draws."""
        if isinstance(seed, str) and setup is None:  # OpenSpiel's new_initial_state(str)
            return self.new_initial_state_from_string(seed)
        seed = _lib.integer(seed, 0, _lib.UINT64_MAX, "new_initial_state: seed")
        err = _lib.errbuf()
        ptr = _ct.c_void_p()
        _lib.check(_lib.lib.triad_state_new(_ct.byref(ptr), self._ptr, _lib.enc(setup) if setup else None,
                                            seed, err, _lib.ERR_MAX), err)
        return State(self, ptr)

    def new_initial_state_from_string(self, text):
        """The state a position string describes (str(state) writes one)."""
        err = _lib.errbuf()
        ptr = _ct.c_void_p()
        _lib.check(_lib.lib.triad_state_from_text(_ct.byref(ptr), self._ptr, _lib.enc(text), err, _lib.ERR_MAX),
                   err)
        return State(self, ptr)


class State:
    """A position of a game, with OpenSpiel's methods."""

    def __init__(self, game, ptr, history=None):
        self._game = game  # keeps the game alive as long as the state
        self._ptr = ptr
        self._free = _lib.lib.triad_state_free
        self._buf = None
        self._history = list(history or [])

    def __del__(self):
        if getattr(self, "_ptr", None):
            self._free(self._ptr)
            self._ptr = None

    def get_game(self):
        return self._game

    def num_players(self):
        return self._game.num_players()

    def current_player(self):
        """The seat to act, or PlayerId.TERMINAL (-4) once over."""
        p = _lib.lib.triad_state_current_player(self._ptr)
        return PlayerId.TERMINAL if p < 0 else p

    def is_terminal(self):
        return bool(_lib.lib.triad_state_is_terminal(self._ptr))

    def is_chance_node(self):
        return False

    def legal_actions(self, player=None):
        """The legal actions in ascending order; [] once over, or for a
        player who is not to act."""
        if player is not None and player != self.current_player():
            return []
        if self._buf is None:
            self._buf = (_ct.c_uint32 * self._game.num_distinct_actions())()
        k = _lib.lib.triad_state_legal_actions(self._ptr, self._buf, len(self._buf))
        return list(self._buf[:k])

    def apply_action(self, action):
        action = _lib.integer(action, 0, _lib.UINT32_MAX, "apply_action: action")
        err = _lib.errbuf()
        _lib.check(_lib.lib.triad_state_apply(self._ptr, action, err, _lib.ERR_MAX), err)
        self._history.append(action)

    def history(self):
        """The actions applied to this state since it was made."""
        return list(self._history)

    def action_to_string(self, *args):
        """action_to_string(action) or OpenSpiel's (player, action): the legal
        action in the game's notation."""
        action = _lib.integer(args[-1], 0, _lib.UINT32_MAX, "action_to_string: action")
        buf = _ct.create_string_buffer(64)
        rc = _lib.lib.triad_state_action_text(self._ptr, action, buf, 64)
        _lib.check(rc, None, "action %d" % action)
        return _lib.dec(buf.value)

    def string_to_action(self, *args):
        """string_to_action(text) or (player, text): the legal action text names."""
        err = _lib.errbuf()
        a = _ct.c_uint32()
        _lib.check(_lib.lib.triad_state_parse_action(self._ptr, _lib.enc(args[-1]), _ct.byref(a), err,
                                                     _lib.ERR_MAX), err)
        return a.value

    def returns(self):
        """Every seat's score (TZAAR 1 for the winner; Talat points); all 0
        before the end, as OpenSpiel's."""
        out = (_ct.c_double * 4)()
        k = _lib.check(_lib.lib.triad_state_returns(self._ptr, out, 4))
        return list(out[:k])

    def ranks(self):
        """Every seat's final rank (0 first; ties share), once over."""
        out = (_ct.c_int * 4)()
        k = _lib.lib.triad_state_ranks(self._ptr, out, 4)
        if k == _lib.EOVER:  # the C code says "over or not yet"; here it is always not yet
            raise TriadError("ranks: the game is not over yet (ranks come at the end; returns() are 0 until then)",
                             k)
        return list(out[:_lib.check(k, None, "ranks")])

    def turns(self):
        return _lib.lib.triad_state_turns(self._ptr)

    def ending(self):
        """How the game ended ("none" before the end)."""
        return _lib.dec(_lib.lib.triad_state_ending(self._ptr))

    def board(self):
        """The position drawn as text (`triad show`)."""
        buf = _ct.create_string_buffer(16384)
        _lib.check(_lib.lib.triad_state_board_text(self._ptr, buf, 16384))
        return _lib.dec(buf.value)

    def clone(self):
        err = _lib.errbuf()
        ptr = _ct.c_void_p()
        _lib.check(_lib.lib.triad_state_clone(_ct.byref(ptr), self._ptr, err, _lib.ERR_MAX), err)
        return State(self._game, ptr, self._history)

    def __str__(self):
        buf = _ct.create_string_buffer(1024)
        _lib.check(_lib.lib.triad_state_text(self._ptr, buf, 1024))
        return _lib.dec(buf.value)

    def __repr__(self):
        return "<triad.State %s: %s>" % (self._game.name, str(self))


class Player:
    """A player from a spec `triad` takes ("ab:depth=2", "mcts:playouts=100",
    "random", "greedy"; `triad help players`), for any game: made for a
    state's game on first use (or at once, with game=...).  With no time
    limit a choice is a function of (spec, state, seed) alone."""

    def __init__(self, spec, game=None, seed=1):
        self.spec_text = spec
        self.seed = _lib.integer(seed, 0, _lib.UINT64_MAX, "Player: seed")
        self._players = {}
        if game is not None:
            self._for(game)

    def _for(self, game):
        key = (game.name, game.num_players())
        p = self._players.get(key)
        if p is None:
            err = _lib.errbuf()
            ptr = _ct.c_void_p()
            _lib.check(_lib.lib.triad_player_new(_ct.byref(ptr), game._ptr, _lib.enc(self.spec_text), err,
                                                 _lib.ERR_MAX), err)
            p = self._players[key] = (game, ptr)  # the game lives as long as its player
        return p[1]

    def __del__(self):
        for _game, ptr in getattr(self, "_players", {}).values():
            _lib.lib.triad_player_free(ptr)
        self._players = {}

    def spec(self, game):
        """The canonical spec for game (keys sorted, defaults filled in)."""
        return _lib.dec(_lib.lib.triad_player_spec(self._for(game)))

    def choose(self, state, seed=None):
        """The player's action for the seat to act in state.  A player that
        forfeits (an "engine" program's illegal answer, crash or timeout)
        raises TriadError with code -8 and the reason."""
        seed = self.seed if seed is None else _lib.integer(seed, 0, _lib.UINT64_MAX, "choose: seed")
        err = _lib.errbuf()
        a = _ct.c_uint32()
        _lib.check(_lib.lib.triad_player_choose(self._for(state.get_game()), state._ptr, seed, _ct.byref(a), err,
                                                _lib.ERR_MAX), err)
        return a.value

    def step(self, state):
        """OpenSpiel's Bot.step: the action to play in state."""
        return self.choose(state)
