"""BattleScribe rosters in the main window (issue 39 items 2 and 4): File → New offers the
installed BattleScribe games; a roster opens, is edited, saved (.ros, .rosz, atomically),
reopened, found in Open Recent; a roster whose data is not installed names what is missing
and offers the data dialog; unsaved changes are asked about, a change on disk is noticed, a
crashed session's roster comes back; a roster dropped on the window opens. On the invented
Test Mercenary Skirmish game, installed into the test's own user folder."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from builder.battlescribe.engine.editing import Editor
from builder.bsdata.adding import Adder
from builder.document.roster import RosterList
from builder.gui.dialogs import DISCARD
from builder.gui.dialogs.file_questions import RELOAD
from builder.gui.roster.commands import SelectCommand
from builder.gui.roster.forces import ForceChoice, NewRoster
from tests.battlescribe.helpers import FIXTURES

MERCENARIES = FIXTURES / "mercenaries"


@pytest.fixture
def installed(user_dir: Path) -> Path:
    """The test game installed in this test's own user folder."""
    Adder().add([str(MERCENARIES)])
    return user_dir


def write_roster(path: Path, name: str = "Grey Reavers") -> Path:
    """A roster file of the Test Reavers: a Warband with its Captain and a Champion."""
    from builder.battlescribe import load_data_set

    data = load_data_set(sorted(MERCENARIES.iterdir()))
    roster = RosterList(data, Editor(data, name))
    force = roster.add_force("tm-fe-warband", "tm-reavers")
    roster.select(force, "tm-champion")
    roster.save(path)
    return path


def open_roster(window: Any, path: Path) -> Any:
    assert window.files.load_path(path, confirmed=True)
    editor = window.roster_editor
    assert editor is not None and window.pages.currentWidget() is editor
    return editor


def test_new_offers_the_installed_battlescribe_games(window: Any, installed: Path) -> None:
    window.prompter.script("choose", "bs:tm-sys")
    window.prompter.script("new_roster", NewRoster(
        "Grey Reavers", {"tm-gc": 400, "tm-wr": None},
        ForceChoice("tm-reavers", "tm-fe-warband", "Warband")))
    window.files.new_file()
    (_title, _text, choices, _current), = window.prompter.asked("choose")
    assert ("bs:tm-sys", "Test Mercenary Skirmish (BattleScribe data)") in choices
    (system, catalogues, _name), = window.prompter.asked("new_roster")
    assert system == "Test Mercenary Skirmish"
    assert catalogues == [("tm-reavers", "Test Reavers"), ("tm-sisters", "Test Sisterhood")]
    assert window.prompter.roster_load("tm-sisters").catalogues["tm-sisters"].name == \
        "Test Sisterhood"  # (the dialog reads each catalogue it offers with the game)
    editor = window.roster_editor
    assert window.files.kind == "roster" and editor.isVisible()
    assert not window.splits.main.isVisible()
    doc = editor.doc
    assert doc.name == "Grey Reavers" and doc.cost_limit("tm-gc") == 400
    assert doc.cost_limit("tm-wr") is None
    assert [s.node.name for s in doc.roster.forces[0].selections] == ["Captain"]
    assert window.windowTitle() == "Grey Reavers[*] (Test Mercenary Skirmish) — " \
        "SphereWars Warband Builder"
    assert not window.files.is_modified()
    # the edit actions go to the roster: Delete removes the selection under the cursor
    editor.select(doc.roster.forces[0].selections[0])
    window.act.remove.trigger()
    assert doc.roster.forces[0].selections == [] and window.files.is_modified()
    # back to a warband: its panels again
    window.prompter.script("save_changes", DISCARD)
    window.prompter.script("choose", "soimi-system")
    window.files.new_file()
    assert window.files.kind == "warband" and window.pages.currentWidget() is \
        window.splits.main


