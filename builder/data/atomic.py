"""Saving that a crash cannot half-do: lists, factions, autosaves and PDFs all go through here."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: str | Path, data: str | bytes) -> None:
    """Write ``data`` (text is written as UTF-8 with ``\n`` line ends) so that a crash leaves
    either the old file or the new one, never half of one.

    The temporary file is in the same folder (same file system), flushed and fsynced, then
    moved over the target with ``os.replace``, which is atomic on POSIX and Windows. The
    target's permissions are kept; a new file gets 0644.
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            os.chmod(tmp, target.stat().st_mode & 0o777)
        except FileNotFoundError:
            os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
