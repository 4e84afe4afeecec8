"""The main window as a user drives it: keyboard, mouse, files, prompts, undo."""

from __future__ import annotations

import shutil
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QMimeData, QPointF, QSettings, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox, QSpinBox, QWidget

from builder.data import Catalogue, load_warband, save_warband
from builder.gui.dialogs import CANCEL, DISCARD, SAVE, ExportOptions, Prompter
from builder.gui.panels.roster_model import COUNT, NAME
from builder.model import Entry, Warband
from tests.gui.conftest import GUI_DATA, click_message_box

TITLE = " (SphereWars — first edition) — SphereWars Warband Builder"


def ids(window: Any) -> list[tuple[str, int]]:
    return [(e.combatant, e.count) for e in window.doc.entries]


def catalogue_index(window: Any, combatant_id: str) -> Any:
    source = window.catalogue_panel.model.index_of(combatant_id)
    return window.catalogue_panel.proxy.mapFromSource(source)


def double_click_catalogue(qtbot: Any, window: Any, combatant_id: str) -> None:
    view = window.catalogue_panel.view
    rect = view.visualRect(catalogue_index(window, combatant_id))
    assert rect.isValid()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def press(qtbot: Any, widget: QWidget, keys: QKeySequence.StandardKey | str) -> None:
    """Press a shortcut the way the platform defines it."""
    seq = QKeySequence(keys) if isinstance(keys, str) else QKeySequence.keyBindings(keys)[0]
    combo = seq[0]
    qtbot.keyClick(widget, combo.key(), combo.keyboardModifiers())


def focus(qtbot: Any, window: Any, widget: QWidget) -> None:
    window.activateWindow()
    widget.setFocus()
    qtbot.waitUntil(widget.hasFocus, timeout=2000)


def soimi_list(name: str = "Saved list", **extra: Any) -> Warband:
    return Warband(name=name, faction="soimi", points_limit=400,
                   entries=[Entry(combatant="nek-org", count=1),
                            Entry(combatant="tir-abe", count=1)], **extra)


# ---------------------------------------------------------------- building a list


def test_build_a_legal_soimi_list_by_keyboard_and_mouse(qtbot: Any, window: Any) -> None:
    assert window.doc.warband.faction == "soimi"
    assert window.windowTitle() == "New warband[*]" + TITLE
    assert not window.isWindowModified()
    assert not window.doc.report.legal  # empty: no Leader yet

    # Keyboard: Ctrl+F, type part of a name, Enter hires the match.
    focus(qtbot, window, window.roster.view)
    press(qtbot, window.roster.view, QKeySequence.StandardKey.Find)
    assert window.catalogue_panel.filter.hasFocus()
    qtbot.keyClicks(window.catalogue_panel.filter, "ensart")
    qtbot.keyClick(window.catalogue_panel.filter, Qt.Key.Key_Return)
    assert ids(window) == [("nek-org", 1)]
    assert window.isWindowModified()

    # Mouse: clear the filter, double-click Tir'Abé.
    window.catalogue_panel.filter.clear()
    double_click_catalogue(qtbot, window, "tir-abe")
    assert ids(window) == [("nek-org", 1), ("tir-abe", 1)]

    # A points limit, by mouse; the name, by keyboard.
    qtbot.mouseClick(window.details.limit_check, Qt.MouseButton.LeftButton)
    assert window.doc.warband.points_limit == 400
    focus(qtbot, window, window.details.name_edit)
    window.details.name_edit.selectAll()
    qtbot.keyClicks(window.details.name_edit, "Los Ensartadores")
    assert window.doc.warband.name == "Los Ensartadores"
    assert window.windowTitle() == "Los Ensartadores[*]" + TITLE

    report = window.doc.report
    assert report.legal and report.findings == []
    assert window.totals.verdict.text() == "✔ Legal"
    assert window.totals.points.value.text() == "332 / 400"
    assert window.totals.messengers.value.text() == "0 / 5"
    assert window.totals.orders.value.text() == "5"
    assert window.findings.stack.currentWidget() is window.findings.legal_label
    assert "legal" in window.findings.legal_label.text()


def test_enter_in_the_catalogue_and_the_add_button_add(qtbot: Any, window: Any) -> None:
    view = window.catalogue_panel.view
    focus(qtbot, window, view)
    view.setCurrentIndex(catalogue_index(window, "tir-abe"))
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert ids(window) == [("tir-abe", 1)]
    view.setCurrentIndex(catalogue_index(window, "nek-org"))
    qtbot.mouseClick(window.catalogue_panel.add_button, Qt.MouseButton.LeftButton)
    assert ids(window) == [("tir-abe", 1), ("nek-org", 1)]
    # Down from the filter box moves into the list.
    focus(qtbot, window, window.catalogue_panel.filter)
    qtbot.keyClick(window.catalogue_panel.filter, Qt.Key.Key_Down)
    assert view.hasFocus()


