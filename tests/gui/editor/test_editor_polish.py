"""The faction editor at the table, round 2 (issue 31): a new item comes into view with the
focus (item 4), a value the game forbids is a problem under its field (item 5), a form shows
what its game has (item 6), the keyboard (item 7) and the mouse wheel (item 8)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

from builder.data import Catalogue
from builder.gui.editor import FactionEditor
from tests.conftest import TEST_DATA


class Answers:
    """Prompts answered "discard" / the first choice, recording nothing."""

    def ask(self, _title: str, _text: str, choices: list[tuple[str, str]]) -> str:
        return "discard" if any(a == "discard" for a, _l in choices) else choices[0][0]

    def tell(self, *_args: Any, **_kwargs: Any) -> None:
        pass


@pytest.fixture
def editor(qtbot: Any, user_dir: Path) -> FactionEditor:
    catalogue = Catalogue.load([TEST_DATA / "systems", TEST_DATA / "factions"], user=False)
    window = FactionEditor(catalogue)
    window.prompts = Answers()  # type: ignore[assignment]
    qtbot.addWidget(window)
    window.resize(1016, 566)  # a 1024×600 screen
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    return window


def _own_copy(editor: FactionEditor, faction_id: str) -> None:
    """An editable copy of a faction, on its Combatants tab."""
    assert editor.open_faction(faction_id)
    assert editor.duplicate_faction()
    assert editor.pane is not None and not editor.pane.read_only
    editor.pane.tabs.setCurrentIndex(1)
    QApplication.processEvents()


def _visible_in_its_scroll_area(widget: QWidget) -> bool:
    area = next(a for a in widget.window().findChildren(QScrollArea)
                if a.widget() is not None and a.widget().isAncestorOf(widget))
    top_left = widget.mapTo(area.viewport(), QPoint(0, 0))
    return area.viewport().rect().contains(top_left) and area.viewport().rect().contains(
        top_left + QPoint(widget.width() - 1, widget.height() - 1))


def test_add_brings_the_new_combatants_name_into_view(qtbot: Any, editor: FactionEditor) -> None:
    _own_copy(editor, "soimi")
    pane = editor.pane
    assert pane is not None
    form = pane.combatants.combatant_form
    area = next(a for a in pane.combatants.findChildren(QScrollArea)
                if a.widget() is not None and a.widget().isAncestorOf(form))
    area.verticalScrollBar().setValue(area.verticalScrollBar().maximum())  # scrolled down
    assert not _visible_in_its_scroll_area(form.name_edit)
    pane.combatants.add_button.click()
    assert form.name_edit.hasFocus()
    assert _visible_in_its_scroll_area(form.name_edit)
    qtbot.keyClicks(form.name_edit, "Test Scout")
    data = pane.doc.get(("combatants", pane.combatants.current_row()))
    assert data["name"] == "Test Scout" and data["id"] == "test-scout"


def test_ctrl_return_adds_a_combatant_from_any_tab(qtbot: Any, editor: FactionEditor) -> None:
    _own_copy(editor, "test-torn-expedition")
    pane = editor.pane
    assert pane is not None
    before = len(pane.doc.get(("combatants",)))
    pane.tabs.setCurrentIndex(0)
    pane.faction_form.source_edit.setFocus()
    qtbot.keyClick(pane.faction_form.source_edit, Qt.Key.Key_Return,
                   Qt.KeyboardModifier.ControlModifier)
    assert len(pane.doc.get(("combatants",))) == before + 1
    assert pane.tabs.currentIndex() == 1
    assert pane.combatants.combatant_form.name_edit.hasFocus()
    assert editor.add_action.text().replace("&", "") == "Add combatant"
    pane.tabs.setCurrentIndex(2)
    assert editor.add_action.text().replace("&", "") == "Add ability"


def test_ctrl_tab_pages_from_inside_a_text_box(qtbot: Any, editor: FactionEditor) -> None:
    _own_copy(editor, "soimi")
    pane = editor.pane
    assert pane is not None
    text = pane.combatants.combatant_form.description_edit
    text.setFocus()
    qtbot.keyClick(text, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert pane.tabs.currentIndex() == 2
    assert "\t" not in (text.toPlainText() or "")
    qtbot.keyClick(QApplication.focusWidget() or pane, Qt.Key.Key_Backtab,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert pane.tabs.currentIndex() == 1
    # from outside the tabs too (the list of factions): the window's keys, not the tab bar's
    editor.faction_list.setFocus()
    qtbot.keyClick(editor.faction_list, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert pane.tabs.currentIndex() == 2
    assert pane.tabs.currentWidget().isAncestorOf(QApplication.focusWidget())


def test_tab_in_an_abilitys_text_moves_on(qtbot: Any, editor: FactionEditor) -> None:
    _own_copy(editor, "soimi")
    pane = editor.pane
    assert pane is not None
    pane.tabs.setCurrentIndex(2)
    glossary_text = pane.glossary.ability_form.text_edit
    glossary_text.setFocus()
    before = glossary_text.toPlainText()
    qtbot.keyClick(glossary_text, Qt.Key.Key_Tab)
    assert glossary_text.toPlainText() == before
    assert not glossary_text.hasFocus()


def test_the_wheel_over_a_closed_drop_down_scrolls_the_form(qtbot: Any,
                                                             editor: FactionEditor) -> None:
    _own_copy(editor, "soimi")
    pane = editor.pane
    assert pane is not None
    picker = pane.combatants.combatant_form.abilities.picker
    area = next(a for a in pane.combatants.findChildren(QScrollArea)
                if a.widget() is not None and a.widget().isAncestorOf(picker))
    bar = area.verticalScrollBar()
    bar.setValue(0)
    chosen = picker.currentIndex()

    def wheel(widget: QWidget) -> None:
        centre = QPointF(widget.rect().center())
        event = QWheelEvent(centre, QPointF(widget.mapToGlobal(centre.toPoint())), QPoint(),
                            QPoint(0, -120), Qt.MouseButton.NoButton,
                            Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
                            False)
        QApplication.sendEvent(widget, event)

    wheel(picker)
    assert picker.currentIndex() == chosen  # the value stays
    assert bar.value() > 0  # the form scrolled
    picker.setFocus()
    wheel(picker)
    assert picker.currentIndex() != chosen  # a focused drop-down takes the wheel


@pytest.mark.parametrize(("faction", "stat", "typed", "message"), [
    ("test-torn-expedition", "W", "0", "W must be at least 1 (got 0)"),
    ("test-torn-expedition", "DEF", "3",
     "DEF must be Defence and Agility dice, such as 2D+1A (got '3')"),
    ("test-spherus-party", "HP", "0", "HP must be at least 1 (got 0)"),
    ("test-spherus-party", "MOV", "0", "MOV must be at least 2 (got 0)"),
])
def test_a_value_the_game_forbids_is_a_problem(qtbot: Any, editor: FactionEditor,
                                               faction: str, stat: str, typed: str,
                                               message: str) -> None:
    _own_copy(editor, faction)
    pane = editor.pane
    assert pane is not None
    form = pane.combatants.combatant_form
    edit = form.stat_edits[stat]
    edit.selectAll()
    qtbot.keyClicks(edit, typed)
    edit.editingFinished.emit()
    assert (f"combatants.0.profile.{stat}", message) in pane.doc.problems
    assert message in form.profile_error.text()
    assert not pane.status.text().startswith("✔")
    assert not editor.save()


@pytest.mark.parametrize(("faction", "shown"), [
    ("soimi", {"rank", "base", "squad", "max", "difficulty"}),
    ("test-torn-expedition", set()),
    ("test-spherus-party", set()),
])
def test_a_form_shows_what_its_game_has(editor: FactionEditor, faction: str,
                                        shown: set[str]) -> None:
    assert editor.open_faction(faction)
    pane = editor.pane
    assert pane is not None
    pane.tabs.setCurrentIndex(1)
    QApplication.processEvents()
    form = pane.combatants.combatant_form
    fields = {"rank": form.rank_box, "base": form.base_box, "squad": form.squad_check,
              "max": form.max_spin}
    visible = {key for key, widget in fields.items() if widget.isVisibleTo(form)}
    pane.tabs.setCurrentIndex(2)
    QApplication.processEvents()
    ability = pane.glossary.ability_form
    if ability.base is not None and ability.difficulty_edit.isVisibleTo(ability):
        visible.add("difficulty")
    if ability.base is None:  # no glossary: the kinds the game rolls decide
        visible |= {"difficulty"} if ability.rolled else set()
    assert visible == shown
    placeholders = " ".join(w.placeholderText() for w in (
        form.nickname_edit, ability.difficulty_edit)) + form.equipment_edit.findChild(
        type(form.nickname_edit)).placeholderText()
    assert "ensartador" not in placeholders and "armadura" not in placeholders
    if faction != "soimi":
        assert "feat" not in ability.difficulty_edit.placeholderText()


def test_a_field_the_game_lacks_shows_while_it_has_a_value(editor: FactionEditor) -> None:
    """A rank written by hand into a Torn miniature shows, so that it can be cleared."""
    _own_copy(editor, "test-torn-expedition")
    pane = editor.pane
    assert pane is not None
    form = pane.combatants.combatant_form
    assert not form.rank_box.isVisibleTo(form)
    pane.set_value(("combatants", 0, "rank"), "elite", "test")
    assert form.rank_box.isVisibleTo(form)
    assert any(path == "combatants.0.rank" for path, _m in pane.doc.problems)
    pane.set_value(("combatants", 0, "rank"), None, "test")
    assert not form.rank_box.isVisibleTo(form)
