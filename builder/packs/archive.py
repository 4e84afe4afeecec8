"""``.swpack`` files (SPEC §8): a pack folder zipped.

Reading one, every limit is checked on the zip's own directory before anything is written:
at most :data:`MAX_ENTRIES` entries and :data:`MAX_UNPACKED` bytes unpacked, no absolute
paths, no ``..``, no links, no duplicate names, no file more than :data:`MAX_DEPTH` folders
deep and no name longer than :data:`MAX_NAME_BYTES` bytes. Unpacking then counts what really
comes out, so an entry that lies about its size is stopped at what it declared.

Building one is reproducible: the same folder gives the same bytes (entries sorted, fixed
times and permissions).
"""

from __future__ import annotations

import io
import os
import re
import stat
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from builder.data.errors import DataError, Problem
from builder.i18n import _
from builder.model.base import quote

MiB = 1024 * 1024
MAX_ENTRIES = 1000
MAX_UNPACKED = 50 * MiB
MAX_DEPTH = 16
"""Folders a pack's file may sit in (``factions/soimi/2008/soimi.yaml`` is 3 deep): deeper
is refused before unpacking, as a name too long for a file system is."""
MAX_NAME_BYTES = 255
"""The longest name of a file or folder most file systems allow (in UTF-8 bytes)."""
FIXED_TIME = (2000, 1, 1, 0, 0, 0)
"""Every entry's time in a built pack (zip times start in 1980; any fixed time will do)."""
_CHUNK = 256 * 1024
_DRIVE = re.compile(r"^[A-Za-z]:")


class PackProblems(DataError):
    """A pack refused whole: every problem found, each naming the pack and the entry, in the
    order found (file by file; each file's own problems in its order)."""

    def __init__(self, found: list[Problem]) -> None:  # noqa: D107 (no reordering, no cap)
        if not found:
            raise ValueError("PackProblems needs at least one problem")
        self.more = 0
        self.problems = list(found)
        Exception.__init__(self, "\n".join(str(p) for p in self.problems))


def problems(label: str, messages: Iterable[str]) -> PackProblems:
    return PackProblems([Problem(label, 0, 0, m) for m in messages])


def entry_problem(name: str) -> str | None:
    """Why an entry name cannot be unpacked (None when it can): an absolute path, a drive,
    ``..``, a backslash, a control character."""
    if not name or name.startswith(("/", "\\")) or _DRIVE.match(name):
        return _("entry {name} is an absolute path").format(name=quote(name))
    if "\\" in name:
        return _("entry {name} holds a backslash; a pack's paths use /").format(name=quote(name))
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        return _("entry {name} holds a control character").format(name=quote(name))
    parts = name.rstrip("/").split("/")
    if ".." in parts:
        return _("entry {name} climbs out of the pack with '..'").format(name=quote(name))
    if any(p in ("", ".") for p in parts):
        return _("entry {name} is not a plain relative path").format(name=quote(name))
    return path_problem(_("entry {name}").format(name=quote(name)), parts,
                        folders=len(parts) - (0 if name.endswith("/") else 1))


