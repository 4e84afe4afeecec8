"""Fixtures of the roster editor's tests: the invented Test Mercenary Skirmish game
(tests/fixtures/battlescribe/mercenaries) read once, and a new roster of it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from builder.battlescribe import load_data_set
from builder.battlescribe.linking import DataSet
from tests.battlescribe.helpers import FIXTURES

MERCENARIES = FIXTURES / "mercenaries"


@pytest.fixture(scope="session")
def merc_data() -> DataSet:
    return load_data_set(sorted(MERCENARIES.iterdir()))


@pytest.fixture
def new_roster(merc_data: DataSet) -> Callable[..., Any]:
    """A new roster document of the Test Reavers with its Warband force (its Captain and his
    Dagger chosen by themselves)."""
    from builder.battlescribe.engine.editing import Editor
    from builder.document.roster import RosterList

    def make(name: str = "Grey Reavers", path: Path | None = None) -> RosterList:
        doc = RosterList(merc_data, Editor(merc_data, name), path=path)
        doc.add_force("tm-fe-warband", "tm-reavers")
        return doc

    return make


@pytest.fixture
def editor(qtbot: Any, new_roster: Callable[..., Any]) -> Any:
    """The roster editor on a new roster of the Test Reavers, shown in a window of its own,
    with a scripted answer for *Add force…* (``editor.force_answers``)."""
    from PySide6.QtGui import QUndoStack
    from PySide6.QtWidgets import QMainWindow

    from builder.gui.roster.document import RosterDocument
    from builder.gui.roster.editor import RosterEditor

    doc = RosterDocument(new_roster())
    stack = QUndoStack()
    answers: list[Any] = []
    window = QMainWindow()
    made = RosterEditor(doc, stack, ask_force=lambda _e: answers.pop(0) if answers else None)
    made.force_answers = answers  # type: ignore[attr-defined]
    made.holder = window  # type: ignore[attr-defined]  # (the window lives as long as it)
    window.setCentralWidget(made)
    window.resize(1280, 760)
    made.default_sizes(1280)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return made
