"""The faction editor through its widgets: typing, clicking, saving, importing (issue 5).

Questions the editor asks go through ``editor.prompts``; most tests answer them from a script
(:class:`ScriptedPrompts`), and one clicks a real message box from a timer. Every test gets a
fresh, empty user folder (the ``user_dir`` fixture), so nothing touches the real one.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QToolBar,
    QWidget,
)

from builder.data import Catalogue, load_faction
from builder.gui.editor import FactionEditor
from builder.gui.editor.bound import BoundForm
from builder.model import Entry, Warband
from builder.rules import validate

REPO = Path(__file__).resolve().parents[3]
DATA = Path(__file__).resolve().parent / "data"
SOIMI = REPO / "factions" / "soimi.yaml"


class ScriptedPrompts:
    """Answers the editor's questions from a script and records what it said."""

    def __init__(self) -> None:
        self.answers: list[str] = []
        self.asked: list[tuple[str, str]] = []
        self.told: list[tuple[str, str]] = []
        self.open: str | None = None
        self.save: str | None = None
        self.closing = False
        """Set when the test is over: unsaved test edits are dropped."""

    def ask(self, title: str, text: str, choices: list[tuple[str, str]]) -> str:
        self.asked.append((title, text))
        if self.closing and title == "Unsaved changes":
            return "discard"
        assert self.answers, f"unexpected question: {title}: {text}"
        answer = self.answers.pop(0)
        assert answer in [a for a, _label in choices]
        return answer

    def choose(self, title: str, text: str, choices: list[tuple[str, str]],
               current: str | None = None) -> str | None:
        """The preselected choice (the game of New faction), recorded like a question."""
        self.asked.append((title, text))
        return current if current is not None else choices[0][0]

    def tell(self, title: str, text: str, *, warning: bool = True) -> None:
        self.told.append((title, text))

    def open_path(self, title: str) -> str | None:
        return self.open

    def save_path(self, title: str, suggested: str, file_filter: str | None = None
                  ) -> str | None:
        return self.save


@pytest.fixture
def editor(qtbot, user_dir: Path) -> Iterator[FactionEditor]:
    window = FactionEditor(Catalogue.load())
    scripted = ScriptedPrompts()
    window.prompts = scripted  # type: ignore[assignment]
    window.show()
    qtbot.waitExposed(window)
    yield window
    scripted.closing = True
    window.close()
    window.deleteLater()


def prompts(editor: FactionEditor) -> ScriptedPrompts:
    assert isinstance(editor.prompts, ScriptedPrompts)
    return editor.prompts


# -- helpers: what a user does ----------------------------------------------------------------


