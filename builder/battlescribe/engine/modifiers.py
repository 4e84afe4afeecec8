"""Conditions, condition groups, repeats and modifiers: which modifiers apply where, how many
times, and what they do to a name, a number, a flag or a list of categories.

New Recruit's semantics where engines differ (SPEC §10): of the modifiers that apply to one
thing, every ``set`` comes first (in data order), then the rest in data order; ``append`` is
applied once however many times its repeats say; a value a modifier makes a number (a ``set``
to a value that reads as one, an ``increment``) is a number to New Recruit, which reads such
values as numbers, and ``append`` or ``prepend`` cannot add to a number: they give their own
value alone ("100" then "units" is "units"); ``shared="false"`` on a condition or repeat
counts an entry however it was reached; a query without ``childId`` counts everything in a
force or roster, and the asking entry itself below a selection; ``atLeast`` asked of
``self`` is false when nothing is there; ``instanceOf`` looks at a selection (``self``,
``parent``, ``ancestor``, an entry id), or at the force's catalogue (``primary-catalogue``, a
catalogue's id), and is false elsewhere. A percentage of nothing (no
selections or costs at all in the scope) is no share: only ``notEqualTo`` holds of it, and a
constraint on it is not checked.
"""

from __future__ import annotations

import math
import re
from typing import Any

from builder.battlescribe import model as m
from builder.battlescribe.engine.queries import ANY, Counter, Here, Many, scope_of
from builder.battlescribe.engine.roster import Category, Force, Roster, Selection

MAX_TIMES = 1_000_000.0
"""The most times a repeat applies a modifier (``repeats="1000000000"`` stays finite)."""

COMPARISONS = {
    "lessThan": lambda a, b: a < b, "greaterThan": lambda a, b: a > b,
    "equalTo": lambda a, b: a == b, "notEqualTo": lambda a, b: a != b,
    "atLeast": lambda a, b: a >= b, "atMost": lambda a, b: a <= b,
}


class Judge:
    """Answers conditions and repeats in one evaluation pass."""

    def __init__(self, roster: Roster, counter: Counter,
                 primary_category: Any) -> None:
        self.roster = roster
        self.counter = counter
        self.primary_category = primary_category
        """A function: selection (or force and node) → its primary Category, or None."""
        self.capped = False
        """Whether a repeat asked for more than :data:`MAX_TIMES` this pass."""

    def place(self, here: Here, scope: str) -> Any:
        if scope == "primary-category":
            selection = here.selection
            if selection is None:
                return None
            root = selection
            while isinstance(root.parent, Selection):
                root = root.parent
            return self.primary_category(root)
        return scope_of(here, scope, self.roster)

    def value(self, query: Any, here: Here, place: Any = None) -> float | None:
        """What ``query`` counts from ``here`` (None: its scope is nowhere)."""
        if place is None:
            place = self.place(here, query.scope)
            if place is None:
                return None
        child_id = getattr(query, "child_id", None)
        field = query.field
        counter = self.counter
        if field == "forces":
            forces = counter.forces_in(place, query.include_child_forces)
            if child_id is None or child_id == "any":
                return float(len(forces))
            return float(sum(1 for f in forces if f.entry.id == child_id))
        if field.startswith("limit::"):
            return self.roster.cost_limits.get(field[7:], -1.0)
        if child_id is None:
            child_id = ANY if isinstance(place, (Force, Roster, Category, Many)) \
                else here.owner_id
        elif child_id == "any":
            child_id = ANY
        children, child_forces = query.include_child_selections, query.include_child_forces
        if field == "selections":
            count = counter.counts(place, children, child_forces).get(child_id, 0.0)
            if query.percent_value:
                total = counter.counts(place, children, child_forces).get(ANY, 0.0)
                return count * 100.0 / total if total else math.nan
            return count
        sums = counter.cost_sums(place, children, child_forces)
        count = sums.get((child_id, field), 0.0)
        if query.percent_value:
            total = sums.get((ANY, field), 0.0)
            return count * 100.0 / total if total else math.nan
        return count

    def condition(self, condition: m.Condition, here: Here) -> bool:
        kind = condition.type
        if kind == "always":
            return True
        if kind == "never":
            return False
        if kind in ("instanceOf", "notInstanceOf"):
            return self._instance(condition, here) == (kind == "instanceOf")
        compare = COMPARISONS.get(kind)
        if compare is None:
            return False
        count = self.value(condition, here)
        if count is None:
            return False
        if kind == "atLeast" and condition.scope == "self" and count == 0:
            return False
        return compare(count, condition.value)

    def _instance(self, condition: m.Condition, here: Here) -> bool:
        scope = condition.scope
        child_id = condition.child_id
        if scope == "primary-catalogue":
            # Is the force this is in made from that catalogue? (published data names a
            # catalogue's id here: Kill Team hides a catalogue's force entry unless it is)
            return here.force is not None and here.force.catalogue.id == child_id
        if scope in ("force", "roster", "primary-category"):
            return False
        if child_id is None:
            return False
        if scope == "ancestor":
            place = self.place(here, scope)
            candidates = place.items if isinstance(place, Many) else []
        else:
            place = self.place(here, scope)
            candidates = [place] if isinstance(place, Selection) else []
        keys = self.counter.keys
        return any(child_id in keys.get(s, ()) for s in candidates)

    def conditions_hold(self, owner: Any, here: Here) -> bool:
        """All of a modifier's (or group's) conditions and condition groups hold."""
        for condition in owner.conditions:
            if not self.condition(condition, here):
                return False
        for group in owner.condition_groups:
            if not self.group(group, here):
                return False
        for local in getattr(owner, "local_condition_groups", ()):
            if not self.local_group(local, here):
                return False
        return True

    def group(self, group: m.ConditionGroup, here: Here) -> bool:
        results = (*(self.condition(c, here) for c in group.conditions),
                   *(self.group(g, here) for g in group.condition_groups))
        kind = group.type
        if kind == "or":
            return any(results)
        if kind == "not":
            return not any(results)
        return all(results)

    def local_group(self, group: m.LocalConditionGroup, here: Here) -> bool:
        """New Recruit's counting group: how many selections in its scope meet all of its
        conditions (each asked of that selection), compared with its value."""
        place = self.place(here, group.scope)
        if place is None:
            return False
        members = self.counter.members(place, group.include_child_selections,
                                       group.include_child_forces)
        count = 0.0
        for selection, weight in members:
            inner = Here(selection, selection.parent, selection.force, selection.node.entry_id)
            if all(self.condition(c, inner) for c in group.conditions) and all(
                    self.group(g, inner) for g in group.condition_groups):
                count += weight
        compare = COMPARISONS.get(group.type)
        return compare(count, group.value) if compare is not None else False

    def times(self, owner: Any, here: Here) -> float:
        """How many times a modifier (or group) applies by its repeats (1 without any)."""
        if not owner.repeats:
            return 1.0
        total = 0.0
        for repeat in owner.repeats:
            if repeat.value <= 0:
                continue
            count = self.value(repeat, here)
            if not count or count != count:
                continue
            steps = count / repeat.value
            steps = math.ceil(steps) if repeat.round_up else math.floor(steps)
            total += steps * repeat.repeats
        if total > MAX_TIMES:
            self.capped = True
            return MAX_TIMES
        return total

    def applicable(self, modifiers: Any, groups: Any, here: Here,
                   times: float = 1.0) -> list[tuple[m.Modifier, float]]:
        """The modifiers that apply ``here`` with their times, ``set`` ones first."""
        found: list[tuple[m.Modifier, float]] = []
        self._collect(modifiers, groups, here, times, found)
        if len(found) > 1:
            found.sort(key=lambda pair: pair[0].type != "set")
        return found

    def _collect(self, modifiers: Any, groups: Any, here: Here, times: float,
                 found: list[tuple[m.Modifier, float]]) -> None:
        for modifier in modifiers:
            if not self.conditions_hold(modifier, here):
                continue
            own = self.times(modifier, here) * times
            if own > 0:
                found.append((modifier, own))
        for group in groups:
            if not self.conditions_hold(group, here):
                continue
            own = self.times(group, here) * times
            if own > 0:
                self._collect(group.modifiers, group.modifier_groups, here, own, found)


