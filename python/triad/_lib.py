"""_lib — loads libtriad.so and declares its C functions (include/triad.h).

The library is looked for, in order: $TRIAD_LIB (a path); libtriad.so
beside this file (`make python` puts it there); build/release/libtriad.so
of the checkout this module sits in; the system's (`make install`).
"""
import ctypes
import ctypes.util
import os

__all__ = ["lib", "TriadError", "ERR_MAX", "check", "errbuf", "integer"]

ERR_MAX = 256

# Status codes (include/triad.h)
OK, EARG, EILLEGAL, EOVER, ESPACE, ENOMEM, EIO, ECORRUPT, EFORFEIT = 0, -1, -2, -3, -4, -5, -6, -7, -8
_CODE_NAMES = {EARG: "bad argument", EILLEGAL: "illegal action", EOVER: "game over",
               ESPACE: "buffer too small", ENOMEM: "out of memory", EIO: "cannot read",
               ECORRUPT: "damaged records", EFORFEIT: "the player forfeited"}

# The C types' ranges: ctypes cuts a Python int to the low bits of the type
# silently (an action + 2**32 would play the action), so every integer is
# checked against its type before it is passed.
UINT32_MAX, UINT64_MAX, INT_MAX = 2**32 - 1, 2**64 - 1, 2**31 - 1


class TriadError(Exception):
    """An error libtriad reported: .code is the status (triad.h's TRIAD_E*),
    the message says what and where."""

    def __init__(self, message, code=EARG):
        super().__init__(message)
        self.code = code


def _candidates():
    here = os.path.dirname(os.path.abspath(__file__))
    env = os.environ.get("TRIAD_LIB")
    if env:
        yield env
        return
    yield os.path.join(here, "libtriad.so")
    yield os.path.join(here, "..", "..", "build", "release", "libtriad.so")
    found = ctypes.util.find_library("triad")
    if found:
        yield found


def _load():
    tried = []
    for path in _candidates():
        if os.path.sep in path and not os.path.exists(path):
            tried.append(path)
            continue
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
    raise ImportError("triad: libtriad.so not found (run `make python` in the triad checkout, or set "
                      "TRIAD_LIB); tried: " + ", ".join(tried))


lib = _load()

_c = ctypes
_sz = _c.c_size_t
_P = _c.c_void_p
_PP = _c.POINTER(_c.c_void_p)
_S = _c.c_char_p
_U32P = _c.POINTER(_c.c_uint32)


def _decl(name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)


_decl("triad_version", _S)
_decl("triad_api_version", _c.c_int)
_decl("triad_game_name_at", _S, _c.c_int)
_decl("triad_game_load", _c.c_int, _PP, _S, _c.c_int, _S, _sz)
_decl("triad_game_free", None, _P)
_decl("triad_game_name", _S, _P)
_decl("triad_game_title", _S, _P)
_decl("triad_game_rules_version", _S, _P)
_decl("triad_game_num_players", _c.c_int, _P)
_decl("triad_game_max_actions", _c.c_int, _P)
_decl("triad_game_score_max", _c.c_double, _P)
_decl("triad_game_setup_name", _S, _P, _c.c_int)
_decl("triad_game_default_setup", _S, _P)
_decl("triad_game_engine_signature", _c.c_uint64, _P)
_decl("triad_game_num_params", _c.c_int, _P)
_decl("triad_game_param_name", _S, _P, _c.c_int)
_decl("triad_game_param_value", _S, _P, _c.c_int)
_decl("triad_game_base_name", _S, _P)
_decl("triad_state_new", _c.c_int, _PP, _P, _S, _c.c_uint64, _S, _sz)
_decl("triad_state_from_text", _c.c_int, _PP, _P, _S, _S, _sz)
_decl("triad_state_clone", _c.c_int, _PP, _P, _S, _sz)
_decl("triad_state_free", None, _P)
_decl("triad_state_current_player", _c.c_int, _P)
_decl("triad_state_is_terminal", _c.c_int, _P)
_decl("triad_state_legal_actions", _c.c_int, _P, _U32P, _c.c_int)
_decl("triad_state_apply", _c.c_int, _P, _c.c_uint32, _S, _sz)
_decl("triad_state_parse_action", _c.c_int, _P, _S, _U32P, _S, _sz)
_decl("triad_state_action_text", _c.c_int, _P, _c.c_uint32, _S, _sz)
_decl("triad_state_text", _c.c_int, _P, _S, _sz)
_decl("triad_state_board_text", _c.c_int, _P, _S, _sz)
_decl("triad_state_returns", _c.c_int, _P, _c.POINTER(_c.c_double), _c.c_int)
_decl("triad_state_ranks", _c.c_int, _P, _c.POINTER(_c.c_int), _c.c_int)
_decl("triad_state_turns", _c.c_int, _P)
_decl("triad_state_ending", _S, _P)
_decl("triad_player_new", _c.c_int, _PP, _P, _S, _S, _sz)
_decl("triad_player_free", None, _P)
_decl("triad_player_spec", _S, _P)
_decl("triad_player_choose", _c.c_int, _P, _P, _c.c_uint64, _U32P, _S, _sz)
_decl("triad_records_open", _c.c_int, _PP, _S, _S, _sz)
_decl("triad_records_close", None, _P)
_decl("triad_records_next", _c.c_int, _P, _S, _sz)
_decl("triad_records_json", _c.c_int, _P, _c.c_int, _c.POINTER(_S), _S, _sz)
_decl("triad_records_run_json", _c.c_int, _P, _c.POINTER(_S), _S, _sz)


def integer(value, low, high, what):
    """value as a Python int within [low, high]; ValueError otherwise (a
    float, a string or a bool is not taken for an integer, and no value is
    cut to fit a C type).  Anything with __index__ (numpy's integers) counts."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise ValueError("%s must be an integer in %d..%d, not %r" % (what, low, high, value))
    v = value.__index__()
    if not low <= v <= high:
        raise ValueError("%s must be an integer in %d..%d, not %d" % (what, low, high, v))
    return v


def errbuf():
    return ctypes.create_string_buffer(ERR_MAX)


def check(rc, err=None, what=""):
    """Raises TriadError for a negative status; returns rc otherwise."""
    if rc >= 0:
        return rc
    msg = err.value.decode("utf-8", "replace") if err is not None and err.value else _CODE_NAMES.get(rc, "error")
    raise TriadError((what + ": " if what else "") + msg, rc)


def enc(text):
    if isinstance(text, bytes):
        return text
    return str(text).encode("utf-8")


def dec(raw):
    return raw.decode("utf-8", "replace") if raw is not None else None