def click(qtbot, widget: QWidget) -> None:
    assert widget.isEnabled(), f"{widget} is disabled"
    if isinstance(widget, QCheckBox):  # on the box itself, not the empty space beside it
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=QPoint(6, widget.height() // 2))
    else:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def toolbar_click(qtbot, editor: FactionEditor, action) -> None:
    bar = editor.findChild(QToolBar)
    click(qtbot, bar.widgetForAction(action))


def retype(qtbot, edit: QLineEdit, text: str) -> None:
    """Select all, then type (or delete, for an empty text), as a user would."""
    edit.setFocus()
    edit.selectAll()
    if text:
        qtbot.keyClicks(edit, text)
    else:
        qtbot.keyClick(edit, Qt.Key.Key_Delete)


def choose(qtbot, box: QComboBox, value: object) -> None:
    """Pick the item holding ``value`` with the arrow keys (emits ``activated``)."""
    target = box.findData(value)
    assert target >= 0, value
    while box.currentIndex() != target:
        key = Qt.Key.Key_Down if box.currentIndex() < target else Qt.Key.Key_Up
        qtbot.keyClick(box, key)


def errors_of(form: BoundForm, key: str) -> str:
    """The error text shown under the field ``key`` ("" when none is shown)."""
    label = form.binding(key).error
    assert label is not None
    return "" if label.isHidden() else label.text()


def add_combatant(qtbot, editor: FactionEditor, name: str, kind: str, pe: int, *,
                  man: int | None = None, squad: bool = False) -> None:
    page = editor.pane.combatants
    click(qtbot, page.add_button)
    form = page.combatant_form
    retype(qtbot, form.name_edit, name)
    click(qtbot, form.id_from_name)
    choose(qtbot, form.type_box, kind)
    retype(qtbot, form.stat_edits["PE"], str(pe))
    if man is not None:
        retype(qtbot, form.stat_edits["MAN"], str(man))
    if squad:
        click(qtbot, form.squad_check)


# -- creating a faction from scratch -----------------------------------------------------------


def test_create_save_reload_and_build_a_warband_that_hits_the_caps(qtbot, editor, user_dir):
    click(qtbot, editor.new_button)
    pane = editor.pane
    form = pane.faction_form
    retype(qtbot, form.name_edit, "Test Legion")
    click(qtbot, form.id_from_name)
    retype(qtbot, form.source_edit, "tests: invented data")
    assert pane.doc.problems == [("combatants", "a faction needs at least one combatant")]

    pane.tabs.setCurrentIndex(1)
    add_combatant(qtbot, editor, "Test Captain", "leader", 50, man=2)
    add_combatant(qtbot, editor, "Test Spearman", "troop", 10)
    add_combatant(qtbot, editor, "Test Archer", "troop", 12, squad=True)
    assert pane.doc.problems == []
    assert pane.combatants.model.rowCount() == 3

    with qtbot.waitSignal(editor.faction_saved) as saved:
        toolbar_click(qtbot, editor, editor.save_action)
    assert saved.args == ["test-legion"]
    assert (user_dir / "factions" / "test-legion.yaml").is_file()
    assert pane.stack.isClean()

    catalogue = Catalogue.load()
    legion = catalogue.get("test-legion")
    assert legion is not None and "test-legion" not in catalogue.builtin_ids
    assert [c.id for c in legion.combatants] == ["test-captain", "test-spearman",
                                                 "test-archer"]
    archer = legion.combatant("test-archer")
    assert archer is not None and archer.squad and archer.stat("PE") == 12

    def findings(spearmen: int, archers: int) -> list[str]:
        warband = Warband(name="Test list", faction="test-legion", entries=[
            Entry(combatant="test-captain", count=1),
            Entry(combatant="test-spearman", count=spearmen),
            Entry(combatant="test-archer", count=archers)])
        return [f.rule for f in validate(warband, legion).findings]

    assert findings(5, 3) == []  # legal
    assert findings(6, 3) == ["same-combatant-limit"]
    assert findings(5, 4) == ["squad-limit"]


def test_building_overrides_show_the_core_rules_and_reset(qtbot, editor):
    click(qtbot, editor.new_button)
    form = editor.pane.faction_form
    spin = form.building_spins["max_same_combatant"]
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    assert editor.pane.doc.get(("building", "max_same_combatant")) == 6
    click(qtbot, form.reset_building)
    assert spin.value() == 5
    assert editor.pane.doc.get(("building",)) == {"max_same_combatant": 5,
                                                  "max_squad_units": 3,
                                                  "messengers_per_command": 1}


def test_building_overrides_quote_the_rules_they_change(qtbot, editor):
    """Each parameter's field quotes the sentence of the rule that uses it (issue 32): the
    squad cap is the count of a squad-forming combatant, not a squad's size."""
    click(qtbot, editor.new_button)
    form = editor.pane.faction_form
    squad = form.building_spins["max_squad_units"].toolTip()
    assert squad == ("The rulebook: “If the combatants of a particular type form a Squad "
                     "however, only 3 units can be recruited”")
    same = form.building_spins["max_same_combatant"].toolTip()
    assert "a maximum of five of the same combatant" in same
    # messengers_per_command is the `times` of the messenger cap
    assert "as many Messengers as the leader has command points" in \
        form.building_spins["messengers_per_command"].toolTip()
    labels = [w.text() for w in form.findChildren(QLabel)]
    assert "Max of a squad-forming combatant:" in labels


# -- validation at the field ------------------------------------------------------------------


def test_invalid_input_is_flagged_at_its_field_and_save_is_refused(qtbot, editor, user_dir):
    click(qtbot, editor.new_button)
    pane = editor.pane
    retype(qtbot, pane.faction_form.id_edit, "Bad Id")
    assert "'Bad Id' is not a valid id" in errors_of(pane.faction_form, "id")
    assert pane.faction_form.id_edit.property("invalid") is True

    pane.tabs.setCurrentIndex(1)
    click(qtbot, pane.combatants.add_button)
    form = pane.combatants.combatant_form
    retype(qtbot, form.name_edit, "")
    retype(qtbot, form.stat_edits["CON"], "6-")
    retype(qtbot, form.stat_edits["PE"], "")
    assert errors_of(form, "name") == "⚠ the name must not be empty"
    # the new combatant's id follows its name, emptied too
    assert errors_of(form, "id").startswith("⚠ the id must not be empty")
    shown = errors_of(form, "profile.CON")  # the profile's stats share one label
    assert "CON must be a whole number (6) or arcane-mundane" in shown
    assert "PE must be a whole number, 0 or more" in shown and "null" not in shown
    assert form.stat_edits["CON"].property("invalid") is True
    assert form.stat_edits["MOV"].property("invalid") is False
    # the list marks the combatant, the problem list says where each one is
    assert pane.combatants.model.row_problems(0)
    assert pane.problem_list.count() == 5
    assert not pane.status.isHidden() and "Save is refused" in pane.status.text()

    toolbar_click(qtbot, editor, editor.save_action)
    title, text = prompts(editor).told[-1]
    assert title == "Cannot save"
    assert "has 5 problems" in text and "Faction: 'Bad Id' is not a valid id" in text
    assert "Combatant 1 (no name): the name must not be empty" in text
    assert not (user_dir / "factions").exists()

    retype(qtbot, pane.faction_form.id_edit, "test-fixed")
    retype(qtbot, form.name_edit, "Test Fixed")
    retype(qtbot, form.stat_edits["CON"], "6-5")
    retype(qtbot, form.stat_edits["PE"], "20")
    assert pane.doc.problems == [] and errors_of(form, "profile.CON") == ""
    assert pane.problem_list.isHidden()


def test_duplicate_combatant_ids_are_refused(qtbot, editor, user_dir):
    editor.open_faction("soimi")
    click(qtbot, editor.pane.duplicate_button)  # the banner's "Duplicate to edit"
    pane = editor.pane
    assert not pane.read_only and pane.doc.data["id"] == "soimi-copy"
    pane.tabs.setCurrentIndex(1)
    pane.combatants.select(1)
    form = pane.combatants.combatant_form
    retype(qtbot, form.id_edit, "nek-org")
    # under the field just typed, naming the other combatant, and under the other's too
    message = "“Nek'Org” (number 1) also has the id 'nek-org': each combatant needs an id " \
              "of its own"
    assert errors_of(form, "id") == f"⚠ {message}"
    toolbar_click(qtbot, editor, editor.save_action)
    assert message in prompts(editor).told[-1][1]
    assert not (user_dir / "factions").exists()
    pane.combatants.select(0)
    assert errors_of(form, "id") == "⚠ “Tir'Abé” (number 2) also has the id 'nek-org': each " \
                                   "combatant needs an id of its own"
    pane.combatants.select(1)

    # Duplicate makes a fresh id
    retype(qtbot, form.id_edit, "tir-abe")
    click(qtbot, pane.combatants.duplicate_button)
    assert pane.doc.combatant_ids() == ["nek-org", "tir-abe", "tir-abe-copy"]
    assert pane.doc.problems == []


def test_built_in_factions_are_read_only(qtbot, editor):
    editor.open_faction("soimi")
    pane = editor.pane
    assert pane.read_only and not pane.banner.isHidden()
    assert pane.faction_form.name_edit.isReadOnly()
    assert not editor.save_action.isEnabled()
    assert not pane.combatants.add_button.isEnabled()
    assert not pane.combatants.combatant_form.type_box.isEnabled()
    assert "built-in" in editor.windowTitle()
    # nothing says it can be saved; the status says how to get an editable copy
    assert "can be saved" not in pane.status.text()
    assert "Duplicate to edit" in pane.status.text()


def test_ids_follow_names_until_edited_by_hand_or_saved(qtbot, editor, user_dir):
    click(qtbot, editor.new_button)
    pane = editor.pane
    form = pane.faction_form
    retype(qtbot, form.name_edit, "Test Horde")
    assert form.id_edit.text() == "test-horde"
    editor.undo_action.trigger()  # one step: the name and the id it made
    assert (pane.doc.data["name"], pane.doc.data["id"]) == ("My faction", "my-faction")
    editor.redo_action.trigger()
    assert pane.doc.data["id"] == "test-horde"

    pane.tabs.setCurrentIndex(1)
    page = pane.combatants
    c_form = page.combatant_form
    click(qtbot, page.add_button)
    retype(qtbot, c_form.name_edit, "Test Rider")
    assert c_form.id_edit.text() == "test-rider"
    retype(qtbot, c_form.stat_edits["PE"], "20")
    click(qtbot, page.add_button)
    retype(qtbot, c_form.name_edit, "Test Rider")  # the same name: an id of its own
    assert c_form.id_edit.text() == "test-rider-2"
    retype(qtbot, c_form.id_edit, "test-mount")  # edited by hand: it stays
    retype(qtbot, c_form.name_edit, "Test Knight")
    assert pane.doc.combatant_ids() == ["test-rider", "test-mount"]
    retype(qtbot, c_form.stat_edits["PE"], "30")
    assert pane.doc.problems == []

    toolbar_click(qtbot, editor, editor.save_action)
    assert (user_dir / "factions" / "test-horde.yaml").is_file()
    # once saved, lists may name these ids: a new name leaves them alone
    retype(qtbot, form.name_edit, "Test Great Horde")
    page.select(0)
    retype(qtbot, c_form.name_edit, "Test Lancer")
    assert pane.doc.data["id"] == "test-horde"
    assert pane.doc.combatant_ids() == ["test-rider", "test-mount"]


# -- abilities ----------------------------------------------------------------------------------


def test_abilities_from_the_glossaries_and_inline(qtbot, editor):
    click(qtbot, editor.new_button)
    pane = editor.pane
    pane.tabs.setCurrentIndex(2)
    click(qtbot, pane.glossary.add_button)
    glossary_form = pane.glossary.ability_form
    retype(qtbot, glossary_form.name_edit, "Test Howl")
    retype(qtbot, glossary_form.id_edit, "test-howl")
    choose(qtbot, glossary_form.kind_box, "feat")
    retype(qtbot, glossary_form.difficulty_edit, "a")

    pane.tabs.setCurrentIndex(1)
    click(qtbot, pane.combatants.add_button)
    abilities = pane.combatants.combatant_form.abilities
    choose(qtbot, abilities.picker, "test-howl")
    click(qtbot, abilities.add_button)
    choose(qtbot, abilities.picker, "enorme")  # a universal ability
    click(qtbot, abilities.add_button)
    click(qtbot, abilities.inline_button)
    inline = abilities.inline_form
    assert abilities.detail.currentWidget() is inline
    retype(qtbot, inline.name_edit, "Test Bite")
    choose(qtbot, inline.kind_box, "feat")
    retype(qtbot, inline.difficulty_edit, "5")
    inline.successes_spin.setFocus()
    qtbot.keyClick(inline.successes_spin, Qt.Key.Key_Up)
    qtbot.keyClicks(inline.text_edit, "Test text.")
    assert pane.doc.problems == []
    faction = pane.doc.faction
    assert faction is not None
    assert faction.abilities[0].difficulty == "A"
    refs = faction.combatants[0].abilities
    assert refs[:2] == ["test-howl", "enorme"]
    bite = refs[2]
    assert not isinstance(bite, str)
    assert (bite.name, bite.kind, bite.difficulty, bite.successes, bite.text) == (
        "Test Bite", "feat", 5, 2, "Test text.")

    abilities.select(0)
    assert "faction glossary" in abilities.glossary_info.text()
    click(qtbot, abilities.down_button)
    assert pane.doc.get(("combatants", 0, "abilities"))[:2] == ["enorme", "test-howl"]
    click(qtbot, abilities.remove_button)
    assert pane.doc.get(("combatants", 0, "abilities"))[0] == "enorme"


def test_deleting_a_glossary_ability_in_use_says_where(qtbot, editor):
    editor.open_faction("soimi")
    click(qtbot, editor.duplicate_button)
    pane = editor.pane
    pane.tabs.setCurrentIndex(2)
    pane.glossary.select(1)  # agujones
    assert pane.glossary.used_by.text() == "Used by: Tir'Abé (tir-abe)"
    prompts(editor).answers = ["cancel"]
    click(qtbot, pane.glossary.delete_button)
    title, text = prompts(editor).asked[-1]
    assert "“Agujones” is used by 1 combatant: Tir'Abé (tir-abe)" in text
    assert "agujones" in pane.doc.ability_ids()

    prompts(editor).answers = ["delete"]
    click(qtbot, pane.glossary.delete_button)
    assert "agujones" not in pane.doc.ability_ids()
    assert "agujones" not in pane.doc.get(("combatants", 1, "abilities"))
    assert pane.doc.problems == []
    editor.undo_action.trigger()  # one step brings both back
    assert "agujones" in pane.doc.ability_ids()
    assert pane.doc.get(("combatants", 1, "abilities"))[1] == "agujones"


def test_changing_a_glossary_id_follows_into_the_combatants(qtbot, editor):
    editor.open_faction("soimi")
    click(qtbot, editor.duplicate_button)
    pane = editor.pane
    pane.tabs.setCurrentIndex(2)
    pane.glossary.select(1)
    retype(qtbot, pane.glossary.ability_form.id_edit, "test-stings")
    assert pane.doc.get(("combatants", 1, "abilities"))[1] == "test-stings"
    assert pane.doc.problems == []
    editor.undo_action.trigger()
    assert pane.doc.get(("combatants", 1, "abilities"))[1] == "agujones"
    assert pane.glossary.ability_form.id_edit.text() == "agujones"


# -- undo and redo ------------------------------------------------------------------------------


def first_combatant_of_a_soimi_copy(qtbot, editor):
    """An editable copy of the built-in Soimi, its first combatant's form on show."""
    editor.open_faction("soimi")
    click(qtbot, editor.duplicate_button)
    pane = editor.pane
    pane.tabs.setCurrentIndex(1)
    pane.combatants.select(0)
    return pane.doc, pane.combatants.combatant_form


def test_undo_redo_of_edits(qtbot, editor):
    assert editor.undo_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Undo)
    assert editor.redo_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Redo)
    doc, form = first_combatant_of_a_soimi_copy(qtbot, editor)
    pane = editor.pane
    page = pane.combatants

    retype(qtbot, form.name_edit, "Test rename")
    assert doc.get(("combatants", 0, "name")) == "Test rename"
    toolbar_click(qtbot, editor, editor.undo_action)  # typing is one step
    assert doc.get(("combatants", 0, "name")) == "Nek'Org"
    assert form.name_edit.text() == "Nek'Org"
    toolbar_click(qtbot, editor, editor.redo_action)
    assert form.name_edit.text() == "Test rename"

    click(qtbot, page.down_button)
    assert doc.combatant_ids() == ["tir-abe", "nek-org"]
    assert page.current_row() == 1 and form.base == ("combatants", 1)
    assert form.name_edit.text() == "Test rename"  # the form follows its combatant
    editor.undo_action.trigger()
    assert doc.combatant_ids() == ["nek-org", "tir-abe"]

    click(qtbot, page.add_button)
    assert doc.combatant_ids() == ["nek-org", "new-combatant", "tir-abe"]
    click(qtbot, page.delete_button)
    click(qtbot, page.delete_button)
    assert doc.combatant_ids() == ["nek-org"]
    editor.undo_action.trigger()
    assert doc.combatant_ids() == ["nek-org", "tir-abe"]
    assert page.current_row() == 1 and form.name_edit.text() == "Tir'Abé"

    # undoing an edit made on another tab brings it back into sight
    retype(qtbot, form.stat_edits["PE"], "170")
    pane.tabs.setCurrentIndex(0)
    page.select(0)
    editor.undo_action.trigger()
    assert pane.tabs.currentIndex() == 1 and page.current_row() == 1
    assert form.stat_edits["PE"].text() == "163"

    form.squad_check.setFocus()
    click(qtbot, form.squad_check)
    choose(qtbot, form.rank_box, "elite")
    form.equipment_edit.entry.setFocus()
    qtbot.keyClicks(form.equipment_edit.entry, "test spear")
    click(qtbot, form.equipment_edit.add_button)
    c = doc.get(("combatants", 1))
    assert (c["squad"], c["rank"], c["equipment"][-1]) == (True, "elite", "test spear")
    for _ in range(3):
        editor.undo_action.trigger()
    c = doc.get(("combatants", 1))
    assert (c["squad"], c["rank"], c["equipment"]) == (False, None,
                                                       ["armadura de tela", "arma contundente"])
    assert not form.squad_check.isChecked() and form.rank_box.currentData() is None


