"""Every edit of a faction is one of these undo commands, each calling the document's API.

Paths with list indices, not objects, identify what a command changes: the undo stack replays
commands in order, so an index means the same item when a command is undone as when it was
done. Undoing (and redoing after an undo) asks the views to bring the change into sight, so
the user sees what Ctrl+Z did even when it was on another tab or combatant.
"""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtGui import QUndoCommand

from builder.gui.editor.document import DataPath, FactionDocument

SET_VALUE_ID = 1001


class _DocCommand(QUndoCommand):
    def __init__(self, doc: FactionDocument, reveal: DataPath, text: str) -> None:
        super().__init__(text)
        self.doc = doc
        self.reveal = reveal
        self._done_once = False

    def redo(self) -> None:
        self.apply()
        if self._done_once:
            self.doc.request_reveal(self.reveal)
        self._done_once = True

    def undo(self) -> None:
        self.unapply()
        self.doc.request_reveal(self.reveal)

    def apply(self) -> None:
        raise NotImplementedError

    def unapply(self) -> None:
        raise NotImplementedError


class SetValueCommand(_DocCommand):
    """Replace one value. Consecutive edits of the same field merge (typing a name letter by
    letter, or stepping a spin box, is one undo step); an edit that comes back to where it
    started makes the command obsolete, so the stack drops it."""

    def __init__(self, doc: FactionDocument, path: DataPath, value: Any, text: str) -> None:
        super().__init__(doc, path, text)
        self.path = path
        self.old = copy.deepcopy(doc.get(path))
        self.new = copy.deepcopy(value)

    def id(self) -> int:
        return SET_VALUE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 (Qt override)
        if not isinstance(other, SetValueCommand) or other.path != self.path:
            return False
        self.new = other.new
        self.setObsolete(self.new == self.old)
        return True

    def apply(self) -> None:
        self.doc.set(self.path, self.new)

    def unapply(self) -> None:
        self.doc.set(self.path, self.old)


class InsertCommand(_DocCommand):
    def __init__(self, doc: FactionDocument, list_path: DataPath, index: int, value: Any,
                 text: str) -> None:
        super().__init__(doc, (*list_path, index), text)
        self.list_path = list_path
        self.index = index
        self.value = copy.deepcopy(value)

    def apply(self) -> None:
        self.doc.insert(self.list_path, self.index, self.value)

    def unapply(self) -> None:
        self.doc.remove(self.list_path, self.index)


class RemoveCommand(_DocCommand):
    def __init__(self, doc: FactionDocument, list_path: DataPath, index: int, text: str
                 ) -> None:
        super().__init__(doc, (*list_path, index), text)
        self.list_path = list_path
        self.index = index
        self.value = copy.deepcopy(doc.get((*list_path, index)))

    def apply(self) -> None:
        self.doc.remove(self.list_path, self.index)

    def unapply(self) -> None:
        self.doc.insert(self.list_path, self.index, self.value)


class MoveCommand(_DocCommand):
    def __init__(self, doc: FactionDocument, list_path: DataPath, index: int, dest: int,
                 text: str) -> None:
        super().__init__(doc, (*list_path, dest), text)
        self.list_path = list_path
        self.index = index
        self.dest = dest

    def apply(self) -> None:
        self.doc.move(self.list_path, self.index, self.dest)

    def unapply(self) -> None:
        self.doc.move(self.list_path, self.dest, self.index)

    def undo(self) -> None:
        self.unapply()
        self.doc.request_reveal((*self.list_path, self.index))
