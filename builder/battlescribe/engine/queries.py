"""Counting what a constraint, condition or repeat asks about: in which scope (self, parent,
force, roster, ancestor, primary category, primary catalogue, root entry, or an entry id),
what (``field``: selections, forces, a cost type, or ``limit::`` a cost limit) and of what
(``childId``: an entry, a link, a group, a category, a type, a force entry; none: New
Recruit's default, everything in a force or roster, the asking entry itself below a
selection).

A count below a selection is relative to it: a weapon of amount 2 in each of three troopers
counts 2 in the trooper and 6 in the force. Each pass of an evaluation builds, per scope and
flags, the list of what it holds once (:class:`Counter`), so a roster of hundreds of
selections asking thousands of questions walks each force a handful of times.
"""

from __future__ import annotations

from typing import Any

from builder.battlescribe.engine.roster import Category, Force, Roster, Selection

ANY = "\x00any"
"""The key every selection carries: what a query without a ``childId`` counts."""


class Ask:
    """A query made on the spot (a constraint counted for one key): ``field`` in place of the
    source's, and ``local`` to count only what is directly in the place asked about."""

    __slots__ = ("field", "scope", "child_id", "include_child_selections",
                 "include_child_forces", "percent_value")

    def __init__(self, source: Any, child_id: str | None, field: str | None = None,
                 local: bool = False) -> None:
        self.field = field or source.field
        self.scope = source.scope
        self.child_id = child_id
        self.include_child_selections = source.include_child_selections and not local
        self.include_child_forces = source.include_child_forces and not local
        self.percent_value = source.percent_value


class Many:
    """A scope of several places (the ancestors of a selection, the forces of one catalogue)."""

    __slots__ = ("kind", "items")

    def __init__(self, kind: str, items: list[Any]) -> None:
        self.kind = kind
        self.items = items


class Here:
    """Where a modifier, condition or constraint is looked at: what "self" is (the selection
    or force it belongs to; None for an entry not chosen yet), the place it is (or would be)
    in, its force, and the entry id that a query without ``childId`` means below a
    selection."""

    __slots__ = ("subject", "selection", "container", "force", "owner_id")

    def __init__(self, subject: Selection | Force | None, container: Any,
                 force: Force | None, owner_id: str) -> None:
        self.subject = subject
        self.selection = subject if isinstance(subject, Selection) else None
        self.container = container
        self.force = force
        self.owner_id = owner_id


