"""Small widgets of the main window: the catalogue tree, the count spin box, a chooser."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import (
    QAbstractEventDispatcher,
    QAbstractItemModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimerEvent,
    Signal,
)
from PySide6.QtGui import QFontMetricsF, QHelpEvent, QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QInputDialog,
    QLabel,
    QSpinBox,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QToolTip,
    QTreeView,
    QWidget,
)

from builder.model import base

MAX_COUNT = base.MAX_COUNT  # the count spin box holds every count a list may hold
Index = QModelIndex | QPersistentModelIndex


_MAX_KEPT_TEXTS = 4096
"""Texts whose width a view keeps for fitting its columns (then measured afresh)."""


def fit_column(view: QAbstractItemView, column: int, texts: Iterable[object], *,
               header_text: bool = True) -> int:
    """Size a fixed column to its widest text and its header, as resizing to contents would,
    but from the given texts: no row is measured through the view (a big table stays fast).
    With ``header_text`` false the heading may be elided (a column of small numbers under a
    long word). Returns the width (a hidden column keeps it for when it shows)."""
    header = view.header() if isinstance(view, QTreeView) else view.horizontalHeader()  # type: ignore[attr-defined]
    locale = view.locale()
    shown = {locale.toString(t) if isinstance(t, int) and not isinstance(t, bool) else str(t)
             for t in texts}  # numbers as the delegate writes them
    # What each text, the margins and the heading measure is kept with the view, under what
    # it depends on (font and resolution, style, heading text): a count edit changes one
    # subtotal, so one new text is measured rather than every text and the heading again.
    kept: dict[tuple[object, ...], Any] = view.__dict__.setdefault("_fit_kept", {})
    font, style = (view.font().key(), view.logicalDpiX()), view.style().name()
    advances: dict[str, float] = kept.setdefault(("advances", font), {})
    missing = [t for t in shown if t not in advances]
    if missing:
        if len(advances) > _MAX_KEPT_TEXTS:
            advances.clear()
            missing = list(shown)
        fm = QFontMetricsF(view.font())
        advances.update((t, fm.horizontalAdvance(t)) for t in missing)
    # in fractions of a pixel, rounded up as the delegate's text layout does (rounding each
    # text to whole pixels first left a column a pixel short: "Messeng…"), plus 2 px for the
    # style's text margins (at exactly the advance, "Irregular" was elided)
    widest = math.ceil(max((advances[t] for t in shown), default=0))
    margin = kept.get(("margin", style))
    if margin is None:
        margin = kept[("margin", style)] = 2 * (view.style().pixelMetric(
            QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1) + 2
    heading: int = 0
    if header_text:
        model = view.model()
        title = model.headerData(column, Qt.Orientation.Horizontal) if model else None
        at = ("heading", column, title, header.font().key(), header.logicalDpiX(), style)
        if at not in kept:
            kept[at] = header.sectionSizeFromContents(column).width()
        heading = kept[at]
    width = max(widest + margin, heading, header.minimumSectionSize())
    if header.sectionSize(column) != width:
        header.resizeSection(column, width)
    return width


def settle(view: QAbstractItemView) -> None:
    """Do now what Qt leaves, after a view's rows or size change, for after the paint that
    follows, where it would paint the whole view a second time:

    - the scroll bar shows or hides on a queued call (the rows came to fit or stopped
      fitting), and the view lays its children out on a posted request;
    - a column whose width then changes (a stretched one) repaints the view on a zero-delay
      timer (the whole of it in a table with spans).

    The queued calls and layout requests waiting for ``view`` are delivered now and its
    zero-delay timers handled now; each of Qt's handlers stops its own timer, so nothing is
    done twice (a timer with a delay is left alone)."""
    QCoreApplication.sendPostedEvents(view, QEvent.Type.MetaCall)
    QCoreApplication.sendPostedEvents(view, QEvent.Type.LayoutRequest)
    dispatcher = QAbstractEventDispatcher.instance()
    if dispatcher is not None:
        for timer in dispatcher.registeredTimers(view):
            if timer.interval == 0:
                QCoreApplication.sendEvent(view, QTimerEvent(timer.timerId))


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


class CountDelegate(QStyledItemDelegate):
    """A spin box for the count column that commits every step, so totals and findings follow
    the arrows live (the model turns each commit into an undo command; steps on one entry
    merge). With ``range_role``, an entry whose model gives (least, most) under that role
    gets a spin box within them (a unit's size)."""

    def __init__(self, parent: QWidget | None = None, range_role: int | None = None) -> None:
        super().__init__(parent)
        self.range_role = range_role

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,  # noqa: N802
                     index: Index) -> QWidget:
        spin = QSpinBox(parent)
        spin.setObjectName("count-editor")
        bounds = index.data(self.range_role) if self.range_role is not None else None
        spin.setRange(*(bounds or (1, MAX_COUNT)))
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
