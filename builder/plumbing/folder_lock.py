"""One process at a time changing a folder: an exclusive lock on a file in it, taken without
waiting (a second process is told at once, rather than left hanging behind a download), or,
with ``wait``, waited for (two data installs at once take turns: each change is short).

The system holds the lock, not a file's presence: a process that is killed, even outright,
lets it go, so a crash never leaves the folder locked. Core helper: no Qt, nothing of the game.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK_NAME = ".lock"


class Busy(Exception):
    """Another process holds the folder's lock."""


def _take(fd: int, wait: bool) -> None:
    if sys.platform == "win32":  # pragma: no cover - Windows only
        import errno
        import msvcrt

        while True:  # (LK_LOCK itself gives up after 10 s)
            try:
                msvcrt.locking(fd, msvcrt.LK_LOCK if wait else msvcrt.LK_NBLCK, 1)
                return
            except OSError as exc:
                if not wait or exc.errno != errno.EDEADLOCK:
                    raise
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)


@contextmanager
def folder_lock(folder: Path, name: str = LOCK_NAME, *, wait: bool = False) -> Iterator[None]:
    """Hold ``folder``'s lock (created, with the folder, when missing) for the ``with``
    block; :class:`Busy` at once when another process holds it, or (``wait``) once it lets
    it go."""
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder / name, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o666)
    try:
        try:
            _take(fd, wait)
        except OSError:
            if wait:  # (not taken by another: a lock this file system cannot give)
                raise
            raise Busy(str(folder)) from None
        yield
    finally:
        os.close(fd)  # closing lets the lock go
