"""The data model's logic (:mod:`builder.battlescribe.model` re-exports all of it):
constraints, conditions, condition groups, repeats, modifiers and modifier groups, with the
modifier and condition types the engine knows."""

from __future__ import annotations

from typing import Any

from builder.battlescribe.elements import EMPTY, FALSE, TRUE, Element


class Query(Element):
    """What constraints, conditions and repeats share: what to count (``field``), where
    (``scope``), and how."""

    __slots__ = ("field", "scope", "value", "shared", "include_child_selections",
                 "include_child_forces", "percent_value")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Element.__init__(self, raw, line, column)
        get = raw.get
        self.field = get("field", "selections")
        self.scope = get("scope", "parent")
        self.value = 0.0
        self.shared = get("shared") not in FALSE
        self.include_child_selections = get("includeChildSelections") in TRUE
        self.include_child_forces = get("includeChildForces") in TRUE
        self.percent_value = get("percentValue") in TRUE


class Constraint(Query):
    TAG = "constraint"
    __slots__ = ("id", "type")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Query.__init__(self, raw, line, column)
        self.id = raw.get("id", "")
        self.type = raw.get("type", "max")


class Condition(Query):
    TAG = "condition"
    __slots__ = ("type", "child_id")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Query.__init__(self, raw, line, column)
        self.type = raw.get("type", "")
        self.child_id = raw.get("childId") or None


class Repeat(Query):
    TAG = "repeat"
    __slots__ = ("child_id", "repeats", "round_up")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Query.__init__(self, raw, line, column)
        self.child_id = raw.get("childId") or None
        self.repeats = 1.0
        self.round_up = raw.get("roundUp") in TRUE


class ConditionGroup(Element):
    TAG = "conditionGroup"
    CONTAINERS = {"conditions": "conditions", "conditionGroups": "condition_groups"}
    __slots__ = ("type", "conditions", "condition_groups")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Element.__init__(self, raw, line, column)
        self.type = raw.get("type", "and")
        self.conditions: Any = EMPTY
        self.condition_groups: Any = EMPTY


class LocalConditionGroup(Query):
    """New Recruit's counting group: how many of the selections in ``scope`` meet all of its
    conditions, compared (``type``) with ``value``."""

    TAG = "localConditionGroup"
    CONTAINERS = {"conditions": "conditions", "conditionGroups": "condition_groups"}
    __slots__ = ("type", "child_id", "conditions", "condition_groups")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Query.__init__(self, raw, line, column)
        self.type = raw.get("type", "atLeast")
        self.child_id = raw.get("childId") or None
        self.conditions: Any = EMPTY
        self.condition_groups: Any = EMPTY


_MODIFIER_LOGIC = {"conditions": "conditions", "conditionGroups": "condition_groups",
                   "repeats": "repeats", "localConditionGroups": "local_condition_groups"}


KNOWN_MODIFIERS = frozenset({
    "set", "increment", "decrement", "append", "prepend", "replace", "add", "remove",
    "set-primary", "unset-primary", "multiply", "divide", "ceil", "floor"})
"""The modifier types the engine applies; any other is read, warned about and ignored."""

KNOWN_CONDITIONS = frozenset({
    "lessThan", "greaterThan", "equalTo", "notEqualTo", "atLeast", "atMost", "instanceOf",
    "notInstanceOf", "always", "never"})
"""The condition types the engine answers; any other is read, warned about and false."""


class Modifier(Element):
    TAG = "modifier"
    CONTAINERS = _MODIFIER_LOGIC
    __slots__ = ("type", "field", "value", "conditions", "condition_groups", "repeats",
                 "local_condition_groups")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Element.__init__(self, raw, line, column)
        self.type = raw.get("type", "set")
        self.field = raw.get("field", "")
        self.value = raw.get("value", "")
        self.conditions: Any = EMPTY
        self.condition_groups: Any = EMPTY
        self.repeats: Any = EMPTY
        self.local_condition_groups: Any = EMPTY


class ModifierGroup(Element):
    TAG = "modifierGroup"
    CONTAINERS = {**_MODIFIER_LOGIC, "modifiers": "modifiers", "modifierGroups": "modifier_groups"}
    __slots__ = ("type", "conditions", "condition_groups", "repeats", "local_condition_groups",
                 "modifiers", "modifier_groups", "comment")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Element.__init__(self, raw, line, column)
        self.type = raw.get("type", "and")
        self.conditions: Any = EMPTY
        self.condition_groups: Any = EMPTY
        self.repeats: Any = EMPTY
        self.local_condition_groups: Any = EMPTY
        self.modifiers: Any = EMPTY
        self.modifier_groups: Any = EMPTY
        self.comment: str | None = None
