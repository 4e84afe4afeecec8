"""One view-independent summary of a BattleScribe roster, from which its printouts and its
play plan are made (as :mod:`builder.export.summary` is for warbands).

What a roster is, read once from the engine's evaluation (:mod:`builder.battlescribe`), as
plain frozen data: its name and game system; its forces with their catalogues, categories and
selections (numbers, custom names, notes, upgrades, costs, profiles and rules, in the order
New Recruit shows them); every profile grouped by profile type, with the type's
characteristic names as columns in the data's order; each rule once; the costs against their
limits; the verdict and its findings; the fingerprint (SPEC §10). The data's own text is kept
as written. Nothing here knows about PDF, Qt or the window.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

from builder.battlescribe.engine.evaluate import Evaluation
from builder.battlescribe.engine.info import Info, ProfileView
from builder.battlescribe.engine.modifiers import format_number
from builder.battlescribe.engine.order import ordered_children, ordered_forces
from builder.battlescribe.engine.roster import NO_CATEGORY, Force, Roster, Selection
from builder.battlescribe.engine.state import force_info, ordered_selections, selection_info
from builder.battlescribe.engine.validate import ERROR
from builder.battlescribe.fingerprint import roster_fingerprint
from builder.battlescribe.linking import CATEGORIES


@dataclass(frozen=True)
class Cost:
    """A roster's total of one cost type against its limit (None: no limit)."""

    id: str
    name: str
    value: float
    limit: float | None = None

    @property
    def over(self) -> bool:
        return self.limit is not None and self.value > self.limit

    @property
    def shown(self) -> str:
        """"114 / 200" or "32"."""
        if self.limit is None:
            return format_number(self.value)
        return f"{format_number(self.value)} / {format_number(self.limit)}"


@dataclass(frozen=True)
class ProfileLine:
    """A profile as the data gives it, after its modifiers."""

    type_id: str
    type_name: str
    name: str
    values: tuple[tuple[str, str], ...]
    """(characteristic name, value), in its profile type's order."""

    def value(self, characteristic: str) -> str | None:
        return next((v for n, v in self.values if n == characteristic), None)


@dataclass(frozen=True)
class RuleLine:
    id: str
    name: str
    text: str
    page: str | None = None


@dataclass(frozen=True)
class SelectionLine:
    """A selection with everything below it."""

    id: str
    entry_id: str
    """As the roster writes it (``link::target`` through links)."""
    name: str
    """The entry's name after modifiers (what BattleScribe prints)."""
    custom_name: str | None
    type: str
    """``model``, ``unit`` or ``upgrade`` (BattleScribe's words, not shown as text)."""
    number: int
    costs: tuple[tuple[str, float], ...]
    """(cost type id, value) of the selection alone, its number included."""
    total: tuple[tuple[str, float], ...]
    """The same with every selection below it."""
    categories: tuple[str, ...] = ()
    primary: str | None = None
    """The primary category's name (None: none)."""
    profiles: tuple[ProfileLine, ...] = ()
    rules: tuple[RuleLine, ...] = ()
    notes: str | None = None
    children: tuple[SelectionLine, ...] = ()

    @property
    def shown_name(self) -> str:
        return self.custom_name or self.name

    def walk(self) -> Iterator[SelectionLine]:
        """Itself and every selection below it, parents first."""
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass(frozen=True)
class CategoryLine:
    """A category of a force with the root selections whose primary category it is."""

    entry_id: str
    """:data:`~builder.battlescribe.engine.roster.NO_CATEGORY` for what has no category."""
    name: str
    selections: tuple[SelectionLine, ...]


@dataclass(frozen=True)
class ForceLine:
    id: str
    name: str
    custom_name: str | None
    catalogue: str
    catalogue_revision: int
    categories: tuple[CategoryLine, ...]
    """Only those holding a selection, in the force's order."""
    rules: tuple[RuleLine, ...] = ()
    profiles: tuple[ProfileLine, ...] = ()
    notes: str | None = None
    forces: tuple[ForceLine, ...] = ()

    @property
    def shown_name(self) -> str:
        return self.custom_name or self.name

    @property
    def selections(self) -> tuple[SelectionLine, ...]:
        return tuple(s for c in self.categories for s in c.selections)

    def walk(self) -> Iterator[ForceLine]:
        yield self
        for child in self.forces:
            yield from child.walk()


@dataclass(frozen=True)
class ProfileTable:
    """Every profile of one profile type, once each."""

    type_id: str
    name: str
    columns: tuple[str, ...]
    """The type's characteristic names in the data's order (then any a profile adds)."""
    rows: tuple[ProfileLine, ...]

    def cells(self, profile: ProfileLine) -> tuple[str, ...]:
        """A profile's values in this table's columns ("" for one it lacks)."""
        values = dict(profile.values)
        return tuple(values.get(c, "") for c in self.columns)


