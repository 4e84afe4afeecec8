"""A roster's findings: cost limits, hidden selections, constraints of force entries,
categories, entries and entry groups, and the messages modifiers add (fields ``error``,
``warning``, ``info``).

What a constraint counts is New Recruit's answer where engines differ (SPEC §10), for the
reasons its own design gives:

- New Recruit checks a minimum from the place it counts (it binds a ``min`` in a force or the
  roster to that force or roster and asks there, as a condition asks), but a force's maximum
  from the selections of its entry, counting only what is directly in the force. So an entry's
  (or entry group's) ``max`` on selections with scope ``force`` passes over
  ``includeChildSelections`` and ``includeChildForces``, which its ``min``, conditions and
  repeats honour: a weapon chosen inside squads is not counted against a force's maximum, nor a
  unit of a detachment against its army's (the suite measures exactly this:
  constraint-include-child-selections, constraint-include-child-forces). No measurement shows
  New Recruit doing so for any other scope, and published data leans on the flags there (a
  relic or enhancement "max 1 per roster" chosen inside characters), so a maximum of any other
  scope counts as the data says.
- New Recruit keeps no count of forces for a constraint: whatever its ``field`` says but a cost
  type, a constraint counts selections of its entry (``field="forces"`` counts as
  ``selections``, which is also why such a minimum selects its entry at once). A force is no
  selection, so a force entry's own limit on forces counts none: its ``max`` never breaks and
  its ``min`` is never met, on each of its forces.

Each finding names the node it is raised on (New Recruit's choice): a max broken is raised on
the first selection of the entry that broke it; a min not met on the place that counted (the
category a root entry sits in, the parent selection, the force, the roster) and, when that
place is the force or the roster, on the entry's first selection too;
an entry group's constraint on the selection that holds the group; a force entry's on each of
its forces; a cost limit on the roster; a hidden selection on itself. Constraints of hidden
entries are not checked. A ``max`` below 0 is no limit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from builder.battlescribe import model as m
from builder.battlescribe.engine import messages
from builder.battlescribe.engine.nodes import GROUP, Node, flatten, group_children
from builder.battlescribe.engine.queries import ANY, Ask, Here
from builder.battlescribe.engine.roster import NO_CATEGORY, Category, Force, Roster, Selection

CONSTRAINT, COST_LIMIT, HIDDEN = "bs-constraint", "bs-cost-limit", "bs-hidden"
ERROR, WARNING, INFO = "error", "warning", "info"
Evaluation = Any
"""An :class:`~builder.battlescribe.engine.evaluate.Evaluation` (which asks this module for
its findings, so this module does not import it)."""
EPSILON = 1e-9


@dataclass(frozen=True)
class Finding:
    """What is wrong (or worth a word) in a roster."""

    rule: str
    """``bs-constraint``, ``bs-cost-limit`` or ``bs-hidden`` (SPEC §10)."""
    severity: str
    message: str
    owner: Any
    """The node it is raised on: the Roster, a Force, a Category or a Selection."""
    entry_id: str | None
    constraint_id: str | None
    constraint_type: str | None = None
    constraint_field: str | None = None

    @property
    def owner_type(self) -> str:
        if isinstance(self.owner, Selection):
            return "selection"
        if isinstance(self.owner, Category):
            return "category"
        if isinstance(self.owner, Force):
            return "force"
        return "roster"

    @property
    def owner_id(self) -> str | None:
        return None if isinstance(self.owner, Roster) else self.owner.id

    @property
    def owner_entry_id(self) -> str | None:
        owner = self.owner
        if isinstance(owner, Selection):
            return owner.node.entry_id
        if isinstance(owner, Category):
            return owner.entry_id
        if isinstance(owner, Force):
            return owner.entry.id
        return None


def _name(node: Any, ev: Evaluation) -> str:
    if isinstance(node, Selection):
        return ev.effects[node].name
    if isinstance(node, Category):
        return node.name
    if isinstance(node, Force):
        return ev.force_effects[node].name if node in ev.force_effects else node.name
    return messages.roster_name()


class Checker:
    """Walks one evaluation and collects its findings."""

    def __init__(self, ev: Evaluation) -> None:
        self.ev = ev
        self.roster = ev.roster
        self.judge = ev.judge
        self.found: list[Finding] = []
        self._done: set[tuple[int, str, int]] = set()
        self._cost_names = {c.id: c.name for c in self.roster.cost_types()}

    def add(self, finding: Finding) -> None:
        self.found.append(finding)

    # ----- the parts ------------------------------------------------------------------------

    def cost_limits(self) -> None:
        totals = self.ev.totals
        for type_id, limit in self.roster.cost_limits.items():
            if limit is None or limit < 0:
                continue
            total = totals.get(type_id, 0.0)
            if total > limit + EPSILON * max(1.0, abs(limit)):
                name = self._cost_names.get(type_id, type_id)
                self.add(Finding(COST_LIMIT, ERROR, messages.over_limit(name, total - limit),
                                 self.roster, "costLimits", type_id))

    def unsettled(self) -> None:
        ev = self.ev
        if ev.unsettled:
            names = sorted({ev.effects[s].name for s in ev.unsettled})
            for selection in ev.unsettled[:1]:
                self.add(Finding(CONSTRAINT, ERROR, messages.unsettled(names), selection,
                                 selection.node.entry_id, "costs"))

    def hidden_and_messages(self) -> None:
        ev = self.ev
        for selection in ev.selections:
            effect = ev.effects[selection]
            if effect.hidden:
                self.add(Finding(HIDDEN, ERROR, messages.hidden(
                    _name(selection.parent, ev), effect.name), selection,
                    selection.node.entry_id, "hidden"))
            for severity, text in effect.messages:
                self.add(Finding(CONSTRAINT, severity, text, selection,
                                 selection.node.entry_id, None))
        for force, effect in ev.force_effects.items():
            for severity, text in effect.messages:
                self.add(Finding(CONSTRAINT, severity, text, force, force.entry.id, None))

    def forces(self) -> None:
        ev = self.ev
        for force in ev.forces:
            effect = ev.force_effects[force]
            if effect.hidden and not force.forces:
                continue
            entry = force.entry
            for constraint in entry.constraints:
                limit = effect.limit(constraint)
                here = Here(force, force.parent, force, entry.id)
                if constraint.field == "forces":
                    count = 0.0  # the selections of a force entry: none (see the docstring)
                else:
                    value = self.judge.value(constraint, here)
                    count = value if value is not None else 0.0
                self._judge(constraint, limit, count, force, force, entry.id, entry.name)
            for category in force.categories:
                self._category(force, category)

    def _category(self, force: Force, category: Category) -> None:
        sources = [s for s in (category.link, category.entry) if s is not None]
        if not any(s.constraints for s in sources):
            return
        for source in sources:
            effect = self.ev.category_link_effect(force, source)
            for constraint in source.constraints:
                if constraint.scope == "roster":
                    place: Any = self.roster
                    pool = [c for f in self.roster.walk_forces()
                            for c in f.categories if c.entry_id == category.entry_id]
                else:
                    place, pool = category, [category]
                count = 0.0
                for node in pool:
                    here = Here(None, node.force, node.force, category.entry_id)
                    value = self.judge.value(constraint, here, node)
                    if value is not None:
                        count += value if constraint.field != "selections" or \
                            constraint.percent_value else self._category_count(
                                node, constraint)
                self._judge(constraint, effect.limit(constraint), count, place, category,
                            category.entry_id, category.name,
                            named=force if place is category else self.roster)

    def _category_count(self, category: Category, constraint: m.Constraint) -> float:
        counts = self.judge.counter.counts(category, constraint.include_child_selections,
                                           False)
        if constraint.include_child_selections:
            return counts.get(category.entry_id, 0.0)
        return counts.get(ANY, 0.0)

    # ----- entries and groups ------------------------------------------------------------

    def containers(self) -> None:
        for force in self.ev.forces:
            self._container(force, force.roots, force)
        for selection in self.ev.selections:
            if self.ev.effects[selection].hidden:
                continue
            self._container(selection, selection.node.children(), selection.force)

    def _container(self, container: Force | Selection, nodes: list[Node],
                   force: Force) -> None:
        for node in nodes:
            if node.kind == GROUP:
                effect = self.ev.option(container, node)
                if effect.hidden:
                    continue
                if node.constraints:
                    self._group(container, node, effect, force)
                self._container(container, group_children(node), force)
            elif node.constraints:
                effect = self.ev.option(container, node)
                if not effect.hidden:
                    self._entry(container, node, effect, force)

    def _entry(self, container: Force | Selection, node: Node, effect: Any,
               force: Force) -> None:
        for constraint in node.constraints:
            key = node.entry_id if constraint.shared else node.id
            limit = effect.limit(constraint)
            scope = constraint.scope
            if scope == "self":
                for selection in self._chosen(container, node):
                    here = Here(selection, container, force, node.entry_id)
                    count = self._count(constraint, here, selection, key)
                    self._judge(constraint, limit, count, selection, selection,
                                _owner_id(node, constraint), node.name)
                continue
            here = Here(None, container, force, node.entry_id)
            if scope == "parent" and isinstance(container, Force):
                place: Any = self._root_category(force, node, effect)
            else:
                place = self.judge.place(here, scope)
            if place is None:
                continue
            marker = (id(constraint), key, id(place))
            if scope != "parent":
                if marker in self._done:
                    continue
                self._done.add(marker)
            count, most = self._counts(constraint, here, place, key)
            each = node.collective and scope == "parent" and isinstance(container, Selection)
            self._judge(constraint, limit, count, place, None, _owner_id(node, constraint),
                        node.name, node=node, key=key, container=container, each=each,
                        most=most)

    def _group(self, container: Force | Selection, group: Node, effect: Any,
               force: Force) -> None:
        for constraint in group.constraints:
            key = group.entry_id if constraint.shared else group.id
            here = Here(None, container, force, group.entry_id)
            place = container if constraint.scope in ("parent", "self") \
                else self.judge.place(here, constraint.scope)
            if place is None:
                continue
            if constraint.scope not in ("parent", "self"):
                marker = (id(constraint), key, id(place))
                if marker in self._done:
                    continue
                self._done.add(marker)
            count, most = self._counts(constraint, here, place, key)
            raised = container
            each = isinstance(container, Selection) and all(
                o.collective for o in flatten(group_children(group)))
            self._judge(constraint, effect.limit(constraint), count, place, raised,
                        _owner_id(group, constraint), group.name, each=each, most=most)

    def _root_category(self, force: Force, node: Node, effect: Any) -> Category | None:
        primary = effect.primary
        found = force.category(primary) if primary is not None else None
        return found if found is not None else force.category(NO_CATEGORY) or None

    def _counts(self, constraint: m.Constraint, here: Here, place: Any, key: str
                ) -> tuple[float, float | None]:
        """What ``constraint`` counts for its minimum, and for its maximum when that differs
        (a force's maximum on selections counts only what is directly in the force)."""
        count = self._count(constraint, here, place, key)
        if constraint.type == "min" or constraint.scope != "force" or \
                _field(constraint) != "selections" or not (
                constraint.include_child_selections or constraint.include_child_forces):
            return count, None
        return count, self._count(constraint, here, place, key, local=True)

    def _count(self, constraint: m.Constraint, here: Here, place: Any, key: str,
               local: bool = False) -> float:
        """What ``constraint`` counts of ``key`` in ``place`` (``local``: only what is
        directly there)."""
        field = _field(constraint)
        if isinstance(place, Category) and field == "selections" and \
                not constraint.percent_value:
            children = constraint.include_child_selections and not local
            return self.judge.counter.counts(place.force, children, False).get(key, 0.0)
        value = self.judge.value(Ask(constraint, key, field, local), here, place)
        return value if value is not None else 0.0

    def _chosen(self, container: Force | Selection, node: Node) -> list[Selection]:
        pool = container.selections if isinstance(container, Force) else container.children
        return [s for s in pool if s.node is node or s.node.id == node.id]

    def _first(self, place: Any, node: Node, key: str, container: Any,
               local: bool = False) -> Selection | None:
        """The first selection (oldest) of ``node`` that ``place`` counts (``local``: of
        those directly there)."""
        if isinstance(place, Category):
            pool = [s for s in place.force.selections if s.node.id == node.id or
                    (s.node.entry_id == key)]
        else:
            members = self.judge.counter.members(place, not local, not local)
            pool = [s for s, _w in members if key in self.ev.keys.get(s, ())]
        if not pool:
            pool = self._chosen(container, node) if container is not None else []
        return min(pool, key=lambda s: s.seq) if pool else None

    def _judge(self, constraint: m.Constraint, limit: float, count: float, place: Any,
               raised: Any, entry_id: str, entry_name: str, node: Node | None = None,
               key: str = "", container: Any = None, each: bool = False,
               named: Any = None, most: float | None = None) -> None:
        if count != count:
            return  # a percentage of nothing
        field = constraint.field
        cost_name = self._cost_names.get(field)
        kind = constraint.type
        counted = _name(named if named is not None else place, self.ev)
        checks = [kind] if kind in ("min", "max") else (["min", "max"] if kind == "exactly"
                                                       else [])
        for check in checks:
            if check == "max":
                local = most is not None
                over = most if most is not None else count
                if limit < 0 or over != over or over <= limit + EPSILON:
                    continue
                owner = raised
                if owner is None and node is not None:
                    owner = self._first(place, node, key, container, local) or place
                message = messages.too_many(counted,
                                            over - limit, field, entry_name, limit,
                                            cost_name, constraint.percent_value, each)
                self.add(Finding(CONSTRAINT, ERROR, message, owner or place, entry_id,
                                 constraint.id, "max", field))
            else:
                if count >= limit - EPSILON:
                    continue
                owner = raised if raised is not None else place
                message = messages.too_few(counted,
                                           limit - count, field, entry_name, limit,
                                           cost_name, constraint.percent_value, each)
                self.add(Finding(CONSTRAINT, ERROR, message, owner, entry_id, constraint.id,
                                 "min", field))
                if raised is None and node is not None and constraint.scope not in (
                        "parent", "self"):
                    first = self._first(place, node, key, container)
                    if first is not None:
                        self.add(Finding(CONSTRAINT, ERROR, message, first, entry_id,
                                         constraint.id, "min", field))


def _field(constraint: m.Constraint) -> str:
    """What ``constraint`` counts: its field, but selections for ``forces`` (see the
    module's docstring)."""
    return "selections" if constraint.field == "forces" else constraint.field


def _owner_id(node: Node, constraint: m.Constraint) -> str:
    """The id of the entry that declares ``constraint``: the link's when the link does."""
    link = node.link
    if link is not None and any(c is constraint for c in link.constraints):
        return link.id
    return node.entry_id


def findings(ev: Evaluation) -> list[Finding]:
    """Every finding of a roster's evaluation, in a stable order (roster, forces, entries)."""
    checker = Checker(ev)
    checker.cost_limits()
    checker.forces()
    checker.containers()
    checker.hidden_and_messages()
    checker.unsettled()
    return checker.found
