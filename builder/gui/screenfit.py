"""Windows that fit the screen they open on.

Every window and dialog asks for a size it would like (the main window 1280×760, the faction
editor 1180×820); :func:`fit_window` gives it that size or, on a smaller screen, the room the
screen has, and centres it there. A geometry restored from the settings of a bigger screen is
clipped the same way by :func:`clip_to_screen`, so that on a 1024×600 screen nothing (the
findings, the status bar, a dialog's buttons) opens off screen.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget

FRAME = QSize(8, 34)
"""What a desktop's window frame and title bar usually add around a window that is not shown
yet (Qt knows the real margins only once the window is mapped)."""


def available(widget: QWidget) -> QRect:
    """The room of the screen ``widget`` is on (or will open on): the screen less its panels
    and task bars."""
    screen: QScreen | None = widget.screen() if widget.isWindow() else None
    if screen is None:
        parent = widget.parentWidget()
        screen = parent.screen() if parent is not None else QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1024, 600)


def _frame(widget: QWidget) -> QSize:
    if widget.isVisible():
        frame, inner = widget.frameGeometry(), widget.geometry()
        if frame != inner:
            return QSize(frame.width() - inner.width(), frame.height() - inner.height())
    return FRAME


def room(widget: QWidget) -> QSize:
    """The largest window size (inside its frame) that fits on the widget's screen."""
    area, frame = available(widget), _frame(widget)
    return QSize(max(1, area.width() - frame.width()), max(1, area.height() - frame.height()))


def fitted(wanted: QSize, space: QSize, minimum: QSize | None = None) -> QSize:
    """``wanted`` cut to ``space``, never below ``minimum`` where the space allows it."""
    width, height = min(wanted.width(), space.width()), min(wanted.height(), space.height())
    if minimum is not None:
        width = max(width, min(minimum.width(), space.width()))
        height = max(height, min(minimum.height(), space.height()))
    return QSize(width, height)


def fit_window(widget: QWidget, width: int, height: int) -> QSize:
    """Give a window the size it would like, or what its screen has room for; a window made
    smaller than it asked for is placed inside the screen's room. Returns the size given."""
    size = fitted(QSize(width, height), room(widget))
    widget.resize(size)
    if size != QSize(width, height):
        _place(widget, size)
    return size


def clip_to_screen(widget: QWidget) -> bool:
    """After ``restoreGeometry``: a window bigger than its screen's room is made to fit, and
    one lying partly off the screen is moved onto it. True when it was changed."""
    space = room(widget)
    size = widget.size()
    new = fitted(size, space)
    area, frame = available(widget), _frame(widget)
    pos = widget.pos()
    inside = QRect(pos, QSize(new.width() + frame.width(), new.height() + frame.height()))
    if new == size and area.contains(inside):
        return False
    widget.resize(new)
    _place(widget, new)
    return True


def _place(widget: QWidget, size: QSize) -> None:
    """Centre a window of ``size`` on its screen's room, its frame included."""
    area, frame = available(widget), _frame(widget)
    outer = QSize(size.width() + frame.width(), size.height() + frame.height())
    x = area.x() + max(0, (area.width() - outer.width()) // 2)
    y = area.y() + max(0, (area.height() - outer.height()) // 2)
    widget.move(QPoint(x, y))