# -- files: Save, Import, Export ----------------------------------------------------------------


def test_soimi_loaded_and_saved_again_is_the_same_faction(qtbot, editor, user_dir, tmp_path):
    original = load_faction(SOIMI)
    editor.open_faction("soimi")
    prompts(editor).save = str(tmp_path / "exported.yaml")
    click(qtbot, editor.export_button)
    assert load_faction(tmp_path / "exported.yaml") == original

    # a user copy of the file, opened in the editor and saved through it
    (user_dir / "factions").mkdir()
    shutil.copy(SOIMI, user_dir / "factions" / "soimi.yaml")
    editor.set_catalogue(Catalogue.load())
    assert editor.faction_ids().count("soimi") == 1  # the user's copy replaces the built-in
    editor.open_faction("soimi")
    assert not editor.pane.read_only
    with qtbot.waitSignal(editor.faction_saved):
        toolbar_click(qtbot, editor, editor.save_action)
    saved = load_faction(user_dir / "factions" / "soimi.yaml")
    assert saved == original


def test_import_of_a_broken_file_shows_where_the_mistake_is(qtbot, editor, user_dir):
    prompts(editor).open = str(DATA / "test-broken-faction.yaml")
    click(qtbot, editor.import_button)
    title, text = prompts(editor).told[-1]
    assert title == "Cannot import"
    assert (f"{DATA / 'test-broken-faction.yaml'}:10:19: PE must be an integer >= 0 "
            "(got the text 'lots')") in text
    assert not (user_dir / "factions").exists()


