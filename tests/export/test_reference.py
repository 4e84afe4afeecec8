"""The turn reference is data in resources/reference, checked like every other file."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.data import DataError
from builder.export.reference import load_reference, reference_path

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
