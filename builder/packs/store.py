"""The user's installed packs (SPEC §8): ``<user data>/packs/<id>/<version>/``.

Each version folder holds the pack's files as they came, plus ``.installed.json`` (written by
us: its fingerprint, where it came from, its factions and systems). Versions sit side by side;
the newest is used unless ``data use`` chose another (``state.json``: ``{"use": {id: version}}``).

A version appears only whole: it is unpacked and checked in a temporary folder beside the
others (``.tmp-*``, same file system) and moved into place with one rename. A temporary folder
left by a process that was killed is removed by the next install. Replacing a version
(``--force``) takes two renames: the old one aside as ``.old-VERSION`` beside it, the new one
in its place; a reader meanwhile finds the old one there, and a process killed between the two
leaves the old one, put back by the next change (:meth:`Store.lock`). Every change is made
holding the folder's lock, so two installs at once take turns. Files are read through the
guarded reader (:mod:`builder.plumbing.reading`): a version whose ``.installed.json`` cannot be
read is *damaged* (:meth:`Store.damaged`), which ``data install --force`` replaces and
``data remove`` removes.

Below the data layer, and light (no models): the catalogue loads the versions in use
(:meth:`Store.folders`), :mod:`builder.packs` installs, checks and removes them, and listing
them starts in a moment.
"""

from __future__ import annotations

import errno
import json
import marshal
import os
import shutil
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.i18n import _
from builder.plumbing import paths
from builder.plumbing.atomic import left_behind, write_atomic
from builder.plumbing.folder_lock import folder_lock
from builder.plumbing.reading import Unreadable, load_json
from builder.plumbing.stops import stop_here
from builder.plumbing.versions import is_version, version_key

PACK_FILE = "pack.yaml"
INSTALLED = ".installed.json"
DOCUMENTS = ".documents.marshal"
"""The pack's data files as read (path -> YAML document: plain text, numbers, lists and
mappings), kept at install for ``data diff``: reading them back is a ``marshal`` load (a
quarter of a JSON load's time for 8 MiB), not parsing megabytes of YAML again. Written by the
program itself in the user's folder, like the cache of checked files; one that cannot be read
back is ignored and the YAML files are read instead."""
STATE = "state.json"
TEMP_PREFIX = ".tmp-"
OLD_PREFIX = ".old-"
"""``.old-VERSION``: a version moved aside while another replaces it."""
MAX_JSON_BYTES = 1024 * 1024
"""``.installed.json`` and ``state.json`` are a few hundred bytes; larger is not ours."""


def packs_dir() -> Path:
    return paths.user_packs_dir()


@dataclass
class Installed:
    """One installed version."""

    id: str
    version: str
    folder: Path
    fingerprint: str
    origin: str | None = None
    factions: list[str] = field(default_factory=list)
    systems: list[str] = field(default_factory=list)
    system_files: list[str] = field(default_factory=list)
    """The system files, relative (other packs' factions may name these systems)."""

    @property
    def info_path(self) -> Path:
        return self.folder / PACK_FILE


@dataclass
class PackState:
    """Every version of one pack id, and the one in use."""

    id: str
    versions: dict[str, Installed]
    chosen: str | None
    """The version ``data use`` chose (None: the newest)."""

    @property
    def ordered(self) -> list[str]:
        return sorted(self.versions, key=version_key)

    @property
    def newest(self) -> str:
        return self.ordered[-1]

    @property
    def active(self) -> str:
        return self.chosen if self.chosen in self.versions else self.newest

    def current(self) -> Installed:
        return self.versions[self.active]

    @property
    def origin(self) -> str | None:
        """The index address the newest version with one came from."""
        for version in reversed(self.ordered):
            if self.versions[version].origin:
                return self.versions[version].origin
        return None


