"""A Qt list model over one list inside the faction document (combatants, glossary, …).

It only adapts: rows come from the document, problems from the document's latest validation,
and an edit made in place is handed to a callback that pushes an undo command.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QApplication, QStyle

from builder.gui.editor.document import DataPath, FactionDocument, dotted

PROBLEMS_ROLE = Qt.ItemDataRole.UserRole + 1
"""The validation messages of a row (list of str)."""

Index = QModelIndex | QPersistentModelIndex


class DocListModel(QAbstractListModel):
    def __init__(self, doc: FactionDocument, list_path: DataPath | None,
                 display: Callable[[Any], str],
                 on_edit: Callable[[int, str], None] | None = None,
                 parent: Any = None) -> None:
        super().__init__(parent)
        self._doc = doc
        self._path = list_path
        self._display = display
        self._on_edit = on_edit
        self._shown_problems: dict[int, list[str]] = self._problems_by_row()
        doc.list_changing.connect(self._list_changing)
        doc.list_changed.connect(self._list_changed)
        doc.value_changed.connect(self._value_changed)
        doc.validated.connect(self._validated)

    @property
    def list_path(self) -> DataPath | None:
        return self._path

    def set_list_path(self, path: DataPath | None) -> None:
        """Show another list (the abilities of the newly selected combatant)."""
        self.beginResetModel()
        self._path = path
        self._shown_problems = self._problems_by_row()
        self.endResetModel()

    def items(self) -> list[Any]:
        if self._path is None or not self._doc.has(self._path):
            return []
        return self._doc.get(self._path)

    # -- Qt overrides --------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self.items())

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        items = self.items()
        if not index.isValid() or not 0 <= index.row() < len(items):
            return None
        item = items[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(item)
        if role == Qt.ItemDataRole.EditRole:
            return item if isinstance(item, str) else self._display(item)
        problems = self.row_problems(index.row())
        if role == PROBLEMS_ROLE:
            return problems
        if role == Qt.ItemDataRole.DecorationRole and problems:
            return QApplication.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        if role == Qt.ItemDataRole.ToolTipRole and problems:
            return "\n".join(problems)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if self._on_edit is not None and index.isValid():
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def setData(self, index: Index, value: Any,  # noqa: N802
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or self._on_edit is None or not index.isValid():
            return False
        self._on_edit(index.row(), str(value))
        return True

    # -- following the document ----------------------------------------------------------

    def row_problems(self, row: int) -> list[str]:
        if self._path is None:
            return []
        return [msg for _where, msg in self._doc.problems_under((*self._path, row))]

    def _list_changing(self, path: DataPath, op: str, index: int, dest: int) -> None:
        if path != self._path:
            return
        if op == "insert":
            self.beginInsertRows(QModelIndex(), index, index)
        elif op == "remove":
            self.beginRemoveRows(QModelIndex(), index, index)
        elif op == "move":
            # Qt's destination is the row *before which* the item goes, in the old numbering.
            qt_dest = dest + 1 if dest > index else dest
            self.beginMoveRows(QModelIndex(), index, index, QModelIndex(), qt_dest)

    def _list_changed(self, path: DataPath, op: str, _index: int, _dest: int) -> None:
        if path != self._path:
            return
        if op == "insert":
            self.endInsertRows()
        elif op == "remove":
            self.endRemoveRows()
        elif op == "move":
            self.endMoveRows()

    def _value_changed(self, path: DataPath) -> None:
        if self._path is None:
            return
        n = len(self._path)
        if tuple(path[:n]) == tuple(self._path[:len(path)]) and len(path) <= n:
            # the list itself (or something holding it) was replaced
            self.beginResetModel()
            self.endResetModel()
        elif tuple(path[:n]) == tuple(self._path) and len(path) > n:
            row = int(path[n])
            self.dataChanged.emit(self.index(row), self.index(row))

    def _problems_by_row(self) -> dict[int, list[str]]:
        """Each row's problems, from one pass over the document's (not one per row)."""
        out: dict[int, list[str]] = {}
        if self._path is None:
            return out
        prefix = dotted(self._path) + "." if self._path else ""
        for where, message in self._doc.problems:
            if not where.startswith(prefix):
                continue
            head = where[len(prefix):].split(".", 1)[0]
            if head.isdigit():
                out.setdefault(int(head), []).append(message)
        return out

    def _validated(self) -> None:
        """Signal only the rows whose problems changed: one keystroke used to repaint and
        re-ask every row of a 5,000-combatant list. (Rows that came, went or moved have been
        signalled by their insert, remove or move; a row whose number shifted with its
        problems is signalled at both numbers, which is harmless.)"""
        rows = self.rowCount()
        now = self._problems_by_row()
        before, self._shown_problems = self._shown_problems, now
        changed = sorted(r for r in set(now) | set(before)
                         if now.get(r) != before.get(r) and r < rows)
        roles = [Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.ToolTipRole, PROBLEMS_ROLE]
        if len(changed) > 64:
            self.dataChanged.emit(self.index(changed[0]), self.index(changed[-1]), roles)
            return
        for r in changed:
            self.dataChanged.emit(self.index(r), self.index(r), roles)
