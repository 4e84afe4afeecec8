"""The BattleScribe data a roster needs, found and linked (SPEC §10): for the command line
(``validate``, ``fingerprint``, ``text``, ``export``, ``event`` lists), the app and events.

A roster names its game system and the catalogues of its forces (id, name, revision as it
writes them). :func:`find_data` reads only what those need: the game system, the catalogues
named and the catalogues they link (the installed ``bsdata.json`` says which, without reading
any XML), from the user's data (:mod:`builder.bsdata.store`) and from folders given for one
run (``--bsdata DIR``), whose files come first, by id. What is not there is named, with the
roster's own words for it (:class:`DataMissing`); an installed revision older than the
roster's is a note, as BattleScribe says it.

Files read are kept for the life of the process, keyed by their path, size and time, so that
a second roster of the same game (an event checking 60 lists, the app opening another) links
what is already read. A whole game system (``every_catalogue``) is opened through the
engine's cache (:mod:`builder.battlescribe.cache`), kept with the data in
``battlescribe/cache/`` and keyed by each file's SHA-256 (so it stays good from one add to the
next): opened again, only its index is read, and each file's elements when first used.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from builder.battlescribe import DataFile, DataSet, Problem, ReadError, read_data_file
from builder.battlescribe.model import CATALOGUE, GAME_SYSTEM
from builder.battlescribe.rosterio import MissingData, MissingFile, RosterHeader
from builder.battlescribe.xmlsafe import quoted
from builder.bsdata.sources import (
    FolderRefused,
    folder_files,
    irregular,
    is_data_file,
)
from builder.bsdata.store import Store, SystemRecord
from builder.i18n import _


@dataclass(frozen=True)
class Wanted:
    """A game system (``kind`` ``gameSystem``) or catalogue (``catalogue``) as a roster
    names it: id, name and revision (None: not written)."""

    kind: str
    id: str
    name: str = ""
    revision: int | None = None


DataMissing = MissingData
"""What a roster needs that is not installed (nor in the folders given): the engine's own
:class:`~builder.battlescribe.rosterio.MissingData`, ``missing`` naming each (kind, id, name,
revision) as the roster does, its problems at the roster's label."""


@dataclass
class Found:
    """The linked data (``data``: the engine's :class:`~builder.battlescribe.DataSet`) and
    ``notes``: installed revisions older than the roster's, as problems at its label."""

    data: DataSet
    notes: list[Problem] = field(default_factory=list)


# --- files read, kept for the process --------------------------------------------------------

_Key = tuple[int, int, int]
_FILES: dict[str, tuple[_Key, DataFile]] = {}
_SETS: OrderedDict[tuple[tuple[str, _Key], ...], DataSet] = OrderedDict()
_SETS_KEPT = 8


def _key(path: Path) -> _Key:
    st = os.stat(path)
    return st.st_mtime_ns, st.st_size, st.st_ino


def read_kept(path: Path) -> DataFile:
    """A data file, read once per version of it in this process."""
    name = str(path)
    try:
        key = _key(path)
    except OSError:
        return read_data_file(path)  # the reader says what is wrong, in our words
    held = _FILES.get(name)
    if held is not None and held[0] == key:
        return held[1]
    data = read_data_file(path)
    _FILES[name] = (key, data)
    return data


def _linked(files: list[tuple[Path, DataFile]]) -> DataSet:
    key = tuple((str(p), _key(p)) for p, _f in files)
    found = _SETS.get(key)
    if found is None:
        system = next(f for _p, f in files if f.kind == GAME_SYSTEM)
        found = DataSet(system, [f for _p, f in files if f.kind == CATALOGUE])
        _SETS[key] = found
        while len(_SETS) > _SETS_KEPT:
            _SETS.popitem(last=False)
    else:
        _SETS.move_to_end(key)
    return found


def forget() -> None:
    """Drop every file and data set kept (tests; the app after data changed)."""
    _FILES.clear()
    _SETS.clear()


# --- finding -----------------------------------------------------------------------------


def folder_data(folders: Iterable[str | Path]) -> dict[str, tuple[Path, DataFile]]:
    """The data files of folders (or files) given for one run, by id, read (all or nothing:
    a :class:`ReadError` names every file that cannot be used, and two files with one id)."""
    found: dict[str, tuple[Path, DataFile]] = {}
    problems: list[Problem] = []
    for folder in folders:
        path = Path(folder)
        try:
            paths = list(folder_files(path)) if path.is_dir() else [path]
        except FolderRefused as refused:  # a pipe in it, or thousands of files
            problems.append(Problem(str(refused.path), 0, 0, refused.message))
            continue
        for item in paths:
            if not path.is_dir() and not is_data_file(item):
                problems.append(Problem(str(item), 0, 0, _(
                    "not a folder or a BattleScribe data file (.gst, .cat, .gstz, .catz)")))
                continue
            why = irregular(item)
            if why is not None:
                problems.append(Problem(str(item), 0, 0, why))
                continue
            try:
                data = read_kept(item)
            except ReadError as error:
                problems.extend(error.problems)
                continue
            first = found.get(data.id)
            if first is not None and first[0] != item:
                problems.append(Problem(str(item), data.line, data.column, _(
                    "the id {id} is also the id of {other}").format(
                        id=quoted(data.id), other=quoted(str(first[0]), 200))))
                continue
            found[data.id] = (item, data)
    if problems:
        raise ReadError(problems)
    return found


