"""The roster table: a Qt model that adapts a :class:`WarbandDocument`.

It holds no rules. Edits (a count typed in the spin box, a combatant dropped from the
catalogue) become undo commands pushed on the stack it was given; the document then signals
the change and the model forwards it to the views.
"""

from __future__ import annotations

from dataclasses import dataclass

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
from builder.model import Combatant, Entry, Faction
from builder.model.options import options_text
from builder.rules import Report

COMBATANT_MIME = "application/x-spherewars-combatant"
"""Drag payload from the catalogue: combatant ids, one per line (UTF-8)."""

COMBATANT_ID_ROLE = Qt.ItemDataRole.UserRole + 1
"""The entry's combatant id (str)."""
KNOWN_ROLE = Qt.ItemDataRole.UserRole + 2
"""False when the faction data does not have the entry's combatant."""
FLAGGED_ROLE = Qt.ItemDataRole.UserRole + 3
"""True when an error finding names the entry's combatant."""
COUNT_RANGE_ROLE = Qt.ItemDataRole.UserRole + 4
"""(least, most) models the count spin box offers: a unit's min..max (SPEC §9), widened to a
count outside it (a file may hold one: ``unit-size`` reports it), None for no bounds."""

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


_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_EDIT = int(Qt.ItemDataRole.EditRole)
_DECORATION = int(Qt.ItemDataRole.DecorationRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_ALIGN = int(Qt.ItemDataRole.TextAlignmentRole)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
ENTRY_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
"""An entry's cells; the Count cell is editable too."""
COUNT_FLAGS = ENTRY_FLAGS | Qt.ItemFlag.ItemIsEditable
"""The Count cell's: its count is edited in place."""


@dataclass(frozen=True, slots=True)
class _Shown:
    """What a row shows besides its count: worked out once per entry (and again after a
    change of it or a reset), so painting a row and re-fitting columns read it instead of
    looking the combatant up for every cell and role."""

    combatant: Combatant | None
    name: str
    """The combatant's name, with the options the entry took ("Levies — Bow, Drums ×2")."""
    type: str
    group: str | None
    """The combatant's type id; None for a combatant the faction data does not have."""
    cost: int | None
    """What one model costs; None for an unknown combatant (it counts toward nothing)."""


class RosterModel(QAbstractTableModel):
    """One row per entry of the document, in the document's order: row numbers here are
    entry indices (the grouped view maps them, :mod:`builder.gui.panels.roster_groups`)."""

    def __init__(self, doc: WarbandDocument, stack: QUndoStack) -> None:
        super().__init__()
        self.doc = doc
        self.stack = stack
        self._flagged: set[str] = set()
        self._shown: list[_Shown | None] = []
        self._faction: Faction | None = None
        doc.about_to_reset.connect(self.beginResetModel)
        doc.was_reset.connect(self._reset)
        doc.entry_inserting.connect(lambda row: self.beginInsertRows(QModelIndex(), row, row))
        doc.entry_inserted.connect(self._inserted)
        doc.entry_removing.connect(lambda row: self.beginRemoveRows(QModelIndex(), row, row))
        doc.entry_removed.connect(self._removed)
        doc.entry_changed.connect(self._row_changed)
        doc.validated.connect(self._validated)
        self._forget()
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
                cost = self.cost_name()
                if section == PE:  # the game's cost stat, e.g. "PE each"
                    return _("{cost} each").format(cost=cost) if cost else _("Cost each")
                return _(HEADERS[section])
            if role == Qt.ItemDataRole.TextAlignmentRole and section >= COUNT:
                return _RIGHT
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.ItemIsDropEnabled
        return COUNT_FLAGS if index.column() == COUNT else ENTRY_FLAGS

    def buddy(self, index: Index) -> QModelIndex:
        """Editing any cell of an entry edits its count."""
        return self.index(index.row(), COUNT) if index.isValid() else QModelIndex()

    # -- reading -------------------------------------------------------------------------

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        row = index.row()
        if row < 0 or row >= len(self.doc.entries):
            return None
        return self.value(row, index.column(), role)

    def value(self, row: int, col: int, role: int) -> object:
        """``data()`` for an entry row, without a model index (the grouped view calls it for
        every cell it paints: the usual roles come first and cost a lookup each)."""
        if role == _DISPLAY:
            shown = self.shown(row)
            if col == NAME:
                return shown.name
            if col == COUNT:
                return self.doc.entries[row].count
            if col == SUBTOTAL:
                return self.subtotal(row)
            if col == PE:
                return "–" if shown.cost is None else shown.cost
            if col == TYPE:
                return shown.type
            return None
        if role == _ALIGN:
            return _RIGHT if col >= COUNT else None
        if role >= COMBATANT_ID_ROLE:  # the custom roles, whatever the column
            return self._custom(row, role)
        if col == COUNT and role == _TOOLTIP:
            bounds = self.count_range(row)
            return None if bounds is None else _("A unit of {least} to {most} models").format(
                least=bounds[0], most=bounds[1])
        if col != NAME:
            return self.doc.entries[row].count if role == _EDIT and col == COUNT else None
        if role == _DECORATION:
            shown = self.shown(row)
            if shown.combatant is None or self.doc.entries[row].combatant in self._flagged:
                return icons.severity("error")
            return None
        if role == _FOREGROUND:
            return _UNKNOWN_BRUSH if self.shown(row).combatant is None else None
        if role == _TOOLTIP:
            shown, entry = self.shown(row), self.doc.entries[row]
            if shown.combatant is None:
                return _("'{id}' is not in the {faction} data. It is kept in the list and saved "
                         "back, but counts toward nothing.").format(
                    id=entry.combatant, faction=self.doc.warband.faction)
            return shown.combatant.description
        return None

    def _custom(self, row: int, role: int) -> object:
        if role == COMBATANT_ID_ROLE:
            return self.doc.entries[row].combatant
        if role == KNOWN_ROLE:
            return self.shown(row).combatant is not None
        if role == FLAGGED_ROLE:
            return self.doc.entries[row].combatant in self._flagged
        if role == COUNT_RANGE_ROLE:
            bounds, count = self.count_range(row), self.doc.entries[row].count
            return None if bounds is None else (min(bounds[0], count), max(bounds[1], count))
        return None

    def count_range(self, row: int) -> tuple[int, int] | None:
        """A unit's (min, max) models (SPEC §9); None when the combatant hires singly."""
        combatant = self.shown(row).combatant
        unit = combatant.unit if combatant is not None else None
        return (unit.min, unit.max) if unit is not None else None

    def shown(self, row: int) -> _Shown:
        """What entry ``row`` shows besides its count (cached until the entry or the data
        behind it changes)."""
        found = self._shown[row]
        if found is None:
            found = self._shown[row] = self._work_out(row)
        return found

    def _work_out(self, row: int) -> _Shown:
        entry, faction = self.doc.entries[row], self._faction
        combatant = faction.combatant(entry.combatant) if faction is not None else None
        if combatant is None or faction is None:
            return _Shown(None, _("{id} (unknown combatant)").format(id=entry.combatant), "?",
                          None, None)
        name = combatant.display_name
        if entry.options:
            offered = faction.options_for(combatant)
            name = _("{name} — {options}").format(name=name, options=", ".join(
                options_text(offered, entry.options)))
        return _Shown(combatant, name, faction.game.type_label(combatant.type),
                      combatant.type, faction.cost(combatant))

    def subtotal(self, row: int) -> int:
        """What entry ``row``'s models and options cost together; 0 for an unknown
        combatant."""
        shown, entry = self.shown(row), self.doc.entries[row]
        if shown.cost is None:
            return 0
        if entry.options and shown.combatant is not None and self._faction is not None:
            return self._faction.entry_cost(shown.combatant, entry.count, entry.options)
        return shown.cost * entry.count

    def count(self, row: int) -> int:
        return self.doc.entries[row].count

    # -- type groups: what the grouped view needs to know of the game --------------------

    def group(self, row: int) -> str | None:
        """Entry ``row``'s type id, or None when its combatant is unknown."""
        return self.shown(row).group

    def group_rank(self, group: str | None) -> int:
        """Where a type's group goes: the game's type order (SPEC §5 ``types``), the
        unknown combatants last."""
        order = self._faction.game.type_order if self._faction is not None else ()
        if group is None:
            return len(order) + 1
        return order.index(group) if group in order else len(order)

    def group_label(self, group: str | None) -> str:
        if group is None or self._faction is None:
            return _("Unknown combatants")
        return self._faction.game.type_label(group, 2)

    def type_label(self, group: str | None) -> str:
        """The Type column's text for an entry of the group."""
        if group is None or self._faction is None:
            return "?"
        return self._faction.game.type_label(group)

    def cost_name(self) -> str | None:
        """The game's cost stat ("PE"), None in a game without one."""
        return self._faction.game.cost if self._faction is not None else None

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
            name = self.shown(index.row()).name
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

    # -- following the document ----------------------------------------------------------

    def _forget(self) -> None:
        self._faction = self.doc.faction
        self._shown = [None] * len(self.doc.entries)

    def _reset(self) -> None:
        self._forget()  # another faction, other data, another list: nothing shown holds
        self.endResetModel()

    def _inserted(self, row: int) -> None:
        self._shown.insert(row, None)
        self.endInsertRows()

    def _removed(self, row: int) -> None:
        del self._shown[row]
        self.endRemoveRows()

    def _row_changed(self, row: int) -> None:
        self._shown[row] = None  # its options may have changed, and its name shows them
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(HEADERS) - 1),
                              [Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole])

    def _validated(self, report: Report) -> None:
        flagged = {cid for f in report.findings if f.severity == "error" for cid in f.combatants}
        if flagged != self._flagged:
            changed = flagged ^ self._flagged
            self._flagged = flagged
            rows = [row for row, e in enumerate(self.doc.entries) if e.combatant in changed]
            if rows:
                self.dataChanged.emit(self.index(min(rows), NAME), self.index(max(rows), NAME),
                                      [Qt.ItemDataRole.DecorationRole, FLAGGED_ROLE])


def add_combatant(doc: WarbandDocument, stack: QUndoStack, combatant_id: str) -> int:
    """Hire one more of a combatant: one more in its entry, or a new entry. Returns the row.

    This is the single path for every way of adding (double-click, Enter, button, drop).
    """
    faction = doc.faction
    combatant = faction.combatant(combatant_id) if faction else None
    name = combatant.display_name if combatant else combatant_id
    if combatant is not None and combatant.unit is not None:
        # a unit is an entry of its own (SPEC §9), hired at its least size
        stack.push(AddEntryCommand(doc, Entry(combatant=combatant_id, count=combatant.unit.min),
                                   text=_("Add {name}").format(name=name)))
        return len(doc.entries) - 1
    # one more joins the first entry that took no options (a different choice is another
    # entry: its own card)
    row = next((r for r, e in enumerate(doc.entries)
                if e.combatant == combatant_id and not e.options), None)
    if row is None:
        stack.push(AddEntryCommand(doc, Entry(combatant=combatant_id, count=1),
                                   text=_("Add {name}").format(name=name)))
        return len(doc.entries) - 1
    stack.push(SetCountCommand(doc, row, doc.entry(row).count + 1, merge=False,
                               text=_("Add {name}").format(name=name)))
    return row
