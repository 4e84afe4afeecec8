"""One process at a time changing a folder: an exclusive lock on a file in it, taken without
waiting (a second process is told at once, rather than left hanging behind a download).

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


def _take(fd: int) -> None:
    if sys.platform == "win32":  # pragma: no cover - Windows only
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


@contextmanager
def folder_lock(folder: Path, name: str = LOCK_NAME) -> Iterator[None]:
    """Hold ``folder``'s lock (created, with the folder, when missing) for the ``with``
    block; :class:`Busy` at once when another process holds it."""
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder / name, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o666)
    try:
        try:
            _take(fd)
        except OSError:
            raise Busy(str(folder)) from None
        yield
    finally:
        os.close(fd)  # closing lets the lock go
