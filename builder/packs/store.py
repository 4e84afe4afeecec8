"""The user's installed packs (SPEC §8): ``<user data>/packs/<id>/<version>/``.

Each version folder holds the pack's files as they came, plus ``.installed.json`` (written by
us: its fingerprint, where it came from, its factions and systems). Versions sit side by side;
the newest is used unless ``data use`` chose another (``state.json``: ``{"use": {id: version}}``).

A version appears only whole: it is unpacked and checked in a temporary folder beside the
others (``.tmp-*``, same file system) and moved into place with one rename. A temporary folder
left by a process that was killed is removed by the next install.

Below the data layer, and light (no models): the catalogue loads the versions in use
(:meth:`Store.folders`), :mod:`builder.packs` installs, checks and removes them, and listing
them starts in a moment.
"""

from __future__ import annotations

import json
import marshal
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.plumbing import paths
from builder.plumbing.atomic import write_atomic
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
            data = json.loads((self.root / STATE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {"use": {}}
        use = data.get("use") if isinstance(data, dict) else None
        return {"use": {k: v for k, v in use.items() if isinstance(v, str)}
                if isinstance(use, dict) else {}}

    def _write_state(self, state: dict[str, Any]) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        write_atomic(self.root / STATE, json.dumps(state, indent=1, sort_keys=True) + "\n")

    def packs(self) -> dict[str, PackState]:
        """Every installed pack by id (versions without their ``.installed.json`` are not
        installed: a folder copied in by hand, or damaged)."""
        if not self.root.is_dir():
            return {}
        chosen = self._state()["use"]
        out: dict[str, PackState] = {}
        for pack_dir in sorted(self.root.iterdir()):
            if pack_dir.name.startswith(".") or not pack_dir.is_dir():
                continue
            versions = {}
            for folder in pack_dir.iterdir():
                if not is_version(folder.name):
                    continue
                item = read_installed(folder, pack_dir.name)
                if item is not None:
                    versions[folder.name] = item
            if versions:
                out[pack_dir.name] = PackState(pack_dir.name, versions,
                                               chosen.get(pack_dir.name))
        return out

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

    # --- changing --------------------------------------------------------------------------

    def temp_folder(self) -> Path:
        """A new empty folder beside the packs (same file system: the move is one rename);
        ones left by a killed process are removed first."""
        self.root.mkdir(parents=True, exist_ok=True)
        for old in self.root.glob(TEMP_PREFIX + "*"):
            _stale_removed(old)
        return Path(tempfile.mkdtemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", dir=self.root))

    def place(self, folder: Path, item: Installed, documents: dict[str, Any], *,
              replace: bool = False) -> Installed:
        """Move a checked pack folder into place as ``item``'s version (``replace``: over the
        same version already there)."""
        write_installed(folder, item)
        (folder / DOCUMENTS).write_bytes(marshal.dumps(documents))
        target = self.root / item.id / item.version
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists():
            if not replace:
                raise FileExistsError(str(target))
            aside = folder.parent / "replaced"
            os.rename(target, aside)
            os.rename(folder, target)
            shutil.rmtree(aside, ignore_errors=True)
        else:
            os.rename(folder, target)
        item.folder = target
        return item

    def remove(self, pack_id: str, version: str | None = None) -> list[str]:
        """Remove one version, or all; the versions removed."""
        state = self.get(pack_id)
        if state is None:
            return []
        gone = [version] if version is not None else state.ordered
        for v in gone:
            if v in state.versions:
                _remove_tree(state.versions[v].folder)
        if version is None or not any((self.root / pack_id / v).is_dir()
                                      for v in state.versions if v != version):
            _remove_tree(self.root / pack_id)
        chosen = self._state()
        if chosen["use"].get(pack_id) in gone:
            del chosen["use"][pack_id]
            self._write_state(chosen)
        return [v for v in gone if v in state.versions]

    def use(self, pack_id: str, version: str | None) -> None:
        """Use ``version`` of the pack from now on (None: the newest again)."""
        state = self._state()
        if version is None:
            state["use"].pop(pack_id, None)
        else:
            state["use"][pack_id] = version
        self._write_state(state)


def read_installed(folder: Path, pack_id: str) -> Installed | None:
    try:
        data = json.loads((folder / INSTALLED).read_text(encoding="utf-8"))
        return Installed(pack_id, folder.name, folder, str(data["fingerprint"]),
                         data.get("origin"), list(data.get("factions", [])),
                         list(data.get("systems", [])), list(data.get("system_files", [])))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write_installed(folder: Path, item: Installed) -> None:
    data = {"fingerprint": item.fingerprint, "origin": item.origin,
            "factions": item.factions, "systems": item.systems,
            "system_files": item.system_files}
    (folder / INSTALLED).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n",
                                    encoding="utf-8")


def _remove_tree(folder: Path) -> None:
    """Out of sight with one rename first, so that a removal cut short never leaves a
    half-deleted version that still loads."""
    if not folder.exists():
        return
    aside = folder.parent / f"{TEMP_PREFIX}removed-{os.getpid()}-{folder.name}"
    try:
        os.rename(folder, aside)
    except OSError:
        aside = folder
    shutil.rmtree(aside, ignore_errors=True)


def _stale_removed(folder: Path) -> None:
    """Remove a temporary folder whose process is gone (its pid is in its name)."""
    pid = folder.name[len(TEMP_PREFIX):].split("-", 1)[0]
    if sys.platform == "win32":  # no harmless "is it alive" there: only a day-old folder
        try:
            if time.time() - folder.stat().st_mtime < 86400:
                return
        except OSError:
            return
    elif pid.isdigit() and int(pid) != os.getpid():
        try:
            os.kill(int(pid), 0)
            return  # still running: another install in progress
        except ProcessLookupError:
            pass
        except (PermissionError, OSError):
            return
    elif pid.isdigit():
        return
    shutil.rmtree(folder, ignore_errors=True)
