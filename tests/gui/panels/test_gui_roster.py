"""The roster grouped by type (issue 14.3), edited from the keyboard (14.8), and what a count
edit signals (issue 15: the view repaints a row and its heading, nothing is laid out again)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import (
    QModelIndex,
    QModelRoleData,
    QModelRoleDataSpan,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFontMetricsF, QIcon, QUndoStack
from PySide6.QtWidgets import QApplication, QSpinBox, QTreeView

from builder.data import Catalogue
from builder.gui.document import WarbandDocument
from builder.gui.panels.roster_groups import GROUP_ROLE, RosterGroups
from builder.gui.panels.roster_model import (
    COUNT,
    NAME,
    PE,
    SUBTOTAL,
    TYPE,
    RosterModel,
    add_combatant,
)
from builder.model import Entry, Warband
from tests.gui.conftest import paints_after

DISPLAY = Qt.ItemDataRole.DisplayRole


def mixed_list() -> Warband:
    """Entries in the order a player added them, not in the game's type order."""
    return Warband(name="Mixed", faction="test-faction", points_limit=400, entries=[
        Entry(combatant="test-squaddie", count=3),   # troop
        Entry(combatant="test-messenger", count=2),  # messenger
        Entry(combatant="test-leader", count=1),     # leader
        Entry(combatant="ghost", count=2),           # not in the data
        Entry(combatant="test-hero", count=1),       # troop
    ])


@pytest.fixture
def grouped(qapp: object, catalogue: Catalogue) -> tuple[RosterGroups, QUndoStack]:
    doc = WarbandDocument(catalogue)
    doc.replace(mixed_list())
    stack = QUndoStack()
    return RosterGroups(RosterModel(doc, stack)), stack


def headings(model: RosterGroups) -> list[list[Any]]:
    """Each heading's name, models and points, then its entries' names and counts."""
    out = []
    for g in range(model.rowCount()):
        head = model.index(g, 0)
        out.append([head.data(), model.index(g, COUNT).data(), model.index(g, SUBTOTAL).data(),
                    [(model.index(r, NAME, head).data(), model.index(r, COUNT, head).data())
                     for r in range(model.rowCount(head))]])
    return out


def combatants(doc: WarbandDocument) -> list[tuple[str, int]]:
    return [(e.combatant, e.count) for e in doc.entries]


# ---------------------------------------------------------------- the grouped model


