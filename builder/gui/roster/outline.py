"""The roster as a tree model: its forces, each force's categories with the selections under
them, each selection's children, and child forces — in the order New Recruit shows them
(:mod:`builder.battlescribe.engine.order`), with each row's count and costs.

After every change the model works out the tree again from the roster and its evaluation and
tells the view only what differs: rows gone, rows new, rows moved (a renamed selection sorts
elsewhere), rows whose texts changed. The rows are the roster's own objects, so what the
user expanded and selected stays so across edits, undo and redo. The model holds no rules:
a count typed in place becomes an undo command (:class:`~.commands.SetCountCommand`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QFont, QUndoStack

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
"""The row's force, category or selection."""
SEVERITY_ROLE = Qt.ItemDataRole.UserRole + 41
"""``error`` or ``warning`` when a finding is raised on the row's object, else None."""
MAX_COUNT = 1_000_000
_DISPLAY, _EDIT, _DECORATION, _TIP, _FONT, _ALIGN = (
    int(r) for r in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole,
                     Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.ToolTipRole,
                     Qt.ItemDataRole.FontRole, Qt.ItemDataRole.TextAlignmentRole))
_ANSWERED = frozenset({_DISPLAY, _EDIT, _DECORATION, _TIP, _FONT, _ALIGN, int(OBJECT_ROLE),
                       int(SEVERITY_ROLE)})
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_NO_FLAGS = Qt.ItemFlag.NoItemFlags
_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_EDITABLE = _FLAGS | Qt.ItemFlag.ItemIsEditable


class _Node:
    """One row: its object, its parent row and its children rows; ``shown`` is what its
    cells said last (to tell the view only of what changed)."""

    __slots__ = ("obj", "parent", "children", "key", "shown", "row")

    def __init__(self, obj: Any, parent: _Node | None, key: int) -> None:
        self.obj = obj
        self.parent = parent
        self.children: list[_Node] = []
        self.key = key
        self.shown: tuple[Any, ...] = ()
        self.row = 0
        """Its place among its parent's children (kept as they change: a view asks a
        row's parent hundreds of times a paint)."""


def _number(nodes: list[_Node], start: int = 0) -> None:
    for row in range(start, len(nodes)):
        nodes[row].row = row


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


