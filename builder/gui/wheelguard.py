"""The mouse wheel scrolls a form, not the closed drop-down under the pointer (issue 31,
item 8).

Qt gives a wheel turn to the combo box or spin box under the pointer, whether or not it has
the focus: scrolling down a long form changed values on the way (the ability picker jumped to
another ability). :func:`guard_wheel` makes such fields take the wheel only once they have the
focus (a click or Tab gives it); until then the turn scrolls the form that holds them.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QWidget,
)


class WheelGuard(QObject):
    """The event filter of :func:`guard_wheel` (one for every field of a window)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if event.type() != QEvent.Type.Wheel or not isinstance(watched, QWidget) \
                or watched.hasFocus():
            return False
        area = _scroll_area(watched)
        if area is not None:  # the form scrolls instead
            QApplication.sendEvent(area.viewport(), event)
        return True  # never the field's value


def _scroll_area(widget: QWidget) -> QAbstractScrollArea | None:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea) and not isinstance(parent, QComboBox):
            return parent
        parent = parent.parentWidget()
    return None


def guard_wheel(root: QWidget) -> WheelGuard:
    """Every combo box and spin box under ``root`` takes the wheel only when focused (and is
    no longer focused by the wheel itself). Call it again after adding fields: a field is
    guarded once."""
    guard = root.findChild(WheelGuard, "wheel-guard")
    if guard is None:
        guard = WheelGuard(root)
        guard.setObjectName("wheel-guard")
    for field in [*root.findChildren(QComboBox), *root.findChildren(QAbstractSpinBox)]:
        if field.property("wheel-guarded"):
            continue
        field.setProperty("wheel-guarded", True)
        if field.focusPolicy() == Qt.FocusPolicy.WheelFocus:
            field.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        field.installEventFilter(guard)
    return guard
