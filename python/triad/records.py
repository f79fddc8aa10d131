"""triad.records — reading triad's records files (`triad selfplay`'s .trd)
from Python.  The binary format codes actions against the move generator,
so reading goes through libtriad: each game comes as the dict `triad
records export --format jsonl` writes for it (the same code makes both;
the keys are in docs/records.md, "Exporting").
"""
import ctypes as _ct
import json as _json
import warnings as _warnings

from . import _lib

__all__ = ["read", "info", "CorruptRecords"]


class CorruptRecords(_lib.TriadError):
    """A damaged block or game (read(errors="raise"))."""


class _Reader:
    def __init__(self, path):
        err = _lib.errbuf()
        self.ptr = _ct.c_void_p()
        _lib.check(_lib.lib.triad_records_open(_ct.byref(self.ptr), _lib.enc(path), err, _lib.ERR_MAX), err)

    def close(self):
        if self.ptr:
            _lib.lib.triad_records_close(self.ptr)
            self.ptr = None

    def __del__(self):
        self.close()

    def json(self, positions):
        err = _lib.errbuf()
        out = _ct.c_char_p()
        _lib.check(_lib.lib.triad_records_json(self.ptr, 1 if positions else 0, _ct.byref(out), err, _lib.ERR_MAX),
                   err)
        return _json.loads(out.value.decode("utf-8"))


def read(path, positions=False, errors="raise"):
    """Yields every game of the records file at path as a dict; positions:
    also the position string after every action ("positions").  A damaged
    block raises CorruptRecords (errors="raise"), or is skipped with a
    warning (errors="warn"), as `triad records cat` reports and skips it."""
    if errors not in ("raise", "warn"):
        raise ValueError("errors must be 'raise' or 'warn'")
    r = _Reader(path)
    try:
        err = _lib.errbuf()
        while True:
            rc = _lib.lib.triad_records_next(r.ptr, err, _lib.ERR_MAX)
            if rc == 0:
                return
            if rc < 0:
                msg = "%s: %s" % (path, _lib.dec(err.value))
                if errors == "raise":
                    raise CorruptRecords(msg, rc)
                _warnings.warn(msg)
                continue
            yield r.json(positions)
    finally:
        r.close()


def info(path):
    """The header of the file's first run as a dict (`triad records info`'s
    fields: game, rules_version, source, run_seed, setup, players, ...)."""
    r = _Reader(path)
    try:
        err = _lib.errbuf()
        out = _ct.c_char_p()
        _lib.check(_lib.lib.triad_records_run_json(r.ptr, _ct.byref(out), err, _lib.ERR_MAX), err)
        return _json.loads(out.value.decode("utf-8"))
    finally:
        r.close()
