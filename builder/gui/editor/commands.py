"""Every edit of a faction is one of these undo commands, each calling the document's API.

Paths with list indices, not objects, identify what a command changes: the undo stack replays
commands in order, so an index means the same item when a command is undone as when it was
done. Undoing (and redoing after an undo) asks the views to bring the change into sight, so
the user sees what Ctrl+Z did even when it was on another tab or combatant.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from PySide6.QtGui import QUndoCommand, QUndoStack

from builder.gui.editor.document import DataPath, FactionDocument
from builder.i18n import _

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
    """Replace one value (and with ``also``, others with it: the id that follows a name).
    Consecutive edits of the same field merge (typing a name letter by letter, or stepping a
    spin box, is one undo step); an edit that comes back to where it started makes the
    command obsolete, so the stack drops it."""

    def __init__(self, doc: FactionDocument, path: DataPath, value: Any, text: str,
                 also: Mapping[DataPath, Any] | None = None) -> None:
        super().__init__(doc, path, text)
        self.path = path
        self.paths: tuple[DataPath, ...] = (path, *(also or {}))
        self.old = [copy.deepcopy(doc.get(p)) for p in self.paths]
        self.new = [copy.deepcopy(value), *(copy.deepcopy(v) for v in (also or {}).values())]

    def id(self) -> int:
        return SET_VALUE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 (Qt override)
        if not isinstance(other, SetValueCommand) or other.paths != self.paths:
            return False
        self.new = other.new
        self.setObsolete(self.new == self.old)
        return True

    def apply(self) -> None:
        self.doc.set_values(zip(self.paths, self.new, strict=True))

    def unapply(self) -> None:
        self.doc.set_values(zip(self.paths, self.old, strict=True))


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


RENAME_ABILITY_ID = 1002


class RenameAbilityCommand(_DocCommand):
    """Change the id of a glossary ability and of every reference to it, as one step.

    The references are found once, when the rename starts, and followed by place, so typing
    the new id letter by letter (merged into this one command) never loses or steals one even
    when a half-typed id matches another ability.
    """

    def __init__(self, doc: FactionDocument, index: int, new_id: Any, text: str,
                 refs: list[tuple[int, int]] | None = None) -> None:
        super().__init__(doc, ("abilities", index, "id"), text)
        self.index = index
        self.old = doc.get(("abilities", index, "id"))
        self.new = new_id
        self.refs = refs if refs is not None else (
            doc.glossary_users(self.old) if self.old else [])

    def id(self) -> int:
        return RENAME_ABILITY_ID

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 (Qt override)
        if not isinstance(other, RenameAbilityCommand) or other.index != self.index:
            return False
        self.new = other.new
        self.setObsolete(self.new == self.old)
        return True

    def _rename(self, value: Any) -> None:
        self.doc.set(("abilities", self.index, "id"), value)
        for i, j in self.refs:
            self.doc.set(("combatants", i, "abilities", j), value)

    def apply(self) -> None:
        self._rename(self.new)

    def unapply(self) -> None:
        self._rename(self.old)


def rename_ability(stack: QUndoStack, doc: FactionDocument, index: int, new_id: Any) -> None:
    """Push a rename; while it will merge into the rename on top of the stack (the user is
    still typing the id), it follows the references that rename found, not the ones the
    half-typed id happens to match now."""
    top = stack.command(stack.index() - 1) if stack.index() > 0 else None
    refs = None
    if isinstance(top, RenameAbilityCommand) and top.index == index and \
            stack.index() != stack.cleanIndex():
        refs = top.refs
    stack.push(RenameAbilityCommand(doc, index, new_id, _("Change ability id"), refs))
