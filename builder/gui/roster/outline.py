"""The roster as a tree model: its forces, each force's categories with the selections under
them, each selection's children, and child forces — in the order New Recruit shows them
(:mod:`builder.battlescribe.engine.order`), with each row's count and costs.

After every change the model works out the tree again from the roster and its evaluation and
tells the view only what differs: rows gone, rows new, rows moved (a renamed selection sorts
elsewhere), cells whose texts changed. The rows are the roster's own objects, so what the
user expanded and selected stays so across edits, undo and redo. The model holds no rules:
a count typed in place becomes an undo command (:class:`~.commands.SetCountCommand`).

The cells are Qt's own items (a :class:`QStandardItemModel`): painting the tree asks Python
nothing (a view asks a cell for seven roles, and a row's parent many times, at each paint: a
model answering in Python cost three times as much to paint, after every edit).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QFont, QStandardItem, QStandardItemModel, QUndoStack

from builder.battlescribe.engine.order import ordered_children, ordered_forces
from builder.battlescribe.engine.roster import Category, Force, Selection
from builder.battlescribe.engine.state import ordered_selections
from builder.document.roster import number
from builder.gui import icons
from builder.gui.roster.commands import SetCountCommand
from builder.i18n import _

if TYPE_CHECKING:
    from builder.battlescribe.engine.evaluate import Evaluation
    from builder.document.roster import RosterReport
    from builder.gui.roster.document import RosterDocument

Index = QModelIndex | QPersistentModelIndex
Item = Force | Category | Selection

NAME, COUNT = 0, 1
"""The first columns; then one per cost type shown (:attr:`RosterOutline.cost_types`)."""
OBJECT_ROLE = Qt.ItemDataRole.UserRole + 40
"""The row's force, category or selection (in every cell of the row)."""
SEVERITY_ROLE = Qt.ItemDataRole.UserRole + 41
"""``error`` or ``warning`` when a finding is raised on the row's object, else None (in its
name's cell)."""
AMOUNT_ROLE = Qt.ItemDataRole.UserRole + 42
"""A selection's own count, which its count cell edits (the cell shows how many there are in
all: two swords for each of three warriors show 6)."""
ORDER_ROLE = Qt.ItemDataRole.UserRole + 43
"""Where a row goes among its siblings when they change places (the model's sort role)."""
MAX_COUNT = 1_000_000
_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_EDITABLE = _FLAGS | Qt.ItemFlag.ItemIsEditable
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_FONT, _DECORATION, _TIP = (Qt.ItemDataRole.FontRole, Qt.ItemDataRole.DecorationRole,
                            Qt.ItemDataRole.ToolTipRole)


class _Node:
    """One row: its object, its parent row, its children rows and its cells (Qt's items, the
    name's first); ``shown`` is what its cells say (to tell the view only of what changed)."""

    __slots__ = ("obj", "parent", "children", "shown", "items")

    def __init__(self, obj: Any, parent: _Node | None) -> None:
        self.obj = obj
        self.parent = parent
        self.children: list[_Node] = []
        self.shown: tuple[Any, ...] = ()
        self.items: list[QStandardItem] = []


def selection_name(ev: Evaluation, selection: Selection) -> str:
    """A selection's name as the roster shows it: its own, else its entry's after
    modifiers."""
    effect = ev.effects.get(selection)
    return selection.custom_name or (effect.name if effect is not None else selection.node.name)


def force_name(ev: Evaluation, force: Force) -> str:
    effect = ev.force_effects.get(force)
    return force.custom_name or (effect.name if effect is not None else force.name)


def category_name(category: Category) -> str:
    if category.custom_name:
        return category.custom_name
    return _("Uncategorised") if category.entry is None and category.link is None \
        else category.name


def in_roster(item: Force | Category | Selection) -> bool:
    """Whether ``item`` is in its roster still (an undo may have taken it, or what holds it,
    out): the panels that show one let go of it then."""
    child: Any = item.force if isinstance(item, Category) else item
    if isinstance(item, Category) and not any(c is item for c in child.categories):
        return False
    parent = child.parent
    while isinstance(parent, Force | Selection):
        if isinstance(child, Force):
            pool: list[Any] = parent.forces  # type: ignore[union-attr]
        else:
            pool = parent.selections if isinstance(parent, Force) else parent.children
        if not any(c is child for c in pool):
            return False
        child, parent = parent, parent.parent
    return any(c is child for c in parent.forces)