class Counter:
    """The counting of one evaluation pass: ``keys`` (what each selection answers to),
    ``totals`` (each selection's costs, number included) and ``primaries`` (its primary
    category) are those of the pass before."""

    def __init__(self, roster: Roster, keys: dict[Selection, frozenset[str]],
                 totals: dict[Selection, dict[str, float]],
                 primaries: dict[Selection, str | None]) -> None:
        self.roster = roster
        self.keys = keys
        self.totals = totals
        self.primaries = primaries
        self._counts: dict[tuple[Any, ...], dict[str, float]] = {}
        self._costs: dict[tuple[Any, ...], dict[tuple[str, str], float]] = {}
        self.used_costs = False
        """Whether any question of this pass read a cost (then costs must settle)."""

    # ----- what a scope holds ---------------------------------------------------------------

    def members(self, place: Any, children: bool, child_forces: bool) -> list[
            tuple[Selection, float]]:
        """The selections a scope holds, each with its weight (its number, relative to a
        selection scope): direct ones, or every one below with ``children``."""
        found: list[tuple[Selection, float]] = []
        if isinstance(place, Selection):
            base = place.number or 1
            pending = list(place.children)
            while pending:
                selection = pending.pop()
                found.append((selection, selection.number / base))
                if children:
                    pending.extend(selection.children)
            return found
        if isinstance(place, Force):
            forces = list(place.walk_forces()) if child_forces else [place]
        elif isinstance(place, Roster):
            forces = list(place.walk_forces()) if child_forces else list(place.forces)
        elif isinstance(place, Category):
            roots = [s for s in place.force.selections
                     if self.primaries.get(s) == place.entry_id]
            return self._with_children(roots, children)
        elif isinstance(place, Many):
            if place.kind == "ancestors":
                return [(s, float(s.amount)) for s in place.items]
            forces = place.items
        else:
            return found
        roots = [s for force in forces for s in force.selections]
        return self._with_children(roots, children)

    @staticmethod
    def _with_children(roots: list[Selection], children: bool) -> list[tuple[Selection, float]]:
        if not children:
            return [(s, float(s.number)) for s in roots]
        return [(s, float(s.number)) for root in roots for s in root.walk()]

    @staticmethod
    def _key(place: Any, children: bool, child_forces: bool) -> tuple[Any, ...]:
        if isinstance(place, Many):
            return (place.kind, tuple(id(i) for i in place.items), children, child_forces)
        return (id(place), children, child_forces)

    def counts(self, place: Any, children: bool, child_forces: bool) -> dict[str, float]:
        key = self._key(place, children, child_forces)
        found = self._counts.get(key)
        if found is None:
            found = {}
            keys = self.keys
            for selection, weight in self.members(place, children, child_forces):
                for name in keys[selection]:
                    found[name] = found.get(name, 0.0) + weight
            self._counts[key] = found
        return found

    def cost_sums(self, place: Any, children: bool, child_forces: bool) -> dict[
            tuple[str, str], float]:
        self.used_costs = True
        key = self._key(place, children, child_forces)
        found = self._costs.get(key)
        if found is None:
            found = {}
            members = self.members(place, children, child_forces)
            if isinstance(place, Selection) and not children:
                members = [(place, 1.0), *members]
            for selection, _weight in members:
                total = self.totals.get(selection, {})
                for name in self.keys[selection]:
                    for type_id, value in total.items():
                        found[(name, type_id)] = found.get((name, type_id), 0.0) + value
            self._costs[key] = found
        return found

    # ----- forces -------------------------------------------------------------------------

    @staticmethod
    def forces_in(place: Any, child_forces: bool) -> list[Force]:
        if isinstance(place, Roster):
            return list(place.walk_forces()) if child_forces else list(place.forces)
        if isinstance(place, Force):
            if child_forces:
                return [f for child in place.forces for f in child.walk_forces()]
            return list(place.forces)
        return []


def scope_of(here: Here, scope: str, roster: Roster) -> Any:
    """The place a query's ``scope`` names from ``here`` (None: none there)."""
    selection = here.selection
    if scope == "self":
        return here.subject
    if scope == "parent":
        if selection is not None:
            return selection.parent
        if isinstance(here.subject, Force):
            return here.subject.parent
        return here.container
    if scope == "force":
        return here.force
    if scope == "roster":
        return roster
    if scope == "ancestor":
        if selection is not None:
            return Many("ancestors", selection.ancestors())
        container = here.container
        found = []
        while isinstance(container, Selection):
            found.append(container)
            container = container.parent
        return Many("ancestors", found)
    if scope == "primary-catalogue":
        if here.force is None:
            return None
        catalogue = here.force.catalogue
        return Many("forces", [f for f in roster.walk_forces() if f.catalogue is catalogue])
    if scope == "root-entry":
        current = selection if selection is not None else here.container
        if not isinstance(current, Selection):
            return None
        while isinstance(current.parent, Selection):
            current = current.parent
        return current
    if scope == "primary-category":
        return None  # resolved by the caller, which knows the primary categories
    # an entry id or a type: the nearest selection (itself or above) that is one
    current = selection if selection is not None else here.container
    while isinstance(current, Selection):
        node = current.node
        if node.matches(scope) or node.type == scope or any(
                g.matches(scope) for g in node.groups()):
            return current
        current = current.parent
    return None