def test_import_copies_into_the_user_folder_and_asks_before_replacing(qtbot, editor,
                                                                       user_dir):
    source = DATA / "test-import-faction.yaml"
    prompts(editor).open = str(source)
    with qtbot.waitSignal(editor.faction_saved) as saved:
        click(qtbot, editor.import_button)
    assert saved.args == ["test-import"]
    copied = user_dir / "factions" / "test-import.yaml"
    assert copied.read_text(encoding="utf-8") == source.read_text(encoding="utf-8")
    assert "test-import" in editor.faction_ids()
    assert editor.pane.doc.data["id"] == "test-import"  # opened, ready to edit

    copied.write_text(copied.read_text(encoding="utf-8").replace("Test chief", "Test boss"),
                      encoding="utf-8")
    prompts(editor).answers = ["cancel"]
    click(qtbot, editor.import_button)
    assert "already has “Test import faction”" in prompts(editor).asked[-1][1]
    assert "Test boss" in copied.read_text(encoding="utf-8")  # kept

    prompts(editor).answers = ["replace"]
    with qtbot.waitSignal(editor.faction_saved):
        click(qtbot, editor.import_button)
    assert "Test boss" not in copied.read_text(encoding="utf-8")
    assert editor.pane.doc.get(("combatants", 0, "name")) == "Test chief"


