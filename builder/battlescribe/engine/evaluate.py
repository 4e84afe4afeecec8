"""What a roster is worth now: every selection's, force's and available entry's values after
their modifiers (name, hidden, costs, categories, constraint values, messages), the costs, and
(through :mod:`builder.battlescribe.engine.validate`) the findings.

Where New Recruit differs from BattleScribe it is followed (SPEC §10): a selection's or force's
page is its entry's, as New Recruit reads it off the entry, so a modifier of ``page`` does not
reach it (profiles' and rules' pages still take theirs); an ``unset-primary`` modifier of an
entry's primary category hides the entry and leaves its categories as they were.

Modifiers may ask about costs and categories that other modifiers change, so an evaluation
runs in passes, as New Recruit settles its values: each pass counts with the costs and
categories of the pass before, until nothing changes (at most :data:`MAX_PASSES`; data whose
costs feed on each other for ever stops there).
"""

from __future__ import annotations

from typing import Any

from builder.battlescribe import model as m
from builder.battlescribe.engine.modifiers import Judge, apply_flag, apply_number, apply_text
from builder.battlescribe.engine.nodes import GROUP, Node
from builder.battlescribe.engine.order import shown
from builder.battlescribe.engine.queries import ANY, Counter, Here
from builder.battlescribe.engine.roster import NO_CATEGORY, Category, Force, Roster, Selection

MAX_PASSES = 25
MESSAGE_FIELDS = ("error", "warning", "info")


class Effect:
    """A node's values where it is, after its modifiers."""

    __slots__ = ("name", "hidden", "page", "costs", "categories", "primary", "limits",
                 "messages")

    def __init__(self, node: Node | m.Entry) -> None:
        if isinstance(node, Node):
            self.name = node.entry.name
            self.hidden = node.hidden
            self.page = node.page
            self.costs = {c.type_id: c.value for c in node.costs}
            links = node.category_links
        else:
            self.name = node.name
            self.hidden = node.hidden
            self.page = node.page
            self.costs = {}
            links = node.category_links
        self.categories = [link.target_id for link in links]
        primaries = [link.target_id for link in links if link.primary]
        self.primary = primaries[-1] if primaries else None
        self.limits: dict[int, float] = {}
        """id(constraint) → its value here, for the constraints a modifier changed."""
        self.messages: list[tuple[str, str]] = []

    def limit(self, constraint: m.Constraint) -> float:
        return self.limits.get(id(constraint), constraint.value)


