"""Quantities and selectors (SPEC §3, §9): what a recruiting rule counts and which combatants,
entries or picks it looks at.

A quantity is a whole number, a parameter name, ``points_limit`` or one of the mappings
``{models: …}``, ``{sum: STAT, of: …}``, ``{max: STAT, of: …}``, ``{entries: …}`` and
``{picks: …}``; a selector says which combatants (or picks) it counts. Models only, no I/O.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BeforeValidator,
    Discriminator,
    Field,
    Strict,
    Tag,
    TypeAdapter,
    WithJsonSchema,
)
from pydantic_core import PydanticCustomError

from builder.i18n import _
from builder.model.base import MAX_NAME, NonNegative, StrictModel, check_name, describe, quote
from builder.model.play import read_quantities_with

STAT_ID = re.compile(r"^[A-Za-z0-9_-]+$")


def check_stat_id(value: str) -> str:
    """A stat, figure or parameter id: letters, digits, '_' and '-', at most MAX_NAME."""
    if len(value) > MAX_NAME or not STAT_ID.match(value):
        raise ValueError(_("{value} is not a valid id: use letters, digits, '_' and '-' (for "
                           "example 'PE' or 'hit_points'), at most {limit} characters").format(
                               value=quote(value), limit=MAX_NAME))
    return value


StatId = Annotated[str, Strict(), AfterValidator(check_stat_id)]
ShortText = Annotated[str, Strict(), AfterValidator(check_name)]
"""A word a selector matches (an id, a type, a tag): one short line."""


def _names_shape(value: Any) -> Any:
    if isinstance(value, (str, list)):
        return value
    raise PydanticCustomError("names", _("must be a text or a list of texts (got {got})"),
                              {"got": describe(value)})


Names = Annotated[ShortText | list[ShortText], BeforeValidator(_names_shape)]
"""A selector's value: one word, or a list of them (any matches)."""


class Selector(StrictModel):
    """Which combatants a quantity or rule looks at; every key given must match."""

    type: Names | None = None
    id: Names | None = None
    rank: Names | None = None
    squad: Annotated[bool, Strict()] | None = None
    tag: Names | None = None
    option: Names | None = None
    """SPEC §9: only the entries that took this option (an id, or any of a list)."""
    option_tag: Names | None = None
    """SPEC §9: only the entries that took an option carrying this tag."""

    def given(self) -> dict[str, Any]:
        """The keys the selector gives (fields only: engine caches sit beside them)."""
        return {k: v for k in type(self).model_fields if (v := getattr(self, k)) is not None}


class PickSelector(StrictModel):
    """Which picks ``{picks: …}`` counts (SPEC §9): by id, by tag; ``{}`` every pick."""

    id: Names | None = None
    tag: Names | None = None

    def given(self) -> dict[str, Any]:
        return {k: v for k in type(self).model_fields if (v := getattr(self, k)) is not None}


Times = NonNegative | Annotated[str, Strict()]


class ModelsQuantity(StrictModel):
    models: Selector
    times: Times = 1


class EntriesQuantity(StrictModel):
    """SPEC §9: how many entries match (a unit counts once)."""

    entries: Selector
    times: Times = 1


class PicksQuantity(StrictModel):
    """SPEC §9: how many picks the list took that match."""

    picks: PickSelector
    times: Times = 1


class SumQuantity(StrictModel):
    sum: StatId
    of: Selector = Field(default_factory=Selector)
    times: Times = 1


class MaxQuantity(StrictModel):
    max: StatId
    of: Selector = Field(default_factory=Selector)
    times: Times = 1


_QUANTITY_KEYS = ("models", "sum", "max", "entries", "picks")
_QUANTITY_TAGS: dict[type, str] = {}  # filled below, once the classes exist


def _quantity_tag(value: Any) -> str:
    if isinstance(value, bool):
        return "bad"
    if isinstance(value, int):
        return "q-number"
    if isinstance(value, str):
        return "q-name"
    if isinstance(value, dict):
        for key in _QUANTITY_KEYS:
            if key in value:
                return f"q-{key}"
    return _QUANTITY_TAGS.get(type(value), "bad")


def _quantity_shape(value: Any) -> Any:
    if _quantity_tag(value) == "bad":
        raise PydanticCustomError(
            "quantity",
            _("a quantity is a whole number, a parameter name, points_limit, or a mapping with "
              "'models', 'sum', 'max', 'entries' or 'picks' (got {got})"),
            {"got": describe(value)})
    return value


Quantity = Annotated[
    Annotated[NonNegative, Tag("q-number")]
    | Annotated[Annotated[str, Strict()], Tag("q-name")]
    | Annotated[ModelsQuantity, Tag("q-models")]
    | Annotated[SumQuantity, Tag("q-sum")]
    | Annotated[MaxQuantity, Tag("q-max")]
    | Annotated[EntriesQuantity, Tag("q-entries")]
    | Annotated[PicksQuantity, Tag("q-picks")],
    Discriminator(_quantity_tag),
    BeforeValidator(_quantity_shape),
    WithJsonSchema({"description": "a whole number, a parameter name, points_limit, "
                                   "{models: SELECTOR}, {sum: STAT, of: SELECTOR} or "
                                   "{max: STAT, of: SELECTOR}, {entries: SELECTOR} or "
                                   "{picks: SELECTOR}, each mapping with optional times: N",
                    "anyOf": [{"type": "integer", "minimum": 0}, {"type": "string"},
                              {"type": "object"}]}),
]


_QUANTITY_TAGS.update({ModelsQuantity: "q-models", SumQuantity: "q-sum", MaxQuantity: "q-max",
                       EntriesQuantity: "q-entries", PicksQuantity: "q-picks"})


@cache
def _quantity_reader() -> TypeAdapter[Any]:
    return TypeAdapter(Quantity)


read_quantities_with(lambda value: _quantity_reader().validate_python(value))  # (play:)
