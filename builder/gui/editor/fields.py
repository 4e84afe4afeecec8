"""Form fields bound to one value of the faction document.

A :class:`Binding` knows one widget, the key of its value (relative to the form's base path),
how to show a value and how to read what the user typed. User edits go to a callback that
pushes an undo command; showing a value never triggers one (signals that fire on programmatic
changes are blocked, and ``textEdited``/``activated``/``clicked`` fire only for the user).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QRegularExpression, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QColor, QPalette, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from builder.gui.editor.document import DataPath
from builder.gui.widgets import own_style
from builder.i18n import _

Commit = Callable[[Any], None]

ERROR_COLOR = "#b3261e"
"""Red that stays readable on light and dark window backgrounds."""
ERROR_TINT = "#fde7e9"
"""Background of a field whose value is refused."""
NONE_TEXT = "–"
"""How the book prints a stat a combatant does not have."""


# -- setters that only call Qt when something changes ------------------------------------------
# Validation runs after every keystroke and touches every field's look; calling Qt only for
# real changes keeps a keystroke cheap. (It also matters for PySide6 6.12.0 on CPython 3.11,
# whose void methods each drop a reference to None: fewer calls, longer before it crashes.)


def set_text(widget: QLabel | QLineEdit, text: str) -> None:
    if widget.text() != text:
        widget.setText(text)


def set_visible(widget: QWidget, visible: bool) -> None:
    if widget.isHidden() == visible:
        widget.setVisible(visible)


def set_enabled(widget: QWidget, enabled: bool) -> None:
    """``setEnabled`` unless the widget is already explicitly so."""
    if widget.testAttribute(Qt.WidgetAttribute.WA_ForceDisabled) == enabled:
        widget.setEnabled(enabled)


def small_button(text: str, tip: str = "") -> QToolButton:
    """A compact button for the row under a list, so the list can stay narrow."""
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    return button


def remove_and_arrows(remove: QWidget, up: QWidget, down: QWidget) -> QVBoxLayout:
    """The column beside an editable list: Remove, then ↑ ↓ side by side."""
    column = QVBoxLayout()
    column.setContentsMargins(0, 0, 0, 0)
    column.addWidget(remove)
    arrows = QHBoxLayout()
    arrows.addWidget(up)
    arrows.addWidget(down)
    column.addLayout(arrows)
    column.addStretch(1)
    return column


def error_label() -> QLabel:
    """The label under a field that shows its validation messages (hidden when none)."""
    label = QLabel()
    label.setObjectName("fieldError")
    label.setWordWrap(True)
    own_style(label, f"color: {ERROR_COLOR};")
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.hide()
    return label


def with_error(widget: QWidget, label: QLabel, *, natural: bool = False) -> QWidget:
    """A field with its error label right under it, for a form row; ``natural``: the field
    keeps its own width (a spin box) instead of taking the row's."""
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(2)
    if natural:
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(widget)
        row.addStretch(1)
        layout.addLayout(row)
    else:
        layout.addWidget(widget)
    layout.addWidget(label)
    return box


def bring_into_view(widget: QWidget) -> None:
    """Give a field the focus and scroll each scroll area that holds it until it shows (a
    new item's Name field, where the player types next)."""
    widget.setFocus(Qt.FocusReason.OtherFocusReason)
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea):
            inner = parent.widget()
            layout = inner.layout() if inner is not None else None
            if layout is not None:
                layout.activate()  # a form just filled is laid out first
            parent.ensureWidgetVisible(widget, 24, 24)
        parent = parent.parentWidget()


def show_messages(label: QLabel | None, messages: list[str]) -> None:
    if label is None:
        return
    set_text(label, "\n".join(f"⚠ {m}" for m in messages))
    set_visible(label, bool(messages))


