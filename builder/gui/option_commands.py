"""Undo commands for what SPEC §9 adds to a list: an entry's options and the list's picks.

They call the document's API as every other command does (``commands.py``); rows identify
entries for the same reason given there.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from builder.gui.document import WarbandDocument

OPTIONS_ID = 5
"""Merge id: steps of one option's spin box on one entry fold into one undo step."""


class SetOptionsCommand(QUndoCommand):
    """Change what one entry took (option id -> times). With ``merge``, consecutive steps
    on the same entry and option merge (three clicks on the arrow undo together); a step
    back to where it started makes the command obsolete."""

    def __init__(self, doc: WarbandDocument, row: int, options: dict[str, int], text: str,
                 *, merge_key: str | None = None) -> None:
        super().__init__(text)
        self.doc = doc
        self.row = row
        self.old = dict(doc.entry(row).options)
        self.new = {oid: n for oid, n in options.items() if n > 0}
        self.merge_key = merge_key

    def id(self) -> int:
        return OPTIONS_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 (Qt override)
        if not isinstance(other, SetOptionsCommand) or other.row != self.row \
                or other.merge_key is None or other.merge_key != self.merge_key:
            return False
        self.new = other.new
        self.setObsolete(self.new == self.old)
        return True

    def redo(self) -> None:
        self.doc.set_options(self.row, self.new)

    def undo(self) -> None:
        self.doc.set_options(self.row, self.old)


class SetPicksCommand(QUndoCommand):
    """Take or drop picks: the list's picks before and after."""

    def __init__(self, doc: WarbandDocument, picks: list[str], text: str) -> None:
        super().__init__(text)
        self.doc = doc
        self.old = list(doc.warband.picks)
        self.new = list(picks)

    def redo(self) -> None:
        self.doc.set_picks(self.new)

    def undo(self) -> None:
        self.doc.set_picks(self.old)
