"""Rosters on disk (SPEC §10): ``.ros`` (XML, namespace
``http://www.battlescribe.net/schema/rosterSchema``) and ``.rosz`` (the same zipped).

Reading keeps the roster's id, name, cost limits, notes, forces (their ids, custom names and
notes, categories' custom names and notes), selections (ids, numbers, custom names and notes)
and links each to the data: a force's entry in its catalogue, a selection's entry by the
composite id BattleScribe writes (``link::target``). Costs written in the file are not
trusted: the engine counts them again. A number on a child selection is the total one, as
both programs write it; it is read back as an amount of its parent's (New Recruit's rule).
When the game system or a catalogue is not installed, reading stops with
:class:`MissingData` naming each (id, name, revision); the file is not touched. A selection
whose entry the installed catalogue no longer has is left out with a warning.

Writing follows BattleScribe's layout (its element order, which the schema requires, and its
attribute order), with the costs and categories the engine counts.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from builder.battlescribe import model as m
from builder.battlescribe.build import TreeBuilder, build_xml
from builder.battlescribe.engine.editing import MAX_NUMBER
from builder.battlescribe.engine.evaluate import Evaluation
from builder.battlescribe.engine.info import gather
from builder.battlescribe.engine.nodes import flatten
from builder.battlescribe.engine.queries import Here
from builder.battlescribe.engine.roster import NO_CATEGORY, Category, Force, Roster, Selection
from builder.battlescribe.engine.state import (
    _Root,
    ordered_children,
    ordered_selections,
    selection_info,
)
from builder.battlescribe.linking import FORCES, DataSet
from builder.battlescribe.problems import WARNING, Problem, ReadError
from builder.battlescribe.reading import check_format
from builder.battlescribe.xmlsafe import quoted, read_bytes, source_bytes
from builder.i18n import _
from builder.plumbing.atomic import write_atomic

NAMESPACE = "http://www.battlescribe.net/schema/rosterSchema"
FORMAT = "2.03"
UNCATEGORISED = "Uncategorised"


# ----- the file as read ------------------------------------------------------------------

class _Item(m.Named):
    """A roster element as written (roster, force, selection, category)."""

    CONTAINERS = {"forces": "forces", "selections": "selections", "categories": "categories",
                  "costs": "costs", "costLimits": "cost_limits", "rules": "rules",
                  "profiles": "profiles", "publications": "publications", "tags": "tags"}
    TEXTS = {"customNotes": "custom_notes", "comment": "comment"}
    __slots__ = ("forces", "selections", "categories", "costs", "cost_limits", "rules",
                 "profiles", "publications", "tags", "custom_notes", "tag")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        m.Named.__init__(self, raw, line, column)
        self.forces: Any = m.EMPTY
        self.selections: Any = m.EMPTY
        self.categories: Any = m.EMPTY
        self.costs: Any = m.EMPTY
        self.cost_limits: Any = m.EMPTY
        self.rules: Any = m.EMPTY
        self.profiles: Any = m.EMPTY
        self.publications: Any = m.EMPTY
        self.tags: Any = m.EMPTY
        self.custom_notes: str | None = None


_FACTORIES: dict[str, Callable[..., Any]] = {
    "force": _Item, "selection": _Item, "category": _Item, "cost": m.Cost,
    "costLimit": m.Cost, "rule": m.Rule, "profile": m.Profile,
    "characteristic": m.Characteristic, "publication": m.Publication, "tag": _Item,
}
_NUMBERS: dict[type, tuple[tuple[str, str, float], ...]] = {
    m.Cost: (("value", "value", 0.0),)}


@dataclass(frozen=True)
class MissingFile:
    """Data a roster needs that is not installed."""

    kind: str
    """``gameSystem`` or ``catalogue``."""
    id: str
    name: str
    revision: int | None


class MissingData(ReadError):
    """A roster whose game system or catalogues are not installed: ``missing`` names each."""

    def __init__(self, label: str, missing: list[MissingFile]) -> None:
        self.missing = missing
        problems = []
        for item in missing:
            revision = "" if item.revision is None else _(" (revision {revision})").format(
                revision=item.revision)
            if item.kind == m.GAME_SYSTEM:
                text = _("needs the game system {name} ({id}){revision}, which is not "
                         "installed").format(name=quoted(item.name), id=quoted(item.id),
                                             revision=revision)
            else:
                text = _("needs the catalogue {name} ({id}){revision}, which is not "
                         "installed").format(name=quoted(item.name), id=quoted(item.id),
                                             revision=revision)
            problems.append(Problem(label, 0, 0, text))
        super().__init__(problems)


@dataclass
class RosterHeader:
    """What a roster file says it needs: its game system and catalogues."""

    id: str
    name: str
    game_system_id: str
    game_system_name: str
    game_system_revision: int | None
    catalogues: list[tuple[str, str, int | None]] = field(default_factory=list)


@dataclass
class LoadedRoster:
    roster: Roster
    warnings: list[Problem] = field(default_factory=list)


def _int(text: str | None) -> int | None:
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


def parse_roster(data: bytes, label: str) -> _Item:
    """The roster element of a ``.ros`` or ``.rosz`` (bytes), as written."""
    xml = source_bytes(data, label)
    builder = TreeBuilder(label, {"roster": _Item}, _FACTORIES, _NUMBERS)
    root = build_xml(xml, label, builder, lambda element: _(
        "the root element is {element}; a BattleScribe roster is <roster>").format(
            element=element))
    check_format(root, label)
    if not root.raw.get("gameSystemId"):
        raise ReadError.at(label, root.line, root.column, _(
            "the roster names no game system (gameSystemId)"))
    return root


def header(root: _Item) -> RosterHeader:
    found = RosterHeader(root.id, root.name, root.raw.get("gameSystemId", ""),
                         root.raw.get("gameSystemName", ""),
                         _int(root.raw.get("gameSystemRevision")))
    seen: set[str] = set()
    pending = list(root.forces)
    while pending:
        force = pending.pop(0)
        ident = force.raw.get("catalogueId", "")
        if ident and ident not in seen:
            seen.add(ident)
            found.catalogues.append((ident, force.raw.get("catalogueName", ""),
                                     _int(force.raw.get("catalogueRevision"))))
        pending.extend(force.forces)
    return found


def missing_data(root: _Item, data: DataSet | None) -> list[MissingFile]:
    """What the roster needs that ``data`` lacks (its game system, its catalogues)."""
    head = header(root)
    if data is None or data.game_system.id != head.game_system_id:
        return [MissingFile(m.GAME_SYSTEM, head.game_system_id, head.game_system_name,
                            head.game_system_revision)]
    return [MissingFile(m.CATALOGUE, ident, name, revision)
            for ident, name, revision in head.catalogues
            if ident not in data.catalogues and ident != data.game_system.id]


def link_roster(root: _Item, label: str, data_set: DataSet | None) -> LoadedRoster:
    """A roster as :func:`parse_roster` read it, linked to ``data_set`` (:class:`MissingData`
    when it is not the roster's game system or lacks a catalogue the roster uses). Whoever
    read the :func:`header` to find the data links the same tree: a roster is parsed once
    (a Kill Team roster's parse was a fifth to a third of opening it)."""
    missing = missing_data(root, data_set)
    if missing or data_set is None:
        raise MissingData(label, missing)
    return _Linker(root, data_set, label).roster()


def read_roster(data: bytes, label: str, data_set: DataSet | None) -> LoadedRoster:
    """A roster from its bytes, linked to ``data_set`` (see :func:`link_roster`)."""
    return link_roster(parse_roster(data, label), label, data_set)


def read_roster_file(path: str | Path, data_sets: list[DataSet]) -> LoadedRoster:
    """A roster file, linked to whichever of ``data_sets`` is its game system."""
    label = str(path)
    root = parse_roster(read_bytes(path, label), label)
    wanted = root.raw.get("gameSystemId")
    return link_roster(root, label, next(
        (d for d in data_sets if d.game_system.id == wanted), None))


class _Linker:
    def __init__(self, root: _Item, data: DataSet, label: str) -> None:
        from builder.battlescribe.engine.editing import Editor

        self.root = root
        self.data = data
        self.label = label
        self.editor = Editor(data, root.name or "", Roster(data, root.name or "", root.id))
        self.warnings: list[Problem] = []

    def warn(self, item: Any, message: str) -> None:
        self.warnings.append(Problem(self.label, item.line, item.column, message, WARNING))

    def roster(self) -> LoadedRoster:
        root = self.root
        roster = self.editor.roster
        roster.cost_limits = {c.type_id: c.value for c in root.cost_limits}
        roster.custom_notes = root.custom_notes
        roster.seen_costs = [c.type_id for c in root.costs]
        for item in root.forces:
            self._force(item, roster)
        roster.changed()
        return LoadedRoster(roster, self.warnings)

    def _force(self, item: _Item, parent: Roster | Force) -> None:
        catalogue_id = item.raw.get("catalogueId", "")
        catalogue = self.data.catalogues.get(catalogue_id) or (
            self.data.game_system if catalogue_id == self.data.game_system.id else None)
        entry = None
        if catalogue is not None:
            entry = self.data.scope(catalogue).find(FORCES, item.raw.get("entryId", ""))
        if entry is None or catalogue is None:
            self.warn(item, _("the force {name} ({id}) is not in the installed data; it is "
                              "left out").format(name=quoted(item.name),
                                                 id=quoted(item.raw.get("entryId", ""))))
            return
        roster = self.editor.roster
        force = Force(roster, entry, catalogue, parent, self.editor._root_nodes(catalogue),
                      roster.next_seq(), item.id or None)
        self.editor._make_categories(force)
        for category in item.categories:
            found = force.category(category.raw.get("entryId", ""))
            if found is not None:
                found.id = category.id or found.id
                found.custom_name = category.raw.get("customName")
                found.custom_notes = category.custom_notes
        force.custom_name = item.raw.get("customName")
        force.custom_notes = item.custom_notes
        parent.forces.append(force)
        for selection in item.selections:
            self._selection(selection, force, force, list(flatten(force.roots)), 1)
        for child in item.forces:
            self._force(child, force)

    def _selection(self, item: _Item, parent: Force | Selection, force: Force,
                   options: list[Any], parent_number: int) -> None:
        wanted = item.raw.get("entryId", "")
        node = next((o for o in options if o.id == wanted), None)
        if node is None:
            tail = wanted.rsplit("::", 1)[-1]
            node = next((o for o in options if o.entry.id == tail), None)
        if node is None:
            self.warn(item, _("the selection {name} ({id}) is not in the installed data; it "
                              "is left out").format(name=quoted(item.name), id=quoted(wanted)))
            return
        number = min(max(_int(item.raw.get("number")) or 1, 1), MAX_NUMBER)
        amount = max(1, round(number / parent_number)) if parent_number else number
        roster = self.editor.roster
        selection = Selection(node, parent, force, amount, roster.next_seq(), item.id or None)
        selection.custom_name = item.raw.get("customName")
        selection.custom_notes = item.custom_notes
        (parent.selections if isinstance(parent, Force) else parent.children).append(selection)
        for child in item.selections:
            self._selection(child, selection, force, node.options(), selection.number)


# ----- writing ----------------------------------------------------------------------------

def _number(value: float) -> str:
    """A number as BattleScribe writes it (Java's double: 32.0, 0.5)."""
    text = repr(float(value))
    return text.replace("e+", "E").replace("e-", "E-")


def _attrs(pairs: list[tuple[str, Any]]) -> str:
    return "".join(f" {key}={quoteattr(str(value))}" for key, value in pairs
                   if value is not None and value != "")


class _Writer:
    def __init__(self, roster: Roster, ev: Evaluation) -> None:
        self.roster = roster
        self.ev = ev
        self.lines: list[str] = []
        self.cost_names = {c.id: c.name for c in roster.cost_types()}

    def out(self, depth: int, text: str) -> None:
        self.lines.append("  " * depth + text)

    def costs(self, depth: int, tag: str, values: dict[str, float]) -> None:
        if not values:
            return
        self.out(depth, f"<{tag}s>")
        for type_id, value in values.items():
            pairs = [("name", self.cost_names.get(type_id, type_id)), ("typeId", type_id),
                     ("value", _number(value))]
            self.out(depth + 1, f"<{tag}{_attrs(pairs)}/>")
        self.out(depth, f"</{tag}s>")

    def info(self, depth: int, info: Any) -> None:
        if info.rules:
            self.out(depth, "<rules>")
            for rule in info.rules:
                pairs = [("id", rule.id), ("name", rule.name),
                         ("publicationId", rule.publication_id), ("page", rule.page),
                         ("hidden", "false")]
                self.out(depth + 1, f"<rule{_attrs(pairs)}>")
                self.out(depth + 2, f"<description>{escape(rule.description)}</description>")
                self.out(depth + 1, "</rule>")
            self.out(depth, "</rules>")
        if info.profiles:
            self.out(depth, "<profiles>")
            for profile in info.profiles:
                pairs = [("id", profile.id), ("name", profile.name),
                         ("publicationId", profile.publication_id), ("page", profile.page),
                         ("hidden", "false"), ("typeId", profile.type_id),
                         ("typeName", profile.type_name)]
                self.out(depth + 1, f"<profile{_attrs(pairs)}>")
                self.out(depth + 2, "<characteristics>")
                for name, type_id, value in profile.characteristics:
                    pairs = [("name", name), ("typeId", type_id)]
                    self.out(depth + 3, f"<characteristic{_attrs(pairs)}>{escape(value)}"
                             "</characteristic>")
                self.out(depth + 2, "</characteristics>")
                self.out(depth + 1, "</profile>")
            self.out(depth, "</profiles>")

    def notes(self, depth: int, notes: str | None) -> None:
        if notes:
            self.out(depth, f"<customNotes>{escape(notes)}</customNotes>")

    def write(self) -> str:
        roster = self.roster
        system = roster.game_system
        self.lines.append('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>')
        pairs = [("id", roster.id), ("name", roster.name), ("battleScribeVersion", FORMAT),
                 ("gameSystemId", system.id), ("gameSystemName", system.name),
                 ("gameSystemRevision", system.revision)]
        self.out(0, f"<roster{_attrs(pairs)} xmlns={quoteattr(NAMESPACE)}>")
        self.costs(1, "cost", self.ev.totals)
        self.costs(1, "costLimit", {t: v for t, v in roster.cost_limits.items()
                                    if v is not None and v >= 0})
        if roster.forces:
            self.out(1, "<forces>")
            for force in roster.forces:
                self.force(2, force)
            self.out(1, "</forces>")
        else:
            self.out(1, "<forces/>")
        self.notes(1, roster.custom_notes)
        self.out(0, "</roster>")
        return "\n".join(self.lines) + "\n"

    def force(self, depth: int, force: Force) -> None:
        entry = force.entry
        catalogue = force.catalogue
        pairs = [("id", force.id), ("name", entry.name), ("entryId", entry.id),
                 ("customName", force.custom_name), ("publicationId", entry.publication_id),
                 ("page", entry.page), ("catalogueId", catalogue.id),
                 ("catalogueRevision", catalogue.revision), ("catalogueName", catalogue.name)]
        self.out(depth, f"<force{_attrs(pairs)}>")
        self.notes(depth + 1, force.custom_notes)
        sources: list[Any] = [entry, *(_Root(f) for f in (catalogue, self.roster.game_system)
                                        if f.rules or f.info_links)]
        self.info(depth + 1, gather(self.ev, sources, self.roster.data.scope(catalogue),
                                    Here(force, force.parent, force, entry.id)))
        if force.selections:
            self.out(depth + 1, "<selections>")
            for selection in ordered_selections(force, self.ev):
                self.selection(depth + 2, selection)
            self.out(depth + 1, "</selections>")
        if force.categories:
            self.out(depth + 1, "<categories>")
            for category in force.categories:
                self.category(depth + 2, category, False)
            self.out(depth + 1, "</categories>")
        if force.forces:
            self.out(depth + 1, "<forces>")
            for child in force.forces:
                self.force(depth + 2, child)
            self.out(depth + 1, "</forces>")
        self.out(depth, "</force>")

    def category(self, depth: int, category: Category, primary: bool) -> None:
        name = UNCATEGORISED if category.entry_id == NO_CATEGORY else category.name
        pairs = [("id", category.id), ("name", name), ("entryId", category.entry_id),
                 ("customName", category.custom_name), ("primary", str(primary).lower())]
        if category.custom_notes:
            self.out(depth, f"<category{_attrs(pairs)}>")
            self.notes(depth + 1, category.custom_notes)
            self.out(depth, "</category>")
        else:
            self.out(depth, f"<category{_attrs(pairs)}/>")

    def selection(self, depth: int, selection: Selection) -> None:
        node = selection.node
        effect = self.ev.effects[selection]
        pairs = [("id", selection.id), ("name", effect.name), ("entryId", node.id),
                 ("entryGroupId", node.group_id), ("customName", selection.custom_name),
                 ("publicationId", node.publication_id), ("page", effect.page),
                 ("number", selection.number), ("type", node.type)]
        self.out(depth, f"<selection{_attrs(pairs)}>")
        opened = len(self.lines)
        self.notes(depth + 1, selection.custom_notes)
        self.info(depth + 1, selection_info(self.ev, selection))
        if selection.children:
            self.out(depth + 1, "<selections>")
            for child in ordered_children(selection):
                self.selection(depth + 2, child)
            self.out(depth + 1, "</selections>")
        self.costs(depth + 1, "cost", self.ev.costs(selection))
        categories = effect.categories
        if categories:
            scope = node.scope
            self.out(depth + 1, "<categories>")
            for index, entry_id in enumerate(categories):
                target = scope.find("category", entry_id)
                name = target.name if target is not None else entry_id
                pairs = [("id", f"{selection.id}-{index}"), ("name", name),
                         ("entryId", entry_id),
                         ("primary", str(entry_id == effect.primary).lower())]
                self.out(depth + 2, f"<category{_attrs(pairs)}/>")
            self.out(depth + 1, "</categories>")
        if len(self.lines) == opened:
            self.lines[-1] = self.lines[-1][:-1] + "/>"
        else:
            self.out(depth, "</selection>")


def roster_xml(roster: Roster, ev: Evaluation | None = None) -> str:
    """The ``.ros`` XML of ``roster``."""
    if ev is None or ev.version != roster.version:
        ev = Evaluation(roster)
    return _Writer(roster, ev).write()


def roster_zip(xml: str, name: str = "roster.ros") -> bytes:
    """A ``.rosz``: the XML zipped, as BattleScribe writes one."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(name, xml.encode("utf-8"))
    return out.getvalue()


def write_roster(path: str | Path, roster: Roster, ev: Evaluation | None = None) -> None:
    """Save ``roster`` (atomically): zipped when ``path`` ends in ``.rosz``."""
    path = Path(path)
    xml = roster_xml(roster, ev)
    if path.suffix.lower() == ".rosz":
        write_atomic(path, roster_zip(xml, path.with_suffix(".ros").name))
    else:
        write_atomic(path, xml)