class Evaluation:
    """The values of one version of a roster (see the module's docstring)."""

    def __init__(self, roster: Roster) -> None:
        self.roster = roster
        self.version = roster.version
        self.cost_type_ids = {c.id for c in roster.cost_types()}
        self.selections: list[Selection] = list(roster.walk_selections())
        self.forces: list[Force] = list(roster.walk_forces())
        self.effects: dict[Selection, Effect] = {}
        self.force_effects: dict[Force, Effect] = {}
        self._options: dict[tuple[int, int], Effect] = {}
        self._groups: dict[tuple[int, int], Effect] = {}
        self._statics: dict[int, Effect] = {}
        self._findings: list[Any] | None = None
        self.passes = 0
        self.unsettled: list[Selection] = []
        """Selections whose costs never settle (modifiers feeding on each other's costs)."""
        self._run()
        totals: dict[str, float] = {}
        seen = roster.seen_costs
        for selection in shown(roster, lambda s: self.effects[s].primary):
            for type_id, value in self.costs(selection).items():
                totals[type_id] = totals.get(type_id, 0.0) + value
                if type_id not in seen:
                    seen.append(type_id)
        self.totals = {t: totals.get(t, 0.0) for t in seen}
        """Cost type id → the roster's total, for every type it has counted."""

    # ----- passes -------------------------------------------------------------------------

    def _run(self) -> None:
        keys: dict[Selection, frozenset[str]] = {}
        primaries: dict[Selection, str | None] = {}
        totals: dict[Selection, dict[str, float]] = {}
        for selection in self.selections:
            effect = Effect(selection.node)
            self.effects[selection] = effect
            keys[selection] = self._keys(selection, effect)
            primaries[selection] = effect.primary
        for selection in self.selections:
            totals[selection] = self.costs(selection)
        moving: set[Selection] = set()
        for _ in range(MAX_PASSES):
            self.passes += 1
            counter = Counter(self.roster, keys, totals, primaries)
            self.judge = Judge(self.roster, counter, self.primary_category)
            self._options.clear()
            self._groups.clear()
            for selection in self.selections:
                self.effects[selection] = self._selection_effect(selection)
            new_keys = {s: self._keys(s, self.effects[s]) for s in self.selections}
            new_primaries = {s: self.effects[s].primary for s in self.selections}
            new_totals = {s: self.costs(s) for s in self.selections}
            settled = new_keys == keys and new_primaries == primaries and (
                not counter.used_costs or new_totals == totals)
            if counter.used_costs and self.judge.capped:
                settled = False  # costs running away: never settling, however it ends
            if self.passes > 1:
                moving.update(s for s in self.selections if new_totals[s] != totals[s])
            keys, primaries, totals = new_keys, new_primaries, new_totals
            if settled:
                break
        else:
            # costs that feed on each other for ever: theirs are the entries' own, and a
            # finding says so
            changing = [s for s in self.selections if s in moving]
            self.unsettled = changing
            for selection in changing:
                self.effects[selection].costs = {c.type_id: c.value
                                                 for c in selection.node.costs}
            totals = {s: self.costs(s) for s in self.selections}
        self.keys = keys
        self.primaries = primaries
        self.judge = Judge(self.roster, Counter(self.roster, keys, totals, primaries),
                           self.primary_category)
        self._options.clear()
        self._groups.clear()
        for force in self.forces:
            self.force_effects[force] = self._force_effect(force)

    @staticmethod
    def _keys(selection: Selection, effect: Effect) -> frozenset[str]:
        node = selection.node
        found = {ANY, node.entry.id, node.id, node.type}
        if node.link is not None:
            found.add(node.link.id)
        for group in node.groups():
            found.add(group.entry.id)
            found.add(group.id)
            if group.link is not None:
                found.add(group.link.id)
        found.update(effect.categories)
        return frozenset(found)

    def primary_category(self, selection: Selection) -> Category | None:
        """The force's category a root selection sits in (its primary category, else the one
        for what has none)."""
        force = selection.force
        primary = self.effects[selection].primary if selection in self.effects else None
        found = force.category(primary) if primary is not None else None
        return found if found is not None else force.category(NO_CATEGORY)

    # ----- effects --------------------------------------------------------------------------

    def apply(self, effect: Effect, modifiers: Any, groups: Any, here: Here,
              constraints: Any = ()) -> Effect:
        """``effect`` after the modifiers that apply ``here``."""
        for modifier, times in self.judge.applicable(modifiers, groups, here):
            field = modifier.field
            if field == "name":
                effect.name = apply_text(effect.name, modifier, times)
            elif field == "hidden":
                effect.hidden = apply_flag(effect.hidden, modifier)
            elif field == "page":
                pass  # New Recruit reads an entry's page off the entry: no modifier reaches it
            elif field == "category":
                _category(effect, modifier)
            elif field in MESSAGE_FIELDS:
                if modifier.type in ("add", "set", "append") and modifier.value:
                    effect.messages.append((field, modifier.value))
            elif field in self.cost_type_ids:
                effect.costs[field] = apply_number(effect.costs.get(field, 0.0), modifier,
                                                   times)
            else:
                for constraint in constraints:
                    if constraint.id == field:
                        effect.limits[id(constraint)] = apply_number(
                            effect.limit(constraint), modifier, times)
        return effect

    def _selection_effect(self, selection: Selection) -> Effect:
        node = selection.node
        here = Here(selection, selection.parent, selection.force, node.entry_id)
        effect = self.apply(Effect(node), node.modifiers, node.modifier_groups, here,
                            node.constraints)
        if not effect.hidden:
            for group in node.groups():
                if self.group_effect(selection.parent, group, selection.force).hidden:
                    effect.hidden = True
                    break
        return effect

    def _static(self, node: Node) -> Effect | None:
        """A node's values when nothing can change them (no modifiers on it or its groups):
        the same wherever it is."""
        if node.modifiers or node.modifier_groups:
            return None
        found = self._statics.get(id(node))
        if found is None:
            if any(g.modifiers or g.modifier_groups for g in node.groups()):
                return None
            found = Effect(node)
            if not found.hidden and any(g.hidden for g in node.groups()):
                found.hidden = True
            self._statics[id(node)] = found
        return found

    def group_effect(self, container: Any, group: Node, force: Force) -> Effect:
        """A group's values under ``container`` (hidden, constraint values)."""
        static = self._static(group)
        if static is not None:
            return static
        key = (id(container), id(group))
        found = self._groups.get(key)
        if found is None:
            here = Here(None, container, force, group.entry_id)
            found = self.apply(Effect(group), group.modifiers, group.modifier_groups, here,
                               group.constraints)
            self._groups[key] = found
        return found

    def option(self, container: Force | Selection, node: Node) -> Effect:
        """An entry's values under ``container`` where it is not chosen (or before it is):
        whether it is hidden there, what its constraints are."""
        if node.kind == GROUP:
            force = container if isinstance(container, Force) else container.force
            return self.group_effect(container, node, force)
        static = self._static(node)
        if static is not None:
            return static
        key = (id(container), id(node))
        found = self._options.get(key)
        if found is None:
            force = container if isinstance(container, Force) else container.force
            here = Here(None, container, force, node.entry_id)
            found = self.apply(Effect(node), node.modifiers, node.modifier_groups, here,
                               node.constraints)
            if not found.hidden and any(self.group_effect(container, g, force).hidden
                                        for g in node.groups()):
                found.hidden = True
            self._options[key] = found
        return found

    def _force_effect(self, force: Force) -> Effect:
        entry = force.entry
        here = Here(force, force.parent, force, entry.id)
        return self.apply(Effect(entry), entry.modifiers, entry.modifier_groups, here,
                          entry.constraints)

    def category_link_effect(self, force: Force, link: m.Entry) -> Effect:
        """A force entry's category link (or category entry) values in ``force``: its
        constraint values after their modifiers."""
        here = Here(force, force.parent, force, link.target_id or link.id)
        return self.apply(Effect(link), link.modifiers, link.modifier_groups, here,
                          link.constraints)

    # ----- costs ----------------------------------------------------------------------------

    def unit_costs(self, selection: Selection) -> dict[str, float]:
        return self.effects[selection].costs

    def costs(self, selection: Selection) -> dict[str, float]:
        """A selection's own costs (not its children's), its number included."""
        number = selection.number
        return {t: v * number for t, v in self.effects[selection].costs.items()}

    # ----- findings -------------------------------------------------------------------------

    @property
    def findings(self) -> list[Any]:
        if self._findings is None:
            from builder.battlescribe.engine.validate import findings

            self._findings = findings(self)
        return self._findings


def _category(effect: Effect, modifier: m.Modifier) -> None:
    value = modifier.value
    kind = modifier.type
    if kind == "add":
        if value not in effect.categories:
            effect.categories.append(value)
    elif kind == "remove":
        if value in effect.categories:
            effect.categories.remove(value)
        if effect.primary == value:
            effect.primary = None
    elif kind == "set-primary":
        if value not in effect.categories:
            effect.categories.append(value)
        effect.primary = value
    elif kind == "unset-primary":
        # New Recruit does not unset a primary category: it hides the entry instead (the
        # conformance suite measured it so, hidden while browsing, its primary category kept)
        if effect.primary == value:
            effect.hidden = True