# ----- what a modifier does --------------------------------------------------------------

def number_of(text: str) -> float | None:
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def apply_number(current: float, modifier: m.Modifier, times: float) -> float:
    """A number after ``modifier`` (applied ``times`` times)."""
    kind = modifier.type
    value = number_of(modifier.value)
    if kind in ("ceil", "floor"):
        return float(math.ceil(current) if kind == "ceil" else math.floor(current))
    if value is None:
        return current
    if kind == "set":
        return value
    if kind == "increment":
        return current + value * times
    if kind == "decrement":
        return current - value * times
    try:
        if kind == "multiply":
            result = current * value ** times
        elif kind == "divide":
            result = current / value ** times if value else current
        else:
            return current
    except (OverflowError, ZeroDivisionError):
        return current
    return result if math.isfinite(result) else current


def format_number(value: float) -> str:
    """A number as a name or characteristic shows it: 8, not 8.0."""
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


NUMERAL = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")
"""A modifier's value that New Recruit reads as a number."""


class NumberText(str):
    """A text that New Recruit holds as a number (a modifier made it one): shown as written,
    but ``append`` and ``prepend`` have nothing to add to."""

    __slots__ = ()


def apply_text(current: str, modifier: m.Modifier, times: float) -> str:
    """A text after ``modifier``."""
    kind = modifier.type
    value = modifier.value
    if kind == "set":
        return NumberText(value) if NUMERAL.fullmatch(value) else value
    if kind == "replace":
        return value
    if kind in ("append", "prepend"):
        if not current or isinstance(current, NumberText):
            return value
        return f"{current} {value}" if kind == "append" else f"{value} {current}"
    if kind in ("increment", "decrement", "multiply", "divide", "ceil", "floor"):
        number = number_of(current)
        if number is None:
            return current
        return NumberText(format_number(apply_number(number, modifier, times)))
    return current


def apply_flag(current: bool, modifier: m.Modifier) -> bool:
    if modifier.type == "set":
        return modifier.value.strip().lower() in ("true", "1")
    return current