@dataclass(frozen=True)
class FindingLine:
    """A finding as printed: BattleScribe's message, its severity and whose it is."""

    message: str
    severity: str
    rule: str
    owner: str = ""


@dataclass(frozen=True)
class RosterSummary:
    name: str
    system_id: str
    system_name: str
    system_revision: int
    forces: tuple[ForceLine, ...]
    costs: tuple[Cost, ...]
    """The visible cost types the roster counts, each against its limit."""
    findings: tuple[FindingLine, ...]
    profile_types: tuple[tuple[str, str, tuple[str, ...]], ...]
    """(id, name, characteristic names) of every profile type of the data, in its order."""
    fingerprint: str
    notes: str | None = None
    date: datetime.date = field(default_factory=datetime.date.today)

    @property
    def legal(self) -> bool:
        return not any(f.severity == ERROR for f in self.findings)

    # What is gathered over the whole roster is gathered once (cached_property: the summary
    # never changes): each unit's card asked for the profile tables again, so the printout of
    # a roster of 10,000 forces took minutes.
    @cached_property
    def catalogues(self) -> tuple[tuple[str, int], ...]:
        """(name, revision) of the forces' catalogues, once each, in roster order."""
        seen: dict[str, int] = {}
        for force in self.walk_forces():
            seen.setdefault(force.catalogue, force.catalogue_revision)
        return tuple(seen.items())

    def walk_forces(self) -> Iterator[ForceLine]:
        for force in self.forces:
            yield from force.walk()

    def walk_selections(self) -> Iterator[SelectionLine]:
        for force in self.walk_forces():
            for selection in force.selections:
                yield from selection.walk()

    @cached_property
    def units(self) -> tuple[SelectionLine, ...]:
        """What gets a card and a place at the table: every root selection that is a model
        or a unit, or that holds a profile (its own or below it)."""
        return tuple(s for f in self.walk_forces() for s in f.selections
                     if s.type in ("model", "unit") or any(x.profiles for x in s.walk()))

    @cached_property
    def profile_tables(self) -> tuple[ProfileTable, ...]:
        """Every profile of the roster (forces' and selections'), grouped by profile type in
        the data's order; a profile printed once however many selections have it."""
        found: dict[str, dict[tuple[str, tuple[tuple[str, str], ...]], ProfileLine]] = {}
        names: dict[str, str] = {}
        extra: dict[str, list[str]] = {}
        for profile in self._profiles():
            found.setdefault(profile.type_id, {}).setdefault(
                (profile.name, profile.values), profile)
            names.setdefault(profile.type_id, profile.type_name)
            seen = extra.setdefault(profile.type_id, [])
            seen += [n for n, _v in profile.values if n not in seen]
        known = {t: (name, cols) for t, name, cols in self.profile_types}
        order = [t for t, _n, _c in self.profile_types if t in found]
        order += [t for t in found if t not in known]
        tables = []
        for type_id in order:
            name, given = known.get(type_id, (names[type_id], ()))
            columns = (*given, *(c for c in extra[type_id] if c not in given))
            tables.append(ProfileTable(type_id, name or names[type_id], columns,
                                       tuple(found[type_id].values())))
        return tuple(tables)

    def _profiles(self) -> Iterator[ProfileLine]:
        for force in self.walk_forces():
            yield from force.profiles
            for selection in force.selections:
                for s in selection.walk():
                    yield from s.profiles

    @cached_property
    def rules(self) -> tuple[RuleLine, ...]:
        """Each rule of the roster once (the same name and text), in the order first met:
        the forces' rules, then the selections'."""
        found: dict[tuple[str, str], RuleLine] = {}
        for force in self.walk_forces():
            for rule in force.rules:
                found.setdefault((rule.name, rule.text), rule)
            for selection in force.selections:
                for s in selection.walk():
                    for rule in s.rules:
                        found.setdefault((rule.name, rule.text), rule)
        return tuple(found.values())


def _profile(view: ProfileView) -> ProfileLine:
    return ProfileLine(view.type_id, view.type_name, view.name,
                       tuple((n, v) for n, _t, v in view.characteristics))


def _info(info: Info) -> tuple[tuple[ProfileLine, ...], tuple[RuleLine, ...]]:
    return (tuple(_profile(p) for p in info.profiles),
            tuple(RuleLine(r.id, r.name, r.description, r.page) for r in info.rules))


