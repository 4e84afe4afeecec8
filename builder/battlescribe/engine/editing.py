"""Changing a roster: forces and child forces, selections and their children, counts, cost
limits, custom names and notes, with New Recruit's rules:

- a new force or selection is filled with what its entries require: every entry (not hidden
  there) whose ``min`` constraints on selections or forces ask for more than nothing, as many
  as the largest of them asks (a root entry as that many selections, a child entry as one
  selection of that amount when its choices only grow a number); an entry group that asks for
  a minimum takes its default entry (or its only one);
- choosing a child entry again grows the number of its selection when the entry has no
  children of its own that are neither collective nor hidden; otherwise (and always at a
  force's root) it is a new selection;
- deselecting takes one away (a selection at 0 goes); a count of 0 or less removes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from builder.battlescribe import model as m
from builder.battlescribe.engine.evaluate import Evaluation
from builder.battlescribe.engine.nodes import (
    GROUP,
    Node,
    find_option,
    flatten,
    group_children,
    root_nodes,
)
from builder.battlescribe.engine.roster import NO_CATEGORY, Category, Force, Roster, Selection
from builder.battlescribe.linking import FORCES, DataSet
from builder.battlescribe.xmlsafe import MAX_ATTRIBUTE
from builder.i18n import _

MAX_AUTO = 1000
"""The most selections one minimum fills in (data asking for ``min="1000000"`` stops there)."""
MAX_NUMBER = 1_000_000
"""The largest count a selection takes."""


class EditError(ValueError):
    """An action that cannot be done: an id that names nothing there, an entry not offered
    there. Nothing has changed."""


@dataclass(frozen=True)
class Limit:
    """A constraint of an entry where it is offered: its value there, after modifiers."""

    id: str
    type: str
    """``min``, ``max`` or ``exactly``."""
    field: str
    """``selections``, ``forces`` or a cost type's id."""
    scope: str
    value: float
    shared: bool
    percent: bool


@dataclass(frozen=True)
class Offer:
    """An entry that can be chosen somewhere (:meth:`Editor.offers`)."""

    node: Node
    id: str
    """What :meth:`Editor.select` takes."""
    name: str
    group: str | None
    """The name of the entry group it is offered in, if any."""
    hidden: bool
    costs: dict[str, float]
    limits: tuple[Limit, ...]
    chosen: int
    """How many of it are chosen there now (numbers added up)."""