class Store:
    """The packs folder (``root``: by default the user's)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else packs_dir()

    # --- reading ---------------------------------------------------------------------------

    def _state(self) -> dict[str, Any]:
        try:
            data = load_json(self.root / STATE, MAX_JSON_BYTES)
        except Unreadable:
            return {"use": {}}
        use = data.get("use") if isinstance(data, dict) else None
        return {"use": {k: v for k, v in use.items() if isinstance(v, str)}
                if isinstance(use, dict) else {}}

    def _write_state(self, state: dict[str, Any]) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        write_atomic(self.root / STATE, json.dumps(state, indent=1, sort_keys=True) + "\n")

    def packs(self) -> dict[str, PackState]:
        """Every installed pack by id (versions without a readable ``.installed.json`` are not
        installed: a folder copied in by hand, or damaged; :meth:`damaged`). A version moved
        aside by a replacement that has not put the new one in place yet is read there."""
        chosen = self._state()["use"] if self.root.is_dir() else {}
        out: dict[str, PackState] = {}
        for pack_id, folders in self._version_folders().items():
            versions = {}
            for version, folder in folders.items():
                item = read_installed(folder, pack_id)
                if item is not None:
                    versions[version] = item
            if versions:
                out[pack_id] = PackState(pack_id, versions, chosen.get(pack_id))
        return out

    def _version_folders(self, only: str | None = None) -> dict[str, dict[str, Path]]:
        """pack id -> version -> its folder (``.old-VERSION`` when the version is missing)."""
        out: dict[str, dict[str, Path]] = {}
        for pack_dir in _entries(self.root):
            if pack_dir.name.startswith(".") or (only is not None and pack_dir.name != only) \
                    or not pack_dir.is_dir():
                continue
            folders: dict[str, Path] = {}
            aside: dict[str, Path] = {}
            for folder in _entries(pack_dir):
                if is_version(folder.name):
                    folders[folder.name] = folder
                elif folder.name.startswith(OLD_PREFIX) and \
                        is_version(folder.name[len(OLD_PREFIX):]):
                    aside[folder.name[len(OLD_PREFIX):]] = folder
            for version, folder in aside.items():
                folders.setdefault(version, folder)
            out[pack_dir.name] = dict(sorted(folders.items()))
        return out

    def damaged(self, pack_id: str) -> list[str]:
        """The versions of ``pack_id`` with a folder but no readable ``.installed.json``."""
        return [version for version, folder in self._version_folders(pack_id).get(
            pack_id, {}).items() if read_installed(folder, pack_id) is None]

    def get(self, pack_id: str) -> PackState | None:
        return self.packs().get(pack_id)

    def folders(self, pins: Mapping[str, str | None] | None = None) -> list[Path]:
        """The folder of the version in use of every pack (or the pinned version, for the
        ids in ``pins``: an event's; None leaves that pack out), in id order. A pinned version
        that is not installed gives no folder (the caller reports it: :meth:`missing`)."""
        pins = pins or {}
        out = []
        for pack_id, state in self.packs().items():
            version = pins.get(pack_id, state.active) if pack_id in pins else state.active
            if version is not None and version in state.versions:
                out.append(state.versions[version].folder)
        return out

    def pack_of(self, path: Path) -> Installed | None:
        """The installed version a data file belongs to (None: not a pack's file)."""
        try:
            rel = Path(os.path.abspath(path)).relative_to(os.path.abspath(self.root))
        except ValueError:
            return None
        if len(rel.parts) < 3:
            return None
        return read_installed(self.root / rel.parts[0] / rel.parts[1], rel.parts[0])

    def missing(self, pins: Mapping[str, str]) -> list[tuple[str, str]]:
        """(id, version) of the pins that are not installed."""
        packs = self.packs()
        return [(pack_id, version) for pack_id, version in pins.items()
                if pack_id not in packs or version not in packs[pack_id].versions]

    # --- changing (an OSError when the folder cannot be written) ----------------------------

    def make_root(self) -> None:
        """The packs folder made if needed; an OSError in our words when a file stands where
        a folder of its path should be (``XDG_DATA_HOME`` naming a file)."""
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except (NotADirectoryError, FileExistsError):
            blocking = next((p for p in (self.root, *self.root.parents)
                             if os.path.lexists(p) and not p.is_dir()), self.root)
            raise OSError(errno.ENOTDIR, _("{path} is a file, not a folder").format(
                path=blocking), str(self.root)) from None

    @contextmanager
    def lock(self) -> Iterator[None]:
        """The packs folder to this process alone (another install waits for it), and what a
        killed process left behind put right first: a version it moved aside and did not
        replace is put back (the old version, whole), one it did replace is removed."""
        self.make_root()
        stop_here("lock:waiting")
        with folder_lock(self.root, wait=True):
            self._recover()
            yield

    def _recover(self) -> None:
        for pack_dir in _entries(self.root):
            if pack_dir.name.startswith(".") or not pack_dir.is_dir():
                continue
            for entry in _entries(pack_dir):
                name = entry.name
                if name.startswith(OLD_PREFIX) and is_version(name[len(OLD_PREFIX):]):
                    if os.path.lexists(pack_dir / name[len(OLD_PREFIX):]):
                        _delete(entry)  # replaced: the old one is no longer wanted
                    else:
                        os.rename(entry, pack_dir / name[len(OLD_PREFIX):])  # put back
                elif name.startswith(TEMP_PREFIX + "removed-"):
                    _delete(entry)  # a removal cut short (already out of sight)

    def temp_folder(self) -> Path:
        """A new empty folder beside the packs (same file system: the move is one rename);
        ones left by a killed process are removed first."""
        self.make_root()
        for old in self.root.glob(TEMP_PREFIX + "*"):
            _stale_removed(old)
        return Path(tempfile.mkdtemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", dir=self.root))

    def place(self, folder: Path, item: Installed, documents: dict[str, Any], *,
              replace: bool = False) -> Installed:
        """Move a checked pack folder into place as ``item``'s version (``replace``: over the
        same version already there, whole or damaged). Called holding :meth:`lock`."""
        stop_here("place:locked")
        write_installed(folder, item)
        (folder / DOCUMENTS).write_bytes(marshal.dumps(documents))
        target = self.root / item.id / item.version
        target.parent.mkdir(parents=True, exist_ok=True)
        if os.path.lexists(target):
            if not replace:
                raise FileExistsError(errno.EEXIST, _("already there"), str(target))
            aside = target.with_name(OLD_PREFIX + item.version)  # (none: _recover saw to it)
            os.rename(target, aside)
            stop_here("replace:old-aside")
            os.rename(folder, target)
            stop_here("replace:new-in-place")
            _delete(aside)
        else:
            os.rename(folder, target)
        stop_here("place:done")
        item.folder = target
        return item

    def remove(self, pack_id: str, version: str | None = None) -> list[str]:
        """Remove one version, or all, damaged ones included; the versions removed. Called
        holding :meth:`lock`."""
        folders = self._version_folders(pack_id).get(pack_id, {})
        gone = [v for v in ([version] if version is not None else list(folders))
                if v in folders]
        if not gone:
            return []
        if version is None or set(folders) == {version}:
            _remove_tree(self.root / pack_id)
        else:
            _remove_tree(folders[version])
        chosen = self._state()
        if chosen["use"].get(pack_id) in gone:
            del chosen["use"][pack_id]
            self._write_state(chosen)
        return sorted(gone, key=version_key)

    def use(self, pack_id: str, version: str | None) -> None:
        """Use ``version`` of the pack from now on (None: the newest again). Called holding
        :meth:`lock`."""
        state = self._state()
        if version is None:
            state["use"].pop(pack_id, None)
        else:
            state["use"][pack_id] = version
        self._write_state(state)


def read_installed(folder: Path, pack_id: str) -> Installed | None:
    """The version in ``folder`` as ``.installed.json`` says; None when that cannot be read
    or is not ours (the folder is then damaged)."""
    try:
        data = load_json(folder / INSTALLED, MAX_JSON_BYTES)
    except Unreadable:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("fingerprint"), str):
        return None
    lists = [data.get(key, []) for key in ("factions", "systems", "system_files")]
    origin = data.get("origin")
    if not all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in lists) \
            or not (origin is None or isinstance(origin, str)):
        return None
    version = folder.name.removeprefix(OLD_PREFIX)
    return Installed(pack_id, version, folder, data["fingerprint"], origin, *lists)


def write_installed(folder: Path, item: Installed) -> None:
    data = {"fingerprint": item.fingerprint, "origin": item.origin,
            "factions": item.factions, "systems": item.systems,
            "system_files": item.system_files}
    write_atomic(folder / INSTALLED, json.dumps(data, indent=1, sort_keys=True) + "\n")


def _remove_tree(folder: Path) -> None:
    """Out of sight with one rename first, so that a removal cut short never leaves a
    half-deleted version that still loads (the rest is deleted by the next change). An
    OSError when it cannot be moved: then nothing was removed."""
    if not os.path.lexists(folder):
        return
    aside = folder.parent / f"{TEMP_PREFIX}removed-{os.getpid()}-{folder.name}"
    os.rename(folder, aside)
    _delete(aside)


def _delete(path: Path) -> None:
    """A folder, a file or a link, as far as it can be deleted (what is left is out of sight,
    under a name of ours: the next change deletes it)."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        try:
            path.unlink()
        except OSError:
            pass


def _entries(folder: Path) -> list[Path]:
    """The entries of ``folder``, sorted; none when it cannot be listed."""
    try:
        with os.scandir(folder) as it:
            return sorted(Path(e.path) for e in it)
    except OSError:
        return []


def _stale_removed(folder: Path) -> None:
    """Remove a temporary folder whose process is gone (its pid is in its name)."""
    rest = folder.name[len(TEMP_PREFIX):].removeprefix("removed-")  # (a removal's, or ours)
    if left_behind(rest.split("-", 1)[0], folder):
        shutil.rmtree(folder, ignore_errors=True)
