"""The roster table: a Qt model that adapts a :class:`WarbandDocument`.

It holds no rules. Edits (a count typed in the spin box, a combatant dropped from the
catalogue) become undo commands pushed on the stack it was given; the document then signals
the change and the model forwards it to the views.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QUndoStack

from builder.gui import icons
from builder.gui.commands import AddEntryCommand, SetCountCommand
from builder.gui.document import WarbandDocument
from builder.i18n import N_, _
from builder.model import Entry
from builder.rules import Report

COMBATANT_MIME = "application/x-spherewars-combatant"
"""Drag payload from the catalogue: combatant ids, one per line (UTF-8)."""

COMBATANT_ID_ROLE = Qt.ItemDataRole.UserRole + 1
"""The entry's combatant id (str)."""
KNOWN_ROLE = Qt.ItemDataRole.UserRole + 2
"""False when the faction data does not have the entry's combatant."""
FLAGGED_ROLE = Qt.ItemDataRole.UserRole + 3
"""True when an error finding names the entry's combatant."""

NAME, TYPE, COUNT, PE, SUBTOTAL = range(5)
HEADERS = (N_("Combatant"), N_("Type"), N_("Count"), "PE each", N_("Subtotal"))

_UNKNOWN_BRUSH = QBrush(QColor("#b00020"))

Index = QModelIndex | QPersistentModelIndex


def combatant_mime(ids: list[str]) -> QMimeData:
    mime = QMimeData()
    mime.setData(COMBATANT_MIME, "\n".join(ids).encode("utf-8"))
    return mime


def mime_combatants(mime: QMimeData) -> list[str]:
    if not mime.hasFormat(COMBATANT_MIME):
        return []
    raw = bytes(mime.data(COMBATANT_MIME).data()).decode("utf-8", "replace")
    return [line for line in raw.splitlines() if line]


class RosterModel(QAbstractTableModel):
    def __init__(self, doc: WarbandDocument, stack: QUndoStack) -> None:
        super().__init__()
        self.doc = doc
        self.stack = stack
        self._flagged: set[str] = set()
        doc.about_to_reset.connect(self.beginResetModel)
        doc.was_reset.connect(self.endResetModel)
        doc.entry_inserting.connect(lambda row: self.beginInsertRows(QModelIndex(), row, row))
        doc.entry_inserted.connect(lambda _row: self.endInsertRows())
        doc.entry_removing.connect(lambda row: self.beginRemoveRows(QModelIndex(), row, row))
        doc.entry_removed.connect(lambda _row: self.endRemoveRows())
        doc.entry_changed.connect(self._row_changed)
        doc.validated.connect(self._validated)
        self._validated(doc.report)

    # -- shape ---------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.doc.entries)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation == Qt.Orientation.Horizontal:
            if role == Qt.ItemDataRole.DisplayRole:
                faction = self.doc.faction
                cost = faction.game.cost if faction is not None else None
                if section == PE:  # the game's cost stat, e.g. "PE each"
                    return _("{cost} each").format(cost=cost) if cost else _("Cost each")
                return _(HEADERS[section])
            if role == Qt.ItemDataRole.TextAlignmentRole and section >= COUNT:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.ItemIsDropEnabled
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == COUNT:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    # -- reading -------------------------------------------------------------------------

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or index.row() >= len(self.doc.entries):
            return None
        row, col = index.row(), index.column()
        entry = self.doc.entry(row)
        combatant = self.doc.combatant(row)
        if role == Qt.ItemDataRole.DisplayRole:
            if col == NAME:
                if combatant is None:
                    return _("{id} (unknown combatant)").format(id=entry.combatant)
                return combatant.display_name
            if col == TYPE:
                faction = self.doc.faction
                if combatant is None or faction is None:
                    return "?"
                return faction.game.type_label(combatant.type)
            if col == COUNT:
                return entry.count
            if col == PE:
                faction = self.doc.faction
                return faction.cost(combatant) if combatant and faction else "–"
            if col == SUBTOTAL:
                faction = self.doc.faction
                return faction.cost(combatant) * entry.count if combatant and faction else 0
        elif role == Qt.ItemDataRole.EditRole and col == COUNT:
            return entry.count
        elif role == Qt.ItemDataRole.TextAlignmentRole and col >= COUNT:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        elif role == Qt.ItemDataRole.DecorationRole and col == NAME:
            if combatant is None or entry.combatant in self._flagged:
                return icons.severity("error")
            return None
        elif role == Qt.ItemDataRole.ForegroundRole and col == NAME and combatant is None:
            return _UNKNOWN_BRUSH
        elif role == Qt.ItemDataRole.ToolTipRole and col == NAME:
            if combatant is None:
                return _("'{id}' is not in the {faction} data. It is kept in the list and saved "
                         "back, but counts toward nothing.").format(
                    id=entry.combatant, faction=self.doc.warband.faction)
            return combatant.description
        elif role == COMBATANT_ID_ROLE:
            return entry.combatant
        elif role == KNOWN_ROLE:
            return combatant is not None
        elif role == FLAGGED_ROLE:
            return entry.combatant in self._flagged
        return None

    # -- editing: every change is an undo command ------------------------------------------

    def setData(self, index: Index, value: object,  # noqa: N802
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid() or index.column() != COUNT:
            return False
        try:
            count = int(value)  # type: ignore[call-overload]
        except (TypeError, ValueError):
            return False
        if count < 1:
            return False
        if count != self.doc.entry(index.row()).count:
            name = self.data(self.index(index.row(), NAME))
            self.stack.push(SetCountCommand(self.doc, index.row(), count,
                                            text=_("Change count of {name}").format(name=name)))
        return True

    # -- drag and drop from the catalogue ------------------------------------------------

    def supportedDropActions(self) -> Qt.DropAction:  # noqa: N802
        return Qt.DropAction.CopyAction

    def mimeTypes(self) -> list[str]:  # noqa: N802
        return [COMBATANT_MIME]

    def canDropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int,  # noqa: N802
                        column: int, parent: Index) -> bool:
        return bool(mime_combatants(data))

    def dropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int,  # noqa: N802
                     column: int, parent: Index) -> bool:
        ids = mime_combatants(data)
        if not ids:
            return False
        for cid in ids:
            add_combatant(self.doc, self.stack, cid)
        return True

    # -- helpers for the window ----------------------------------------------------------

    def _row_changed(self, row: int) -> None:
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(HEADERS) - 1),
                              [Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole])

    def _validated(self, report: Report) -> None:
        flagged = {cid for f in report.findings if f.severity == "error" for cid in f.combatants}
        if flagged != self._flagged:
            self._flagged = flagged
            if self.doc.entries:
                self.dataChanged.emit(self.index(0, NAME),
                                      self.index(len(self.doc.entries) - 1, NAME),
                                      [Qt.ItemDataRole.DecorationRole, FLAGGED_ROLE])


def add_combatant(doc: WarbandDocument, stack: QUndoStack, combatant_id: str) -> int:
    """Hire one more of a combatant: one more in its entry, or a new entry. Returns the row.

    This is the single path for every way of adding (double-click, Enter, button, drop).
    """
    faction = doc.faction
    combatant = faction.combatant(combatant_id) if faction else None
    name = combatant.display_name if combatant else combatant_id
    row = doc.row_of(combatant_id)
    if row is None:
        stack.push(AddEntryCommand(doc, Entry(combatant=combatant_id, count=1),
                                   text=_("Add {name}").format(name=name)))
        return len(doc.entries) - 1
    stack.push(SetCountCommand(doc, row, doc.entry(row).count + 1, merge=False,
                               text=_("Add {name}").format(name=name)))
    return row
