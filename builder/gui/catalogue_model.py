"""The faction's combatants as a two-level tree: type groups (Leaders, Avatars, …) and
combatants, adapted from a :class:`~builder.model.Faction` for the catalogue view."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import (
    QAbstractItemModel,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QFont

from builder.gui.roster_model import COMBATANT_ID_ROLE, COMBATANT_MIME, combatant_mime
from builder.model import Combatant, Faction

FILTER_ROLE = Qt.ItemDataRole.UserRole + 10
"""Text the filter box matches: name, nickname and id of a combatant."""

NAME, PE, RANK, MARKS = range(4)
HEADERS = ("Combatant", "PE", "Rank", "Marks")

_GROUP = 0  # internalId of group rows; combatant rows carry their group's index + 1

Index = QModelIndex | QPersistentModelIndex


def marks(c: Combatant) -> str:
    """Short marks for recruiting: squad, per-combatant maximum."""
    out = []
    if c.squad:
        out.append("squad")
    if c.max is not None:
        out.append(f"max {c.max}")
    return " · ".join(out)


class CatalogueModel(QAbstractItemModel):
    def __init__(self, faction: Faction | None = None) -> None:
        super().__init__()
        self._groups: list[tuple[str, list[Combatant]]] = []
        self._bold = QFont()
        self._bold.setBold(True)
        self.set_faction(faction)

    def set_faction(self, faction: Faction | None) -> None:
        self.beginResetModel()
        self.faction = faction
        self._groups = []
        if faction is not None:
            for kind in faction.game.type_order:
                members = [c for c in faction.combatants if c.type == kind]
                if members:
                    self._groups.append((kind, members))
        self.endResetModel()

    def combatant(self, index: Index) -> Combatant | None:
        if not index.isValid() or index.internalId() == _GROUP:
            return None
        return self._groups[index.internalId() - 1][1][index.row()]

    def index_of(self, combatant_id: str) -> QModelIndex:
        for g, (_kind, members) in enumerate(self._groups):
            for row, c in enumerate(members):
                if c.id == combatant_id:
                    return self.createIndex(row, NAME, g + 1)
        return QModelIndex()

    # -- tree shape ----------------------------------------------------------------------

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _GROUP)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or index.internalId() == _GROUP:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, _GROUP)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        if not parent.isValid():
            return len(self._groups)
        if parent.internalId() == _GROUP and parent.column() == 0:
            return len(self._groups[parent.row()][1])
        return 0

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation == Qt.Orientation.Horizontal:
            if role == Qt.ItemDataRole.DisplayRole:
                if section == PE:  # the game's cost stat
                    game = self.faction.game if self.faction is not None else None
                    return (game.cost if game is not None else None) or "Cost"
                return HEADERS[section]
            if role == Qt.ItemDataRole.TextAlignmentRole and section == PE:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        if index.internalId() == _GROUP:
            return Qt.ItemFlag.ItemIsEnabled
        return (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                | Qt.ItemFlag.ItemIsDragEnabled)

    # -- reading -------------------------------------------------------------------------

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        if index.internalId() == _GROUP:
            kind, members = self._groups[index.row()]
            if role == Qt.ItemDataRole.DisplayRole and index.column() == NAME:
                assert self.faction is not None
                return f"{self.faction.game.type_label(kind, 2)} ({len(members)})"
            if role == Qt.ItemDataRole.FontRole:
                return self._bold
            if role == FILTER_ROLE:
                return ""
            return None
        c = self._groups[index.internalId() - 1][1][index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == NAME:
                return c.display_name
            if col == PE:
                return self.faction.cost(c) if self.faction is not None else 0
            if col == RANK:
                return self.faction.game.rank_label(c.rank) if self.faction is not None else ""
            if col == MARKS:
                return marks(c)
        elif role == Qt.ItemDataRole.TextAlignmentRole and col == PE:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        elif role == Qt.ItemDataRole.ToolTipRole:
            return c.description
        elif role == COMBATANT_ID_ROLE:
            return c.id
        elif role == FILTER_ROLE:
            return f"{c.name} {c.nickname or ''} {c.id}"
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
