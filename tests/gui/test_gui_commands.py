"""Every undo command: done, undone and redone, with the document checked each time."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtGui import QUndoCommand, QUndoStack

from builder.data import Catalogue
from builder.gui.commands import (
    AddEntryCommand,
    RemoveEntriesCommand,
    SetCountCommand,
    SetFactionCommand,
    SetNameCommand,
    SetNotesCommand,
    SetPointsLimitCommand,
)
from builder.gui.document import WarbandDocument
from builder.model import Entry, Warband


def entries(doc: WarbandDocument) -> list[tuple[str, int]]:
    return [(e.combatant, e.count) for e in doc.entries]


@pytest.fixture
def doc(qapp: object, catalogue: Catalogue) -> WarbandDocument:
    warband = Warband(name="Start", faction="test-faction", points_limit=300,
                      entries=[Entry(combatant="test-leader", count=1),
                               Entry(combatant="test-messenger", count=2)])
    d = WarbandDocument(catalogue)
    d.replace(warband)
    return d


def snapshot(doc: WarbandDocument) -> dict[str, object]:
    return doc.warband.to_data()


CASES: list[tuple[str, Callable[[WarbandDocument], QUndoCommand],
                  Callable[[WarbandDocument], None]]] = [
    ("add", lambda d: AddEntryCommand(d, Entry(combatant="test-avatar", count=1)),
     lambda d: entries(d) == [("test-leader", 1), ("test-messenger", 2), ("test-avatar", 1)]),
    ("add-at-row", lambda d: AddEntryCommand(d, Entry(combatant="test-hero", count=2), row=0),
     lambda d: entries(d)[0] == ("test-hero", 2) and len(d.entries) == 3),
    ("remove-one", lambda d: RemoveEntriesCommand(d, [0]),
     lambda d: entries(d) == [("test-messenger", 2)]),
    ("remove-all", lambda d: RemoveEntriesCommand(d, [1, 0]),
     lambda d: entries(d) == []),
    ("count", lambda d: SetCountCommand(d, 1, 4),
     lambda d: entries(d) == [("test-leader", 1), ("test-messenger", 4)]),
    ("name", lambda d: SetNameCommand(d, "Renamed"),
     lambda d: d.warband.name == "Renamed"),
    ("limit", lambda d: SetPointsLimitCommand(d, 150),
     lambda d: d.warband.points_limit == 150 and d.report.points_limit == 150),
    ("no-limit", lambda d: SetPointsLimitCommand(d, None),
     lambda d: d.warband.points_limit is None),
    ("notes", lambda d: SetNotesCommand(d, "bring dice"),
     lambda d: d.warband.notes == "bring dice"),
    # Soimi has neither test combatant: both entries go with the change (undo restores them)
    ("faction", lambda d: SetFactionCommand(d, "soimi"),
     lambda d: d.warband.faction == "soimi"
     and "unknown-combatant" not in {f.rule for f in d.report.findings}
     and entries(d) == []),
]


@pytest.mark.parametrize("name,make,check", CASES, ids=[c[0] for c in CASES])
def test_do_undo_redo(doc: WarbandDocument, name: str,
                      make: Callable[[WarbandDocument], QUndoCommand],
                      check: Callable[[WarbandDocument], bool]) -> None:
    stack = QUndoStack()
    before = snapshot(doc)
    report_before = doc.report
    stack.push(make(doc))
    assert check(doc), "done"
    after = snapshot(doc)
    assert after != before
    stack.undo()
    assert snapshot(doc) == before, "undone"
    assert doc.report.findings == report_before.findings
    stack.redo()
    assert snapshot(doc) == after, "redone"
    assert check(doc)
    stack.undo()
    assert snapshot(doc) == before


def test_count_steps_merge_into_one_undo_step(doc: WarbandDocument) -> None:
    stack = QUndoStack()
    for count in (3, 4, 5):
        stack.push(SetCountCommand(doc, 1, count))
    assert stack.count() == 1
    assert doc.entry(1).count == 5
    stack.undo()
    assert doc.entry(1).count == 2


def test_count_steps_back_to_start_leave_nothing_to_undo(doc: WarbandDocument) -> None:
    stack = QUndoStack()
    stack.push(SetCountCommand(doc, 1, 3))
    stack.push(SetCountCommand(doc, 1, 2))
    assert stack.count() == 0
    assert stack.isClean()


def test_counts_of_different_entries_or_adds_do_not_merge(doc: WarbandDocument) -> None:
    stack = QUndoStack()
    stack.push(SetCountCommand(doc, 1, 3))
    stack.push(SetCountCommand(doc, 0, 2))
    stack.push(SetCountCommand(doc, 0, 3, merge=False))  # "one more" is its own step
    assert stack.count() == 3


def test_typing_a_name_is_one_undo_step(doc: WarbandDocument) -> None:
    stack = QUndoStack()
    for text in ("S", "St", "Sta", "Star"):
        stack.push(SetNameCommand(doc, text))
    assert stack.count() == 1
    stack.undo()
    assert doc.warband.name == "Start"


def test_faction_changes_never_merge(doc: WarbandDocument) -> None:
    stack = QUndoStack()
    stack.push(SetFactionCommand(doc, "soimi"))
    stack.push(SetFactionCommand(doc, "test-faction"))
    assert stack.count() == 2


def test_document_refuses_bad_values(doc: WarbandDocument) -> None:
    with pytest.raises(ValueError):
        doc.set_count(0, 0)
    with pytest.raises(ValueError):
        doc.set_name("  ")
    with pytest.raises(ValueError):
        doc.set_points_limit(-1)


def test_every_change_revalidates(doc: WarbandDocument, qtbot: object) -> None:
    reports = []
    doc.validated.connect(reports.append)
    doc.set_count(1, 3)  # 3 messengers, the leader's MAN is 2
    assert reports and not reports[-1].legal
    assert [f.rule for f in reports[-1].findings] == ["messenger-limit"]
    doc.set_count(1, 2)
    assert reports[-1].legal


def test_signals_frame_row_changes(doc: WarbandDocument) -> None:
    seen: list[tuple[str, int]] = []
    doc.entry_inserting.connect(lambda r: seen.append(("inserting", r)))
    doc.entry_inserted.connect(lambda r: seen.append(("inserted", r)))
    doc.entry_removing.connect(lambda r: seen.append(("removing", r)))
    doc.entry_removed.connect(lambda r: seen.append(("removed", r)))
    doc.entry_changed.connect(lambda r: seen.append(("changed", r)))
    doc.insert_entry(99, Entry(combatant="test-hero", count=1))  # clamped to the end
    doc.set_count(2, 1)  # unchanged: no signal
    doc.set_count(2, 2)
    doc.remove_entry(0)
    assert seen == [("inserting", 2), ("inserted", 2), ("changed", 2), ("removing", 0),
                    ("removed", 0)]


def test_replace_copies_and_rows_for_finds_every_entry(doc: WarbandDocument,
                                                       catalogue: Catalogue) -> None:
    original = Warband(name="Split", faction="test-faction",
                       entries=[Entry(combatant="test-messenger", count=1),
                                Entry(combatant="test-leader", count=1),
                                Entry(combatant="test-messenger", count=2)])
    doc.replace(original)
    doc.set_count(0, 3)
    assert original.entries[0].count == 1  # the caller's warband is not edited
    assert doc.rows_for(("test-messenger",)) == [0, 2]
    assert doc.row_of("test-messenger") == 0 and doc.row_of("nobody") is None
    # A cap counts the total over entries: 5 messengers, the leader's MAN allows 2.
    assert [f.rule for f in doc.report.findings] == ["messenger-limit"]


def test_new_catalogue_revalidates(doc: WarbandDocument) -> None:
    resets: list[bool] = []
    doc.was_reset.connect(lambda: resets.append(True))
    doc.set_catalogue(Catalogue.load(user=False))  # without the test faction
    assert resets
    assert [f.rule for f in doc.report.findings] == ["unknown-faction"]
    assert doc.combatant(0) is None


def test_count_edits_keep_the_report_a_fresh_validation_gives(doc: WarbandDocument,
                                                              monkeypatch) -> None:
    """A count edit moves the last report on (issue 15) instead of validating again: through
    edits, undo and a switch to an event and back, the report is always a fresh one's."""
    import builder.rules.engine as engine
    from builder.rules import validate

    monkeypatch.setattr(engine, "_LONG", 0)  # the small test list takes the long lists' way
    stack = QUndoStack()
    doc.insert_entry(2, Entry(combatant="test-messenger", count=1))  # one combatant, two rows
    for row, count in [(1, 3), (2, 4), (0, 2), (1, 1), (2, 1), (0, 1)]:
        stack.push(SetCountCommand(doc, row, count))
        assert doc.report == validate(doc.warband, doc.faction)
    while stack.canUndo():
        stack.undo()
        assert doc.report == validate(doc.warband, doc.faction)
    assert [f.rule for f in doc.report.findings] == ["messenger-limit"]  # 3 of 2 allowed
