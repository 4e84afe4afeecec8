"""The faction editor edits options, units and picks (SPEC §9; issue 26 point 3): from the
keyboard and the mouse, each change one undo step, every mistake shown live at its field, in
English and Spanish; what is saved reads back as the same faction.

The faction and system are the TEST DATA of tests/fixtures/relaunch (invented for the suite)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from builder.data import load_faction, load_system, save_faction
from builder.gui.editor.document import FactionDocument, faction_form_data
from builder.gui.editor.pane import FactionPane
from builder.model.faction import combatant_data
from tests.gui.editor.test_editor import click, retype

RELAUNCH = Path(__file__).parents[2] / "fixtures" / "relaunch"


@pytest.fixture
def band():
    system = load_system(RELAUNCH / "test-relaunch.system.yaml")
    return load_faction(RELAUNCH / "test-relaunch-band.yaml", {system.id: system})


@pytest.fixture
def pane(qtbot, band) -> FactionPane:
    doc = FactionDocument(faction_form_data(band), band.game, path=Path("/tmp/none.yaml"))
    pane = FactionPane(doc, lambda *_a: "cancel")
    qtbot.addWidget(pane)
    pane.resize(1000, 760)
    pane.show()
    return pane


def _combatant(pane: FactionPane, cid: str) -> int:
    row = pane.doc.combatant_ids().index(cid)
    pane.combatants.select(row)
    return row


def test_a_faction_with_options_units_and_picks_reads_back_unchanged(band):
    """Opening a faction in the editor and saving it writes the same options, units and
    picks (the form's data is the faction again)."""
    doc = FactionDocument(faction_form_data(band), band.game)
    assert doc.valid, doc.problems
    again = doc.faction
    assert again is not None
    assert [combatant_data(c) for c in again.combatants] == \
        [combatant_data(c) for c in band.combatants]
    assert again.picks == band.picks


def test_the_combatant_form_shows_its_unit_and_options(pane):
    row = _combatant(pane, "test-spearmen")
    form = pane.combatants.combatant_form
    assert form.unit_edit.check.isChecked()
    assert (form.unit_edit.min_spin.value(), form.unit_edit.max_spin.value()) == (3, 5)
    rows = [form.options.model.index(i).data() for i in range(form.options.model.rowCount())]
    assert rows == ["Test Banner  ·  +2 PB", "Test Long Spears  ·  +1 PB  ·  per model",
                    "Test Drill  ·  +1 PB  ·  up to 2 times"]
    assert pane.doc.get(("combatants", row, "options", 0, "tags")) == ["command"]
    _combatant(pane, "test-scout")
    assert not form.unit_edit.check.isChecked()
    assert not form.unit_edit.min_spin.isEnabled()
    assert form.options.model.rowCount() == 0


def test_a_unit_is_set_by_mouse_and_keyboard_checked_live_and_undone(qtbot, pane):
    row = _combatant(pane, "test-scout")
    unit = pane.combatants.combatant_form.unit_edit
    click(qtbot, unit.check)
    assert pane.doc.get(("combatants", row, "unit")) == {"min": 3, "max": 5}
    unit.min_spin.setFocus()
    unit.min_spin.selectAll()
    qtbot.keyClicks(unit.min_spin, "7")
    assert pane.doc.get(("combatants", row, "unit")) == {"min": 7, "max": 5}
    error = pane.combatants.combatant_form.binding("unit").error
    assert "the unit's min (7) is above its max (5)" in error.text()
    assert not error.isHidden() and not pane.doc.valid
    pane.stack.undo()
    assert pane.doc.get(("combatants", row, "unit")) == {"min": 3, "max": 5}
    assert pane.doc.valid and error.isHidden()
    click(qtbot, unit.check)  # unchecked: no unit
    assert pane.doc.get(("combatants", row, "unit")) is None


def test_an_option_is_added_typed_in_and_undone(qtbot, pane):
    row = _combatant(pane, "test-scout")
    options = pane.combatants.combatant_form.options
    click(qtbot, options.add_button)
    path = ("combatants", row, "options", 0)
    assert pane.doc.get(path)["id"] == "new-option"
    form = options.form
    assert form.name_edit.hasFocus()
    qtbot.keyClicks(form.name_edit, "Test Horn")
    click(qtbot, form.id_from_name)
    retype(qtbot, form.adds_edit.edits["PB"], "2")
    retype(qtbot, form.tags_edit, "command, loud")
    click(qtbot, form.per_model_check)
    option = pane.doc.get(path)
    assert option == {"id": "test-horn", "name": "Test Horn", "adds": {"PB": 2},
                      "per_model": True, "max": 1, "group": None,
                      "tags": ["command", "loud"], "text": None}
    assert pane.doc.valid, pane.doc.problems
    assert options.model.index(0).data() == "Test Horn  ·  +2 PB  ·  per model"
    while pane.stack.canUndo() and pane.doc.get(("combatants", row, "options")):
        pane.stack.undo()
    assert pane.doc.get(("combatants", row, "options")) == []


def test_option_mistakes_show_at_their_fields(qtbot, pane):
    row = _combatant(pane, "test-warlord")
    form = pane.combatants.combatant_form.options.form
    retype(qtbot, form.id_edit, "test-shield")  # the second option's id
    assert form.binding("id").error.text() == (
        "⚠ “Test Shield” (number 2) also has the id 'test-shield': each option of a "
        "combatant needs an id of its own")
    assert not form.binding("id").error.isHidden()
    assert [p for p, _m in pane.doc.problems] == [f"combatants.{row}.options.0.id",
                                                  f"combatants.{row}.options.1.id"]
    assert "Combatant" in pane.problem_list.item(0).text()
    assert "option 1 (Test Great Weapon)" in pane.problem_list.item(0).text()
    retype(qtbot, form.id_edit, "")
    assert "must not be empty" in form.binding("id").error.text()
    retype(qtbot, form.id_edit, "test-great-weapon")
    assert pane.doc.valid
    retype(qtbot, form.adds_edit.edits["DOM"], "")
    assert pane.doc.get(("combatants", row, "options", 0, "adds")) == {"PB": 2}
    pane.set_value(("combatants", row, "options", 0, "adds"), {"PB": 2, "DEF": 1}, "adds")
    assert "cannot add to 'DEF': it is a text stat" in form.binding("adds").error.text()
    pane.stack.undo()
    assert pane.doc.valid
    assert pane.doc.get(("combatants", row, "options", 0, "id")) == "test-great-weapon"


def test_picks_have_their_own_page_added_by_keyboard(qtbot, pane):
    pane.tabs.setCurrentWidget(pane.picks)
    assert pane.add_label() == "&Add pick"
    assert pane.picks.model.rowCount() == 3
    assert pane.picks.model.index(0).data() == \
        "Test Sword of Fire\n    test-sword-of-fire  ·  +2 DOMC  ·  artefact"
    pane.add_item()  # the editor's Ctrl+Return
    form = pane.picks.pick_form
    assert pane.picks.current_row() == 3 and form.name_edit.hasFocus()
    qtbot.keyClicks(form.name_edit, "Test Horn of Plenty")
    click(qtbot, form.id_from_name)
    retype(qtbot, form.adds_edit.edits["DOMC"], "1")
    assert pane.doc.get(("picks", 3)) == {"id": "test-horn-of-plenty",
                                          "name": "Test Horn of Plenty", "adds": {"DOMC": 1},
                                          "tags": [], "text": None}
    retype(qtbot, form.id_edit, "test-crown")
    assert not pane.doc.valid
    assert pane.tabs.tabIcon(3).isNull() is False
    assert pane.problem_list.item(1).text().startswith("Pick 4 (Test Horn of Plenty): "
                                                       "“Test Crown” (number 2) also has")
    pane.tabs.setCurrentIndex(0)
    pane.problem_list.itemClicked.emit(pane.problem_list.item(0))
    assert pane.tabs.currentWidget() is pane.picks and pane.picks.current_row() == 1
    pane.stack.undo()
    assert pane.doc.valid


def test_options_and_picks_are_saved_and_read_back(tmp_path, qtbot, pane, band):
    row = _combatant(pane, "test-scout")
    click(qtbot, pane.combatants.combatant_form.options.add_button)
    pane.tabs.setCurrentWidget(pane.picks)
    pane.picks.select(0)
    click(qtbot, pane.picks.delete_button)
    faction = pane.doc.faction
    assert faction is not None
    target = tmp_path / "band.yaml"
    save_faction(faction, target)
    again = load_faction(target, {band.game.id: band.game})
    assert [o.id for o in again.combatants[row].options] == ["new-option"]
    assert [p.id for p in again.picks] == ["test-crown", "test-pact"]
    text = target.read_text(encoding="utf-8")
    assert "unit:" in text and "per_model" in text


def test_options_and_picks_in_spanish(qtbot, band, spanish):
    doc = FactionDocument(faction_form_data(band), band.game)
    pane = FactionPane(doc, lambda *_a: "cancel")
    qtbot.addWidget(pane)
    assert pane.tabs.tabText(3) == "Elecciones"
    form = pane.combatants.combatant_form
    assert form.options.title() == "Opciones"
    assert form.options.add_button.text() == "Añadir opción"
    assert form.unit_edit.check.text() == "Se contrata en unidades de"


def test_units_and_options_by_keyboard_alone(qtbot, pane):
    """Space ticks the unit box, the arrow keys walk the options list and the form follows,
    Tab moves through the option's fields."""
    pane.tabs.setCurrentWidget(pane.combatants)
    row = _combatant(pane, "test-scout")
    form = pane.combatants.combatant_form
    form.unit_edit.check.setFocus()
    qtbot.keyClick(form.unit_edit.check, Qt.Key.Key_Space)
    assert pane.doc.get(("combatants", row, "unit")) == {"min": 3, "max": 5}
    _combatant(pane, "test-spearmen")
    options = form.options
    options.view.setFocus()
    qtbot.keyClick(options.view, Qt.Key.Key_Down)
    assert options.current_row() == 1
    assert options.form.name_edit.text() == "Test Long Spears"
    options.form.name_edit.setFocus()
    qtbot.keyClick(options.form.name_edit, Qt.Key.Key_Tab)
    assert options.form.id_edit.hasFocus()
