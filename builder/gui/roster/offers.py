"""What can be added where the roster's cursor is: a force's entries grouped by their
category, or a selection's child entries grouped by their entry group, each with its costs and
how many are chosen; a filter (Ctrl+F) and *Add* (Enter, double-click). Entries the data
hides there are never offered.

Its public face: :meth:`OffersPanel.show_container` (the force or selection to offer for),
:meth:`OffersPanel.refresh` (after an edit), :meth:`OffersPanel.current_offer`,
:meth:`OffersPanel.focus_filter`, and the signal :attr:`OffersPanel.add_requested`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QKeyEvent, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from builder.battlescribe.engine.roster import NO_CATEGORY, Force, Selection
from builder.document.roster import number
from builder.gui.roster.outline import category_name, force_name, in_roster, selection_name
from builder.gui.undokeys import OWN_UNDO
from builder.i18n import _

if TYPE_CHECKING:
    from builder.battlescribe.engine.editing import Offer
    from builder.gui.roster.document import RosterDocument

OFFER_ROLE = Qt.ItemDataRole.UserRole + 50
"""The row's :class:`~builder.battlescribe.engine.editing.Offer` (None on a heading)."""
NAME, CHOSEN, COSTS = 0, 1, 2


def costs_text(costs: dict[str, float], names: dict[str, str]) -> str:
    """"25 Gold Crowns, 5 Warband Rating": the costs that are not nothing, in the data's own
    words."""
    return ", ".join(f"{number(v)} {names.get(t, t)}" for t, v in costs.items() if v)


def first_cost(costs: dict[str, float], types: list[str]) -> str:
    """The value of the game's first cost type (its "points"), for a narrow column; "" when
    it has none (the tooltip says every cost)."""
    value = costs.get(types[0], 0.0) if types else 0.0
    return str(number(value)) if value else ""


class OffersFilter(QSortFilterProxyModel):
    """Offers whose name holds the typed text (any case); a heading stays while one of its
    offers does."""

    def __init__(self, source: QStandardItemModel) -> None:
        super().__init__()
        self.setSourceModel(source)
        self.setRecursiveFilteringEnabled(True)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(NAME)

    def filterAcceptsRow(self, row: int,  # noqa: N802 (Qt override)
                         parent: QModelIndex | QPersistentModelIndex) -> bool:
        if not parent.isValid() and self.filterRegularExpression().pattern():
            return False  # a heading shows only for an offer it holds (recursive filtering)
        return super().filterAcceptsRow(row, parent)