class RosterOutline(QStandardItemModel):
    """The tree of the open roster (see the module's docstring)."""

    followed = Signal()
    """The tree follows a change (its texts may be wider or narrower)."""

    def __init__(self, doc: RosterDocument, stack: QUndoStack) -> None:
        super().__init__()
        self.doc, self.stack = doc, stack
        self._root = _Node(None, None)
        self._of: dict[int, _Node] = {}
        """Every row by its object's id()."""
        self.cost_types: list[tuple[str, str]] = []
        """(id, name) of the cost types with a column, in the game's order."""
        self._severity: dict[int, str] = {}
        self._plan: dict[int, tuple[list[Any], tuple[Any, ...]]] = {}
        """For the evaluation followed: id(object) -> (its children, its cells)."""
        self._bold = QFont()
        self._bold.setBold(True)
        self._italic = QFont()
        self._italic.setItalic(True)
        self.setSortRole(ORDER_ROLE)
        doc.was_reset.connect(self.reset)
        doc.validated.connect(self.follow)
        self.reset()

    # -- following the roster -----------------------------------------------------------

    def reset(self) -> None:
        """Another roster: the tree made anew (the view told once, as a reset)."""
        self.beginResetModel()
        blocked = self.blockSignals(True)  # (each row made is not told: the reset tells all)
        try:
            self.removeRows(0, self.rowCount())
            self._root.children = []
            self._of.clear()
            self.cost_types = self._cost_types()
            self.setColumnCount(2 + len(self.cost_types))
            # (the cost types in the data's own words)
            self.setHorizontalHeaderLabels(
                [_("Name"), _("Count"), *(name for _i, name in self.cost_types)])
            self._severity = self._severities(self.doc.report)
            self._plan = self._work_out()
            root = self.invisibleRootItem()
            for obj in self._plan[0][0]:
                node = self._made(obj, self._root)
                self._root.children.append(node)
                root.appendRow(node.items)
            self._plan = {}
        finally:
            self.blockSignals(blocked)
        self.endResetModel()

    def follow(self, report: RosterReport | None = None) -> None:
        """After a change: rows gone, new, moved and changed told to the view."""
        if self._cost_types() != self.cost_types:  # (a cost type met for the first time)
            self.reset()
            return
        self._severity = self._severities(report or self.doc.report)
        self._plan = self._work_out()
        try:
            self._sync(self._root, self._plan[0][0])
        finally:
            self._plan = {}
        self.followed.emit()

    def _cost_types(self) -> list[tuple[str, str]]:
        roster = self.doc.roster
        seen = set(roster.seen_costs) | set(roster.cost_limits)
        return [(t.id, t.name) for t in roster.cost_types()
                if not t.hidden and t.id in seen]

    @staticmethod
    def _severities(report: RosterReport) -> dict[int, str]:
        found: dict[int, str] = {}
        for finding in report.findings:
            owner = getattr(finding, "owner", None)
            if owner is None or found.get(id(owner)) == "error":
                continue
            if finding.severity in ("error", "warning"):
                found[id(owner)] = finding.severity
        return found

    # -- what the tree holds -----------------------------------------------------------------

    def _forces(self) -> list[Force]:
        roster = self.doc.roster
        return ordered_forces(roster.forces, roster)

    def _work_out(self) -> dict[int, tuple[list[Any], tuple[Any, ...]]]:
        """Every row's children and cells for the evaluation now, in one pass: a force's
        categories (those holding a selection, or raised a finding on) with their root
        selections, its child forces; a selection's children; each row's costs with what it
        holds."""
        ev = self.doc.evaluation
        types = [t for t, _n in self.cost_types]
        plan: dict[int, tuple[list[Any], tuple[Any, ...]]] = {}

        def cells(obj: Any, name: str, count: object, costs: dict[str, float],
                  hidden: bool) -> tuple[Any, ...]:
            return (name, count, tuple(_cost(costs.get(t, 0.0)) if costs.get(t) or
                                       isinstance(obj, Selection) else "" for t in types),
                    hidden, self._severity.get(id(obj)),
                    obj.amount if isinstance(obj, Selection) else None)

        def selection(item: Selection) -> dict[str, float]:
            children = ordered_children(item)
            effect = ev.effects.get(item)
            costs = dict(ev.costs(item)) if effect is not None else {}
            for child in children:
                _add(costs, selection(child))
            plan[id(item)] = (children, cells(
                item, item.custom_name or (effect.name if effect is not None else
                                           item.node.name), item.number, costs,
                effect.hidden if effect is not None else False))
            return costs

        def force(item: Force) -> dict[str, float]:
            by_category: dict[int, list[Selection]] = {}
            loose: list[Selection] = []
            for root in ordered_selections(item, ev):
                category = ev.primary_category(root)
                if category is None:
                    loose.append(root)  # (no category of the force holds it)
                else:
                    by_category.setdefault(id(category), []).append(root)
            shown = [c for c in item.categories
                     if id(c) in by_category or id(c) in self._severity]
            total: dict[str, float] = {}
            for category in shown:
                roots = by_category.get(id(category), [])
                costs: dict[str, float] = {}
                for root in roots:
                    _add(costs, selection(root))
                plan[id(category)] = (roots, cells(category, category_name(category), "",
                                                   costs, False))
                _add(total, costs)
            for root in loose:
                _add(total, selection(root))
            children = ordered_forces(item.forces, item)
            for child in children:
                force(child)
            plan[id(item)] = ([*shown, *loose, *children], cells(
                item, force_name(ev, item), "", total, False))
            return total

        forces = self._forces()
        for item in forces:
            force(item)
        plan[0] = (forces, ())
        return plan

    def _children_of(self, obj: Any) -> list[Any]:
        return self._plan[id(obj)][0]

    def _made(self, obj: Any, parent: _Node) -> _Node:
        """A row for ``obj`` with its cells and the rows it holds (not in the model yet)."""
        node = _Node(obj, parent)
        self._of[id(obj)] = node
        editable = isinstance(obj, Selection)
        node.items = items = [QStandardItem() for _c in range(self.columnCount())]
        for column, item in enumerate(items):
            item.setFlags(_EDITABLE if editable and column == COUNT else _FLAGS)
            item.setData(obj, OBJECT_ROLE)
            if column != NAME:
                item.setTextAlignment(_RIGHT)
        if isinstance(obj, Force):
            for item in items:
                item.setFont(self._bold)
            items[NAME].setToolTip(_("{force} from {catalogue}").format(
                force=obj.entry.name, catalogue=obj.catalogue.name))
        self._show(node, self._plan[id(obj)][1])
        for child in self._children_of(obj):
            kid = self._made(child, node)
            node.children.append(kid)
            items[NAME].appendRow(kid.items)
        return node

    def _show(self, node: _Node, cells: tuple[Any, ...]) -> None:
        """The row's cells say ``cells`` (only those that changed are set)."""
        old = node.shown or (None,) * len(cells)
        node.shown = cells
        name, count, costs, hidden, severity, amount = cells
        items = node.items
        if name != old[0]:
            items[NAME].setText(name)
        if count != old[1]:
            items[COUNT].setData(count, Qt.ItemDataRole.DisplayRole)
        old_costs = old[2] or ()
        for i, text in enumerate(costs):
            if i >= len(old_costs) or old_costs[i] != text:
                items[2 + i].setText(text)
        if severity != old[4]:
            items[NAME].setData(icons.severity(severity) if severity else None, _DECORATION)
            items[NAME].setData(severity, SEVERITY_ROLE)
        if amount != old[5]:
            items[COUNT].setData(amount, AMOUNT_ROLE)
        if hidden != old[3] and not isinstance(node.obj, Force):
            for item in items:
                item.setData(self._italic if hidden else None, _FONT)
        obj = node.obj
        if isinstance(obj, Selection) and (name, count, hidden, amount) != (
                old[0], old[1], old[3], old[5]):
            items[NAME].setData(self._tip(obj, hidden), _TIP)

    def _forget(self, node: _Node) -> None:
        for child in node.children:
            self._forget(child)
        if self._of.get(id(node.obj)) is node:
            del self._of[id(node.obj)]

    def _sync(self, node: _Node, wanted: list[Any]) -> None:
        """Make ``node``'s rows the objects ``wanted``, the view told each step."""
        holder = node.items[NAME] if node.items else self.invisibleRootItem()
        old = [child.obj for child in node.children]
        if old != wanted:
            keep = {id(obj) for obj in wanted}
            for row in range(len(node.children) - 1, -1, -1):
                if id(node.children[row].obj) not in keep:
                    self._forget(node.children.pop(row))
                    holder.removeRow(row)
            staying = {id(child.obj) for child in node.children}
            order = [obj for obj in wanted if id(obj) in staying]
            if [child.obj for child in node.children] != order:
                self._reorder(node, holder, order)
            for row, obj in enumerate(wanted):
                if row < len(node.children) and node.children[row].obj is obj:
                    continue
                kid = self._made(obj, node)
                node.children.insert(row, kid)
                holder.insertRow(row, kid.items)
        fresh = {id(obj) for obj in wanted} - {id(obj) for obj in old}
        for child in node.children:
            if id(child.obj) in fresh:
                continue  # (made just now, as it is)
            cells = self._plan[id(child.obj)][1]
            if cells != child.shown:
                self._show(child, cells)
            self._sync(child, self._children_of(child.obj))

    def _reorder(self, node: _Node, holder: QStandardItem, order: list[Any]) -> None:
        """The rows that stay, in another order: moved (sorted by where they go), so the
        view's expanded and selected rows follow them."""
        place = {id(obj): i for i, obj in enumerate(order)}
        blocked = self.blockSignals(True)  # (where a row goes is no cell the view shows)
        try:
            for child in node.children:
                child.items[NAME].setData(place[id(child.obj)], ORDER_ROLE)
        finally:
            self.blockSignals(blocked)
        holder.sortChildren(NAME)
        node.children.sort(key=lambda child: place[id(child.obj)])

    # -- reading rows ------------------------------------------------------------------------

    def index_of(self, obj: Any, column: int = 0) -> QModelIndex:
        """The row of a force, category or selection (invalid when it is not shown)."""
        node = self._of.get(id(obj))
        if node is None or not 0 <= column < len(node.items):
            return QModelIndex()
        return node.items[column].index()

    def texts(self, column: int) -> set[str]:
        """Every text of ``column`` (to fit its width)."""
        found: set[str] = set()

        def walk(node: _Node) -> None:
            for child in node.children:
                _name, count, costs, *_rest = child.shown
                found.add(str(count) if column == COUNT else costs[column - 2]
                          if 0 <= column - 2 < len(costs) else "")
                walk(child)

        walk(self._root)
        return found

    def objects(self) -> Iterator[Any]:
        """Every object shown, parents first."""
        def walk(node: _Node) -> Iterator[Any]:
            for child in node.children:
                yield child.obj
                yield from walk(child)
        return walk(self._root)

    @staticmethod
    def _tip(obj: Selection, hidden: bool) -> str | None:
        parts = []
        if obj.custom_name:
            parts.append(obj.node.name)
        if obj.number != obj.amount:
            parts.append(_("{n} in all: {amount} for each of {each}").format(
                n=obj.number, amount=obj.amount, each=obj.number // max(1, obj.amount)))
        if hidden:
            parts.append(_("Hidden by the data here: it cannot be chosen now"))
        return "\n".join(parts) or None

    # -- editing in place -------------------------------------------------------------------

    def setData(self, index: Index, value: object,  # noqa: N802
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        """A count typed in place: an undo step (the cells themselves are set by the
        model alone)."""
        obj = index.data(OBJECT_ROLE) if index.isValid() else None
        if role != Qt.ItemDataRole.EditRole or index.column() != COUNT \
                or not isinstance(obj, Selection):
            return False
        try:
            count = int(value)  # type: ignore[call-overload]
        except (TypeError, ValueError):
            return False
        if not 1 <= count <= MAX_COUNT:
            return False
        if count != obj.amount:
            self.stack.push(SetCountCommand(self.doc, obj, count))
        return True


def _add(totals: dict[str, float], more: dict[str, float]) -> None:
    for type_id, value in more.items():
        totals[type_id] = totals.get(type_id, 0.0) + value


def _cost(value: float) -> str:
    shown = number(value)
    return str(shown) if isinstance(shown, int) else f"{shown:g}"
