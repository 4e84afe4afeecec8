"""All the data a session sees: game systems and factions, built-in, the user's and ``--data``.

Layers load in order (built-in, the user's folder, each ``--data`` folder); in a later layer a
system or faction with the same id replaces the earlier one. Every file is parsed once; the
``schema`` line tells systems from factions; all systems load before any faction, so a faction
may name a system from any layer. A broken file is recorded in ``problems`` and never stops the
others; a faction of a broken system is reported as not loadable, naming the system.

:meth:`Catalogue.load` takes what an earlier run made of an unchanged good file from the cache
(:mod:`builder.data.cache`) instead of parsing and validating it again; ``check-data`` reads
everything afresh.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.data import _loader
from builder.data._document import Document
from builder.data._files import read_text, yaml_files
from builder.data.cache import Entry, Store
from builder.data.errors import DataError
from builder.data.fingerprint import data_fingerprint, list_fingerprint
from builder.data.loading import MAX_FACTION_BYTES, checked_faction
from builder.data.systems import system_from
from builder.i18n import _
from builder.model import DEFAULT_SYSTEM, Faction, System, Warband
from builder.plumbing import paths

SKIPPED_SUFFIXES = (".warband.yaml", ".event.yaml")
"""Lists and events may sit beside data in a folder; they are not data."""
PACK_FILE = "pack.yaml"
"""A data pack's description (SPEC §8): a pack folder given as data loads as its files."""


def _same_file(a: Path, b: Path) -> bool:
    """The same file reached twice (a folder given twice, or through a link)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def data_files(folder: Path) -> list[Path]:
    """Data files in a folder and its sub-folders, in a stable order (lists and events
    skipped); what cannot be read (a FIFO, a dangling link, a folder that cannot be listed)
    is kept in, so that loading it names the problem. A path that is not a folder is itself."""
    return yaml_files(folder, lambda name: name != PACK_FILE
                      and not name.endswith(SKIPPED_SUFFIXES))


def _installed_packs(pins: Mapping[str, str | None] | None) -> list[Path]:
    """The folders of the packs in use (none, without reading the store, when no pack was
    ever installed: the common case, at every start)."""
    if not paths.user_packs_dir().is_dir():
        return []
    from builder.packs.store import Store

    return Store().folders(pins)


def is_system_data(data: object) -> bool:
    """Whether a data file's content is a game system (its ``schema`` names one) rather than
    a faction: the one place that picks the loader for a data file (the app's editors ask it
    too)."""
    schema = data.get("schema") if isinstance(data, dict) else None
    return isinstance(schema, str) and schema.startswith("spherewars-system/")



@dataclass
class _Read:
    """A data file read: parsed, or (``kept``) what the cache holds for the same bytes."""

    path: Path
    text: str
    builtin: bool
    doc: Document | None = None
    key: str | None = None
    """The file's cache key, when there is a cache."""
    kept: Entry | None = None
    origin: str = ""
    """Where it comes from: :data:`BUILT_IN`, :data:`USER` or :data:`GIVEN` (set by
    :meth:`Catalogue.read`)."""

    @property
    def data(self) -> Any:
        return self.kept.data if self.kept is not None else self.parsed().data

    def parsed(self) -> Document:
        """The parsed document (a file answered from the cache is parsed only if its kept
        answer cannot be used: its system changed)."""
        if self.doc is None:
            self.doc = _loader.parse_yaml(self.path, self.text)
        return self.doc


BUILT_IN, PACK, USER, GIVEN = "built-in", "pack", "user", "given"
"""The origins of data files, in the order they replace one another: a file of a later origin
replaces one of an earlier with the same id on purpose (an installed pack's faction, the user's
own, an event's ``--data``); two of the same origin with one id are a mistake (SPEC §5: ids
are unique; §8: an id that belongs to another installed pack is refused)."""
ORIGINS = (BUILT_IN, PACK, USER, GIVEN)
ADDED = "added"
"""A file :meth:`Catalogue.add_file` loads on the user's word (the editor's saved faction):
it replaces whatever had its id."""


@dataclass(frozen=True)
class Replaced:
    """A system or faction of one origin replaced by a file of a later one (said by
    ``check-data``)."""

    kind: str
    """"system" or "faction"."""
    id: str
    path: Path
    line: int
    column: int
    origin: str
    """The origin of the one replaced."""
    replaced: Path


