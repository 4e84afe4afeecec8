"""The one guarded reader: every file the program reads from a user's disk comes through here.

Files come from strangers (a club mate's faction, a game file beside a list, a pack folder
copied in by hand), and so do the names that lead to them: a FIFO, a device, a link to
``/dev/zero``, a folder where a file should be. So only a regular file is ever opened, and
without blocking (a FIFO or a device never makes the program wait); its size is checked
before it is read, and what is read stops one byte past the cap (a file that grows meanwhile);
JSON is measured before it is parsed (how deep it nests, how long its numbers are), so that no
file can exhaust the recursion, the memory or the time of the program. Whatever cannot be read
is an :class:`Unreadable` naming what it is, in the user's words.

Below every package that reads files (the data's loaders wrap it in their ``FILE: message``
errors). Core module: no Qt.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from itertools import accumulate
from pathlib import Path
from typing import Any

from builder.i18n import _

MiB = 1024 * 1024
MAX_JSON_DEPTH = 64
"""Lists and mappings inside one another in a JSON file we read (ours nest four deep)."""
MAX_JSON_DIGITS = 30
"""Digits of a number in a JSON file we read (Python refuses 4,300 with a ValueError)."""

_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_BINARY", 0))


class Unreadable(Exception):
    """A file that cannot be read, or is not what it should be: ``path`` and ``message``
    (our words, without the path: callers put it in their own ``FILE: message``)."""

    def __init__(self, path: str | Path, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = str(path)
        self.message = message


def check_regular(path: str | Path) -> os.stat_result:
    """``os.stat`` of ``path`` when it is a regular file (links followed), else
    :class:`Unreadable` saying what it is instead."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        if os.path.lexists(path):
            raise Unreadable(path, _("is a link to something that does not exist "
                                     "(a dangling link)")) from None
        raise Unreadable(path, _("no such file")) from None
    except OSError as exc:
        raise Unreadable(path, _os_problem(exc)) from None
    except ValueError:  # a NUL byte in the name
        raise Unreadable(path, _("is not a valid file name")) from None
    if stat.S_ISREG(st.st_mode):
        return st
    if stat.S_ISDIR(st.st_mode):
        if not os.access(path, os.R_OK | os.X_OK):
            raise Unreadable(path, _("is a folder that cannot be read (permission denied)"))
        raise Unreadable(path, _("is a folder, not a file"))
    raise Unreadable(path, _kind(st.st_mode))