def test_changing_the_id_of_a_saved_faction_renames_it_after_asking(qtbot, editor, user_dir):
    prompts(editor).open = str(DATA / "test-import-faction.yaml")
    click(qtbot, editor.import_button)
    retype(qtbot, editor.pane.faction_form.id_edit, "test-renamed")
    prompts(editor).answers = ["rename"]
    with qtbot.waitSignal(editor.faction_saved) as saved:
        toolbar_click(qtbot, editor, editor.save_action)
    assert saved.args == ["test-renamed"]
    assert "will no longer find it" in prompts(editor).asked[-1][1]
    assert sorted(p.name for p in (user_dir / "factions").iterdir()) == ["test-renamed.yaml"]
    assert "test-import" not in editor.faction_ids()


def test_switching_faction_with_unsaved_changes_asks(qtbot, editor, user_dir):
    prompts(editor).open = str(DATA / "test-import-faction.yaml")
    click(qtbot, editor.import_button)
    retype(qtbot, editor.pane.faction_form.name_edit, "Test changed")
    assert editor.isWindowModified()
    prompts(editor).answers = ["cancel"]
    editor.faction_list.setCurrentRow(editor.faction_ids().index("soimi"))
    assert editor.pane.doc.data["name"] == "Test changed"  # still open
    assert editor.faction_list.currentItem().data(Qt.ItemDataRole.UserRole) == "test-import"
    prompts(editor).answers = ["save"]
    editor.faction_list.setCurrentRow(editor.faction_ids().index("soimi"))
    assert editor.pane.doc.data["id"] == "soimi"
    assert load_faction(user_dir / "factions" / "test-import.yaml").name == "Test changed"