class Editor:
    """A roster and what can be done to it (see the module's docstring). ``evaluation`` is
    the roster's current worth (recomputed after a change, when first asked)."""

    def __init__(self, data: DataSet, name: str = "", roster: Roster | None = None) -> None:
        self.data = data
        self.roster = roster if roster is not None else Roster(data, name)
        self._evaluation: Evaluation | None = None
        self._roots: dict[tuple[str, str], list[Node]] = {}

    # ----- reading -------------------------------------------------------------------------

    @property
    def evaluation(self) -> Evaluation:
        found = self._evaluation
        if found is None or found.version != self.roster.version:
            found = Evaluation(self.roster)
            self._evaluation = found
        return found

    def force(self, ident: str) -> Force:
        found = self.roster.find_force(ident)
        if found is None:
            raise EditError(_("no force has the id {id}").format(id=ident))
        return found

    def selection(self, ident: str, force: Force | None = None) -> Selection:
        pool = force.walk_selections() if force is not None else self.roster.walk_selections()
        for selection in pool:
            if selection.id == ident:
                return selection
        raise EditError(_("no selection has the id {id}").format(id=ident))

    def options(self, container: Force | Selection) -> list[Node]:
        """What can be chosen in ``container`` (groups opened), in data order."""
        if isinstance(container, Force):
            return list(flatten(container.roots))
        return container.node.options()

    def offers(self, container: Force | Selection) -> list[Offer]:
        """What can be chosen in ``container`` as a player sees it: each option's name, its
        group, whether it is hidden there, its costs (for one) and its constraints' values
        there (after their modifiers), and how many of it are chosen there now."""
        ev = self.evaluation
        pool = container.selections if isinstance(container, Force) else container.children
        chosen: dict[str, int] = {}
        for selection in pool:
            chosen[selection.node.id] = chosen.get(selection.node.id, 0) + selection.number
        found = []
        for node in self.options(container):
            effect = ev.option(container, node)
            limits = tuple(Limit(c.id, c.type, c.field, c.scope, effect.limit(c), c.shared,
                                 c.percent_value) for c in node.constraints)
            found.append(Offer(node, node.id, effect.name, node.group.entry.name
                               if node.group is not None else None, effect.hidden,
                               dict(effect.costs), limits, chosen.get(node.id, 0)))
        return found

    def force_entries(self, parent: Force | None = None, catalogue_id: str | None = None
                      ) -> list[m.Entry]:
        """The force entries a roster (or a force, for child forces) offers."""
        if parent is not None:
            return list(parent.entry.force_entries)
        catalogue = self._catalogue(catalogue_id)
        scope = self.data.scope(catalogue)
        return [e for f in scope.files for e in (*f.force_entries, *f.shared_force_entries)]

    # ----- forces --------------------------------------------------------------------------

    def _catalogue(self, catalogue_id: str | None) -> m.DataFile:
        if catalogue_id:
            found = self.data.catalogues.get(catalogue_id)
            if found is None:
                raise EditError(_("no catalogue has the id {id}").format(id=catalogue_id))
            return found
        for catalogue in self.data.catalogues.values():
            if not catalogue.library:
                return catalogue
        if self.data.catalogues:
            return next(iter(self.data.catalogues.values()))
        return self.data.game_system

    def _root_nodes(self, catalogue: m.DataFile) -> list[Node]:
        key = (catalogue.id, catalogue.path)
        found = self._roots.get(key)
        if found is None:
            scope = self.data.scope(catalogue)
            imported = self.data.imported_roots(catalogue) \
                if catalogue is not self.data.game_system else []
            found = root_nodes(catalogue, imported, self.data.game_system, scope)
            self._roots[key] = found
        return found

    def add_force(self, force_entry_id: str, catalogue_id: str | None = None,
                  parent: Force | None = None) -> Force:
        """A new force of ``force_entry_id`` (from ``catalogue_id``: by default the parent's
        catalogue, else the first catalogue that is not a library), filled with what it
        requires."""
        if catalogue_id is None and parent is not None:
            catalogue = parent.catalogue
        else:
            catalogue = self._catalogue(catalogue_id)
        entry = self.data.scope(catalogue).find(FORCES, force_entry_id)
        if entry is None and parent is not None:
            entry = next((e for e in parent.entry.force_entries if e.id == force_entry_id),
                         None)
        if entry is None:
            raise EditError(_("no force entry has the id {id}").format(id=force_entry_id))
        roster = self.roster
        force = Force(roster, entry, catalogue, parent if parent is not None else roster,
                      self._root_nodes(catalogue), roster.next_seq())
        self._make_categories(force)
        (parent.forces if parent is not None else roster.forces).append(force)
        roster.changed()
        self._fill(force)
        return force

    def _make_categories(self, force: Force) -> None:
        scope = self.data.scope(force.catalogue)
        categories: list[Category] = []
        for link in force.entry.category_links:
            target = scope.target(link)
            categories.append(Category(force, link.target_id, target, link))
        known = {c.entry_id for c in categories}
        if any(_primary(node) not in known for node in flatten(force.roots)) or not categories:
            categories.insert(0, Category(force, NO_CATEGORY, None, None))
        force.categories = categories

    def remove_force(self, force: Force) -> None:
        siblings = force.parent.forces
        if force not in siblings:
            raise EditError(_("the force is not in this roster"))
        siblings.remove(force)
        self.roster.changed()

    def duplicate_force(self, force: Force) -> Force:
        """A copy of ``force`` (its selections and child forces), after it."""
        copy = self._copy_force(force, force.parent)
        siblings = force.parent.forces
        siblings.insert(siblings.index(force) + 1, copy)
        self.roster.changed()
        return copy

    def _copy_force(self, force: Force, parent: Roster | Force) -> Force:
        roster = self.roster
        copy = Force(roster, force.entry, force.catalogue, parent, force.roots,
                     roster.next_seq())
        copy.categories = [Category(copy, c.entry_id, c.entry, c.link)
                           for c in force.categories]
        for category, source in zip(copy.categories, force.categories, strict=True):
            category.custom_name, category.custom_notes = source.custom_name, \
                source.custom_notes
        copy.custom_name, copy.custom_notes = force.custom_name, force.custom_notes
        copy.selections = [self._copy_selection(s, copy, copy) for s in force.selections]
        copy.forces = [self._copy_force(f, copy) for f in force.forces]
        return copy

    # ----- selections ----------------------------------------------------------------------

    def select(self, container: Force | Selection, entry_id: str) -> Selection:
        """Choose ``entry_id`` in ``container`` (a force's root, or under a selection): a new
        selection, or one more of an existing one (see the module's docstring), filled with
        what it requires."""
        node = find_option(self.options(container), entry_id)
        if node is None:
            raise EditError(_("{entry} cannot be chosen here").format(entry=entry_id))
        return self._choose(container, node, 1)[0]

    def _choose(self, container: Force | Selection, node: Node, count: int) -> list[Selection]:
        roster = self.roster
        count = max(0, min(count, MAX_AUTO))
        if isinstance(container, Selection) and not node.instanced():
            for existing in container.children:
                if existing.node is node or existing.node.id == node.id:
                    existing.amount = min(MAX_NUMBER, existing.amount + count)
                    roster.changed()
                    return [existing]
            selection = Selection(node, container, container.force, count, roster.next_seq())
            container.children.append(selection)
            roster.changed()
            self._fill(selection)
            return [selection]
        force = container if isinstance(container, Force) else container.force
        made = []
        for _i in range(count):
            selection = Selection(node, container, force, 1, roster.next_seq())
            (container.selections if isinstance(container, Force)
             else container.children).append(selection)
            roster.changed()
            made.append(selection)
        for selection in made:
            self._fill(selection)
        return made

    def _fill(self, container: Force | Selection) -> None:
        """Choose what ``container`` requires (New Recruit's automatic selections)."""
        nodes = container.roots if isinstance(container, Force) else container.node.children()
        wanted = self._requirements(container, nodes)
        for node, count in wanted:
            self._choose(container, node, count)

    def _requirements(self, container: Force | Selection, nodes: list[Node]) -> list[
            tuple[Node, int]]:
        """The entries ``container`` must hold, and how many of each."""
        needs_values = any(_modified(n) for n in nodes)
        ev = self.evaluation if needs_values else None
        found: list[tuple[Node, int]] = []
        for node in nodes:
            hidden, minimum = _minimum(ev, container, node)
            if hidden:
                continue
            if node.kind == GROUP:
                if minimum > 0:
                    chosen = _default(node)
                    if chosen is not None:
                        found.append((chosen, minimum))
                found.extend(self._requirements(container, group_children(node)))
            elif minimum > 0:
                found.append((node, minimum))
        seen: dict[str, int] = {}
        merged: list[tuple[Node, int]] = []
        for node, count in found:
            if node.id in seen:
                index = seen[node.id]
                merged[index] = (node, max(merged[index][1], count))
            else:
                seen[node.id] = len(merged)
                merged.append((node, count))
        return merged

    def deselect(self, selection: Selection) -> None:
        """One fewer: the amount goes down by one, and a selection at 0 goes."""
        if selection.amount > 1:
            selection.amount -= 1
            self.roster.changed()
        else:
            self.remove(selection)

    def remove(self, selection: Selection) -> None:
        """Take ``selection`` (and what it holds) out of the roster."""
        parent = selection.parent
        pool = parent.selections if isinstance(parent, Force) else parent.children
        if selection not in pool:
            raise EditError(_("the selection is not in this roster"))
        pool.remove(selection)
        self.roster.changed()

    def set_count(self, selection: Selection, count: int) -> None:
        """Set a selection's amount; 0 or less removes it."""
        if count <= 0:
            self.remove(selection)
            return
        selection.amount = min(int(count), MAX_NUMBER)
        self.roster.changed()

    def duplicate_selection(self, selection: Selection) -> Selection:
        """A copy of ``selection`` and what it holds, beside it."""
        parent = selection.parent
        copy = self._copy_selection(selection, parent, selection.force)
        pool = parent.selections if isinstance(parent, Force) else parent.children
        pool.insert(pool.index(selection) + 1, copy)
        self.roster.changed()
        return copy

    def _copy_selection(self, selection: Selection, parent: Force | Selection,
                        force: Force) -> Selection:
        copy = Selection(selection.node, parent, force, selection.amount,
                         self.roster.next_seq())
        copy.custom_name, copy.custom_notes = selection.custom_name, selection.custom_notes
        copy.children = [self._copy_selection(c, copy, force) for c in selection.children]
        return copy

    def put_back(self, item: Force | Selection, index: int) -> None:
        """Return a force or selection that :meth:`remove_force` or :meth:`remove` took out
        (with what it holds) to its parent, at ``index`` among its siblings: the way back of
        an undo, the very objects again, so whatever names them names them still."""
        if isinstance(item, Force):
            pool: list[Any] = item.parent.forces
        elif isinstance(item.parent, Force):
            pool = item.parent.selections
        else:
            pool = item.parent.children
        if any(other is item for other in pool):
            raise EditError(_("it is in the roster already"))
        pool.insert(max(0, min(index, len(pool))), item)
        self.roster.changed()

    # ----- the roster's own settings --------------------------------------------------------

    def set_cost_limit(self, type_id: str, value: float) -> None:
        """The roster's limit for a cost type; a negative value is no limit."""
        if value != value or value in (float("inf"), float("-inf")):
            raise EditError(_("a cost limit must be a number"))
        if type_id not in {c.id for c in self.roster.cost_types()}:
            raise EditError(_("no cost type has the id {id}").format(id=type_id))
        self.roster.cost_limits[type_id] = float(value)
        self.roster.changed()

    def customise(self, target: Any, name: str | None = None, notes: str | None = None) -> None:
        """A custom name and notes for the roster, a force, a category or a selection
        (None leaves one as it is; "" clears it). A name is an attribute of the roster's XML:
        one longer than the reader reads back (:data:`MAX_ATTRIBUTE`) is refused."""
        if name is not None and len(name) > MAX_ATTRIBUTE:
            raise EditError(_("a name of {length} characters is too long; at most {limit} are "
                              "kept").format(length=f"{len(name):,}", limit=f"{MAX_ATTRIBUTE:,}"))
        if name is not None:
            if isinstance(target, Roster):
                target.name = name
            else:
                target.custom_name = name or None
        if notes is not None:
            target.custom_notes = notes or None
        self.roster.changed()


