"""The catalogue's table: one row a combatant, tips that follow the mouse, fitted columns."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QHelpEvent, QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QToolTip,
    QWidget,
)

from builder.gui.widgets import settle


class CatalogueView(QTableView):
    """The faction's combatants under their type headings; Enter or double-click asks to add
    the current one. A table: its layout does not grow with its rows, so a keystroke in the
    filter over 5,000 combatants costs what the rows on screen cost. Tooltips are made when
    asked (:attr:`tooltip_for`)."""

    add_requested = Signal(QModelIndex)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("catalogue")
        self.setShowGrid(False)
        self.setWordWrap(False)
        self.setAlternatingRowColors(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # in the middle: names that differ at the end ("Warrior (sword)", "… (spear)") stay
        # told apart; the whole name is in the tooltip
        self.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setDefaultDropAction(Qt.DropAction.CopyAction)
        rows = self.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 6)
        columns = self.horizontalHeader()
        columns.setHighlightSections(False)
        columns.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.doubleClicked.connect(self._double_clicked)
        self.tooltip_for: Callable[[QModelIndex], str] | None = None
        self.placeholder = QLabel(self.viewport())
        self.placeholder.setObjectName("catalogue-placeholder")
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setTextFormat(Qt.TextFormat.PlainText)  # it quotes what was typed
        self.placeholder.setWordWrap(True)
        self.placeholder.setEnabled(False)  # drawn in the palette's disabled text colour
        self.placeholder.hide()

    def span_headings(self, rows: Iterable[int]) -> None:
        """Each type heading across the whole row: "Messengers (12)" is never cut to fit the
        name column. (A table keeps spans by row number: set again when rows come and go.)"""
        self.clearSpans()
        columns = self.model().columnCount()
        for row in rows:
            self.setSpan(row, 0, 1, columns)

    def lay_out_now(self) -> None:
        """Lay the rows out at once, and what follows from it (:func:`settle`): after rows come
        and go the table is painted once, in this pass. (The view lays rows out on a
        zero-delay timer, which painted them again in the next pass: a second full repaint of
        the table, 4-5 ms at 5,000 combatants.)"""
        self.executeDelayedItemsLayout()
        settle(self)

    def show_placeholder(self, text: str) -> None:
        """A sentence in the middle of the empty table ("No combatant matches …"); "" hides
        it."""
        self.placeholder.setText(text)
        self.placeholder.setVisible(bool(text))
        self._place_placeholder()

    def _place_placeholder(self) -> None:
        area = self.viewport().rect().adjusted(12, 12, -12, -12)
        self.placeholder.setGeometry(area.x(), area.y(), area.width(),
                                     max(self.placeholder.sizeHint().height(), area.height() // 2))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._place_placeholder()

    # -- tooltips, keys, clicks

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.ToolTip and self.tooltip_for is not None:
            assert isinstance(event, QHelpEvent)
            index = self.indexAt(event.pos())
            text = self.tooltip_for(index) if index.isValid() else ""
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport(),
                                  self.visualRect(index))
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self.add_requested.emit(self.currentIndex())
            event.accept()
            return
        super().keyPressEvent(event)

    def _double_clicked(self, index: QModelIndex) -> None:
        if index.flags() & Qt.ItemFlag.ItemIsSelectable:  # a combatant, not a heading
            self.add_requested.emit(index)
