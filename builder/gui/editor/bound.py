"""What the faction editor's forms share: a form bound to the document below a base path,
with its fields' error labels, and the small builders of its rows.

Each form shows the part of the document under its *base path* (the faction, the selected
combatant, the selected ability) and puts every validation message under its field. Forms never
change the document themselves: an edit goes to the pane, which pushes an undo command.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, Protocol

from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QWidget,
)

from builder.gui.editor.document import (
    DataPath,
    FactionDocument,
    dotted,
)
from builder.gui.editor.fields import (
    Binding,
    error_label,
    set_enabled,
    show_messages,
)
from builder.gui.widgets import own_style
from builder.i18n import N_, _

NOT_GIVEN = N_("(not given)")


class EditContext(Protocol):
    """What a form needs from its pane."""

    doc: FactionDocument
    stack: QUndoStack

    def set_value(self, path: DataPath, value: Any, text: str,
                  also: Mapping[DataPath, Any] | None = None) -> None: ...

    def push(self, command: QUndoCommand) -> None: ...

    def reveal(self, path: DataPath) -> None: ...


def row_after_change(op: str, index: int, dest: int, rows: int) -> int:
    """The row to select after a list edit: the inserted or moved item, else its neighbour."""
    if op == "insert":
        return index
    if op == "move":
        return dest
    return min(index, rows - 1)


def scrolled(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    return area


def combo(choices: list[tuple[str, Any]]) -> QComboBox:
    box = QComboBox()
    for text, value in choices:
        box.addItem(text, value)
    return box


def id_from_name_button(slot: Callable[[], None]) -> QPushButton:
    """*From name*, beside an id field."""
    button = QPushButton(_("From name"))
    button.setToolTip(_("Make the id from the name"))
    button.clicked.connect(slot)
    return button


def beside(widget: QWidget, extra: QWidget) -> QWidget:
    """A field with a button after it, as one form row's field."""
    holder = QWidget()
    row = QHBoxLayout(holder)
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(widget, 1)
    row.addWidget(extra)
    return holder


def hint(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setObjectName("hint")
    own_style(label, "color: palette(placeholder-text);")
    return label


class BoundForm(QWidget):
    """Fields bound to the document below a base path, with their error labels."""

    def __init__(self, ctx: EditContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.bindings: list[Binding] = []
        self.base: DataPath | None = None
        self.general_error = error_label()
        """Problems of the base itself, or of keys no field shows."""
        self.read_only = False
        ctx.doc.value_changed.connect(self._value_changed)
        ctx.doc.validated.connect(self.show_problems)

    def rows(self) -> QFormLayout:
        """The form's own layout: a label and a field a row, under its general problems."""
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        form.addRow(self.general_error)
        return form

    def bind(self, binding: Binding) -> Binding:
        binding.connect(partial(self._commit, binding))
        self.bindings.append(binding)
        return binding

    def field(self, key: str) -> QWidget:
        """The widget bound to ``key`` (dotted, relative to the base); for tests and focus."""
        for b in self.bindings:
            if dotted(b.key) == key:
                return b.widget
        raise KeyError(key)

    def binding(self, key: str) -> Binding:
        for b in self.bindings:
            if dotted(b.key) == key:
                return b
        raise KeyError(key)

    follow_name = False
    """The form's id follows its name until edited by hand (a faction or a combatant)."""

    def _commit(self, binding: Binding, value: Any) -> None:
        if self.base is None or self.read_only:
            return
        doc = self.ctx.doc
        path = (*self.base, *binding.key)
        if doc.has(path) and doc.get(path) == value and type(doc.get(path)) is type(value):
            return
        also = None
        if self.follow_name and binding.key == ("name",) and doc.follows_name(self.base):
            also = {(*self.base, "id"): doc.id_from_name(self.base, value)}
        self.ctx.set_value(path, value, _("Edit {field}").format(field=binding.label), also)

    def set_base(self, base: DataPath | None) -> None:
        self.base = base
        self.refresh()
        self.show_problems()

    def refresh(self) -> None:
        if self.base is None or not self.ctx.doc.has(self.base):
            return
        for b in self.bindings:
            path = (*self.base, *b.key)
            if self.ctx.doc.has(path):
                b.load(self.ctx.doc.get(path))

    def _value_changed(self, path: DataPath) -> None:
        if self.base is None:
            return
        n = min(len(path), len(self.base))
        if tuple(path[:n]) == tuple(self.base[:n]):
            self.refresh()

    def handled_elsewhere(self, key: str) -> bool:
        """Problems under ``key`` are shown by another widget of the form."""
        return False

    def show_problems(self) -> None:
        per_binding: dict[int, list[str]] = {id(b): [] for b in self.bindings}
        per_label: dict[int, list[str]] = {}
        general: list[str] = []
        problems = [] if self.base is None else self.ctx.doc.problems_under(self.base)
        for where, message in problems:
            owner = next((b for b in self.bindings if where == dotted(b.key)
                          or where.startswith(dotted(b.key) + ".")), None)
            if owner is not None:
                per_binding[id(owner)].append(message)
            elif not self.handled_elsewhere(where):
                general.append(message)
        for b in self.bindings:
            messages = per_binding[id(b)]
            b.mark(messages)
            if b.error is not None:
                per_label.setdefault(id(b.error), [])
                per_label[id(b.error)].extend(messages)
        for b in self.bindings:
            if b.error is not None:
                show_messages(b.error, per_label[id(b.error)])
        show_messages(self.general_error, general)

    def set_read_only(self, read_only: bool) -> None:
        """Built-in factions: fields can be read and copied but not changed."""
        self.read_only = read_only
        for b in self.bindings:
            if isinstance(b.widget, (QLineEdit, QPlainTextEdit)):
                b.widget.setReadOnly(read_only)
            else:
                set_enabled(b.widget, not read_only)
