"""A game system and its catalogues, linked: what every link points to, in the scope of the
catalogue it is used from.

A catalogue sees its own definitions, those of the catalogues it links (``catalogueLinks``,
followed further: a library may link another), then the game system's. A link resolves to the
first definition of its id in that order: entry links to selection entries and groups (shared
first, then root ones), info links to profiles, rules and info groups, category links to
category entries. Defects BattleScribe and New Recruit tolerate in published data are
warnings at their place (``FILE:LINE:COLUMN``): a link to an id no file in scope defines (BSData
Mordheim links a rule "Parry" that no file defines), a duplicate id, a catalogue link to a
catalogue that is not there. What makes the set unusable is an error: no game system, two of
them, a catalogue of another game system, two catalogues with one id. Catalogue links in a
circle are followed once each; entry links in a circle are the engine's to stop.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from builder.battlescribe import model as m
from builder.battlescribe.problems import ERROR, WARNING, Problem, ReadError
from builder.battlescribe.xmlsafe import quoted
from builder.i18n import _

ENTRIES, INFOS, CATEGORIES, FORCES = "entry", "info", "category", "force"


def _forces(entries: Iterable[m.Entry]) -> Iterator[m.Entry]:
    pending = list(entries)
    while pending:
        entry = pending.pop(0)
        yield entry
        pending[0:0] = entry.force_entries


class FileIndex:
    """One file's definitions by id, for links to find (the first of an id wins; a second is
    a warning)."""

    __slots__ = ("file", "entries", "infos", "categories", "forces", "duplicates")

    def __init__(self, file: m.DataFile) -> None:
        self.file = file
        self.duplicates: list[tuple[m.Element, m.Element]] = []
        self.entries = self._index([file.shared_selection_entries,
                                    file.shared_selection_entry_groups,
                                    file.selection_entries, file.selection_entry_groups])
        self.infos = self._index([file.shared_profiles, file.shared_rules,
                                  file.shared_info_groups, file.rules])
        self.categories = self._index([file.category_entries])
        self.forces = self._index([list(_forces([*file.force_entries,
                                                 *file.shared_force_entries]))])

    def _index(self, groups: Iterable[Iterable[Any]]) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for group in groups:
            for item in group:
                ident = item.id
                first = found.get(ident)
                if first is None:
                    found[ident] = item
                elif first is not item:
                    self.duplicates.append((first, item))
        return found


class Scope:
    """What one catalogue (or the game system) sees: its files in resolution order."""

    __slots__ = ("files", "indexes", "_cache")

    def __init__(self, indexes: list[FileIndex]) -> None:
        self.indexes = indexes
        self.files = [index.file for index in indexes]
        self._cache: dict[tuple[str, str], Any] = {}

    def find(self, space: str, ident: str) -> Any:
        """The definition of ``ident`` among ``space`` (:data:`ENTRIES`, :data:`INFOS`,
        :data:`CATEGORIES`, :data:`FORCES`), or None."""
        key = (space, ident)
        try:
            return self._cache[key]
        except KeyError:
            pass
        found = None
        for index in self.indexes:
            found = getattr(index, _SPACES[space]).get(ident)
            if found is not None:
                break
        self._cache[key] = found
        return found

    def target(self, link: Any) -> Any:
        """What an entry link, info link or category link points to (None: nothing)."""
        if isinstance(link, m.InfoLink):
            return self.find(INFOS, link.target_id)
        if link.kind == m.CATEGORY_LINK:
            return self.find(CATEGORIES, link.target_id)
        return self.find(ENTRIES, link.target_id)

    def all(self, slot: str) -> Iterator[Any]:
        """Every item of a top-level list (``cost_types``, ``profile_types``,
        ``publications``…) over the files in scope, the first of an id only."""
        seen: set[str] = set()
        for file in self.files:
            for item in getattr(file, slot):
                if item.id not in seen:
                    seen.add(item.id)
                    yield item


_SPACES = {ENTRIES: "entries", INFOS: "infos", CATEGORIES: "categories", FORCES: "forces"}


class DataSet:
    """A game system and its catalogues, linked. ``problems`` holds every warning (and the
    files' own), in file order; a set that cannot be used raises :class:`ReadError`."""

    def __init__(self, game_system: m.DataFile, catalogues: Iterable[m.DataFile],
                 problems: list[Problem] | None = None) -> None:
        """``problems``: those a first linking of the same files found (from a cache):
        given, nothing is checked (and no file's elements are read) until a scope is
        asked for."""
        self.game_system = game_system
        self.catalogues: dict[str, m.DataFile] = {}
        errors: list[Problem] = []
        for catalogue in catalogues:
            if catalogue.game_system_id != game_system.id:
                errors.append(Problem(catalogue.path, catalogue.line, catalogue.column, _(
                    "the catalogue {name} is for game system {other}, not {system} "
                    "({id})").format(name=quoted(catalogue.name),
                                     other=quoted(catalogue.game_system_id or ""),
                                     system=quoted(game_system.name),
                                     id=quoted(game_system.id))))
                continue
            first = self.catalogues.get(catalogue.id)
            if first is not None:
                errors.append(Problem(catalogue.path, catalogue.line, catalogue.column, _(
                    "the catalogue id {id} is also the id of {other}").format(
                        id=quoted(catalogue.id), other=quoted(first.path))))
                continue
            self.catalogues[catalogue.id] = catalogue
        if errors:
            raise ReadError(errors)
        self._indexes: dict[int, FileIndex] = {}
        self._scopes: dict[str, Scope] = {}
        if problems is not None:
            self.problems = list(problems)
            return
        found: list[Problem] = []
        for file in self.files:
            found.extend(file.warnings)
            found.extend(self._check(file))
        self.problems = found

    @property
    def files(self) -> list[m.DataFile]:
        return [self.game_system, *self.catalogues.values()]

    def scope(self, file: m.DataFile | None = None) -> Scope:
        """What ``file`` (a catalogue of this set, or the game system; None: the game
        system) sees, in resolution order."""
        file = self.game_system if file is None else file
        found = self._scopes.get(file.id)
        if found is None:
            chain = [file]
            if file is not self.game_system:
                pending = [file]
                while pending:
                    current = pending.pop(0)
                    for link in current.catalogue_links:
                        target = self.catalogues.get(link.target_id)
                        if target is not None and target not in chain \
                                and target is not self.game_system:
                            chain.append(target)
                            pending.append(target)
                chain.append(self.game_system)
            found = Scope([self._index(f) for f in chain])
            self._scopes[file.id] = found
        return found

    def imported_roots(self, catalogue: m.DataFile) -> list[m.DataFile]:
        """The catalogues whose root entries ``catalogue`` offers too: those it links with
        ``importRootEntries`` (and so on from them), in link order."""
        found: list[m.DataFile] = []
        pending = [catalogue]
        while pending:
            current = pending.pop(0)
            for link in current.catalogue_links:
                target = self.catalogues.get(link.target_id)
                if link.import_root_entries and target is not None \
                        and target is not catalogue and target not in found:
                    found.append(target)
                    pending.append(target)
        return found

    def _index(self, file: m.DataFile) -> FileIndex:
        found = self._indexes.get(id(file))
        if found is None:
            found = self._indexes[id(file)] = FileIndex(file)
        return found

    def _check(self, file: m.DataFile) -> list[Problem]:
        found: list[Problem] = []
        index = self._index(file)
        for first, again in index.duplicates:
            found.append(Problem(file.path, again.line, again.column, _(
                "the id {id} is used twice in this file (first at line {line})").format(
                    id=quoted(again.raw.get("id", "")), line=first.line), WARNING))
        for link in file.catalogue_links:
            if link.target_id not in self.catalogues:
                found.append(Problem(file.path, link.line, link.column, _(
                    "the catalogue link {name} points to catalogue {id}, which is not in this "
                    "data").format(name=quoted(link.name), id=quoted(link.target_id)),
                    WARNING))
        scope = self.scope(file)
        for link in file.links:
            if scope.target(link) is None:
                found.append(Problem(file.path, link.line, link.column, _(
                    "the link {name} points to {id}, which no file defines").format(
                        name=quoted(link.raw.get("name") or link.raw.get("id", "")),
                        id=quoted(link.raw.get("targetId", ""))), WARNING))
        found.sort(key=lambda p: (p.line, p.column))
        return found

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == ERROR]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == WARNING]
