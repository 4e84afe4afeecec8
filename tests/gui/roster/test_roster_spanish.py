"""The roster editor in Spanish (issue 39 item 8): every word of ours translated, the data's
own words (names, profiles, rules) as its authors wrote them, BattleScribe's messages in
Spanish."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QMainWindow

from builder.gui.roster.commands import SetCountCommand
from builder.gui.roster.document import RosterDocument
from builder.gui.roster.editor import RosterEditor
from tests.gui.roster.steps import offered

MESSAGES = ["Warband tiene 1 selecciones de más de Captain (máximo 1)",
            "Warband tiene 1 selecciones de más de Leader (máximo 1)"]
"""BattleScribe's messages in the engine's Spanish, the data's names in them as written."""


def test_the_editor_speaks_spanish_and_the_data_its_own(qtbot: Any, spanish: None,
                                                        new_roster: Any) -> None:
    doc = RosterDocument(new_roster())
    stack = QUndoStack()
    window = QMainWindow()
    editor = RosterEditor(doc, stack)
    window.setCentralWidget(editor)
    qtbot.addWidget(window)
    window.show()
    force = doc.roster.forces[0]
    editor.select(force)
    assert editor.offers.title.text() == "Añadir a Warband"  # (the force's name as written)
    assert list(offered(editor)) == ["Sin categoría", "Leader", "Heroes", "Henchmen"]
    assert editor.tree.add_force_button.text() == "Añadir fuerza…"
    assert editor.tree.model.headerData(1, Qt.Orientation.Horizontal) == "Cantidad"
    assert editor.tree.model.headerData(2, Qt.Orientation.Horizontal) == "Gold Crowns"
    captain = force.selections[0]
    editor.select(captain)
    assert editor.options.title.text() == "Opciones de Captain"
    html = editor.info.browser.toPlainText()
    assert "Reglas" in html and "Warriors within 6\" of the leader" in html
    stack.push(SetCountCommand(doc, captain, 2))
    assert "✖ 2 errores" in editor.header.verdict.text()
    messages = sorted(f.message for f in editor.findings.model.findings)
    assert messages == MESSAGES
    assert editor.findings.model.data(editor.findings.model.index(0, 0),
                                      Qt.ItemDataRole.ToolTipRole) == \
        "Error: hace ilegal la lista"
