"""Saving that a crash cannot half-do: lists, factions, autosaves and PDFs all go through here.

A save killed before its last rename leaves its temporary file (``.NAME.PID.XXXXXXXX.tmp``)
beside the target; the next save of that file, or the app opening a list in that folder (and
its autosaves' at start), removes such leftovers of ours (:func:`remove_leftovers`) once their
process is gone.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
import sys
import time
from pathlib import Path

from builder.i18n import _
from builder.plumbing.stops import stop_here

TEMP_NAME_CHARS = 40
"""How much of the target's name the temporary file's name repeats: a 253-byte name plus the
random part would pass the usual 255-byte limit of a file name."""
_TEMP = re.compile(r"\.(?P<name>.{1,40}?)\.(?:(?P<pid>\d{1,10})\.)?[0-9a-f]{8}\.tmp",
                   re.DOTALL)
"""``.NAME.PID.XXXXXXXX.tmp`` (NAME: the first TEMP_NAME_CHARS of the target's): a temporary
file of ours (``.NAME.XXXXXXXX.tmp`` before the process id was in it)."""
OLD_ENOUGH = 3600.0
"""Seconds after which a temporary file whose writer cannot be told is a leftover: no save
takes that long."""


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
    remove_leftovers(folder, of=target.name)
    fd, tmp = _new_temp(folder, target.name)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        if st is not None:
            _keep_owner_and_mode(tmp, st)
        stop_here("atomic:written")
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
        tmp = str(folder / f"{_temp_prefix(name)}{os.getpid()}.{secrets.token_hex(4)}.tmp")
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


def left_behind(pid: str, path: str | Path) -> bool:
    """Whether a temporary file or folder of ours at ``path``, named with the id ``pid`` of
    the process that made it ("" when its name has none), was left by a process that is gone
    (killed while saving or installing). Where that cannot be told (no pid in the name,
    Windows, another user's process), only when it is :data:`OLD_ENOUGH`."""
    if pid.isdigit() and int(pid) == os.getpid():
        return False  # this process's own, maybe being written now
    if pid.isdigit() and sys.platform != "win32":  # (on Windows os.kill would end it)
        try:
            os.kill(int(pid), 0)
            return False  # still running
        except ProcessLookupError:
            return True
        except OSError:
            return False  # another user's: running
    try:
        return time.time() - os.lstat(path).st_mtime > OLD_ENOUGH
    except OSError:
        return False


def remove_leftovers(folder: str | Path, *, of: str | None = None) -> list[str]:
    """Remove the temporary files our saves killed midway left in ``folder`` (of the file
    named ``of`` alone, when given; those of a save still running are kept); the names
    removed. A file of that form counts only when the file it was saving is there beside
    it."""
    prefix = _temp_prefix(of) if of is not None else "."
    try:
        with os.scandir(folder) as it:
            entries = [(e.name, e.path, e.is_file(follow_symlinks=False)) for e in it
                       if of is None or e.name.startswith(prefix) or e.name == of]
    except OSError:
        return []
    names = [name for name, _path, _file in entries]
    removed = []
    for name, path, is_file in entries:
        found = _TEMP.fullmatch(name) if is_file and name.startswith(prefix) \
            and name.endswith(".tmp") else None
        if found is None or not any(other.startswith(found["name"]) and other != name
                                    and not other.endswith(".tmp") for other in names):
            continue
        if left_behind(found["pid"] or "", path):
            try:
                os.unlink(path)
                removed.append(name)
            except OSError:
                pass
    return removed
