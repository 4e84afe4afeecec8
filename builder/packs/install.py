"""Installing and updating packs (SPEC §8): from a ``.swpack``, a pack folder, an index, or
an http(s) address of either.

Each pack goes through a temporary folder beside the installed ones: unpacked (or copied),
checked whole, then moved into place with one rename. Whatever goes wrong (a refused download,
a problem in a file, Ctrl+C), the temporary folder is removed and nothing is installed.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from builder.data import MiB, decode_text, parse_yaml
from builder.data.errors import DataError
from builder.data.loading import check, placed, same_kind
from builder.i18n import _
from builder.packs.archive import problems, unpack
from builder.packs.check import CheckedPack, check_pack
from builder.packs.fetch import (
    MAX_DOWNLOAD,
    STALL_SECONDS,
    Cancelled,
    Download,
    FetchError,
    is_address,
)
from builder.packs.format import SUFFIX, Index, IndexEntry, version_key
from builder.packs.store import Installed, Store
from builder.plumbing.reading import Unreadable, read_bytes
from builder.plumbing.terminal_text import escape

MAX_INDEX_BYTES = MiB

Progress = Callable[[str, int, int | None], None]
"""Told (what is downloaded, bytes received, bytes expected or None)."""


class InstallError(Exception):
    """One source or pack that could not be installed; the message says why.

    The problems :meth:`Installer.install` and :meth:`Installer.update` return are text for
    one line each, escaped (:func:`builder.plumbing.terminal_text.escape`): a pack's several
    problems are several lines, never a path's own line break."""


@dataclass
class Outcome:
    """One pack installed (or found already there)."""

    id: str
    version: str
    name: str
    fingerprint: str
    status: str
    """installed | already | replaced"""
    previous: str | None
    """The version in use before (None: the pack was new)."""
    origin: str | None = None
    factions: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)
    """What this version's ``changes`` say about it."""


@dataclass
class UpdateStep:
    """What ``update`` did for one installed pack."""

    id: str
    status: str
    """updated | current | older-chosen (nothing newer to install, but an older version is
    in use, chosen with ``data use``: ``new`` is the newest installed) | no-origin | failed"""
    old: str | None = None
    new: str | None = None
    message: str = ""
    outcome: Outcome | None = None


def read_index(text: str, label: str) -> Index:
    doc = parse_yaml(label, text)
    same_kind(doc, "spherewars-index")
    return placed(doc, *check(Index, doc.data))


def _looks_like_zip(raw: bytes) -> bool:
    return raw[:4] in (b"PK\x03\x04", b"PK\x05\x06")


