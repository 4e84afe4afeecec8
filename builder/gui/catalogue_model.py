"""The faction's combatants as a two-level tree: type groups (Leaders, Avatars, …) and
combatants, adapted from a :class:`~builder.model.Faction` for the catalogue view."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import (
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QFont, QStandardItem, QStandardItemModel

from builder.gui.roster_model import COMBATANT_ID_ROLE, COMBATANT_MIME, combatant_mime
from builder.i18n import N_, _
from builder.model import Combatant, Faction

FILTER_ROLE = Qt.ItemDataRole.UserRole + 10
"""Text the filter box matches: name, nickname and id of a combatant."""

NAME, PE, RANK, MARKS = range(4)
HEADERS = (N_("Combatant"), "PE", N_("Rank"), N_("Marks"))

Index = QModelIndex | QPersistentModelIndex


def marks(c: Combatant) -> str:
    """Short marks for recruiting: squad, per-combatant maximum."""
    out = []
    if c.squad:
        out.append(_("squad"))
    if c.max is not None:
        out.append(_("max {n}").format(n=c.max))
    return " · ".join(out)


class CatalogueModel(QStandardItemModel):
    """The tree is built once per faction into Qt's own item model: the filter proxy and the
    tree view then walk thousands of rows without calling back into Python for each one (a
    keystroke in the filter over 5,000 combatants took a second that way)."""

    def __init__(self, faction: Faction | None = None) -> None:
        super().__init__()
        self._bold = QFont()
        self._bold.setBold(True)
        self._combatants: dict[str, Combatant] = {}
        self._where: dict[str, tuple[int, int]] = {}
        self.set_faction(faction)

    def set_faction(self, faction: Faction | None) -> None:
        self.beginResetModel()
        blocked = self.blockSignals(True)  # one reset for the whole rebuild
        try:
            self.clear()
            self.setColumnCount(len(HEADERS))
            self.faction = faction
            self._combatants = {}
            self._where = {}
            if faction is not None:
                self._fill(faction)
        finally:
            self.blockSignals(blocked)
        self.endResetModel()

    def _fill(self, faction: Faction) -> None:
        game = faction.game
        root = self.invisibleRootItem()
        right = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        group_flags = Qt.ItemFlag.ItemIsEnabled
        member_flags = (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                        | Qt.ItemFlag.ItemIsDragEnabled)
        g = 0
        for kind in game.type_order:
            members = [c for c in faction.combatants if c.type == kind]
            if not members:
                continue
            head = []
            for col in range(len(HEADERS)):
                item = QStandardItem()
                if col == NAME:
                    item.setText(f"{game.type_label(kind, 2)} ({len(members)})")
                item.setFlags(group_flags)
                item.setFont(self._bold)
                item.setData("", FILTER_ROLE)
                head.append(item)
            rows = []
            for row, c in enumerate(members):
                cells = [QStandardItem() for _ in HEADERS]
                cells[NAME].setData(c.display_name, Qt.ItemDataRole.DisplayRole)
                cells[PE].setData(faction.cost(c), Qt.ItemDataRole.DisplayRole)
                cells[PE].setData(right, Qt.ItemDataRole.TextAlignmentRole)
                cells[RANK].setData(game.rank_label(c.rank), Qt.ItemDataRole.DisplayRole)
                cells[MARKS].setData(marks(c), Qt.ItemDataRole.DisplayRole)
                cells[NAME].setData(f"{c.name} {c.nickname or ''} {c.id}", FILTER_ROLE)
                for item in cells:
                    item.setFlags(member_flags)
                    item.setData(c.description, Qt.ItemDataRole.ToolTipRole)
                    item.setData(c.id, COMBATANT_ID_ROLE)
                rows.append(cells)
                self._combatants[c.id] = c
                self._where.setdefault(c.id, (g, row))
            root.appendRow(head)
            for cells in rows:
                head[NAME].appendRow(cells)
            g += 1

    def combatant(self, index: Index) -> Combatant | None:
        if not index.isValid() or not index.parent().isValid():
            return None
        return self._combatants.get(index.data(COMBATANT_ID_ROLE))

    def index_of(self, combatant_id: str) -> QModelIndex:
        where = self._where.get(combatant_id)
        if where is None:
            return QModelIndex()
        return self.index(where[1], NAME, self.index(where[0], NAME))

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation == Qt.Orientation.Horizontal:
            if role == Qt.ItemDataRole.DisplayRole:
                if section == PE:  # the game's cost stat
                    game = self.faction.game if self.faction is not None else None
                    return (game.cost if game is not None else None) or _("Cost")
                return _(HEADERS[section])
            if role == Qt.ItemDataRole.TextAlignmentRole and section == PE:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    # -- dragging onto the roster --------------------------------------------------------

    def mimeTypes(self) -> list[str]:  # noqa: N802
        return [COMBATANT_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:  # noqa: N802
        ids: list[str] = []
        for index in indexes:
            c = self.combatant(index)
            if c is not None and c.id not in ids:
                ids.append(c.id)
        return combatant_mime(ids)

    def supportedDragActions(self) -> Qt.DropAction:  # noqa: N802
        return Qt.DropAction.CopyAction


class CatalogueFilter(QSortFilterProxyModel):
    """Narrows the tree by name as the user types; a group stays while a member matches."""

    def __init__(self, source: CatalogueModel) -> None:
        super().__init__()
        self.setSourceModel(source)
        self.setRecursiveFilteringEnabled(True)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterRole(FILTER_ROLE)
        self.setFilterKeyColumn(NAME)