def read_bytes(path: str | Path, max_bytes: int, *, head: bool = False) -> bytes:
    """The file's bytes, refusing what is larger than ``max_bytes`` or not a regular file
    (:class:`Unreadable`). ``head``: its first ``max_bytes`` bytes, however large it is (to
    tell what kind of file it is).

    Only a regular file is ever opened, and without blocking: a FIFO, a device, a socket, a
    folder, a dangling or looping link is refused by name before anything waits on it.
    """
    st = check_regular(path)
    if st.st_size > max_bytes and not head:
        _too_large(path, max_bytes)
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        raise Unreadable(path, _os_problem(exc)) from None
    except ValueError:
        raise Unreadable(path, _("is not a valid file name")) from None
    want = max_bytes if head else max_bytes + 1  # +1 byte past the limit: a file that grew
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced since the check
            raise Unreadable(path, _("is not a regular file; refusing to read it"))
        chunks: list[bytes] = []
        total = 0
        while total < want:
            chunk = os.read(fd, min(1 << 20, want - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except BlockingIOError:
        raise Unreadable(path, _("cannot be read without waiting; refusing to read it")
                         ) from None
    except OSError as exc:
        raise Unreadable(path, _os_problem(exc)) from None
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > max_bytes:
        _too_large(path, max_bytes)
    return raw


def load_json(path: str | Path, max_bytes: int, *, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """The JSON document in ``path``, read with :func:`read_bytes` and parsed with
    :func:`parse_json`; every problem an :class:`Unreadable`."""
    raw = read_bytes(path, max_bytes)
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Unreadable(path, _("not valid UTF-8 text (byte 0x{byte:02x}); is this a binary "
                                 "file?").format(byte=raw[exc.start])) from None
    try:
        return parse_json(text, max_depth=max_depth)
    except ValueError as exc:
        raise Unreadable(path, str(exc)) from None


class _Refused(Exception):
    """Raised by the parser's hooks (not a ValueError: the parser's own errors are)."""


def parse_json(text: str, *, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """JSON text parsed within limits: at most ``max_depth`` lists and mappings inside one
    another (measured before parsing: the parser recurses once a level), numbers of at most
    :data:`MAX_JSON_DIGITS` digits, no ``NaN`` or ``Infinity``. A ValueError in our words
    otherwise."""
    depth = json_depth(text, max_depth)
    if depth > max_depth:
        raise ValueError(_("not a file of ours: lists or mappings nested more than {limit} "
                           "deep").format(limit=max_depth))
    try:
        return json.loads(text, parse_int=_whole, parse_float=_decimal,
                          parse_constant=_constant)
    except _Refused as exc:
        raise ValueError(str(exc)) from None
    except json.JSONDecodeError as exc:
        raise ValueError(_("not valid JSON (line {line}, column {column})").format(
            line=exc.lineno, column=exc.colno)) from None
    except RecursionError:  # (cannot happen within the depth measured; kept as a guard)
        raise ValueError(_("not a file of ours: lists or mappings nested too deep")) from None


_JSON_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+\\?(?:"|\Z)', re.DOTALL)
"""A JSON string, or what is left of one that never ends (so that every string is skipped in
one pass: were an unterminated one not matched, each of its quotes would start a new search to
the end of the text, and ``"\\"\\"\\…`` would take the square of its length)."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_CHUNK = 1 << 16


def json_depth(text: str, limit: int) -> int:
    """How deep the lists and mappings of ``text`` nest (strings skipped), measured in time
    linear in its length; past ``limit``, the measure may stop at any depth above it."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    depth = deepest = 0
    for start in range(0, len(brackets), _CHUNK):
        steps = list(accumulate(map(_STEP.__getitem__, brackets[start:start + _CHUNK]),
                                initial=depth))
        deepest = max(deepest, max(steps))
        if deepest > limit:
            break
        depth = steps[-1]
    return deepest


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_JSON_DIGITS:
        raise _Refused(_("not a file of ours: a number of {digits} digits").format(
            digits=f"{len(digits.lstrip('-')):,}"))
    return int(digits)


def _decimal(text: str) -> float:
    if len(text) > MAX_JSON_DIGITS + 10:
        raise _Refused(_("not a file of ours: a number of {digits} digits").format(
            digits=f"{len(text):,}"))
    return float(text)


def _constant(name: str) -> Any:
    raise _Refused(_("not valid JSON: {name} is not a number JSON knows").format(name=name))


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return _("is a named pipe (FIFO), not a regular file; refusing to read it")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("is a device, not a regular file; refusing to read it")
    if stat.S_ISSOCK(mode):
        return _("is a socket, not a regular file; refusing to read it")
    return _("is a special file, not a regular file; refusing to read it")


def _os_problem(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return _("is a link that loops back on itself (a link loop)")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return _("cannot be read: permission denied")
    if exc.errno == errno.ENAMETOOLONG:
        return _("cannot be read: the name is too long")
    if exc.errno == errno.ENOTDIR:
        return _("cannot be read: a folder on its way is a file")
    return _("cannot be read: {problem}").format(problem=exc.strerror or exc)


def _too_large(path: str | Path, max_bytes: int) -> None:
    if max_bytes >= MiB:
        message = _("file is larger than {size} MiB; refusing to read it")
    else:
        message = _("file is larger than {size} bytes; refusing to read it")
    raise Unreadable(path, message.format(size=max_bytes // MiB if max_bytes >= MiB
                                          else max_bytes))


__all__ = ["MAX_JSON_DEPTH", "MAX_JSON_DIGITS", "MiB", "Unreadable", "check_regular",
           "json_depth", "load_json", "parse_json", "read_bytes"]