def find_data(game_system: Wanted, catalogues: Sequence[Wanted] = (),
              folders: Sequence[str | Path] = (), *, label: str = "",
              store: Store | None = None, every_catalogue: bool = False) -> Found:
    """The linked data a roster needs: ``game_system`` and ``catalogues`` as it names them
    (``every_catalogue``: all the game system's catalogues too), from ``folders`` first,
    then the installed data. :class:`DataMissing` (problems at ``label``) names what is not
    there; :class:`ReadError` when a file cannot be used."""
    store = store if store is not None else Store()
    extra = folder_data(folders) if folders else {}
    if every_catalogue and not folders and not catalogues:
        whole = _whole_system(store, game_system, label)
        if whole is not None:
            return whole
    for attempt in (1, 2):
        installed = store.get(game_system.id)
        try:
            return _find(game_system, catalogues, extra, installed, label, every_catalogue)
        except ReadError as error:
            if isinstance(error, MissingData) or attempt == 2:
                raise
            now = store.get(game_system.id)
            if now is None or installed is None or now.folder == installed.folder:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def data_for_roster(head: RosterHeader, folders: Sequence[str | Path] = (), *,
                    label: str = "", store: Store | None = None) -> Found:
    """:func:`find_data` for what a roster file's header
    (:func:`builder.battlescribe.rosterio.header`) names."""
    return find_data(
        Wanted(GAME_SYSTEM, head.game_system_id, head.game_system_name,
               head.game_system_revision),
        [Wanted(CATALOGUE, ident, name, revision) for ident, name, revision in head.catalogues],
        folders, label=label, store=store)


def _whole_system(store: Store, game_system: Wanted, label: str) -> Found | None:
    """An installed game system with every catalogue, through the engine's cache (None: not
    installed, or a file gone meanwhile: the caller reads it the plain way)."""
    from builder.battlescribe import cache

    installed = store.get(game_system.id)
    if installed is None:
        return None
    paths = [installed.path(r) for r in installed.files]
    folder = store.cache_folder()
    try:
        key = tuple((str(p), _key(p)) for p in paths)
        found = _SETS.get(key)
        if found is None:
            sets = cache.open_cached(list(paths), folder)
            if sets is None:
                files = [read_kept(p) for p in paths]
                found = _linked(list(zip(paths, files, strict=True)))
                try:
                    cache.save(list(paths), files, [found], folder)
                except OSError:
                    pass  # a cache that cannot be written: opened the plain way next time
            else:
                found = sets[0]
            _SETS[key] = found
    except (OSError, ReadError):
        return None
    return Found(found)


def _find(game_system: Wanted, catalogues: Sequence[Wanted],
          extra: dict[str, tuple[Path, DataFile]], installed: SystemRecord | None,
          label: str, every_catalogue: bool) -> Found:
    """One attempt (a change committed meanwhile may remove a file it reads)."""
    missing: list[Wanted] = []
    chosen: list[tuple[Path, DataFile]] = []
    held = extra.get(game_system.id)
    if held is not None and held[1].kind == GAME_SYSTEM:
        chosen.append(held)
    elif installed is not None:
        path = installed.path(installed.game_system)
        chosen.append((path, read_kept(path)))
    else:
        missing.append(game_system)
    records = {r.id: r for r in installed.catalogues} if installed is not None else {}
    wanted = {w.id: w for w in catalogues if w.id != game_system.id}
    pending = list(wanted)
    if every_catalogue:
        pending += list(records) + [i for i, (_p, f) in extra.items()
                                    if f.kind == CATALOGUE and f.game_system_id == game_system.id]
    seen: set[str] = set()
    while pending:
        ident = pending.pop(0)
        if ident in seen:
            continue
        seen.add(ident)
        held = extra.get(ident)
        if held is not None and held[1].kind == CATALOGUE:
            chosen.append(held)
            pending.extend(link.target_id for link in held[1].catalogue_links)
        elif ident in records:
            record = records[ident]
            if installed is None:  # pragma: no cover - records come from it
                continue
            path = installed.path(record)
            chosen.append((path, read_kept(path)))
            pending.extend(record.links)
        elif ident in wanted:
            missing.append(wanted[ident])
        # a link to a catalogue that is not there: the linking warns, as BattleScribe does
    if missing:
        raise MissingData(label, [MissingFile(w.kind, w.id, w.name, w.revision)
                                  for w in missing])
    found = Found(_linked(chosen))
    for path, data in chosen:
        asked = game_system if data.kind == GAME_SYSTEM else wanted.get(data.id)
        if asked is not None and asked.revision is not None and data.revision < asked.revision:
            found.notes.append(Problem(label, 0, 0, _(
                "written with revision {wanted} of {name}; revision {have} is here ({path}): "
                "update it (spherewars bsdata update)").format(
                    wanted=asked.revision, name=quoted(data.name), have=data.revision,
                    path=quoted(str(path), 200)), "warning"))
    return found
