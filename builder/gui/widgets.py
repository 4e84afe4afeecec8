"""Small widgets of the main window: the catalogue tree, the count spin box, a chooser."""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QFontMetricsF, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QInputDialog,
    QSpinBox,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
    QWidget,
)

from builder.model import base

MAX_COUNT = base.MAX_COUNT  # the count spin box holds every count a list may hold
Index = QModelIndex | QPersistentModelIndex


def fit_column(view: QAbstractItemView, column: int, texts: Iterable[object]) -> None:
    """Size a fixed column to its widest text and its header, as resizing to contents would,
    but from the given texts: no row is measured through the view (a big table stays fast)."""
    header = view.header() if isinstance(view, QTreeView) else view.horizontalHeader()  # type: ignore[attr-defined]
    fm, locale = QFontMetricsF(view.font()), view.locale()
    shown = {locale.toString(t) if isinstance(t, int) and not isinstance(t, bool) else str(t)
             for t in texts}  # numbers as the delegate writes them
    # in fractions of a pixel, rounded up as the delegate's text layout does (rounding each
    # text to whole pixels first left a column a pixel short: "Messeng…")
    widest = math.ceil(max((fm.horizontalAdvance(t) for t in shown), default=0))
    margin = 2 * (view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view)
                  + 1)
    width = max(widest + margin, header.sectionSizeFromContents(column).width(),
                header.minimumSectionSize())
    if header.sectionSize(column) != width:
        header.resizeSection(column, width)


class CatalogueView(QTreeView):
    """The faction's combatants; Enter or double-click asks to add the current one."""

    add_requested = Signal(QModelIndex)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("catalogue")
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.setRootIsDecorated(True)
        self.doubleClicked.connect(self._double_clicked)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self.add_requested.emit(self.currentIndex())
            event.accept()
            return
        super().keyPressEvent(event)

    def _double_clicked(self, index: QModelIndex) -> None:
        if index.parent().isValid():  # a combatant, not a group heading
            self.add_requested.emit(index)


class CountDelegate(QStyledItemDelegate):
    """A spin box for the count column that commits every step, so totals and findings follow
    the arrows live (the model turns each commit into an undo command; steps on one entry
    merge)."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,  # noqa: N802
                     index: Index) -> QWidget:
        spin = QSpinBox(parent)
        spin.setObjectName("count-editor")
        spin.setRange(1, MAX_COUNT)
        spin.setFrame(False)
        spin.setAutoFillBackground(True)  # the cell's own text must not show through
        spin.setAlignment(Qt.AlignmentFlag.AlignRight)
        spin.valueChanged.connect(lambda _v, s=spin: self.commitData.emit(s))
        return spin

    def setEditorData(self, editor: QWidget, index: Index) -> None:  # noqa: N802
        assert isinstance(editor, QSpinBox)
        value = int(index.data(Qt.ItemDataRole.EditRole) or 1)
        if editor.value() != value:
            editor.blockSignals(True)
            editor.setValue(value)
            editor.blockSignals(False)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,  # noqa: N802
                     index: Index) -> None:
        assert isinstance(editor, QSpinBox)
        editor.interpretText()
        model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)


def choose_from(parent: QWidget | None, title: str, text: str, choices: list[tuple[str, str]],
                current: str | None = None) -> str | None:
    """One of (answer, label) picked from a drop-down, ``current`` preselected; None when the
    dialog is cancelled."""
    labels = [label for _answer, label in choices]
    start = next((i for i, (answer, _l) in enumerate(choices) if answer == current), 0)
    label, ok = QInputDialog.getItem(parent, title, text, labels, start, False)
    if not ok:
        return None
    return next((answer for answer, shown in choices if shown == label), None)
