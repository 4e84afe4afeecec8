"""The roster as the view shows it: entries grouped by type, in the game's type order.

:class:`RosterGroups` is a proxy over the flat :class:`~builder.gui.panels.roster_model.RosterModel`
(one row per entry, in the document's order, which is also the saved file's). It adds one
heading row per type the list hires (Leaders, Messengers, Troops… as the game orders its
types, SPEC §5 ``types``), each carrying its group's models and points, with the group's
entries under it in the order they were added; entries whose combatant the faction data does
not have come last, under a heading of their own. Nothing is reordered in the document:
undo commands, findings and the saved file keep speaking of entry indices, and only the
view's rows are mapped.

Changes are forwarded as the smallest signals that describe them (a count edit repaints its
row and its heading, an added entry is one inserted row), so the view keeps its selection
and never lays out every row again for an edit.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from typing import cast

from PySide6.QtCore import (
    QAbstractProxyModel,
    QMimeData,
    QModelIndex,
    QModelRoleData,
    QModelRoleDataSpan,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont

from builder.gui.panels.roster_model import (
    _ALIGN,
    _DISPLAY,
    _FOREGROUND,
    _RIGHT,
    _TOOLTIP,
    _UNKNOWN_BRUSH,
    COUNT,
    COUNT_FLAGS,
    ENTRY_FLAGS,
    HEADERS,
    NAME,
    SUBTOTAL,
    RosterModel,
)
from builder.i18n import ngettext, number

Index = QModelIndex | QPersistentModelIndex

GROUP_ROLE = Qt.ItemDataRole.UserRole + 20
"""On a heading row: the group's type id ("" for the unknown combatants); None on an entry."""

_FONT = int(Qt.ItemDataRole.FontRole)
_BACKGROUND = int(Qt.ItemDataRole.BackgroundRole)
_HEADING_BRUSH = QBrush(QColor(128, 128, 128, 48))  # a shade that reads on light and dark
_TOTALS_ROLES = [Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole]
# Flags worked out once, the view asks for every cell it paints (an entry's are the flat
# model's ENTRY_FLAGS and COUNT_FLAGS)
_DROP = Qt.ItemFlag.ItemIsDropEnabled
_HEADING_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsDropEnabled


class _Group:
    """The entries of one type: their rows in the flat model (ascending) and their totals,
    kept up to date by the changes that reach the proxy (an edit costs no walk over the
    group)."""

    __slots__ = ("key", "uid", "rows", "models", "points", "dearest")

    def __init__(self, key: str | None, uid: int) -> None:
        self.key = key
        self.uid = uid
        """The heading's children carry it as their internal id; it never changes while the
        group lives, so a persistent index under a heading stays right when headings above
        it come and go."""
        self.rows: list[int] = []
        self.models = 0
        self.points = 0
        self.dearest = 0
        """The highest cost of one model among the group's entries."""


_Sums = tuple[int, int, int]
"""(models, points, cost of one model) of an entry, as last counted into its group."""