def test_entries_are_grouped_in_the_games_type_order_with_subtotals(
        grouped: tuple[RosterGroups, QUndoStack]) -> None:
    model, _stack = grouped
    assert headings(model) == [
        ["Leaders", 1, 100, [("Test Leader, the tester", 1)]],
        ["Messengers", 2, 60, [("Test Messenger", 2)]],
        ["Troops", 4, 120, [("Test Squaddie", 3), ("Test Hero", 1)]],  # in the order added
        ["Unknown combatants", 2, 0, [("ghost (unknown combatant)", 2)]],  # last, on its own
    ]
    head = model.index(2, 0)
    assert model.index(2, 0).data(GROUP_ROLE) == "troop"
    assert model.index(3, 0).data(GROUP_ROLE) == ""
    assert "4 models, 120 PE" in model.index(2, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert model.index(0, PE).data() is None and model.index(0, TYPE).data() is None
    # a heading is shown, never selected or edited; an entry's Count cell is edited from any
    # of its cells (F2, double-click)
    assert not model.flags(head) & Qt.ItemFlag.ItemIsSelectable
    assert not model.flags(model.index(2, COUNT)) & Qt.ItemFlag.ItemIsEditable
    hero = model.index(1, NAME, head)
    assert model.flags(hero) & Qt.ItemFlag.ItemIsSelectable
    assert model.buddy(hero) == model.index(1, COUNT, head)
    assert model.entry_of(hero) == 4 and model.entry_of(head) == -1
    assert model.index_of_entry(4) == hero
    # the document keeps the order the entries were added in: the saved file does not change
    doc = model.source.doc
    assert [e.combatant for e in doc.entries] == ["test-squaddie", "test-messenger",
                                                  "test-leader", "ghost", "test-hero"]


def test_grouped_roster_passes_qt_model_tester(grouped: tuple[RosterGroups, QUndoStack],
                                               qtmodeltester: Any) -> None:
    model, stack = grouped
    qtmodeltester.check(model)
    doc = model.source.doc
    add_combatant(doc, stack, "test-avatar")  # a new heading between two others
    add_combatant(doc, stack, "test-squaddie")
    model.source.setData(model.source.index(0, COUNT), 7)
    stack.undo()
    stack.undo()
    stack.undo()  # the avatar's heading goes again
    stack.redo()
    doc.remove_entry(2)  # the only leader: its heading goes
    doc.set_faction("soimi")  # every entry unknown: one group
    assert headings(model)[0][0] == "Unknown combatants" and model.rowCount() == 1


ROLES = [Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole, Qt.ItemDataRole.FontRole,
         Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.ForegroundRole,
         Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.DecorationRole,
         Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.CheckStateRole, GROUP_ROLE]


def test_a_painted_cell_reads_what_data_gives_in_one_call(
        qtbot: Any, grouped: tuple[RosterGroups, QUndoStack]) -> None:
    """The view asks for all of a cell's roles at once (multiData, issue 15: one call into
    Python per painted cell, not one per role); the answers are data()'s, role by role, for
    headings, entries and the unknown combatant alike."""
    model, _stack = grouped
    for g in range(model.rowCount()):
        head = model.index(g, 0)
        cells = [model.index(g, c) for c in range(model.columnCount())]
        cells += [model.index(r, c, head) for r in range(model.rowCount(head))
                  for c in range(model.columnCount())]
        for index in cells:
            for role in ROLES:
                asked = QModelRoleData(role)
                model.multiData(index, QModelRoleDataSpan(asked))
                got, want = asked.data(), index.data(role)
                if isinstance(want, QIcon):  # (icons compare by what they draw)
                    got, want = got.cacheKey(), want.cacheKey()
                assert got == want, (index.row(), index.column(), role)
    # the view paints through it: every visible cell in one call each
    calls: list[tuple[int, int]] = []

    class Counting(RosterGroups):
        def multiData(self, index: Any, span: Any) -> None:  # noqa: N802
            calls.append((index.row(), index.column()))
            super().multiData(index, span)

        def data(self, index: Any, role: int = DISPLAY) -> object:
            one_role.append(role)
            return super().data(index, role)

    one_role: list[int] = []
    counting = Counting(model.source)
    view = QTreeView()
    qtbot.addWidget(view)
    view.setModel(counting)
    view.expandAll()
    view.resize(600, 400)
    view.show()
    qtbot.waitExposed(view)
    calls.clear()
    one_role.clear()
    view.viewport().grab()  # painted as on screen
    shown = counting.rowCount() + sum(counting.rowCount(counting.index(g, 0))
                                      for g in range(counting.rowCount()))
    assert len(calls) >= shown  # headings and entries, through one call per cell
    assert one_role == []  # not a call per role


def test_adding_the_first_of_a_type_inserts_its_heading_in_place(
        grouped: tuple[RosterGroups, QUndoStack]) -> None:
    model, stack = grouped
    hero = QPersistentModelIndex(model.index_of_entry(4))
    inserted: list[tuple[bool, int]] = []
    model.rowsInserted.connect(lambda parent, first, _l: inserted.append((parent.isValid(),
                                                                          first)))
    resets: list[bool] = []
    model.modelReset.connect(lambda: resets.append(True))
    assert add_combatant(model.source.doc, stack, "test-avatar") == 5  # appended to the file
    assert inserted == [(False, 1)]  # a heading, after Leaders and before Messengers
    assert headings(model)[1] == ["Avatars", 1, 80, [("Test Avatar", 1)]]
    add_combatant(model.source.doc, stack, "test-messenger")  # one more in its entry
    add_combatant(model.source.doc, stack, "ghost-two")
    assert inserted[-1] == (True, 1)  # an entry under the unknown heading
    assert not resets
    assert model.entry_of(hero) == 4 and hero.data() == "Test Hero"  # still the hero
    stack.undo()
    stack.undo()
    stack.undo()
    assert headings(model)[1][0] == "Messengers" and model.entry_of(hero) == 4


def test_a_count_edit_repaints_its_row_and_heading_only(
        grouped: tuple[RosterGroups, QUndoStack]) -> None:
    model, _stack = grouped
    changed: list[tuple[int, int, int, int, bool]] = []

    def record(top: QModelIndex, bottom: QModelIndex, roles: list[int]) -> None:
        if DISPLAY in roles:  # (the error marks of the names follow the findings too)
            changed.append((top.row(), top.column(), bottom.row(), bottom.column(),
                            model.is_heading(top)))

    layouts: list[bool] = []
    model.dataChanged.connect(record)
    model.layoutChanged.connect(lambda *_: layouts.append(True))
    model.modelReset.connect(lambda: layouts.append(True))
    squaddie = model.index_of_entry(0, COUNT)
    assert model.setData(squaddie, 5)
    assert model.source.doc.entry(0).count == 5
    assert changed == [(0, NAME, 0, SUBTOTAL, False),  # the squaddie's row
                       (2, COUNT, 2, SUBTOTAL, True)]  # the Troops heading's numbers
    assert not layouts
    assert headings(model)[2][:3] == ["Troops", 6, 160]


def test_removing_the_last_of_a_type_removes_its_heading(
        grouped: tuple[RosterGroups, QUndoStack]) -> None:
    model, stack = grouped
    from builder.gui.commands import RemoveEntriesCommand

    stack.push(RemoveEntriesCommand(model.source.doc, [1, 2]))  # the messenger and leader
    assert [h[0] for h in headings(model)] == ["Troops", "Unknown combatants"]
    assert model.entry_of(model.index(0, 0, model.index(0, 0))) == 0  # rows follow the file
    stack.undo()
    assert [h[0] for h in headings(model)] == ["Leaders", "Messengers", "Troops",
                                                "Unknown combatants"]


# ---------------------------------------------------------------- in the window


@pytest.fixture
def mixed(window: Any) -> Any:
    window.doc.replace(mixed_list())
    window.stack.clear()
    return window


def shown_names(window: Any) -> list[str]:
    """Every row of the roster as the user reads it from the top."""
    view, out = window.roster.view, []
    index = view.model().index(0, 0)
    while index.isValid():
        out.append(index.data())
        index = view.indexBelow(index)
    return out


def test_the_window_shows_the_roster_grouped(mixed: Any) -> None:
    assert shown_names(mixed) == ["Leaders", "Test Leader, the tester", "Messengers",
                                  "Test Messenger", "Troops", "Test Squaddie", "Test Hero",
                                  "Unknown combatants", "ghost (unknown combatant)"]
    view = mixed.roster.view
    assert view.uniformRowHeights()
    # the subtotal column fits the widest group total, and the type column its names
    fm = QFontMetricsF(view.font())
    assert view.header().sectionSize(TYPE) > fm.horizontalAdvance("Messenger")


def test_selection_follows_entries_through_edits(qtbot: Any, mixed: Any) -> None:
    mixed.roster.select_row(4)  # the hero, shown under Troops
    assert mixed.selected_rows() == [4]
    assert mixed.profile_panel.profile.toPlainText().startswith("Test Hero")
    mixed.add_combatant("test-avatar")  # a new heading above: selects the avatar
    assert mixed.selected_rows() == [5]
    mixed.roster.select_row(4)
    mixed.roster.model.setData(mixed.roster.model.index(0, COUNT), 4)  # another troop's count
    assert mixed.selected_rows() == [4]
    mixed.stack.undo()
    mixed.stack.undo()  # the avatar goes, and its heading
    assert mixed.selected_rows() == [4]
    mixed.select_finding(mixed.findings.model.index(0))  # the unknown combatant
    assert mixed.selected_rows() == [3]


def test_remove_selects_the_entry_shown_next(qtbot: Any, mixed: Any) -> None:
    mixed.roster.select_row(1)  # the messenger; next on screen is the squaddie (entry 0)
    mixed.remove_selected()
    assert combatants(mixed.doc)[0] == ("test-squaddie", 3)
    assert mixed.selected_rows() == [0]
    mixed.roster.select_rows([3])  # the hero (entry 3 now), last of the troops
    mixed.remove_selected()
    assert mixed.selected_rows() == [2]  # the unknown entry, shown below the troops
    mixed.remove_selected()
    assert mixed.selected_rows() == [0]  # nothing below: the squaddie, shown above


def test_arrow_keys_step_over_headings(qtbot: Any, mixed: Any) -> None:
    view = mixed.roster.view
    view.setFocus()
    mixed.roster.select_first()
    assert mixed.selected_rows() == [2]  # the leader, shown first
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert mixed.selected_rows() == [1]  # over "Messengers" to the messenger
    qtbot.keyClick(view, Qt.Key.Key_Up)
    assert mixed.selected_rows() == [2]
    qtbot.keyClick(view, Qt.Key.Key_Up)  # nothing above but the first heading
    assert mixed.selected_rows() == [2]
    qtbot.keyClick(view, Qt.Key.Key_End)
    assert mixed.selected_rows() == [3]
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert mixed.selected_rows() == [2]


def count_editor(window: Any) -> QSpinBox | None:
    """The count editor open now (a closed one lingers, hidden, until deleted)."""
    return next((spin for spin in window.roster.view.findChildren(QSpinBox, "count-editor")
                 if spin.isVisible()), None)


def test_f2_and_double_click_on_any_cell_edit_the_count(qtbot: Any, mixed: Any) -> None:
    view = mixed.roster.view
    view.setFocus()
    mixed.roster.select_row(0)  # the squaddie, its Name cell current
    assert view.currentIndex().column() == NAME
    qtbot.keyClick(view, Qt.Key.Key_F2)
    spin = count_editor(mixed)
    assert spin is not None and spin.value() == 3
    assert view.visualRect(view.currentIndex().siblingAtColumn(COUNT)).intersects(
        spin.geometry())  # over the Count cell
    spin.setValue(6)
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert combatants(mixed.doc)[0] == ("test-squaddie", 6)
    qtbot.waitUntil(lambda: count_editor(mixed) is None, timeout=2000)

    rect = view.visualRect(mixed.roster.groups.index_of_entry(1, TYPE))  # the messenger
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    spin = count_editor(mixed)
    assert spin is not None and spin.value() == 2
    qtbot.keyClick(spin, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: count_editor(mixed) is None, timeout=2000)

    # a heading has no count to edit
    heading = view.model().index(0, 0)
    rect = view.visualRect(heading)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert count_editor(mixed) is None


def test_tab_goes_from_count_to_count_over_headings(qtbot: Any, mixed: Any) -> None:
    view = mixed.roster.view
    view.setFocus()
    mixed.roster.select_row(2)  # the leader, first shown
    qtbot.keyClick(view, Qt.Key.Key_F2)
    spin = count_editor(mixed)
    assert spin is not None
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), "2")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert combatants(mixed.doc)[2] == ("test-leader", 2)  # committed
    assert mixed.selected_rows() == [1]  # the messenger, under the next heading
    spin = count_editor(mixed)
    assert spin is not None and spin.value() == 2 and spin.hasFocus()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert mixed.selected_rows() == [0] and count_editor(mixed).value() == 3
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backtab,
                   Qt.KeyboardModifier.ShiftModifier)
    assert mixed.selected_rows() == [1] and count_editor(mixed).value() == 2
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert mixed.stack.count() == 1  # only the leader's count changed