class RosterOutline(QAbstractItemModel):
    """The tree of the open roster (see the module's docstring)."""

    followed = Signal()
    """The tree follows a change (its texts may be wider or narrower)."""

    def __init__(self, doc: RosterDocument, stack: QUndoStack) -> None:
        super().__init__()
        self.doc, self.stack = doc, stack
        self._keys = itertools.count(1)
        self._root = _Node(None, None, 0)
        self._nodes: dict[int, _Node] = {}
        """Every row by its key (a model index carries the key, never a Python object)."""
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
        doc.was_reset.connect(self.reset)
        doc.validated.connect(self.follow)
        self.reset()

    # -- following the roster -----------------------------------------------------------

    def reset(self) -> None:
        """Another roster: the tree made anew."""
        self.beginResetModel()
        self._root.children = []
        self._nodes.clear()
        self._of.clear()
        self.cost_types = self._cost_types()
        self._severity = self._severities(self.doc.report)
        self._plan = self._work_out()
        self._root.children = [self._made(obj, self._root) for obj in self._plan[0][0]]
        _number(self._root.children)
        self._plan = {}
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
                    hidden, self._severity.get(id(obj)))

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
        node = _Node(obj, parent, next(self._keys))
        self._nodes[node.key] = node
        self._of[id(obj)] = node
        node.children = [self._made(child, node) for child in self._children_of(obj)]
        _number(node.children)
        node.shown = self._plan[id(obj)][1]
        return node

    def _forget(self, node: _Node) -> None:
        for child in node.children:
            self._forget(child)
        self._nodes.pop(node.key, None)
        if self._of.get(id(node.obj)) is node:
            del self._of[id(node.obj)]

    def _sync(self, node: _Node, wanted: list[Any]) -> None:
        """Make ``node``'s rows the objects ``wanted``, telling the view each step."""
        parent = self._index_of(node)
        old = [child.obj for child in node.children]
        if old != wanted:
            keep = {id(obj) for obj in wanted}
            for row in range(len(node.children) - 1, -1, -1):
                if id(node.children[row].obj) not in keep:
                    self.beginRemoveRows(parent, row, row)
                    self._forget(node.children.pop(row))
                    _number(node.children, row)
                    self.endRemoveRows()
            staying = {id(child.obj) for child in node.children}
            order = [obj for obj in wanted if id(obj) in staying]
            if [child.obj for child in node.children] != order:
                self._reorder(node, parent, order)
            for row, obj in enumerate(wanted):
                if row < len(node.children) and node.children[row].obj is obj:
                    continue
                self.beginInsertRows(parent, row, row)
                node.children.insert(row, self._made(obj, node))
                _number(node.children, row)
                self.endInsertRows()
        fresh = {id(obj) for obj in wanted} - {id(obj) for obj in old}
        last = self.columnCount() - 1
        for row, child in enumerate(node.children):
            if id(child.obj) in fresh:
                continue  # (made just now, as it is)
            cells = self._plan[id(child.obj)][1]
            if cells != child.shown:
                child.shown = cells
                self.dataChanged.emit(self.index(row, 0, parent), self.index(row, last, parent))
            self._sync(child, self._children_of(child.obj))

    def _reorder(self, node: _Node, parent: QModelIndex, order: list[Any]) -> None:
        """The rows that stay, in another order: the view's expanded and selected rows
        follow them."""
        self.layoutAboutToBeChanged.emit()
        before = list(node.children)
        by_id = {id(child.obj): child for child in before}
        node.children = [by_id[id(obj)] for obj in order]
        _number(node.children)
        columns = self.columnCount()
        moved_from, moved_to = [], []
        for old_row, child in enumerate(before):
            new_row = child.row
            if new_row != old_row:
                for column in range(columns):
                    moved_from.append(self.createIndex(old_row, column, child.key))
                    moved_to.append(self.createIndex(new_row, column, child.key))
        self.changePersistentIndexList(moved_from, moved_to)
        self.layoutChanged.emit()

    # -- reading rows ------------------------------------------------------------------------

    def _node(self, index: Index) -> _Node:
        if not index.isValid():
            return self._root
        return self._nodes.get(index.internalId(), self._root)

    def _index_of(self, node: _Node, column: int = 0) -> QModelIndex:
        if node is self._root or node.parent is None:
            return QModelIndex()
        return self.createIndex(node.row, column, node.key)

    def index_of(self, obj: Any, column: int = 0) -> QModelIndex:
        """The row of a force, category or selection (invalid when it is not shown)."""
        node = self._of.get(id(obj))
        return self._index_of(node, column) if node is not None else QModelIndex()

    def item(self, index: Index) -> Item | None:
        node = self._node(index)
        return None if node is self._root else node.obj

    def texts(self, column: int) -> set[str]:
        """Every text of ``column`` (to fit its width)."""
        found: set[str] = set()

        def walk(node: _Node) -> None:
            for child in node.children:
                name, count, costs, _hidden, _severity = child.shown
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

    # -- the model's face ----------------------------------------------------------------------

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        node = self._node(parent)
        if not (0 <= row < len(node.children)) or not (0 <= column < self.columnCount()):
            return QModelIndex()
        return self.createIndex(row, column, node.children[row].key)

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid():
            return QModelIndex()
        node = self._nodes.get(index.internalId())
        if node is None or node.parent is None or node.parent is self._root:
            return QModelIndex()
        return self._index_of(node.parent)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        if parent.isValid() and parent.column() != 0:
            return 0
        return len(self._node(parent).children)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 2 + len(self.cost_types)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        if section == NAME:
            return _("Name")
        if section == COUNT:
            return _("Count")
        if 0 <= section - 2 < len(self.cost_types):
            return self.cost_types[section - 2][1]  # the data's own word
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return _NO_FLAGS
        if index.column() == COUNT:
            node = self._nodes.get(index.internalId())
            if node is not None and isinstance(node.obj, Selection):
                return _EDITABLE
        return _FLAGS

    def data(self, index: Index, role: int = _DISPLAY) -> object:
        # (called for every role of every cell painted: the roles it answers, as plain
        # numbers, are looked at first)
        role = int(role)
        if role not in _ANSWERED:
            return None
        node = self._nodes.get(index.internalId()) if index.isValid() else None
        if node is None:
            return None
        column = index.column()
        name, count, costs, hidden, severity = node.shown
        if role == _DISPLAY:
            if column == NAME:
                return name
            if column == COUNT:
                return count
            return costs[column - 2] if 0 <= column - 2 < len(costs) else ""
        obj = node.obj
        if role == _ALIGN:
            return _RIGHT if column != NAME else None
        if role == _FONT:
            return self._bold if isinstance(obj, Force) else self._italic if hidden else None
        if role == _DECORATION:
            return icons.severity(severity) if column == NAME and severity else None
        if role == _EDIT:
            return obj.amount if column == COUNT and isinstance(obj, Selection) else None
        if role == OBJECT_ROLE:
            return obj
        if role == SEVERITY_ROLE:
            return severity
        if role == _TIP:
            return self._tip(obj, hidden)
        return None

    def _tip(self, obj: Any, hidden: bool) -> str | None:
        if isinstance(obj, Force):
            return _("{force} from {catalogue}").format(force=obj.entry.name,
                                                         catalogue=obj.catalogue.name)
        if isinstance(obj, Selection):
            parts = []
            if obj.custom_name:
                parts.append(obj.node.name)
            if obj.number != obj.amount:
                parts.append(_("{n} in all: {amount} for each of {each}").format(
                    n=obj.number, amount=obj.amount, each=obj.number // max(1, obj.amount)))
            if hidden:
                parts.append(_("Hidden by the data here: it cannot be chosen now"))
            return "\n".join(parts) or None
        return None

    # -- editing in place -------------------------------------------------------------------

    def setData(self, index: Index, value: object,  # noqa: N802
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        obj = self.item(index)
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
