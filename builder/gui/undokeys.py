"""Undo and Redo keys that mean the document's undo stack everywhere in a window.

A text field (a QLineEdit, a spin box, the notes) has an undo history of its own and takes
Ctrl+Z before the window's shortcut sees it: undo then undid one keystroke of the field, the
field's edit was pushed again as a new step, and Redo greyed out. :class:`UndoKeys` hands the
keys to the window's Undo/Redo actions instead, from any text field of that window.

The keys are the platform's standard ones plus Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y, so Redo is
Ctrl+Y on Linux too (the Linux key themes list only Ctrl+Shift+Z) as the README promises.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

SK = QKeySequence.StandardKey
OWN_UNDO = "ownUndo"
"""A widget property: set on a text field that is not part of the document (a filter box),
whose Ctrl+Z undoes its own typing."""
TEXT_WIDGETS = (QLineEdit, QAbstractSpinBox, QComboBox, QTextEdit, QPlainTextEdit)
"""Widgets with an undo history (or a line edit inside) of their own."""


def _keys(standard: QKeySequence.StandardKey, extra: list[str]) -> list[QKeySequence]:
    keys = list(QKeySequence.keyBindings(standard))
    for text in extra:
        key = QKeySequence(text)
        if key not in keys:
            keys.append(key)
    return keys


def undo_keys() -> list[QKeySequence]:
    return _keys(SK.Undo, ["Ctrl+Z"])


def redo_keys() -> list[QKeySequence]:
    # On macOS Ctrl means ⌘, and ⌘Y is not Redo there
    return _keys(SK.Redo, ["Ctrl+Shift+Z"] + ([] if sys.platform == "darwin" else ["Ctrl+Y"]))


class UndoKeys(QObject):
    """Routes the undo and redo keys typed in ``window``'s text fields to ``undo`` and
    ``redo`` (and sets those actions' shortcuts). A filter is put on each text field as it
    takes the focus, so no event of the rest of the application passes through Python."""

    def __init__(self, window: QWidget, undo: QAction, redo: QAction) -> None:
        super().__init__(window)
        self._window = window
        undo.setShortcuts(undo_keys())
        redo.setShortcuts(redo_keys())
        self._actions = [(k, undo) for k in undo_keys()] + [(k, redo) for k in redo_keys()]
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is not None and new.property(OWN_UNDO):
            return  # a field that is not the document (the catalogue filter) keeps its own
        if isinstance(new, TEXT_WIDGETS) and new.window() is self._window:
            new.installEventFilter(self)  # installing twice keeps one filter

    def action_for(self, event: QKeyEvent) -> QAction | None:
        combo = event.keyCombination()
        mods = combo.keyboardModifiers() & ~Qt.KeyboardModifier.KeypadModifier
        pressed = QKeySequence(combo.key().value | mods.value)
        return next((action for key, action in self._actions if key == pressed), None)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        kind = event.type()
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            return False
        if not isinstance(event, QKeyEvent):
            return False
        action = self.action_for(event)
        if action is None:
            return False
        if kind == QEvent.Type.ShortcutOverride:
            event.ignore()  # not the field's: the window's shortcut fires
            return True
        # a KeyPress reaches the field only when the action is disabled (nothing to undo):
        # then nothing happens, rather than the field's own undo
        return True