def _primary(node: Node) -> str | None:
    primaries = [link.target_id for link in node.category_links if link.primary]
    return primaries[-1] if primaries else None


def _modified(node: Node) -> bool:
    return bool(node.modifiers or node.modifier_groups)


def _minimum(ev: Evaluation | None, container: Force | Selection, node: Node) -> tuple[
        bool, int]:
    """Whether ``node`` is hidden in ``container``, and the most its min constraints on
    selections or forces ask for."""
    effect = ev.option(container, node) if ev is not None and _modified(node) else None
    hidden = effect.hidden if effect is not None else node.hidden
    best = 0.0
    for constraint in node.constraints:
        if constraint.type not in ("min", "exactly") or constraint.percent_value:
            continue
        if constraint.field not in ("selections", "forces"):
            continue
        value = effect.limit(constraint) if effect is not None else constraint.value
        best = max(best, value)
    return hidden, int(min(best, MAX_AUTO)) if best == best else 0


def _default(group: Node) -> Node | None:
    """The entry a group's minimum is met with: its default entry, else its only one."""
    options = list(flatten(group_children(group)))
    wanted = group.entry.default_selection_entry_id
    if wanted:
        for node in options:
            if node.matches(wanted) or node.id.endswith("::" + wanted):
                return node
    visible = [o for o in options if not o.hidden]
    return visible[0] if len(visible) == 1 else None