def test_open_edit_save_and_reopen(window: Any, installed: Path, tmp_path: Path) -> None:
    path = write_roster(tmp_path / "reavers.ros")
    editor = open_roster(window, path)
    doc = editor.doc
    force = doc.roster.forces[0]
    window.stack.push(SelectCommand(doc, force, "tm-warriors", "Warriors"))
    assert window.isWindowModified()
    assert window.files.save() and not window.isWindowModified()
    assert window.files.recent_files()[0] == str(path.resolve())
    # Save As a .rosz: BattleScribe's zipped roster, the name given its extension
    window.prompter.script("save_path", str(tmp_path / "copy"))
    assert window.files.save_as()
    zipped = tmp_path / "copy.rosz"
    with zipfile.ZipFile(zipped) as archive:
        [inner] = archive.namelist()
        assert inner.endswith(".ros") and b"Warriors" in archive.read(inner)
    assert window.prompter.asked("save_path") == [(str(path.resolve()),)]
    # opened again (another window, the file as written): the same roster
    window.prompter.script("save_changes", DISCARD)
    assert window.files.load_path(zipped)
    again = window.roster_editor.doc
    assert [s.node.name for s in again.roster.forces[0].selections] == [
        "Captain", "Champion", "Warriors"]
    assert again.costs()[0].value == 120 and again.path == zipped.resolve()
    # File → Open Recent: both rosters there, the latest first; the first saved opens again
    window.files.recent_menu.aboutToShow.emit()  # (filled as it opens)
    actions = [a for a in window.files.recent_menu.actions() if a.text()]
    assert [a.text() for a in actions[:2]] == ["&1 copy.rosz", "&2 reavers.ros"]
    actions[1].trigger()
    assert window.roster_editor.doc.path == path.resolve()
    assert window.files.recent_files()[:2] == [str(path.resolve()), str(zipped.resolve())]


def test_unsaved_changes_are_asked_about(window: Any, installed: Path,
                                         tmp_path: Path) -> None:
    editor = open_roster(window, write_roster(tmp_path / "reavers.ros"))
    force = editor.doc.roster.forces[0]
    window.stack.push(SelectCommand(editor.doc, force, "tm-youngblood", "Youngblood"))
    window.prompter.script("save_changes", "cancel")
    assert not window.files.maybe_save()
    assert window.prompter.asked("save_changes") == [("Grey Reavers",)]


def test_a_change_on_disk_is_noticed(window: Any, installed: Path, tmp_path: Path) -> None:
    path = write_roster(tmp_path / "reavers.ros")
    open_roster(window, path)
    write_roster(path, "Changed Elsewhere")
    window.prompter.script("changed_on_disk", RELOAD)
    window.files.check_disk()
    assert window.prompter.asked("changed_on_disk")
    assert window.roster_editor.doc.name == "Changed Elsewhere"


def test_a_roster_whose_data_is_missing_names_it(window: Any, user_dir: Path,
                                                  tmp_path: Path) -> None:
    """Nothing installed: the game system and catalogue are named (id, name, revision), the
    data dialog is offered, the roster file is left as it was."""
    path = write_roster(tmp_path / "reavers.ros")
    before = path.read_bytes()
    window.prompter.script("missing_data", True)
    assert not window.files.load_path(path, confirmed=True)
    (where, missing), = window.prompter.asked("missing_data")
    assert where == path
    assert [(m.kind, m.id, m.name, m.revision) for m in missing] == [
        ("gameSystem", "tm-sys", "Test Mercenary Skirmish", 2),
        ("catalogue", "tm-reavers", "Test Reavers", 5)]
    assert window.bsdata.dialog is not None and window.bsdata.dialog.isVisible()
    assert path.read_bytes() == before and window.files.kind == "warband"
    window.bsdata.dialog.close()


def test_the_missing_data_box_names_each_file_and_offers_the_data_dialog(qtbot: Any) -> None:
    """The box the player reads: each game system and catalogue missing with its name, id and
    revision; *BattleScribe data…* (the default) answers True, *Close* False."""
    from types import SimpleNamespace

    from PySide6.QtWidgets import QMessageBox, QWidget

    from builder.gui.dialogs import Prompter
    from tests.gui.conftest import click_message_box

    parent = QWidget()
    qtbot.addWidget(parent)
    missing = [SimpleNamespace(kind="gameSystem", id="tm-sys", name="Test Mercenary Skirmish",
                               revision=2),
               SimpleNamespace(kind="catalogue", id="tm-reavers", name=None, revision=None)]
    seen = click_message_box("missing-data-prompt", "BattleScribe data…")
    assert Prompter(parent).show_missing_data(Path("reavers.rosz"), missing) is True
    assert "reavers.rosz needs BattleScribe data that is not installed" in seen[0]
    assert "the game system Test Mercenary Skirmish (id tm-sys, revision 2)" in seen[0]
    assert "the catalogue ? (id tm-reavers, revision ?)" in seen[0]
    seen = click_message_box("missing-data-prompt", QMessageBox.StandardButton.Close)
    assert Prompter(parent).show_missing_data(Path("reavers.rosz"), missing) is False and seen


