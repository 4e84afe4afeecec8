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
_KEYS = frozenset(("schema", "name", "faction", "points_limit", "entries", "picks", "notes"))
_ENTRY_KEYS = frozenset(("combatant", "count", "options"))
_ENTRY = attrgetter("combatant", "count")


class Entry(StrictModel):
    combatant: Name
    count: Count = 1
    options: dict[Name, Count] = Field(default_factory=dict)
    """SPEC §9: option id -> times this entry took it."""

    def with_options(self) -> bool:
        return bool(self.options)


class Warband(StrictModel):
    schema_: Literal["spherewars-warband/1"] = Field(default="spherewars-warband/1", alias="schema")
    name: Name
    faction: Name
    points_limit: NonNegative | None = None
    entries: list[Entry]
    picks: list[Name] = Field(default_factory=list)
    """SPEC §9: the ids of what the list takes once (artefacts, pacts)."""
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
        picks = data.get("picks")
        if (schema is not None and schema != WARBAND_SCHEMA) or not _name(name) \
                or not _name(faction) or type(entries) is not list \
                or (limit is not None and not _whole(limit, 0, MAX_WHOLE)) \
                or (notes is not None and (type(notes) is not str or len(notes) > MAX_TEXT)) \
                or (picks is not None and (type(picks) is not list
                                           or not all(map(_name, picks)))):
            return None
        built = []
        for item in entries:
            if type(item) is not dict or not _ENTRY_KEYS.issuperset(item):
                return None
            combatant, count = item.get("combatant"), item.get("count")
            if not _name(combatant):
                return None
            given_keys = {"combatant"}
            if count is None:  # absent, or written with no value: the default
                count = 1
            elif _whole(count, 1, MAX_COUNT):
                given_keys.add("count")
            else:
                return None
            options = item.get("options")
            if options is None:
                options = {}
            elif type(options) is dict and all(
                    _name(k) and _whole(v, 1, MAX_COUNT) for k, v in options.items()):
                given_keys.add("options")
                options = dict(options)
            else:
                return None
            built.append(_made(Entry, {"combatant": combatant, "count": count,
                                       "options": options}, given_keys))
        # a key written with no value is unset where its default is not None (the schema)
        given = {"schema_" if key == "schema" else key for key, value in data.items()
                 if value is not None or key in ("points_limit", "notes")}
        return _made(cls, {"schema_": WARBAND_SCHEMA, "name": name, "faction": faction,
                           "points_limit": limit, "entries": built,
                           "picks": list(picks) if picks is not None else [],
                           "notes": notes}, given)

    def to_data(self) -> dict[str, Any]:
        """Plain data in the file's key order; absent optional keys stay absent."""
        data: dict[str, Any] = {"schema": WARBAND_SCHEMA, "name": self.name,
                                "faction": self.faction}
        data["points_limit"] = self.points_limit
        data["entries"] = [entry_data(e) for e in self.entries]
        if self.picks:
            data["picks"] = list(self.picks)
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


    def option_totals(self) -> dict[str, dict[str, int]]:
        """Times each option was taken, per combatant id, summed over entries (not × count:
        whether an option counts per model is the faction's to say)."""
        totals: dict[str, dict[str, int]] = {}
        for e in self.entries:
            if e.options:
                mine = totals.setdefault(e.combatant, {})
                for oid, times in e.options.items():
                    mine[oid] = mine.get(oid, 0) + times
        return totals

    @property
    def has_options(self) -> bool:
        """Whether any entry took an option or the list took a pick (SPEC §9)."""
        return bool(self.picks) or any(e.options for e in self.entries)


def entry_data(e: Entry) -> dict[str, Any]:
    """An entry as the file writes it: ``options`` only when it took some."""
    if e.options:
        return {"combatant": e.combatant, "count": e.count, "options": dict(e.options)}
    return {"combatant": e.combatant, "count": e.count}


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
