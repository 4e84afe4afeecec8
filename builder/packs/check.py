"""A pack folder checked whole (SPEC §8), and its fingerprint.

Every ``*.yaml`` below the pack's root other than ``pack.yaml`` is a faction or system file,
checked exactly as ``check-data`` checks it (the same catalogue code, the built-in systems
loaded, and the systems of the other installed packs, which a pack's factions may name). On top:
a pack never redefines a built-in system, an id never belongs to another installed pack, and
the pack holds each id once. Any problem refuses the pack whole, every problem reported.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.data import MiB, collector_paused, load_yaml
from builder.data.catalogue import Catalogue, _Read, is_system_data
from builder.data.errors import DataError, Problem
from builder.data.fingerprint import encode
from builder.data.loading import check, placed, same_kind
from builder.i18n import _
from builder.packs.archive import PackProblems, folder_files, problems
from builder.packs.format import PACK_FILE, PackInfo
from builder.packs.store import Store
from builder.plumbing import paths

MAX_PACK_FILE_BYTES = MiB


@dataclass
class CheckedPack:
    """A pack found good: its description, its data and what it defines."""

    info: PackInfo
    folder: Path
    files: list[str]
    """Every file, relative with ``/``."""
    documents: dict[str, Any]
    """Data file (relative path) -> its YAML document as read."""
    factions: list[str] = field(default_factory=list)
    systems: list[str] = field(default_factory=list)
    system_files: list[str] = field(default_factory=list)
    catalogue: Catalogue | None = None
    """The built-in data (and other packs' systems) with this pack's files added."""

    @property
    def fingerprint(self) -> str:
        return pack_fingerprint(self.info.id, self.info.version, self.documents)


def pack_fingerprint(pack_id: str, version: str, documents: dict[str, Any]) -> str:
    """SPEC §8: §6's encoding of ``{"id", "version", "files": {PATH: DOCUMENT}}``."""
    return encode({"id": pack_id, "version": version, "files": documents})


def read_info(folder: Path, label: str) -> PackInfo:
    path = folder / PACK_FILE
    if not os.path.lexists(path):
        raise problems(label, [_("no pack.yaml at the pack's root: a pack is a folder with "
                                 "pack.yaml and its data files below it")])
    doc = load_yaml(path, MAX_PACK_FILE_BYTES)
    same_kind(doc, "spherewars-pack")
    return placed(doc, *check(PackInfo, doc.data))


def check_pack(folder: Path, label: str | None = None, store: Store | None = None, *,
               claim: bool = True) -> CheckedPack:
    """``folder`` checked as a pack; a :class:`PackProblems` with every problem otherwise,
    each path shown under ``label`` (the ``.swpack`` or the folder as the user named it).
    ``store``: the installed packs, whose systems the pack's factions may name and whose ids
    are taken (None: none); ``claim`` False: their ids are not refused (building a pack, which
    installs nothing)."""
    label = label if label is not None else str(folder)
    files, wrong = folder_files(folder)
    if wrong:
        raise problems(label, wrong)
    found: list[Problem] = []
    info: PackInfo | None = None
    try:
        info = read_info(folder, label)
    except DataError as exc:
        found += exc.problems
    data = [f for f in files if f.endswith(".yaml") and f != PACK_FILE]
    if info is not None and not data:
        found.append(Problem(label, 0, 0, _("the pack holds no faction or game system file "
                                            "(*.yaml beside or below pack.yaml)")))
    catalogue = Catalogue()
    # one pause of the collector for the whole load, as check-data's (a collection between
    # reading and adding walked every object just parsed)
    with collector_paused(freeze=True):
        items = _load(catalogue, folder, data, info, store, claim, found)
    if found:
        raise PackProblems([_relabel(p, folder, label) for p in found])
    assert info is not None
    checked = CheckedPack(info, folder, files, {}, catalogue=catalogue)
    for item in items:
        rel = item.path.relative_to(folder).as_posix()
        checked.documents[rel] = item.data
        if is_system_data(item.data):
            checked.systems.append(item.data["id"])
            checked.system_files.append(rel)
        else:
            checked.factions.append(item.data["id"])
    return checked


def _load(catalogue: Catalogue, folder: Path, data: list[str], info: PackInfo | None,
          store: Store | None, claim: bool, found: list[Problem]) -> list[_Read]:
    """Read the built-in systems and other packs' systems, then the pack's data files, into
    ``catalogue``; the pack's problems go to ``found``; the pack's files read are returned."""
    base = catalogue.read([(paths.systems_dir(), True)])
    taken: dict[tuple[str, str], str] = {}
    if store is not None:
        for state in store.packs().values():
            if info is not None and state.id == info.id:
                continue
            current = state.current()
            if claim:
                taken.update({("faction", f): state.id for f in current.factions})
                taken.update({("system", s): state.id for s in current.systems})
            base += catalogue.read([(current.folder / rel, False)
                                    for rel in current.system_files])
    catalogue.add(base)
    catalogue.problems.clear()  # the other packs' problems are not this pack's
    items = catalogue.read([(folder / rel, False) for rel in data])
    items = [item for item in items if not _clashes(item, catalogue, taken, found)]
    _twice(items, found)
    catalogue.add(items)
    for error in catalogue.problems:
        found += error.problems
    return items


def _id_problem(item: _Read, message: str) -> Problem:
    line, column, _path = item.parsed().locate(["id"])
    return Problem(str(item.path), line, column, message)


def _clashes(item: _Read, catalogue: Catalogue, taken: dict[tuple[str, str], str],
             found: list[Problem]) -> bool:
    """An id the pack may not define: a built-in system, or an id of another pack."""
    data = item.data
    item_id = data.get("id") if isinstance(data, dict) else None
    if not isinstance(item_id, str):
        return False
    kind = "system" if is_system_data(data) else "faction"
    if kind == "system" and item_id in catalogue.builtin_system_ids:
        found.append(_id_problem(item, _("'{id}' is a built-in game system; a pack cannot "
                                         "redefine it (give the system another id)").format(
                                             id=item_id)))
        return True
    owner = taken.get((kind, item_id))
    if owner is not None:
        message = _("faction '{id}' belongs to the installed pack '{pack}'; remove that pack "
                    "first or give this faction another id") if kind == "faction" else _(
            "game system '{id}' belongs to the installed pack '{pack}'; remove that pack "
            "first or give this system another id")
        found.append(_id_problem(item, message.format(id=item_id, pack=owner)))
        return True
    return False


def _twice(items: list[_Read], found: list[Problem]) -> None:
    """Two files of the pack with the same faction (or system) id."""
    first: dict[tuple[bool, str], _Read] = {}
    for item in items:
        data = item.data
        item_id = data.get("id") if isinstance(data, dict) else None
        if not isinstance(item_id, str):
            continue
        key = (is_system_data(data), item_id)
        if key in first:
            line, _column, _path = first[key].parsed().locate(["id"])
            found.append(_id_problem(item, _(
                "'{id}' is defined twice in this pack (first in {path}, line {line})").format(
                    id=item_id, path=first[key].path.name, line=line)))
        else:
            first[key] = item


def _relabel(problem: Problem, folder: Path, label: str) -> Problem:
    """A problem of a file in the pack, named under the pack as the user knows it."""
    try:
        rel = Path(problem.path).relative_to(folder).as_posix()
    except ValueError:
        return problem
    return Problem(f"{label}/{rel}" if rel != "." else label, problem.line, problem.column,
                   problem.message)
