"""``.swpack`` files (SPEC §8): a pack folder zipped.

Reading one, every limit is checked on the zip's own directory before anything is written:
at most :data:`MAX_ENTRIES` entries and :data:`MAX_UNPACKED` bytes unpacked, no absolute
paths, no ``..``, no links, no duplicate names, nothing more than 16 folders deep or named
longer than a file system allows. Unpacking then counts what really comes out, so an entry
that lies about its size is stopped at what it declared.

Building one is reproducible: the same folder gives the same bytes (entries sorted, fixed
times and permissions).
"""

from __future__ import annotations

import io
import os
import stat
import zipfile
from collections.abc import Iterable
from pathlib import Path

from builder.data.errors import DataError, Problem
from builder.i18n import _
from builder.model.base import quote
from builder.plumbing import ziprules
from builder.plumbing.ziprules import ZipIssue, ZipRefused

MiB = ziprules.MiB
MAX_ENTRIES = ziprules.MAX_ENTRIES
MAX_UNPACKED = ziprules.MAX_UNPACKED
FIXED_TIME = (2000, 1, 1, 0, 0, 0)
"""Every entry's time in a built pack (zip times start in 1980; any fixed time will do)."""


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


def issue_message(issue: ZipIssue) -> str:
    """A broken zip rule (:mod:`builder.plumbing.ziprules`) in a pack's words."""
    name, other = quote(issue.name), quote(issue.other)
    match issue.kind:
        case "too-many":
            return _("{count} entries; a pack holds at most {limit}").format(
                count=issue.count, limit=MAX_ENTRIES)
        case "absolute":
            return _("entry {name} is an absolute path").format(name=name)
        case "backslash":
            return _("entry {name} holds a backslash; a pack's paths use /").format(name=name)
        case "control":
            return _("entry {name} holds a control character").format(name=name)
        case "climbs":
            return _("entry {name} climbs out of the pack with '..'").format(name=name)
        case "not-plain":
            return _("entry {name} is not a plain relative path").format(name=name)
        case "link":
            return _("entry {name} is a link; a pack holds no links").format(name=name)
        case "encrypted":
            return _("entry {name} is encrypted").format(name=name)
        case "duplicate":
            return _("entry {name} is in the pack twice (as {other})").format(
                name=name, other=other)
        case "too-large":
            return _("unpacks to {size} MiB; a pack is at most {limit} MiB").format(
                size=round(issue.size / MiB, 1), limit=MAX_UNPACKED // MiB)
        case "inside-file":
            return _("entry {name} is inside {other}, which is a file").format(
                name=name, other=other)
        case "lies":
            return _("entry {name} unpacks to more than it declares").format(name=name)
        case "too-deep" | "name-too-long":
            return path_message(_("entry {name}").format(name=name), issue)
        case _:
            return _("entry {name} cannot be unpacked: {problem}").format(
                name=name, problem=issue.detail)


def path_message(what: str, issue: ZipIssue) -> str:
    """A path too deep or a name too long (``what``: "entry 'x'", "'x'") in a pack's words."""
    if issue.kind == "too-deep":
        return _("{what} is {depth} folders deep; a pack's files are at most {limit} folders "
                 "deep").format(what=what, depth=f"{issue.count:,}", limit=ziprules.MAX_DEPTH)
    return _("{what} has a name longer than {limit} bytes; no file system takes it").format(
        what=what, limit=ziprules.MAX_NAME_BYTES)


def entry_problem(name: str) -> str | None:
    """Why an entry name cannot be unpacked (None when it can): an absolute path, a drive,
    ``..``, a backslash, a control character."""
    issue = ziprules.name_issue(name)
    return None if issue is None else issue_message(issue)


Listing = ziprules.Listing


def check_listing(zf: zipfile.ZipFile, label: str) -> Listing:
    """Every limit of SPEC §8, from the zip's directory alone; a :class:`PackProblems` naming
    every broken entry otherwise."""
    try:
        return ziprules.check_listing(zf)
    except ZipRefused as refused:
        raise problems(label, [issue_message(i) for i in refused.issues]) from None


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
        budget = [MAX_UNPACKED]
        for info in listing.files:
            if any(part.startswith(".") for part in info.filename.split("/")):
                continue  # hidden files (.DS_Store, ._x.yaml) are not part of a pack
            target = dest.joinpath(*info.filename.split("/"))
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                with open(target, "xb") as out:
                    for chunk in ziprules.read_chunks(zf, info, budget):
                        out.write(chunk)
            except ZipRefused as refused:
                raise problems(label, [issue_message(i) for i in refused.issues]) from None
            except OSError as exc:
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
                issue = ziprules.path_issue(rel, rel.split("/"), rel.count("/") + 1)
                if issue is not None:  # (not gone into: nothing deeper is read)
                    wrong.append(path_message(quote(rel), issue))
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
