"""The real drop-down that *New* and *New faction* use to ask the game (tests elsewhere script
it): its answer is the id behind the label picked, and cancelling gives None."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QInputDialog, QWidget

from builder.gui.widgets import choose_from

CHOICES = [("spherewars-1e", "SphereWars — first edition"), ("torn", "Torn")]


def _answer(pick: str | None, seen: list[Any]) -> None:
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, QInputDialog)
    seen.append(dialog.textValue())  # what was preselected
    if pick is None:
        dialog.reject()
    else:
        dialog.setTextValue(pick)
        dialog.accept()


def test_the_label_picked_gives_its_id(qtbot: Any) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    seen: list[Any] = []
    QTimer.singleShot(0, lambda: _answer("Torn", seen))
    assert choose_from(parent, "New list", "Which game?", CHOICES, "spherewars-1e") == "torn"
    assert seen == ["SphereWars — first edition"]


def test_cancelling_gives_none(qtbot: Any) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    seen: list[Any] = []
    QTimer.singleShot(0, lambda: _answer(None, seen))
    assert choose_from(parent, "New list", "Which game?", CHOICES, "torn") is None
    assert seen == ["Torn"]