def path_problem(what: str, parts: list[str], folders: int) -> str | None:
    """Why a file or folder of a pack (``what``: "entry 'x'", "'x'") cannot be written: more
    than :data:`MAX_DEPTH` folders deep, or a name longer than :data:`MAX_NAME_BYTES`."""
    if folders > MAX_DEPTH:
        return _("{what} is {depth} folders deep; a pack's files are at most {limit} folders "
                 "deep").format(what=what, depth=f"{folders:,}", limit=MAX_DEPTH)
    if any(len(p.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES for p in parts):
        return _("{what} has a name longer than {limit} bytes; no file system takes it").format(
            what=what, limit=MAX_NAME_BYTES)
    return None


def _is_link(info: zipfile.ZipInfo) -> bool:
    mode = info.external_attr >> 16
    return stat.S_ISLNK(mode) if mode else False


@dataclass(frozen=True)
class Listing:
    """A zip's entries, checked: the files to unpack (directories left out)."""

    files: list[zipfile.ZipInfo]
    unpacked: int


def check_listing(zf: zipfile.ZipFile, label: str) -> Listing:
    """Every limit of SPEC §8, from the zip's directory alone; a :class:`PackProblems` naming
    every broken entry otherwise."""
    infos = zf.infolist()
    found: list[str] = []
    if len(infos) > MAX_ENTRIES:
        found.append(_("{count} entries; a pack holds at most {limit}").format(
            count=len(infos), limit=MAX_ENTRIES))
        raise problems(label, found)
    seen: dict[str, str] = {}
    total = 0
    files = []
    for info in infos:
        name = info.filename
        problem = entry_problem(name)
        if problem is not None:
            found.append(problem)
            continue
        if _is_link(info):
            found.append(_("entry {name} is a link; a pack holds no links").format(
                name=quote(name)))
            continue
        if info.flag_bits & 0x1:
            found.append(_("entry {name} is encrypted").format(name=quote(name)))
            continue
        key = name.rstrip("/").casefold()
        if key in seen:
            found.append(_("entry {name} is in the pack twice (as {other})").format(
                name=quote(name), other=quote(seen[key])))
            continue
        seen[key] = name
        if info.is_dir():
            continue
        total += info.file_size
        files.append(info)
    if total > MAX_UNPACKED:
        found.append(_("unpacks to {size} MiB; a pack is at most {limit} MiB").format(
            size=round(total / MiB, 1), limit=MAX_UNPACKED // MiB))
    for info in files:  # a file where another entry needs a folder: a/b and a/b/c
        parent = str(PurePosixPath(info.filename).parent).casefold()
        while parent not in (".", ""):
            if parent in seen and not seen[parent].endswith("/"):
                found.append(_("entry {name} is inside {other}, which is a file").format(
                    name=quote(info.filename), other=quote(seen[parent])))
                break
            parent = str(PurePosixPath(parent).parent)
    if found:
        raise problems(label, found)
    return Listing(files, total)


def open_zip(source: str | Path | bytes, label: str) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(io.BytesIO(source) if isinstance(source, bytes) else source)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError) as exc:
        raise problems(label, [_("not a .swpack (zip) file: {problem}").format(
            problem=exc)]) from None


def unpack(source: str | Path | bytes, dest: Path, label: str) -> None:
    """Check the zip's directory, then unpack it into the empty folder ``dest``, counting what
    comes out: an entry that yields more than it declared, or a total past the limit, stops
    it (``dest`` is then the caller's to remove)."""
    with open_zip(source, label) as zf:
        listing = check_listing(zf, label)
        written = 0
        for info in listing.files:
            if any(part.startswith(".") for part in info.filename.split("/")):
                continue  # hidden files (.DS_Store, ._x.yaml) are not part of a pack
            target = dest.joinpath(*info.filename.split("/"))
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                with zf.open(info) as src, open(target, "xb") as out:
                    left = info.file_size
                    while True:
                        chunk = src.read(min(_CHUNK, left + 1))
                        if not chunk:
                            break
                        left -= len(chunk)
                        written += len(chunk)
                        if left < 0 or written > MAX_UNPACKED:
                            raise problems(label, [_(
                                "entry {name} unpacks to more than it declares").format(
                                    name=quote(info.filename))])
                        out.write(chunk)
            except (zipfile.BadZipFile, NotImplementedError, EOFError, OSError,
                    RuntimeError) as exc:
                raise problems(label, [_("entry {name} cannot be unpacked: {problem}").format(
                    name=quote(info.filename), problem=exc)]) from None


def folder_files(folder: Path) -> tuple[list[str], list[str]]:
    """The files of a pack folder as relative paths with ``/``, sorted, and what is wrong
    with it (a link, a special file, a folder that cannot be read, past the limits). Hidden
    files and folders (``.git``) are not part of a pack: they are neither checked, built,
    installed nor unpacked."""
    found: list[str] = []
    wrong: list[str] = []
    total = 0
    pending = [(folder, "")]
    while pending:
        current, prefix = pending.pop()
        try:
            with os.scandir(current) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            wrong.append(_("{path} cannot be read: {problem}").format(
                path=prefix or ".", problem=exc.strerror or exc))
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            rel = prefix + entry.name
            if entry.is_symlink():
                wrong.append(_("{path} is a link; a pack holds no links").format(path=quote(rel)))
            elif entry.is_dir(follow_symlinks=False):
                problem = path_problem(quote(rel), rel.split("/"), rel.count("/") + 1)
                if problem is not None:  # (not gone into: nothing deeper is read)
                    wrong.append(problem)
                    continue
                pending.append((Path(entry.path), rel + "/"))
            elif entry.is_file(follow_symlinks=False):
                found.append(rel)
                total += entry.stat(follow_symlinks=False).st_size
            else:
                wrong.append(_("{path} is not a regular file").format(path=quote(rel)))
    if len(found) > MAX_ENTRIES:
        wrong.append(_("{count} files; a pack holds at most {limit}").format(
            count=len(found), limit=MAX_ENTRIES))
    if total > MAX_UNPACKED:
        wrong.append(_("{size} MiB of files; a pack is at most {limit} MiB").format(
            size=round(total / MiB, 1), limit=MAX_UNPACKED // MiB))
    return sorted(found), wrong


def build_bytes(folder: Path, files: list[str]) -> bytes:
    """The ``.swpack`` of ``files`` (relative to ``folder``): entries sorted, each with the
    same time and permissions, so the same folder always gives the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for rel in sorted(files):
            info = zipfile.ZipInfo(rel, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (stat.S_IFREG | 0o644) << 16
            info.create_system = 3  # Unix, so that the permissions above are read as such
            zf.writestr(info, (folder / rel).read_bytes(), compresslevel=9)
    return out.getvalue()