def test_the_real_message_box_can_be_clicked(qtbot, user_dir):
    """The default prompts use a QMessageBox; a test clicks its button from a timer."""
    window = FactionEditor(Catalogue.load())
    qtbot.addWidget(window)
    # several games are built in: answer New faction's game question without its dialog
    window.prompts.choose = lambda _t, _x, _c, current=None: current  # type: ignore
    window.new_faction()
    seen: list[str] = []

    def click_ok() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen.append(box.text())
        box.button(QMessageBox.StandardButton.Ok).click()

    QTimer.singleShot(0, click_ok)
    assert window.save() is False
    assert seen and "a faction needs at least one combatant" in seen[0]


def test_undo_keys_in_a_field_undo_the_faction_step_by_step(qtbot, editor, monkeypatch):
    """Issue 14 items 7 and 9: Ctrl+Z typed in a field is the faction's undo, as often as there
    are steps; Ctrl+Y and Ctrl+Shift+Z redo; Ctrl+D means Duplicate."""
    from PySide6.QtWidgets import QApplication

    doc, form = first_combatant_of_a_soimi_copy(qtbot, editor)
    editor.activateWindow()
    retype(qtbot, form.name_edit, "Test first")
    retype(qtbot, form.nickname_edit, "test second")
    qtbot.waitUntil(lambda: QApplication.focusWidget() is form.nickname_edit, timeout=2000)
    name = ("combatants", 0, "name")
    nickname = ("combatants", 0, "nickname")
    ctrl, shift = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier

    qtbot.keyClick(form.nickname_edit, Qt.Key.Key_Z, ctrl)
    assert doc.get(nickname) != "test second" and doc.get(name) == "Test first"
    qtbot.keyClick(form.nickname_edit, Qt.Key.Key_Z, ctrl)  # on past the field's own edit
    assert doc.get(name) == "Nek'Org" and form.name_edit.text() == "Nek'Org"
    assert editor.redo_action.isEnabled()
    qtbot.keyClick(form.nickname_edit, Qt.Key.Key_Y, ctrl)
    assert doc.get(name) == "Test first"
    qtbot.keyClick(form.nickname_edit, Qt.Key.Key_Z, ctrl | shift)
    assert doc.get(nickname) == "test second" and form.nickname_edit.text() == "test second"
    assert not editor.redo_action.isEnabled()
    assert QKeySequence("Ctrl+D") in editor.duplicate_action.shortcuts()


