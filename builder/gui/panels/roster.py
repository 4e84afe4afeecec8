"""The roster: the hired entries, their counts, *More*, *Fewer* and *Remove*, turned into
undo commands on the document's stack; no rule here."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QItemSelection, QItemSelectionModel, Qt, Signal
from PySide6.QtGui import QAction, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from builder.gui.commands import (
    RemoveEntriesCommand,
    SetCountCommand,
)
from builder.gui.document import WarbandDocument
from builder.gui.panels.roster_count import CountDelegate
from builder.gui.panels.roster_groups import RosterGroups
from builder.gui.panels.roster_model import (
    COUNT,
    COUNT_RANGE_ROLE,
    HEADERS,
    NAME,
    PE,
    SUBTOTAL,
    TYPE,
    RosterModel,
    add_combatant,
)
from builder.gui.panels.roster_view import RosterView
from builder.gui.widgets import WrappedNames, fit_column, own_style, wrap_when_cut
from builder.i18n import _, ngettext, pgettext

DECORATION = int(Qt.ItemDataRole.DecorationRole)
MAX_STEP_COUNT = 99  # the + action stops here; typing a count goes up to the file's maximum


class RosterPanel(QWidget):
    """The list's entries under their type headings (the game's type order, each heading with
    its models and points, as the printout groups them): counts edited in place, *Remove*,
    and a word when it is empty.

    Its public face speaks of entries (indices into the document's list), never of the
    view's rows: the headings and the grouping stay inside the panel.
    """

    current_entry_changed = Signal(int)
    """The entry under the view's cursor, -1 on a heading or none."""

    def __init__(self, doc: WarbandDocument, stack: QUndoStack, remove: QAction,
                 more: QAction, fewer: QAction, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc, self.stack = doc, stack
        self._actions = (remove, more, fewer)
        self.model = RosterModel(doc, stack)
        self.groups = RosterGroups(self.model)
        self.view = view = RosterView(self.groups)
        view.setItemDelegateForColumn(COUNT, CountDelegate(view, COUNT_RANGE_ROLE))
        view.setItemDelegateForColumn(NAME, WrappedNames(view, NAME))
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                             | QAbstractItemView.EditTrigger.EditKeyPressed
                             | QAbstractItemView.EditTrigger.SelectedClicked)
        view.setAcceptDrops(True)
        view.setDragDropMode(QAbstractItemView.DragDropMode.DropOnly)
        view.setDefaultDropAction(Qt.DropAction.CopyAction)
        view.setDropIndicatorShown(True)
        view.setAlternatingRowColors(True)
        view.setWordWrap(False)
        view.setTabKeyNavigation(False)
        rh = view.header()
        rh.setStretchLastSection(False)
        rh.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        for col in (TYPE, PE, SUBTOTAL):  # fitted to the list's texts: fit_columns
            rh.setSectionResizeMode(col, QHeaderView.ResizeMode.Fixed)
        rh.setMinimumSectionSize(64)
        rh.setSectionResizeMode(COUNT, QHeaderView.ResizeMode.Fixed)
        rh.resizeSection(COUNT, 88)  # room for the spin box and its arrows
        view.addActions([remove, more, fewer])
        self.empty = QLabel()
        self.empty.setObjectName("roster-empty")
        self.empty.setWordWrap(True)
        own_style(self.empty, "color: palette(placeholder-text); padding: 4px;")
        self.remove_button = QPushButton(remove.icon(), _("Remove"))
        self.remove_button.setObjectName("remove-button")
        self.remove_button.setToolTip(remove.toolTip() + " (" + pgettext("key", "Delete") + ")")
        buttons = QHBoxLayout()
        buttons.addWidget(self.empty, 1)
        buttons.addStretch(0)
        buttons.addWidget(self.remove_button, 0, Qt.AlignmentFlag.AlignRight)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(view, 1)
        layout.addLayout(buttons)
        self.follow_game(costed=True, noun="warband")
        self.fit_columns()

        self.remove_button.clicked.connect(self.remove_selected)
        view.selectionModel().selectionChanged.connect(lambda *_: self.update_actions())
        view.selectionModel().currentRowChanged.connect(
            lambda cur, _prev: self.current_entry_changed.emit(self.groups.entry_of(cur)))
        # The columns follow the list's numbers: a few headings to measure, not every row;
        # an entry's new count reaches them through its heading's new totals.
        groups = self.groups
        for signal in (groups.modelReset, groups.rowsInserted, groups.rowsRemoved):
            signal.connect(lambda *_: self.fit_columns())
        groups.dataChanged.connect(
            lambda first, *_: self.fit_columns() if groups.is_heading(first) else None)
        rh.sectionResized.connect(lambda column, _old, _new: self.fit_rows()
                                  if column == NAME else None)

    # -- what the window tells the panel

    def follow_game(self, *, costed: bool, noun: str) -> None:
        self.empty.setText(_("The {noun} is empty. Add combatants from the catalogue: "
                             "double-click, Enter, the Add button, or drag them here.").format(
            noun=noun))
        for col in (PE, SUBTOTAL):
            self.view.setColumnHidden(col, not costed)

    def fit_columns(self) -> None:
        """What resizing to contents gave, from the groups' own figures: a group's points are
        at least any of its entries' subtotals and its dearest model is the widest cost, so
        a few headings stand for every row (measuring every row on each change is what made
        edits slow on long lists)."""
        model = self.model
        types, costs, points = set(), set(), set()
        for key, _models, total, dearest in self.groups.group_totals():
            types.add(model.type_label(key))
            costs.add(dearest if key is not None else "–")
            points.add(total)
        fit_column(self.view, TYPE, types)
        fit_column(self.view, PE, costs)
        fit_column(self.view, SUBTOTAL, points)
        self.fit_rows()

    def fit_rows(self) -> None:
        """Names on one line while they all fit their column, else wrapped onto more lines
        (issue 41 item 9: at 1024 pixels "Spearmen — Veteran, Long Spears" lost its options
        to an ellipsis)."""
        model = self.model

        def marked(row: int) -> Callable[[], bool]:  # asked of the few names near the edge
            return lambda: model.value(row, NAME, DECORATION) is not None

        wrap_when_cut(self.view, NAME, ((model.shown(r).name, marked(r))
                                        for r in range(len(self.doc.entries))))

    def height_for_rows(self, rows: int) -> int:
        """How tall the view is with its header and ``rows`` rows (the window keeps room for
        a few above the findings)."""
        view = self.view
        row = view.sizeHintForRow(0) if self.groups.rowCount() else -1
        if row <= 0:  # no row to measure yet: a line of text and the item's margins
            margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameVMargin, None, view)
            row = max(view.fontMetrics().height(), view.iconSize().height(), 16) + 2 * margin
        return view.header().sizeHint().height() + rows * row + 2 * view.frameWidth()

    def count_changed(self) -> None:
        self.empty.setVisible(not self.doc.entries)
        self.update_actions()

    def update_actions(self) -> None:
        has = bool(self.view.selectionModel().selectedRows())
        for action in self._actions:
            action.setEnabled(has)
        self.remove_button.setEnabled(has)

    # -- selection, in entries

    def selected_rows(self) -> list[int]:
        """The selected entries (indices into the document's list), ascending."""
        rows = (self.groups.entry_of(i) for i in self.view.selectionModel().selectedRows())
        return sorted(r for r in rows if r >= 0)

    def current_row(self) -> int:
        """The entry under the cursor, -1 on a heading or none."""
        return self.groups.entry_of(self.view.currentIndex())

    def select_row(self, row: int) -> None:
        """Select one entry, make it current and bring it into view."""
        if 0 <= row < len(self.doc.entries):
            self.select_rows([row])

    def select_first(self) -> None:
        """Select the entry shown first (the top of the first group)."""
        shown = self.groups.entries_in_view_order()
        if shown:
            self.select_rows(shown[:1])

    def select_rows(self, rows: Sequence[int]) -> None:
        """Select ``rows`` (a finding's combatants) and bring the first shown into view."""
        if not rows:
            return
        groups, last = self.groups, len(HEADERS) - 1
        selection = QItemSelection()
        for row in rows:
            selection.select(groups.index_of_entry(row, 0), groups.index_of_entry(row, last))
        first = min(rows, key=lambda r: (groups.index_of_entry(r).parent().row(),
                                         groups.index_of_entry(r).row()))
        model = self.view.selectionModel()
        model.setCurrentIndex(groups.index_of_entry(first),
                              QItemSelectionModel.SelectionFlag.NoUpdate)
        model.select(selection, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        self.view.scrollTo(groups.index_of_entry(first))

    # -- editing

    def add(self, combatant_id: str) -> None:
        self.select_row(add_combatant(self.doc, self.stack, combatant_id))

    def remove_selected(self) -> None:
        rows = self.selected_rows()
        if not rows:
            return
        names = [self.model.shown(r).name for r in rows]
        text = _("Remove {name}").format(name=names[0]) if len(rows) == 1 else ngettext(
            "Remove {n} entry", "Remove {n} entries", len(rows)).format(n=len(rows))
        # The entry shown next to the removed ones (below them, else above) is selected next.
        shown = self.groups.entries_in_view_order()
        gone = set(rows)
        start = min(shown.index(r) for r in rows)
        after = [r for r in shown[start:] if r not in gone]
        before = [r for r in reversed(shown[:start]) if r not in gone]
        keep = after[0] if after else before[0] if before else None
        self.stack.push(RemoveEntriesCommand(self.doc, rows, text=text))
        if keep is not None:
            self.select_row(keep - sum(1 for r in rows if r < keep))

    def step_selected(self, step: int) -> None:
        rows = self.selected_rows()
        if len(rows) != 1:
            return
        row = rows[0]
        now = self.doc.entry(row).count
        count = now + step
        name = self.model.shown(row).name
        bounds = self.model.count_range(row)
        if bounds is not None:  # a unit keeps within its size (or moves toward it)
            if not (bounds[0] <= count <= bounds[1] or (now < bounds[0] and step > 0)
                    or (now > bounds[1] and step < 0)):
                return
        elif count < 1:
            self.stack.push(RemoveEntriesCommand(self.doc, [row],
                                                 text=_("Remove {name}").format(name=name)))
            return
        if count > MAX_STEP_COUNT:
            return
        text = (_("Add {name}") if step > 0 else _("Remove one {name}")).format(name=name)
        self.stack.push(SetCountCommand(self.doc, row, count, merge=False, text=text))
        self.select_row(row)