def test_tab_in_notes_moves_on_and_ctrl_tab_types_a_tab(qtbot: Any, window: Any) -> None:
    notes = window.profile_panel.notes_edit
    window.activateWindow()
    notes.setFocus()
    qtbot.waitUntil(notes.hasFocus, timeout=2000)
    qtbot.keyClicks(notes, "a")
    qtbot.keyClick(notes, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(notes, "b")
    assert window.doc.warband.notes == "a\tb"
    qtbot.keyClick(notes, Qt.Key.Key_Tab)
    assert not notes.hasFocus()
    assert window.doc.warband.notes == "a\tb"


def test_a_count_being_edited_when_the_list_is_replaced_closes_quietly(
        qtbot: Any, qtlog: Any, mixed: Any) -> None:
    view = mixed.roster.view
    view.setFocus()
    mixed.roster.select_row(0)
    qtbot.keyClick(view, Qt.Key.Key_F2)
    assert count_editor(mixed) is not None
    mixed.doc.replace(mixed_list())  # e.g. another list opened from the recent files
    assert count_editor(mixed) is None
    assert not [r.message for r in qtlog.records if "does not belong" in r.message]
    assert combatants(mixed.doc)[0] == ("test-squaddie", 3)


def test_headings_speak_the_programs_language(grouped: tuple[RosterGroups, QUndoStack]) -> None:
    from builder import i18n

    model, _stack = grouped
    i18n.set_language("es")
    assert model.index(3, 0).data() == "Combatientes desconocidos"
    assert model.index(2, 0).data(Qt.ItemDataRole.ToolTipRole).endswith(
        ": 4 miniaturas, 120 PE")


def test_a_fitted_column_follows_its_texts_its_font_and_its_heading(qtbot: Any) -> None:
    """fit_column keeps what it measured (issue 15); a wider text, a bigger font or a longer
    heading still widens the column, and a narrower text narrows it again."""
    from PySide6.QtGui import QStandardItemModel

    from builder.gui.widgets import fit_column

    model = QStandardItemModel(0, 2)
    model.setHorizontalHeaderLabels(["Name", "Pts"])
    view = QTreeView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.header().setMinimumSectionSize(8)
    short = fit_column(view, 1, [9])
    wide = fit_column(view, 1, [9, 123456789])
    assert wide > short and view.header().sectionSize(1) == wide
    assert fit_column(view, 1, [9]) == short == view.header().sectionSize(1)
    font = view.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    view.setFont(font)
    assert fit_column(view, 1, [123456789]) > wide
    model.setHorizontalHeaderLabels(["Name", "Points of every model hired, in all"])
    assert fit_column(view, 1, [9]) >= view.header().sectionSizeFromContents(1).width() > short


def test_a_step_of_resizing_the_window_paints_the_roster_once(qtbot: Any, mixed: Any) -> None:
    """The stretched column follows the roster's width; Qt repainted the whole tree for it on
    a zero-delay timer, after the step's paint (about half of a resize step's time with
    200 entries)."""
    view = mixed.roster.view
    widths = []
    for step in range(4):
        paints = paints_after(view.viewport(),
                              lambda: mixed.resize(mixed.width() - 24, mixed.height()))
        widths.append(view.width())
        assert (step, paints) == (step, 1)
    assert widths == sorted(widths, reverse=True) and len(set(widths)) == 4  # it did resize
