"""The roster as a tree (issue 39 item 3): forces, their categories with the selections under
them, children and counts and costs; after each edit only what changed is told, so what the
user expanded and selected stays (the model checked by Qt's own model tester)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QUndoStack

from builder.gui.roster.commands import RenameCommand, SelectCommand, SetCountCommand
from builder.gui.roster.document import RosterDocument
from builder.gui.roster.outline import COUNT, NAME, OBJECT_ROLE, SEVERITY_ROLE, RosterOutline


def rows(model: RosterOutline, parent: QModelIndex = QModelIndex(), depth: int = 0  # noqa: B008
         ) -> list[str]:
    found = []
    for row in range(model.rowCount(parent)):
        index = model.index(row, NAME, parent)
        count = model.index(row, COUNT, parent).data()
        costs = [model.index(row, c, parent).data() for c in range(2, model.columnCount())]
        found.append("  " * depth + f"{index.data()} {count} {costs}".replace(" '' ", " "))
        found.extend(rows(model, index, depth + 1))
    return found


def test_the_tree_of_a_roster(new_roster: Callable[..., Any], qtmodeltester: Any) -> None:
    doc = RosterDocument(new_roster())
    stack = QUndoStack()
    model = RosterOutline(doc, stack)
    qtmodeltester.check(model)
    force = doc.roster.forces[0]
    for entry in ("tm-warriors", "tm-champion"):
        stack.push(SelectCommand(doc, force, entry, entry))
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(4)] == [
        "Name", "Count", "Gold Crowns", "Warband Rating"]
    assert rows(model) == [
        "Warband  ['120', '37']",
        "  Leader  ['60', '20']",
        "    Captain 1 ['60', '20']",
        "      Dagger 1 ['0', '0']",
        "  Heroes  ['35', '12']",
        "    Champion 1 ['35', '12']",
        "      Dagger 1 ['0', '0']",
        "  Henchmen  ['25', '5']",
        "    Warriors 1 ['25', '5']",
        "      Warrior 1 ['25', '5']",
        "        Dagger 1 ['0', '0']"]
    qtmodeltester.check(model)


def test_edits_keep_the_rows_that_stay(new_roster: Callable[..., Any]) -> None:
    doc = RosterDocument(new_roster())
    stack = QUndoStack()
    model = RosterOutline(doc, stack)
    force = doc.roster.forces[0]
    captain = force.selections[0]
    held = QPersistentModelIndex(model.index_of(captain))
    resets: list[int] = []
    model.modelReset.connect(lambda: resets.append(1))
    stack.push(SelectCommand(doc, force, "tm-champion", "Champion"))
    stack.push(SelectCommand(doc, force, "tm-youngblood", "Youngblood"))
    champion = force.selections[1]
    assert held.isValid() and held.data(OBJECT_ROLE) is captain
    # a name of its own: the same row says it (selections sort by their entries' names)
    moved = QPersistentModelIndex(model.index_of(champion))
    stack.push(RenameCommand(doc, champion, "Zed"))
    assert moved.isValid() and moved.data() == "Zed" and moved.row() == 0
    stack.undo()
    assert moved.data() == "Champion"
    # rows that change places are moved, not made again (two selections of one entry sort
    # by when they were chosen)
    second = SelectCommand(doc, force, "tm-champion", "Champion")
    stack.push(second)
    assert second.made is not None and model.index_of(second.made).row() == 1
    champion.seq, second.made.seq = second.made.seq, champion.seq
    doc.roster.changed()
    model.follow()
    assert moved.isValid() and moved.row() == 1 and moved.data(OBJECT_ROLE) is champion
    stack.undo()
    # a count typed in place is an undo step; the row's costs follow
    stack.push(SelectCommand(doc, force, "tm-warriors", "Warriors"))
    warrior = force.selections[3].children[0]
    index = model.index_of(warrior, COUNT)
    assert model.flags(index) & Qt.ItemFlag.ItemIsEditable
    assert model.setData(index, 6) and warrior.amount == 6
    assert isinstance(stack.command(stack.count() - 1), SetCountCommand)
    assert model.index_of(warrior, 2).data() == "150"
    assert model.index_of(warrior).data(SEVERITY_ROLE) == "error"  # at most 5 Warriors
    assert not model.setData(model.index_of(warrior, COUNT), 0)  # (Remove takes it out)
    stack.undo()
    assert model.index_of(warrior).data(SEVERITY_ROLE) is None
    assert resets == [] and held.isValid()
