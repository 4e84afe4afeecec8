"""Whether a file changed on disk since the program read or wrote it.

Two windows on the same list, or an editor outside, would otherwise save over each other
without a word. :class:`DiskState` notes what the file was like; :meth:`DiskState.changed_since`
tells whether it is different now. The file's status (device, inode, size, modification time)
is compared first; only when that differs is the content read and compared, so that a file
merely touched, or copied back unchanged, does not count as changed. Core module: no Qt.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from builder.plumbing.reading import Unreadable, read_bytes

MAX_COMPARED_BYTES = 64 * 1024 * 1024
"""A file larger than this counts as changed when its status changed (not read to compare)."""


def _status(path: Path) -> tuple[int, int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


def _digest(path: Path) -> str | None:
    """The SHA-256 of a regular file's bytes; None for anything else (a FIFO is never waited
    on), a file larger than MAX_COMPARED_BYTES or one that cannot be read."""
    try:
        return hashlib.sha256(read_bytes(path, MAX_COMPARED_BYTES)).hexdigest()
    except Unreadable:
        return None


@dataclass(frozen=True)
class DiskState:
    """What a file was like when it was last read or written by us."""

    status: tuple[int, int, int, int] | None
    """(device, inode, size, modification time in ns), None when it could not be read."""
    digest: str | None
    """SHA-256 of its bytes, None when it could not be read."""

    @classmethod
    def of(cls, path: str | Path) -> DiskState:
        """The file as it is now (take it *before* reading the file: a change made while it
        is read is then noticed, at worst once too often, never missed)."""
        return cls(_status(Path(path)), _digest(Path(path)))

    def changed_since(self, path: str | Path) -> DiskState | None:
        """The file's state now when it differs from this one, else None. A file that is
        gone does not count as changed (saving makes it again)."""
        status = _status(Path(path))
        if status is None or status == self.status:
            return None
        now = DiskState(status, _digest(Path(path)))
        if now.digest is not None and now.digest == self.digest:
            return None
        return now


class Watched:
    """The open file's state as last read or written, and the change last asked about, so
    that one change is asked about once when the user comes back to the window (saving asks
    every time)."""

    def __init__(self) -> None:
        self.state: DiskState | None = None
        self.asked: DiskState | None = None

    def remember(self, path: str | Path | None, state: DiskState | None = None) -> None:
        """``path`` was read (``state``: as taken before reading) or written; None: no file."""
        self.state = (state or DiskState.of(path)) if path is not None else None
        self.asked = None

    def changed(self, path: str | Path, *, again: bool = False) -> bool:
        """Whether the file changed since it was remembered; a change already asked about
        counts only ``again`` (when saving). The change is noted as asked about."""
        now = self.state.changed_since(path) if self.state is not None else None
        if now is None or (now == self.asked and not again):
            return False
        self.asked = now
        return True