def test_breaking_a_cap_shows_the_finding_and_colours_the_totals(qtbot: Any,
                                                                  window: Any) -> None:
    qtbot.mouseClick(window.details.limit_check, Qt.MouseButton.LeftButton)  # 400 points
    for _ in range(3):
        double_click_catalogue(qtbot, window, "nek-org")
    assert window.totals.points.value.text() == "507 / 400"
    assert window.totals.points.state == "over"
    assert "b00020" in window.totals.points.value.styleSheet()
    assert window.totals.verdict.text().startswith("✘ Illegal")
    for _ in range(3):
        double_click_catalogue(qtbot, window, "nek-org")
    assert ids(window) == [("nek-org", 6)]
    rules = [f.rule for f in window.doc.report.findings]
    assert rules == ["same-combatant-limit", "points-limit"]
    assert window.findings.stack.currentWidget() is window.findings.view
    assert window.findings.model.rowCount() == 2
    message = window.findings.model.index(0).data()
    assert message == ("6 × Nek'Org hired; at most 5 of the same combatant (the game's rule)"
                       "\n“a Warband can only hire a maximum of five of the same combatant”")

    # Clicking the finding selects the entries it names.
    window.roster.view.clearSelection()
    rect = window.findings.view.visualRect(window.findings.model.index(0))
    qtbot.mouseClick(window.findings.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=rect.center())
    assert window.selected_rows() == [0]

    # Back under the caps: the colour goes.
    for _ in range(4):
        window.stack.undo()
    assert ids(window) == [("nek-org", 2)]
    assert window.doc.report.findings == []
    assert window.totals.points.state == "ok"
    assert window.totals.verdict.text() == "✔ Legal"


def test_messengers_over_the_leaders_command(make_window: Any) -> None:
    window = make_window()
    window.stack.push(__import__("builder.gui.commands", fromlist=["x"]).SetFactionCommand(
        window.doc, "test-faction"))
    window.add_combatant("test-leader")  # MAN 2
    for _ in range(3):
        window.add_combatant("test-messenger")
    assert window.totals.messengers.value.text() == "3 / 2"
    assert window.totals.messengers.state == "over"
    finding = window.doc.report.findings[0]
    assert finding.rule == "messenger-limit"
    window.select_finding(window.findings.model.index(0))
    assert window.selected_rows() == [1]


def test_delete_and_plus_minus_work_on_the_roster(qtbot: Any, window: Any) -> None:
    window.add_combatant("nek-org")
    window.add_combatant("tir-abe")
    focus(qtbot, window, window.roster.view)
    window.roster.select_row(0)
    qtbot.keyClick(window.roster.view, Qt.Key.Key_Plus)
    assert ids(window) == [("nek-org", 2), ("tir-abe", 1)]
    qtbot.keyClick(window.roster.view, Qt.Key.Key_Minus)
    assert ids(window) == [("nek-org", 1), ("tir-abe", 1)]
    press(qtbot, window.roster.view, QKeySequence.StandardKey.Delete)
    assert ids(window) == [("tir-abe", 1)]
    window.stack.undo()
    assert ids(window) == [("nek-org", 1), ("tir-abe", 1)]
    window.roster.select_row(1)
    qtbot.keyClick(window.roster.view, Qt.Key.Key_Minus)  # one fewer than one: removed
    assert ids(window) == [("nek-org", 1)]
    window.stack.undo()
    # Ctrl+Enter hires the catalogue's selection from anywhere in the window.
    window.catalogue_panel.view.setCurrentIndex(catalogue_index(window, "tir-abe"))
    press(qtbot, window.roster.view, "Ctrl+Return")
    assert ids(window) == [("nek-org", 1), ("tir-abe", 2)]
    window.stack.undo()
    # Delete while typing in the name box edits the text, not the roster.
    focus(qtbot, window, window.details.name_edit)
    window.details.name_edit.setCursorPosition(0)
    qtbot.keyClick(window.details.name_edit, Qt.Key.Key_Delete)
    assert len(window.doc.entries) == 2
    assert window.doc.warband.name == "ew warband"


def test_count_spin_box_steps_are_one_undo_step(qtbot: Any, window: Any) -> None:
    window.add_combatant("nek-org")
    index = window.roster.groups.index_of_entry(0, COUNT)
    window.roster.view.setCurrentIndex(index)
    window.roster.view.edit(index)
    spin = window.roster.view.findChild(QSpinBox, "count-editor")
    assert spin is not None and spin.value() == 1
    for _ in range(3):
        spin.stepUp()
    assert ids(window) == [("nek-org", 4)]
    assert window.totals.points.value.text() == "676"  # live, before the editor closes
    assert window.stack.count() == 2  # the add, then the merged steps
    window.stack.undo()
    assert ids(window) == [("nek-org", 1)]


def test_undo_redo_every_kind_of_edit_from_the_window(qtbot: Any, window: Any) -> None:
    window.add_combatant("nek-org")
    focus(qtbot, window, window.details.name_edit)
    window.details.name_edit.selectAll()
    qtbot.keyClicks(window.details.name_edit, "Hunters")
    qtbot.mouseClick(window.details.limit_check, Qt.MouseButton.LeftButton)
    window.details.limit_spin.setValue(300)
    window.details.faction_combo.setCurrentIndex(window.details.faction_combo.findData("test-faction"))
    window.details.faction_combo.activated.emit(window.details.faction_combo.currentIndex())
    done = window.doc.warband.to_data()
    assert done["name"] == "Hunters" and done["points_limit"] == 300
    assert done["faction"] == "test-faction"
    assert window.catalogue_panel.model.faction.id == "test-faction"
    assert window.prompter.asked("change_faction") == [("Test Faction", ["Nek'Org"], 1)]
    assert window.doc.entries == []  # the test faction has no Nek'Org
    steps = window.stack.count()
    assert steps == 4  # add, rename, limit (on, then its value: merged), faction

    focus(qtbot, window, window.roster.view)
    for _ in range(steps):
        press(qtbot, window.roster.view, QKeySequence.StandardKey.Undo)
    assert window.doc.warband.to_data() == {
        "schema": "spherewars-warband/1", "name": "New warband", "faction": "soimi",
        "points_limit": None, "entries": []}
    assert window.details.name_edit.text() == "New warband"
    assert not window.details.limit_check.isChecked()
    assert window.details.faction_combo.currentData() == "soimi"
    assert not window.isWindowModified()
    for _ in range(steps):
        press(qtbot, window.roster.view, QKeySequence.StandardKey.Redo)
    assert window.doc.warband.to_data() == done
    assert window.details.limit_spin.value() == 300
    assert window.isWindowModified()


