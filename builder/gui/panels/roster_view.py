"""The roster's view: entries under their type headings, counts edited from the keyboard."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QAbstractItemDelegate, QAbstractItemView, QTreeView, QWidget

from builder.gui.panels.roster_groups import RosterGroups
from builder.gui.panels.roster_model import COUNT
from builder.gui.widgets import settle

Index = QModelIndex | QPersistentModelIndex
Trigger = QAbstractItemView.EditTrigger
Move = QAbstractItemView.CursorAction

_DOWNWARDS = (Move.MoveDown, Move.MovePageDown, Move.MoveHome, Move.MoveEnd)


class RosterView(QTreeView):
    """A tree of one level: headings (not selectable) and the entries under them, always
    expanded, every row the same height (a long list lays out and paints without asking
    each row its size).

    F2 or a double-click on any cell of an entry edits its count (the model names the Count
    cell as every cell's buddy); while a count is being edited, Tab and Shift+Tab go to the
    next and previous entry's count, over the headings. The arrow keys step over headings
    too, so the current row is always an entry when moved by keyboard.
    """

    def __init__(self, model: RosterGroups, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("roster")
        self.setUniformRowHeights(True)
        self.setRootIsDecorated(False)
        self.setItemsExpandable(False)
        self.setExpandsOnDoubleClick(False)
        self.setAllColumnsShowFocus(True)
        self.setIndentation(self.fontMetrics().averageCharWidth() * 2)
        self.setModel(model)
        self.groups = model
        model.rowsInserted.connect(self._expand_new)
        model.modelAboutToBeReset.connect(self._close_editors)
        model.modelReset.connect(self.expandAll)
        self.expandAll()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        settle(self)  # (painted once per step of a window's resizing, not twice)

    def _close_editors(self) -> None:
        """A count being edited when every row goes (another list opened, the faction data
        reloaded) is closed while its row still exists: the spin box has committed each step
        already, and closed later it would try to commit to a row that is gone."""
        for editor in self.viewport().findChildren(QWidget, "count-editor"):
            if editor.isVisible():
                self.closeEditor(editor, QAbstractItemDelegate.EndEditHint.NoHint)

    def _expand_new(self, parent: QModelIndex, first: int, last: int) -> None:
        if not parent.isValid():  # a new heading: its entries show at once
            for row in range(first, last + 1):
                self.setExpanded(self.groups.index(row, 0), True)

    # -- editing the count from any cell -------------------------------------------------

    def edit(self, index: Index, trigger: Trigger = Trigger.AllEditTriggers,  # type: ignore[override]
             event: QEvent | None = None) -> bool:
        """A click on a selected row edits the count only on the Count cell itself (a second
        click elsewhere on the row is not taken as a wish to type a number); F2 and
        double-clicks edit it from any cell (the model's buddy)."""
        if trigger == Trigger.SelectedClicked and index.column() != COUNT:
            return False
        return super().edit(index, trigger, event)  # type: ignore[arg-type, call-arg]

    def moveCursor(self, action: Move,  # noqa: N802 (Qt override)
                   modifiers: Qt.KeyboardModifier) -> QModelIndex:
        current = self.currentIndex()
        if action in (Move.MoveNext, Move.MovePrevious):  # Tab / Shift+Tab in the count editor
            step = self.indexBelow if action == Move.MoveNext else self.indexAbove
            index = step(current)
            while index.isValid() and self.groups.is_heading(index):
                index = step(index)
            return index.siblingAtColumn(COUNT) if index.isValid() else QModelIndex()
        index = super().moveCursor(action, modifiers)
        if not self.groups.is_heading(index):
            return index
        if action in (Move.MoveLeft, Move.MoveRight):  # not to the heading of the entry
            return current
        heading = index
        if action in _DOWNWARDS:
            below = self.indexBelow(heading)
            return below if below.isValid() else current
        self.scrollTo(heading)  # going up past a heading still shows it
        above = self.indexAbove(heading)
        while above.isValid() and self.groups.is_heading(above):
            above = self.indexAbove(above)
        return above if above.isValid() else current
