"""Every roster edit is an undo command (issue 39 item 4): do, undo, redo, with the roster
checked each time (its whole state as plain data, its costs and findings), and later steps
still naming what they named after earlier ones were undone and redone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QUndoStack

from builder.battlescribe.engine.state import roster_state
from builder.gui.roster.commands import (
    AddForceCommand,
    DuplicateCommand,
    RemoveCommand,
    RenameCommand,
    SelectCommand,
    SetCostLimitCommand,
    SetCountCommand,
    SetNotesCommand,
)
from builder.gui.roster.document import RosterDocument


def snapshot(doc: RosterDocument) -> tuple[Any, ...]:
    report = doc.report
    return (roster_state(doc.evaluation), [(c.name, c.value, c.limit) for c in report.costs],
            [(f.severity, f.message) for f in report.findings])


def check(stack: QUndoStack, doc: RosterDocument, command: Any) -> tuple[Any, Any]:
    """Push ``command``; undo gives back the roster as it was, redo the roster as done."""
    before = snapshot(doc)
    stack.push(command)
    after = snapshot(doc)
    assert after != before
    stack.undo()
    assert snapshot(doc) == before
    stack.redo()
    assert snapshot(doc) == after
    return before, after


def make(new_roster: Callable[..., Any], qtbot: Any) -> tuple[RosterDocument, QUndoStack]:
    doc = RosterDocument(new_roster())
    return doc, QUndoStack()


def test_adding_selections_and_forces(new_roster: Callable[..., Any], qtbot: Any) -> None:
    doc, stack = make(new_roster, qtbot)
    force = doc.roster.forces[0]
    add = SelectCommand(doc, force, "tm-warriors", "Warriors")
    check(stack, doc, add)
    warriors = add.made
    assert warriors is not None and warriors in force.selections
    assert add.text() == "Add Warriors"
    # one more Warrior grows the henchmen group's model rather than making a second one
    more = SelectCommand(doc, warriors, "tm-warrior", "Warrior")
    check(stack, doc, more)
    assert more.grown == (1, 2) and warriors.children[0].amount == 2
    hired = AddForceCommand(doc, "tm-fe-hired", "tm-reavers", "Hired Swords")
    check(stack, doc, hired)
    assert [f.name for f in doc.roster.forces] == ["Warband", "Hired Swords"]
    # undo the three, redo them: the later steps still act on the objects they made
    for _ in range(3):
        stack.undo()
    assert [s.node.name for s in force.selections] == ["Captain"]
    for _ in range(3):
        stack.redo()
    assert force.selections[1] is warriors and warriors.children[0].amount == 2
    assert doc.roster.forces[1] is hired.made


def test_removing_and_duplicating(new_roster: Callable[..., Any], qtbot: Any) -> None:
    doc, stack = make(new_roster, qtbot)
    force = doc.roster.forces[0]
    stack.push(SelectCommand(doc, force, "tm-champion", "Champion"))
    captain, champion = force.selections
    dagger = champion.children[0]
    copy = DuplicateCommand(doc, champion)
    check(stack, doc, copy)
    assert copy.text() == "Duplicate Champion" and len(force.selections) == 3
    # the champion and the dagger he holds: one step, the dagger goes with him
    remove = RemoveCommand(doc, [dagger, champion, captain])
    check(stack, doc, remove)
    assert remove.text() == "Remove 2 items"
    assert force.selections == [copy.made]
    assert any("Leader" in f.message for f in doc.report.findings)  # no leader now
    stack.undo()
    assert force.selections[:2] == [captain, champion] and champion.children == [dagger]
    check(stack, doc, DuplicateCommand(doc, force))
    assert len(doc.roster.forces) == 2
    check(stack, doc, RemoveCommand(doc, [doc.roster.forces[1]]))


def test_counts_merge_into_one_step(new_roster: Callable[..., Any], qtbot: Any) -> None:
    doc, stack = make(new_roster, qtbot)
    force = doc.roster.forces[0]
    stack.push(SelectCommand(doc, force, "tm-warriors", "Warriors"))
    warrior = force.selections[1].children[0]
    before = snapshot(doc)
    for count in (2, 3, 4, 6):
        stack.push(SetCountCommand(doc, warrior, count))
    assert stack.count() == 2 and warrior.amount == 6
    assert any(f.severity == "error" for f in doc.report.findings)  # at most 5 Warriors
    stack.undo()
    assert snapshot(doc) == before and warrior.amount == 1
    stack.redo()
    assert warrior.amount == 6
    stack.push(SetCountCommand(doc, warrior, 1))  # back where it started: no step at all
    assert stack.count() == 1 and warrior.amount == 1


def test_names_notes_and_limits(new_roster: Callable[..., Any], qtbot: Any) -> None:
    doc, stack = make(new_roster, qtbot)
    captain = doc.roster.forces[0].selections[0]
    details: list[str] = []
    doc.details_changed.connect(lambda: details.append(doc.name))
    for typed in ("G", "Gr", "Grim"):
        stack.push(RenameCommand(doc, doc.roster, typed))
    assert stack.count() == 1 and doc.name == "Grim" and details[-1] == "Grim"
    stack.undo()
    assert doc.name == "Grey Reavers"
    stack.redo()
    check(stack, doc, RenameCommand(doc, captain, "Old Hans"))
    assert captain.custom_name == "Old Hans"
    check(stack, doc, SetNotesCommand(doc, captain, "Lost an eye"))
    check(stack, doc, SetCostLimitCommand(doc, "tm-gc", 50))
    assert not doc.report.legal
    steps = stack.count()
    stack.push(SetCostLimitCommand(doc, "tm-gc", None))  # the same limit edited again: one step
    assert doc.cost_limit("tm-gc") is None and stack.count() == steps
    stack.undo()
    assert doc.cost_limit("tm-gc") == 500
