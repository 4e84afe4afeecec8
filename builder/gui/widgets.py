"""Small helpers for any view or window: fitting a column to its texts, settling a view's
layout, choosing one of a few answers."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import (
    QAbstractEventDispatcher,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimerEvent,
)
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QInputDialog,
    QStyle,
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
