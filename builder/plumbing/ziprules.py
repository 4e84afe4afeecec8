"""The zip rules of SPEC §8, shared by every reader of zips from strangers (data packs,
BattleScribe's ``.gstz``/``.catz``/``.rosz``/``.bsi``).

A zip is judged on its own directory first (at most :data:`MAX_ENTRIES` entries and
:data:`MAX_UNPACKED` bytes unpacked, no absolute paths, no ``..``, no links, no duplicate names,
nothing encrypted, nothing more than :data:`MAX_DEPTH` folders deep or named longer than
:data:`MAX_NAME_BYTES` bytes), and what is then read out of it is counted, so that an entry
that lies about its size is stopped at what it declared. Problems come back as
:class:`ZipIssue` values (what is wrong, with the names involved), not sentences: each caller
words them for its own kind of file, in its own messages. Core module: no Qt, no model.
"""

from __future__ import annotations

import re
import stat
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import PurePosixPath

MiB = 1024 * 1024
MAX_ENTRIES = 1000
MAX_UNPACKED = 50 * MiB
MAX_DEPTH = 16
"""Folders an entry may sit in (``factions/soimi/2008/soimi.yaml`` is 3 deep): deeper is
refused before anything is unpacked, as a name too long for a file system is."""
MAX_NAME_BYTES = 255
"""The longest name of a file or folder most file systems allow (in UTF-8 bytes)."""
_CHUNK = 256 * 1024
_DRIVE = re.compile(r"^[A-Za-z]:")


@dataclass(frozen=True)
class ZipIssue:
    """One broken rule. ``kind`` is one of: ``too-many`` (``count``), ``absolute``,
    ``backslash``, ``control``, ``climbs``, ``not-plain``, ``link``, ``encrypted``,
    ``duplicate`` (``other``: the name it repeats), ``too-large`` (``size`` in bytes),
    ``inside-file`` (``other``: the file it would be inside), ``lies`` (an entry yields more
    than it declared), ``unreadable`` (``detail``), ``too-deep`` (``count``: its folders),
    ``name-too-long``."""

    kind: str
    name: str = ""
    other: str = ""
    count: int = 0
    size: int = 0
    detail: str = ""


class ZipRefused(Exception):
    """A zip that breaks the rules: every :class:`ZipIssue` found, in the order found."""

    def __init__(self, issues: list[ZipIssue]) -> None:
        if not issues:
            raise ValueError("ZipRefused needs at least one issue")
        self.issues = list(issues)
        super().__init__(", ".join(i.kind for i in self.issues))


def name_issue(name: str) -> ZipIssue | None:
    """Why an entry name cannot be unpacked (None when it can): an absolute path, a drive,
    ``..``, a backslash, a control character."""
    if not name or name.startswith(("/", "\\")) or _DRIVE.match(name):
        return ZipIssue("absolute", name)
    if "\\" in name:
        return ZipIssue("backslash", name)
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        return ZipIssue("control", name)
    parts = name.rstrip("/").split("/")
    if ".." in parts:
        return ZipIssue("climbs", name)
    if any(p in ("", ".") for p in parts):
        return ZipIssue("not-plain", name)
    return path_issue(name, parts, len(parts) - (0 if name.endswith("/") else 1))


def path_issue(name: str, parts: list[str], folders: int) -> ZipIssue | None:
    """Why a path of ``folders`` folders and ``parts`` names cannot be written out: more than
    :data:`MAX_DEPTH` folders deep (``too-deep``, ``count``), or a name longer than
    :data:`MAX_NAME_BYTES` (``name-too-long``)."""
    if folders > MAX_DEPTH:
        return ZipIssue("too-deep", name, count=folders)
    if any(len(p.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES for p in parts):
        return ZipIssue("name-too-long", name)
    return None


def _is_link(info: zipfile.ZipInfo) -> bool:
    mode = info.external_attr >> 16
    return stat.S_ISLNK(mode) if mode else False


@dataclass(frozen=True)
class Listing:
    """A zip's entries, checked: the files to read (directories left out)."""

    files: list[zipfile.ZipInfo]
    unpacked: int


def check_listing(zf: zipfile.ZipFile, *, max_entries: int = MAX_ENTRIES,
                  max_unpacked: int = MAX_UNPACKED) -> Listing:
    """Every rule, from the zip's directory alone; :class:`ZipRefused` naming every broken
    entry otherwise."""
    infos = zf.infolist()
    if len(infos) > max_entries:
        raise ZipRefused([ZipIssue("too-many", count=len(infos))])
    found: list[ZipIssue] = []
    seen: dict[str, str] = {}
    total = 0
    files = []
    for info in infos:
        name = info.filename
        issue = name_issue(name)
        if issue is not None:
            found.append(issue)
            continue
        if _is_link(info):
            found.append(ZipIssue("link", name))
            continue
        if info.flag_bits & 0x1:
            found.append(ZipIssue("encrypted", name))
            continue
        key = name.rstrip("/").casefold()
        if key in seen:
            found.append(ZipIssue("duplicate", name, other=seen[key]))
            continue
        seen[key] = name
        if info.is_dir():
            continue
        total += info.file_size
        files.append(info)
    if total > max_unpacked:
        found.append(ZipIssue("too-large", size=total))
    for info in files:  # a file where another entry needs a folder: a/b and a/b/c
        parent = str(PurePosixPath(info.filename).parent).casefold()
        while parent not in (".", ""):
            if parent in seen and not seen[parent].endswith("/"):
                found.append(ZipIssue("inside-file", info.filename, other=seen[parent]))
                break
            parent = str(PurePosixPath(parent).parent)
    if found:
        raise ZipRefused(found)
    return Listing(files, total)


def read_chunks(zf: zipfile.ZipFile, info: zipfile.ZipInfo,
                budget: list[int]) -> Iterator[bytes]:
    """The bytes of one checked entry in chunks, counted: more than the entry declared, or
    more than is left of ``budget[0]`` (shared by every entry of one zip, and lowered as it
    goes), stops with a ``lies`` :class:`ZipRefused`; a broken entry with ``unreadable``."""
    try:
        with zf.open(info) as src:
            left = info.file_size
            while True:
                chunk = src.read(min(_CHUNK, left + 1))
                if not chunk:
                    return
                left -= len(chunk)
                budget[0] -= len(chunk)
                if left < 0 or budget[0] < 0:
                    raise ZipRefused([ZipIssue("lies", info.filename)])
                yield chunk
    except (zipfile.BadZipFile, NotImplementedError, EOFError, OSError, RuntimeError,
            ValueError) as exc:
        raise ZipRefused([ZipIssue("unreadable", info.filename, detail=str(exc))]) from None
