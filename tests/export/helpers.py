"""Test factions and lists for the export tests (TEST DATA ONLY: invented, not SphereWars
content), and reading PDFs back."""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any

from pypdf import PdfReader

from builder.data import Catalogue, builtin_systems, check_faction_data
from builder.model import Faction, Warband

FACTION_ID = "export-test"


def combatant(n: int, **extra: Any) -> dict[str, Any]:
    """An invented troop; ``extra`` overrides any key."""
    data: dict[str, Any] = {
        "id": f"test-trooper-{n}", "name": f"Test Trooper {n}", "type": "troop",
        "profile": {"PE": 10 + n, "CA": 1, "MOV": 4, "MAN": 0, "DES": 2, "POT": 3,
                    "CON": 4, "FUR": 1},
    }
    data.update(extra)
    return data


def faction(combatants: Iterable[dict[str, Any]], **extra: Any) -> Faction:
    data: dict[str, Any] = {
        "schema": "spherewars-faction/1", "id": FACTION_ID, "name": "Export Test Faction",
        "source": "test data (invented for the export tests)",
        "abilities": [{"id": "test-gift", "name": "Test gift", "scope": "racial",
                       "kind": "passive", "text": "A racial test ability."}],
        "combatants": list(combatants), **extra,
    }
    found, problems = check_faction_data(data, system())
    assert found is not None, problems
    return found


def system():
    return builtin_systems()["spherewars-1e"]


def universal() -> dict:
    return system().glossary()


def catalogue(*factions: Faction) -> Catalogue:
    cat = Catalogue(systems={"spherewars-1e": system()})
    for f in factions:
        cat.factions[f.id] = f
    return cat


def warband(entries: Iterable[tuple[str, int]], name: str = "Test warband",
            faction_id: str = FACTION_ID, points_limit: int | None = None,
            **extra: Any) -> Warband:
    return Warband.model_validate({
        "schema": "spherewars-warband/1", "name": name, "faction": faction_id,
        "points_limit": points_limit,
        "entries": [{"combatant": c, "count": n} for c, n in entries], **extra})


def leader(**extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": "test-chief", "name": "Test Chief", "nickname": "the tester", "type": "leader",
        "rank": "elite", "base": 40,
        "profile": {"PE": 120, "CA": 2, "MOV": 5, "MAN": 3, "DES": 3, "POT": 4, "CON": "6-5",
                    "FUR": 3},
        "abilities": ["test-gift", {"name": "Test strike", "kind": "feat", "difficulty": 5,
                                    "successes": 2, "text": "Strikes in a testing way."}],
        "equipment": ["test blade"], "unique_equipment": ["test crown"],
    }
    data.update(extra)
    return data


def pdf_reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in pdf_reader(data).pages)


def words(text: str) -> set[str]:
    return set(text.split())
