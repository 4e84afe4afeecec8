"""The roster's tree with its buttons: *Add force…*, *Duplicate*, *Remove*; a count edited in
place (F2, or a double-click on it) as the warband's roster does.

Its public face: :meth:`RosterTree.current`, :meth:`RosterTree.selected`,
:meth:`RosterTree.select`, :meth:`RosterTree.edit_count`, and the signals
:attr:`RosterTree.current_changed`, :attr:`RosterTree.add_force_requested`,
:attr:`RosterTree.duplicate_requested`, :attr:`RosterTree.remove_requested`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from builder.battlescribe.engine.roster import Category, Force, Selection
from builder.gui.panels.roster_count import CountDelegate
from builder.gui.roster.document import RosterDocument
from builder.gui.roster.outline import AMOUNT_ROLE, COUNT, NAME, OBJECT_ROLE, RosterOutline
from builder.gui.widgets import fit_column
from builder.i18n import _, pgettext


class RosterTree(QWidget):
    current_changed = Signal(object)
    """The force, category or selection under the cursor (None: nothing)."""
    add_force_requested = Signal()
    duplicate_requested = Signal()
    remove_requested = Signal()

    def __init__(self, doc: RosterDocument, stack: QUndoStack,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.model = RosterOutline(doc, stack)
        self.view = view = QTreeView()
        view.setObjectName("roster-tree")
        view.setModel(self.model)
        view.setItemDelegateForColumn(COUNT, CountDelegate(view, value_role=AMOUNT_ROLE))
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                             | QAbstractItemView.EditTrigger.EditKeyPressed
                             | QAbstractItemView.EditTrigger.SelectedClicked)
        view.setAlternatingRowColors(True)
        view.setUniformRowHeights(True)
        view.setTabKeyNavigation(False)
        view.setAllColumnsShowFocus(True)
        view.setExpandsOnDoubleClick(False)
        header = view.header()
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(48)
        self._fit_header()
        self.add_force_button = QPushButton(_("Add force…"))
        self.add_force_button.setObjectName("add-force")
        self.add_force_button.setToolTip(_("Add another force to the roster"))
        self.duplicate_button = QPushButton(_("Duplicate"))
        self.duplicate_button.setObjectName("duplicate")
        self.duplicate_button.setToolTip(_("A copy of the chosen force or selection, with "
                                           "what it holds (Ctrl+D)"))
        self.remove_button = QPushButton(_("Remove"))
        self.remove_button.setObjectName("remove")
        self.remove_button.setToolTip(_("Remove the chosen forces and selections") + " ("
                                      + pgettext("key", "Delete") + ")")
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_force_button)
        buttons.addStretch(1)
        buttons.addWidget(self.duplicate_button)
        buttons.addWidget(self.remove_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(view, 1)
        layout.addLayout(buttons)

        self.add_force_button.clicked.connect(self.add_force_requested)
        self.duplicate_button.clicked.connect(self.duplicate_requested)
        self.remove_button.clicked.connect(self.remove_requested)
        view.selectionModel().currentRowChanged.connect(
            lambda current, _previous: self.current_changed.emit(self.current()))
        view.selectionModel().selectionChanged.connect(lambda *_a: self.update_buttons())
        self.model.modelReset.connect(self._reset)
        self.model.rowsInserted.connect(self._inserted)
        self.model.headerDataChanged.connect(lambda *_a: self._fit_header())
        self.model.modelReset.connect(self._fit_header)
        self.model.followed.connect(self.fit_columns)
        view.installEventFilter(self)
        self._reset()

    # -- the cursor and the selection ---------------------------------------------------------

    def current(self) -> Force | Category | Selection | None:
        return self.view.currentIndex().siblingAtColumn(NAME).data(OBJECT_ROLE)

    def selected(self) -> list[Force | Selection]:
        """The chosen forces and selections (categories are not removed or copied)."""
        rows = self.view.selectionModel().selectedRows(NAME)
        found = [index.data(OBJECT_ROLE) for index in rows]
        return [item for item in found if isinstance(item, Force | Selection)]

    def select(self, item: Any) -> None:
        """Put the cursor on ``item`` (a force, category or selection), open what holds it
        and bring it into view."""
        index = self.model.index_of(item)
        if not index.isValid():
            return
        parent = index.parent()
        while parent.isValid():
            self.view.expand(parent)
            parent = parent.parent()
        self.view.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows)
        self.view.scrollTo(index)

    def edit_count(self) -> bool:
        """Edit the count of the selection under the cursor in place (F2)."""
        index = self.view.currentIndex().siblingAtColumn(COUNT)
        if not isinstance(index.data(OBJECT_ROLE), Selection):
            return False
        self.view.setCurrentIndex(index)
        self.view.edit(index)
        return True

    def update_buttons(self) -> None:
        chosen = self.selected()
        self.remove_button.setEnabled(bool(chosen))
        self.duplicate_button.setEnabled(len(chosen) == 1)

    # -- following the model ---------------------------------------------------------------

    def _reset(self) -> None:
        """Another roster: its forces and categories open, the first force under the
        cursor."""
        for row in range(self.model.rowCount()):
            self._open(self.model.index(row, NAME))
        first = self.model.index(0, NAME)
        if first.isValid():
            self.view.setCurrentIndex(first)
        self.update_buttons()

    def _open(self, index: QModelIndex) -> None:
        """Forces and their categories stand open; selections open when the user opens
        them."""
        item = index.data(OBJECT_ROLE)
        if isinstance(item, Force | Category):
            self.view.expand(index)
            for row in range(self.model.rowCount(index)):
                self._open(self.model.index(row, NAME, index))

    def _inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        for row in range(first, last + 1):
            self._open(self.model.index(row, NAME, parent))

    def _fit_header(self) -> None:
        header = self.view.header()
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        for column in range(1, self.model.columnCount()):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        self.fit_columns()

    def fit_columns(self) -> None:
        """The count and cost columns as wide as their texts, measured from the model's
        texts (a view asked to size to contents measures every row at each change)."""
        for column in range(1, self.model.columnCount()):
            fit_column(self.view, column, self.model.texts(column))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if watched is self.view and event.type() == QEvent.Type.KeyPress \
                and isinstance(event, QKeyEvent) and event.key() == Qt.Key.Key_F2 \
                and self.view.state() != QAbstractItemView.State.EditingState:
            return self.edit_count() or super().eventFilter(watched, event)
        return super().eventFilter(watched, event)
