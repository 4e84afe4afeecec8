"""The faction editor's document and undo commands, without any view.

Every command: do, undo, redo, checking the document each time (STYLE: Tests).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QUndoStack

from builder.data import builtin_systems, load_faction
from builder.gui.editor.commands import (
    InsertCommand,
    MoveCommand,
    RemoveCommand,
    SetValueCommand,
    rename_ability,
)
from builder.gui.editor.document import (
    FactionDocument,
    faction_form_data,
    new_combatant_data,
    new_faction_data,
    slug,
    unique_id,
)

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def universal():
    return builtin_systems()["spherewars-1e"]


@pytest.fixture
def doc(qapp, universal) -> FactionDocument:
    data = new_faction_data("test-faction", "Test faction")
    data["combatants"] = [new_combatant_data("test-a", "Test A"),
                          new_combatant_data("test-b", "Test B")]
    return FactionDocument(data, universal)


def test_form_data_of_soimi_validates_back_to_the_same_faction(universal) -> None:
    soimi = load_faction(REPO / "factions" / "soimi.yaml")
    doc = FactionDocument(faction_form_data(soimi), universal)
    assert doc.problems == []
    assert doc.faction == soimi


def test_a_new_faction_asks_for_a_combatant(universal) -> None:
    doc = FactionDocument(new_faction_data("test-new"), universal)
    assert doc.faction is None
    assert doc.problems == [("combatants", "a faction needs at least one combatant")]


def test_set_value_do_undo_redo_and_merge(doc: FactionDocument) -> None:
    stack = QUndoStack()
    path = ("combatants", 0, "name")
    for text in ("T", "Te", "Tes"):
        stack.push(SetValueCommand(doc, path, text, "Edit name"))
    assert doc.get(path) == "Tes"
    assert stack.count() == 1  # typing merges into one step
    stack.undo()
    assert doc.get(path) == "Test A"
    stack.redo()
    assert doc.get(path) == "Tes"
    stack.push(SetValueCommand(doc, ("combatants", 0, "profile", "PE"), 12, "Edit PE"))
    assert stack.count() == 2  # another field does not merge
    stack.push(SetValueCommand(doc, ("combatants", 0, "profile", "PE"), 0, "Edit PE"))
    assert stack.count() == 1  # back where it started: the edit is obsolete and dropped


def test_invalid_values_are_held_and_reported_at_their_path(doc: FactionDocument) -> None:
    stack = QUndoStack()
    stack.push(SetValueCommand(doc, ("combatants", 1, "id"), "test-a", "Edit id"))
    # at both combatants: the form shows it under the id just typed, whichever it is
    assert doc.problems == [
        ("combatants.0.id", "“Test B” (number 2) also has the id 'test-a': each combatant "
                            "needs an id of its own"),
        ("combatants.1.id", "“Test A” (number 1) also has the id 'test-a': each combatant "
                            "needs an id of its own")]
    assert doc.faction is None
    stack.undo()
    stack.push(SetValueCommand(doc, ("combatants", 1, "profile", "CON"), "6-", "Edit CON"))
    where = dict(doc.problems)
    assert where["combatants.1.profile.CON"].startswith("CON must be a whole number")
    stack.undo()
    assert doc.problems == [] and doc.faction is not None


def test_insert_remove_move_do_undo_redo(doc: FactionDocument) -> None:
    stack = QUndoStack()
    ids = doc.combatant_ids
    stack.push(InsertCommand(doc, ("combatants",), 1, new_combatant_data("test-c"), "Add"))
    assert ids() == ["test-a", "test-c", "test-b"]
    stack.undo()
    assert ids() == ["test-a", "test-b"]
    stack.redo()
    assert ids() == ["test-a", "test-c", "test-b"]

    stack.push(MoveCommand(doc, ("combatants",), 0, 2, "Move"))
    assert ids() == ["test-c", "test-b", "test-a"]
    stack.undo()
    assert ids() == ["test-a", "test-c", "test-b"]
    stack.redo()
    assert ids() == ["test-c", "test-b", "test-a"]

    stack.push(RemoveCommand(doc, ("combatants",), 1, "Delete"))
    assert ids() == ["test-c", "test-a"]
    stack.undo()
    assert ids() == ["test-c", "test-b", "test-a"]
    stack.redo()
    assert ids() == ["test-c", "test-a"]


def test_undo_asks_views_to_show_the_change(doc: FactionDocument) -> None:
    stack = QUndoStack()
    revealed = []
    doc.reveal_requested.connect(revealed.append)
    stack.push(SetValueCommand(doc, ("combatants", 1, "name"), "X", "Edit name"))
    assert revealed == []  # doing it: the user is looking at it already
    stack.undo()
    stack.redo()
    assert revealed == [("combatants", 1, "name")] * 2


def test_renaming_a_glossary_ability_renames_its_references(universal) -> None:
    soimi = load_faction(REPO / "factions" / "soimi.yaml")
    doc = FactionDocument(faction_form_data(soimi), universal)
    stack = QUndoStack()
    # typed letter by letter, passing through the id of another ability: its references
    # (Tir'Abé's first ability) must not be taken along
    for text in ("c", "comunicacion-sensorial", "test-stings"):
        rename_ability(stack, doc, 1, text)
    assert stack.count() == 1
    assert doc.ability_ids() == ["comunicacion-sensorial", "test-stings", "culto-de-enur-anar"]
    assert doc.get(("combatants", 1, "abilities"))[:3] == [
        "comunicacion-sensorial", "test-stings", "culto-de-enur-anar"]
    assert doc.problems == []
    stack.undo()
    assert doc.get(("combatants", 1, "abilities"))[1] == "agujones"
    assert doc.faction == soimi
    stack.redo()
    assert doc.get(("combatants", 1, "abilities"))[1] == "test-stings"


def test_ids_from_names() -> None:
    assert slug("Tir'Abé") == "tir-abe"
    assert slug("Nek'Org") == "nek-org"
    assert slug("  Culto de Enur'Anar ") == "culto-de-enur-anar"
    assert unique_id("a", ["a", "a-2"]) == "a-3"
    assert unique_id("b", ["a"]) == "b"


def test_form_messages_read_plainly_in_english_and_spanish(doc: FactionDocument) -> None:
    """Under the field: no "key:" in front, nothing said about "nothing (null)", a duplicate
    id named at both combatants, in the language of the session."""
    from builder import i18n

    doc.set(("combatants", 0, "name"), "")
    doc.set(("combatants", 0, "profile", "PE"), None)
    doc.set(("combatants", 1, "id"), "test-a")
    english = dict(doc.problems)
    assert english["combatants.0.name"] == "the name must not be empty"
    assert english["combatants.0.profile.PE"] == "PE must be a whole number, 0 or more"
    assert english["combatants.0.id"] == ("“Test B” (number 2) also has the id 'test-a': each "
                                          "combatant needs an id of its own")
    i18n.set_language("es")
    doc.set(("combatants", 0, "type"), None)  # any change checks again, now in Spanish
    spanish = dict(doc.problems)
    assert spanish["combatants.0.name"] == "name no debe estar vacío"
    assert spanish["combatants.0.profile.PE"] == "PE debe ser un número entero, 0 o más"
    assert spanish["combatants.0.id"] == ("«Test B» (número 2) también tiene el id 'test-a': "
                                          "cada combatiente necesita un id propio")
    assert all("null" not in message for message in spanish.values())
