"""The faction's combatants as one table: a heading row per type group (Leaders, Avatars, …)
followed by its combatants, each with how many the list hires against its cap and dimmed when
one more would break a rule (:mod:`builder.rules.headroom`).

Why this shape, measured at 5,000 combatants:
- the texts live in Qt's own item model, so painting a row never calls into Python (a Python
  model cost ~5 ms more per paint of the catalogue: a call from C++ per cell for its index,
  flags and data);
- the filter runs in Qt too (:class:`CatalogueFilter`, a fixed string against a hidden column
  of case-folded names), and a keystroke that shows the same rows as before costs nothing;
- the view is a table, whose layout does not grow with its rows (a tree lays every row out
  again after each change of the filter).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import (
    QLocale,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QFont, QFontMetrics, QStandardItem, QStandardItemModel

from builder.gui.panels.choices import unit_size
from builder.gui.panels.roster_model import COMBATANT_MIME, combatant_mime
from builder.i18n import N_, _
from builder.model import Combatant, Faction
from builder.rules.headroom import Room, Rooms

NAME, HIRED, PE, RANK, MARKS, FIND = range(6)
COST = PE
HEADERS = (N_("Combatant"), N_("Hired"), "PE", N_("Rank"), N_("Marks"), "")
"""Column headings (translated where shown); the cost column shows the game's cost stat."""
RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_FOREGROUND = Qt.ItemDataRole.ForegroundRole

Index = QModelIndex | QPersistentModelIndex


def marks(c: Combatant) -> str:
    """Short marks for recruiting: unit size, squad, per-combatant maximum."""
    out = []
    if c.unit is not None:
        out.append(_("units of {size}").format(size=unit_size(c.unit)))
    if c.squad:
        out.append(_("squad"))
    if c.max is not None:
        out.append(_("max {n}").format(n=c.max))
    return " · ".join(out)


def hired_text(hired: int, cap: int | None) -> str:
    """"2/5" (two hired, five allowed), "2" when no rule caps it, "" when none is hired."""
    if not hired:
        return ""
    return f"{hired}/{cap}" if cap is not None else str(hired)


def heading_text(label: str, shown: int, total: int) -> str:
    """A type group's heading: "Leaders (2)", or "Leaders (1 of 2)" while a filter hides
    some."""
    if shown < total:
        return _("{group} ({shown} of {total})").format(group=label, shown=shown, total=total)
    return _("{group} ({total})").format(group=label, total=total)


def needle_of(text: str) -> str:
    """What the filter looks for: the text case-folded, on one line."""
    return " ".join(text.split("\n")).strip().casefold()


@dataclass
class Group:
    """One type group: its heading row and its members (indexes into the faction's list)."""

    type_id: str
    label: str
    """The type's plural name ("Leaders")."""
    row: int
    """Its heading's row in the model."""
    members: list[int]