# -- deleting, and files that cannot be read ---------------------------------------------------


def test_delete_faction_asks_then_removes_its_file_and_leaves_a_working_editor(
        qtbot, editor, user_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))  # a trash of the test's own
    editor.open_faction("soimi")
    assert not editor.delete_action.isEnabled()  # built-in: nothing to delete
    click(qtbot, editor.new_button)
    pane = editor.pane
    retype(qtbot, pane.faction_form.name_edit, "Test Doomed")
    pane.tabs.setCurrentIndex(1)
    add_combatant(qtbot, editor, "Test Victim", "leader", 10)
    toolbar_click(qtbot, editor, editor.save_action)
    path = user_dir / "factions" / "test-doomed.yaml"
    assert path.is_file() and editor.delete_button.isEnabled()

    prompts(editor).answers = ["cancel"]
    click(qtbot, editor.delete_button)
    title, question = prompts(editor).asked[-1]
    assert title == "Delete faction" and "test-doomed.yaml" in question
    assert path.is_file() and editor.pane is pane

    prompts(editor).answers = ["delete"]
    with qtbot.waitSignal(editor.faction_deleted) as deleted:
        click(qtbot, editor.delete_button)
    assert deleted.args == ["test-doomed"]
    assert not path.exists()
    assert list((tmp_path / "xdg").rglob("test-doomed.yaml")) or \
        "deleted" in editor.statusBar().currentMessage()
    assert editor.pane is None and editor.center.currentWidget() is editor.placeholder
    assert "test-doomed" not in editor.faction_ids()
    assert not editor.save_action.isEnabled() and not editor.undo_action.isEnabled()
    # the editor goes on working
    click(qtbot, editor.new_button)
    assert editor.pane is not None and editor.pane.doc.data["id"] == "my-faction"
    prompts(editor).answers = ["delete"]  # a new faction never saved is only discarded
    click(qtbot, editor.delete_button)
    assert "never saved" in prompts(editor).asked[-1][1] and editor.pane is None


def test_a_broken_file_of_the_users_opens_as_text_to_fix(qtbot, user_dir):
    folder = user_dir / "factions"
    folder.mkdir()
    broken = folder / "test-broken.yaml"
    broken.write_text("schema: spherewars-faction/1\nid: test-broken\nname: Test broken\n"
                      "combatants:\n  - {id: test-a, name: Test A, type: troopp, "
                      "profile: {PE: 1}}\n", encoding="utf-8")
    window = FactionEditor(Catalogue.load())
    qtbot.addWidget(window)
    window.prompts = ScriptedPrompts()  # type: ignore[assignment]
    window.show()
    item = next(window.faction_list.item(i) for i in range(window.faction_list.count())
                if "test-broken.yaml" in window.faction_list.item(i).text())
    assert "fix it as text" in item.text()
    window.faction_list.setCurrentItem(item)
    text = window.text_editor
    assert text is not None and text.isVisible() and "troopp" in text.status.text()
    text.text.setPlainText(text.text.toPlainText().replace("troopp", "troop"))
    with qtbot.waitSignal(window.files_changed):
        text.save_button.click()
    assert text.status.text().startswith("✔")
    assert "type: troop," in broken.read_text(encoding="utf-8")
    text.close()
