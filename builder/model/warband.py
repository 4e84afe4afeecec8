"""Warband lists (SPEC §2)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from builder.model.base import Count, Name, NonNegative, OptText, StrictModel, check_schema

WARBAND_SCHEMA = "spherewars-warband/1"


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
        totals: dict[str, int] = {}
        for entry in self.entries:
            totals[entry.combatant] = totals.get(entry.combatant, 0) + entry.count
        return totals