class RosterGroups(QAbstractProxyModel):
    """Headings by type over the flat roster; see the module's docstring."""

    def __init__(self, source: RosterModel) -> None:
        super().__init__()
        self._source = source
        self._groups: list[_Group] = []
        self._by_uid: dict[int, _Group] = {}
        self._of_row: list[_Group] = []
        """The group of each row of the flat model."""
        self._sums: list[_Sums] = []
        """What each row of the flat model last added to its group's totals."""
        self._next_uid = 1
        self._removing: tuple[_Group, int] | None = None
        self._bold = QFont()
        self._bold.setBold(True)
        self.setSourceModel(source)
        source.modelAboutToBeReset.connect(self.beginResetModel)
        source.modelReset.connect(self._reset)
        source.rowsInserted.connect(self._inserted)
        source.rowsAboutToBeRemoved.connect(self._about_to_remove)
        source.rowsRemoved.connect(self._removed)
        source.dataChanged.connect(self._changed)
        self._rebuild()

    # -- what the panel asks, in entry terms ---------------------------------------------

    @property
    def source(self) -> RosterModel:
        return self._source

    def entry_of(self, index: Index) -> int:
        """The entry a view row shows, or -1 for a heading (or no row)."""
        if not index.isValid() or index.internalId() == 0:
            return -1
        return self._by_uid[index.internalId()].rows[index.row()]

    def index_of_entry(self, entry: int, column: int = NAME) -> QModelIndex:
        if not 0 <= entry < len(self._of_row):
            return QModelIndex()
        group = self._of_row[entry]
        return self.createIndex(bisect_left(group.rows, entry), column, group.uid)

    def entries_in_view_order(self) -> list[int]:
        return [row for group in self._groups for row in group.rows]

    def group_totals(self) -> list[tuple[str | None, int, int, int]]:
        """(type id or None, models, points, highest cost) of each group, in view order."""
        return [(g.key, g.models, g.points, g.dearest) for g in self._groups]

    def is_heading(self, index: Index) -> bool:
        return index.isValid() and index.internalId() == 0

    # -- shape ---------------------------------------------------------------------------

    def index(self, row: int, column: int,
              parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if not 0 <= column < len(HEADERS):
            return QModelIndex()
        if not parent.isValid():
            if 0 <= row < len(self._groups):
                return self.createIndex(row, column, 0)
            return QModelIndex()
        if parent.internalId() != 0 or not 0 <= parent.row() < len(self._groups):
            return QModelIndex()  # entries have no children
        group = self._groups[parent.row()]
        if 0 <= row < len(group.rows):
            return self.createIndex(row, column, group.uid)
        return QModelIndex()

    def parent(self, child: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not child.isValid() or child.internalId() == 0:
            return QModelIndex()
        return self.createIndex(self._groups.index(self._by_uid[child.internalId()]), 0, 0)

    def sibling(self, row: int, column: int, index: Index) -> QModelIndex:
        """Without going through ``parent()``: the view asks for siblings on every change."""
        uid = index.internalId()
        if not index.isValid() or not 0 <= column < len(HEADERS):
            return QModelIndex()
        count = len(self._by_uid[uid].rows) if uid else len(self._groups)
        return self.createIndex(row, column, uid) if 0 <= row < count else QModelIndex()

    def buddy(self, index: Index) -> QModelIndex:
        """Editing any cell of an entry edits its count (F2, a double-click)."""
        if not index.isValid():
            return QModelIndex()
        column = COUNT if index.internalId() else index.column()  # a heading is its own
        return self.createIndex(index.row(), column, index.internalId())

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        if not parent.isValid():
            return len(self._groups)
        if parent.internalId() != 0 or parent.column() != 0:
            return 0
        return len(self._groups[parent.row()].rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return len(HEADERS)

    def hasChildren(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008, N802
        if not parent.isValid():
            return bool(self._groups)
        return parent.internalId() == 0 and parent.column() == 0  # a heading is never empty

    def mapToSource(self, proxy: Index) -> QModelIndex:  # noqa: N802
        if not proxy.isValid() or proxy.internalId() == 0:
            return QModelIndex()
        row = self._by_uid[proxy.internalId()].rows[proxy.row()]
        return self._source.index(row, proxy.column())

    def mapFromSource(self, source: Index) -> QModelIndex:  # noqa: N802
        if not source.isValid():
            return QModelIndex()
        return self.index_of_entry(source.row(), source.column())

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        return self._source.headerData(section, orientation, role)

    # -- reading -------------------------------------------------------------------------

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        row = index.row()
        if row < 0:
            return None
        uid = index.internalId()
        if uid:
            return self._source.value(self._by_uid[uid].rows[row], index.column(), role)
        return self._heading(self._groups[row], index.column(), role)

    def multiData(self, index: Index,  # noqa: N802
                  span: QModelRoleDataSpan | QModelRoleData) -> None:
        """Every role a painted cell asks for (font, alignment, colours, icon, text…) in one
        call from the view, not one call each: a repaint of the roster crosses into Python
        once per visible cell."""
        row = index.row()
        if row < 0:
            return
        uid, col = index.internalId(), index.column()
        if uid:
            value, entry = self._source.value, self._by_uid[uid].rows[row]
            for wanted in cast("Iterable[QModelRoleData]", span):
                wanted.setData(value(entry, col, wanted.role()))
        else:
            heading, group = self._heading, self._groups[row]
            for wanted in cast("Iterable[QModelRoleData]", span):
                wanted.setData(heading(group, col, wanted.role()))

    def _heading(self, group: _Group, col: int, role: int) -> object:
        if role == _DISPLAY:
            if col == NAME:
                return self._source.group_label(group.key)
            if col == COUNT:
                return group.models
            if col == SUBTOTAL:
                return group.points
            return None
        if role == _FONT:
            return self._bold
        if role == _ALIGN:
            return _RIGHT if col >= COUNT else None
        if role == _BACKGROUND:
            return _HEADING_BRUSH
        if role == _FOREGROUND:
            return _UNKNOWN_BRUSH if group.key is None else None
        if role == _TOOLTIP:
            return self._heading_tip(group)
        if role == GROUP_ROLE:
            return group.key or ""
        return None

    def _heading_tip(self, group: _Group) -> str:
        n, label = group.models, self._source.group_label(group.key)
        if group.key is None:
            return ngettext("{n} model the faction data does not have: it counts toward nothing",
                            "{n} models the faction data does not have: they count toward "
                            "nothing", n).format(n=number(n))
        cost = self._source.cost_name()
        if cost is None:
            return ngettext("{group}: {n} model", "{group}: {n} models", n).format(
                group=label, n=number(n))
        return ngettext("{group}: {n} model, {points} {cost}",
                        "{group}: {n} models, {points} {cost}", n).format(
            group=label, n=number(n), points=number(group.points), cost=cost)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return _DROP
        if index.internalId() == 0:  # a heading: shown, never selected or edited
            return _HEADING_FLAGS
        return COUNT_FLAGS if index.column() == COUNT else ENTRY_FLAGS

    # -- editing and dropping go to the flat model ---------------------------------------

    def setData(self, index: Index, value: object,  # noqa: N802
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        source = self.mapToSource(index)
        return source.isValid() and self._source.setData(source, value, role)

    def supportedDropActions(self) -> Qt.DropAction:  # noqa: N802
        return self._source.supportedDropActions()

    def mimeTypes(self) -> list[str]:  # noqa: N802
        return self._source.mimeTypes()

    def canDropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int,  # noqa: N802
                        column: int, parent: Index) -> bool:
        return self._source.canDropMimeData(data, action, -1, -1, QModelIndex())

    def dropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int,  # noqa: N802
                     column: int, parent: Index) -> bool:
        return self._source.dropMimeData(data, action, -1, -1, QModelIndex())

    # -- following the flat model --------------------------------------------------------

    def _counted(self, row: int) -> _Sums:
        source = self._source
        return source.count(row), source.subtotal(row), source.shown(row).cost or 0

    def _add(self, group: _Group, sums: _Sums, sign: int) -> None:
        group.models += sign * sums[0]
        group.points += sign * sums[1]
        if sign > 0:
            group.dearest = max(group.dearest, sums[2])
        elif sums[2] >= group.dearest:  # the dearest may have gone: look again
            group.dearest = max((self._sums[r][2] for r in group.rows), default=0)

    def _rebuild(self) -> None:
        source = self._source
        groups: dict[str | None, _Group] = {}
        self._of_row = []
        self._sums = []
        for row in range(source.rowCount()):
            key = source.group(row)
            group = groups.get(key)
            if group is None:
                group = groups[key] = self._new_group(key)
            group.rows.append(row)
            self._of_row.append(group)
            self._sums.append(self._counted(row))
            self._add(group, self._sums[-1], +1)
        self._groups = sorted(groups.values(), key=lambda g: source.group_rank(g.key))
        self._by_uid = {g.uid: g for g in self._groups}

    def _new_group(self, key: str | None) -> _Group:
        group = _Group(key, self._next_uid)
        self._next_uid += 1
        return group

    def _reset(self) -> None:
        self._rebuild()
        self.endResetModel()

    def _shift(self, start: int, by: int) -> None:
        """Entry rows from ``start`` on moved by ``by`` in the flat model."""
        for group in self._groups:
            rows = group.rows
            for i in range(bisect_left(rows, start), len(rows)):
                rows[i] += by

    def _inserted(self, _parent: Index, first: int, last: int) -> None:
        for row in range(first, last + 1):
            self._insert(row)

    def _insert(self, row: int) -> None:
        source = self._source
        self._shift(row, +1)
        key = source.group(row)
        sums = self._counted(row)
        group = next((g for g in self._groups if g.key == key), None)
        if group is None:  # the first of its type: a new heading, in the game's order
            group = self._new_group(key)
            rank = source.group_rank(key)
            at = next((i for i, g in enumerate(self._groups)
                       if source.group_rank(g.key) > rank), len(self._groups))
            self.beginInsertRows(QModelIndex(), at, at)
            group.rows.append(row)
            self._groups.insert(at, group)
            self._by_uid[group.uid] = group
            self._of_row.insert(row, group)
            self._sums.insert(row, sums)
            self._add(group, sums, +1)
            self.endInsertRows()
            return
        at = bisect_left(group.rows, row)
        self.beginInsertRows(self._heading_index(group), at, at)
        group.rows.insert(at, row)
        self._of_row.insert(row, group)
        self._sums.insert(row, sums)
        self._add(group, sums, +1)
        self.endInsertRows()
        self._totals_changed([group])

    def _about_to_remove(self, _parent: Index, first: int, last: int) -> None:
        if first != last:  # the document removes one entry at a time; be safe all the same
            self._removing = None
            self.beginResetModel()
            return
        group = self._of_row[first]
        if len(group.rows) == 1:
            at = self._groups.index(group)
            self.beginRemoveRows(QModelIndex(), at, at)
        else:
            at = bisect_left(group.rows, first)
            self.beginRemoveRows(self._heading_index(group), at, at)
        self._removing = (group, first)

    def _removed(self, _parent: Index, first: int, last: int) -> None:
        if self._removing is None:
            self._rebuild()
            self.endResetModel()
            return
        group, row = self._removing
        self._removing = None
        del self._of_row[row]
        sums = self._sums.pop(row)
        group.rows.remove(row)
        if not group.rows:
            self._groups.remove(group)
            del self._by_uid[group.uid]
        self._shift(row, -1)
        self._add(group, sums, -1)
        self.endRemoveRows()
        if group.rows:
            self._totals_changed([group])

    def _changed(self, top_left: QModelIndex, bottom_right: QModelIndex,
                 roles: Sequence[int] = ()) -> None:
        first, last = top_left.row(), bottom_right.row()
        left, right = top_left.column(), bottom_right.column()
        counted: list[_Group] = []
        if right >= COUNT and (not roles or Qt.ItemDataRole.DisplayRole in roles):
            for row in range(first, last + 1):  # one row for an edit
                group, old, new = self._of_row[row], self._sums[row], self._counted(row)
                if new != old:
                    self._sums[row] = new
                    self._add(group, old, -1)
                    self._add(group, new, +1)
                    if group not in counted:
                        counted.append(group)
        for group in self._groups:
            lo, hi = bisect_left(group.rows, first), bisect_right(group.rows, last) - 1
            if lo <= hi:
                self.dataChanged.emit(self.createIndex(lo, left, group.uid),
                                      self.createIndex(hi, right, group.uid), roles)
        self._totals_changed(counted)

    def _totals_changed(self, groups: list[_Group]) -> None:
        """A group's models and points changed: its heading's numbers follow."""
        for group in groups:
            at = self._groups.index(group)
            self.dataChanged.emit(self.createIndex(at, COUNT, 0),
                                  self.createIndex(at, SUBTOTAL, 0), _TOTALS_ROLES)

    def _heading_index(self, group: _Group) -> QModelIndex:
        return self.createIndex(self._groups.index(group), 0, 0)