def test_a_crashed_sessions_roster_comes_back(make_window: Any, installed: Path,
                                              tmp_path: Path) -> None:
    first = make_window(recovery_dir=tmp_path / "recovery")
    editor = open_roster(first, write_roster(tmp_path / "reavers.ros"))
    force = editor.doc.roster.forces[0]
    first.stack.push(SelectCommand(editor.doc, force, "tm-marksmen", "Marksmen"))
    first.files.autosave()
    copy = first.files.roster_recovery.list_path
    assert copy.suffix == ".ros" and b"Marksmen" in copy.read_bytes()
    # as a session that crashed leaves it: its copy under another process's name, unlocked
    crashed = copy.with_name("roster-autosave-999999-1.ros")
    crashed.write_bytes(copy.read_bytes())
    copy.with_suffix(".json").rename(crashed.with_suffix(".json"))
    second = make_window(recovery_dir=tmp_path / "recovery")
    second.prompter.script("recover", True)
    assert second.files.offer_recovery()
    doc = second.roster_editor.doc
    assert [s.node.name for s in doc.roster.forces[0].selections] == [
        "Captain", "Champion", "Marksmen"]
    assert second.isWindowModified() and doc.path == (tmp_path / "reavers.ros").resolve()
    assert not crashed.exists()


def test_a_roster_dropped_on_the_window_opens(qtbot: Any, window: Any, installed: Path,
                                              tmp_path: Path) -> None:
    path = write_roster(tmp_path / "dropped.ros")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    pos, copy = QPoint(10, 10), Qt.DropAction.CopyAction
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(pos, copy, mime, left, none)
    QApplication.sendEvent(window, enter)
    drop = QDropEvent(QPointF(pos), copy, mime, left, none)
    QApplication.sendEvent(window, drop)
    assert enter.isAccepted() and drop.isAccepted()
    qtbot.waitUntil(lambda: window.files.kind == "roster")
    assert window.roster_editor.doc.path == path.resolve()


def test_a_roster_prints_and_plays_from_the_window(window: Any, installed: Path,
                                                   tmp_path: Path) -> None:
    """File → Export PDF… prints the open roster (its sheet and unit cards, bs-print's), and
    Game → Start game plays it: two turns, the game kept beside the roster."""
    import json

    from builder.gui.dialogs import ExportOptions
    from builder.play.roster import remember_counter

    path = write_roster(tmp_path / "reavers.rosz")
    open_roster(window, path)
    pdf = tmp_path / "reavers.pdf"
    window.prompter.script("export_options", ExportOptions(cards=True, summary=True))
    window.prompter.script("pdf_path", str(pdf))
    window.act.export_pdf.trigger()
    assert window.prompter.asked("pdf_path") == [(str(tmp_path / "grey-reavers.pdf"),)]
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF") and b"Grey Reavers" in data
    assert window.prompter.preview(ExportOptions()).startswith(b"%PDF")  # the preview too
    assert window.prompter.export_roster  # (its words: unit cards, roster sheet)
    remember_counter("tm-sys", "W")  # (counted by W: asked once per game system otherwise)
    assert window.game.start.isEnabled()
    play = window.game.start_game()
    assert play is not None and play.isVisible()
    assert [t.m.name for t in play.tiles] == ["Captain", "Champion"]
    play.next_button.click()
    play.next_button.click()
    state = json.loads((tmp_path / "reavers.game.json").read_text(encoding="utf-8"))
    assert state["turn"] == 3
    play.close()
    window.game.follow()
    assert window.game.start.text() == "Re&sume game"