class Installer:
    """Installs into ``store``; ``stall``: seconds without progress before a download stops
    (SPEC: 30); ``progress``: told as downloads go; :meth:`cancel` stops the current one."""

    def __init__(self, store: Store | None = None, *, force: bool = False,
                 stall: float = STALL_SECONDS, progress: Progress | None = None) -> None:
        self.store = store if store is not None else Store()
        self.force = force
        self.stall = stall
        self.progress = progress
        self._download: Download | None = None
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True
        if self._download is not None:
            self._download.cancel()

    # --- sources ---------------------------------------------------------------------------

    def install(self, source: str, only: Iterable[str] = ()) -> tuple[list[Outcome],
                                                                       list[str]]:
        """Install what ``source`` names; (what was installed, the problems of the packs
        that were not). A source that cannot be read at all raises :class:`InstallError`."""
        wanted = set(only) or None
        if is_address(source):
            raw = self._fetch(source)
            if _looks_like_zip(raw):
                return self._one(lambda: self.install_archive(raw, _url_name(source)), wanted)
            return self.install_index(self._index_text(raw, source), source, wanted)
        path = Path(source)
        if path.is_dir():
            return self._one(lambda: self.install_folder(path), wanted)
        if not os.path.lexists(path):
            raise InstallError(_("{source}: no such file or folder (give a .swpack file, a "
                                 "pack folder, or an http or https address)").format(
                                     source=source))
        try:  # (a FIFO, a device, a link to /dev/zero: refused by name, never waited on)
            if _looks_like_zip(read_bytes(path, 4, head=True)) or path.suffix == SUFFIX:
                archive = read_bytes(path, MAX_DOWNLOAD)
                return self._one(lambda: self.install_archive(archive, path.name), wanted)
            raw = read_bytes(path, MAX_INDEX_BYTES + 1, head=True)
        except Unreadable as exc:
            raise InstallError(f"{source}: {exc.message}") from None
        return self.install_index(self._index_text(raw, source), source, wanted)

    def _one(self, run: Callable[[], Outcome], wanted: set[str] | None
             ) -> tuple[list[Outcome], list[str]]:
        """A single pack (``--only`` names packs of an index: a pack given by itself is what
        was asked for)."""
        try:
            return [run()], []
        except DataError as exc:
            return [], [str(exc)]

    def _index_text(self, raw: bytes, label: str) -> str:
        if len(raw) > MAX_INDEX_BYTES:
            raise InstallError(_("{source}: neither a .swpack nor an index (an index is at most "
                                 "1 MiB of YAML)").format(source=label))
        try:
            return decode_text(label, raw)
        except DataError as exc:
            raise InstallError(_("{source}: neither a .swpack nor an index: {problem}").format(
                source=label, problem=exc.problems[0].message)) from None

    def install_index(self, text: str, source: str, wanted: set[str] | None
                      ) -> tuple[list[Outcome], list[str]]:
        try:
            index = read_index(text, source)
        except DataError as exc:
            raise InstallError(str(exc)) from None
        entries = index.newest(wanted)
        failed: list[str] = []
        if wanted:
            listed = {e.id for e in index.packs}
            failed += [escape(_("{source}: lists no pack '{id}'").format(source=source,
                                                                          id=pack_id))
                       for pack_id in sorted(wanted - listed)]
        done: list[Outcome] = []
        for entry in entries:
            try:
                done.append(self.install_entry(entry, source))
            except (InstallError, FetchError) as exc:
                failed.append(escape(str(exc)))
            except DataError as exc:  # (its lines escaped each)
                failed.append(str(exc))
        return done, failed

    def install_entry(self, entry: IndexEntry, index: str) -> Outcome:
        """One pack an index lists, its size and SHA-256 checked (``index``: the index's
        address or file; the entry's url is relative to it)."""
        url = urljoin(index, entry.url) if is_address(index) else entry.url
        if is_address(url) or is_address(index):  # from the web: http(s) only, say so
            raw = self._fetch(url, size=entry.size, sha256=entry.sha256)
            origin: str | None = index if is_address(index) else None
        else:
            path = Path(index).parent / url
            try:
                raw = read_bytes(path, MAX_DOWNLOAD)
            except Unreadable as exc:
                raise InstallError(f"{path}: {exc.message}") from None
            if len(raw) != entry.size or hashlib.sha256(raw).hexdigest() != entry.sha256:
                raise InstallError(_("{path}: its size or SHA-256 differs from the index; "
                                     "nothing installed").format(path=path))
            origin = None
        outcome = self.install_archive(raw, _url_name(url), origin=origin)
        if (outcome.id, outcome.version) != (entry.id, entry.version):
            # installed what the file holds; say that the index is wrong about it
            outcome.changes.insert(0, _("(the index calls it {id} {version})").format(
                id=entry.id, version=entry.version))
        return outcome

    def _fetch(self, url: str, *, size: int | None = None, sha256: str | None = None) -> bytes:
        if self.cancelled:
            raise Cancelled()
        progress = self.progress
        name = _url_name(url)
        self._download = Download(url, size=size, sha256=sha256, stall=self.stall,
                                  progress=(lambda got, total: progress(name, got, total))
                                  if progress else None)
        try:
            return self._download.run()
        finally:
            self._download = None

    # --- packs -----------------------------------------------------------------------------

    def install_archive(self, source: bytes | Path, label: str, *, origin: str | None = None
                        ) -> Outcome:
        tmp = self.store.temp_folder()
        try:
            folder = tmp / "pack"
            folder.mkdir()
            unpack(source, folder, label)
            return self._place(check_pack(folder, label, self.store), label, origin)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)

    def install_folder(self, path: Path, *, origin: str | None = None) -> Outcome:
        from builder.packs.archive import folder_files

        label = str(path)
        files, wrong = folder_files(path)
        if wrong:
            raise problems(label, wrong)
        tmp = self.store.temp_folder()
        try:
            folder = tmp / "pack"
            for rel in files:
                target = folder.joinpath(*rel.split("/"))
                target.parent.mkdir(parents=True, exist_ok=True)
                source = path.joinpath(*rel.split("/"))
                try:
                    shutil.copyfile(source, target)
                except OSError as exc:
                    if exc.filename is None or os.fspath(exc.filename) != os.fspath(source):
                        raise  # (writing the copy: the data folder's problem)
                    raise problems(label, [_("{path} cannot be read: {problem}").format(
                        path=rel, problem=exc.strerror or exc)]) from None
            folder.mkdir(exist_ok=True)
            return self._place(check_pack(folder, label, self.store), label, origin)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)

    def _place(self, checked: CheckedPack, label: str, origin: str | None) -> Outcome:
        """Move a checked pack into place holding the folder's lock: what is installed is
        read again there (another install may have placed the same pack meanwhile)."""
        with self.store.lock():
            return self._place_locked(checked, label, origin)

    def _place_locked(self, checked: CheckedPack, label: str, origin: str | None) -> Outcome:
        info = checked.info
        fingerprint = checked.fingerprint
        state = self.store.get(info.id)
        previous = state.active if state is not None else None
        held = state.versions.get(info.version) if state is not None else None
        outcome = Outcome(info.id, info.version, info.title, fingerprint, "installed", previous,
                          origin, list(checked.factions), info.changes_of(info.version))
        if held is not None:
            if held.fingerprint == fingerprint:
                outcome.status = "already"
                if origin and held.origin != origin:  # remember where it can be updated from
                    held.origin = origin
                    from builder.packs.store import write_installed

                    write_installed(held.folder, held)
                return outcome
            if not self.force:
                raise problems(label, [_(
                    "{id} {version} is already installed with other contents (fingerprint "
                    "{held}; this one is {new}); give --force to replace it").format(
                        id=info.id, version=info.version, held=held.fingerprint,
                        new=fingerprint)])
            outcome.status = "replaced"
        damaged = held is None and info.version in self.store.damaged(info.id)
        if damaged and not self.force:
            raise problems(label, [_(
                "{id} {version} is there but damaged (its .installed.json is missing or cannot "
                "be read); give --force to replace it").format(id=info.id,
                                                              version=info.version)])
        if self.cancelled:
            raise Cancelled()
        item = Installed(info.id, info.version, checked.folder, fingerprint, origin,
                         list(checked.factions), list(checked.systems),
                         list(checked.system_files))
        self.store.place(checked.folder, item, checked.documents,
                         replace=held is not None or damaged)
        return outcome

    # --- updates ---------------------------------------------------------------------------

    def update(self, ids: Iterable[str] = ()) -> list[UpdateStep]:
        """Newer versions from the index each pack came from (all packs, or ``ids``)."""
        packs = self.store.packs()
        targets = list(ids) or sorted(packs)
        steps: list[UpdateStep] = []
        indexes: dict[str, Index | str] = {}
        for pack_id in targets:
            state = packs.get(pack_id)
            if state is None:
                steps.append(UpdateStep(pack_id, "failed", message=_(
                    "{id} is not installed").format(id=pack_id)))
                continue
            origin = state.origin
            if origin is None:
                steps.append(UpdateStep(pack_id, "no-origin", state.active, message=_(
                    "{id} was installed from a file or folder; install a newer one the same "
                    "way").format(id=pack_id)))
                continue
            if origin not in indexes:
                try:
                    raw = self._fetch(origin)
                    indexes[origin] = read_index(self._index_text(raw, origin), origin)
                except (FetchError, InstallError) as exc:
                    indexes[origin] = escape(str(exc))
                except DataError as exc:
                    indexes[origin] = str(exc)
            index = indexes[origin]
            if isinstance(index, str):
                steps.append(UpdateStep(pack_id, "failed", state.active, message=index))
                continue
            found = index.newest({pack_id})
            if not found or version_key(found[0].version) <= version_key(state.newest):
                # (issue 41 item 1: a chosen older version is not "the newest")
                steps.append(UpdateStep(pack_id, "current", state.active, state.active)
                             if state.active == state.newest else
                             UpdateStep(pack_id, "older-chosen", state.active, state.newest))
                continue
            try:
                outcome = self.install_entry(found[0], origin)
            except (FetchError, InstallError, DataError) as exc:
                steps.append(UpdateStep(pack_id, "failed", state.active, message=str(exc)
                                        if isinstance(exc, DataError) else escape(str(exc))))
                continue
            except OSError as exc:  # the data folder cannot be written
                steps.append(UpdateStep(pack_id, "failed", state.active, message=escape(_(
                    "cannot write {path}: {problem}").format(path=self.store.root,
                                                             problem=exc.strerror or exc))))
                continue
            steps.append(UpdateStep(pack_id, "updated", state.active, outcome.version,
                                    outcome=outcome))
        return steps


def _url_name(url: str) -> str:
    name = url.rstrip("/").rsplit("/", 1)[-1].split("?", 1)[0]
    return name or url


def resolve_installed(store: Store, spec: str) -> Installed | None:
    """``ID@VERSION`` of an installed pack."""
    pack_id, _sep, version = spec.partition("@")
    state = store.get(pack_id)
    if state is None:
        return None
    return state.versions.get(version or state.active)


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    return {"id": outcome.id, "version": outcome.version, "name": outcome.name,
            "fingerprint": outcome.fingerprint, "status": outcome.status,
            "previous": outcome.previous, "origin": outcome.origin}
