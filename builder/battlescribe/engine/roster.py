"""A roster being built: forces, their categories, selections and their children (the state
the engine evaluates). Plain objects; what changes them is :mod:`builder.battlescribe.engine.
editing`, what they are worth is :mod:`builder.battlescribe.engine.evaluate`.

Numbers follow New Recruit: a selection has an ``amount``; its ``number`` (what a player reads
and what costs multiply) is its amount times its parent selection's number, so a squad of
three whose troopers each carry one collective weapon shows Weapon ×3 from one amount of 1.
"""

from __future__ import annotations

import secrets
from typing import Any

from builder.battlescribe import model as m
from builder.battlescribe.engine.nodes import Node
from builder.battlescribe.linking import DataSet

NO_CATEGORY = "(No Category)"
"""The entry id of the category that holds what has no category of the force."""


def new_id() -> str:
    """An id in BattleScribe's shape: four groups of four hex digits."""
    text = secrets.token_hex(8)
    return "-".join(text[i:i + 4] for i in range(0, 16, 4))


class Category:
    """A force's category: one per category link of its force entry, and one for what has no
    category there (``entry_id`` :data:`NO_CATEGORY`)."""

    __slots__ = ("id", "entry_id", "entry", "link", "force", "custom_name", "custom_notes",
                 "extra")

    def __init__(self, force: Force, entry_id: str, entry: m.Entry | None,
                 link: m.Entry | None, ident: str | None = None) -> None:
        self.id = ident or new_id()
        self.force = force
        self.entry_id = entry_id
        self.entry = entry
        self.link = link
        self.custom_name: str | None = None
        self.custom_notes: str | None = None
        self.extra: Any = ()

    @property
    def name(self) -> str:
        if self.entry is not None:
            return self.entry.name
        if self.link is not None and self.link.name:
            return self.link.name
        return "Uncategorized" if self.entry_id == NO_CATEGORY else self.entry_id

    def __repr__(self) -> str:
        return f"<category {self.entry_id}>"


class Selection:
    """A choice in a force: its node (entry in place), amount and children."""

    __slots__ = ("id", "node", "parent", "force", "amount", "children", "custom_name",
                 "custom_notes", "seq", "extra")

    def __init__(self, node: Node, parent: Force | Selection, force: Force, amount: int,
                 seq: int, ident: str | None = None) -> None:
        self.id = ident or new_id()
        self.node = node
        self.parent = parent
        self.force = force
        self.amount = amount
        self.children: list[Selection] = []
        self.custom_name: str | None = None
        self.custom_notes: str | None = None
        self.seq = seq
        self.extra: Any = ()

    @property
    def number(self) -> int:
        parent = self.parent
        if isinstance(parent, Selection):
            return self.amount * parent.number
        return self.amount

    @property
    def is_root(self) -> bool:
        return not isinstance(self.parent, Selection)

    def walk(self) -> Any:
        """Itself and every selection below it, parents first."""
        yield self
        for child in self.children:
            yield from child.walk()

    def ancestors(self) -> list[Selection]:
        """Its parent selections, nearest first."""
        found = []
        parent = self.parent
        while isinstance(parent, Selection):
            found.append(parent)
            parent = parent.parent
        return found

    def __repr__(self) -> str:
        return f"<selection {self.node.id} x{self.amount}>"


class Force:
    """A force: its entry, the catalogue it is from, its categories, selections and child
    forces. ``roots`` are the nodes it offers at its root."""

    __slots__ = ("id", "entry", "catalogue", "parent", "roster", "selections", "forces",
                 "categories", "custom_name", "custom_notes", "seq", "roots", "extra")

    def __init__(self, roster: Roster, entry: m.Entry, catalogue: m.DataFile,
                 parent: Roster | Force, roots: list[Node], seq: int,
                 ident: str | None = None) -> None:
        self.id = ident or new_id()
        self.roster = roster
        self.entry = entry
        self.catalogue = catalogue
        self.parent = parent
        self.roots = roots
        self.selections: list[Selection] = []
        self.forces: list[Force] = []
        self.categories: list[Category] = []
        self.custom_name: str | None = None
        self.custom_notes: str | None = None
        self.seq = seq
        self.extra: Any = ()

    @property
    def name(self) -> str:
        return self.entry.name

    def walk_selections(self) -> Any:
        for selection in self.selections:
            yield from selection.walk()

    def walk_forces(self) -> Any:
        """Itself and its child forces, parents first."""
        yield self
        for child in self.forces:
            yield from child.walk_forces()

    def category(self, entry_id: str) -> Category | None:
        for category in self.categories:
            if category.entry_id == entry_id:
                return category
        return None

    def __repr__(self) -> str:
        return f"<force {self.entry.id} {self.name!r}>"


class Roster:
    """A roster for one game system (a :class:`~builder.battlescribe.linking.DataSet`)."""

    def __init__(self, data: DataSet, name: str = "", ident: str | None = None) -> None:
        self.data = data
        self.id = ident or new_id()
        self.name = name or "New Roster"
        self.forces: list[Force] = []
        self.cost_limits: dict[str, float] = {
            c.id: c.default_cost_limit for c in self.cost_types()
            if c.default_cost_limit >= 0}
        """Cost type id → the roster's limit (absent or negative: no limit)."""
        self.seen_costs: list[str] = []
        """The cost types the roster has counted so far, in the order first met: what its
        totals list (a type no selection ever had stays out; one that fell to 0 stays in)."""
        self.custom_notes: str | None = None
        self.extra: Any = ()
        self._seq = 0
        self.version = 0
        """Raised by every change: what an evaluation was made for."""

    def next_seq(self) -> int:
        self._seq += 1
        return self._seq

    @property
    def game_system(self) -> m.DataFile:
        return self.data.game_system

    def cost_types(self) -> list[m.CostType]:
        """The game system's cost types, then those catalogues add."""
        seen: set[str] = set()
        found: list[m.CostType] = []
        for file in self.data.files:
            for cost_type in file.cost_types:
                if cost_type.id not in seen:
                    seen.add(cost_type.id)
                    found.append(cost_type)
        return found

    def walk_forces(self) -> Any:
        for force in self.forces:
            yield from force.walk_forces()

    def walk_selections(self) -> Any:
        for force in self.walk_forces():
            yield from force.walk_selections()

    def find_force(self, ident: str) -> Force | None:
        for force in self.walk_forces():
            if force.id == ident:
                return force
        return None

    def find_selection(self, ident: str) -> Selection | None:
        for selection in self.walk_selections():
            if selection.id == ident:
                return selection
        return None

    def changed(self) -> None:
        self.version += 1