def test_the_keys_of_the_warband_editor(qtbot: Any, window: Any, installed: Path,
                                        tmp_path: Path) -> None:
    """Enter adds, Delete removes, + and - step a count, F2 edits it, Ctrl+D duplicates,
    Ctrl+F goes to the filter, Tab moves on from the lists."""
    editor = open_roster(window, write_roster(tmp_path / "reavers.ros"))
    force = editor.doc.roster.forces[0]
    editor.select(force)
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert editor.offers.filter.hasFocus()
    qtbot.keyClicks(editor.offers.filter, "warr")
    qtbot.keyClick(editor.offers.filter, Qt.Key.Key_Down)
    assert editor.offers.view.hasFocus()
    qtbot.keyClick(editor.offers.view, Qt.Key.Key_Return)  # Enter adds
    warriors = editor.tree.current()
    assert warriors.node.name == "Warriors"
    view = editor.tree.view
    view.setFocus()
    editor.select(warriors.children[0])
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert warriors.children[0].amount == 2
    qtbot.keyClick(view, Qt.Key.Key_Minus)
    assert warriors.children[0].amount == 1
    editor.select(warriors)
    qtbot.keyClick(view, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert [s.node.name for s in force.selections].count("Warriors") == 2
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert [s.node.name for s in force.selections].count("Warriors") == 1
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    assert not view.hasFocus()  # (the roster's keys do not keep Tab)
    assert window.stack.count() == 5


def test_a_broken_roster_says_where_and_changes_nothing(window: Any, installed: Path,
                                                        tmp_path: Path) -> None:
    """Not XML, an XML that is no roster, a pipe named like a roster: each says why (as
    ``FILE:LINE:COLUMN: message`` where there is a place), never hangs, and the open list
    stays as it was."""
    import os

    before = window.doc.warband
    broken = tmp_path / "broken.ros"
    broken.write_text("<roster><forces>", encoding="utf-8")
    other = tmp_path / "other.ros"
    other.write_text("<?xml version='1.0'?><catalogue id='x' name='y'/>", encoding="utf-8")
    pipe = tmp_path / "pipe.rosz"
    os.mkfifo(pipe)
    for path in (broken, other, pipe):
        assert not window.files.load_path(path, confirmed=True)
    errors = window.prompter.asked("error")
    assert [e[0] for e in errors] == ["Could not open the roster"] * 3
    assert errors[0][2].startswith(f"{broken}:1:")
    assert errors[1][2].startswith(f"{other}:1:")
    assert "not a regular file" in errors[2][2]
    assert window.files.kind == "warband" and window.doc.warband is before


def test_a_force_from_a_catalogue_the_roster_does_not_use_yet(window: Any, installed: Path,
                                                              tmp_path: Path) -> None:
    """*Add force…* offers every catalogue of the game; one the roster's data does not hold
    is read in (the roster linked to it anew) and the force is added, as one undo step:
    undoing it gives the roster as it was back, and the steps before it undo and redo."""
    editor = open_roster(window, write_roster(tmp_path / "reavers.ros"))
    first = editor.doc.list
    force = editor.doc.roster.forces[0]
    window.stack.push(SelectCommand(editor.doc, force, "tm-youngblood", "Youngblood"))
    window.prompter.script("force", ForceChoice("tm-sisters", "tm-fe-warband", "Warband"))
    editor.add_force()
    (catalogues, current, _children), = window.prompter.asked("force")
    assert catalogues == [("tm-reavers", "Test Reavers"), ("tm-sisters", "Test Sisterhood")]
    assert current == "tm-reavers"
    doc = window.roster_editor.doc

    def shown() -> list[tuple[str, str, list[str]]]:
        return [(f.name, f.catalogue.name, [s.node.name for s in f.selections])
                for f in doc.roster.forces]

    both = [("Warband", "Test Reavers", ["Captain", "Champion", "Youngblood"]),
            ("Warband", "Test Sisterhood", [])]
    assert shown() == both and doc.list is not first
    assert editor.tree.current() is doc.roster.forces[1]
    assert window.stack.count() == 2 and window.isWindowModified()
    assert window.stack.undoText() == "Add force Warband"
    window.stack.undo()
    assert doc.list is first and shown() == both[:1]
    window.stack.undo()  # (a step done before the catalogue was read in)
    assert shown() == [("Warband", "Test Reavers", ["Captain", "Champion"])]
    assert not window.isWindowModified()
    window.stack.redo()
    window.stack.redo()
    assert shown() == both and doc.list is not first
    assert window.files.save()
    reread = RosterList.load(tmp_path / "reavers.ros")
    assert [f.catalogue.name for f in reread.roster.forces] == ["Test Reavers", "Test Sisterhood"]
