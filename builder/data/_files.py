"""Reading files from strangers (a club mate's faction, a tournament entry) and walking folders.

UTF-8 only, a size cap checked before reading; only regular files are opened, and without
blocking (a FIFO or a device never makes the program wait); whatever cannot be read is named
in a ``FILE: message`` of its own, never skipped without a word.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path

from builder.data.errors import DataError
from builder.i18n import _

MiB = 1024 * 1024


_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_BINARY", 0))


def read_text(path: str | Path, max_bytes: int) -> str:
    """The file's text, refusing what is too large, not a regular file, or not UTF-8.

    Only a regular file is ever opened, and without blocking: a FIFO, a device, a socket, a
    folder, a dangling or looping link is refused by name before anything waits on it.
    """
    st = check_regular(path)
    if st.st_size > max_bytes:
        _too_large(path, max_bytes)
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        raise DataError.of_file(path, _os_problem(exc)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced since the check
            raise DataError.of_file(path, _("is not a regular file; refusing to read it"))
        chunks: list[bytes] = []
        total = 0
        while total <= max_bytes:  # +1 byte past the limit: notice a file that grew
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except BlockingIOError:
        raise DataError.of_file(path, _("cannot be read without waiting; refusing to read "
                                        "it")) from None
    except OSError as exc:
        raise DataError.of_file(path, _os_problem(exc)) from None
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > max_bytes:
        _too_large(path, max_bytes)
    return decode_text(path, raw)


def check_regular(path: str | Path) -> os.stat_result:
    """``os.stat`` of ``path`` when it is a regular file (links followed), else a DataError
    that says what it is instead."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        if os.path.lexists(path):
            raise DataError.of_file(path, _("is a link to something that does not exist "
                                            "(a dangling link)")) from None
        raise DataError.of_file(path, _("no such file")) from None
    except OSError as exc:
        raise DataError.of_file(path, _os_problem(exc)) from None
    except ValueError:  # a NUL byte in the name
        raise DataError.of_file(path, _("is not a valid file name")) from None
    if stat.S_ISREG(st.st_mode):
        return st
    if stat.S_ISDIR(st.st_mode):
        if not os.access(path, os.R_OK | os.X_OK):
            raise DataError.of_file(path, _("is a folder that cannot be read (permission "
                                            "denied)"))
        raise DataError.of_file(path, _("is a folder, not a file"))
    raise DataError.of_file(path, _kind(st.st_mode))


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
    return _("cannot be read: {problem}").format(problem=exc.strerror or exc)


def _too_large(path: str | Path, max_bytes: int) -> None:
    if max_bytes >= MiB:
        message = _("file is larger than {size} MiB; refusing to read it")
    else:
        message = _("file is larger than {size} bytes; refusing to read it")
    raise DataError.of_file(path, message.format(size=max_bytes // MiB if max_bytes >= MiB
                                                 else max_bytes))


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
