"""A faction of each of the three other games made in the faction editor's document model,
saved, read back and used for a list: its roster rule is enforced with its own rule id
(issue 11, "a test faction made in the editor's document model and saved").

All names here are TEST DATA, invented for the test suite.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.cli import main
from builder.data import builtin_systems, load_faction, save_faction
from builder.gui.editor.document import FactionDocument, new_combatant_data, new_faction_data

# game: (combatants as (id, type, profile, abilities), the count that breaks the roster rule
# with the rule id, or None, and a count that is legal)
GAMES = {
    "sow-tactical-f1": ([("test-duelist", "combatant", {}, [])],
                       (4, "five-combatants"), 5),
    "torn": ([("test-chief", "leader", {"DEF": "2D+1A", "W": 5},
               [{"name": "Test Axe", "kind": "melee",
                 "text": "2 Attack, 1 Skill dice; range 1 hex; damage 2."}, "veteran"]),
              ("test-scout", "miniature", {"DEF": "1D+1A", "W": 3},
               [{"name": "Test Bow", "kind": "ranged",
                 "text": "2 Attack, 1 Agility dice; range 4 hexes; damage 1."}])],
             (2, "expedition-leader"), 1),
    "spherus-tactical": ([("test-hero", "character",
                           {"HP": 20, "HLT": 7, "PP": 10, "MOV": 2, "STR": 50, "AGI": 50,
                            "PSX": 30},
                           ["flight"])],
                         None, 3),
}


def _made_in_the_editor(game: str) -> FactionDocument:
    system = builtin_systems()[game]
    doc = FactionDocument(new_faction_data(f"test-{game}", f"Test {game}", system), system)
    combatants, _bad, _good = GAMES[game]
    for i, (cid, ctype, profile, abilities) in enumerate(combatants):
        doc.insert(("combatants",), i, new_combatant_data(cid, cid.title(), system))
        doc.set(("combatants", i, "type"), ctype)
        for stat, value in profile.items():
            doc.set(("combatants", i, "profile", stat), value)
        doc.set(("combatants", i, "abilities"), abilities)
    return doc


def _validate(capsys, data: Path, faction: str, combatant: str, count: int) -> dict:
    path = data / f"{count}.warband.yaml"
    path.write_text(f"schema: spherewars-warband/1\nname: Test list\nfaction: {faction}\n"
                    f"entries:\n  - {{combatant: {combatant}, count: {count}}}\n",
                    encoding="utf-8")
    main(["validate", "--data", str(data), str(path), "--format", "json"])
    return json.loads(capsys.readouterr().out)["files"][0]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_faction_made_in_the_editor_is_saved_and_its_roster_rule_applies(
        qapp, capsys, tmp_path: Path, game: str) -> None:
    doc = _made_in_the_editor(game)
    assert doc.problems == []
    assert doc.faction is not None and doc.faction.system == game
    path = tmp_path / f"test-{game}.yaml"
    save_faction(doc.faction, path)
    assert load_faction(path) == doc.faction
    assert f"system: {game}" in path.read_text(encoding="utf-8")

    first = GAMES[game][0][0][0]
    legal = _validate(capsys, tmp_path, f"test-{game}", first, GAMES[game][2])
    assert legal["legal"] is True and legal["findings"] == []
    bad = GAMES[game][1]
    if bad is None:  # Spherus: no roster rule, any party is legal
        assert _validate(capsys, tmp_path, f"test-{game}", first, 40)["legal"] is True
    else:
        count, rule = bad
        illegal = _validate(capsys, tmp_path, f"test-{game}", first, count)
        assert illegal["legal"] is False
        assert [f["rule"] for f in illegal["findings"]] == [rule]


def test_the_editor_refuses_what_a_game_does_not_have(qapp) -> None:
    """A SphereWars stat in a Torn miniature, and a Torn miniature without its Defence dice,
    are problems at their fields."""
    doc = _made_in_the_editor("torn")
    doc.set(("combatants", 0, "profile", "PE"), 10)
    doc.set(("combatants", 1, "profile", "DEF"), None)
    assert doc.faction is None
    problems = dict(doc.problems)
    assert "unknown key 'PE'" in problems["combatants.0.profile.PE"]
    assert "DEF must be given" in problems["combatants.1.profile.DEF"]
