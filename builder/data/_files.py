"""Reading files from strangers (a club mate's faction, a tournament entry) and walking folders.

UTF-8 only, a size cap checked before reading; only regular files are opened, and without
blocking (a FIFO or a device never makes the program wait): the one guarded reader,
:mod:`builder.plumbing.reading`, with its refusals as a ``FILE: message`` of their own.
Whatever cannot be read is named, never skipped without a word.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path

from builder.data.errors import DataError
from builder.i18n import _
from builder.plumbing.reading import MiB, Unreadable, read_bytes

__all__ = ["MiB", "decode_text", "read_text", "yaml_files"]


def read_text(path: str | Path, max_bytes: int) -> str:
    """The file's text, refusing what is too large, not a regular file, or not UTF-8
    (a :class:`DataError` naming the file)."""
    try:
        raw = read_bytes(path, max_bytes)
    except Unreadable as exc:
        raise DataError.of_file(path, exc.message) from None
    return decode_text(path, raw)


def yaml_files(folder: str | Path, accept: Callable[[str], bool] = lambda name: True,
               *, suffixes: tuple[str, ...] = (".yaml",), any_case: bool = False,
               skipped: list[Path] | None = None) -> list[Path]:
    """Every ``*.yaml`` under ``folder`` whose name ``accept`` takes, plus every entry that
    cannot be told apart or read, in a stable order; ``folder`` itself when it is not a folder.

    ``suffixes`` and ``any_case`` widen the names taken (``.yml``, ``.YAML``: SPEC §6 for
    submitted lists); ``skipped``, when given, receives every other plain file of the folder.

    Nothing is skipped without a word: what is not a readable regular file (a folder named
    ``*.yaml``, a FIFO, a device, a dangling or looping link, a sub-folder that cannot be
    listed) is in the result, so that the loader names it and the command exits 2. Links to
    folders are followed once (a link back to a folder already searched is not searched
    again). No file is opened here.
    """
    root = Path(folder)
    try:
        st = os.stat(root)
    except (OSError, ValueError):
        return [root]
    if not stat.S_ISDIR(st.st_mode):
        return [root]
    found: list[Path] = []
    seen = {(st.st_dev, st.st_ino)}
    pending = [root]
    while pending:
        current = pending.pop()
        try:
            with os.scandir(current) as it:
                entries = list(it)
        except OSError:
            found.append(current)  # cannot be listed: the loader says why
            continue
        for entry in entries:
            name = entry.name.lower() if any_case else entry.name
            wanted = name.endswith(suffixes) and accept(entry.name)
            try:
                if entry.is_file(follow_symlinks=False):  # a plain file: no stat needed
                    if wanted:
                        found.append(Path(entry.path))
                    elif skipped is not None:
                        skipped.append(Path(entry.path))
                    continue
            except OSError:
                pass
            path = Path(entry.path)
            try:
                target = entry.stat()  # follows links
            except OSError:  # a dangling or looping link, or no permission
                found.append(path)
                continue
            if stat.S_ISDIR(target.st_mode):
                if wanted:
                    found.append(path)  # a folder named *.yaml: said so, and searched too
                key = (target.st_dev, target.st_ino)
                if key not in seen:
                    seen.add(key)
                    pending.append(path)
            elif wanted:
                found.append(path)
    return sorted(found, key=_parts)  # Path's own order, each path's parts split once


def _parts(path: Path) -> tuple[str, ...]:
    return path.parts


def decode_text(path: str | Path, raw: bytes) -> str:
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DataError.single(
            path,
            _("not valid UTF-8 text (byte 0x{byte:02x}); is this a binary file?").format(
                byte=raw[exc.start]),
            line,
            column,
        ) from None
