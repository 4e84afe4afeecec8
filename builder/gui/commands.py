"""Every edit of a warband is one of these undo commands, each calling the document's API.

Rows, not entry objects, identify entries: the undo stack replays commands in order, so a row
means the same entry when a command is undone as when it was done.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand

from builder.gui.document import WarbandDocument, copy_entry
from builder.i18n import N_, _, ngettext
from builder.model import Entry

# Merge ids (QUndoCommand.id): consecutive edits of the same kind fold into one undo step.
COUNT_ID = 1
NAME_ID = 2
POINTS_LIMIT_ID = 3
NOTES_ID = 4


class AddEntryCommand(QUndoCommand):
    def __init__(self, doc: WarbandDocument, entry: Entry, row: int | None = None,
                 text: str | None = None) -> None:
        super().__init__(text or _("Add {name}").format(name=entry.combatant))
        self.doc = doc
        self.entry = entry
        self.row = len(doc.entries) if row is None else row

    def redo(self) -> None:
        self.doc.insert_entry(self.row, copy_entry(self.entry))

    def undo(self) -> None:
        self.doc.remove_entry(self.row)


class RemoveEntriesCommand(QUndoCommand):
    """Remove several entries at once (Delete on a multiple selection is one undo step)."""

    def __init__(self, doc: WarbandDocument, rows: list[int], text: str | None = None) -> None:
        rows = sorted(set(rows))
        super().__init__(text or (_("Remove entry") if len(rows) == 1 else ngettext(
            "Remove {n} entry", "Remove {n} entries", len(rows)).format(n=len(rows))))
        self.doc = doc
        self.removed: list[tuple[int, Entry]] = [(r, doc.entry(r)) for r in rows]

    def redo(self) -> None:
        for row, _entry in reversed(self.removed):
            self.doc.remove_entry(row)

    def undo(self) -> None:
        for row, entry in self.removed:
            self.doc.insert_entry(row, copy_entry(entry))


class SetCountCommand(QUndoCommand):
    """Change one entry's count. Spin-box steps on the same entry merge into one step (five
    clicks on the up arrow undo together); a step that comes back to where it started makes
    the command obsolete, so the stack drops it."""

    def __init__(self, doc: WarbandDocument, row: int, count: int, *, merge: bool = True,
                 text: str | None = None) -> None:
        super().__init__(text or _("Change count"))
        self.doc = doc
        self.row = row
        self.old = doc.entry(row).count
        self.new = count
        self.merge = merge

    def id(self) -> int:
        return COUNT_ID if self.merge else -1

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 (Qt override)
        if not isinstance(other, SetCountCommand) or other.row != self.row or not other.merge:
            return False
        self.new = other.new
        self.setObsolete(self.new == self.old)
        return True

    def redo(self) -> None:
        self.doc.set_count(self.row, self.new)

    def undo(self) -> None:
        self.doc.set_count(self.row, self.old)


class MergingSet(QUndoCommand):
    """One value set: consecutive sets of the same value (the same command class and ``key``:
    a warband's name, a roster's limit of one cost type) merge into one undo step (typing a
    name letter by letter), and one that comes back to where it started is dropped. A
    subclass says how the value is read (:meth:`current`) and set (:meth:`apply`)."""

    merge_id = -1
    label = ""

    def __init__(self, doc: Any, new: object, key: object = None) -> None:
        super().__init__(_(self.label))
        self.doc, self.key, self.new = doc, key, new
        self.old = self.current()

    def current(self) -> object:
        raise NotImplementedError

    def apply(self, value: object) -> None:
        raise NotImplementedError

    def id(self) -> int:
        return self.merge_id

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 (Qt override)
        if type(other) is not type(self) or other.key != self.key:  # type: ignore[attr-defined]
            return False
        self.new = other.new  # type: ignore[attr-defined]
        self.setObsolete(self.new == self.old)
        return True

    def redo(self) -> None:
        self.apply(self.new)

    def undo(self) -> None:
        self.apply(self.old)


class _SetDetailCommand(MergingSet):
    """Change one of the warband's own fields."""

    doc: WarbandDocument

    def __init__(self, doc: WarbandDocument, new: object) -> None:
        super().__init__(doc, new)


class SetNameCommand(_SetDetailCommand):
    merge_id = NAME_ID
    label = N_("Rename warband")

    def current(self) -> object:
        return self.doc.warband.name

    def apply(self, value: object) -> None:
        self.doc.set_name(str(value))


class SetPointsLimitCommand(_SetDetailCommand):
    merge_id = POINTS_LIMIT_ID
    label = N_("Change points limit")

    def current(self) -> object:
        return self.doc.warband.points_limit

    def apply(self, value: object) -> None:
        self.doc.set_points_limit(value if value is None else int(str(value)))


class SetNotesCommand(_SetDetailCommand):
    merge_id = NOTES_ID
    label = N_("Edit notes")

    def current(self) -> object:
        return self.doc.warband.notes

    def apply(self, value: object) -> None:
        self.doc.set_notes(value if value is None else str(value))


class SetFactionCommand(QUndoCommand):
    """Change the list's faction, keeping the entries whose combatant the new faction has
    and removing the others, and the picks it offers (undo brings them back where they
    were). Never merges: it is a deliberate, rare step."""

    def __init__(self, doc: WarbandDocument, faction_id: str) -> None:
        super().__init__(_("Change faction"))
        self.doc = doc
        self.old = doc.warband.faction
        self.new = faction_id
        self.removed = [(row, doc.entry(row)) for row in self.missing_rows(doc, faction_id)]
        faction = doc.catalogue.get(faction_id)
        offered = faction.picks_offered if faction is not None else {}
        self.old_picks = list(doc.warband.picks)
        self.new_picks = [pick for pick in self.old_picks if pick in offered]

    @staticmethod
    def missing_rows(doc: WarbandDocument, faction_id: str) -> list[int]:
        """The entries naming a combatant that faction does not have."""
        faction = doc.catalogue.get(faction_id)
        return [row for row, entry in enumerate(doc.entries)
                if faction is None or faction.combatant(entry.combatant) is None]

    def redo(self) -> None:
        for row, _entry in reversed(self.removed):
            self.doc.remove_entry(row)
        self.doc.set_picks(self.new_picks)
        self.doc.set_faction(self.new)

    def undo(self) -> None:
        self.doc.set_faction(self.old)
        self.doc.set_picks(self.old_picks)
        for row, entry in self.removed:
            self.doc.insert_entry(row, copy_entry(entry))