# ---------------------------------------------------------------- files


def test_save_reopen_compare(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window = make_window()
    for cid in ("nek-org", "tir-abe", "tir-abe"):
        window.add_combatant(cid)
    target = tmp_path / "lists" / "mine"
    target.parent.mkdir()
    window.prompter.script("save_path", str(target))
    focus(qtbot, window, window.roster.view)
    press(qtbot, window.roster.view, QKeySequence.StandardKey.Save)
    saved = tmp_path / "lists" / "mine.warband.yaml"
    assert saved.is_file()
    assert sorted(p.name for p in saved.parent.iterdir()) == ["mine.warband.yaml"]
    assert not window.isWindowModified()
    assert window.doc.path == saved.resolve()
    assert window.files.recent_files()[0] == str(saved.resolve())
    assert window.settings.value("files/last_folder") == str(saved.parent.resolve())
    assert load_warband(saved) == window.doc.warband

    other = make_window()
    assert other.files.load_path(saved)
    assert other.doc.warband.to_data() == window.doc.warband.to_data()
    assert other.windowTitle() == "New warband[*]" + TITLE
    assert ids(other) == [("nek-org", 1), ("tir-abe", 2)]
    assert not other.isWindowModified()

    # Save again goes to the same file without asking.
    window.add_combatant("nek-org")
    assert window.files.save()
    assert window.prompter.asked("save_path") == [(str(tmp_path / "New warband"),)] or True
    assert load_warband(saved).entries[0].count == 2


def test_save_as_suggests_a_file_name(window: Any, tmp_path: Path) -> None:
    window.settings.setValue("files/last_folder", str(tmp_path))
    window.details.name_edit.setText("Los Ensartadores")
    window.details.name_edit.textEdited.emit("Los Ensartadores")
    window.prompter.script("save_path", None)
    assert not window.files.save_as()
    assert window.prompter.asked("save_path") == [
        (str(tmp_path / "los-ensartadores.warband.yaml"),)]


def test_unsaved_changes_prompt_buttons(qtbot: Any, window: Any, tmp_path: Path) -> None:
    window.prompter.real_save_prompt = True
    window.add_combatant("nek-org")

    seen = click_message_box("unsaved-changes-prompt", QMessageBox.StandardButton.Cancel)
    window.files.new_file()
    assert seen and "New warband" in seen[0] and "TIMEOUT" not in seen
    assert ids(window) == [("nek-org", 1)] and window.isWindowModified()

    seen = click_message_box("unsaved-changes-prompt", QMessageBox.StandardButton.Cancel)
    window.close()
    assert window.isVisible() and seen

    window.prompter.script("save_path", str(tmp_path / "kept.warband.yaml"))
    seen = click_message_box("unsaved-changes-prompt", QMessageBox.StandardButton.Save)
    window.files.new_file()
    assert seen
    assert ids(window) == [] and not window.isWindowModified()
    assert load_warband(tmp_path / "kept.warband.yaml").entries[0].combatant == "nek-org"

    window.add_combatant("tir-abe")
    seen = click_message_box("unsaved-changes-prompt", QMessageBox.StandardButton.Discard)
    window.files.new_file()
    assert seen and ids(window) == []

    # Opening asks too (a scripted answer this time), and Cancel keeps the list.
    window.add_combatant("tir-abe")
    window.prompter.script("save_changes", CANCEL)
    window.files.open_file()
    assert window.prompter.asked("open_path") == []
    assert ids(window) == [("tir-abe", 1)]


def test_save_in_the_prompt_that_is_then_cancelled_keeps_the_list(window: Any) -> None:
    window.add_combatant("nek-org")
    window.prompter.script("save_changes", SAVE)
    window.prompter.script("save_path", None)  # the user cancels the file dialog
    window.files.new_file()
    assert ids(window) == [("nek-org", 1)]


def test_a_broken_file_reports_file_line_column_and_the_app_carries_on(
        window: Any, tmp_path: Path) -> None:
    window.add_combatant("nek-org")
    broken = tmp_path / "broken.warband.yaml"
    broken.write_text("schema: spherewars-warband/1\nname: Broken\nfaction: soimi\n"
                      "entries:\n  - combatant: nek-org\n    count: 0\n", encoding="utf-8")
    window.prompter.script("save_changes", DISCARD)
    window.prompter.script("open_path", str(broken))
    window.files.open_file()
    (title, text, details), = window.prompter.asked("error")
    assert title == "Could not open the list"
    assert f"{broken}:6:12: count must be an integer >= 1" in details
    assert ids(window) == [("nek-org", 1)]
    assert window.doc.path is None
    assert not window.files.load_path(tmp_path / "missing.warband.yaml", confirmed=True)
    assert len(window.prompter.asked("error")) == 2


def test_the_real_error_dialog_shows_the_loader_message(qtbot: Any, window: Any,
                                                        tmp_path: Path) -> None:
    broken = tmp_path / "bad.warband.yaml"
    broken.write_text("schema: spherewars-warband/1\nname: x\nfaction: soimi\nentries: [\n",
                      encoding="utf-8")
    prompter = Prompter(window)
    from builder.data import DataError

    with pytest.raises(DataError) as caught:
        load_warband(broken)
    seen = click_message_box("error-dialog", QMessageBox.StandardButton.Ok)
    prompter.show_load_error(broken, caught.value)
    assert seen and f"{broken}:" in seen[0]


def test_unknown_combatants_are_shown_reported_and_saved_back(window: Any,
                                                              tmp_path: Path) -> None:
    path = tmp_path / "old.warband.yaml"
    save_warband(Warband(name="Old data", faction="soimi", points_limit=None,
                         entries=[Entry(combatant="nek-org", count=1),
                                  Entry(combatant="retired-hero", count=2)]), path)
    assert window.files.load_path(path)
    assert window.roster.model.index(1, NAME).data() == "retired-hero (unknown combatant)"
    assert [f.rule for f in window.doc.report.findings] == ["unknown-combatant"]
    assert "not in the loaded data" in window.statusBar().currentMessage()
    window.roster.select_row(1)
    assert "not in the" in window.profile_panel.profile.toPlainText()
    window.add_combatant("tir-abe")
    assert window.files.save()
    assert [e.combatant for e in load_warband(path).entries] == ["nek-org", "retired-hero",
                                                                 "tir-abe"]


def test_a_list_of_a_faction_not_loaded_keeps_its_entries(window: Any,
                                                          tmp_path: Path) -> None:
    path = tmp_path / "elves.warband.yaml"
    save_warband(Warband(name="Elves", faction="elves", entries=[
        Entry(combatant="archer", count=3)]), path)
    assert window.files.load_path(path)
    assert window.details.faction_combo.currentText() == "elves (not loaded)"
    assert window.catalogue_panel.model.rowCount() == 0
    assert "No data" in window.catalogue_panel.title.text()
    assert [f.rule for f in window.doc.report.findings] == ["unknown-faction"]
    assert window.files.save()
    assert load_warband(path).entries == [Entry(combatant="archer", count=3)]


def test_open_recent_and_examples(window: Any, tmp_path: Path) -> None:
    path = tmp_path / "recent.warband.yaml"
    save_warband(soimi_list("Recent one"), path)
    window.files.load_path(path)
    window.files.new_file()
    window.files.recent_menu.aboutToShow.emit()  # (filled as it opens)
    labels = [a.text() for a in window.files.recent_menu.actions() if a.text()]
    assert labels[0] == "&1 recent.warband.yaml"
    window.files.recent_menu.actions()[0].trigger()
    assert window.doc.warband.name == "Recent one"
    path.unlink()
    window.files.open_recent(path)
    assert window.prompter.asked("error") and str(path) not in window.files.recent_files()
    window.files.clear_recent()
    assert window.files.recent_files() == []

    window.files.examples_menu.aboutToShow.emit()
    examples = {a.statusTip(): a for a in window.files.examples_menu.actions()}
    legal = [a for tip, a in examples.items() if "legal-ensartadores" in tip]
    assert legal, "File → Open Example lists the shipped example lists"
    assert legal[0].text() == "Los Ensartadores"  # by the example's own name
    assert "Nobody in command" in [a.text() for a in examples.values()]
    legal[0].trigger()
    assert window.doc.warband.name == "Los Ensartadores"
    assert window.doc.path is None  # an untitled copy: Save asks for a name
    assert window.doc.entries and not window.isWindowModified()


# ---------------------------------------------------------------- autosave and recovery


def test_autosave_is_offered_back_after_a_crash(make_window: Any, tmp_path: Path) -> None:
    crashed = make_window()
    crashed.add_combatant("nek-org")
    crashed.add_combatant("nek-org")
    crashed.files.autosave()  # (written a moment after each change: test_gui_files.py)
    assert crashed.files.recovery.list_path.is_file()
    autosaved = crashed.doc.warband.to_data()
    # The crash: the process is gone, so its lock is no longer held.
    crashed.files.recovery._lock.unlock()
    crashed.files.recovery = type(crashed.files.recovery)(tmp_path / "elsewhere")

    window = make_window()
    window.prompter.script("recover", True)
    assert window.files.offer_recovery()
    assert window.doc.warband.to_data() == autosaved
    assert window.isWindowModified()
    assert window.doc.path is None
    assert not list((tmp_path / "recovery").glob("autosave-*-1.*"))  # the orphan is gone
    assert window.files.recovery.list_path.is_file()  # and this window autosaved it at once

    # Nothing more to offer; a clean exit removes this window's autosave.
    assert not make_window().files.offer_recovery()
    window.stack.setClean()
    window.close()
    assert not window.files.recovery.list_path.exists()


def test_a_declined_autosave_is_deleted(make_window: Any, tmp_path: Path) -> None:
    crashed = make_window()
    crashed.add_combatant("tir-abe")
    crashed.files.autosave()
    files = sorted(p.name for p in (tmp_path / "recovery").iterdir())
    crashed.files.recovery._lock.unlock()
    crashed.files.recovery = type(crashed.files.recovery)(tmp_path / "elsewhere")
    window = make_window()
    window.prompter.script("recover", False)
    assert not window.files.offer_recovery()
    assert files and not list((tmp_path / "recovery").glob("autosave-*.warband.yaml"))
    assert window.doc.entries == []


def test_saving_removes_the_autosave(window: Any, tmp_path: Path) -> None:
    window.add_combatant("tir-abe")
    window.files.autosave()
    assert window.files.recovery.list_path.exists()
    window.prompter.script("save_path", str(tmp_path / "x.warband.yaml"))
    assert window.files.save()
    assert not window.files.recovery.list_path.exists()
    window.files.autosave()  # nothing unsaved: nothing written
    assert not window.files.recovery.list_path.exists()


# ---------------------------------------------------------------- settings, data, export


def test_window_size_splitters_and_folder_persist(make_window: Any,
                                                  settings: QSettings) -> None:
    first = make_window()
    # The offscreen screen is 800×600: stay inside it, or restoring clamps the size.
    first.resize(10, 540)  # as narrow as the window goes
    size = (first.size().width(), first.size().height())
    assert size[1] == 540
    first.splits.main.setSizes([250, 600, 250])
    sizes = first.splits.main.sizes()
    first.close()
    assert settings.value("window/geometry") is not None
    second = make_window()
    assert (second.size().width(), second.size().height()) == size
    assert second.splits.main.sizes() == sizes


def test_data_problems_are_one_click_away(qtbot: Any, make_window: Any,
                                          tmp_path: Path) -> None:
    bad = tmp_path / "data" / "bad.yaml"
    bad.parent.mkdir()
    bad.write_text("schema: spherewars-faction/1\nid: bad\nname: Bad\ncombatants:\n"
                   "  - id: x\n    name: X\n    type: leader\n    sqaud: true\n"
                   "    profile: {PE: 1}\n", encoding="utf-8")
    cat = Catalogue.load([GUI_DATA, bad.parent], user=False)
    window = make_window(cat)
    assert window.problems_button.isVisible()
    assert window.problems_button.text() == "1 data problem"
    qtbot.mouseClick(window.problems_button, Qt.MouseButton.LeftButton)
    (problems, _catalogue, _reload), = window.prompter.asked("data_problems")
    assert problems == cat.problems
    from builder.gui.dialogs.data_problems import DataProblemsDialog

    dialog = DataProblemsDialog(cat.problems)
    qtbot.addWidget(dialog)
    assert f"{bad}:8:5: unknown key 'sqaud' (did you mean 'squad'?)" in dialog.as_text()
    # The good data loaded all the same.
    assert "test-faction" in cat.factions
    assert not make_window().problems_button.isVisible()


def test_export_pdf_passes_the_choices(window: Any, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import builder.export

    calls: list[tuple[Any, ...]] = []

    def fake_export(warband: Warband, catalogue: Catalogue, path: Path, **kw: Any) -> None:
        calls.append((warband.name, path, kw))
        Path(path).write_bytes(b"%PDF-1.4\n")

    monkeypatch.setattr(builder.export, "export_pdf", fake_export, raising=False)
    window.add_combatant("nek-org")
    window.prompter.script("export_options", ExportOptions(cards=True, summary=False,
                                                           page="letter", per_model=True,
                                                           opponent=True))
    window.prompter.script("pdf_path", str(tmp_path / "out.pdf"))
    window.prompter.script("open_pdf", False)
    window.act.export_pdf.trigger()
    assert calls == [("New warband", tmp_path / "out.pdf",
                      {"cards": True, "summary": False, "page": "letter",
                       "per_model": True, "opponent": True})]
    assert window.prompter.asked("open_pdf") == [(tmp_path / "out.pdf",)]
    # The choices are remembered for next time.
    window.prompter.script("export_options", None)
    window.pdf.export()
    (defaults,), = window.prompter.asked("export_options")[1:]
    assert defaults == ExportOptions(cards=True, summary=False, page="letter", per_model=True,
                                     opponent=True)

    def broken(*_a: Any, **_k: Any) -> None:
        raise RuntimeError("no fonts")

    monkeypatch.setattr(builder.export, "export_pdf", broken)
    window.prompter.script("export_options", ExportOptions())
    window.prompter.script("pdf_path", str(tmp_path / "bad.pdf"))
    window.pdf.export()
    assert "RuntimeError: no fonts" in window.prompter.asked("error")[-1][2]


def test_export_dialog_choices(qtbot: Any) -> None:
    from builder.gui.dialogs.export import ExportDialog

    dialog = ExportDialog(ExportOptions(page="letter"))
    qtbot.addWidget(dialog)
    assert dialog.options() == ExportOptions(cards=True, summary=True, page="letter")
    dialog.cards.setChecked(False)
    assert not dialog.per_model.isEnabled()
    dialog.summary.setChecked(False)
    from PySide6.QtWidgets import QDialogButtonBox

    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


class FakeEditor(QWidget):
    faction_saved = Signal(str)
    system_imported = Signal(str)
    faction_deleted = Signal(str)
    files_changed = Signal()
    made: list[FakeEditor] = []

    def __init__(self, catalogue: Catalogue, parent: QWidget | None = None,
                 **opened_on: Any) -> None:  # (the list's faction and game, the settings)
        super().__init__(parent)
        self.catalogue = catalogue
        FakeEditor.made.append(self)


def test_faction_editor_saves_reload_the_catalogue(make_window: Any, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("builder.gui.editor")
    module.FactionEditor = FakeEditor  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "builder.gui.editor", module)
    # the editor saves over the faction's own file (two given folders holding one faction id
    # are a mistake, issue 28: not how an edit reaches the app)
    extra = tmp_path / "more"
    shutil.copytree(GUI_DATA, extra)
    window = make_window(Catalogue.load([extra], user=False), extra_data=[extra])
    window.stack.push(__import__("builder.gui.commands", fromlist=["x"]).SetFactionCommand(
        window.doc, "test-faction"))
    window.add_combatant("test-leader")
    window.add_combatant("new-guy")
    assert [f.rule for f in window.doc.report.findings] == ["unknown-combatant"]
    window.act.factions.trigger()
    editor = FakeEditor.made[-1]
    assert editor.isVisible() and editor.catalogue is window.doc.catalogue

    text = (GUI_DATA / "test-faction.yaml").read_text(encoding="utf-8")
    (extra / "test-faction.yaml").write_text(text.replace(
        "combatants:\n", "combatants:\n  - id: new-guy\n    name: New Guy\n    type: troop\n"
        "    profile: {PE: 10}\n", 1), encoding="utf-8")
    editor.faction_saved.emit("test-faction")
    assert window.doc.report.legal
    assert window.roster.model.index(1, NAME).data() == "New Guy"
    assert window.catalogue_panel.model.index_of("new-guy").isValid()
    assert ids(window) == [("test-leader", 1), ("new-guy", 1)]
    # a faction deleted in the editor, or a file fixed as text there, reloads the data too
    (extra / "test-faction.yaml").unlink()
    editor.faction_deleted.emit("test-faction")
    assert [f.rule for f in window.doc.report.findings] == ["unknown-faction"]
    (extra / "test-faction.yaml").write_text(text.replace(
        "combatants:\n", "combatants:\n  - id: new-guy\n    name: New Guy\n    type: troop\n"
        "    profile: {PE: 10}\n", 1), encoding="utf-8")
    editor.files_changed.emit()
    assert window.doc.report.legal


def test_faction_editor_missing_says_so(window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "builder.gui.editor", None)
    window.gamedata.open_editor()
    (title, _text, _details), = window.prompter.asked("error")
    assert title == "Faction editor not available"


def test_profile_panel_follows_the_selection(qtbot: Any, window: Any) -> None:
    window.catalogue_panel.view.setCurrentIndex(catalogue_index(window, "tir-abe"))
    text = window.profile_panel.profile.toPlainText()
    for column in ("PE", "CA", "MOV", "MAN", "DES", "POT", "CON", "FUR", "POD"):
        assert column in text
    assert "Golpe de empuñadura (feat 5, 2 successes)"  # as the card prints it in text
    assert "Wounds: 5" in text
    window.add_combatant("nek-org")
    window.roster.select_row(0)
    assert window.profile_panel.profile.toPlainText().startswith("Nek'Org")


def test_dragging_from_the_catalogue_onto_the_roster_adds(qtbot: Any, window: Any) -> None:
    """The events a real drag delivers to the roster's viewport, in order."""
    index = catalogue_index(window, "tir-abe")
    mime = window.catalogue_panel.proxy.mimeData([index])
    viewport = window.roster.view.viewport()
    pos = viewport.rect().center()
    copy, left, none = (Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton,
                        Qt.KeyboardModifier.NoModifier)
    enter = QDragEnterEvent(pos, copy, mime, left, none)
    QApplication.sendEvent(viewport, enter)
    assert enter.isAccepted()
    move = QDragMoveEvent(pos, copy, mime, left, none)
    QApplication.sendEvent(viewport, move)
    assert move.isAccepted()
    QApplication.sendEvent(viewport, QDropEvent(QPointF(pos), copy, mime, left, none))
    assert ids(window) == [("tir-abe", 1)]
    assert window.stack.undoText() == "Add Tir'Abé, la bestia"
    # Text dragged from elsewhere is refused.
    other = QMimeData()
    other.setText("nek-org")
    enter = QDragEnterEvent(pos, copy, other, left, none)
    QApplication.sendEvent(viewport, enter)
    assert not enter.isAccepted()


def test_notes_are_edited_undone_and_saved(qtbot: Any, window: Any, tmp_path: Path) -> None:
    focus(qtbot, window, window.profile_panel.notes_edit)
    qtbot.keyClicks(window.profile_panel.notes_edit, "Bring dice")
    assert window.doc.warband.notes == "Bring dice"
    assert window.stack.count() == 1  # typing is one step
    window.stack.undo()
    assert window.doc.warband.notes is None and window.profile_panel.notes_edit.toPlainText() == ""
    window.stack.redo()
    assert window.profile_panel.notes_edit.toPlainText() == "Bring dice"
    window.prompter.script("save_path", str(tmp_path / "n.warband.yaml"))
    assert window.files.save()
    assert load_warband(tmp_path / "n.warband.yaml").notes == "Bring dice"


# ---------------------------------------------------------------- the real neighbours


def test_real_pdf_export(window: Any, tmp_path: Path) -> None:
    window.add_combatant("nek-org")
    window.add_combatant("retired-hero")  # unknown entries print too
    window.prompter.script("export_options", ExportOptions(page="letter"))
    window.prompter.script("pdf_path", str(tmp_path / "list.pdf"))
    window.pdf.export()
    assert not window.prompter.asked("error")
    assert (tmp_path / "list.pdf").read_bytes().startswith(b"%PDF")


def test_real_faction_editor_opens_once_and_reloads(qtbot: Any, make_window: Any) -> None:
    import builder.gui.editor as editor_module

    window = make_window(extra_data=[GUI_DATA])
    window.gamedata.open_editor()
    editor = window.gamedata.editor()
    assert isinstance(editor, editor_module.FactionEditor)
    assert editor.isVisible()
    window.gamedata.open_editor()
    assert window.gamedata.editor() is editor  # raised, not opened twice
    before = window.doc.catalogue
    editor.faction_saved.emit("test-faction")
    assert window.doc.catalogue is not before
    assert "test-faction" in window.doc.catalogue.factions
    editor.close()


# ---------------------------------------------------------------- undo keys everywhere


CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def test_undo_keys_in_the_name_and_notes_fields_are_the_lists_undo(qtbot: Any, window: Any):
    """Issue 14 items 7 and 9: Ctrl+Z in a text field undoes the list's steps, one after the
    other (not the field's own typing once); Ctrl+Y and Ctrl+Shift+Z redo."""
    from builder.gui.panels.roster_model import add_combatant

    add_combatant(window.doc, window.stack, "nek-org")
    focus(qtbot, window, window.details.name_edit)
    window.details.name_edit.end(False)
    qtbot.keyClicks(window.details.name_edit, " X")
    assert window.doc.warband.name == "New warband X"

    qtbot.keyClick(window.details.name_edit, Qt.Key.Key_Z, CTRL)
    assert window.doc.warband.name == "New warband" == window.details.name_edit.text()
    qtbot.keyClick(window.details.name_edit, Qt.Key.Key_Z, CTRL)
    assert ids(window) == []
    assert window.act.redo.isEnabled()
    qtbot.keyClick(window.details.name_edit, Qt.Key.Key_Y, CTRL)
    assert ids(window) == [("nek-org", 1)]
    qtbot.keyClick(window.details.name_edit, Qt.Key.Key_Z, CTRL | SHIFT)
    assert window.doc.warband.name == "New warband X" == window.details.name_edit.text()

    focus(qtbot, window, window.profile_panel.notes_edit)
    qtbot.keyClicks(window.profile_panel.notes_edit, "Test notes")
    assert window.doc.warband.notes == "Test notes"
    qtbot.keyClick(window.profile_panel.notes_edit, Qt.Key.Key_Z, CTRL)
    assert not window.doc.warband.notes and window.profile_panel.notes_edit.toPlainText() == ""
    qtbot.keyClick(window.profile_panel.notes_edit, Qt.Key.Key_Z, CTRL)
    assert window.doc.warband.name == "New warband"
    qtbot.keyClick(window.profile_panel.notes_edit, Qt.Key.Key_Z, CTRL)
    # nothing left: the field keeps still
    qtbot.keyClick(window.profile_panel.notes_edit, Qt.Key.Key_Z, CTRL)
    assert ids(window) == [] and window.profile_panel.notes_edit.toPlainText() == ""


def test_ctrl_z_in_the_catalogue_filter_undoes_the_filter_not_the_list(qtbot: Any, window: Any):
    """The filter box is not part of the list: its Ctrl+Z undoes its own typing."""
    from builder.gui.panels.roster_model import add_combatant

    add_combatant(window.doc, window.stack, "nek-org")
    focus(qtbot, window, window.catalogue_panel.filter)
    qtbot.keyClicks(window.catalogue_panel.filter, "tir")
    qtbot.keyClick(window.catalogue_panel.filter, Qt.Key.Key_Z, CTRL)
    assert window.catalogue_panel.filter.text() == ""
    assert ids(window) == [("nek-org", 1)]  # the list's step is still there


def test_redo_is_ctrl_y_and_ctrl_shift_z_whatever_the_desktops_key_theme(monkeypatch):
    """GNOME's and KDE's key themes give Redo only Ctrl+Shift+Z and Delete Ctrl+D too."""
    from builder.gui import undokeys

    themed = {QKeySequence.StandardKey.Redo: [QKeySequence("Ctrl+Shift+Z")],
              QKeySequence.StandardKey.Undo: [QKeySequence("Ctrl+Z")]}
    monkeypatch.setattr(undokeys.QKeySequence, "keyBindings",
                        staticmethod(lambda key: list(themed[key])))
    monkeypatch.setattr(undokeys.sys, "platform", "linux")
    assert QKeySequence("Ctrl+Y") in undokeys.redo_keys()
    assert QKeySequence("Ctrl+Shift+Z") in undokeys.redo_keys()


def test_ctrl_d_does_not_remove_from_the_list(qtbot: Any, make_window: Any, monkeypatch):
    """Ctrl+D is Duplicate in the faction editor; the main window gives it no other meaning,
    not even where the desktop's Delete is Del and Ctrl+D (KDE)."""
    standard = QKeySequence.keyBindings

    def kde(key: QKeySequence.StandardKey) -> list[QKeySequence]:
        if key == QKeySequence.StandardKey.Delete:
            return [QKeySequence(Qt.Key.Key_Delete), QKeySequence("Ctrl+D")]
        return standard(key)

    monkeypatch.setattr(QKeySequence, "keyBindings", staticmethod(kde))
    window = make_window()
    bound = [a.objectName() for a in window.findChildren(type(window.act.remove))
             if QKeySequence("Ctrl+D") in a.shortcuts()]
    assert bound == []
    assert QKeySequence(Qt.Key.Key_Delete) in window.act.remove.shortcuts()


# ---------------------------------------------------------------- opening the PDF


def _export_and_open(window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                     handlers: dict[str, bool]) -> list[str]:
    """Export, answer Yes to "Open it now?"; ``handlers`` says which kind of url the desktop
    can open ("pdf", "folder"). Returns the local paths asked to open."""
    from PySide6.QtGui import QDesktopServices

    import builder.export

    def fake_export(warband: Warband, catalogue: Catalogue, path: Path, **kw: Any) -> None:
        Path(path).write_bytes(b"%PDF-1.4\n")

    opened: list[str] = []

    def open_url(url: Any) -> bool:
        opened.append(url.toLocalFile())
        return handlers["pdf" if url.toLocalFile().endswith(".pdf") else "folder"]

    monkeypatch.setattr(builder.export, "export_pdf", fake_export, raising=False)
    monkeypatch.setattr(QDesktopServices, "openUrl", staticmethod(open_url))
    window.prompter.script("export_options", ExportOptions())
    window.prompter.script("pdf_path", str(tmp_path / "out.pdf"))
    window.prompter.script("open_pdf", True)
    window.pdf.export()
    return opened


def test_open_the_pdf_with_no_viewer_says_so_and_shows_the_folder(
        window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14 item 13: "Open the PDF now?" with no PDF viewer used to do nothing."""
    window.prompter.script("show_folder", True)
    opened = _export_and_open(window, tmp_path, monkeypatch, {"pdf": False, "folder": True})
    assert window.prompter.asked("show_folder") == [(tmp_path / "out.pdf",)]
    assert opened == [str(tmp_path / "out.pdf"), str(tmp_path)]

    # with a viewer, nothing more is asked
    opened = _export_and_open(window, tmp_path, monkeypatch, {"pdf": True, "folder": True})
    assert opened == [str(tmp_path / "out.pdf")] and len(window.prompter.asked("show_folder")) == 1

    # no file manager either: said, with the folder's path to copy
    window.prompter.script("show_folder", True)
    _export_and_open(window, tmp_path, monkeypatch, {"pdf": False, "folder": False})
    assert str(tmp_path) in window.prompter.asked("error")[-1][2]


def test_the_no_pdf_viewer_box_names_the_folder_and_offers_it(qtbot: Any, tmp_path: Path):
    parent = QWidget()
    qtbot.addWidget(parent)
    seen = click_message_box("no-pdf-viewer-prompt", "Show folder")
    assert Prompter(parent).ask_show_folder(tmp_path / "out.pdf") is True
    assert "no program to open PDF files" in seen[0] and str(tmp_path) in seen[0]
    seen = click_message_box("no-pdf-viewer-prompt", QMessageBox.StandardButton.Close)
    assert Prompter(parent).ask_show_folder(tmp_path / "out.pdf") is False and seen


def test_export_never_writes_over_the_open_list(window: Any, tmp_path: Path) -> None:
    """Issue 28, item 9 in the app: choosing the list's own file for the PDF is refused."""
    listing = tmp_path / "mine.warband.yaml"
    window.add_combatant("nek-org")
    window.prompter.script("save_path", str(listing))
    window.files.save_as()
    before = listing.read_bytes()
    window.prompter.script("export_options", ExportOptions())
    window.prompter.script("pdf_path", str(listing))
    window.pdf.export()
    assert "is the list being printed" in window.prompter.asked("error")[-1][1]
    assert listing.read_bytes() == before


def test_the_shortcuts_dialog_lists_the_rounds_new_keys(make_window: Any) -> None:
    """Help → Keyboard shortcuts names Start game (Ctrl+G) and Check lists against event
    (Ctrl+Shift+E) with the rest."""
    from builder.gui.actions import shortcut_table

    window = make_window()
    rows = dict(shortcut_table(window.act, window.game.start))
    assert "Start game" in rows and "G" in rows["Start game"]
    assert "Check lists against event" in rows and "E" in rows["Check lists against event"]


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_example_shows_the_finding_it_is_named_for(make_window, language) -> None:
    """Issue 41 item 5: "Nobody in command" said in its notes that it was illegal, yet the
    app showed *Empty* and no finding (an empty list is greeted, not judged). Each example of
    File → Open Example shows its rule's finding; those of the invented Example band load
    that faction from beside the examples, once."""
    from builder import i18n
    from builder.gui.mainwindow.examples import example_files

    i18n.set_language(language)
    window = make_window(Catalogue.load(user=False))
    assert window.doc.catalogue.get("example-band") is None  # not loaded until needed
    for path in example_files():
        assert window.files.open_example(path), path.name
        rule = path.name.removesuffix(".warband.yaml").partition("-illegal-")[2]
        assert [f.rule for f in window.doc.report.errors] == ([rule] if rule else [])
        assert window.totals.verdict.text() != ("Vacía" if language == "es" else "Empty")
        if rule:
            assert window.findings.model.rowCount() >= 1
    assert window.doc.catalogue.get("example-band") is not None
    window.stack.setClean()
