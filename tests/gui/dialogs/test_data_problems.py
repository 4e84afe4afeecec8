"""Data problems (issue 14.12): each problem reads message first, place after; Copy; a broken
file of the user's is fixed as text, shown in its folder, or deleted, and the data reloads."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocumentFragment
from PySide6.QtWidgets import QApplication, QFrame, QLabel, QPushButton

from builder.data import Catalogue
from builder.gui.dialogs.data_problems import DataProblemsDialog
from builder.plumbing import paths
from tests.gui.conftest import click_message_box

BROKEN = ("schema: spherewars-faction/1\nid: test-raiders\nname: Test raiders (test data)\n"
          "combatants:\n  - id: test-raider\n    name: Test raider\n    type: troop\n"
          "    sqaud: true\n    profile: {PE: 12}\n")
"""Test data: a user's faction with a misspelt key on line 8."""


@pytest.fixture
def broken(user_dir: Path) -> Path:
    path = user_dir / "factions" / "test-raiders.yaml"
    path.parent.mkdir()
    path.write_text(BROKEN, encoding="utf-8")
    return path


@pytest.fixture
def opened(qtbot: Any, make_window: Any, broken: Path) -> tuple[Any, DataProblemsDialog]:
    """The main window on the built-in and user data, and its Data problems dialog as the
    window opens it (built from the arguments it hands its prompter)."""
    window = make_window(Catalogue.load())
    assert window.problems_button.text() == "1 data problem"
    window.gamedata.show_problems()
    (problems, catalogue, reload), = window.prompter.asked("data_problems")
    dialog = DataProblemsDialog(problems, window, catalogue=catalogue, reload=reload)
    qtbot.addWidget(dialog)
    dialog.show()
    return window, dialog


def file_box(dialog: DataProblemsDialog, path: Path) -> Any:
    boxes = [b for b in dialog.files.findChildren(QFrame)
             if b.objectName() == "data-problem-file" and b.property("path") == str(path)]
    assert len(boxes) == 1
    return boxes[0]


def button(box: Any, name: str) -> QPushButton:
    found = box.findChild(QPushButton, name)
    assert found is not None
    return found


def test_message_first_then_the_place_and_copy(qtbot, opened, broken):
    _window, dialog = opened
    box = file_box(dialog, broken)
    [shown] = [QTextDocumentFragment.fromHtml(label.text()).toPlainText().replace("\u200b", "")
               for label in box.findChildren(QLabel) if label.objectName() == "data-problem"]
    message = "unknown key 'sqaud' (did you mean 'squad'?)"
    assert shown.index(message) < shown.index("test-raiders.yaml:8:5")
    assert all(label.wordWrap() for label in box.findChildren(QLabel)
               if label.objectName() == "data-problem")
    qtbot.mouseClick(dialog.copy_button, Qt.MouseButton.LeftButton)
    assert QApplication.clipboard().text() == f"{broken}:8:5: {message}"


def test_a_broken_file_is_fixed_as_text_and_the_data_reloads(qtbot, opened, broken):
    window, dialog = opened
    qtbot.mouseClick(button(file_box(dialog, broken), "edit-as-text"),
                     Qt.MouseButton.LeftButton)
    editor = dialog.editor
    assert editor is not None and editor.isVisible()
    assert editor.text.textCursor().blockNumber() == 7  # at the problem's line
    assert "sqaud" in editor.status.text()
    cursor = editor.text.textCursor()
    cursor.select(cursor.SelectionType.LineUnderCursor)
    cursor.insertText("    squad: true")
    assert editor.isWindowModified()
    editor.save_button.click()
    assert broken.read_text(encoding="utf-8") == BROKEN.replace("sqaud", "squad")
    assert not list(broken.parent.glob("*.tmp"))  # written through a temporary file
    assert editor.status.text().startswith("✔")
    # the app read its data again: the faction is there, the problem is gone
    assert "test-raiders" in window.doc.catalogue.factions
    assert dialog.problems == [] and not window.problems_button.isVisible()
    assert "without problems" in dialog.intro.text()


def test_an_edit_that_breaks_the_file_says_so_at_once(qtbot, opened, broken):
    _window, dialog = opened
    editor = dialog.edit(broken)
    editor.text.setPlainText(BROKEN.replace("PE: 12", "PE: lots"))
    editor.save()
    assert "PE must be" in editor.status.text() and "line 9" in editor.status.text()
    assert "lots" in broken.read_text(encoding="utf-8")


def test_delete_asks_naming_the_file_then_removes_it(qtbot, opened, broken, tmp_path,
                                                      monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))  # a trash of the test's own
    window, dialog = opened
    delete = button(file_box(dialog, broken), "delete")
    seen = click_message_box("delete-file-prompt", "Cancel")
    delete.click()
    assert "test-raiders.yaml" in seen[0] and broken.exists()
    seen = click_message_box("delete-file-prompt", "Delete")
    delete.click()
    assert not broken.exists()
    trashed = list((tmp_path / "xdg").rglob("test-raiders.yaml"))
    assert trashed or "deleted" in dialog.intro.text()
    assert "test-raiders.yaml was" in dialog.intro.text()
    assert dialog.problems == [] and window.doc.catalogue.problems == []


def test_built_in_and_other_folders_files_are_not_deleted(qtbot, tmp_path):
    other = tmp_path / "data" / "test-raiders.yaml"
    other.parent.mkdir()
    other.write_text(BROKEN, encoding="utf-8")
    cat = Catalogue.load([other.parent], user=False)
    dialog = DataProblemsDialog(cat.problems, catalogue=cat)
    qtbot.addWidget(dialog)
    box = file_box(dialog, other)
    assert button(box, "edit-as-text").isEnabled()  # a --data file may be fixed
    assert not button(box, "delete").isEnabled()  # but only the user's own are deleted
    assert not str(other).startswith(str(paths.user_data_dir()))
    assert os.path.exists(other)