class _Reader:
    """Walks one evaluation into the summary's lines."""

    def __init__(self, ev: Evaluation) -> None:
        self.ev = ev
        self.roster = ev.roster

    def force(self, force: Force) -> ForceLine:
        ev = self.ev
        by_category: dict[str, list[SelectionLine]] = {}
        for selection in ordered_selections(force, ev):
            primary = ev.effects[selection].primary
            slot = primary if primary is not None and force.category(primary) else NO_CATEGORY
            by_category.setdefault(slot, []).append(self.selection(selection))
        categories = [CategoryLine(c.entry_id, c.custom_name or c.name,
                                   tuple(by_category.pop(c.entry_id, [])))
                      for c in force.categories]
        categories += [CategoryLine(slot, slot, tuple(lines))
                       for slot, lines in by_category.items()]  # (a force without them)
        profiles, rules = _info(force_info(ev, force))
        effect = ev.force_effects.get(force)
        return ForceLine(
            id=force.id, name=effect.name if effect is not None else force.name,
            custom_name=force.custom_name, catalogue=force.catalogue.name,
            catalogue_revision=force.catalogue.revision,
            categories=tuple(c for c in categories if c.selections), rules=rules,
            profiles=profiles, notes=force.custom_notes,
            forces=tuple(self.force(f) for f in ordered_forces(force.forces, force)))

    def selection(self, selection: Selection) -> SelectionLine:
        ev = self.ev
        effect = ev.effects[selection]
        children = tuple(self.selection(c) for c in ordered_children(selection))
        own = ev.costs(selection)
        total = dict(own)
        for child in children:
            for type_id, value in child.total:
                total[type_id] = total.get(type_id, 0.0) + value
        scope = selection.node.scope
        names = []
        primary = None
        for entry_id in effect.categories:
            target = scope.find(CATEGORIES, entry_id)
            name = target.name if target is not None else entry_id
            names.append(name)
            if entry_id == effect.primary:
                primary = name
        profiles, rules = _info(selection_info(ev, selection))
        return SelectionLine(
            id=selection.id, entry_id=selection.node.id, name=effect.name,
            custom_name=selection.custom_name,
            type=selection.node.type, number=selection.number, costs=tuple(own.items()),
            total=tuple(total.items()), categories=tuple(names), primary=primary,
            profiles=profiles, rules=rules, notes=selection.custom_notes, children=children)


def owner_name(finding: object) -> str:
    """Whose a finding is, as printed: its selection's or force's name (else nothing)."""
    owner = getattr(finding, "owner", None)
    if isinstance(owner, Selection):
        return owner.custom_name or owner.node.name
    if isinstance(owner, Force):
        return owner.custom_name or owner.name
    return ""


def profile_types(roster: Roster) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """Every profile type of the roster's data (game system first), with its
    characteristics' names, in the data's order."""
    seen: dict[str, tuple[str, str, tuple[str, ...]]] = {}
    for file in roster.data.files:
        for t in file.profile_types:
            seen.setdefault(t.id, (t.id, t.name, tuple(c.name for c in
                                                        t.characteristic_types)))
    return tuple(seen.values())


def summarise_roster(roster: Roster, ev: Evaluation | None = None, *,
                     date: datetime.date | None = None) -> RosterSummary:
    """Everything a printout or the table shows of ``roster``; never raises for a roster
    the engine reads (an illegal one says so in its findings)."""
    if ev is None or ev.version != roster.version:
        ev = Evaluation(roster)
    reader = _Reader(ev)
    types = {c.id: c for c in roster.cost_types()}
    limits = {t: v for t, v in roster.cost_limits.items() if v is not None and v >= 0}
    counted = {*ev.totals, *limits}
    shown = [t for t in types if t in counted and not types[t].hidden]  # the data's order
    shown += [t for t in ev.totals if t not in types]
    costs = tuple(Cost(t, types[t].name if t in types else t, ev.totals.get(t, 0.0),
                       limits.get(t)) for t in shown)
    return RosterSummary(
        name=roster.name, system_id=roster.game_system.id,
        system_name=roster.game_system.name, system_revision=roster.game_system.revision,
        forces=tuple(reader.force(f) for f in ordered_forces(roster.forces, roster)),
        costs=costs,
        findings=tuple(FindingLine(f.message, f.severity, f.rule, owner_name(f))
                       for f in ev.findings),
        profile_types=profile_types(roster), fingerprint=roster_fingerprint(roster),
        notes=roster.custom_notes, date=date or datetime.date.today())


def cost_names(summary: RosterSummary) -> dict[str, str]:
    """Cost type id -> its name, for the cost types the summary shows."""
    return {c.id: c.name for c in summary.costs}


__all__ = ["CategoryLine", "Cost", "FindingLine", "ForceLine", "ProfileLine", "ProfileTable",
           "RosterSummary", "RuleLine", "SelectionLine", "cost_names", "owner_name",
           "profile_types", "summarise_roster"]
