"""Small builders for core tests."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from builder.data import Catalogue
from builder.model import Faction, Warband
from tests.conftest import TEST_FACTIONS


def catalogue() -> Catalogue:
    return Catalogue.load([TEST_FACTIONS], user=False)


def make_faction(**building: int) -> Faction:
    faction = catalogue().get("test-faction")
    assert faction is not None
    if building:
        faction = faction.model_copy(update={"building": {**faction.building, **building}})
    return faction


def warband(entries: Iterable[tuple[str, int]], faction: str = "test-faction",
            points_limit: int | None = None, **extra: Any) -> Warband:
    return Warband.model_validate({
        "schema": "spherewars-warband/1", "name": "Test list", "faction": faction,
        "points_limit": points_limit,
        "entries": [{"combatant": c, "count": n} for c, n in entries], **extra})
