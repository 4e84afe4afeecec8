"""Quantities and selectors (SPEC §3, §9): what a recruiting rule counts and which combatants,
entries or picks it looks at.

A quantity is a whole number, a parameter name, ``points_limit`` or one of the mappings
``{models: …}``, ``{sum: STAT, of: …}``, ``{max: STAT, of: …}``, ``{entries: …}`` and
``{picks: …}``; a selector says which combatants (or picks) it counts. Each key a selector
may give is one row of :data:`SELECTOR_KEYS`, from which :func:`selects` (the one matcher, for
the rules, a system option's ``for:`` and the checks of a faction file's plain data) and
:func:`matcher` (the same, made once per selector for the rules' loops) are derived. Models
only, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache
from operator import attrgetter
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, NamedTuple

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
        """The keys the selector gives."""
        return {k: v for k in type(self).model_fields if (v := getattr(self, k)) is not None}


class SelectorKey(NamedTuple):
    """How one key of a selector matches (SPEC §5 *Selectors*, §9): the field it reads of what
    it looks at, and whether that field holds one value (a type: the key's value, or any of
    its list, must be it) or several (tags: any of the key's values among them)."""

    field: str
    several: bool = False
    entry: bool = False
    """It reads what an entry took (:class:`Took`) rather than the combatant: a selector
    giving it takes in entries (SPEC §9)."""
    default: Any = None
    """What a combatant written as plain data (a faction file's mapping) has without it."""


SELECTOR_KEYS: dict[str, SelectorKey] = {
    "type": SelectorKey("type"),
    "id": SelectorKey("id"),
    "rank": SelectorKey("rank"),
    "squad": SelectorKey("squad", default=False),
    "tag": SelectorKey("tags", several=True),
    "option": SelectorKey("ids", several=True, entry=True),
    "option_tag": SelectorKey("tags", several=True, entry=True),
}
"""Every key of :class:`Selector` (a new key: its field there and its row here). A
:class:`PickSelector`'s ``id`` and ``tag`` read a pick as these read a combatant."""


class Took(NamedTuple):
    """What an entry took, as the option keys of a selector read it: the ids of the options
    it took that its combatant is offered, and their tags (an option the combatant is not
    offered counts toward nothing)."""

    ids: tuple[str, ...]
    tags: tuple[str, ...]


def _holds(key: SelectorKey, wanted: object, have: object) -> bool:
    """Whether a value read for ``key`` matches what the selector gives (a value, or a list
    of which any matches)."""
    values = wanted if isinstance(wanted, list) else (wanted,)
    if key.several:
        return isinstance(have, (list, tuple)) and any(v in have for v in values)
    return have in values


def selects(sel: Selector | PickSelector, thing: Any, entry: bool = False) -> bool:
    """Whether ``thing`` (a combatant, a pick, or a combatant's plain data in a file; with
    ``entry``, what an entry took: :class:`Took`) matches every key the selector gives for
    it (the combatant's keys, or with ``entry`` the option keys)."""
    plain = isinstance(thing, dict)
    for name, wanted in sel.__dict__.items():  # (its fields: as given(), without a dict)
        if wanted is None:
            continue
        key = SELECTOR_KEYS[name]
        if key.entry != entry:
            continue
        have = thing.get(key.field, key.default) if plain else getattr(thing, key.field)
        if not _holds(key, wanted, have):
            return False
    return True


def matcher(sel: Selector | PickSelector, entry: bool = False) -> Callable[[Any], bool]:
    """:func:`selects` made once for one selector (the rules ask it of every combatant a
    list hires): a function of the combatant (or pick, or :class:`Took`)."""
    tests = [(attrgetter(SELECTOR_KEYS[name].field), SELECTOR_KEYS[name], wanted)
             for name, wanted in sel.given().items() if SELECTOR_KEYS[name].entry == entry]
    if not tests:
        return _anything
    if len(tests) == 1:
        read, key, wanted = tests[0]
        return lambda thing: _holds(key, wanted, read(thing))
    return lambda thing: all(_holds(key, wanted, read(thing)) for read, key, wanted in tests)


def _anything(_thing: Any) -> bool:
    return True


def gives_keys(sel: Selector | None) -> bool:
    """Whether the selector gives any key (``{}``, like none, matches everything)."""
    if sel is None:
        return False
    values = sel.__dict__.values()  # (its fields: counted in C, on every selection)
    return [*values].count(None) != len(values)


def looks_at_entries(sel: Selector | None) -> bool:
    """Whether the selector gives an option key (SPEC §9): it takes in entries that took
    such an option, not combatants."""
    return sel is not None and any(getattr(sel, name) is not None for name in _ENTRY_KEYS)


_ENTRY_KEYS: Sequence[str] = [name for name, key in SELECTOR_KEYS.items() if key.entry]


def meaning(sel: Selector | PickSelector) -> tuple[tuple[str, object], ...]:
    """The keys a selector gives, as a value (equal selectors select the same)."""
    return tuple((k, tuple(v) if isinstance(v, list) else v)
                 for k, v in sorted(sel.given().items()))


class PickSelector(StrictModel):
    """Which picks ``{picks: …}`` counts (SPEC §9): by id, by tag; ``{}`` every pick."""

    id: Names | None = None
    tag: Names | None = None

    def given(self) -> dict[str, Any]:
        return {k: v for k in type(self).model_fields if (v := getattr(self, k)) is not None}


Times = NonNegative | Annotated[str, Strict()]


class QuantityMapping(StrictModel):
    """What every quantity mapping has: the key that names its kind, the field holding the
    selector of the combatants (or entries) it looks at, the field naming the stat one model
    adds (none: it counts), and ``times``. The rules read a mapping through these
    (:mod:`builder.rules.kinds`), the checks of a system file too."""

    KEY: ClassVar[str]
    SELECTOR: ClassVar[str | None] = None
    """The field holding its combatant selector (None: it looks at no combatant)."""
    STAT: ClassVar[str | None] = None
    """The field naming the stat one model adds (None: each model or entry counts one)."""

    if TYPE_CHECKING:  # (each kind declares it last, default 1: the fields keep their order)
        times: Times

    def selector(self) -> Selector | None:
        return getattr(self, self.SELECTOR) if self.SELECTOR is not None else None

    def stat(self) -> str | None:
        return getattr(self, self.STAT) if self.STAT is not None else None


class ModelsQuantity(QuantityMapping):
    KEY, SELECTOR = "models", "models"

    models: Selector
    times: Times = 1


class EntriesQuantity(QuantityMapping):
    """SPEC §9: how many entries match (a unit counts once)."""

    KEY, SELECTOR = "entries", "entries"

    entries: Selector
    times: Times = 1


class PicksQuantity(QuantityMapping):
    """SPEC §9: how many picks the list took that match."""

    KEY = "picks"

    picks: PickSelector
    times: Times = 1


class SumQuantity(QuantityMapping):
    KEY, SELECTOR, STAT = "sum", "of", "sum"

    sum: StatId
    of: Selector = Field(default_factory=Selector)
    times: Times = 1


class MaxQuantity(QuantityMapping):
    KEY, SELECTOR, STAT = "max", "of", "max"

    max: StatId
    of: Selector = Field(default_factory=Selector)
    times: Times = 1


QUANTITY_MAPPINGS: tuple[type[QuantityMapping], ...] = (
    ModelsQuantity, EntriesQuantity, SumQuantity, MaxQuantity, PicksQuantity)
"""Every kind of quantity mapping (a new kind: its class above, here, in
:data:`_QUANTITY_KEYS` and :data:`Quantity`, and its key in the sentences naming them all;
then its :class:`~builder.rules.kinds.Kind`)."""


_QUANTITY_KEYS = ("models", "sum", "max", "entries", "picks")
"""In the order a mapping's kind is looked for (a mapping giving two is read as the first)."""
_QUANTITY_TAGS: dict[type, str] = {m: f"q-{m.KEY}" for m in QUANTITY_MAPPINGS}


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


@cache
def _quantity_reader() -> TypeAdapter[Any]:
    return TypeAdapter(Quantity)


read_quantities_with(lambda value: _quantity_reader().validate_python(value))  # (play:)