class Binding:
    """One widget showing and editing the value at ``key`` below a form's base path."""

    def __init__(self, key: DataPath, widget: QWidget, label: str,
                 error: QLabel | None = None) -> None:
        self.key = key
        self.widget = widget
        self.label = label
        """What the undo menu calls an edit of this field ("Undo Edit name")."""
        self.error = error
        self._commit: Commit | None = None
        self._marked: list[str] = []
        widget.setProperty("invalid", False)
        self._tooltip = widget.toolTip()
        self._palette = QPalette(widget.palette())

    def connect(self, commit: Commit) -> None:
        self._commit = commit

    def commit(self, value: Any) -> None:
        if self._commit is not None:
            self._commit(value)

    def load(self, value: Any) -> None:
        raise NotImplementedError

    def mark(self, messages: list[str]) -> None:
        """Tint the field and put its messages in its tooltip (the label says them too)."""
        if messages == self._marked:
            return
        self._marked = list(messages)
        if messages:
            palette = QPalette(self._palette)
            palette.setColor(QPalette.ColorRole.Base, QColor(ERROR_TINT))
            palette.setColor(QPalette.ColorRole.Text, QColor("black"))
            self.widget.setPalette(palette)
            self.widget.setToolTip("\n".join(messages))
        else:
            self.widget.setPalette(self._palette)
            self.widget.setToolTip(self._tooltip)
        self.widget.setProperty("invalid", bool(messages))


class LineBinding(Binding):
    """Text in a line edit. ``parse`` turns the text into the stored value; a value whose
    text parses back to itself is left alone, so the cursor does not jump while typing."""

    widget: QLineEdit

    def __init__(self, key: DataPath, widget: QLineEdit, label: str,
                 error: QLabel | None = None, *,
                 parse: Callable[[str], Any] = lambda text: text,
                 show: Callable[[Any], str] = lambda value: "" if value is None else str(value)
                 ) -> None:
        super().__init__(key, widget, label, error)
        self.parse = parse
        self.show = show
        widget.textEdited.connect(lambda text: self.commit(self.parse(text)))

    def load(self, value: Any) -> None:
        current = self.parse(self.widget.text())
        if current != value or type(current) is not type(value):
            self.widget.setText(self.show(value))


class SpinBinding(Binding):
    """A whole number; with ``none_at`` the spin box's minimum means "not given" (None) and
    shows ``specialValueText``."""

    widget: QSpinBox

    def __init__(self, key: DataPath, widget: QSpinBox, label: str,
                 error: QLabel | None = None, *, none_at: int | None = None) -> None:
        super().__init__(key, widget, label, error)
        self.none_at = none_at
        widget.valueChanged.connect(self._changed)

    def _changed(self, value: int) -> None:
        self.commit(None if value == self.none_at else value)

    def load(self, value: Any) -> None:
        shown = self.none_at if value is None else value
        if isinstance(shown, int) and self.widget.value() != shown:
            with QSignalBlocker(self.widget):
                self.widget.setValue(shown)


class ComboBinding(Binding):
    """One of a fixed set of values, each an item's data (None for "not given")."""

    widget: QComboBox

    def __init__(self, key: DataPath, widget: QComboBox, label: str,
                 error: QLabel | None = None) -> None:
        super().__init__(key, widget, label, error)
        widget.activated.connect(lambda i: self.commit(self.widget.itemData(i)))

    def load(self, value: Any) -> None:
        index = self.widget.findData(value)
        if index < 0:  # not one of the choices (only from hand-made data): show it as is
            self.widget.addItem(str(value), value)
            index = self.widget.count() - 1
        if self.widget.currentIndex() != index:
            self.widget.setCurrentIndex(index)


class CheckBinding(Binding):
    widget: QCheckBox

    def __init__(self, key: DataPath, widget: QCheckBox, label: str,
                 error: QLabel | None = None) -> None:
        super().__init__(key, widget, label, error)
        widget.clicked.connect(lambda checked: self.commit(bool(checked)))

    def load(self, value: Any) -> None:
        if self.widget.isChecked() != bool(value):
            self.widget.setChecked(bool(value))


class PlainTextBinding(Binding):
    """Several lines of text; an empty text is stored as "not given" (None)."""

    widget: QPlainTextEdit

    def __init__(self, key: DataPath, widget: QPlainTextEdit, label: str,
                 error: QLabel | None = None) -> None:
        super().__init__(key, widget, label, error)
        widget.textChanged.connect(
            lambda: self.commit(self.widget.toPlainText() or None))

    def load(self, value: Any) -> None:
        if (self.widget.toPlainText() or None) != value:
            with QSignalBlocker(self.widget):
                self.widget.setPlainText(value or "")