@dataclass
class Catalogue:
    factions: dict[str, Faction] = field(default_factory=dict)
    files: dict[str, Path] = field(default_factory=dict)
    """Which file each faction came from."""
    builtin_ids: set[str] = field(default_factory=set)
    systems: dict[str, System] = field(default_factory=dict)
    system_files: dict[str, Path] = field(default_factory=dict)
    builtin_system_ids: set[str] = field(default_factory=set)
    problems: list[DataError] = field(default_factory=list)
    documents: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    """Faction id -> (its system's YAML document, its own), as read (SPEC §6 fingerprints)."""
    system_documents: dict[str, Any] = field(default_factory=dict)
    _fingerprints: dict[str, tuple[tuple[Any, Any], str]] = field(default_factory=dict,
                                                                  repr=False)
    broken_systems: dict[str, str] = field(default_factory=dict)
    """System id -> the file and line where it is broken."""
    store: Store | None = field(default=None, repr=False)
    """The cache of checked files (:meth:`load` sets it; None: every file is read afresh)."""
    _system_keys: dict[str, str | None] = field(default_factory=dict, repr=False)
    """System id -> the cache key of the file it came from (a faction's entry names it)."""
    replaced: list[Replaced] = field(default_factory=list)
    """Systems and factions a file of a later origin replaced, in load order."""
    user_layers: set[Path] = field(default_factory=set, repr=False)
    """The folders of the user's own data (their files' origin is :data:`USER`)."""
    pack_layers: set[Path] = field(default_factory=set, repr=False)
    """The folders of the installed packs in use (their files' origin is :data:`PACK`)."""
    _origins: dict[tuple[str, str], str] = field(default_factory=dict, repr=False)
    """("system" | "faction", id) -> the origin of the file it came from."""
    derived: dict[str, object] = field(default_factory=dict, repr=False, compare=False)
    """What other parts work out from this data and keep for as long as it is loaded, by
    their name (the rule engine's kept answers: :func:`builder.rules.cache.rule_cache`)."""

    @classmethod
    def load(cls, extra: Iterable[str | Path] = (), *, builtin: bool = True,
             user: bool = True, cached: bool = True,
             packs: Mapping[str, str | None] | None = None) -> Catalogue:
        """Built-in data, then the installed packs (SPEC §8), then the user's, then each
        ``extra`` folder or file; ``cached``: unchanged good files come from the cache
        (:mod:`builder.data.cache`). ``packs``: pack id -> the version to load instead of the
        one in use (an event's pins; None leaves the pack out)."""
        cat = cls(store=Store.default() if cached else None)
        layers: list[tuple[Path, bool]] = []
        if builtin:
            layers += [(paths.systems_dir(), True), (paths.factions_dir(), True)]
        if user:
            installed = _installed_packs(packs)
            layers += [(folder, False) for folder in installed]
            cat.pack_layers.update(installed)
            folders = [folder for folder in (paths.user_systems_dir(), paths.user_factions_dir())
                       if folder.is_dir()]
            layers += [(folder, False) for folder in folders]
            cat.user_layers.update(folders)
        layers += [(Path(name), False) for name in extra]
        cat.take(layers)
        return cat

    def take(self, layers: list[tuple[Path, bool]]) -> None:
        """Read the files of ``layers`` (folder or file, built-in or not) and add them, in
        one pause of the collector (what they make lives on: frozen after)."""
        with _loader.collector_paused(freeze=True):
            self.add(self.read(layers))

    def read(self, layers: list[tuple[Path, bool]]) -> list[_Read]:
        out = []
        for folder, builtin in layers:
            if not os.path.lexists(folder):
                self.problems.append(DataError.of_file(folder, _("no such file or folder")))
                continue
            origin = (BUILT_IN if builtin else USER if folder in self.user_layers
                      else PACK if folder in self.pack_layers else GIVEN)
            for path in data_files(folder):
                try:
                    out.append(self._read(path, builtin))
                except DataError as exc:
                    self.problems.append(exc)
                    continue
                out[-1].origin = origin
        return out

    def _read(self, path: Path, builtin: bool) -> _Read:
        text = read_text(path, MAX_FACTION_BYTES)
        if self.store is None:
            return _Read(path, text, builtin, _loader.parse_yaml(path, text))
        key = self.store.key(text)
        kept = self.store.get(path, key)
        if kept is None:
            return _Read(path, text, builtin, _loader.parse_yaml(path, text), key)
        return _Read(path, text, builtin, None, key, kept)

    def add(self, files: list[_Read]) -> None:
        """Systems first, then factions, each in layer order."""
        with _loader.collector_paused(freeze=True):
            self._add_all(files)

    def _add_all(self, files: list[_Read]) -> None:
        for item in files:
            if is_system_data(item.data):
                self._add_system(item)
        for item in files:
            if not is_system_data(item.data):
                self._add_faction(item)

    def _add_system(self, item: _Read) -> None:
        if item.kept is not None:
            system = item.kept.model
        else:
            try:
                system = system_from(item.parsed(), builtin=item.builtin)
            except DataError as exc:
                self.problems.append(exc)
                system_id = item.data.get("id")
                if isinstance(system_id, str):
                    self.broken_systems[system_id] = str(exc.problems[0])
                return
            self._keep(item, None, system)
        if not self._unique(item, "system", system.id, self.system_files.get(system.id)):
            return
        self.systems[system.id] = system
        self.system_files[system.id] = item.path
        self.system_documents[system.id] = item.data
        self._system_keys[system.id] = item.key
        self.broken_systems.pop(system.id, None)
        if item.builtin:
            self.builtin_system_ids.add(system.id)
        else:
            self.builtin_system_ids.discard(system.id)

    def _add_faction(self, item: _Read) -> Faction | None:
        system_id = item.data.get("system", DEFAULT_SYSTEM)
        system_key = self._system_keys.get(system_id) if isinstance(system_id, str) else None
        kept = item.kept
        if kept is not None and system_key is not None and kept.system_key == system_key:
            faction = kept.model.attach(self.systems[system_id], normal=True)
        else:
            try:
                faction, system = checked_faction(item.parsed(), self.systems,
                                                  self.broken_systems)
            except DataError as exc:
                self.problems.append(exc)
                return None
            faction = faction.attach(system)
            if system_key is not None:
                self._keep(item, system_key, faction)
        if not self._unique(item, "faction", faction.id, self.files.get(faction.id)):
            return None
        self.factions[faction.id] = faction
        self.files[faction.id] = item.path
        self.documents[faction.id] = (self.system_documents.get(faction.system), item.data)
        if item.builtin:
            self.builtin_ids.add(faction.id)
        else:
            self.builtin_ids.discard(faction.id)
        return faction

    def _unique(self, item: _Read, kind: str, item_id: str, before: Path | None) -> bool:
        """Whether ``item`` may take ``item_id``: no file has it yet, or one of an earlier
        origin does (noted in :attr:`replaced`); a second file of the same origin is an error
        naming both files, and the first stays."""
        origin = item.origin or (BUILT_IN if item.builtin else GIVEN)
        if before is None or before == item.path or _same_file(before, item.path) \
                or origin == ADDED:
            self._origins[(kind, item_id)] = origin
            return True
        line, column, _path = item.parsed().locate(["id"])
        earlier = self._origins.get((kind, item_id), origin)
        if earlier != origin and ORIGINS.index(earlier) < ORIGINS.index(origin):
            self.replaced.append(Replaced(kind, item_id, item.path, line, column, earlier,
                                          before))
            self._origins[(kind, item_id)] = origin
            return True
        message = (_("game system id '{id}' is already used by {other}: ids are unique across "
                     "the loaded data; rename one or leave one out")
                   if kind == "system" else
                   _("faction id '{id}' is already used by {other}: ids are unique across the "
                     "loaded data; rename one or leave one out"))
        self.problems.append(DataError.single(item.path, message.format(
            id=item_id, other=before), line, column))
        return False

    def _keep(self, item: _Read, system_key: str | None, model: System | Faction) -> None:
        """Put a file just found good in the cache (a faction attached to its system: its
        values in normal form; the tie itself is not kept)."""
        if self.store is not None and item.key is not None and item.doc is not None:
            self.store.put(item.path, Entry(item.key, system_key, item.doc.data, model))

    def add_file(self, path: Path, *, builtin: bool = False) -> Faction | None:
        """Load one more faction file (the editor's saved or imported faction)."""
        try:
            text = read_text(path, MAX_FACTION_BYTES)
            read = _Read(path, text, builtin, _loader.parse_yaml(path, text), origin=ADDED)
        except DataError as exc:
            self.problems.append(exc)
            return None
        return self._add_faction(read)

    def get(self, faction_id: str) -> Faction | None:
        return self.factions.get(faction_id)

    def data_fingerprint(self, faction_id: str) -> str | None:
        """SPEC §6's data fingerprint of a loaded faction (None when it is not loaded);
        computed once per faction, since a batch of lists asks for it again and again."""
        documents = self.documents.get(faction_id)
        if documents is None:
            return None
        cached = self._fingerprints.get(faction_id)
        if cached is None or cached[0] is not documents:  # replaced by a later file
            cached = self._fingerprints[faction_id] = (documents, data_fingerprint(*documents))
        return cached[1]

    def list_fingerprint(self, warband: Warband, hired: Mapping[str, int] | None = None) -> str:
        """SPEC §6's list fingerprint, with the list's faction at hand for its options that
        count per model (SPEC §9)."""
        return list_fingerprint(warband, hired, self.get(warband.faction))

    def factions_of(self, system_id: str) -> list[Faction]:
        return sorted((f for f in self.factions.values() if f.system == system_id),
                      key=lambda f: f.name.lower())


class Fingerprints:
    """List fingerprints for commands that read no data otherwise (``fingerprint``,
    ``import``): the data is loaded, once, only for a list whose entries took options, since
    only those need the faction to say which options count per model (SPEC §9)."""

    def __init__(self, data: Iterable[str | Path] = ()) -> None:
        self.data = list(data)
        self.catalogue: Catalogue | None = None

    def of(self, warband: Warband) -> str:
        if not any(e.options for e in warband.entries):
            return list_fingerprint(warband)
        if self.catalogue is None:
            self.catalogue = Catalogue.load(self.data)
        return self.catalogue.list_fingerprint(warband)
