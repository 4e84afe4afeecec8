"""The catalogue panel: the faction's combatants grouped by type, a filter, and *Add*.

Its public face: :meth:`set_faction`, :meth:`follow_game`, :meth:`selected_ids`,
:meth:`current_id`, :meth:`focus_filter`, and the signals :attr:`add_requested` (hire the
selection) and :attr:`combatant_selected` (the current row's combatant id).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtWidgets import QHeaderView, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from builder.gui.catalogue_model import MARKS, RANK, CatalogueFilter, CatalogueModel, marks
from builder.gui.catalogue_model import PE as COST
from builder.gui.roster_model import COMBATANT_ID_ROLE
from builder.gui.undokeys import OWN_UNDO
from builder.gui.widgets import CatalogueView, fit_column
from builder.i18n import _, ngettext
from builder.model import Faction
from builder.model.system import System


class CataloguePanel(QWidget):
    add_requested = Signal()
    combatant_selected = Signal(str)

    def __init__(self, add_action: QAction, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel()
        self.title.setObjectName("catalogue-title")
        self.title.setWordWrap(True)
        self.filter = QLineEdit()
        self.filter.setObjectName("catalogue-filter")
        self.filter.setPlaceholderText(_("Filter by name") + "  (Ctrl+F)")
        self.filter.setClearButtonEnabled(True)
        self.filter.setProperty(OWN_UNDO, True)  # Ctrl+Z undoes the filter text, not the list
        self.model = CatalogueModel()
        self.proxy = CatalogueFilter(self.model)
        self.view = CatalogueView()
        self.view.setModel(self.proxy)
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in (1, 2, 3):  # fitted to the faction's texts: see _fit_columns
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Fixed)
        self.add_button = QPushButton(add_action.icon(),
                                      _("Add to {noun}").format(noun=_("warband")))
        self.add_button.setObjectName("add-button")
        self.add_button.setToolTip(add_action.toolTip())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.filter)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.add_button)

        self.filter.textChanged.connect(self._filter_changed)
        self.filter.returnPressed.connect(self._filter_return)
        self.filter.installEventFilter(self)
        self.view.add_requested.connect(lambda _i: self.add_requested.emit())
        self.view.selectionModel().currentChanged.connect(
            lambda cur, _prev: self._current_changed(cur))
        self.add_button.clicked.connect(self.add_requested)

    # -- what the window tells the panel

    def set_faction(self, faction: Faction | None, faction_id: str) -> None:
        """Show ``faction``'s combatants; None: no data for the list's ``faction_id``."""
        self.model.set_faction(faction)
        self._expand_groups()
        # Columns no combatant fills (the rulebook's Soimi have no rank) only take room.
        members = faction.combatants if faction else []
        self.view.setColumnHidden(RANK, not any(c.rank for c in members))
        self.view.setColumnHidden(MARKS, not any(marks(c) for c in members))
        self._fit_columns(faction)
        if faction is None:
            self.title.setText("<b>" + _("No data for faction “{faction}”").format(
                faction=faction_id) + "</b><br>" + _("Its entries are kept and reported."))
            self.title.setToolTip("")
        else:
            n = len(faction.combatants)
            self.title.setText(f"<b>{faction.name}</b> — "
                               + ngettext("{n} combatant", "{n} combatants", n).format(n=n))
            self.title.setToolTip(faction.source or "")

    def follow_game(self, game: System | None, noun: str) -> None:
        self.add_button.setText(_("Add to {noun}").format(noun=noun))
        self.view.setColumnHidden(COST, not (game is None or game.cost is not None))

    def focus_filter(self) -> None:
        self.filter.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter.selectAll()

    # -- what the window asks the panel

    def selected_ids(self) -> list[str]:
        """The selected combatants' ids, else the current row's."""
        ids = [cid for index in self.view.selectionModel().selectedRows(0)
               if (cid := index.data(COMBATANT_ID_ROLE))]
        if not ids and (cid := self.current_id()):
            ids.append(cid)
        return ids

    def current_id(self) -> str | None:
        index = self.view.currentIndex()
        return index.siblingAtColumn(0).data(COMBATANT_ID_ROLE) if index.isValid() else None

    # -- inside

    def _fit_columns(self, faction: Faction | None) -> None:
        members = faction.combatants if faction is not None else []
        fit_column(self.view, COST, {faction.cost(c) for c in members} if faction else ())
        fit_column(self.view, RANK, {faction.game.rank_label(c.rank) for c in members}
                   if faction else ())
        fit_column(self.view, MARKS, {marks(c) for c in members})

    def _current_changed(self, index: QModelIndex) -> None:
        cid = index.siblingAtColumn(0).data(COMBATANT_ID_ROLE) if index.isValid() else None
        if cid:
            self.combatant_selected.emit(cid)

    def _filter_changed(self, text: str) -> None:
        self.proxy.setFilterFixedString(text.strip())
        self._expand_groups()
        first = self.first_match()
        if text.strip() and first.isValid():
            self.view.setCurrentIndex(first)

    def _expand_groups(self) -> None:
        """Every type group open; only the groups are looked at (expandAll() re-laid out
        every row of the tree on each keystroke in the filter)."""
        view, proxy = self.view, self.proxy
        for g in range(proxy.rowCount()):
            group = proxy.index(g, 0)
            if not view.isExpanded(group):
                view.expand(group)

    def first_match(self) -> QModelIndex:
        proxy = self.proxy
        for g in range(proxy.rowCount()):
            group = proxy.index(g, 0)
            if proxy.rowCount(group):
                return proxy.index(0, 0, group)
        return QModelIndex()

    def _filter_return(self) -> None:
        """Enter in the filter box hires the highlighted (or first) match."""
        current = self.view.currentIndex()
        if not (current.isValid() and current.parent().isValid()):
            current = self.first_match()
            if not current.isValid():
                return
            self.view.setCurrentIndex(current)
        self.add_requested.emit()

    def eventFilter(self, watched: object, event: object) -> bool:  # noqa: N802
        """Down in the filter box moves into the catalogue, as in a search field."""
        if (watched is self.filter and isinstance(event, QKeyEvent)
                and event.type() == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_Down):
            self.view.setFocus()
            if not self.view.currentIndex().isValid():
                self.view.setCurrentIndex(self.first_match())
            return True
        return super().eventFilter(watched, event)  # type: ignore[arg-type]
