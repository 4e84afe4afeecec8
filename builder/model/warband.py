"""Warband lists (SPEC §2)."""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Literal, TypeVar

from pydantic import Field, field_validator

from builder.model.base import (
    MAX_COUNT,
    MAX_TEXT,
    MAX_WHOLE,
    Count,
    Name,
    NonNegative,
    OptText,
    StrictModel,
    check_name,
    check_schema,
)

WARBAND_SCHEMA = "spherewars-warband/1"
_KEYS = frozenset(("schema", "name", "faction", "points_limit", "entries", "notes"))
_ENTRY_KEYS = frozenset(("combatant", "count"))
_ENTRY = attrgetter("combatant", "count")


class Entry(StrictModel):
    combatant: Name
    count: Count = 1


class Warband(StrictModel):
    schema_: Literal["spherewars-warband/1"] = Field(default="spherewars-warband/1", alias="schema")
    name: Name
    faction: Name
    points_limit: NonNegative | None = None
    entries: list[Entry]
    notes: OptText = None

    @field_validator("schema_", mode="before")
    @classmethod
    def _schema(cls, value: Any) -> Any:
        return check_schema(value, WARBAND_SCHEMA)

    @classmethod
    def well_formed(cls, data: dict[str, Any]) -> Warband | None:
        """The list in ``data`` when every value is already right, built without pydantic's
        validation (which costs more than reading a small file); None for anything else, so
        that ``model_validate`` says what is wrong. The checks are the fields' own, and the
        result is the same model (the tests compare both on generated data)."""
        if not _KEYS.issuperset(data):
            return None
        schema = data.get("schema")
        name, faction = data.get("name"), data.get("faction")
        limit, entries, notes = data.get("points_limit"), data.get("entries"), data.get("notes")
        if (schema is not None and schema != WARBAND_SCHEMA) or not _name(name) \
                or not _name(faction) or type(entries) is not list \
                or (limit is not None and not _whole(limit, 0, MAX_WHOLE)) \
                or (notes is not None and (type(notes) is not str or len(notes) > MAX_TEXT)):
            return None
        built = []
        for item in entries:
            if type(item) is not dict or not _ENTRY_KEYS.issuperset(item):
                return None
            combatant, count = item.get("combatant"), item.get("count")
            if not _name(combatant):
                return None
            if count is None:  # absent, or written with no value: the default
                built.append(_made(Entry, {"combatant": combatant, "count": 1},
                                   {"combatant"}))
            elif _whole(count, 1, MAX_COUNT):
                built.append(_made(Entry, {"combatant": combatant, "count": count},
                                   {"combatant", "count"}))
            else:
                return None
        # a key written with no value is unset where its default is not None (the schema)
        given = {"schema_" if key == "schema" else key for key, value in data.items()
                 if value is not None or key in ("points_limit", "notes")}
        return _made(cls, {"schema_": WARBAND_SCHEMA, "name": name, "faction": faction,
                           "points_limit": limit, "entries": built, "notes": notes}, given)

    def to_data(self) -> dict[str, Any]:
        """Plain data in the file's key order; absent optional keys stay absent."""
        data: dict[str, Any] = {"schema": WARBAND_SCHEMA, "name": self.name,
                                "faction": self.faction}
        data["points_limit"] = self.points_limit
        data["entries"] = [{"combatant": e.combatant, "count": e.count} for e in self.entries]
        if self.notes is not None:
            data["notes"] = self.notes
        return data

    def totals(self) -> dict[str, int]:
        """Models per combatant id, summed over entries: what every cap counts."""
        entries = self.entries
        totals: dict[str, int] = dict(map(_ENTRY, entries))  # (read in C)
        if len(totals) < len(entries):  # a combatant in more than one entry: add them up
            totals = {}
            get = totals.get
            for cid, n in map(_ENTRY, entries):
                totals[cid] = get(cid, 0) + n
        return totals


M = TypeVar("M", bound=StrictModel)


def _made(cls: type[M], values: dict[str, Any], given: set[str]) -> M:
    """``cls.model_construct(given, **values)`` with every field in ``values``, as pydantic
    builds it there, without its walk over the fields' aliases and defaults."""
    model = cls.__new__(cls)
    object.__setattr__(model, "__dict__", values)
    object.__setattr__(model, "__pydantic_fields_set__", given)
    object.__setattr__(model, "__pydantic_extra__", None)
    object.__setattr__(model, "__pydantic_private__", None)
    return model


def _name(value: Any) -> bool:
    if type(value) is not str:
        return False
    try:
        check_name(value)
    except ValueError:
        return False
    return True


def _whole(value: Any, least: int, most: int) -> bool:
    return type(value) is int and least <= value <= most
