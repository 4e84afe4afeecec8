"""Where the user's BattleScribe data lives (SPEC §10): ``<user data>/battlescribe/``, beside
the packs, one folder per game system.

::

    battlescribe/
      installed.json            {"format": 1, "systems": {GAME-SYSTEM-ID: FOLDER}}
      .lock                     held while data is added, updated or removed
      mordheim-1a2b3c4d.1/      one game system: its .gst and its catalogues (.cat), as XML
        bsdata.json             what is in it: each file's id, name, revision and source
        mordheim-1a2b3c4d.gst
        averlanders-5e6f7a8b.cat
        …
      cache/                    the engine's cache of read files, keyed by their SHA-256

A game system's folder is written whole under a temporary name (``.tmp-*``), then renamed to
its next generation (``….1``, ``….2``); ``installed.json`` is then replaced in one rename
(:func:`builder.plumbing.atomic.write_atomic`), which is the moment the new data is in: a
process killed before it leaves the old data, after it the new, never a mix, even when one
add changes several game systems. The folders ``installed.json`` no longer names (and
temporary ones) are removed next, and again by the next change if a kill cut that short.

Files are written by the program itself (``bsdata.json`` and ``installed.json``); one that
cannot be read is left out with a problem, never a traceback. Light module: no XML, no model.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from hashlib import sha256
from pathlib import Path
from typing import Any

from builder.i18n import _
from builder.plumbing import paths, reading
from builder.plumbing.atomic import write_atomic
from builder.plumbing.folder_lock import folder_lock

FORMAT = 1
INSTALLED = "installed.json"
MANIFEST = "bsdata.json"
TEMP_PREFIX = ".tmp-"
CACHE = "cache"
CACHE_KEPT_SECONDS = 86400
"""How long the cache of a file no longer installed is kept (a process that opened it lazily
may still read it)."""
MAX_STATE_BYTES = 16 * 1024 * 1024
"""The most ``installed.json`` or a ``bsdata.json`` may hold (ours: a few KiB)."""
GAME_SYSTEM = "gamesystem"
CATALOGUE = "catalogue"
"""A file's ``type``, in the words of a data index's ``dataType``."""
SUFFIXES = {GAME_SYSTEM: ".gst", CATALOGUE: ".cat"}

_SLUG = re.compile(r"[^a-z0-9]+")
_GENERATION = re.compile(r"^(.+)\.(\d{1,9})$")


def bsdata_dir() -> Path:
    return paths.user_bsdata_dir()


@dataclass
class FileRecord:
    """One installed file: its ``type`` (:data:`GAME_SYSTEM` or :data:`CATALOGUE`), header,
    and ``source`` (the data index address it came from, or None: a file or a folder);
    ``origin`` is where it was added from (a path or an address, shown to the user)."""

    file: str
    type: str
    id: str
    name: str
    revision: int
    library: bool = False
    source: str | None = None
    origin: str = ""
    sha256: str = ""
    links: list[str] = field(default_factory=list)
    """The catalogues it links (``catalogueLinks``' targets): what opening it needs too."""
    game_system_revision: int = 0

    @property
    def is_game_system(self) -> bool:
        return self.type == GAME_SYSTEM


@dataclass
class SystemRecord:
    """One installed game system and its catalogues (``folder``: where they are)."""

    id: str
    folder: Path
    files: list[FileRecord]

    @property
    def game_system(self) -> FileRecord:
        return next(f for f in self.files if f.is_game_system)

    @property
    def name(self) -> str:
        return self.game_system.name

    @property
    def revision(self) -> int:
        return self.game_system.revision

    @property
    def source(self) -> str | None:
        """The index address the game system came from (None: a file or a folder)."""
        return self.game_system.source

    @property
    def catalogues(self) -> list[FileRecord]:
        return [f for f in self.files if not f.is_game_system]

    def by_id(self) -> dict[str, FileRecord]:
        return {f.id: f for f in self.files}

    def path(self, record: FileRecord) -> Path:
        return self.folder / record.file

    def needed(self, catalogue_ids: Iterable[str]) -> list[FileRecord]:
        """The game system, the catalogues named and those they link (again and again):
        what opening a roster of these catalogues reads. Ids not installed are left out."""
        known = {f.id: f for f in self.catalogues}
        found: list[FileRecord] = [self.game_system]
        seen: set[str] = set()
        pending = [i for i in catalogue_ids]
        while pending:
            ident = pending.pop(0)
            record = known.get(ident)
            if record is None or ident in seen:
                continue
            seen.add(ident)
            found.append(record)
            pending.extend(record.links)
        return found


def slug(text: str, limit: int = 40) -> str:
    """A file name's readable part: ``"2021 - Blades of Khaine"`` → ``2021-blades-of-khaine``."""
    return _SLUG.sub("-", text.lower()).strip("-")[:limit].strip("-") or "data"


def file_name(kind: str, ident: str, name: str) -> str:
    """The name a file is kept under: its name made plain, and a digest of its id (two files
    never share one, whatever their names; no case or character trouble on any system)."""
    return f"{slug(name)}-{sha256(ident.encode()).hexdigest()[:8]}{SUFFIXES[kind]}"


def _read_json(path: Path) -> Any:
    """One of our JSON files, through the one guarded reader (a ValueError in its words when
    it cannot be read: not a regular file, too large, nested too deep, not JSON)."""
    try:
        return reading.load_json(path, MAX_STATE_BYTES)
    except reading.Unreadable as refused:
        raise ValueError(refused.message) from None


def read_manifest(folder: Path, system_id: str) -> SystemRecord:
    """A game system's folder as ``bsdata.json`` describes it (ValueError when it cannot be
    read, or is not ours, or names no game system)."""
    data = _read_json(folder / MANIFEST)
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("id") != system_id:
        raise ValueError("not a manifest of this game system")
    files = []
    names = {f.name for f in FileRecord.__dataclass_fields__.values()}
    for item in data.get("files", []):
        if not isinstance(item, dict):
            raise ValueError("a file that is not an object")
        record = FileRecord(**{k: v for k, v in item.items() if k in names})
        if (not isinstance(record.file, str) or Path(record.file).name != record.file
                or record.type not in SUFFIXES or not isinstance(record.revision, int)
                or not isinstance(record.id, str) or not isinstance(record.links, list)):
            raise ValueError("a file record of the wrong shape")
        files.append(record)
    if sum(1 for f in files if f.is_game_system) != 1:
        raise ValueError("no game system")
    return SystemRecord(system_id, folder, files)


def write_manifest(folder: Path, system: SystemRecord) -> None:
    data = {"format": FORMAT, "id": system.id,
            "files": [asdict(f) for f in system.files]}
    write_atomic(folder / MANIFEST, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


class Store:
    """The user's BattleScribe data (``root``: by default :func:`bsdata_dir`)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else bsdata_dir()
        self.damaged: list[str] = []
        """Game systems :meth:`systems` had to leave out, by id (their folder is damaged)."""
        self.unreadable: str | None = None
        """Why ``installed.json`` could not be read, when :meth:`folders` last found it there
        but damaged (the game systems were then found by their folders)."""

    # --- reading ---------------------------------------------------------------------------

    def folders(self) -> dict[str, str]:
        """``installed.json``'s game systems: id → folder name. When it is there but cannot
        be read (damaged by hand: not JSON, a pipe, a folder…), the game systems are found by
        their folders instead (:attr:`unreadable` says why): else the next change, which
        tidies what ``installed.json`` does not name, would delete every one of them."""
        self.unreadable = None
        path = self.root / INSTALLED
        if not os.path.lexists(path):
            return {}
        try:
            data = _read_json(path)
        except ValueError as exc:
            self.unreadable = str(exc)
            return self._found_folders()
        systems = data.get("systems") if isinstance(data, dict) else None
        if not isinstance(systems, dict):
            self.unreadable = _("not a list of installed game systems of this version")
            return self._found_folders()
        return {k: v for k, v in systems.items()
                if isinstance(k, str) and isinstance(v, str) and Path(v).name == v
                and not v.startswith(".")}

    def _found_folders(self) -> dict[str, str]:
        """The game systems' folders on disk: for each id, its newest generation whose
        ``bsdata.json`` can be read."""
        found: dict[str, tuple[int, str]] = {}
        try:
            entries = os.listdir(self.root)
        except OSError:
            return {}
        for entry in entries:
            match = _GENERATION.match(entry)
            if match is None or not (self.root / entry).is_dir():
                continue
            try:
                data = _read_json(self.root / entry / MANIFEST)
            except ValueError:
                continue
            ident = data.get("id") if isinstance(data, dict) else None
            generation = int(match.group(2))
            if isinstance(ident, str) and generation > found.get(ident, (0, ""))[0]:
                found[ident] = (generation, entry)
        return {ident: entry for ident, (_generation, entry) in found.items()}

    def systems(self) -> dict[str, SystemRecord]:
        """Every installed game system by id, in name order."""
        found = []
        self.damaged = []
        for system_id, name in self.folders().items():
            try:
                found.append(read_manifest(self.root / name, system_id))
            except (OSError, ValueError, TypeError):
                self.damaged.append(system_id)
        found.sort(key=lambda s: (s.name.casefold(), s.id))
        return {s.id: s for s in found}

    def get(self, system_id: str) -> SystemRecord | None:
        name = self.folders().get(system_id)
        if name is None:
            return None
        try:
            return read_manifest(self.root / name, system_id)
        except (OSError, ValueError, TypeError):
            return None

    def cache_folder(self) -> Path:
        """Where the engine's cache of read files is kept (:mod:`builder.battlescribe.cache`:
        keyed by each file's SHA-256, good for every generation of a game system's folder)."""
        return self.root / CACHE

    # --- changing (under :meth:`lock`) -------------------------------------------------------

    @contextmanager
    def lock(self) -> Iterator[None]:
        """Hold the folder against another add, update or remove
        (:class:`builder.plumbing.folder_lock.Busy` when one is running)."""
        with folder_lock(self.root):
            yield

    def temp_folder(self) -> Path:
        """A new empty folder beside the game systems (the same file system: moving it into
        place is one rename)."""
        self.root.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", dir=self.root))

    def commit(self, written: Mapping[str, Path], removed: Iterable[str] = (),
               before_commit: Any = None) -> dict[str, Path]:
        """Put the game systems ``written`` (id → a folder from :meth:`temp_folder`, holding
        the files and ``bsdata.json``) in, and take those ``removed`` out, all in one rename
        of ``installed.json``; then tidy up. The folders now in use, by id.
        ``before_commit`` (no arguments) is called after the folders are in place, just
        before the one rename."""
        folders = self.folders()
        placed: dict[str, Path] = {}
        try:
            for system_id, temp in written.items():
                target = self._next_generation(temp, system_id)
                os.rename(temp, target)
                placed[system_id] = target
                folders[system_id] = target.name
            for system_id in removed:
                folders.pop(system_id, None)
            if before_commit is not None:
                before_commit()
            write_atomic(self.root / INSTALLED, json.dumps(
                {"format": FORMAT, "systems": dict(sorted(folders.items()))}, indent=1,
                ensure_ascii=False) + "\n")
        except BaseException:
            for target in placed.values():
                shutil.rmtree(target, ignore_errors=True)
            raise
        self.tidy()
        return placed

    def _next_generation(self, temp: Path, system_id: str) -> Path:
        manifest = read_manifest(temp, system_id)
        base = f"{slug(manifest.name)}-{sha256(system_id.encode()).hexdigest()[:8]}"
        highest = 0
        for entry in os.listdir(self.root):
            match = _GENERATION.match(entry)
            if match and match.group(1) == base:
                highest = max(highest, int(match.group(2)))
        return self.root / f"{base}.{highest + 1}"

    def tidy(self) -> None:
        """Remove what no longer belongs: folders ``installed.json`` does not name, temporary
        folders (a process killed mid-add leaves them). Only under :meth:`lock`."""
        if not self.root.is_dir():
            return
        keep = set(self.folders().values())
        for entry in os.listdir(self.root):
            path = self.root / entry
            if entry.startswith(f".{INSTALLED}.") and entry.endswith(".tmp"):
                with contextlib.suppress(OSError):  # (after a commit: it must not fail)
                    path.unlink(missing_ok=True)  # write_atomic's, left by a kill
            if entry in keep or not path.is_dir() or path.is_symlink():
                continue
            if entry.startswith(TEMP_PREFIX) or _GENERATION.match(entry):
                shutil.rmtree(path, ignore_errors=True)
        self._tidy_cache()

    def _tidy_cache(self) -> None:
        """The cache of files no longer installed goes, a day after they went."""
        folder = self.cache_folder()
        if not folder.is_dir():
            return
        installed = {f.sha256 for s in self.systems().values() for f in s.files}
        now = time.time()
        for path in folder.glob("*.json"):
            try:
                if (path.stem not in installed and path.name != "index.json"
                        and now - path.stat().st_mtime > CACHE_KEPT_SECONDS):
                    path.unlink()
            except OSError:
                pass


def write_file(path: Path, data: bytes) -> None:
    """A new file (never one in use: a new folder's). Not synced to the disk one by one: that
    cost a third of adding Kill Team, and a process that is killed loses nothing the system
    has been given; ``bsdata.json`` and ``installed.json`` are synced (``write_atomic``)."""
    with open(path, "xb") as handle:
        handle.write(data)


def link_or_copy(source: Path, target: Path) -> None:
    """``target`` with ``source``'s bytes: a hard link where the file system has them (an
    installed file is never changed in place, only replaced), else a copy read through the
    one guarded reader. ``source`` must be a regular file of at most 50 MiB
    (:class:`~builder.plumbing.reading.Unreadable` otherwise: a folder damaged by hand may hold
    a pipe, or a link to ``/dev/zero``, which a copy would wait on or read without end)."""
    from builder.battlescribe.xmlsafe import MAX_FILE

    reading.check_regular(source)
    try:
        os.link(source, target)
    except OSError:
        write_file(target, reading.read_bytes(source, MAX_FILE))
