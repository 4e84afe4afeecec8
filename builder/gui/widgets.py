"""Small helpers for any view or window: fitting a column to its texts, settling a view's
layout, choosing one of a few answers."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from PySide6.QtCore import (
    QAbstractEventDispatcher,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    QTimerEvent,
)
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QInputDialog,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
    QWidget,
)

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


def own_style(widget: QWidget, declarations: str) -> None:
    """Give ``widget`` alone the style ``declarations`` ("color: …; font-weight: bold"), or
    none with "". A bare declaration styles every widget that takes the style sheet from
    this one, and Qt takes a widget's tooltip's style from it: a greyed choice's tooltip was
    grey on the tooltip's pale yellow (issue 41 item 10). The selector names the widget's
    own class (with a dot: not its subclasses, and the tooltip's label is not a QLabel
    itself). Set only when it changes (setting a style sheet costs a polish)."""
    sheet = f".{widget.metaObject().className()} {{ {declarations} }}" if declarations else ""
    if widget.styleSheet() != sheet:
        widget.setStyleSheet(sheet)


def text_room(view: QAbstractItemView, width: int) -> int:
    """What a cell ``width`` pixels wide has for its text, the style's margins taken off
    (as the style lays a cell's text out) and a pixel for rounding."""
    return width - 2 * (view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin,
                                                 None, view) + 1) - 1


def cut_texts(view: QAbstractItemView, room: float,
              texts: Iterable[tuple[str, bool | Callable[[], bool]]]) -> Iterator[str]:
    """The ``texts`` longer than ``room`` pixels on one line in ``view``'s font ((text,
    whether an icon stands before it, or a function that says so: asked only of a text that
    would fit without the icon and not with it)); each text's width is measured once and kept
    with the view (a long list is checked again at every step of a resize)."""
    kept: dict[tuple[object, ...], Any] = view.__dict__.setdefault("_fit_kept", {})
    advances: dict[str, float] = kept.setdefault(("advances", view.font().key(),
                                                  view.logicalDpiX()), {})
    if len(advances) > _MAX_KEPT_TEXTS:
        advances.clear()
    metrics = QFontMetricsF(view.font())
    icon = view.iconSize().width() + 4
    for text, with_icon in texts:
        width = advances.get(text)
        if width is None:
            width = advances[text] = metrics.horizontalAdvance(text)
        whole = math.ceil(width)
        if whole > room or (whole + icon > room and (
                with_icon() if callable(with_icon) else with_icon)):
            yield text


def wrap_when_cut(view: QTreeView, column: int,
                  texts: Iterable[tuple[str, bool | Callable[[], bool]]]) -> bool:
    """Rows of one height, on one line each, while every text fits its ``column`` (kept
    cheap to lay out on a long list), else word-wrapped onto more lines, each row as tall as
    it needs (:class:`WrappedNames` measures them): a name is never cut short (issue 41 item
    9). ``texts``: (text, whether an icon stands before it). Returns whether it wraps."""
    room = text_room(view, view.header().sectionSize(column))
    if column == 0:
        room -= view.indentation()  # (the first column of a child row starts indented)
    wrap = next(cut_texts(view, room, texts), None) is not None
    if wrap != view.wordWrap():
        view.setWordWrap(wrap)
        view.setUniformRowHeights(not wrap)
    elif wrap:  # a new width: each row measures its wrapped text again
        view.scheduleDelayedItemsLayout()
    return wrap


class WrappedNames(QStyledItemDelegate):
    """A tree's column whose text wraps when the view wraps (:func:`wrap_when_cut`): its rows
    as tall as their wrapped text at the column's width. (A tree asks its delegates for row
    heights without the column's width, so that wrapped text would stay one line tall.)"""

    def __init__(self, view: QTreeView, column: int) -> None:
        super().__init__(view)
        self.view, self.column = view, column

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:  # noqa: N802
        view = self.view
        if not view.wordWrap():
            return super().sizeHint(option, index)
        shaped = QStyleOptionViewItem(option)
        self.initStyleOption(shaped, index)
        width = view.header().sectionSize(self.column)
        if self.column == 0 and index.parent().isValid():
            width -= view.indentation()
        shaped.rect = QRect(0, 0, max(width, 1), 1)
        return view.style().sizeFromContents(QStyle.ContentsType.CT_ItemViewItem, shaped,
                                             QSize(), view)


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
