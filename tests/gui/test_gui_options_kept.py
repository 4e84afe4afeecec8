"""A list's options and picks (SPEC §9) survive the app's edits until the app can edit them:
opening, changing a count, removing and undoing never drop what an entry took."""

from __future__ import annotations

from PySide6.QtGui import QUndoStack

from builder.data import Catalogue
from builder.gui.commands import AddEntryCommand, RemoveEntriesCommand, SetCountCommand
from builder.gui.document import WarbandDocument
from builder.model import Entry, Warband


def test_edits_keep_each_entrys_options_and_the_picks(qapp: object,
                                                      catalogue: Catalogue) -> None:
    warband = Warband(name="Start", faction="test-faction", picks=["test-relic"],
                      entries=[Entry(combatant="test-leader", count=1,
                                     options={"test-banner": 1}),
                               Entry(combatant="test-messenger", count=2,
                                     options={"test-drill": 2})])
    doc = WarbandDocument(catalogue)
    doc.replace(warband)
    before = doc.warband.to_data()
    assert before["picks"] == ["test-relic"]
    stack = QUndoStack()
    stack.push(SetCountCommand(doc, 1, 3))
    assert doc.warband.entries[1].options == {"test-drill": 2}
    stack.push(RemoveEntriesCommand(doc, [0]))
    stack.push(AddEntryCommand(doc, Entry(combatant="test-hero", options={"test-x": 1})))
    stack.undo()
    stack.undo()
    stack.undo()
    assert doc.warband.to_data() == before
    for _step in range(3):
        stack.redo()
    assert doc.warband.entries[-1].options == {"test-x": 1}