class StringListEdit(QWidget):
    """A list of short texts (equipment): add with the line edit, edit in place by double
    click, remove, move up and down. Emits the whole new list; the form turns it into one
    undo step."""

    edited = Signal(list)

    def __init__(self, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from PySide6.QtCore import QStringListModel

        self._items: list[str] = []
        self.model = QStringListModel(self)
        self.view = QListView()
        self.view.setModel(self.model)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed)
        self.view.setMaximumHeight(90)
        self.entry = QLineEdit()
        self.entry.setPlaceholderText(placeholder)
        self.add_button = QPushButton(_("Add"))
        self.remove_button = QPushButton(_("Remove"))
        self.up_button = small_button("↑", _("Move up"))
        self.down_button = small_button("↓", _("Move down"))
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.entry, 1)
        row.addWidget(self.add_button)
        buttons = remove_and_arrows(self.remove_button, self.up_button, self.down_button)
        list_row = QHBoxLayout()
        list_row.setContentsMargins(0, 0, 0, 0)
        list_row.addWidget(self.view, 1)
        list_row.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(row)
        layout.addLayout(list_row)
        self.add_button.clicked.connect(self._add)
        self.entry.returnPressed.connect(self._add)
        self.remove_button.clicked.connect(self._remove)
        self.up_button.clicked.connect(lambda: self._move(-1))
        self.down_button.clicked.connect(lambda: self._move(+1))
        self.model.dataChanged.connect(self._edited_in_place)

    def set_items(self, items: list[str]) -> None:
        if items == self._items and self.model.stringList() == items:
            return
        current = self.view.currentIndex().row()
        self._items = list(items)
        with QSignalBlocker(self.model):
            self.model.setStringList(self._items)
        self.model.layoutChanged.emit()
        if 0 <= current < len(items):
            self.view.setCurrentIndex(self.model.index(current))

    def items(self) -> list[str]:
        return list(self._items)

    def set_value(self, value: Any) -> None:
        self.set_items(list(value or []))

    def _add(self) -> None:
        text = self.entry.text().strip()
        if not text:
            return
        self.entry.clear()
        self.edited.emit([*self._items, text])

    def _remove(self) -> None:
        row = self.view.currentIndex().row()
        if 0 <= row < len(self._items):
            items = list(self._items)
            del items[row]
            self.edited.emit(items)

    def _move(self, step: int) -> None:
        row = self.view.currentIndex().row()
        dest = row + step
        if 0 <= row < len(self._items) and 0 <= dest < len(self._items):
            items = list(self._items)
            items.insert(dest, items.pop(row))
            self.edited.emit(items)
            self.view.setCurrentIndex(self.model.index(dest))

    def _edited_in_place(self) -> None:
        items = [s.strip() for s in self.model.stringList()]
        items = [s for s in items if s]
        if items != self._items:
            self.edited.emit(items)


class ValueBinding(Binding):
    """A field of the editor's own (a list of texts, what an option adds, a unit's size): it
    emits ``edited(value)`` when the user changes it and shows a value with ``set_value``."""

    def __init__(self, key: DataPath, widget: QWidget, label: str,
                 error: QLabel | None = None) -> None:
        super().__init__(key, widget, label, error)
        widget.edited.connect(self.commit)  # type: ignore[attr-defined]

    def load(self, value: Any) -> None:
        self.widget.set_value(value)  # type: ignore[attr-defined]


def regex_validator(pattern: str, parent: QWidget) -> QRegularExpressionValidator:
    return QRegularExpressionValidator(QRegularExpression(pattern), parent)


def parse_stat(text: str) -> Any:
    """A stat as typed: empty or a dash is none; digits are a number; anything else is kept
    as typed so that validation names the problem."""
    text = text.strip()
    if text in ("", "-", "–", "—"):
        return None
    return int(text) if text.isdigit() else text


def parse_required_int(text: str) -> Any:
    text = text.strip()
    if not text:
        return None
    return int(text) if text.isdigit() else text


def parse_difficulty(text: str) -> Any:
    """A feat's target value: a number, "A" (automatic), or not given."""
    text = text.strip()
    if not text:
        return None
    if text.upper() == "A":
        return "A"
    return int(text) if text.isdigit() else text


def parse_optional_text(text: str) -> str | None:
    return text if text.strip() else None
