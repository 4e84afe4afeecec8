"""The faction editor's incremental check gives exactly the answer of the full check."""

from __future__ import annotations

import copy
from typing import Any

from builder.data import builtin_systems, check_faction_data
from builder.data.loading import FactionChecker
from builder.model import DEFAULT_SYSTEM


def faction() -> dict[str, Any]:
    """Test data: a small faction of the default system."""
    return {"schema": "spherewars-faction/1", "system": DEFAULT_SYSTEM, "id": "test-checker",
            "name": "Checker (test data)", "source": "test data", "building": {},
            "abilities": [{"id": "test-glossary", "name": "Test glossary", "scope": "racial",
                           "kind": "passive", "text": "Test data."}],
            "combatants": [{"id": f"test-{i}", "name": f"Test {i}", "type": "troop",
                            "profile": {"PE": 10 + i, "CON": "5 - 4"},
                            "abilities": ["test-glossary"]} for i in range(4)]}


def same(checker: FactionChecker, data: dict[str, Any]) -> tuple[Any, Any]:
    system = builtin_systems()[DEFAULT_SYSTEM]
    got = checker.check(data)
    want = check_faction_data(copy.deepcopy(data), system)
    assert got[1] == want[1]
    assert got[0] == want[0]
    return got


def test_incremental_check_follows_each_edit() -> None:
    checker = FactionChecker(builtin_systems()[DEFAULT_SYSTEM])
    data = faction()
    f, problems = same(checker, data)
    assert f is not None and problems == [] and f.combatants[0].profile["CON"] == "5-4"
    # an edit in place, told to the checker: a bad value is reported where it is
    data["combatants"][2]["profile"]["PE"] = "12a"
    checker.touched(data["combatants"][2])
    f, problems = same(checker, data)
    assert f is None and [p for p, _m in problems] == ["combatants.2.profile.PE"]
    # a duplicate id across combatants, an unknown type, then both fixed
    data["combatants"][3]["id"] = "test-0"
    checker.touched(data["combatants"][3])
    data["combatants"][1]["type"] = "hero"
    checker.touched(data["combatants"][1])
    same(checker, data)
    data["combatants"][2]["profile"]["PE"] = 12
    data["combatants"][3]["id"] = "test-3"
    data["combatants"][1]["type"] = "troop"
    for c in data["combatants"][1:]:
        checker.touched(c)
    f, problems = same(checker, data)
    assert f is not None and problems == []
    # the glossary changes under unchanged combatants: their references are checked again
    data["abilities"][0]["id"] = "test-renamed"
    f, problems = same(checker, data)
    assert f is None and [p for p, _m in problems] == [f"combatants.{i}.abilities.0"
                                                      for i in range(4)]
    # combatants replaced, moved and removed (new or same mappings, no in-place change)
    data["abilities"][0]["id"] = "test-glossary"
    data["combatants"].insert(0, data["combatants"].pop())
    data["combatants"][1] = {"id": "test-new", "name": "New", "type": "leader"}
    same(checker, data)
    del data["combatants"][:]
    f, problems = same(checker, data)
    assert f is None and problems
