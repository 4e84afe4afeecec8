"""A list inside the selected combatant (its abilities, its options): the list with Remove and
↑ ↓ beside it, its problems under it, and the detail of the selected item below; every change
an undo command of the pane."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QListView,
    QPushButton,
    QWidget,
)

from builder.gui.editor.bound import EditContext, row_after_change
from builder.gui.editor.commands import MoveCommand, RemoveCommand
from builder.gui.editor.document import DataPath
from builder.gui.editor.fields import (
    error_label,
    remove_and_arrows,
    set_enabled,
    show_messages,
    small_button,
)
from builder.gui.editor.models import DocListModel
from builder.i18n import _


class NestedList(QGroupBox):
    """The list at ``(*combatant, key)``. Subclasses show the selected item
    (:meth:`show_item`) and enable their own buttons (:meth:`enable_more`)."""

    def __init__(self, title: str, ctx: EditContext, key: str,
                 describe: Callable[[Any], str], undo_texts: tuple[str, str],
                 parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.ctx = ctx
        self.key = key
        self.base: DataPath | None = None
        self.read_only = False
        self._remove_text, self._move_text = undo_texts
        self.model = DocListModel(ctx.doc, None, describe, parent=self)
        self.view = QListView()
        self.view.setModel(self.model)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setMinimumHeight(90)
        self.view.setMaximumHeight(150)
        self.remove_button = QPushButton(_("Remove"))
        self.up_button = small_button("↑", _("Move up"))
        self.down_button = small_button("↓", _("Move down"))
        self.error = error_label()
        self.remove_button.clicked.connect(self.remove_current)
        self.up_button.clicked.connect(lambda: self.move_current(-1))
        self.down_button.clicked.connect(lambda: self.move_current(+1))
        self.view.selectionModel().currentRowChanged.connect(self._current_changed)
        ctx.doc.list_changed.connect(self._list_changed)
        ctx.doc.validated.connect(self._validated)

    def list_row(self) -> QHBoxLayout:
        """The list with Remove and the arrows beside it."""
        row = QHBoxLayout()
        row.addWidget(self.view, 1)
        row.addLayout(remove_and_arrows(self.remove_button, self.up_button, self.down_button))
        return row

    @property
    def list_path(self) -> DataPath | None:
        return None if self.base is None else (*self.base, self.key)

    def current_row(self) -> int:
        return self.view.currentIndex().row()

    # -- following the document and the selection ----------------------------------------

    def set_combatant(self, base: DataPath | None) -> None:
        self.base = base
        self.model.set_list_path(self.list_path)
        self._validated()
        if self.model.rowCount():
            self.select(0)
        else:
            self._current_changed(QModelIndex())

    def select(self, row: int) -> None:
        if 0 <= row < self.model.rowCount():
            self.view.selectionModel().setCurrentIndex(
                self.model.index(row), QItemSelectionModel.SelectionFlag.ClearAndSelect)
        self._current_changed(self.view.currentIndex())

    def _list_changed(self, path: DataPath, op: str, index: int, dest: int) -> None:
        if path == self.model.list_path:
            self.select(row_after_change(op, index, dest, self.model.rowCount()))

    def _current_changed(self, current: QModelIndex, _previous: Any = None) -> None:
        row = current.row() if current.isValid() else -1
        items = self.model.items()
        self.show_item(row if 0 <= row < len(items) and self.base is not None else -1)
        self.enable()

    def show_item(self, row: int) -> None:
        """Show the item at ``row`` below the list (-1: none)."""

    def _validated(self) -> None:
        """The list's problems under it, and what the subclass refreshes."""
        path = self.list_path
        if path is None or not self.ctx.doc.has(self.base or ()):
            return
        show_messages(self.error, [msg for _w, msg in self.ctx.doc.problems_under(path)])
        self.refresh()
        self.enable()

    def refresh(self) -> None:
        """After each change of the document (the combatant still exists)."""

    def enable(self) -> None:
        editable = self.base is not None and not self.read_only
        row, count = self.current_row(), self.model.rowCount()
        set_enabled(self.remove_button, editable and 0 <= row < count)
        set_enabled(self.up_button, editable and 0 < row < count)
        set_enabled(self.down_button, editable and 0 <= row < count - 1)
        self.enable_more(editable)

    def enable_more(self, editable: bool) -> None:
        """Subclasses enable their own buttons."""

    def set_read_only(self, read_only: bool) -> None:
        self.read_only = read_only
        self.enable()

    # -- edits -----------------------------------------------------------------------------

    def remove_current(self) -> None:
        row, path = self.current_row(), self.list_path
        if path is None or self.read_only or not 0 <= row < self.model.rowCount():
            return
        self.ctx.push(RemoveCommand(self.ctx.doc, path, row, self._remove_text))

    def move_current(self, step: int) -> None:
        row, path = self.current_row(), self.list_path
        dest = row + step
        if path is None or self.read_only or not (
                0 <= row < self.model.rowCount() and 0 <= dest < self.model.rowCount()):
            return
        self.ctx.push(MoveCommand(self.ctx.doc, path, row, dest, self._move_text))