class CatalogueModel(QStandardItemModel):
    def __init__(self, faction: Faction | None = None) -> None:
        super().__init__()
        self._bold = QFont()
        self._bold.setBold(True)
        self.dim_brush = QBrush(Qt.GlobalColor.gray)
        """The text colour of a row that cannot be added without breaking a rule."""
        self.faction: Faction | None = None
        self.groups: list[Group] = []
        self._rows: list[int] = []
        """Per model row: a faction combatant index, or -1 - g for group g's heading."""
        self._row_of: list[int] = []
        """Per faction combatant index: its model row."""
        self._index: dict[str, int] = {}
        self.haystacks: list[str] = []
        """Per faction combatant: what the filter matches (name, nickname, id), case-folded."""
        self.names: list[str] = []
        """Each combatant's name as its row shows it ("Spearmen (3–5)")."""
        self._hired_rows: set[int] = set()
        """The rows that have a Hired item (made when the list first hires one)."""
        self._cells: list[tuple[QStandardItem, ...]] = []
        """Per model row, a combatant's Name, Cost, Rank and Marks items (none for a heading),
        to restyle a row without looking its items up. Only items made in Python are kept: a
        wrapper of one cloned in C++ never learns of its deletion, and a later object at the
        same address would be taken for it."""
        self._rooms: Rooms | None = None
        """What the rows show of the list (None: no list)."""
        self.set_faction(faction)

    # -- building

    def set_faction(self, faction: Faction | None) -> None:
        # One reset around the whole rebuild (QStandardItemModel.clear() would reset again
        # inside it: "beginResetModel called … without calling endResetModel first").
        self.beginResetModel()
        blocked = self.blockSignals(True)
        try:
            self._cells, self._hired_rows = [], set()
            self.removeRows(0, self.rowCount())
            self.faction, self._rooms = faction, None
            self.groups, self._rows, self._row_of, self._index = [], [], [], {}
            self.haystacks, self.names = [], []
            self.setColumnCount(0)  # (the fill appends its columns)
            if faction is not None:
                self._fill(faction)
            self.setColumnCount(len(HEADERS))
            self._set_headers(faction)
        finally:
            self.blockSignals(blocked)
        self.endResetModel()

    def _set_headers(self, faction: Faction | None) -> None:
        """Header texts held by the model itself (no call into Python to paint them)."""
        cost = faction.game.cost if faction is not None else None
        for col, text in enumerate(HEADERS):
            item = QStandardItem((cost or _("Cost")) if col == COST else _(text) if text else "")
            if col in (HIRED, COST):
                item.setData(RIGHT, Qt.ItemDataRole.TextAlignmentRole)
            if col == HIRED:  # (its column is as narrow as its numbers: the word may elide)
                item.setToolTip(_("How many the list hires, against the most the rules allow"))
            self.setHorizontalHeaderItem(col, item)

    def _fill(self, faction: Faction) -> None:
        """A column of items at a time, a call or two per cell (5,000 combatants in ~0.1 s);
        the Hired cells are made when the list first hires one."""
        game, combatants = faction.game, faction.combatants
        self._index = {c.id: i for i, c in enumerate(combatants)}
        self.haystacks = [f"{c.name} {c.nickname or ''} {c.id}".casefold()
                          for c in combatants]
        by_type: dict[str, list[int]] = {}
        for i, c in enumerate(combatants):
            by_type.setdefault(c.type, []).append(i)
        rows: list[int] = []
        for kind in game.type_order:
            if kind in by_type:
                self.groups.append(Group(kind, game.type_label(kind, 2), len(rows),
                                         by_type[kind]))
                rows.append(-1 - (len(self.groups) - 1))
                rows += by_type[kind]
        self._rows = rows
        self._row_of = [0] * len(combatants)
        for row, entry in enumerate(rows):
            if entry >= 0:
                self._row_of[entry] = row

        locale, cost = QLocale(), game.cost
        numbers: dict[int, str] = {}
        ranks: dict[str | None, str] = {}
        # (a combatant's cells keep QStandardItem's own flags: selectable and draggable, and
        # "editable", which a view that edits nothing never uses; one call makes a cell)
        cells: list[tuple[QStandardItem, ...]] = []
        # (the columns made here, in Python; Hired is made when first needed, the haystacks
        # in C++ below)
        columns: dict[int, list[QStandardItem]] = {col: [] for col in (NAME, COST, RANK, MARKS)}
        headings: list[tuple[int, QStandardItem]] = []  # (row, its FIND cell)
        for entry in rows:
            if entry < 0:
                group = self.groups[-1 - entry]
                for col in (NAME, COST, RANK, MARKS):
                    columns[col].append(self._heading())
                columns[NAME][-1].setText(heading_text(group.label, len(group.members),
                                                       len(group.members)))
                find = self._heading()
                find.setText("\n".join(self.haystacks[i] for i in group.members))
                headings.append((len(cells), find))
                cells.append(())
                continue
            c = combatants[entry]
            value = c.number(cost)
            number = numbers.get(value)
            if number is None:
                number = numbers[value] = locale.toString(value)  # as a view writes numbers
            rank = ranks.get(c.rank)
            if rank is None:
                rank = ranks[c.rank] = game.rank_label(c.rank)
            name = c.display_name if c.unit is None else _("{name} ({size})").format(
                name=c.display_name, size=unit_size(c.unit))
            self.names.append(name)
            made = (QStandardItem(name), QStandardItem(number), QStandardItem(rank),
                    QStandardItem(marks(c)))
            made[1].setData(RIGHT, Qt.ItemDataRole.TextAlignmentRole)
            for col, item in zip((NAME, COST, RANK, MARKS), made, strict=True):
                columns[col].append(item)
            cells.append(made)
        # (a heading row's haystack is its members' joined by newlines, which a filter never
        # holds: the heading shows exactly while one of its members does)
        self.appendColumn(columns[NAME])
        self.setColumnCount(HIRED + 1)
        for col in (COST, RANK, MARKS):
            self.appendColumn(columns[col])
        # The haystacks, read by the filter at every keystroke, are items the model makes in
        # C++: an item made in Python answers its first data() call through PySide's check
        # for a Python override (about 2.5 µs), and the first keystroke paid 14 ms for 5,000.
        self.setColumnCount(FIND + 1)
        index, set_data, haystacks = self.index, self.setData, self.haystacks
        for row, entry in enumerate(rows):
            if entry >= 0:
                set_data(index(row, FIND), haystacks[entry])
        for row, find in headings:
            self.setItem(row, FIND, find)
        self._cells = cells

    def _heading(self) -> QStandardItem:
        """A cell of a group's heading row. Made in Python, never cloned: a clone is made in
        C++, and its wrapper, kept by the model, outlives it when the rows are removed; a
        later object at the same address (a QAction, once) was then taken for that item."""
        item = QStandardItem()
        item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        item.setFont(self._bold)
        return item

    def fit_heading(self, column: int, width: int, metrics: QFontMetrics) -> None:
        """Elide a column's heading to ``width`` pixels (its tooltip says it whole)."""
        item = self.horizontalHeaderItem(column)
        if item is not None:
            whole = _(HEADERS[column])
            item.setText(metrics.elidedText(whole, Qt.TextElideMode.ElideRight, width))

    # -- reading it back

    def combatant(self, index: Index) -> Combatant | None:
        """The combatant of a row of this model (None: a heading, or nothing)."""
        if self.faction is None or not index.isValid() or index.model() is not self:
            return None
        entry = self._rows[index.row()]
        return self.faction.combatants[entry] if entry >= 0 else None

    def index_of(self, combatant_id: str, column: int = NAME) -> QModelIndex:
        i = self._index.get(combatant_id)
        return self.index(self._row_of[i], column) if i is not None else QModelIndex()

    def heading_rows(self) -> list[int]:
        return [group.row for group in self.groups]

    def room(self, combatant_id: str) -> Room:
        """What the row of ``combatant_id`` shows of the list: hired, cap, rules one more
        would break."""
        if self._rooms is None or combatant_id not in self._rooms.index:
            return Room(0, None)
        return self._rooms.room(combatant_id)

    # -- the filter's counts

    def matching(self, needle: str) -> list[list[int]]:
        """Per group, the members whose name, nickname or id contain ``needle`` (already
        case-folded: :func:`needle_of`)."""
        haystacks = self.haystacks
        if not needle:
            return [group.members for group in self.groups]
        return [[i for i in group.members if needle in haystacks[i]] for group in self.groups]

    def show_counts(self, shown: Sequence[Sequence[int]]) -> None:
        """Headings follow the filter: "Leaders (1 of 2)" while it hides some, else
        "Leaders (2)"."""
        for group, members in zip(self.groups, shown, strict=True):
            text = heading_text(group.label, len(members), len(group.members))
            item = self.item(group.row, NAME)
            if item is not None and item.text() != text:
                item.setText(text)

    # -- the list: hired, caps, and what cannot be added

    def show_rooms(self, rooms: Rooms | None) -> int:
        """Each row's hired count against its cap, dimmed when one more breaks a rule. Only
        the rows whose text or dimming changed are touched and signalled, found from the
        hired and dimmed combatants alone (a count edit changes one or two of 5,000). Returns
        how many rows changed."""
        old, self._rooms = self._rooms, rooms
        if not self._rows:
            return 0
        old_hired, old_breaks = (old.hired_at, old.breaks_at) if old is not None else ({}, {})
        old_caps = old.caps if old is not None else None
        hired, breaks = (rooms.hired_at, rooms.breaks_at) if rooms is not None else ({}, {})
        caps = rooms.caps if rooms is not None else None
        dimmed = old_breaks.keys() ^ breaks.keys()  # dimmed, or no longer
        counted = {i for i, _n in hired.items() ^ old_hired.items()}  # (compared in C)
        if old_caps != caps:  # (a bound moved: rare) the hired rows show the cap
            counted |= {i for i in hired if (old_caps and old_caps[i]) != (caps and caps[i])}
        if not dimmed and not counted:
            return 0
        blocked = self.blockSignals(True)  # one signal per run of rows, not one per cell
        try:
            for i in dimmed:
                self._dim(self._row_of[i], i in breaks)
            for i in counted:
                self._show_hired(self._row_of[i],
                                 hired_text(hired.get(i, 0), caps[i] if caps else None))
        finally:
            self.blockSignals(blocked)
        for first, last in _runs(sorted(self._row_of[i] for i in dimmed | counted)):
            self.dataChanged.emit(self.index(first, NAME), self.index(last, MARKS))
        return len(dimmed | counted)

    def _show_hired(self, row: int, text: str) -> None:
        item = self.item(row, HIRED)
        if item is None:
            if not text:
                return
            name = self.item(row, NAME)
            item = QStandardItem(text)
            item.setFlags(name.flags())
            item.setData(RIGHT, Qt.ItemDataRole.TextAlignmentRole)
            item.setData(name.data(_FOREGROUND), _FOREGROUND)
            self.setItem(row, HIRED, item)
            self._hired_rows.add(row)
        elif item.text() != text:
            item.setText(text)

    def _dim(self, row: int, dim: bool) -> None:
        brush = self.dim_brush if dim else None
        for item in self._cells[row]:
            item.setData(brush, _FOREGROUND)
        if row in self._hired_rows:
            hired = self.item(row, HIRED)
            if hired is not None:
                hired.setData(brush, _FOREGROUND)

    # -- dragging onto the roster

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
    """The rows whose name, nickname or id contain the filter text, under their headings.

    The matching is Qt's (a fixed string against the FIND column), so no row calls into
    Python; the same matching in Python first (under a millisecond at 5,000) gives the
    headings' counts and skips a keystroke that would show the same rows ("Generated" after
    "Generate")."""

    def __init__(self, source: CatalogueModel) -> None:
        super().__init__()
        self.setSourceModel(source)
        self.setFilterKeyColumn(FIND)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseSensitive)  # (both case-folded)
        self.setDynamicSortFilter(False)  # a hired count or a dimmed row never changes rows
        self.catalogue = source
        self._needle = ""
        self._shown: list[list[int]] = source.matching("")
        source.modelReset.connect(self._source_reset)

    def _source_reset(self) -> None:
        self._needle, self._shown = "", self.catalogue.matching("")
        self.setFilterFixedString("")

    def set_text(self, text: str) -> bool:
        """Filter by ``text``; returns whether the rows shown changed."""
        needle = needle_of(text)
        if needle == self._needle:
            return False
        shown = self.catalogue.matching(needle)
        self._needle = needle
        self.catalogue.show_counts(shown)
        if shown == self._shown:
            # the same rows: the proxy keeps its last text, which shows exactly these (it
            # filters only when told to: no dynamic filtering, and the source only resets)
            return False
        self._shown = shown
        self.setFilterFixedString(needle)
        return True

    @property
    def shown(self) -> int:
        """How many combatants the filter shows."""
        return sum(len(members) for members in self._shown)

    def combatant(self, index: Index) -> Combatant | None:
        if not index.isValid():
            return None
        return self.catalogue.combatant(self.mapToSource(index))

    def index_of(self, combatant_id: str, column: int = NAME) -> QModelIndex:
        """The row of ``combatant_id`` (invalid: unknown, or hidden by the filter)."""
        return self.mapFromSource(self.catalogue.index_of(combatant_id, column))

    def heading_rows(self) -> list[int]:
        return [row for row in (self.mapFromSource(self.catalogue.index(r, NAME)).row()
                                for r in self.catalogue.heading_rows()) if row >= 0]

    def headings(self) -> list[str]:
        """The group headings shown, top to bottom ("Leaders (2)", …)."""
        return [self.index(row, NAME).data() for row in self.heading_rows()]

    def first_combatant(self) -> QModelIndex:
        for row in range(self.rowCount()):
            index = self.index(row, NAME)
            if self.combatant(index) is not None:
                return index
        return QModelIndex()


def _runs(rows: list[int]) -> list[tuple[int, int]]:
    """Sorted rows as (first, last) runs of consecutive rows."""
    out: list[tuple[int, int]] = []
    for row in rows:
        if out and out[-1][1] == row - 1:
            out[-1] = (out[-1][0], row)
        else:
            out.append((row, row))
    return out
