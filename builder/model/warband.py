"""Warband lists (SPEC §2)."""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Literal

from pydantic import Field, field_validator

from builder.model.base import (
    Count,
    Name,
    NonNegative,
    OptText,
    StrictModel,
    check_schema,
)

WARBAND_SCHEMA = "spherewars-warband/1"
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
