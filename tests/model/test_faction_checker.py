"""The faction editor's incremental check gives exactly the answer of the full check."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

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



def test_a_glossary_change_updates_the_hint_of_an_unknown_reference() -> None:
    """A misspelt reference is not the renamed id, but its "did you mean" names the glossary:
    it is checked again when the glossary changes."""
    checker = FactionChecker(builtin_systems()[DEFAULT_SYSTEM])
    data = faction()
    data["combatants"][1]["abilities"] = ["test-glossarx"]
    checker.touched(data["combatants"][1])
    _f, problems = same(checker, data)
    assert "did you mean 'test-glossary'" in dict(problems)["combatants.1.abilities.0"]
    data["abilities"][0]["id"] = "test-renamed"
    _f, problems = same(checker, data)
    assert "did you mean" not in dict(problems)["combatants.1.abilities.0"]

# -- any sequence of edits, as the editor makes them (hypothesis) ------------------------------

IDS = ["test-0", "test-1", "test-2", "", "Bad Id"]
"""Ids an edit may give a combatant: some taken, one empty, one invalid."""
VALUES = {"name": ["Test", "", "Other"], "type": ["troop", "leader", "hero"],
          "abilities": [["test-glossary"], [], ["test-glossarx"], ["test-renamed"]]}
PE = [0, 12, "12a", None, -1, 1, True, 1.0, "1", "-"]
"""PE values an edit may give: good, wrong, absent, and values equal to each other in Python
(1, True, 1.0) that the checks tell apart."""

edits = st.lists(st.one_of(
    st.tuples(st.just("id"), st.integers(0, 4), st.sampled_from(IDS)),
    st.tuples(st.sampled_from(sorted(VALUES)), st.integers(0, 4), st.integers(0, 3)),
    st.tuples(st.just("PE"), st.integers(0, 4), st.sampled_from(PE)),
    st.tuples(st.just("insert"), st.integers(0, 4), st.integers(0, 4)),
    st.tuples(st.just("remove"), st.integers(0, 4), st.just(0)),
    st.tuples(st.just("move"), st.integers(0, 4), st.integers(0, 4)),
    st.tuples(st.just("glossary"), st.just(0), st.sampled_from(["test-glossary",
                                                                 "test-renamed", "Bad"])),
), max_size=12)


@given(edits)
@settings(max_examples=200, deadline=None)
def test_any_edits_give_the_full_checks_answer(steps: list[tuple[str, int, Any]]) -> None:
    """Edits in place (told to the checker), inserts, removes, moves and glossary renames in
    any order: after each one the incremental answer is the full check's, in its order."""
    checker = FactionChecker(builtin_systems()[DEFAULT_SYSTEM])
    data = faction()
    combatants = data["combatants"]
    same(checker, data)
    for op, index, value in steps:
        i = index % len(combatants) if combatants else 0
        if op == "insert":
            copied = copy.deepcopy(combatants[value % len(combatants)]) if combatants \
                else {"id": "test-x", "name": "X", "type": "troop", "profile": {"PE": 1}}
            combatants.insert(min(index, len(combatants)), copied)
        elif op == "remove" and combatants:
            del combatants[i]
        elif op == "move" and combatants:
            combatants.insert(value % len(combatants), combatants.pop(i))
        elif op == "glossary":
            data["abilities"][0]["id"] = value
        elif combatants and op in ("id", "PE"):
            target = combatants[i]["profile"] if op == "PE" else combatants[i]
            target[op] = value
            checker.touched(combatants[i])
        elif combatants and op in VALUES:
            choices = VALUES[op]
            combatants[i][op] = copy.deepcopy(choices[value % len(choices)])
            checker.touched(combatants[i])
        same(checker, data)


def test_values_equal_in_python_are_checked_apart() -> None:
    """The full check answers each distinct stat value once for all combatants; 1, True, 1.0
    and "1" are still different values to a file (only 1 is a whole number)."""
    from builder.model.faction import combatant_problems, faction_problems, known_ability_ids

    system = builtin_systems()[DEFAULT_SYSTEM]
    data = faction()
    for c, pe in zip(data["combatants"], [1, True, 1.0, "1"], strict=True):
        c["profile"]["PE"] = pe
    for order in (data["combatants"], data["combatants"][::-1]):
        data["combatants"] = order
        known = known_ability_ids(data["abilities"], system)
        one_by_one = [(f"combatants/{i}{path}", message)
                      for i, c in enumerate(order)
                      for path, message in combatant_problems(c, system, known)]
        assert faction_problems(data, system) == one_by_one
        assert len(one_by_one) == 3  # (True, 1.0 and "1")
