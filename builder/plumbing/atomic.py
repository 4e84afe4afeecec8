"""Saving that a crash cannot half-do: lists, factions, autosaves and PDFs all go through here."""

from __future__ import annotations

import errno
import os
import secrets
import stat
from pathlib import Path

from builder.i18n import _

TEMP_NAME_CHARS = 40
"""How much of the target's name the temporary file's name repeats: a 253-byte name plus the
random part would pass the usual 255-byte limit of a file name."""


class ReadOnlyError(PermissionError):
    """The file to replace is read-only; ``write_atomic(..., replace_read_only=True)`` replaces
    it anyway (the app asks first)."""

    def __init__(self, path: str | Path):
        super().__init__(errno.EACCES, _("the file is read-only; not replacing it"), str(path))


def write_atomic(path: str | Path, data: str | bytes, *, replace_read_only: bool = False
                 ) -> None:
    """Write ``data`` (text is written as UTF-8 with ``\n`` line ends) so that a crash leaves
    either the old file or the new one, never half of one.

    The temporary file is in the same folder (same file system), flushed and fsynced, then
    moved over the target with ``os.replace``, which is atomic on POSIX and Windows. A file
    replaced keeps its permissions (and its group and owner where the user may set them); a
    new file gets the permissions the user's umask gives any new file (0644 with the usual
    umask 022, 0600 with 077: a private list stays private). A symbolic link is followed: the file
    it points to is replaced and the link stays. A read-only file is not replaced unless
    ``replace_read_only`` (:class:`ReadOnlyError`); nor is anything but a regular file.
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    target = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)
    try:
        st: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        st = None
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(errno.EISDIR, _("is a folder"), str(path))
        if not stat.S_ISREG(st.st_mode):
            raise OSError(errno.EINVAL, _("is not a regular file; not replacing it"), str(path))
        if not replace_read_only and _read_only(target, st):
            raise ReadOnlyError(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp = _new_temp(folder, target.name)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        if st is not None:
            _keep_owner_and_mode(tmp, st)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def _new_temp(folder: Path, name: str) -> tuple[int, str]:
    """A new, empty temporary file beside the target, opened for writing. It is created with
    mode 0666, which the system narrows by the user's umask, as for any new file
    (``tempfile.mkstemp`` makes 0600 files, and reading the umask means setting it: a race
    with any other thread creating a file at that moment)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) \
        | getattr(os, "O_NOFOLLOW", 0)
    for _attempt in range(100):
        tmp = str(folder / f"{_temp_prefix(name)}{secrets.token_hex(4)}.tmp")
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, _("no free temporary file name"), str(folder))


def _keep_owner_and_mode(tmp: str, old: os.stat_result) -> None:
    """The replaced file's permissions on its replacement, and its owner and group where the
    user may give them (root saving a user's list; a list in a folder shared by a group)."""
    if hasattr(os, "chown"):
        mine = os.stat(tmp)
        if (mine.st_uid, mine.st_gid) != (old.st_uid, old.st_gid):
            try:
                os.chown(tmp, old.st_uid, old.st_gid)
            except OSError:
                pass  # not allowed: the new file stays the user's own
    os.chmod(tmp, stat.S_IMODE(old.st_mode))


def _read_only(path: Path, st: os.stat_result) -> bool:
    """Read-only for the user: no write permission, or (for root, who may write anyway) no
    write bit at all."""
    return not os.access(path, os.W_OK) or not st.st_mode & (stat.S_IWUSR | stat.S_IWGRP
                                                             | stat.S_IWOTH)


def _temp_prefix(name: str) -> str:
    """``.NAME.`` with NAME cut to TEMP_NAME_CHARS characters (at most 4 bytes each in UTF-8)."""
    return f".{name[:TEMP_NAME_CHARS]}."