class OffersPanel(QWidget):
    add_requested = Signal(object)
    """An :class:`~builder.battlescribe.engine.editing.Offer` to add (Enter, double-click,
    *Add*)."""

    def __init__(self, doc: RosterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.container: Force | Selection | None = None
        self._shown: list[tuple[str, Any]] = []
        self.title = QLabel()
        self.title.setObjectName("offers-title")
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.filter = QLineEdit()
        self.filter.setObjectName("offers-filter")
        self.filter.setPlaceholderText(_("Filter by name") + "  (Ctrl+F)")
        self.filter.setClearButtonEnabled(True)
        self.filter.setProperty(OWN_UNDO, True)  # Ctrl+Z undoes the filter text, not the roster
        self.model = QStandardItemModel(0, 3)
        self.model.setHorizontalHeaderLabels([_("Entry"), "×", _("Cost")])
        self.proxy = OffersFilter(self.model)
        self.view = QTreeView()
        self.view.setObjectName("offers")
        self.view.setModel(self.proxy)
        self.view.setRootIsDecorated(False)
        self.view.setItemsExpandable(False)
        self.view.setUniformRowHeights(True)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setTabKeyNavigation(False)
        self.view.setAllColumnsShowFocus(True)
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(CHOSEN, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COSTS, QHeaderView.ResizeMode.ResizeToContents)
        self.empty = QLabel()
        self.empty.setObjectName("offers-empty")
        self.empty.setWordWrap(True)
        self.empty.setStyleSheet("color: palette(placeholder-text); padding: 4px;")
        self.add_button = QPushButton(_("Add"))
        self.add_button.setObjectName("offers-add")
        self.add_button.setToolTip(_("Add the chosen entry (Enter, or double-click it)"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.filter)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.empty)
        layout.addWidget(self.add_button)

        self.filter.textChanged.connect(self._filter_changed)
        self.filter.returnPressed.connect(self._filter_return)
        self.filter.installEventFilter(self)
        self.view.installEventFilter(self)
        self.view.doubleClicked.connect(lambda index: self._add(index))
        self.add_button.clicked.connect(lambda: self._add(self.view.currentIndex()))
        self.show_container(None)

    # -- what the editor tells the panel ---------------------------------------------------

    def show_container(self, container: Force | Selection | None) -> None:
        """Offer what ``container`` (a force or a selection) can hold."""
        self.container = container
        self._shown = []
        self.refresh()

    def refresh(self) -> None:
        """After an edit: the offers again (what is hidden, chosen, costs); the rows are made
        anew only when other offers come or go."""
        container = self.container
        if container is not None and not in_roster(container):
            container = self.container = None
        groups = self._groups(container) if container is not None else []
        self._title(container)
        wanted = [(heading, [o.id for o in offers]) for heading, offers in groups]
        if wanted != self._shown:
            current = self.current_offer()
            self._fill(groups)
            self._shown = wanted
            self._select(current.id if current is not None else None)
        else:
            self._update(groups)
        shown = sum(len(offers) for _h, offers in groups)
        self.empty.setVisible(container is not None and not shown)
        self.empty.setText(_("Nothing more can be chosen here."))
        self.add_button.setEnabled(bool(shown))

    def current_offer(self) -> Offer | None:
        found = self.view.currentIndex().siblingAtColumn(NAME).data(OFFER_ROLE)
        return found

    def focus_filter(self) -> None:
        self.filter.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter.selectAll()

    def add_current(self) -> bool:
        """Add the offer under the cursor (False: none)."""
        return self._add(self.view.currentIndex())

    # -- building the rows --------------------------------------------------------------

    def _title(self, container: Force | Selection | None) -> None:
        ev = self.doc.evaluation
        if container is None:
            self.title.setText(_("Choose a force or a selection in the roster to see what "
                                 "can be added to it."))
        elif isinstance(container, Force):
            self.title.setText(_("Add to {name}").format(name=force_name(ev, container)))
        else:
            self.title.setText(_("Add to {name}").format(name=selection_name(ev, container)))

    def _groups(self, container: Force | Selection) -> list[tuple[str, list[Offer]]]:
        """The offers not hidden there, under their headings, in the roster's order."""
        offers = [o for o in self.doc.offers(container) if not o.hidden]
        groups: dict[str, list[Offer]] = {}
        if isinstance(container, Force):
            ev = self.doc.evaluation
            order = {c.entry_id: i for i, c in enumerate(container.categories)}
            slots: dict[str, int] = {}
            for offer in offers:
                primary = ev.option(container, offer.node).primary
                category = container.category(primary) if primary is not None else None
                if category is None:
                    category = container.category(NO_CATEGORY)
                heading = category_name(category) if category is not None \
                    else _("Uncategorised")
                slots.setdefault(heading, order.get(category.entry_id, -1)
                                 if category is not None else -1)
                groups.setdefault(heading, []).append(offer)
            keys = sorted(groups, key=lambda h: slots[h])
        else:
            for offer in offers:
                groups.setdefault(offer.group or _("Options"), []).append(offer)
            keys = list(groups)
        return [(key, sorted(groups[key], key=lambda o: o.node.sort_key)) for key in keys]

    def _types(self) -> list[tuple[str, str]]:
        """The cost types the column shows: those of the game that are not hidden."""
        return [(t.id, t.name) for t in self.doc.roster.cost_types() if not t.hidden]

    @staticmethod
    def _cells(offer: Offer, types: list[str]) -> tuple[str, str, str]:
        return (offer.name, str(offer.chosen) if offer.chosen else "",
                first_cost(offer.costs, types))

    def _fill(self, groups: list[tuple[str, list[Offer]]]) -> None:
        model = self.model
        model.removeRows(0, model.rowCount())
        types = self._types()
        names = dict(types)
        # (set through the model: a header item fetched from Python would keep a wrapper of
        # an item C++ deletes with the model, see test_gui_catalogue's test of it)
        horizontal, tip_role = Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
        model.setHeaderData(COSTS, horizontal, types[0][1] if types else "", tip_role)
        model.setHeaderData(CHOSEN, horizontal, _("How many are chosen there"), tip_role)
        for heading, offers in groups:
            head = QStandardItem(heading)
            font = head.font()
            font.setBold(True)
            head.setFont(font)
            head.setSelectable(False)
            row = [head, _blank(), _blank()]
            for offer in offers:
                items = [QStandardItem(text) for text in self._cells(offer, list(names))]
                items[0].setData(offer, OFFER_ROLE)
                tip = costs_text(offer.costs, names)
                items[0].setToolTip(f"{offer.name}\n{tip}" if tip else offer.name)
                for item in items[1:]:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                head.appendRow(items)
            model.appendRow(row)
        self._span()

    def _span(self) -> None:
        """Headings across the whole width (a long category name is not cut), open."""
        for row in range(self.proxy.rowCount()):
            self.view.setFirstColumnSpanned(row, QModelIndex(), True)
        self.view.expandAll()

    def _update(self, groups: list[tuple[str, list[Offer]]]) -> None:
        """The same offers: their texts (chosen, costs) and the offers themselves anew."""
        model = self.model
        types = [t for t, _n in self._types()]
        for row, (_heading, offers) in enumerate(groups):
            head = model.item(row, 0)
            for child, offer in enumerate(offers):
                cells = self._cells(offer, types)
                for column, text in enumerate(cells):
                    item = head.child(child, column)
                    if item is not None and item.text() != text:
                        item.setText(text)
                head.child(child, 0).setData(offer, OFFER_ROLE)

    def _select(self, offer_id: str | None) -> None:
        """The cursor back on the offer it was on, else on the first offer."""
        first: QModelIndex | None = None
        for row in range(self.proxy.rowCount()):
            head = self.proxy.index(row, 0)
            for child in range(self.proxy.rowCount(head)):
                index = self.proxy.index(child, 0, head)
                if first is None:
                    first = index
                offer = index.data(OFFER_ROLE)
                if offer_id is not None and offer is not None and offer.id == offer_id:
                    self.view.setCurrentIndex(index)
                    return
        if first is not None:
            self.view.setCurrentIndex(first)

    # -- filtering and keys ----------------------------------------------------------------

    def _filter_changed(self, text: str) -> None:
        self.proxy.setFilterFixedString(text.strip())
        self._span()
        current = self.current_offer()
        self._select(current.id if current is not None else None)

    def _filter_return(self) -> None:
        """Enter in the filter adds the offer under the cursor (the first that matches)."""
        self._add(self.view.currentIndex())

    def _add(self, index: QModelIndex) -> bool:
        offer = index.siblingAtColumn(NAME).data(OFFER_ROLE) if index.isValid() else None
        if offer is None:
            return False
        self.add_requested.emit(offer)
        return True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            key = event.key()
            if watched is self.filter and key == Qt.Key.Key_Down:
                self.view.setFocus(Qt.FocusReason.OtherFocusReason)
                return True
            if watched is self.view and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) \
                    and not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
                self._add(self.view.currentIndex())
                return True
        return super().eventFilter(watched, event)


def _blank() -> QStandardItem:
    item = QStandardItem("")
    item.setSelectable(False)
    return item

