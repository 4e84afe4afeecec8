"""The turn reference is data in resources/reference, checked like every other file."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.data import DataError
from builder.data.reference import load_reference, reference_path

REQUIRED_TOPICS = [
    "Actualisation phase", "Action phase", "Activating", "Running and sprinting",
    "Charging and engaging", "dexterity and damage", "Critical rolls",
    "Movement of Annihilation", "Support and fatigue", "Ranged attacks", "Feats", "Dice",
    "Terrain",
]


def test_shipped_reference_covers_the_turn_and_names_its_sections() -> None:
    ref = load_reference()
    titles = " | ".join(item.title for item in ref.items)
    for topic in REQUIRED_TOPICS:
        assert topic.lower() in titles.lower(), topic
    assert all(item.section for item in ref.items)


def test_reference_states_the_dice_rules_and_critical_effects() -> None:
    text = reference_path().read_text(encoding="utf-8")
    for phrase in ["1 always fails", "Sphere always", "Difficulty above 6", "Precise strike",
                   "Brutal strike", "Perfect strike", "Mortal strike", "Opposition roll",
                   "Mixed roll", "Sequence A", "Sequence B"]:
        assert phrase in text, phrase


def test_precision_modifiers_table_matches_the_book() -> None:
    ranged = next(i for i in load_reference().items if i.title == "Ranged attacks")
    assert ranged.table is not None
    assert [row[1] for row in ranged.table.rows] == ["+1", "−1", "+1", "−1", "+1", "−1", "−2"]


def test_a_broken_reference_file_names_file_line_and_key(tmp_path: Path) -> None:
    bad = tmp_path / "turn-summary.yaml"
    bad.write_text("schema: spherewars-reference/1\ntitle: T\nsource: S\nitems:\n"
                   "  - title: X\n    section: Y\n    tabel: {}\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_reference(bad)
    message = str(err.value)
    assert message.startswith(f"{bad}:7:5:")
    assert "tabel" in message and "table" in message


def test_table_rows_must_match_the_columns(tmp_path: Path) -> None:
    bad = tmp_path / "turn-summary.yaml"
    bad.write_text("schema: spherewars-reference/1\ntitle: T\nsource: S\nitems:\n"
                   "  - title: X\n    section: Y\n    table: {columns: [a, b], rows: [[c]]}\n",
                   encoding="utf-8")
    with pytest.raises(DataError, match="row 1 has 1 cells; the table has 2 columns"):
        load_reference(bad)


# --- the cards' table aids (`card:`), checked against the game ---------------------------

_HEAD = "schema: spherewars-reference/1\ntitle: T\nsource: S\n"
_ITEMS = "items:\n  - {title: X, section: Y, text: Z}\n"


def _card_error(tmp_path: Path, card: str, game: str = "torn") -> str:
    from builder.data import builtin_systems

    bad = tmp_path / "ref.yaml"
    bad.write_text(_HEAD + card + _ITEMS, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_reference(bad, builtin_systems()[game])
    return str(err.value)


@pytest.mark.parametrize(("card", "where", "message"), [
    ("card:\n  tracks:\n    - {stat: WW}\n", "6:14",
     "stat must be one of: DEF, W (got the text 'WW'; did you mean 'W'?)"),
    ("card:\n  tracks:\n    - {stat: DEF}\n", "6:14",
     "a track counts boxes, so its stat must be a number; 'DEF' is text"),
    ("card:\n  tracks:\n    - {stat: W}\n    - {stat: W}\n", "7:14",
     "'W' already has a track (tracks/0)"),
    ("card:\n  pools:\n    - {stat: DEFF, dice: {D: Defence}}\n", "6:14",
     "did you mean 'DEF'?"),
    ("card:\n  pools:\n    - {stat: DEF, dice: {'2': Defence}}\n", "6:7",
     "'2' is not a die's letter"),
    ("card:\n  lines:\n    - {name: Move, text: '{WW} hexes'}\n", "6:26",
     "{WW} is not a stat of this game; did you mean {W}?"),
    ("card:\n  lines:\n    - {name: X, text: Y, when: {ability: veteren}}\n", "6:42",
     "did you mean 'veteran'?"),
    ("card:\n  attacks: {kinds: [mele], columns: [Dice]}\n", "5:21",
     "kind must be one of: melee, ranged, ethereal-melee, ethereal-ranged, property (got the "
     "text 'mele'; did you mean 'melee'?)"),
    ("card:\n  counters:\n    - {name: Defeat, boxes: 25}\n", "6:29",
     "boxes: a counter has at most 20 boxes (got 25)"),
    ("card:\n  trakcs: []\n", "5:3", "did you mean 'tracks'?"),
    ("card:\n  tracks:\n    - {stat: W, below_zero: true, shade_from: WW}\n", "6:47",
     "did you mean 'W'?"),
    ("card:\n  tracks:\n    - {stat: W, below_zero: true, shade_from: DEF}\n", "6:47",
     "the shading counts boxes, so its stat must be a number; 'DEF' is text"),
    ("card:\n  tracks:\n    - {stat: W, shade_from: W}\n", "6:29",
     "shade_from shades the boxes below zero: give the track below_zero: true"),
])
def test_a_broken_card_section_names_file_line_column_and_the_fix(tmp_path: Path, card: str,
                                                                  where: str,
                                                                  message: str) -> None:
    error = _card_error(tmp_path, card)
    assert error.startswith(f"{tmp_path / 'ref.yaml'}:{where}:"), error
    assert message in error, error


def test_a_card_section_is_only_checked_against_a_game_when_one_is_given(
        tmp_path: Path) -> None:
    path = tmp_path / "ref.yaml"
    path.write_text(_HEAD + "card:\n  tracks:\n    - {stat: WW}\n" + _ITEMS, encoding="utf-8")
    assert load_reference(path).card is not None  # the sheet reads it without the game
